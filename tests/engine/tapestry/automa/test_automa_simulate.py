"""`python -m engine simulate tapestry --players 1 --option opponent=automa --option
automa_level=<n>`: deterministic at every level, with the Automa's score in --json."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.cli.simulate import simulate

ROOT = Path(__file__).resolve().parents[4]


def options(level: int) -> dict[str, Any]:
    out: dict[str, Any] = {"opponent": "automa", "automa_level": level}
    if level == 6:
        out["automa_second_civ"] = "scientists"
    return out


@pytest.mark.parametrize("level", range(1, 7))
def test_simulate_is_deterministic_with_the_automas_score(level: int) -> None:
    first = [r.to_dict() for r in simulate("tapestry", ["heuristic"], 2, 5, options(level))]
    again = [r.to_dict() for r in simulate("tapestry", ["heuristic"], 2, 5, options(level))]
    assert first == again
    for record in first:
        assert record["automa"]["level"] == level and record["automa"]["score"] > 0
        assert record["winners"] == ([0] if record["ranks"] == [1] else [])


def test_the_command_line_prints_the_automa() -> None:
    args = [
        "--players",
        "1",
        "--bots",
        "heuristic",
        "--option",
        "opponent=automa",
        "--option",
        "automa_level=4",
        "--games",
        "1",
        "--json",
    ]
    out = subprocess.run(
        [sys.executable, "-m", "engine", "simulate", "tapestry", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    line = json.loads(out.stdout.splitlines()[0])
    assert line["automa"]["level"] == 4 and isinstance(line["automa"]["score"], int)
