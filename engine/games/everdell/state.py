"""Mutable match state: players, their cities, workers and claimed events."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.games.everdell.data import RESOURCES

SEASONS: tuple[str, ...] = ("winter", "spring", "summer", "autumn")
NEW_WORKERS: tuple[int, ...] = (2, 1, 1, 2)  # workers at setup, then per Prepare for Season
HAND_LIMIT = 8
CITY_LIMIT = 15


def empty_res() -> dict[str, int]:
    return {r: 0 for r in RESOURCES}


@dataclass(slots=True)
class CityCard:
    """One card in a city. `uid` is unique within the match, so prompts can name this copy."""

    uid: int
    card: str
    occupied: bool = False  # its Occupied token was used to host a critter for free
    tokens: int = 0  # point tokens lying on it (Clock Tower, Chapel)
    stored: dict[str, int] = field(default_factory=empty_res)  # Storehouse
    prisoners: list[str] = field(default_factory=list)  # Dungeon


@dataclass(slots=True)
class Placement:
    loc: str  # location key: a board location id, "event:<id>" or "card:<uid>"
    permanent: bool = False  # Cemetery / Monastery workers never come back


@dataclass(slots=True)
class EventClaim:
    owner: int
    bonus: int = 0  # points the event earned when claimed (stored twigs, berries, cards...)
    stored: dict[str, int] = field(default_factory=empty_res)
    beneath: list[str] = field(default_factory=list)  # cards kept under the event


@dataclass(slots=True)
class Player:
    seat: int
    hand: list[str] = field(default_factory=list)
    city: list[CityCard] = field(default_factory=list)
    res: dict[str, int] = field(default_factory=empty_res)
    tokens: int = 0
    workers: int = 2
    placed: list[Placement] = field(default_factory=list)
    season: int = 0
    passed: bool = False
    events: list[str] = field(default_factory=list)
    journey: int = 0
    turns: int = 0
    rugwort: bool = False

    @property
    def available(self) -> int:
        return self.workers - len(self.placed)

    def count(self, card: str) -> int:
        return sum(1 for c in self.city if c.card == card)

    def has(self, card: str) -> bool:
        return any(c.card == card for c in self.city)

    def find(self, uid: int) -> CityCard | None:
        for c in self.city:
            if c.uid == uid:
                return c
        return None

    def resource_total(self) -> int:
        return sum(self.res.values())
