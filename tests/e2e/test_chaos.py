"""The chaos run at a quick size (`bash bench/chaos.sh` runs the full one): the real bot on
SQLite, tables played by people and bot seats, SIGKILLs at random moments and between an
answer's commit and its announcement, restarts, REST faults. Nothing acknowledged is lost, no
answer lands twice, no prompt reaches its player twice, no process crashes by itself, and once
the last one has reconciled every open prompt is in front of its player."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.chaos import run_chaos


async def test_chaos_quick(tmp_path: Path) -> None:
    report = await run_chaos(kills=2, tables=2, seed=7, workdir=tmp_path)
    assert report.kills >= 2 and report.acknowledged > 0, report
    assert (report.lost, report.crashes, report.stalled) == (0, 0, 0), report.details
    assert report.duplicates == 0, report.details
