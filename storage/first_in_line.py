"""Answers go first to the database.

A process under load has many tasks waiting for a database connection (PostgreSQL's pool, or
SQLite's one connection): the commit of a click's answer, and the follow-ups of answers already
committed (timers, status records, notices). Served in arrival order, an answer waits behind the
follow-ups of earlier ones; the click's reply waits with it, and once clicks take long enough
they are deferred, which costs a request more per click and puts the process further behind.
Work marked `first_in_line()` (the answer's commit) is handed the next free connection before
any other waiter; the rest keep their order among themselves.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from collections import deque

from storage.context_flag import raised

_FIRST: contextvars.ContextVar[bool] = contextvars.ContextVar("bgb_first_in_line", default=False)


def first_in_line() -> contextlib.AbstractContextManager[None]:
    """Within this block (this task and those it starts), database calls go before others waiting."""
    return raised(_FIRST)


class Gate:
    """At most `size` holders at once (`async with gate:`); a waiter in `first_in_line()` is let in
    before the others."""

    def __init__(self, size: int) -> None:
        self.free = size
        self._first: deque[asyncio.Future[None]] = deque()
        self._rest: deque[asyncio.Future[None]] = deque()

    async def __aenter__(self) -> None:
        await self.acquire(_FIRST.get())

    async def __aexit__(self, *exc: object) -> None:
        self.release()

    @property
    def waiting(self) -> int:
        return sum(not f.done() for f in self._first) + sum(not f.done() for f in self._rest)

    async def acquire(self, first: bool = False) -> None:
        # A free place means nobody is waiting: a release hands its place to a waiter if any.
        if self.free > 0:
            self.free -= 1
            return
        waiter = asyncio.get_running_loop().create_future()
        (self._first if first else self._rest).append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self.release()  # handed the place just as it was cancelled: pass it on
            raise

    def release(self) -> None:
        for queue in (self._first, self._rest):
            while queue:
                waiter = queue.popleft()
                if not waiter.done():  # (a cancelled waiter is skipped)
                    waiter.set_result(None)
                    return
        self.free += 1
