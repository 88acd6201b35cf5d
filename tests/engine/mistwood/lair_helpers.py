"""Matches against Nightweave, from the real setup or from a described position."""

from __future__ import annotations

from typing import Any

from engine.core.events import Event
from engine.core.match import Match
from engine.core.seats import SeatSpec
from engine.games.everdell.mistwood.lair.game import NightweaveGame

MEADOW = ["farm", "mine", "inn", "wanderer", "queen", "judge", "fool", "chapel"]


def seats(humans: int = 1) -> list[SeatSpec]:
    return [SeatSpec("human", f"p{i}") for i in range(humans)] + [SeatSpec("automa", "Nightweave")]


def options(level: int = 2, **extra: Any) -> dict[str, Any]:
    return {"opponent": "nightweave", "nightweave_level": level, **extra}


def new_match(humans: int = 1, seed: int = 1, **extra: Any) -> Match:
    return Match("everdell", seats(humans), options(**extra), seed)


def from_position(position: dict[str, Any], humans: int = 1, seed: int = 1, **extra: Any) -> Match:
    return Match.from_position("everdell", seats(humans), options(**extra), seed, position)


def game(match: Match) -> NightweaveGame:
    g = match.game
    assert isinstance(g, NightweaveGame)
    return g


def her(events: list[Event]) -> list[tuple[str, dict[str, Any]]]:
    return [(e.kind[3:], e.data) for e in events if e.kind.startswith("nw_")]


def position(
    activity: list[str],
    hand: list[str] | None = None,
    meadow: list[str] | None = None,
    **lair: Any,
) -> dict[str, Any]:
    """One human with `hand`; the Meadow given; Nightweave flips `activity` (top first)."""
    return {
        "meadow": list(meadow or MEADOW),
        "specials": ["tax_relief", "performer_in_residence", "under_new_management", "a_brilliant_marketing_plan"],
        "players": [{"hand": list(hand or ["farm", "mine", "wanderer", "husband", "wife"])}],
        "nightweave": {"activity": activity, **lair},
    }


def ids(match: Match, seat: int = 0) -> list[str]:
    prompt = match.prompt_for(seat)
    assert prompt is not None
    return [o.id for o in prompt.options]
