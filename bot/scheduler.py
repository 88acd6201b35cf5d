"""A durable scheduler: jobs live in pbp_jobs with a due time, a background loop runs the due
ones through the handler registered for their kind, and deletes them once handled. Because the
table is the queue, a restart loses nothing: the new process finds the same jobs.

Time comes from an injectable clock; `run_due()` does one pass, so tests drive simulated time
without the loop. A failing handler is retried a few times with a growing delay, then dropped.

Several processes may run schedulers on one database: each claims a due job with a lease before
running it (`JobRepo.claim_due`), so a job runs in one process, and the jobs of a process that
died are claimed by another once their lease runs out. Leases use the wall clock, not the job
clock, because they measure whether a process is alive, not game time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from bot.clock import Clock
from storage.pbp_jobs import Job, JobRepo

log = logging.getLogger(__name__)

JobHandler = Callable[[Job], Awaitable[None]]
RETRY_DELAYS = (60.0, 300.0, 1800.0)


class Scheduler:
    def __init__(
        self, jobs: JobRepo, clock: Clock, tick: float = 30.0, owner: str = "local", lease: float = 60.0
    ) -> None:
        self.jobs = jobs
        self.clock = clock
        self.tick = tick
        self.owner = owner
        self.lease = lease
        self._handlers: dict[str, JobHandler] = {}
        self._task: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self._pass = asyncio.Lock()

    def on(self, kind: str, handler: JobHandler) -> None:
        self._handlers[kind] = handler

    async def add(self, kind: str, due_at: float, payload: dict[str, Any] | None = None, ref: str = "") -> int:
        job_id = await self.jobs.add(kind, due_at, payload, ref)
        self._wake.set()  # an earlier job than the loop expected may have arrived
        return job_id

    async def cancel(self, ref: str) -> int:
        return await self.jobs.cancel(ref)

    async def run_due(self) -> int:
        """Run every job due now; returns how many ran. Passes never overlap."""
        ran = 0
        async with self._pass:
            while True:
                batch = await self.jobs.claim_due(self.clock.now(), self.owner, time.time(), self.lease)
                if not batch:
                    return ran
                for job in batch:
                    await self._run(job)
                    ran += 1

    async def _run(self, job: Job) -> None:
        handler = self._handlers.get(job.kind)
        if handler is None:
            log.warning("dropping job %s of unknown kind %r", job.id, job.kind)
            await self.jobs.done(job.id)
            return
        try:
            await handler(job)
        except Exception as exc:  # noqa: BLE001 - one bad job must not stop the queue
            retry = (
                self.clock.now() + RETRY_DELAYS[job.attempts] if job.attempts < len(RETRY_DELAYS) else None
            )
            log.exception("job %s (%s) failed; retry at %s", job.id, job.kind, retry)
            await self.jobs.failed(job.id, repr(exc), retry)
            return
        await self.jobs.done(job.id)

    # -- the background loop ------------------------------------------------------------------------
    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._loop(), name="pbp-scheduler")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
            with contextlib.suppress(Exception):
                await self.jobs.release(self.owner)  # another process may run them at once

    async def _loop(self) -> None:
        while True:
            try:
                await self.run_due()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("scheduler pass failed")
            self._wake.clear()
            # Sleep one tick (or less when a new job is added); the clock may be simulated, so
            # the loop re-reads the due jobs each tick instead of sleeping until a due time.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.tick)
