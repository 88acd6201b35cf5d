"""Solo games against Nightweave with the heuristic bot as the human, at every level: they end,
conserve cards, score consistently, leak nothing hidden, and replay identically.

NIGHTWEAVE_GAMES sets the games per level (8 by default, about 2 s per level with replay;
set 2000 for the long run). Her score distribution and the bot's win rate are printed (-s).
"""

from __future__ import annotations

import os
import statistics
from collections import Counter

import pytest

from engine.core.events import Event
from engine.core.match import Match
from engine.games.everdell.bots import POLICIES
from engine.games.everdell.data import full_deck
from engine.games.everdell.scoring import breakdown
from tests.engine.mistwood.lair_helpers import game, new_match

GAMES = int(os.environ.get("NIGHTWEAVE_GAMES", "8"))
DECK = Counter(full_deck())
PRIVATE = {"drew", "discarded", "gave", "received", "took", "looked"}
SCORES: dict[int, list[tuple[int, int]]] = {}


def play(seed: int, level: int) -> tuple[Match, list[Event]]:
    match = new_match(seed=seed, level=level)
    bot = POLICIES["heuristic"](0, seed)
    events = list(match.opening_events)
    steps = 0
    while not match.finished:
        for prompt in match.prompts():
            assert prompt.seat == 0  # her decisions are the rules'; only the human is asked
            events += match.submit(0, bot.choose(match.policy_view(0), prompt), pid=prompt.pid)
            steps += 1
        assert steps < 20_000
    return match, events


def check(match: Match, events: list[Event]) -> tuple[int, int]:
    g = game(match)
    assert g.lair.finished and g.players[0].passed
    assert Counter(g.all_cards()) == DECK
    assert g.lair.placed == [] and len(g.lair.city) <= 15
    result = match.result()
    assert result is not None
    human = breakdown(g, 0)
    her = g.her_score()
    assert result.scores == (human["total"], her["total"])
    assert her["total"] == sum(v for k, v in her.items() if k != "total")
    assert result.ranks == ((1, 2) if human["total"] > her["total"] else (2, 1))
    for ev in events:
        if ev.kind in PRIVATE:
            assert ev.to is not None
        if ev.kind.startswith("nw_") and ev.kind not in ("nw_play", "nw_meadow_discard", "nw_discard_card"):
            assert "card" not in ev.data or ev.kind in ("nw_flip", "nw_fool", "nw_achievement")
    view = match.view(None)
    assert "hand" not in view and "deck" not in view["nightweave"]
    again = Match.from_record(match.record())
    assert again.view(0) == match.view(0) and again.result() == result
    return human["total"], her["total"]


@pytest.mark.parametrize("level", range(5))
def test_solo_games_end_and_replay(level: int) -> None:
    SCORES[level] = [check(*play(seed, level)) for seed in range(GAMES)]


def test_harder_levels_score_higher() -> None:
    if len(SCORES) < 5:
        pytest.skip("needs the per-level games of this module")
    means = [statistics.mean(her for _, her in SCORES[level]) for level in range(5)]
    for level in range(5):
        rows = SCORES[level]
        wins = sum(1 for human, her in rows if human > her) / len(rows)
        print(f"level {level}: her mean {means[level]:.1f}, bot win rate {wins:.0%}")
    assert means == sorted(means) and means[0] < means[-1]
