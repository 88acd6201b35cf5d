"""Shared helpers for the solo Automa and Shadow Empire tests."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, cast

from engine.core.events import Event
from engine.core.match import Match
from engine.core.seats import SeatSpec
from engine.games.tapestry.automa.game import AutomaGame


def solo(level: int = 2, seed: int = 0, position: dict[str, Any] | None = None, **options: Any) -> Match:
    """A solo match; with a position, setup is skipped (the person: capital 2, start hex 2/4)."""
    opts: dict[str, Any] = {"opponent": "automa", "automa_level": level, **options}
    if level == 6:
        opts.setdefault("automa_second_civ", "engineers")
    seats = [SeatSpec("bot", "H", "random")]
    if position is None:
        return Match("tapestry", seats, opts, seed)
    return Match.from_position("tapestry", seats, opts, seed, {"skip_setup": True, **position})


def duo(seed: int = 0, position: dict[str, Any] | None = None) -> Match:
    seats = [SeatSpec("bot", "A", "random"), SeatSpec("bot", "B", "random")]
    if position is None:
        return Match("tapestry", seats, {"opponent": "shadow"}, seed)
    return Match.from_position(
        "tapestry", seats, {"opponent": "shadow"}, seed, {"skip_setup": True, **position}
    )


def game(match: Match) -> AutomaGame:
    return cast(AutomaGame, match.game)


def run(gen: Generator[Any, Any, Any]) -> Any:
    """Run a bot procedure that must not ask anybody anything; returns its value."""
    try:
        asked = next(gen)
    except StopIteration as stop:
        return stop.value
    raise AssertionError(f"the procedure asked: {asked}")


def kinds(events: list[Event], prefix: str = "automa_") -> list[Event]:
    return [e for e in events if e.kind.startswith(prefix)]


def taken(g: AutomaGame) -> list[Event]:
    """The events the game emitted since the last call."""
    return g.take_events()
