"""What Nightweave needs from the Everdell game around her, and the shape of her requests."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Choice:
    """A decision the rulebook gives to a human ("your choice"); the answer is one of `options`."""

    seat: int
    key: str
    options: tuple[str, ...]


Flow = Generator[Choice, str, T]


@dataclass(frozen=True, slots=True)
class BasicEventInfo:
    id: str
    color: str
    need: int


@dataclass(frozen=True, slots=True)
class SpecialEventInfo:
    id: str
    requires: tuple[str, ...]


class Rng(Protocol):
    def d8(self) -> int: ...
    def shuffle(self, items: list[Any]) -> None: ...
    def randrange(self, n: int) -> int: ...


class Table(Protocol):
    """The base game as Nightweave sees it. Card ids are the base game's."""

    # card facts
    def card_points(self, card: str) -> int: ...
    def card_color(self, card: str) -> str: ...
    def card_kind(self, card: str) -> str: ...  # "critter" | "construction"
    def card_spots(self, card: str) -> int: ...  # worker spots printed on a Destination, else 0
    def card_open(self, card: str) -> bool: ...  # an Open Destination
    def workers_on(self, uid: int) -> int: ...  # workers of anyone on a city card's spots, as far as seen

    # deck and Meadow (slot 0 is the d8's 1, top-left; slots run row by row)
    def draw(self) -> str | None: ...
    def discard(self, card: str) -> None: ...
    def meadow(self) -> list[str | None]: ...
    def take_meadow(self, slot: int) -> str | None: ...
    def refill_meadow(self, keep_empty: int | None) -> None: ...

    # board locations: ids as in the base game's data
    def forest_ids(
        self,
    ) -> list[str]: ...  # in play, in board order top-left, top-right, bottom-left, bottom-right
    def location_taken(
        self, loc: str
    ) -> bool: ...  # an exclusive Basic/Forest/Journey spot with a worker on it
    def occupy(self, loc: str) -> None: ...  # her spider goes there (board spot or Event)
    def release_all(self) -> None: ...  # every spider of hers leaves the board and human cities

    # events, in board order left to right
    def basic_events_open(self) -> list[BasicEventInfo]: ...
    def special_events_open(self) -> list[SpecialEventInfo]: ...

    # the humans, in turn order after her: the first sits on her left, the last on her right
    def humans(self) -> list[int]: ...
    def open_spots(self, seat: int) -> list[tuple[int, str]]: ...  # (uid, card) Open Destinations with room
    def visit_open(self, seat: int, uid: int) -> None: ...  # her spider on it; its owner scores as usual
    def city_full(self, seat: int) -> bool: ...
    def city_has(self, seat: int, card: str) -> bool: ...
    def put_in_city(self, seat: int, card: str) -> None: ...  # the Fool she hands over
