"""The heuristic bot against random play, and `simulate` output that depends only on its
arguments."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from engine.cli.simulate import make_policies, play
from engine.core.match import Match
from engine.core.registry import get_game
from engine.core.seats import SeatSpec

ROOT = Path(__file__).resolve().parents[3]
GAMES = int(os.environ.get("FARSHORE_DUEL_GAMES", "200"))


def test_heuristic_beats_random_in_at_least_90_percent_of_games() -> None:
    definition = get_game("farshore")
    wins = 0
    for i in range(GAMES):
        players = 2 + i % 3
        bots = ["random"] * players
        seat = i % players
        bots[seat] = "heuristic"
        seed = 9_000 + i
        match = Match("farshore", [SeatSpec("bot", b, b) for b in bots], {}, seed)
        play(match, make_policies(definition, bots, seed))
        result = match.result()
        assert result is not None
        wins += result.winners == (seat,)
    assert wins >= 0.9 * GAMES, f"heuristic won {wins} of {GAMES}"


def run(players: int, hashseed: str) -> str:
    bots = ",".join(["heuristic", "random", "heuristic", "random"][:players])
    args = [
        "simulate",
        "farshore",
        "--players",
        str(players),
        "--bots",
        bots,
        "--games",
        "3",
        "--seed",
        "5",
        "--json",
    ]
    env = {**os.environ, "PYTHONHASHSEED": hashseed}
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    ).stdout


def test_simulate_is_deterministic_for_two_to_four_players() -> None:
    for players in (2, 3, 4):
        a, b = run(players, "0"), run(players, "999")
        assert a == b
        lines = [json.loads(line) for line in a.splitlines()]
        assert len(lines) == 3 and all(len(g["scores"]) == players for g in lines)


def test_no_card_sits_in_every_winners_village() -> None:
    definition = get_game("farshore")
    villages: list[set[str]] = []
    for i in range(30):
        players = 2 + i % 3
        bots = ["heuristic"] * players
        match = Match("farshore", [SeatSpec("bot", b, b) for b in bots], {}, 700 + i)
        play(match, make_policies(definition, bots, 700 + i))
        result = match.result()
        assert result is not None
        view = match.view(None)
        villages += [{v["card"] for v in view["players"][w]["village"]} for w in result.winners]
    assert set.intersection(*villages) == set()
