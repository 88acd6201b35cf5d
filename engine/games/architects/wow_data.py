"""Works of Wonder component values: our own file (`data/works_of_wonder.yaml`, marked `ours`
where the rulebook prints nothing; the new cards' values in `data/wow_buildings.yaml` and
`data/wow_apprentices.yaml`) or a server's printed values uploaded in their place.

A server's file names only the sections it replaces; every section it leaves out keeps ours, and
`WowData.server_sections` says which came from the server (the lobby shows the rest as ours)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from pydantic_core import PydanticCustomError

from engine.core.datasets import REPLACES_OURS, DataSet
from engine.games.architects.data import DATA, GOODS, Apprentice, Building, apprentices, buildings
from engine.games.architects.state import ORDINARY

OPTION = "wonders_data"  # the match option carrying a server's file
GAINS = frozenset({*GOODS, "silver", "virtue", "influence", "card", "reward"})
LOSSES = frozenset({"debt", "influence", "virtue"})
Resource = Literal["clay", "wood", "stone", "gold", "marble"]
Skill = Literal["carpentry", "tiling", "masonry"]
# The sections of the file, in the order the lobby names them; a server's file may give any of them.
SECTIONS = (
    "influence",
    "wonders",
    "wonder_virtue",
    "marker_locations",
    "contributions",
    "rewards",
    "boards",
    "buildings",
    "apprentices",
)
# Sections whose values the rulebook does not print (all or some of them are ours).
OURS_SECTIONS = ("wonders", "contributions", "rewards", "buildings", "apprentices")
MAX_COPIES = 4


def _problem(code: str, **ctx: Any) -> PydanticCustomError:
    """A refusal the bot can word in the reader's language (code -> message key)."""
    return PydanticCustomError(code, code + " {ctx}", {"ctx": ctx, **ctx})


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def _check_gain(gain: Mapping[str, int], where: str) -> None:
    bad = sorted(set(gain) - GAINS)
    if bad or any(v <= 0 for v in gain.values()):
        raise _problem("bad_gain", where=where, allowed=", ".join(sorted(GAINS)))


class Wonder(_Frozen):
    id: str
    resource: Resource
    name: str
    name_pt: str
    influence: int = Field(ge=0, le=12)
    tax: int = Field(ge=0)
    amount: int = Field(ge=0)
    vp: int
    source: str


class Contribution(_Frozen):
    id: str
    source: str
    contribute: dict[Resource, dict[str, int]]
    profiteer: dict[str, int]
    princess: tuple[dict[str, int], ...] = Field(min_length=1, max_length=2)
    profiteer_at: str
    princess_at: str

    @model_validator(mode="after")
    def _valid(self) -> Contribution:
        if set(self.contribute) != set(GOODS):
            raise _problem("one_per_resource", where=self.id)
        for res, gain in self.contribute.items():
            _check_gain(gain, f"{self.id}.contribute.{res}")
        for gain in self.princess:
            _check_gain(gain, f"{self.id}.princess")
        if set(self.profiteer) - LOSSES:
            raise _problem("bad_consequence", where=self.id)
        for loc in (self.profiteer_at, self.princess_at):
            if loc not in ORDINARY:
                raise _problem("not_a_location", where=self.id, value=loc)
        if self.profiteer_at == self.princess_at:
            raise _problem("figures_apart", where=self.id)
        return self


class WowReward(_Frozen):
    id: str
    copies: int = Field(ge=1)
    gain: dict[str, int]


class PlayerBoard(_Frozen):
    id: str
    name: str
    prisoners: int = Field(ge=0, le=19)
    silver: int = Field(ge=0)
    virtue: int = Field(ge=0, le=14)
    influence: int = Field(ge=0, le=12)
    debts: int = Field(ge=0)
    resources: dict[str, int]
    extra_cards: int = Field(ge=0)
    ability: Literal[
        "princess_worker", "profiteer_silver", "virtue_loss_clay", "louis", "apprentice_marble", "zesiro"
    ]


class InfluenceTrack(_Frozen):
    max: int = Field(ge=1)
    card_at: tuple[int, ...]
    most_bonus_gold: int = Field(ge=0)


class BuildingValues(_Frozen):
    """A new Building's values as printed: what a server's file gives for one card."""

    cost: dict[Resource, int]
    vp: int = Field(ge=-10, le=30)
    skills: tuple[Skill, ...] = Field(max_length=3)
    virtue: int = Field(ge=-5, le=5)
    copies: int = Field(ge=0, le=MAX_COPIES)
    amount: int | None = Field(None, ge=1, le=20)

    @model_validator(mode="after")
    def _valid(self) -> BuildingValues:
        if any(v < 0 for v in self.cost.values()) or not any(self.cost.values()):
            raise _problem("bad_cost", where="cost")
        if len(set(self.skills)) != len(self.skills):
            raise _problem("repeated_skill", where="skills")
        return self


