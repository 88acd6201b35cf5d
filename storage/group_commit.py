"""Writes made close together sent as one (group commit).

A row waits for the write that carries it, and every row put while one write is under way goes
in the next. Under load the follow-ups of many answers share a round trip; alone, a row costs
one. Rows of one key in one batch are merged (by default the later wins), so a write never
touches a key twice: PostgreSQL refuses that in one statement, and the result would depend on
the order of the rows. A batch larger than one statement may carry goes out as several writes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
R = TypeVar("R")
T = TypeVar("T")


def later(old: R | None, new: R) -> R:
    return new


@dataclass
class _Batch(Generic[K, R, T]):
    rows: dict[K, R] = field(default_factory=dict)
    # each caller's own future for its row's result: one given up on (cancelled) leaves the
    # batch and the others' alone
    waiters: list[tuple[K, asyncio.Future[T]]] = field(default_factory=list)
    written: asyncio.Task[None] | None = None


class GroupCommit(Generic[K, R, T]):
    """`write` sends up to `per_write` rows (in the order their keys were first put) and returns
    what each caller of that write gets back; a failed write fails each of them."""

    def __init__(
        self,
        write: Callable[[list[R]], Awaitable[T]],
        merge: Callable[[R | None, R], R] = later,
        per_write: int = 250,
    ) -> None:
        self._write_rows = write
        self._merge = merge
        self._per_write = per_write
        self._open: _Batch[K, R, T] = _Batch()  # collecting the next batch's rows
        self._lock = asyncio.Lock()  # one batch at a time, in order

    async def put(self, key: K, row: R) -> T:
        return await self.put_nowait(key, row)

    def put_nowait(self, key: K, row: R) -> asyncio.Future[T]:
        """The row joins the next write at once; the future gets what that write returns (for a
        caller that goes on meanwhile, without a task of its own)."""
        batch = self._open
        batch.rows[key] = self._merge(batch.rows.get(key), row)
        if batch.written is None:
            batch.written = asyncio.ensure_future(self._write(batch))
        waiter: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        batch.waiters.append((key, waiter))
        return waiter

    async def _write(self, batch: _Batch[K, R, T]) -> None:
        try:
            async with self._lock:
                self._open = _Batch()  # rows from now on: the next batch
                keys = list(batch.rows)
                results: dict[K, T] = {}
                for start in range(0, len(keys), self._per_write):
                    part = keys[start : start + self._per_write]
                    result = await self._write_rows([batch.rows[k] for k in part])
                    results.update(dict.fromkeys(part, result))
        except Exception as exc:
            for _, waiter in batch.waiters:
                if not waiter.done():
                    waiter.set_exception(exc)
            return
        except BaseException:  # cancelled (shutting down): so are its callers
            for _, waiter in batch.waiters:
                waiter.cancel()
            raise
        for key, waiter in batch.waiters:
            if not waiter.done():
                waiter.set_result(results[key])
