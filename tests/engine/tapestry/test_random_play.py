"""Random legal play to the end over many games: every game ends, components are conserved,
results are consistent and a replay of the log rebuilds the identical state."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from engine.core.match import Match
from tests.engine.tapestry.helpers import digest, invariants, new_match, play, players_for, run_pool

ROOT = Path(__file__).resolve().parents[3]
GAMES = range(320)
REPLAYED = range(1_000, 1_040)


def check_game(seed: int, replay: bool = False) -> list[str]:
    players = players_for(seed)
    failures: list[str] = []
    try:
        match = play(new_match(seed, players), seed)
        failures += invariants(match)
        result = match.result()
        if result is None:
            failures.append("finished without a result")
        else:
            g = match.game
            if list(result.scores) != [p.vp for p in g.players]:  # type: ignore[attr-defined]
                failures.append("result scores differ from the VP track")
            if min(result.ranks) != 1 or not result.winners:
                failures.append(f"bad ranks {result.ranks}")
        if not all(p.finished and p.income_turns == 5 for p in match.game.players):  # type: ignore[attr-defined]
            failures.append("a player ended without five income turns")
        if replay and digest(Match.from_record(match.record())) != digest(match):
            failures.append("replay from seed + log rebuilt a different state")
    except Exception as exc:  # any crash is a failure of that seed
        failures.append(f"{type(exc).__name__}: {exc}")
    return [f"seed {seed} ({players}p): {f}" for f in failures]


def _checked(seed: int) -> list[str]:
    return check_game(seed)


def _replayed(seed: int) -> list[str]:
    return check_game(seed, replay=True)


def test_random_games_end_and_conserve_components() -> None:
    failures = run_pool(_checked, GAMES)
    assert failures == [], "\n".join(failures[:20])


def test_random_games_replay_to_the_identical_state() -> None:
    failures = run_pool(_replayed, REPLAYED)
    assert failures == [], "\n".join(failures[:20])


def test_replay_in_another_process_with_another_hash_seed() -> None:
    records, digests = [], []
    for seed in range(2_000, 2_008):
        match = play(new_match(seed, players_for(seed)), seed)
        records.append(match.record())
        digests.append(digest(match))
    code = (
        "import json, sys\n"
        "from engine.core.match import Match\n"
        "from tests.engine.tapestry.helpers import digest\n"
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
