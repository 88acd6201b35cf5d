"""Card and board data, loaded from `data/*.yaml` and validated once per process."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

DATA = Path(__file__).parent / "data"

# Resources in a fixed order: option ids and payment vectors use it.
GOODS = ("clay", "wood", "stone", "gold", "marble")
SKILLS = ("carpentry", "tiling", "masonry")
Set = Literal["base", "promo", "wow"]  # wow: Works of Wonder
PtSource = Literal["rulebook", "ours"]


class Named(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    name_pt: str
    pt_source: PtSource
    text: str  # what it does, in our own words
    text_pt: str

    def label(self, locale: str) -> str:
        return self.name_pt if locale.lower().startswith("pt") else self.name


class Apprentice(Named):
    set: Set
    values: Literal["printed", "ours"] = "printed"  # ours: amounts of our design (icons lost)
    skills: tuple[str, ...]
    virtue: int
    ability: str
    params: dict[str, object] = Field(default_factory=dict)
    copies: int = 1  # cards of this id in the game (a server's printed data may change ours)

    @property
    def gain(self) -> dict[str, int]:
        return dict(self.params.get("gain", {}))  # type: ignore[call-overload]

    @property
    def pay(self) -> dict[str, int]:
        return dict(self.params.get("pay", {}))  # type: ignore[call-overload]

    @property
    def location(self) -> str | None:
        loc = self.params.get("location")
        return str(loc) if loc is not None else None


class Building(Named):
    set: Set
    values: Literal["printed", "ours"] = "printed"  # ours: amounts of our design (icons lost)
    vp: int
    cost: dict[str, int]
    skills: tuple[str, ...]
    virtue: int
    timing: Literal["immediate", "end_vp", "end_virtue"]
    # the number its effect names (2 in "gain 2 Influence"), where the effect has one
    amount: int | None = None
    copies: int = 1  # cards of this id in the game (a server's printed data may change ours)


class Architect(Named):
    set: Set
    pair: str | None
    silver: int
    virtue: int
    prisoners: int
    extra_cards: int
    debts: int
    resources: dict[str, int]
    ability: str


class Location(Named):
    capturable: bool


class VirtueLevel(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    level: int
    vp: int
    tax_off: int


class Flex(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    amount: int
    of: tuple[str, ...]


class CathedralLevel(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    level: int
    spaces: int
    vp: int
    cost: dict[str, int] = Field(default_factory=dict)
    flex: Flex | None = None


class Reward(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str
    copies: int
    gain: dict[str, int]


class MarketCard(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: int
    small: dict[str, int]
    large: dict[str, int]


class MarketData(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    silver: tuple[int, int, int]
    empty_small: dict[str, int]
    empty_large: dict[str, int]
    cards: tuple[MarketCard, ...]


class Term(BaseModel):
    """A good, a skill or a game term: a name to show."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str
    name: str
    name_pt: str
    pt_source: PtSource

    def label(self, locale: str) -> str:
        return self.name_pt if locale.lower().startswith("pt") else self.name


class Board(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    locations: tuple[Location, ...]
    virtue: tuple[VirtueLevel, ...]
    cathedral_min_virtue: int
    black_market_max_virtue: int
    cathedral: tuple[CathedralLevel, ...]
    rewards: tuple[Reward, ...]
    black_market: MarketData
    terms: tuple[Term, ...]


# the C loader when PyYAML was built with it: the same data, read several times faster
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _load(name: str) -> dict[str, object]:
    with open(DATA / f"{name}.yaml", encoding="utf-8") as fh:
        data: dict[str, object] = yaml.load(fh, Loader=_LOADER)  # noqa: S506 - a safe loader
    return data


@cache
def apprentices() -> dict[str, Apprentice]:
    raw = _load("apprentices")["apprentices"] + _load("wow_apprentices")["apprentices"]  # type: ignore[operator]
    table = {a.id: a for a in (Apprentice.model_validate(x) for x in raw)}  # type: ignore[attr-defined]
    assert len(table) == len(raw), "an Apprentice id is used twice"
    return table


@cache
def buildings() -> dict[str, Building]:
    raw = _load("buildings")["buildings"] + _load("wow_buildings")["buildings"]  # type: ignore[operator]
    table = {b.id: b for b in (Building.model_validate(x) for x in raw)}  # type: ignore[attr-defined]
    assert len(table) == len(raw), "a Building id is used twice"
    return table


@cache
def architects() -> dict[str, Architect]:
    raw = _load("architects")["architects"]
    return {a.id: a for a in (Architect.model_validate(x) for x in raw)}  # type: ignore[attr-defined]


@cache
def board() -> Board:
    return Board.model_validate(_load("board"))


def name_of(item_id: str, locale: str) -> str | None:
    """English or Portuguese name of any apprentice, building, architect, location, good or skill."""
    for table in (apprentices(), buildings(), architects()):
        item = table.get(item_id)
        if item is not None:
            return item.label(locale)
    for loc in board().locations:
        if loc.id == item_id:
            return loc.label(locale)
    for term in board().terms:
        if term.id == item_id:
            return term.label(locale)
    from engine.games.architects.wow_data import ours  # Works of Wonder: our names

    pt = locale.lower().startswith("pt")
    for w in ours().wonders:
        if w.id == item_id:
            return w.name_pt if pt else w.name
    board_ = ours().board(item_id)
    if board_ is not None:
        return board_.name
    from engine.games.architects.ai.data import ours as ai_ours  # the solo AI: our names

    names = {p.id: (p.name, p.name_pt) for p in ai_ours().plots}
    if item_id in names:
        return names[item_id][1 if pt else 0]
    return None
