"""The benchmark's smoke mode runs (our engine only: CI does not install the peer engines).

It also drives the real bot process with a few simulated players (`bench/load.py`, 5 matches,
two seconds), the cache memory probe and the decision timer: no timing is asserted, only that
every part runs and reports."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_bench_quick_runs_our_part() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "main.py"), "--quick", "--ours-only"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    out = done.stdout
    assert "| ours (match contract) |" in out
    assert "restore 4-player game" in out and "bot decision" in out
    assert "| Everdell heuristic, 2p |" in out and "failed" not in out
    assert "memory per hot match" in out and "MATCH_CACHE_SIZE=5" in out
    # The load run answered clicks through the real bot process.
    row = next(line for line in out.splitlines() if line.startswith("| 5 | saturated |"))
    answered = int(row.split("|")[3].strip().replace(",", ""))
    assert answered > 0, row
    assert "## Targets" in out
