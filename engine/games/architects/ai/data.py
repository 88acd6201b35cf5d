"""The solo AI's component values: our file (`data/ai_opponents.yaml`, every entry marked
`ours` or `rulebook`) or a server's printed values uploaded in its place (option `ai_data`).

`parse` validates everything the AI turn relies on, so an uploaded file either plays or is
refused with a list of readable problems (`check`)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from engine.core.datasets import REPLACES_OURS, DataSet
from engine.games.architects.data import DATA, GOODS
from engine.games.architects.state import ORDINARY

OPTION = "ai_data"  # the match option carrying a server's file
KIND = "ai"
OPPONENTS = ("aristocrat", "executor", "illusionist", "peddler", "meddler", "benefactor")
POWERS = {
    "aristocrat": "wonder_discount",
    "executor": "imprison_marble",
    "illusionist": "market_no_virtue",
    "peddler": "reset_income",
    "meddler": "capture_after_build",
    "benefactor": "storehouse_influence",
}
# The Focus location of each AI (rulebook §5.13); `princess` is wherever the Princess stands.
FOCUS_AT = {
    "aristocrat": "princess",
    "executor": "town_centre",
    "illusionist": "black_market",
    "peddler": "silversmith",
    "meddler": "workshop",
    "benefactor": "kings_storehouse",
}
FIGURES = ("princess", "profiteer")
LOCATIONS = frozenset({*ORDINARY, "black_market", "guildhall", *FIGURES, "focus"})
# Effects with an amount, and the effects bound to one location (None: anywhere).
COUNTED = frozenset({"future", "take_tax", "silver", "marble", "virtue", "influence", "market"})
BOUND: dict[str, frozenset[str]] = {
    "wonder": frozenset({"guildhall"}),
    "cathedral": frozenset({"guildhall"}),
    "contribute": frozenset({"princess"}),
    "capture": frozenset({"town_centre"}),
    "guardhouse": frozenset({"guardhouse"}),
    "tax_stand": frozenset({"tax_stand"}),
    "market": frozenset({"black_market"}),
    "storehouse": frozenset({"kings_storehouse"}),
    "silver_w": frozenset(ORDINARY) | frozenset(FIGURES),
    "gold_w": frozenset(ORDINARY) | frozenset(FIGURES),
}
PLAIN = frozenset({"imprison", "remove_apprentices", "next"})
EFFECTS = frozenset(COUNTED | set(BOUND) | PLAIN)
# Conditions of §5.5 and the thresholds a card may print (None: no threshold).
CONDITIONS: dict[str, tuple[int, ...] | None] = {
    "opponent_group": (3, 4),
    "can_wonder_or_cathedral": None,
    "cathedral_low_virtue": (9,),
    "low_influence": (5,),
    "cathedral_no_future": None,
    "tax_at_least": (4, 8),
    "has_captives": None,
    "prison_at_least": (2,),
    "princess_majority": None,
}
GUARD_TOP = frozenset({"release", "imprison", "rescue"})
GUARD_TAIL = ("pay_debt", "future")  # rulebook: the last two, repeatable; Debts before action 5
DISPLAY_SLOTS = 10
EXPECTED_PLOTS = 22  # 24 printed, minus the 2 Age of Artisans cards (Tomesaga's card apart)


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Effect(_Frozen):
    name: str
    n: int = 1

    def __str__(self) -> str:
        return self.name if self.name not in COUNTED else f"{self.name}:{self.n}"


def parse_option(text: str) -> tuple[Effect, ...]:
    """`"remove_apprentices+future:1"` -> its effects, in order."""
    out = []
    for raw in str(text).split("+"):
        name, _, amount = raw.strip().partition(":")
        if name not in EFFECTS:
            raise ValueError(f"unknown effect {name!r}")
        if name in COUNTED:
            if not amount.isdigit() or int(amount) < (0 if name == "market" else 1):
                raise ValueError(f"{name} needs an amount ({name}:N)")
            n = int(amount)
            if name == "market" and n > 2:
                raise ValueError("the Black Market has spaces 0, 1 and 2")
        elif amount:
            raise ValueError(f"{name} takes no amount")
        else:
            n = 1
        out.append(Effect(name=name, n=n))
    return tuple(out)


class Part(_Frozen):
    location: str
    options: tuple[tuple[Effect, ...], ...] = ()

    @field_validator("options", mode="before")
    @classmethod
    def _parse(cls, value: Any) -> Any:
        if not isinstance(value, list | tuple):
            raise ValueError("options is a list")
        return tuple(parse_option(v) if isinstance(v, str) else v for v in value)

    @model_validator(mode="after")
    def _valid(self) -> Part:
        if self.location not in LOCATIONS:
            raise ValueError(f"{self.location} is not a location")
        if self.location == "focus":
            if self.options:
                raise ValueError("a Focus part takes the AI board's options")
            return self
        if not self.options:
            raise ValueError(f"{self.location}: at least one option")
        for option in self.options:
            for effect in option:
                allowed = BOUND.get(effect.name)
                if allowed is not None and self.location not in allowed:
                    raise ValueError(f"{effect} cannot be done at {self.location}")
        return self


class Condition(_Frozen):
    kind: str
    value: int | None = None

    @model_validator(mode="after")
    def _valid(self) -> Condition:
        if self.kind == "guildhall_stack":
            raise ValueError(
                "guildhall_stack needs Age of Artisans (not offered): leave its 2 Plot cards out"
            )
        if self.kind not in CONDITIONS:
            raise ValueError(f"unknown condition {self.kind!r} (one of {sorted(CONDITIONS)})")
        values = CONDITIONS[self.kind]
        if values is None and self.value is not None:
            raise ValueError(f"{self.kind} takes no value")
        if values is not None and self.value not in values:
            raise ValueError(f"{self.kind} prints one of {list(values)}")
        return self


class Plot(_Frozen):
    id: str
    name: str
    name_pt: str
    deck: Literal["initial", "future"]
    source: str
    upper: Part
    condition: Condition | None = None
    lower: Part | None = None

    @model_validator(mode="after")
    def _valid(self) -> Plot:
        if (self.condition is None) != (self.lower is None):
            raise ValueError(f"{self.id}: a condition goes with a lower location, and only then")
        return self

    @property
    def parts(self) -> tuple[Part, ...]:
        return (self.upper,) if self.lower is None else (self.upper, self.lower)


class TrackSpace(_Frozen):
    resource: Literal["clay", "wood", "stone", "gold", "marble"]
    remove: tuple[int, int]

    @field_validator("remove")
    @classmethod
    def _slots(cls, value: tuple[int, int]) -> tuple[int, int]:
        if len(set(value)) != 2 or any(not 1 <= v <= DISPLAY_SLOTS for v in value):
            raise ValueError(f"two different display positions 1-{DISPLAY_SLOTS}")
        return value


class Opponent(_Frozen):
    id: str
    name: str
    name_pt: str
    source: str
    virtue: int = Field(ge=0, le=14)
    influence: int = Field(ge=0, le=12)
    track: tuple[TrackSpace, ...] = Field(min_length=5, max_length=8)
    guardhouse: tuple[str, ...]
    priority: tuple[str, ...]
    focus: Part
    power: str

    @model_validator(mode="after")
    def _valid(self) -> Opponent:
        if self.id not in OPPONENTS:
            raise ValueError(f"{self.id}: the AI opponents are {list(OPPONENTS)}")
        if self.power != POWERS[self.id]:
            raise ValueError(f"{self.id}: its Power is {POWERS[self.id]}")
        if self.focus.location != FOCUS_AT[self.id]:
            raise ValueError(f"{self.id}: its Focus is at {FOCUS_AT[self.id]}")
        spaces = [s.resource for s in self.track]
        if spaces[0] != "clay" or spaces.count("wood") != 1 or set(spaces) != set(GOODS):
            raise ValueError(f"{self.id}: the track starts with Clay, has one Wood and every resource")
        if (
            len(self.guardhouse) != 5
            or set(self.guardhouse[:3]) != GUARD_TOP
            or self.guardhouse[3:] != GUARD_TAIL
        ):
            raise ValueError(
                f"{self.id}: the Guardhouse list is release/imprison/rescue in some order, then pay_debt, future"
            )
        if sorted(self.priority) != sorted(ORDINARY):
            raise ValueError(f"{self.id}: the priority list orders every capturable location once")
        return self


class AiData(_Frozen):
    source: str
    version: int
    plots: tuple[Plot, ...]
    opponents: tuple[Opponent, ...]

    @model_validator(mode="after")
    def _valid(self) -> AiData:
        ids = [p.id for p in self.plots]
        if len(set(ids)) != len(ids):
            raise ValueError("Plot card ids are unique")
        if not any(p.deck == "initial" for p in self.plots) or not any(
            p.deck == "future" for p in self.plots
        ):
            raise ValueError("both Plot decks need cards")
        if sorted(o.id for o in self.opponents) != sorted(OPPONENTS):
            raise ValueError(f"one entry per AI opponent: {list(OPPONENTS)}")
        return self

    def plot(self, plot_id: str) -> Plot:
        return next(p for p in self.plots if p.id == plot_id)

    def opponent(self, ai: str) -> Opponent:
        return next(o for o in self.opponents if o.id == ai)


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse(text: str) -> AiData:
    raw = yaml.load(text, Loader=_LOADER)  # noqa: S506 - a safe loader
    return AiData.model_validate(raw)


@lru_cache(maxsize=8)
def from_text(text: str | None) -> AiData:
    """The game's values: a server's file when a lobby carried one, else ours."""
    return ours() if text is None else parse(text)


@lru_cache(maxsize=1)
def ours() -> AiData:
    return parse((DATA / "ai_opponents.yaml").read_text(encoding="utf-8"))


def check(text: str) -> list[str]:
    """Every problem of an uploaded file (empty: usable); never raises."""
    try:
        parse(text)
    except yaml.YAMLError as exc:
        return [f"not YAML: {type(exc).__name__}"]
    except ValidationError as exc:
        return [f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in exc.errors()][:20]
    except (TypeError, AttributeError, ValueError, RecursionError) as exc:
        return [f"the file could not be read: {type(exc).__name__}"]
    return []


def applies(options: Mapping[str, Any]) -> bool:
    return options.get("opponent") in OPPONENTS


DATA_SETS = (DataSet(KIND, OPTION, check, applies, REPLACES_OURS),)


def opponent_name(ai: str, locale: str) -> str:
    """An AI opponent's name (ours, in both languages); its id when unknown."""
    for o in ours().opponents:
        if o.id == ai:
            return o.name_pt if locale.lower().startswith("pt") else o.name
    return ai
