"""Named decks for the physical table: shuffle, draw, peek, return, reshuffle.

A deck is plain data (draw pile top first, discard pile) driven by a seeded RNG, so the bot can
store it and rebuild it; every operation is deterministic given the RNG state.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.core.errors import EngineError

MAX_CARDS = 500
MAX_NAME = 100


class DeckError(EngineError):
    """A deck request that cannot be met; `key` names the localized reason."""


@dataclass(slots=True)
class Deck:
    name: str
    draw_pile: list[str] = field(default_factory=list)  # index 0 is the top
    discard: list[str] = field(default_factory=list)

    @classmethod
    def create(cls, name: str, cards: list[str], rng: random.Random) -> Deck:
        name = name.strip()
        if not name or len(name) > MAX_NAME:
            raise DeckError("error.deck.bad_name", max=MAX_NAME)
        cards = [c.strip() for c in cards if c.strip()]
        if not cards:
            raise DeckError("error.deck.empty_list")
        if len(cards) > MAX_CARDS:
            raise DeckError("error.deck.too_many_cards", max=MAX_CARDS, count=len(cards))
        if any(len(c) > MAX_NAME for c in cards):
            raise DeckError("error.deck.card_name_too_long", max=MAX_NAME)
        deck = cls(name, list(cards))
        rng.shuffle(deck.draw_pile)
        return deck

    def draw(self, count: int = 1) -> list[str]:
        if count < 1 or count > MAX_CARDS:
            raise DeckError("error.deck.bad_count", max=MAX_CARDS)
        if count > len(self.draw_pile):
            raise DeckError("error.deck.not_enough", left=len(self.draw_pile), count=count)
        drawn, self.draw_pile = self.draw_pile[:count], self.draw_pile[count:]
        self.discard.extend(drawn)
        return drawn

    def peek(self, count: int = 1) -> list[str]:
        if count < 1 or count > MAX_CARDS:
            raise DeckError("error.deck.bad_count", max=MAX_CARDS)
        return self.draw_pile[:count]

    def reshuffle(self, rng: random.Random) -> None:
        """Shuffle the discards back into the draw pile."""
        self.draw_pile.extend(self.discard)
        self.discard.clear()
        rng.shuffle(self.draw_pile)

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "draw_pile": list(self.draw_pile), "discard": list(self.discard)}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Deck:
        return cls(str(data["name"]), list(data["draw_pile"]), list(data["discard"]))  # type: ignore[call-overload]
