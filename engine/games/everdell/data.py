"""Card, location and event data: loaded once from YAML, validated by pydantic."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

DATA = Path(__file__).parent / "data"

RESOURCES: tuple[str, ...] = ("twig", "resin", "pebble", "berry")
COLORS: tuple[str, ...] = ("traveler", "production", "destination", "governance", "prosperity")
Color = Literal["traveler", "production", "destination", "governance", "prosperity"]
Cost = tuple[int, int, int, int]  # twig, resin, pebble, berry


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Card(_Frozen):
    id: str
    en: str
    pt: str
    pt_source: Literal["edition", "ours"]
    kind: Literal["critter", "construction"]
    color: Color
    unique: bool
    cost: dict[Literal["twig", "resin", "pebble", "berry"], int]
    points: int
    count: int = Field(ge=1)
    host: str | None = None  # critters: the construction that hosts it for free
    hosts: tuple[str, ...] = ()  # constructions: the critters it hosts
    hosts_any: bool = False
    host_color: Color | None = None  # critters: sits free on any construction of this colour
    hosts_color: Color | None = None  # constructions: hosts any critter of this colour
    pairs_with: str | None = None  # Husband/Wife share one city space
    space: int = Field(default=1, ge=0, le=1)
    spots: int = 0  # worker spots on the card
    second_spot_needs: str | None = None
    permanent_workers: bool = False
    open: bool = False  # opponents may visit it, paying the owner a point token
    pay_to_opponent: bool = False
    text_en: str = ""
    text_pt: str = ""

    @property
    def cost_t(self) -> Cost:
        c = self.cost
        return (c.get("twig", 0), c.get("resin", 0), c.get("pebble", 0), c.get("berry", 0))

    @property
    def critter(self) -> bool:
        return self.kind == "critter"

    @property
    def construction(self) -> bool:
        return self.kind == "construction"

    def name(self, locale: str) -> str:
        return self.pt if locale.lower().startswith("pt") else self.en


class Reward(_Frozen):
    twig: int = 0
    resin: int = 0
    pebble: int = 0
    berry: int = 0
    card: int = 0
    point: int = 0
    any: int = 0

    @property
    def resources(self) -> Cost:
        return (self.twig, self.resin, self.pebble, self.berry)


class Location(_Frozen):
    id: str
    en: str
    pt: str
    exclusive: bool = True
    reward: Reward = Reward()
    special: Literal["discard_draw_two", "discard_gain_any", "copy_basic", "meadow_two"] | None = None


class Haven(_Frozen):
    id: str
    en: str
    pt: str


class JourneySpace(_Frozen):
    id: str
    points: int
    exclusive: bool


class Board(_Frozen):
    basic: tuple[Location, ...]
    forest: tuple[Location, ...]
    haven: Haven
    journey: tuple[JourneySpace, ...]


class BasicEvent(_Frozen):
    id: str
    en: str
    pt: str
    pt_source: Literal["edition", "ours"] = "ours"
    color: Color
    need: int
    points: int


class SpecialEvent(_Frozen):
    id: str
    en: str
    pt: str
    pt_source: Literal["edition", "ours"] = "ours"
    requires: tuple[str, ...]
    each_color: int = 0
    points: int
    text_en: str = ""


class Events(_Frozen):
    basic: tuple[BasicEvent, ...]
    special: tuple[SpecialEvent, ...]


class CardSet(_Frozen):
    cards: tuple[Card, ...]

    @model_validator(mode="after")
    def _links(self) -> CardSet:
        ids = {c.id for c in self.cards}
        for c in self.cards:
            for ref in (c.host, c.pairs_with, c.second_spot_needs, *c.hosts):
                if ref is not None and ref not in ids:
                    raise ValueError(f"{c.id} names unknown card {ref}")
        return self


def _load(name: str) -> Any:
    return yaml.safe_load((DATA / name).read_text(encoding="utf-8"))


@cache
def cards() -> dict[str, Card]:
    data = CardSet.model_validate(_load("cards.yaml"))
    out = {c.id: c for c in data.cards}
    if len(out) != len(data.cards):
        raise ValueError("duplicate card id")
    return out


@cache
def costs() -> dict[str, Cost]:
    return {c.id: c.cost_t for c in cards().values()}


@cache
def board() -> Board:
    return Board.model_validate(_load("locations.yaml"))


@cache
def events() -> Events:
    data = Events.model_validate(_load("events.yaml"))
    known = cards()
    for ev in data.special:
        for ref in ev.requires:
            if ref not in known:
                raise ValueError(f"event {ev.id} needs unknown card {ref}")
    return data


@cache
def locations() -> dict[str, Location]:
    b = board()
    return {loc.id: loc for loc in (*b.basic, *b.forest)}


@cache
def basic_events() -> dict[str, BasicEvent]:
    return {e.id: e for e in events().basic}


@cache
def special_events() -> dict[str, SpecialEvent]:
    return {e.id: e for e in events().special}


def full_deck() -> list[str]:
    """The 128 cards, in data order (the match RNG shuffles them)."""
    return [c.id for c in cards().values() for _ in range(c.count)]


def lookup(name: str) -> Card | None:
    key = name.strip().casefold()
    for card in cards().values():
        if key in (card.id, card.en.casefold(), card.pt.casefold()):
            return card
    return None
