"""Random legal play over Adventures + base kingdoms with Events, 2-6 players.

Invariants: every game ends by a real end condition, no card appears or vanishes (Tavern mats,
set-aside cards and the non-Supply Traveller piles included), and replaying the answer log rebuilds
the identical game. ADVENTURES_GAMES sets the number of games (CI: 5000).
"""

from __future__ import annotations

import os
from collections import Counter
from typing import cast

import pytest

from engine.core.match import Match
from engine.core.seats import SeatSpec
from engine.games.dominion.adventures.game import AdventuresGame
from engine.games.dominion.bots import RandomBot

GAMES = int(os.environ.get("ADVENTURES_GAMES", "300"))
# Random play can trash every deck down to nothing with the $0 piles empty: such a game never
# ends. It is stopped here and still checked for conservation and replay.
MAX_DECISIONS = 15_000
TOP_LEVEL = (["dominion.prompt.action"], ["dominion.prompt.buy"])


def all_cards(g: AdventuresGame) -> Counter[str]:
    total: Counter[str] = Counter(g.supply)
    total.update(g.nonsupply)
    total.update(g.trash)
    for i, pl in enumerate(g.players):
        for zone in (pl.hand, pl.deck, pl.discard, pl.in_play, pl.set_aside, g.mats[i]):
            total.update(zone)
        if g.inherited[i] is not None:
            total[g.inherited[i] or ""] += 1
    return +total


def options_for(seed: int) -> dict[str, object]:
    options: dict[str, object] = {"sets": ["base", "adventures"] if seed % 3 else ["adventures"]}
    if seed % 4 == 0:
        options["max_events"] = 4
    if seed % 5 == 0:
        options["errata"] = True
    if seed % 7 == 0:
        options["reactions"] = "ask"
    return options


def play(seed: int) -> tuple[Match, Counter[str]]:
    players = 2 + seed % 5
    match = Match("dominion", [SeatSpec(kind="bot", policy="random")] * players, options_for(seed), seed)
    game = cast(AdventuresGame, match.game)
    start = all_cards(game)
    bots = [RandomBot(i, seed) for i in range(players)]
    decisions = 0
    while not match.finished and decisions < MAX_DECISIONS:
        prompts = match.prompts()
        assert prompts, "open game without a prompt"
        for prompt in prompts:
            match.submit(prompt.seat, bots[prompt.seat].choose(match.view(prompt.seat), prompt))
            decisions += 1
        # between effects only: an effect may hold cards it is looking at while it asks
        if decisions % 7 == 0 and [p.key for p in match.prompts()] in TOP_LEVEL:
            assert all_cards(game) == start, f"seed {seed}: cards not conserved"
    return match, start


def check(seed: int) -> bool:
    """Check one game; True if it reached its end."""
    match, start = play(seed)
    game = cast(AdventuresGame, match.game)
    assert isinstance(game, AdventuresGame)
    assert all_cards(game) == start, f"seed {seed}: cards not conserved"
    if match.finished:
        empty = sum(1 for k in game.supply.values() if k == 0)
        assert game.supply["Province"] == 0 or empty >= (4 if game.n >= 5 else 3), f"seed {seed}: bad end"
        assert match.result() is not None
    again = Match.from_record(match.record())
    assert again.result() == match.result()
    assert again.view(None) == match.view(None)
    for seat in range(game.n):
        assert again.view(seat) == match.view(seat)
    return match.finished


@pytest.mark.parametrize("chunk", range(10))
def test_random_adventures_games(chunk: int) -> None:
    seeds = range(chunk, GAMES, 10)
    finished = sum(check(seed) for seed in seeds)
    assert finished >= 0.9 * len(seeds)


def test_random_kingdoms_use_adventures_and_events() -> None:
    seen_adventures = seen_events = 0
    for seed in range(40):
        m = Match("dominion", [SeatSpec(), SeatSpec()], {"sets": ["base", "adventures"]}, seed)
        g = cast(AdventuresGame, m.game)
        assert len(g.kingdom) == 10 and len(g.events) <= 2
        seen_adventures += any(g.card[c].set == "adventures" for c in g.kingdom)
        seen_events += bool(g.events)
    assert seen_adventures > 30 and seen_events > 5


def test_base_only_random_kingdoms_are_unchanged() -> None:
    m = Match("dominion", [SeatSpec(), SeatSpec()], {}, 7)
    assert type(m.game).__name__ == "DominionGame"
    assert all(m.game.card[c].set == "base" for c in m.view(None)["kingdom"])  # type: ignore[attr-defined]
