"""A flag that holds for a block of work: this task and the tasks it starts (a ContextVar)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar


@contextlib.contextmanager
def raised(flag: ContextVar[bool]) -> Iterator[None]:
    token = flag.set(True)
    try:
        yield
    finally:
        flag.reset(token)
