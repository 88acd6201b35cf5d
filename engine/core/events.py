"""Events: what an accepted answer (or the game itself) made happen.

`to` is None for public events; otherwise the event is visible to that seat only. Public events
never name a hidden card: a draw is public as a count, private as a list of cards.
"""

from __future__ import annotations

from typing import Any


class Event:
    """A plain slots class rather than a frozen dataclass: games emit several per decision, and a
    frozen dataclass pays an `object.__setattr__` per field. Treat instances as immutable."""

    __slots__ = ("kind", "seat", "data", "to")

    def __init__(
        self, kind: str, seat: int | None = None, data: dict[str, Any] | None = None, to: int | None = None
    ) -> None:
        self.kind = kind  # message key suffix, e.g. "play", "buy", "gain", "draw"
        self.seat = seat
        self.data: dict[str, Any] = {} if data is None else data
        self.to = to  # None: public

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.seat, self.data, self.to) == (other.kind, other.seat, other.data, other.to)

    __hash__ = None  # type: ignore[assignment]  # data is a dict: events are not hashable

    def __repr__(self) -> str:
        return f"Event(kind={self.kind!r}, seat={self.seat!r}, data={self.data!r}, to={self.to!r})"

    @property
    def public(self) -> bool:
        return self.to is None

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and self.to == seat)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "data": self.data, "to": self.to}


# Words in an event kind that suggest hidden information or chance. A game that does not list its
# revealing kinds (GameDefinition.revealing_events) is judged by these, erring towards caution.
REVEALING_WORDS = ("draw", "drew", "shuffle", "reveal", "look", "roll", "dice", "flip", "deal", "random")


def sounds_revealing(kind: str) -> bool:
    lowered = kind.lower()
    return any(word in lowered for word in REVEALING_WORDS)
