"""Card data: loaded once from YAML, validated by pydantic."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

DATA = Path(__file__).parent / "data"


class Card(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name_pt: str
    pt_source: Literal["rulebook", "edition", "ours"]
    cost: int = Field(ge=0)
    types: tuple[str, ...]
    kind: Literal["basic", "kingdom", "upgrade", "event"] = "kingdom"  # upgrade: non-Supply Traveller pile
    set: str = "base"  # which box the card comes from; random kingdoms draw only from chosen sets
    coins: int = 0  # Treasure value, or +$ when played as an Action
    vp: int = 0
    draw: int = 0
    actions: int = 0
    buys: int = 0
    victory_pile: bool = False
    pile_size: int | None = None  # overrides the usual 10 (Port has 12)
    exchange: str | None = None  # Traveller: the card it may be exchanged for when discarded from play
    limit: Literal["turn", "game"] | None = None  # Events bought at most once per turn / per game
    text_en: str = ""
    text_pt: str = ""
    errata_en: str = ""  # the later official wording, played with options["errata"]
    errata_pt: str = ""

    @property
    def is_action(self) -> bool:
        return "Action" in self.types

    @property
    def is_treasure(self) -> bool:
        return "Treasure" in self.types

    @property
    def is_victory(self) -> bool:
        return "Victory" in self.types

    @property
    def is_attack(self) -> bool:
        return "Attack" in self.types

    def name(self, locale: str) -> str:
        return self.name_pt if locale.lower().startswith("pt") else self.id


class Kingdom(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    name_pt: str
    cards: tuple[str, ...]
    events: tuple[str, ...] = ()


class CardSet(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    cards: tuple[Card, ...]
    kingdoms: tuple[Kingdom, ...] = ()


@cache
def catalogue() -> tuple[dict[str, Card], dict[str, Kingdom]]:
    cards: dict[str, Card] = {}
    kingdoms: dict[str, Kingdom] = {}
    for path in sorted(DATA.glob("*.yaml")):
        data = CardSet.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
        for card in data.cards:
            if card.id in cards:
                raise ValueError(f"card {card.id} defined twice")
            cards[card.id] = card
        for kingdom in data.kingdoms:
            kingdoms[kingdom.name] = kingdom
    for kingdom in kingdoms.values():
        for name in kingdom.cards + kingdom.events:
            if name not in cards:
                raise ValueError(f"kingdom {kingdom.name} names unknown card {name}")
    return cards, kingdoms


def cards() -> dict[str, Card]:
    return catalogue()[0]


def kingdoms() -> dict[str, Kingdom]:
    return catalogue()[1]


def kingdom_cards() -> list[str]:
    return [c.id for c in cards().values() if c.kind == "kingdom"]


@cache
def _names() -> dict[str, Card]:
    """casefolded English and Portuguese names -> card; the first card with a name wins."""
    index: dict[str, Card] = {}
    for card in cards().values():
        for key in (card.id.casefold(), card.name_pt.casefold()):
            index.setdefault(key, card)
    return index


def lookup(name: str) -> Card | None:
    """Find a card by English or Portuguese name, ignoring case and accents of spacing."""
    return _names().get(name.strip().casefold())
