"""Random legal play over random base kingdoms and 2-6 players: invariants, end, replay.

Thousands of games run in a small process pool (one worker per core, at most two), since each
game is independent; every game is fully determined by its seed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.events import Event
from engine.core.match import Match
from engine.core.result import rank_by
from tests.engine.randplay import (
    BASE_KINGDOM,
    Stalled,
    card_count,
    card_totals,
    dead,
    digest,
    game,
    game_setup,
    new_match,
    play,
    run_pool,
)

ROOT = Path(__file__).resolve().parents[2]
REPLAYED = range(0, 1000)  # played, checked and replayed from seed + log
CHECKED = range(1000, 5000)  # played and checked


def ended_correctly(match: Match) -> list[str]:
    g = game(match)
    out = []
    empty = sum(1 for v in g.supply.values() if v == 0)
    if not (g.supply["Province"] == 0 or empty >= (4 if g.n >= 5 else 3)):
        out.append(f"ended without an end condition (empty piles {empty})")
    result = match.result()
    if result is None:
        return [*out, "finished without a result"]
    scores = [g.victory_points(i) for i in range(g.n)]
    turns = [p.turns for p in g.players]
    if list(result.scores) != scores or list(result.turns) != turns:
        out.append(f"result {result.scores}/{result.turns} != {scores}/{turns}")
    if result.ranks != rank_by([(scores[i], -turns[i]) for i in range(g.n)]):
        out.append(f"ranks {result.ranks} do not follow points then fewer turns")
    if list(result.winners) != [i for i in range(g.n) if result.ranks[i] == 1] or not result.winners:
        out.append(f"winners {result.winners} do not match ranks {result.ranks}")
    if max(turns) - min(turns) > 1:
        out.append(f"turn counts {turns} differ by more than one")
    if match.prompts():
        out.append("prompts open after the end")
    return out


def check_game(seed: int, replay: bool, reactions: str | None = None) -> list[str]:
    """Play one random game; return what went wrong (empty when all is well).

    A game that random play drove into a dead position (see `Stalled`) yields "stalled <seed>"."""
    players, kingdom = game_setup(seed)
    reactions = reactions or ("ask" if seed % 2 else "always")
    failures: list[str] = []
    try:
        match = new_match(seed, players, kingdom, reactions)
        initial, count = card_totals(match), card_count(match)
        ends: list[Event] = []

        def hook(m: Match, seat: int, events: list[Event]) -> None:
            # the number of cards after every answer (a card in limbo shows here), each card at the end
            turn_started = any(e.kind == "turn_start" for e in events)
            if card_count(m) != count or (m.finished and card_totals(m) != initial):
                now = card_totals(m)
                diff = dict((now - initial) + (initial - now))
                raise AssertionError(f"cards not conserved after answer {len(m.log)}: {diff}")
            ends.extend(e for e in events if e.kind == "game_end")
            if turn_started and game(m).game_over():
                raise AssertionError(f"a turn started although the game was over (answer {len(m.log)})")

        try:
            play(match, seed, hook)
        except Stalled:
            if card_totals(match) != initial:
                failures.append("cards not conserved")
            if not dead(match):
                failures.append("random play stalled in a position that is not dead")
            return [f"stalled {seed}"] + [f"seed {seed}: {f}" for f in failures]
        failures.extend(ended_correctly(match))
        if len(ends) != 1:
            failures.append(f"{len(ends)} game_end events")
        if replay:
            record = json.loads(json.dumps(match.record()))
            if digest(Match.from_record(record)) != digest(match):
                failures.append("replay from seed + log rebuilt a different state")
    except Exception as exc:  # any crash is a failure of that seed
        failures.append(f"{type(exc).__name__}: {exc}")
    return [f"seed {seed} ({players}p, {kingdom}): {f}" for f in failures]


def _check_replayed(seed: int) -> list[str]:
    return check_game(seed, True)


def _check_only(seed: int) -> list[str]:
    return check_game(seed, False)


def verdict(results: list[str], games: int) -> None:
    stalled = [r for r in results if r.startswith("stalled ")]
    failures = [r for r in results if not r.startswith("stalled ")]
    assert failures == [], "\n".join(failures[:20])
    assert len(stalled) <= games // 200, stalled  # dead positions are rare


def test_random_games_replay_to_the_identical_state() -> None:
    verdict(run_pool(_check_replayed, REPLAYED), len(REPLAYED))


def test_random_games_end_correctly_and_conserve_cards() -> None:
    verdict(run_pool(_check_only, CHECKED), len(CHECKED))


def test_replay_in_another_process_with_another_hash_seed() -> None:
    records, digests = [], []
    for seed in range(30):
        players, kingdom = game_setup(seed)
        match = play(new_match(seed, players, kingdom, "ask" if seed % 2 else "always"), seed)
        records.append(match.record())
        digests.append(digest(match))
    code = (
        "import json, sys\n"
        "from engine.core.match import Match\n"
        "from tests.engine.randplay import digest\n"
        "for record in json.load(sys.stdin):\n"
        "    print(digest(Match.from_record(record)))\n"
    )
    for hash_seed in ("1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        out = subprocess.run(
            [sys.executable, "-c", code], input=json.dumps(records), capture_output=True, text=True,
            cwd=ROOT, env=env, check=True,
        )
        assert out.stdout.split() == digests


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 6),
    kingdom=st.lists(st.sampled_from(BASE_KINGDOM), min_size=10, max_size=10, unique=True),
    seed=st.integers(0, 2**32 - 1),
    reactions=st.sampled_from(["always", "ask"]),
)
def test_generated_games_keep_the_invariants(players: int, kingdom: list[str], seed: int, reactions: str) -> None:
    match = new_match(seed, players, kingdom, reactions)
    initial = card_totals(match)

    def hook(m: Match, seat: int, events: list[Event]) -> None:
        assert card_totals(m) == initial

    try:
        play(match, seed, hook)
    except Stalled:
        # random trashing can leave nobody able to gain again; that must be provably so
        assert dead(match), "random play stalled in a position that is not dead"
    else:
        assert ended_correctly(match) == []
    assert digest(Match.from_record(match.record())) == digest(match)
