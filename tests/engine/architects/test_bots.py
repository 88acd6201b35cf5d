"""The seat policies answer only legally and play whole tables; `python -m engine simulate`
prints the same games for the same seed, in this process and in another under another hash
seed. (How often the heuristic beats random play is measured in `test_property.py`.)"""

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
from engine.games.architects import GAME
from tests.engine.architects.helpers import seats

ROOT = Path(__file__).resolve().parents[3]


def play_out(players: int, seed: int, policies: list[str], **options: object) -> Match:
    match = Match("architects", seats(players), dict(options), seed)
    bots = [GAME.policies[policies[i]](i, seed) for i in range(players)]
    while not match.finished:
        p = match.prompts()[0]
        answer = bots[p.seat].choose(match.policy_view(p.seat), p)
        match.submit(p.seat, answer, pid=p.pid)  # raises on an illegal answer
        assert len(match.log) < 20_000
    return match


def test_heuristic_plays_full_tables_of_itself() -> None:
    for seed, n in ((1, 2), (2, 5)):
        result = play_out(
            n, seed, ["heuristic"] * n, promo_cards=True, architect_side="B", promo_architects=True
        ).result()
        assert result is not None and max(result.scores) > 0


def simulate_args(players: int, seed: int) -> list[str]:
    bots = ",".join(["heuristic"] + ["random"] * (players - 1))
    return ["simulate", "architects", "--players", str(players), "--bots", bots, "--games", "2"]


def simulated(players: int, seed: int) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main([*simulate_args(players, seed), "--seed", str(seed), "--json"]) == 0
    return out.getvalue()


def test_simulate_prints_the_same_json_for_the_same_seed() -> None:
    for players in (2, 3, 4, 5):
        first = simulated(players, 7)
        assert first == simulated(players, 7)
        games = [json.loads(line) for line in first.splitlines()]
        assert len(games) == 2 and all(len(g["scores"]) == players for g in games)
    env = {**os.environ, "PYTHONHASHSEED": "99", "PYTHONPATH": str(ROOT)}
    other = subprocess.run(
        [sys.executable, "-m", "engine", *simulate_args(3, 7), "--seed", "7", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=True,
    )
    assert other.stdout == simulated(3, 7)
    assert simulated(3, 8) != simulated(3, 7)
