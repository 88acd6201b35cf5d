"""Dominion's lobby options as a typed model (see engine/core/options.py)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.core.errors import InvalidSetup
from engine.core.options import GameOptions

Mode = Literal["always", "ask"]
CardSet = Literal["base", "adventures"]


def is_random_kingdom(kingdom: str | list[str] | None) -> bool:
    return kingdom is None or (isinstance(kingdom, str) and kingdom.strip().casefold() in ("", "random"))


class DominionOptions(GameOptions):
    kingdom: str | list[str] | None = Field(
        None,
        description="A recommended kingdom's name, random, or 10 cards (and any Events) separated by commas",
        json_schema_extra={"autocomplete": True},
    )
    # One mode for the table, or (as a started match stores it) one per seat.
    reactions: Mode | list[Mode] | None = Field(
        None,
        description="Moat and Caravan Guard in hand: used at once (nobody waits), or asked each time",
        json_schema_extra={"choices": ["always", "ask"]},
    )
    sets: list[CardSet] | None = Field(
        None,
        description="The card sets a random kingdom draws from",
        json_schema_extra={"choices": ["base", "adventures", "base,adventures"]},
    )
    max_events: int | None = Field(
        None, ge=0, le=20, description="With Adventures: the most Events a random kingdom draws (the rulebook says 2)"
    )
    errata: bool | None = Field(None, description="Adventures cards with the later official errata")
    events: str | list[str] | None = Field(
        None, description="Events by name, or random", json_schema_extra={"command": False}
    )

    def check(self) -> None:
        """What only makes sense together: sets and Events shape random kingdoms only, and
        Events come from Adventures."""
        random = is_random_kingdom(self.kingdom)
        for option in ("sets", "max_events"):
            if getattr(self, option) is not None and not random:
                raise InvalidSetup("error.dominion.random_only", option=option)
        if self.max_events is not None and "adventures" not in (self.sets or ()):
            raise InvalidSetup("error.dominion.events_need_adventures", option="max_events", sets="sets")
