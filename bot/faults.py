"""Fault points: places where a test (or a chaos run) may have the process die on purpose.

Off unless `FAULT_POINTS` is set, e.g. `FAULT_POINTS=after_commit:3` (the third time the point
is reached, the process kills itself with SIGKILL: no cleanup, as a crash) or
`FAULT_POINTS=after_commit:p0.05` (each time with probability 0.05, drawn from `FAULT_SEED`). A
line naming the point goes to stderr first, so a supervisor can tell a planned death from a
crash. Checking a point that is off costs one dictionary lookup.

Points: `after_commit` (an answer is committed and not yet announced: no board, no DM, no reply).
"""

from __future__ import annotations

import os
import random
import signal
import sys

ENV = "FAULT_POINTS"


def _parse(text: str) -> dict[str, tuple[str, float]]:
    armed: dict[str, tuple[str, float]] = {}
    for part in text.split(","):
        name, _, when = part.strip().partition(":")
        if not name:
            continue
        when = when or "1"
        if when.startswith("p"):
            armed[name] = ("p", float(when[1:]))
        else:
            armed[name] = ("n", float(int(when)))
    return armed


_armed = _parse(os.environ.get(ENV, ""))
_seen: dict[str, int] = {}
_draw = random.Random(int(os.environ.get("FAULT_SEED", "0") or 0))


def point(name: str) -> None:
    """Die here if this point is armed and due."""
    rule = _armed.get(name)
    if rule is None:
        return
    kind, value = rule
    count = _seen[name] = _seen.get(name, 0) + 1
    if (kind == "n" and count == value) or (kind == "p" and _draw.random() < value):
        sys.stderr.write(f"fault point {name}: killing the process\n")
        sys.stderr.flush()
        os.kill(os.getpid(), signal.SIGKILL)


def arm(text: str) -> None:
    """Arm points as `FAULT_POINTS` would (tests in this process)."""
    _armed.clear()
    _seen.clear()
    _armed.update(_parse(text))
