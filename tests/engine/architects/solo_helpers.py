"""Solo games against the AI, set up for scenarios: the AI's flows run without a person."""

from __future__ import annotations

from typing import Any, cast

from engine.core.events import Event
from engine.core.flow import Flow
from engine.core.match import Match
from engine.core.seats import SeatSpec
from engine.games.architects.ai.game import AI, HUMAN, SoloGame
from engine.games.architects.state import ORDINARY, Player


def solo(ai: str = "executor", seed: int = 1, **options: Any) -> SoloGame:
    """A solo game just set up (the person's first prompt open), its events taken."""
    match = Match("architects", [SeatSpec("bot", "P", "heuristic")], {"opponent": ai, **options}, seed)
    g = cast(SoloGame, match.game)
    g.take_events()
    g.players[HUMAN].influence = 0  # no Influence to spare a Virtue loss with: no prompts
    return g


def run(flow: Flow) -> Any:
    """Drive a flow that must not ask anyone anything."""
    try:
        prompt = next(flow)
    except StopIteration as stop:
        return stop.value
    raise AssertionError(f"unexpected prompt {prompt}")


def turn(g: SoloGame, *plots: str) -> list[Event]:
    """The AI's turn with these Plot cards on top of its deck (the first revealed first)."""
    g.plot_deck = [p for p in g.plot_deck if p not in plots] + list(reversed(plots))
    g.plot_discard = [p for p in g.plot_discard if p not in plots]
    g.current = AI
    run(g.turn(AI))
    return g.take_events()


def kinds(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [e.data for e in events if e.kind == kind]


def third_seat(g: SoloGame) -> int:
    """A second person's seat (the AI with more than one person, rulebook p.12)."""
    seat = g.n
    g.n += 1
    for p in g.players:
        p.captives.append(0)
    g.players.append(Player(seat=seat, players=g.n))
    for loc in ORDINARY:
        g.at[loc].append(0)
    g.prison.append(0)
    g.credit.append(0)
    return seat