class ApprenticeValues(_Frozen):
    """A new Apprentice's values as printed: skills, Virtue, copies and the amounts of its ability."""

    skills: tuple[Skill, ...] = Field(min_length=1, max_length=3)
    virtue: int = Field(ge=-5, le=5)
    copies: int = Field(ge=0, le=MAX_COPIES)
    gain: dict[str, int] | None = None
    pay: dict[str, int] | None = None
    location: str | None = None
    resource: Resource | None = None

    @model_validator(mode="after")
    def _valid(self) -> ApprenticeValues:
        if len(set(self.skills)) != len(self.skills):
            raise _problem("repeated_skill", where="skills")
        for name, amounts in (("gain", self.gain), ("pay", self.pay)):
            if amounts is not None:
                _check_gain(amounts, name)
        if self.location is not None and self.location not in ORDINARY:
            raise _problem("not_a_location", where="location", value=self.location)
        return self

    def params(self) -> dict[str, object]:
        out: dict[str, object] = {}
        for name in ("gain", "pay", "location", "resource"):
            value = getattr(self, name)
            if value is not None:
                out[name] = dict(value) if isinstance(value, dict) else value
        return out


def _wow_buildings() -> dict[str, Building]:
    return {k: b for k, b in buildings().items() if b.set == "wow"}


def _wow_apprentices() -> dict[str, Apprentice]:
    return {k: a for k, a in apprentices().items() if a.set == "wow"}


class WowData(_Frozen):
    source: str
    version: int
    influence: InfluenceTrack
    wonders: tuple[Wonder, ...] = Field(min_length=5, max_length=5)
    wonder_virtue: int
    marker_locations: tuple[str, ...]
    contributions: tuple[Contribution, ...] = Field(min_length=2)
    rewards: tuple[WowReward, ...]
    boards: tuple[PlayerBoard, ...]
    # a server's printed values for any of the 24 new Buildings and Apprentices (by id); the
    # cards it leaves out keep ours from `wow_buildings.yaml` / `wow_apprentices.yaml`
    buildings: dict[str, BuildingValues] = Field(default_factory=dict)
    apprentices: dict[str, ApprenticeValues] = Field(default_factory=dict)
    # the sections a server's file gave (set by `parse`, never read from a file): the rest is ours
    server_sections: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _cards(self) -> WowData:
        ours_b, ours_a = _wow_buildings(), _wow_apprentices()
        for card_id, values in self.buildings.items():
            card = ours_b.get(card_id)
            if card is None:
                raise _problem("unknown_card", where=f"buildings.{card_id}", value=card_id)
            if (values.amount is None) != (card.amount is None):
                raise _problem(
                    "amount_needed" if card.amount is not None else "amount_unused",
                    where=f"buildings.{card_id}",
                )
        for card_id, app_values in self.apprentices.items():
            app = ours_a.get(card_id)
            if app is None:
                raise _problem("unknown_card", where=f"apprentices.{card_id}", value=card_id)
            if set(app_values.params()) != set(app.params):
                raise _problem(
                    "ability_fields",
                    where=f"apprentices.{card_id}",
                    value=", ".join(sorted(app.params)) or "-",
                )
        return self

    @model_validator(mode="after")
    def _valid(self) -> WowData:
        if sorted(w.resource for w in self.wonders) != sorted(GOODS):
            raise _problem("one_wonder_per_resource", where="wonders")
        if len(set(self.marker_locations)) < len(self.wonders) or set(self.marker_locations) - set(ORDINARY):
            raise _problem("marker_locations", where="marker_locations")
        for rw in self.rewards:
            _check_gain(rw.gain, f"rewards.{rw.id}.gain")
        for kind, ids in (
            ("contributions", [c.id for c in self.contributions]),
            ("rewards", [r.id for r in self.rewards]),
        ):
            if len(set(ids)) != len(ids):
                raise _problem("repeated_id", where=kind)
        return self

    def wonder(self, wonder_id: str) -> Wonder:
        return next(w for w in self.wonders if w.id == wonder_id)

    def contribution(self, card_id: str) -> Contribution:
        return next(c for c in self.contributions if c.id == card_id)

    def board(self, board_id: str) -> PlayerBoard | None:
        return next((b for b in self.boards if b.id == board_id), None)

    def ours(self, section: str) -> bool:
        """Does this game play `section` with our values (not a server's)?"""
        return section not in self.server_sections

    def building_table(self) -> dict[str, Building]:
        """Every Building of the process with this data's values for the new ones."""
        table = buildings()
        if not self.buildings:
            return table
        out = dict(table)
        for card_id, v in self.buildings.items():
            out[card_id] = table[card_id].model_copy(
                update={
                    "cost": dict(v.cost),
                    "vp": v.vp,
                    "skills": tuple(v.skills),
                    "virtue": v.virtue,
                    "copies": v.copies,
                    "amount": v.amount,
                    "values": "printed",
                }
            )
        return out

    def apprentice_table(self) -> dict[str, Apprentice]:
        """Every Apprentice of the process with this data's values for the new ones."""
        table = apprentices()
        if not self.apprentices:
            return table
        out = dict(table)
        for card_id, v in self.apprentices.items():
            out[card_id] = table[card_id].model_copy(
                update={
                    "skills": tuple(v.skills),
                    "virtue": v.virtue,
                    "copies": v.copies,
                    "params": v.params(),
                    "values": "printed",
                }
            )
        return out


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _load(text: str) -> Any:
    return yaml.load(text, Loader=_LOADER)  # noqa: S506 - a safe loader


