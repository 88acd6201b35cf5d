"""Bot play over many whole games (2-5 players, random and heuristic seats mixed, every seventh
with all the variants): each ends within a decision cap with a correct result; tapestry and tech
cards, tiles, buildings, outposts and landmarks are conserved; no prompt is open without options;
no public event shows a private card; replay in fresh processes under other hash seeds rebuilds the
identical state; every track space, tech card, tapestry card and civilization is reached.

TAPESTRY_GAMES sets how many games run (default 2000, the full run; the README says what it
costs) in a pool of at most two processes.
"""

from __future__ import annotations

import os
import statistics
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.match import Match
from tests.engine.tapestry.helpers import digest, digests_elsewhere, game
from tests.engine.tapestry.randplay import (
    DECISION_CAP,
    count_reached,
    everything,
    new_game,
    play,
    run_pool,
)

ROOT = Path(__file__).resolve().parents[3]
GAMES = int(os.environ.get("TAPESTRY_GAMES", "2000"))
MIN_REACHED = 10
REPLAY_EVERY = 20  # games i % 20 == 3 are replayed in other processes


@dataclass
class Outcome:
    game: int
    players: int
    failures: list[str] = field(default_factory=list)
    decisions: int = 0
    reached: Counter[str] = field(default_factory=Counter)
    record: dict[str, Any] | None = None
    digest: str | None = None


def ended_correctly(match: Match) -> list[str]:
    g = game(match)
    out = []
    if not all(p.finished and p.income_turns == 5 for p in g.players):
        out.append("a player ended without five income turns")
    result = match.result()
    if result is None:
        return [*out, "no result"]
    if list(result.scores) != [p.vp for p in g.players]:
        out.append("result scores differ from the VP track")
    if min(result.ranks) != 1 or not result.winners or match.prompts():
        out.append(f"bad ranks {result.ranks} or a prompt after the end")
    return out


def one_game(i: int) -> Outcome:
    match, names = new_game(i)
    out = Outcome(i, len(names))
    count_reached(out.reached, match.opening_events)
    try:
        out.failures = play(match, i, names, hook=lambda m, s, events: count_reached(out.reached, events))
        if not out.failures:
            out.failures = ended_correctly(match)
    except Exception as exc:  # any crash fails that game
        out.failures = [f"{type(exc).__name__}: {exc}"]
    out.decisions = len(match.log)
    if i % REPLAY_EVERY == 3 and not out.failures:
        out.record, out.digest = match.record(), digest(match)
    out.failures = [f"game {i} ({len(names)}p {','.join(names)}): {f}" for f in out.failures]
    return out


@cache
def outcomes() -> list[Outcome]:
    return run_pool(one_game, list(range(GAMES)))


def test_every_game_ends_within_the_cap_and_conserves_everything() -> None:
    results = outcomes()
    failures = [f for o in results for f in o.failures]
    assert failures == [], "\n".join(failures[:20])
    lengths = [o.decisions for o in results]
    assert max(lengths) < DECISION_CAP
    by_players = {n: [o.decisions for o in results if o.players == n] for n in range(2, 6)}
    summary = {n: (min(v), int(statistics.median(v)), max(v)) for n, v in by_players.items() if v}
    print(f"\ndecisions per game (min, median, max) by players: {summary}")


def test_every_component_is_reached_often_enough() -> None:
    if GAMES < 2_000:
        return  # a short run cannot promise the coverage
    reached: Counter[str] = Counter()
    for o in outcomes():
        reached.update(o.reached)
    short = {name: reached[name] for name in everything() if reached[name] < MIN_REACHED}
    assert short == {}, f"reached fewer than {MIN_REACHED} times: {short}"
    assert set(reached) <= set(everything()), set(reached) - set(everything())
    low = sorted(everything(), key=lambda name: reached[name])[:5]
    print(f"\nleast reached: {[(name, reached[name]) for name in low]}")


def test_replay_in_other_processes_under_other_hash_seeds_is_identical() -> None:
    kept = [o for o in outcomes() if o.record is not None]
    assert kept, "no game was kept for replay"
    for hash_seed in ("0", "31337"):
        assert digests_elsewhere([o.record for o in kept], hash_seed) == [o.digest for o in kept]
