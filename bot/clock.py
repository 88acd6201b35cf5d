"""Wall-clock time behind a small interface, so deadlines can be tested in simulated time.

`SystemClock` is the real thing. `ManualClock` only moves when a test says so. `OffsetClock`
is real time plus an offset read from a file, which lets an end-to-end test move a separate bot
process days ahead by writing one number.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float: ...


class SystemClock:
    def now(self) -> float:
        return time.time()


class ManualClock:
    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        self._now += seconds


class OffsetClock:
    """time.time() plus the number of seconds written in `path` (missing or unreadable: 0)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def offset(self) -> float:
        try:
            return float(self.path.read_text(encoding="utf-8").strip() or 0)
        except (OSError, ValueError):
            return 0.0

    def now(self) -> float:
        return time.time() + self.offset()


def clock_from_settings(offset_file: str | None) -> Clock:
    return OffsetClock(offset_file) if offset_file else SystemClock()
