"""Events: what an accepted answer (or the game itself) made happen.

`to` is None for public events; otherwise the event is visible to that seat only. Public events
never name a hidden card: a draw is public as a count, private as a list of cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    kind: str  # message key suffix, e.g. "play", "buy", "gain", "draw"
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    to: int | None = None  # None: public

    @property
    def public(self) -> bool:
        return self.to is None

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and self.to == seat)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "data": self.data, "to": self.to}
