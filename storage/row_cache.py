"""Rows kept in memory between reads, for as long as nobody else can have changed them.

The database's `generation` (storage.db) moves whenever another connection may have committed:
SQLite's data version, read in the same thread hop as every read and commit; on PostgreSQL the
notifications other processes' writes send (LISTEN). While it stays put, a row this process read
or wrote is still what the database holds, so it is served from memory; once it moves, every
cached row goes and is read again. A backend that cannot tell (None) serves nothing from memory.

This process's own writes keep the cache current (`writing`): the row is updated after the write
commits. A read that overlaps a write is not kept (it may be older than the write), and two
overlapping writes of one key drop it (their commits and their updates may come in different
orders).

Memory answers only inside `served_from_memory()`: the bot opens it around the work that follows
an answer this process just committed, whose own trip to the database read the generation (on
SQLite; on PostgreSQL the notifications heard up to then). Every other read (commands, scheduled
jobs, the claim on a status message) asks the database and refreshes the cache with what it gets,
so a process never answers a person from a copy older than its latest trip.
"""

from __future__ import annotations

import contextlib
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Generic, TypeVar

from storage.context_flag import raised
from storage.db import Database

_TRUSTED: ContextVar[bool] = ContextVar("bgb_rows_from_memory", default=False)

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def served_from_memory() -> contextlib.AbstractContextManager[None]:
    """Within this block (this task and those it starts), cached rows answer reads."""
    return raised(_TRUSTED)


def from_memory() -> bool:
    """Is the work under way inside `served_from_memory()`? (For caches kept outside RowCache.)"""
    return _TRUSTED.get()


class WriteStamps(Generic[K]):
    """When each key's latest write began, as a stamp that only grows, for the keys written lately
    (at most `limit`, the oldest going first). A read that finds `of(key)` changed from before it
    overlapped a write of that key and may be older than it; only a read lasting `limit` writes
    of other keys misses one."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._stamp = 0
        self._keys: OrderedDict[K, int] = OrderedDict()

    def note(self, key: K) -> None:
        self._stamp += 1
        self._keys[key] = self._stamp
        self._keys.move_to_end(key)
        while len(self._keys) > self.limit:
            self._keys.popitem(last=False)

    def of(self, key: K) -> int:
        return self._keys.get(key, 0)


@dataclass
class Change(Generic[V]):
    """What a write did to its cached row: `update` maps the old row to the new one; None (the
    default) drops the row, so the next read loads it."""

    update: Callable[[V], V] | None = None


class RowCache(Generic[K, V]):
    def __init__(self, db: Database, size: int = 4096) -> None:
        self.db = db
        self.size = size
        self._rows: OrderedDict[K, V] = OrderedDict()
        self._generation: int | None = None
        # a read of a key overlapping an own write of it is not kept
        self._written: WriteStamps[K] = WriteStamps(16 * size)
        self._writing: dict[K, int] = {}  # key -> writes under way
        self._overlapped: set[K] = set()
        self.hits = 0
        self.misses = 0

    def _valid(self) -> bool:
        """Is what is cached still current? (Forgets everything when the generation moved.)"""
        generation = self.db.generation
        if generation != self._generation or generation is None:
            self._rows.clear()
            self._generation = generation
        return generation is not None

    async def load(self, key: K, read: Callable[[], Awaitable[V]], fresh: bool = False) -> V:
        """The row from memory when current (unless `fresh`), else read (and kept)."""
        if not fresh and _TRUSTED.get() and self._valid() and key in self._rows:
            self._rows.move_to_end(key)
            self.hits += 1
            return self._rows[key]
        self.misses += 1
        written = self._written.of(key)
        value = await read()
        if written == self._written.of(key) and key not in self._writing and self._valid():
            self._rows[key] = value
            self._rows.move_to_end(key)
            while len(self._rows) > self.size:
                self._rows.popitem(last=False)
        return value

    @contextlib.asynccontextmanager
    async def writing(self, key: K) -> AsyncIterator[Change[V]]:
        """Around a write of `key`: set the yielded change's `update` once the write is known to
        have landed; the cached row follows it (or is dropped)."""
        self._written.note(key)
        if self._writing.get(key):
            self._overlapped.add(key)
        self._writing[key] = self._writing.get(key, 0) + 1
        change: Change[V] = Change()
        try:
            yield change
        except BaseException:
            change.update = None
            raise
        finally:
            self._finish(key, change)

    def _finish(self, key: K, change: Change[V]) -> None:
        left = self._writing[key] - 1
        if left:
            self._writing[key] = left
        else:
            del self._writing[key]
        overlapped = key in self._overlapped
        if not left:
            self._overlapped.discard(key)
        if key not in self._rows:
            return
        old = self._rows.pop(key)
        if change.update is None or overlapped or not self._valid():
            return
        self._rows[key] = change.update(old)

    def forget(self, key: K) -> None:
        self._written.note(key)
        self._rows.pop(key, None)