@lru_cache(maxsize=1)
def _ours_raw() -> dict[str, Any]:
    raw: dict[str, Any] = _load((DATA / "works_of_wonder.yaml").read_text(encoding="utf-8"))
    return raw


class DataProblem(ValueError):
    """A server's file that cannot be used: every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(p.english() for p in problems))
        self.problems = problems


def _merged(raw: Any) -> dict[str, Any]:
    """A server's sections over ours; refused when it is no mapping of known sections."""
    if not isinstance(raw, dict):
        raise DataProblem([Problem("", "not_a_mapping")])
    unknown = sorted(str(k) for k in raw if k not in SECTIONS and k not in ("source", "version"))
    if unknown:
        raise DataProblem([Problem(k, "unknown_section", {"allowed": ", ".join(SECTIONS)}) for k in unknown])
    given = tuple(k for k in SECTIONS if k in raw)
    if not given:
        raise DataProblem([Problem("", "no_section", {"allowed": ", ".join(SECTIONS)})])
    merged = {**_ours_raw(), **raw, "server_sections": given}
    merged.setdefault("source", "server")
    return merged


def parse(text: str) -> WowData:
    return WowData.model_validate(_merged(_load(text)))


@lru_cache(maxsize=8)
def from_text(text: str | None) -> WowData:
    """The game's values: a server's file when a lobby carried one, else ours."""
    if text is None:
        return ours()
    return parse(text)


@lru_cache(maxsize=1)
def ours() -> WowData:
    return WowData.model_validate(_ours_raw())


@dataclass(frozen=True)
class Problem:
    """One problem of an uploaded file: where (a dotted path of the file's fields), what (a code
    the bot words as `architects.data.problem.<code>`), and its details."""

    where: str
    code: str
    params: dict[str, str] = field(default_factory=dict)

    def english(self) -> str:
        details = ", ".join(f"{k}={v}" for k, v in sorted(self.params.items()))
        head = f"{self.where}: " if self.where else ""
        return f"{head}{self.code}" + (f" ({details})" if details else "")


# pydantic's error types worded by the bot; any other type is a generic "bad value"
_PYDANTIC_CODES = {
    "missing": "missing",
    "extra_forbidden": "unknown_field",
    "int_type": "not_a_number",
    "int_parsing": "not_a_number",
    "int_from_float": "not_a_number",
    "greater_than_equal": "too_small",
    "less_than_equal": "too_large",
    "too_short": "too_few",
    "too_long": "too_many",
    "literal_error": "not_one_of",
    "string_type": "not_text",
    "dict_type": "not_a_mapping",
    "tuple_type": "not_a_list",
    "list_type": "not_a_list",
}


def _from_pydantic(error: Any) -> Problem:
    loc = [str(x) for x in error["loc"] if not str(x).startswith("function-") and str(x) != "[key]"]
    ctx = {k: str(v) for k, v in (error.get("ctx") or {}).items() if k != "ctx"}
    code = str(error["type"])
    if code in _PYDANTIC_CODES:
        code = _PYDANTIC_CODES[code]
        params = {k: ctx[k] for k in ("ge", "le", "min_length", "max_length", "expected") if k in ctx}
    elif code in _CUSTOM_CODES:
        where = ctx.pop("where", "")
        loc = [*loc, where] if where else loc
        params = ctx
    else:
        code, params = "bad_value", {}
    return Problem(".".join(loc), code, params)


_CUSTOM_CODES = frozenset(
    {
        "bad_gain",
        "one_per_resource",
        "bad_consequence",
        "not_a_location",
        "figures_apart",
        "one_wonder_per_resource",
        "marker_locations",
        "repeated_id",
        "bad_cost",
        "repeated_skill",
        "unknown_card",
        "amount_needed",
        "amount_unused",
        "ability_fields",
    }
)
MAX_PROBLEMS = 20


def problems(text: str) -> list[Problem]:
    """Every problem of an uploaded file, each naming the field (empty: usable); never raises."""
    try:
        parse(text)
    except yaml.YAMLError:
        return [Problem("", "not_yaml")]
    except DataProblem as exc:
        return exc.problems[:MAX_PROBLEMS]
    except ValidationError as exc:
        return [_from_pydantic(e) for e in exc.errors()][:MAX_PROBLEMS]
    except (TypeError, AttributeError, ValueError, RecursionError):
        return [Problem("", "unreadable")]
    return []


def check(text: str) -> list[str]:
    """Every problem of an uploaded file in plain English (empty: usable); never raises."""
    return [p.english() for p in problems(text)]


def applies(options: Mapping[str, Any]) -> bool:
    """Works of Wonder games, the solo ones included (an AI opponent implies the expansion)."""
    return bool(options.get("works_of_wonder")) or bool(options.get("opponent"))


DATA_SETS = (DataSet("wonders", OPTION, check, applies, REPLACES_OURS),)
