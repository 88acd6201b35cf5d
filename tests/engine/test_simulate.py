"""`python -m engine simulate`: complete games, byte-identical output for a seed in any process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from engine.cli import commands, main

ROOT = Path(__file__).resolve().parents[2]
ARGS = ["simulate", "dominion", "--players", "3", "--bots", "random,heuristic,expert", "--games", "4", "--seed", "11"]


def run_cli(args: list[str], hashseed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hashseed}
    out = subprocess.run(
        [sys.executable, "-m", "engine", *args], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return out.stdout


def test_json_lines_are_identical_across_hash_seeds() -> None:
    a = run_cli([*ARGS, "--json"], "0")
    b = run_cli([*ARGS, "--json"], "12345")
    assert a == b
    lines = [json.loads(line) for line in a.splitlines()]
    assert [g["game"] for g in lines] == [0, 1, 2, 3]
    for game in lines:
        assert game["bots"] == ["random", "heuristic", "expert"]
        assert len(game["scores"]) == len(game["ranks"]) == len(game["turns"]) == 3
        assert game["winners"] and all(game["ranks"][w] == 1 for w in game["winners"])
        assert len(game["kingdom"]) == 10 and game["ended_by"] in ("provinces", "piles")


def test_named_and_listed_kingdoms(capsys) -> None:  # type: ignore[no-untyped-def]
    cards = "Cellar,Market,Merchant,Militia,Mine,Moat,Remodel,Smithy,Village,Workshop"
    assert main(["simulate", "dominion", "--bots", "big_money", "--games", "1", "--kingdom", cards, "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert main(["simulate", "dominion", "--bots", "big_money", "--games", "1", "--kingdom", "First Game", "--json"]) == 0
    named = json.loads(capsys.readouterr().out)
    assert sorted(listed["kingdom"]) == sorted(named["kingdom"]) == sorted(cards.split(","))


def test_summary_reports_win_rates(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["simulate", "dominion", "--bots", "expert,big_money", "--games", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "3 games, 2 players" in out and "expert" in out and "win %" in out


def test_bad_arguments_are_reported(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["simulate", "dominion", "--bots", "nobody", "--games", "1"]) == 2
    assert main(["simulate", "dominion", "--players", "3", "--bots", "random,random", "--games", "1"]) == 2
    assert main(["simulate", "dominion", "--kingdom", "Smithy", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "unknown bot" in err and "3 players" in err


def test_subcommands_are_discovered() -> None:
    assert "simulate" in commands()
