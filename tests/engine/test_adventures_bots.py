"""The heuristic and expert bots on random Adventures kingdoms with Events: every game ends,
every answer is legal (Match.submit refuses anything else), and the general bot really uses
Adventures cards and Events rather than ignoring them."""

from __future__ import annotations

from collections import Counter
from typing import cast

import pytest

from engine.core.match import Match
from engine.core.registry import get_game
from engine.core.seats import SeatSpec
from engine.games.dominion.adventures.game import AdventuresGame

OPTIONS = {"sets": ["base", "adventures"], "max_events": 3}
MAX_DECISIONS = 6_000


def run(bots: list[str], seed: int, options: dict[str, object]) -> tuple[Match, Counter[str]]:
    """Play to the end as the bot process does (view + prompt -> answer); count the prompt keys
    answered and the Events bought."""
    definition = get_game("dominion")
    match = Match("dominion", [SeatSpec("bot", b, b) for b in bots], options, seed)
    policies = [definition.policies[b](i, seed) for i, b in enumerate(bots)]
    seen: Counter[str] = Counter()
    while not match.finished:
        assert match.version < MAX_DECISIONS, "the bots do not finish"
        for prompt in match.prompts():
            answer = policies[prompt.seat].choose(match.policy_view(prompt.seat), prompt)
            seen[prompt.key] += 1
            seen.update(a for a in answer if a.startswith("event:"))
            match.submit(prompt.seat, answer, pid=prompt.pid)  # refuses anything illegal
    return match, seen


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bots", [["heuristic"], ["expert"], ["heuristic", "expert"]])
def test_bot_games_on_adventures_kingdoms_finish(players: int, bots: list[str]) -> None:
    seats = [bots[i % len(bots)] for i in range(players)]
    for seed in range(4):
        options = dict(OPTIONS, errata=bool(seed % 2))
        match, _ = run(seats, seed * 10 + players, options)
        assert match.finished and match.result() is not None


def test_heuristic_buys_adventures_cards_and_events() -> None:
    bought: Counter[str] = Counter()
    keys: Counter[str] = Counter()
    for seed in range(12):
        match, seen = run(["heuristic", "heuristic"], 100 + seed, OPTIONS)
        game = cast(AdventuresGame, match.game)
        keys.update(seen)
        for p in range(game.n):
            owned = game.owned_counts(p)
            bought.update(c for c in owned if game.card[c].set == "adventures")
    assert len(bought) >= 8, bought
    assert sum(n for k, n in keys.items() if k.startswith("event:")) >= 3, keys
    assert keys["dominion.prompt.start_of_turn"] + keys["dominion.prompt.after_action"] > 0, keys
