"""The benchmark's smoke mode runs (our engine only: CI does not install the peer engines)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_bench_quick_runs_our_part() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "main.py"), "--quick", "--ours-only"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    assert "| ours (match contract) |" in out
    assert "restore 4-player game" in out and "bot decision" in out
