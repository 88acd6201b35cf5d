"""Lint and type checks run with the test suite, so CI and a developer run the same gate."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True, cwd=ROOT)


def test_ruff_is_clean() -> None:
    out = run("ruff", "check", ".")
    assert out.returncode == 0, out.stdout + out.stderr


def test_mypy_is_clean() -> None:
    out = run("mypy")
    assert out.returncode == 0, out.stdout + out.stderr


def test_mypy_is_clean_on_the_benchmarks() -> None:
    # (scripts, not a package: mypy takes them as files, in a run of their own)
    out = run("mypy", "bench")
    assert out.returncode == 0, out.stdout + out.stderr
