"""Mutable match state: players, their cities, workers and claimed events."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.families.everdell.seasons import CITY_LIMIT as CITY_LIMIT
from engine.families.everdell.seasons import HAND_LIMIT as HAND_LIMIT
from engine.families.everdell.seasons import SEASONS as SEASONS
from engine.games.everdell.data import RESOURCES

NEW_WORKERS: tuple[int, ...] = (2, 1, 1, 2)  # workers at setup, then per Prepare for Season
FARM = "farm"
SPECIAL_FARM = "farm_"  # id prefix of the Through Every Season Farms


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
class HeldWorker:
    """A worker an opponent's card keeps from its owner (see `setaside.py`)."""

    by: int  # the seat holding it
    why: str  # the card that took it
    loc: str | None = None  # where it stands when it is on the board (it occupies that spot)
    until_prepare: bool = True  # comes home at its owner's next Prepare for Season


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
    # Set aside by an opponent's card (never in a base game, see `setaside.py`): hand cards turned
    # face down (they take hand space only), city cards turned face down (they take city space
    # only) and workers held away from their owner.
    hand_down: list[str] = field(default_factory=list)
    city_down: list[CityCard] = field(default_factory=list)
    held: list[HeldWorker] = field(default_factory=list)
    # Mistwood player powers (the `player_powers` option, see `player_powers.py`)
    power: str | None = None
    hand_limit: int = HAND_LIMIT
    # More Legends (the `legends` option, see `legends.py`): Legendary cards held beside the hand,
    # and the ribbon cards the played ones count as
    legends: list[str] = field(default_factory=list)
    ribbons: list[str] = field(default_factory=list)

    @property
    def available(self) -> int:
        return self.workers - len(self.placed) - len(self.held)

    @property
    def hand_size(self) -> int:
        """Cards taking hand space (the hand limit counts face-down ones too)."""
        return len(self.hand) + len(self.hand_down)

    # Plain loops: these run for every card checked against the Unique rule and city space, and
    # a generator inside sum()/any() costs several times more per city card.
    def count(self, card: str) -> int:
        if card == FARM:  # the special Farms (`farms.py`) are Farms too
            farms = sum(1 for c in self.city if c.card == FARM or c.card.startswith(SPECIAL_FARM))
            return farms + self.ribbons.count(FARM)  # a Legendary counts as its ribbon card
        n = 0
        for c in self.city:
            if c.card == card:
                n += 1
        if self.ribbons:  # a Legendary counts as its ribbon card
            n += self.ribbons.count(card)
        return n

    def has(self, card: str) -> bool:
        if card == FARM:
            return self.count(FARM) > 0
        for c in self.city:  # noqa: SIM110 - the loop is the point (see above)
            if c.card == card:
                return True
        return bool(self.ribbons) and card in self.ribbons

    def count_all(self, card: str) -> int:
        """Copies in the city, face-down ones included (for city space and the Unique rule)."""
        return self.count(card) + sum(1 for c in self.city_down if c.card == card)

    def find(self, uid: int) -> CityCard | None:
        for c in self.city:
            if c.uid == uid:
                return c
        return None

    def resource_total(self) -> int:
        return sum(self.res.values())
