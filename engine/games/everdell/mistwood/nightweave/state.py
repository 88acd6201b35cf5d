"""Nightweave's own pieces: hand, city, lair, workers, Activity deck and point tokens."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.games.everdell.mistwood.activity import SEASONS, Season

CITY_LIMIT = 15
CORRIN = "corrin_"  # id prefix of the Corrin Evertail cards
WORKERS_BY_SEASON = (2, 1, 2, 3)  # at setup, then when she prepares for spring, summer, autumn


@dataclass(slots=True)
class CityCard:
    uid: int
    card: str


@dataclass(slots=True)
class NightweaveState:
    difficulty: int
    icon_points: int  # what the difficulty icon is worth (the scoring card's "= N")
    hand: list[str] = field(default_factory=list)  # hidden; always shuffled after additions
    city: list[Any] = field(default_factory=list)  # entries carry `uid` and `card`
    visits: dict[int, int] = field(default_factory=dict)  # her spiders on her own Destinations, by uid
    lair: list[str] = field(default_factory=list)  # Critter/Construction Achievements
    events: list[str] = field(default_factory=list)  # achieved Events (Achievements)
    pending_events: list[str] = field(default_factory=list)  # her spider still on them
    special_events: set[str] = field(default_factory=set)  # which achieved ones are Special
    tokens: int = 0
    workers: int = WORKERS_BY_SEASON[0]
    placed: list[str] = field(default_factory=list)  # where her spiders stand
    meadow_slot: int | None = None
    season: int = 0
    deck: list[str] = field(default_factory=list)  # Activity deck, top card first
    played: list[str] = field(default_factory=list)  # flipped this season
    piles: dict[str, list[str]] = field(default_factory=dict)  # later seasons, waiting face up
    current: str | None = None
    special_this_season: bool = False
    journey: int = 0
    finished: bool = False
    next_uid: int = 1
    log: list[dict[str, Any]] = field(default_factory=list)  # public record of what she did
    # A host game supplies its own city entries (sharing uids with the rest of the board).
    new_card: Callable[[str], Any] | None = None
    # Cards a module keeps out of her city limit (the Plan Clutching: Open Destinations).
    exempt: Callable[[str], bool] | None = None
    # Cards that take no space in her city and are played even into a full one (Legendaries).
    no_space: frozenset[str] = frozenset()

    @property
    def season_name(self) -> Season:
        return SEASONS[self.season]

    @property
    def available(self) -> int:
        return self.workers - len(self.placed)

    def city_full(self) -> bool:
        if self.exempt is None and not self.no_space:
            return len(self.city) >= CITY_LIMIT
        exempt = self.exempt
        counted = sum(
            1 for c in self.city if c.card not in self.no_space and (exempt is None or not exempt(c.card))
        )
        return counted >= CITY_LIMIT

    def add_city(self, card: str, as_given: bool = False) -> bool:
        """Put a card in her city. A Corrin Evertail card (Mistwood) goes to her lair as an
        Achievement instead (False) unless `as_given` (her Achievements joining her city at the
        end, a described position)."""
        if card.startswith(CORRIN) and not as_given:
            self.lair.append(card)
            return False
        if self.new_card is not None:
            self.city.append(self.new_card(card))
            return True
        self.city.append(CityCard(self.next_uid, card))
        self.next_uid += 1
        return True

    def note(self, kind: str, **data: Any) -> None:
        self.log.append({"kind": kind, **data})
