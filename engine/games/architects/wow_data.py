"""Works of Wonder component values: our own file (`data/works_of_wonder.yaml`, marked `ours`
where the rulebook prints nothing) or a server's printed values uploaded in its place."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from engine.core.datasets import REPLACES_OURS, DataSet
from engine.games.architects.data import DATA, GOODS
from engine.games.architects.state import ORDINARY

OPTION = "wonders_data"  # the match option carrying a server's file
GAINS = frozenset({*GOODS, "silver", "virtue", "influence", "card", "reward"})
LOSSES = frozenset({"debt", "influence", "virtue"})
Resource = Literal["clay", "wood", "stone", "gold", "marble"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def _check_gain(gain: Mapping[str, int], where: str) -> None:
    bad = sorted(set(gain) - GAINS)
    if bad or any(v <= 0 for v in gain.values()):
        raise ValueError(f"{where}: gains are positive amounts of {sorted(GAINS)}")


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
            raise ValueError(f"{self.id}: one reward per resource")
        for res, gain in self.contribute.items():
            _check_gain(gain, f"{self.id} {res}")
        for gain in self.princess:
            _check_gain(gain, f"{self.id} princess")
        if set(self.profiteer) - LOSSES:
            raise ValueError(f"{self.id}: the Profiteer's consequence is debt, influence or virtue")
        for loc in (self.profiteer_at, self.princess_at):
            if loc not in ORDINARY:
                raise ValueError(f"{self.id}: {loc} is not a board location")
        if self.profiteer_at == self.princess_at:
            raise ValueError(f"{self.id}: the Princess and the Profiteer stand apart")
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

    @model_validator(mode="after")
    def _valid(self) -> WowData:
        if sorted(w.resource for w in self.wonders) != sorted(GOODS):
            raise ValueError("one Wonder per resource")
        if len(self.marker_locations) < len(self.wonders) or set(self.marker_locations) - set(ORDINARY):
            raise ValueError("every Wonder marker needs a board location of its own")
        for rw in self.rewards:
            _check_gain(rw.gain, rw.id)
        return self

    def wonder(self, wonder_id: str) -> Wonder:
        return next(w for w in self.wonders if w.id == wonder_id)

    def contribution(self, card_id: str) -> Contribution:
        return next(c for c in self.contributions if c.id == card_id)

    def board(self, board_id: str) -> PlayerBoard | None:
        return next((b for b in self.boards if b.id == board_id), None)


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse(text: str) -> WowData:
    raw = yaml.load(text, Loader=_LOADER)  # noqa: S506 - a safe loader
    return WowData.model_validate(raw)


@lru_cache(maxsize=8)
def from_text(text: str | None) -> WowData:
    """The game's values: a server's file when a lobby carried one, else ours."""
    if text is None:
        return ours()
    return parse(text)


@lru_cache(maxsize=1)
def ours() -> WowData:
    return parse((DATA / "works_of_wonder.yaml").read_text(encoding="utf-8"))


def check(text: str) -> list[str]:
    """Every problem of an uploaded file (empty: usable); never raises."""
    try:
        parse(text)
    except yaml.YAMLError as exc:
        return [f"not YAML: {type(exc).__name__}"]
    except ValidationError as exc:
        return [f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in exc.errors()][:20]
    except (TypeError, AttributeError, ValueError) as exc:
        return [f"the file could not be read: {type(exc).__name__}"]
    return []


def applies(options: Mapping[str, Any]) -> bool:
    """Works of Wonder games, the solo ones included (an AI opponent implies the expansion)."""
    return bool(options.get("works_of_wonder")) or bool(options.get("opponent"))


DATA_SETS = (DataSet("wonders", OPTION, check, applies, REPLACES_OURS),)
