"""The heuristic seat beats random play; `python -m engine simulate tapestry` prints the same games
for the same seed, in this process and in another under another hash seed."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

from engine.cli import main
from engine.core.match import Match
from tests.engine.tapestry.helpers import seats
from tests.engine.tapestry.randplay import play, run_pool

ROOT = Path(__file__).resolve().parents[3]
VERSUS_GAMES = 200


def heuristic_wins(i: int) -> tuple[bool, list[str]]:
    """Game i: 2-5 players in turn, one heuristic seat (moving round the table) among random ones."""
    n = 2 + i % 4
    hero = (i // 4) % n
    names = ["heuristic" if s == hero else "random" for s in range(n)]
    match = Match("tapestry", seats(n), {}, 90_000 + i)
    failures = play(match, i, names)
    result = match.result()
    return result is not None and list(result.winners) == [hero], failures


def test_the_heuristic_beats_random_seats_in_nine_games_of_ten() -> None:
    """A win is the heuristic seat being the sole winner of `result()` (most VP, the rulebook's
    tie-break applied; a shared first place is not a win), at a table of 2-5 where every other
    seat plays uniformly random legal answers, 50 games for each player count."""
    outcomes = run_pool(heuristic_wins, list(range(VERSUS_GAMES)))
    assert [f for _, failures in outcomes for f in failures] == []
    wins = sum(won for won, _ in outcomes)
    assert wins >= 0.9 * VERSUS_GAMES, f"{wins} wins of {VERSUS_GAMES}"


def simulate_args(players: int) -> list[str]:
    bots = ",".join(["heuristic"] + ["random"] * (players - 1))
    return ["simulate", "tapestry", "--players", str(players), "--bots", bots, "--games", "2", "--json"]


def simulated(players: int, seed: int) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main([*simulate_args(players), "--seed", str(seed)]) == 0
    return out.getvalue()


SUBPROCESS = (
    "import sys\n"
    "from engine.cli import main\n"
    "from tests.engine.tapestry.test_bots import simulate_args\n"
    "for n in (2, 3, 4, 5):\n"
    "    main([*simulate_args(n), '--seed', '7'])\n"
    "    sys.stdout.flush()\n"
)


def test_simulate_prints_the_same_json_for_the_same_seed() -> None:
    here = []
    for players in (2, 3, 4, 5):
        first = simulated(players, 7)
        assert first == simulated(players, 7)
        games = [json.loads(line) for line in first.splitlines()]
        assert len(games) == 2 and all(len(g["scores"]) == players for g in games)
        here.append(first)
    env = {**os.environ, "PYTHONHASHSEED": "4711", "PYTHONPATH": str(ROOT)}
    other = subprocess.run([sys.executable, "-c", SUBPROCESS], capture_output=True, text=True, cwd=ROOT, env=env, check=True)
    assert other.stdout == "".join(here)
    assert simulated(3, 8) != simulated(3, 7)
