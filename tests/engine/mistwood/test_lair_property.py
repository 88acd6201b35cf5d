"""Solo games against Nightweave with the heuristic bot as the human, at every level: they end,
conserve cards, score consistently, leak nothing hidden, and replay identically. Odd seeds play
with module cards, cycling through every Personality, every Plan and the Plot pile.

Games run in a pool of NIGHTWEAVE_WORKERS processes (2), in chunks spread over all levels.
Every game is checked in its worker; two games in every REPLAY_EVERY (20; one without modules,
one with) travel back as their record and a digest of their final state, and are replayed here,
in another process, to the same digest.
NIGHTWEAVE_GAMES sets the games per level (2000; about 3 minutes on two free cores). Her score
distribution and the bot's win rate are printed (-s).
"""

from __future__ import annotations

import hashlib
import json
import os
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from engine.core.events import Event
from engine.core.match import Match
from engine.games.everdell.bots import POLICIES
from engine.games.everdell.data import full_deck
from engine.games.everdell.mistwood.lair.modules import PERSONALITIES, PLANS
from engine.games.everdell.scoring import breakdown
from tests.engine.mistwood.lair_helpers import game, new_match

GAMES = int(os.environ.get("NIGHTWEAVE_GAMES", "2000"))
WORKERS = int(os.environ.get("NIGHTWEAVE_WORKERS", "2"))
REPLAY_EVERY = int(os.environ.get("NIGHTWEAVE_REPLAY_EVERY", "20"))
CHUNK = 100
LEVELS = range(5)
DECK = Counter(full_deck())
PRIVATE = {"drew", "discarded", "gave", "received", "took", "looked"}

Sample = tuple[int, dict[str, Any], str]  # seed, match record, digest of the final state


def modules_for(seed: int, level: int) -> dict[str, Any]:
    """None for even seeds; otherwise a Personality, a Plan or the Plot pile, in turn."""
    if seed % 2 == 0:
        return {}
    k = seed // 2
    if k % 3 == 0:
        return {"modules": ["personalities"], "personality": PERSONALITIES[k // 3 % len(PERSONALITIES)]}
    if k % 3 == 1:
        plans = [p for p in PLANS if not (p == "smothering_swarm" and level == 0)]
        plan = plans[k // 3 % len(plans)]
        return {"modules": ["personalities", "plans"] if plan == "weavers_whims" else ["plans"], "plan": plan}
    return {"modules": ["personalities", "plots"] if k // 3 % 2 else ["plots"]}


def play(seed: int, level: int) -> tuple[Match, list[Event]]:
    match = new_match(seed=seed, level=level, **modules_for(seed, level))
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


def digest(match: Match) -> str:
    """What replay must rebuild: both views, her public state and the result."""
    state = {"seat": match.view(0), "table": match.view(None), "result": repr(match.result())}
    return hashlib.sha256(json.dumps(state, sort_keys=True, default=repr).encode()).hexdigest()


def check(match: Match, events: list[Event]) -> tuple[int, int]:
    g = game(match)
    assert g.lair.finished and g.players[0].passed
    assert Counter(g.all_cards()) == DECK
    # module cards give her Achievements (they join her city at the end) and plays past 15
    assert g.lair.placed == [] and (len(g.lair.city) <= 15 or g.modules)
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
        if ev.kind.startswith("nw_"):
            assert ev.to is None  # her steps are public, and never addressed to one seat
            if ev.kind not in ("nw_play", "nw_meadow_discard", "nw_discard_card", "nw_web_card"):
                assert "card" not in ev.data or ev.kind in ("nw_flip", "nw_fool", "nw_achievement")
    view = match.view(None)
    assert "hand" not in view and "deck" not in view["nightweave"]
    return human["total"], her["total"]


def run_chunk(level: int, seeds: range) -> tuple[list[tuple[int, int]], list[Sample]]:
    """One worker's share: play and check each game; keep a sample for replay elsewhere."""
    scores, samples = [], []
    for seed in seeds:
        match, events = play(seed, level)
        scores.append(check(match, events))
        if seed % REPLAY_EVERY in (0, 1):
            samples.append((seed, match.record(), digest(match)))
    return scores, samples


def run_all() -> dict[int, tuple[list[tuple[int, int]], list[Sample]]]:
    chunks = [(level, range(a, min(a + CHUNK, GAMES))) for a in range(0, GAMES, CHUNK) for level in LEVELS]
    out: dict[int, tuple[list[tuple[int, int]], list[Sample]]] = {level: ([], []) for level in LEVELS}
    if WORKERS <= 1:
        done = [run_chunk(level, seeds) for level, seeds in chunks]
    else:
        with ProcessPoolExecutor(WORKERS) as pool:
            done = list(pool.map(run_chunk, *zip(*chunks, strict=True)))
    for (level, _), (scores, samples) in zip(chunks, done, strict=True):
        out[level][0].extend(scores)
        out[level][1].extend(samples)
    return out


@pytest.fixture(scope="module")
def results() -> dict[int, tuple[list[tuple[int, int]], list[Sample]]]:
    return run_all()


@pytest.mark.parametrize("level", LEVELS)
def test_solo_games_end_and_replay(level: int, results: dict[int, tuple[list[tuple[int, int]], list[Sample]]]) -> None:
    scores, samples = results[level]
    assert len(scores) == GAMES
    assert samples
    for seed, record, expected in samples:
        again = Match.from_record(record)
        assert digest(again) == expected, (level, seed)


def test_harder_levels_score_higher(results: dict[int, tuple[list[tuple[int, int]], list[Sample]]]) -> None:
    means = [statistics.mean(her for _, her in results[level][0]) for level in LEVELS]
    for level in LEVELS:
        rows = results[level][0]
        hers = [her for _, her in rows]
        wins = sum(1 for human, her in rows if human > her) / len(rows)
        spread = statistics.pstdev(hers)
        print(f"level {level}: her mean {means[level]:.1f} (sd {spread:.1f}), bot win rate {wins:.1%}")
    assert means == sorted(means) and means[0] < means[-1]
