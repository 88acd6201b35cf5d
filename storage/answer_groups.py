"""Answers made close together committed as one group.

Under load several clicks' answers reach PostgreSQL at once, each as a statement of its own: a
server backend woken, bound, run and committed per answer, on the same two cores as the bot.
Measured at 600 answers a second, one answer to a statement cost the server 0.16-0.26 ms of
CPU, four answers to a statement 0.13 ms each. So an answer's writes join the group that
is open while the previous one is being written; a lone answer goes alone, as before.

A group is all or nothing. When one of its answers is refused (a stale revision, a key already
taken) the whole group is rolled back and each of its answers is written alone, so each gets its
own outcome and none depends on another's. Two answers for one key (one match) never share a
group: the later one waits for the next.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable, Sequence
from dataclasses import dataclass, field
from functools import partial
from sqlite3 import IntegrityError
from typing import Generic, TypeVar

from storage.db import RowsMismatch

K = TypeVar("K", bound=Hashable)
W = TypeVar("W")

REFUSALS = (RowsMismatch, IntegrityError)  # one answer's fault: its group is retried one by one


@dataclass
class _Group(Generic[K, W]):
    answers: dict[K, tuple[W, asyncio.Future[None]]] = field(default_factory=dict)
    written: asyncio.Future[None] | None = None  # the task writing this group


class AnswerGroups(Generic[K, W]):
    """`write(key, writes)` returns once `writes` are committed, or raises what refused them.

    `write_group(list of writes)` commits several answers at once (all or nothing) and returns
    False when it cannot take them together, having written nothing; `write_alone(writes)`
    commits one answer. At most `per_group` answers go in one call."""

    def __init__(
        self,
        write_group: Callable[[list[W]], Awaitable[bool]],
        write_alone: Callable[[W], Awaitable[None]],
        per_group: int = 16,
    ) -> None:
        self._write_group = write_group
        self._write_alone = write_alone
        self._per_group = per_group
        self._open: _Group[K, W] = _Group()
        self._lock = asyncio.Lock()  # one group at a time, in order
        self.groups = 0  # calls of write_group that committed, and the answers they carried
        self.grouped = 0

    async def write(self, key: K, writes: W) -> None:
        while key in self._open.answers:  # an answer of this key is already waiting: next group
            # (waiting for that group's writer, not for the earlier caller, who may have given up)
            writer = self._open.written
            assert writer is not None
            await asyncio.wait([writer])
        group = self._open
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        group.answers[key] = (writes, done)
        if group.written is None:
            group.written = asyncio.ensure_future(self._write(group))
            group.written.add_done_callback(partial(self._ended, group))
        await done

    async def _write(self, group: _Group[K, W]) -> None:
        async with self._lock:
            self._open = _Group()  # answers from now on: the next group
            items = list(group.answers.values())
            for start in range(0, len(items), self._per_group):
                await self._write_part(items[start : start + self._per_group])

    def _ended(self, group: _Group[K, W], writer: asyncio.Future[None]) -> None:
        """A writer cancelled (shutting down), maybe before it ever ran: its callers are told,
        and their matches are free to join the next group."""
        if not writer.cancelled():
            return
        if self._open is group:
            self._open = _Group()
        for _, done in group.answers.values():
            if not done.done():
                done.cancel()

    async def _write_part(self, items: Sequence[tuple[W, asyncio.Future[None]]]) -> None:
        if len(items) > 1:
            try:
                together = await self._write_group([writes for writes, _ in items])
            except REFUSALS:
                together = False  # rolled back: each alone below, to find whose it was
            except BaseException as exc:
                for _, done in items:
                    _settle(done, exc)
                if not isinstance(exc, Exception):
                    raise
                return
            if together:
                self.groups += 1
                self.grouped += len(items)
                for _, done in items:
                    _settle(done, None)
                return
        for writes, done in items:
            try:
                await self._write_alone(writes)
            except Exception as exc:
                _settle(done, exc)
            except BaseException as exc:  # cancelled (shutting down): so is every caller left
                for _, rest in items:
                    _settle(rest, exc)
                raise
            else:
                _settle(done, None)


def _settle(done: asyncio.Future[None], outcome: BaseException | None) -> None:
    if done.done():  # its caller gave up waiting; the write went ahead all the same
        return
    if outcome is None:
        done.set_result(None)
    elif isinstance(outcome, asyncio.CancelledError):
        done.cancel()
    else:
        done.set_exception(outcome)
