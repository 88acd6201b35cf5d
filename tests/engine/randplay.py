"""Random legal play for property, replay and hidden-information tests."""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any, cast

from engine.core.events import Event
from engine.core.match import Match
from engine.core.seats import SeatSpec
from engine.games.dominion.bots import RandomBot
from engine.games.dominion.cards import cards
from engine.games.dominion.game import DominionGame
from engine.games.dominion.scenario import ADAPTER

MAX_ANSWERS = 20_000  # far above any random game seen; reaching it is a failure

StepHook = Callable[[Match, int, list[Event]], None]  # (match, seat that answered, events)


BASE_KINGDOM = sorted(c.id for c in cards().values() if c.kind == "kingdom" and c.set == "base")


def game_setup(seed: int) -> tuple[int, list[str]]:
    """Player count and kingdom for a seed, spread over 2-6 players and all 26 cards."""
    rng = random.Random(seed * 2_654_435_761 % 2**32)
    return rng.randint(2, 6), rng.sample(BASE_KINGDOM, 10)


def new_match(seed: int, players: int, kingdom: list[str], reactions: str = "always") -> Match:
    seats = [SeatSpec("bot", f"B{i}", "random") for i in range(players)]
    return Match("dominion", seats, {"kingdom": kingdom, "reactions": reactions}, seed)


def play(match: Match, seed: int, hook: StepHook | None = None) -> Match:
    bots = [RandomBot(i, seed) for i in range(len(match.seats))]
    while not match.finished:
        if len(match.log) >= MAX_ANSWERS:
            raise AssertionError(f"seed {seed}: no end after {MAX_ANSWERS} answers")
        prompts = match.prompts()
        assert prompts, "an unfinished match must have an open prompt"
        # simultaneous prompts are answered in a seed-dependent order
        prompt = prompts[(len(match.log) * 31 + seed) % len(prompts)]
        answer = bots[prompt.seat].choose(match.view(prompt.seat), prompt)
        events = match.submit(prompt.seat, answer, pid=prompt.pid)
        if hook is not None:
            hook(match, prompt.seat, events)
    return match


def game(match: Match) -> DominionGame:
    return cast(DominionGame, match.game)


def card_totals(match: Match) -> Counter[str]:
    """Every card in the game, wherever it is: Supply, trash and all player zones."""
    g = game(match)
    totals: Counter[str] = Counter({k: v for k, v in g.supply.items() if v})
    totals.update(g.trash)
    for p in g.players:
        totals.update(p.owned())
    return totals


def digest(match: Match) -> str:
    """A hash of the full state, independent of process and hash seed."""
    data: dict[str, Any] = {
        "state": ADAPTER.state(match),
        "views": [match.view(s) for s in [None, *range(len(match.seats))]],
        "prompts": [p.to_dict() for p in match.prompts()],
        "result": r.to_dict() if (r := match.result()) else None,
        "log": [[s, list(a)] for s, a in match.log],
    }
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=list)
    return hashlib.sha256(text.encode()).hexdigest()
