"""Reconciliation: every open prompt reaches its player, whatever happened in between.

An answer is announced only after its commit, so a process that dies between the two (kill -9,
a lost machine), or a direct message Discord refuses for a passing reason, leaves a seat with a
prompt nobody sent it. On start and then every `every` seconds this compares, for each running
match this process serves, the open prompts of its human seats with what each seat was last
sent (`private_notices`: prompt id and step) and delivers what is missing, once: a delivery is
recorded as it is made, so a second round, or another process, finds it covered.

A match is left alone while an answer of it is freshly committed (its own announcement is
probably under way, here or in another process: `grace` seconds), and a match already found
complete at its current number of answers is not looked at again until it moves on. The same
rounds tell tables of matches newly held out of play (`bot/quarantine.py`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

from bot.notify import Notifier
from bot.table import TableService

log = logging.getLogger(__name__)


class Reconciler:
    def __init__(
        self,
        table: TableService,
        notifier: Notifier,
        every: float = 30.0,
        grace: float = 5.0,
        announce_held: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        self.table = table
        self.notifier = notifier
        self.every = every
        self.grace = grace
        self.announce_held = announce_held
        self._complete: dict[int, int] = {}  # match -> answers at which every seat had its prompt
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.delivered = 0  # prompts re-delivered (a metric)
        # Commits stored before this process started were announced by nobody alive, unless
        # another process shares the database (then it may be announcing them right now).
        self.started = time.time()

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._loop(), name="reconcile")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def soon(self, match_id: int) -> None:
        """A delivery of this match failed: look again at the next short round."""
        self._complete.pop(match_id, None)
        self._wake.set()

    async def _loop(self) -> None:
        while True:
            try:
                await self.run_once()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("reconciliation round failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.every)
            if self._wake.is_set():
                self._wake.clear()
                await asyncio.sleep(min(self.grace, self.every))  # a passing fault: give it a moment

    async def run_once(self) -> int:
        """One round over every running match; returns how many prompts it delivered."""
        if self.announce_held is not None:
            try:
                await self.announce_held()
            except Exception:
                log.exception("could not tell the tables of held matches")
        table = self.table
        progress = await table.store.log.progress()
        now, loop_now = time.time(), asyncio.get_running_loop().time()
        for stale in [m for m in self._complete if m not in progress]:
            del self._complete[stale]
        sent = 0
        shared = table.store.db.shared
        for match_id, seen in progress.items():
            answers, last_at = seen.answers, seen.changed_at
            if self._complete.get(match_id) == answers or not table.owns(seen.guild_id):
                continue
            if now - last_at < self.grace and (shared or last_at >= self.started):
                continue  # its own announcement is probably under way
            if loop_now - table.committed.get(match_id, -1e9) < self.grace:
                continue
            try:
                sent += await self._match(match_id, answers, baseline=answers > 0 and not seen.stamped)
            except Exception:
                log.exception("match %s: reconciliation failed", match_id)
        for match_id, at in list(table.committed.items()):
            if loop_now - at > self.grace:
                del table.committed[match_id]
        return sent

    async def _match(self, match_id: int, answers: int, baseline: bool = False) -> int:
        """Deliver what is missing of one match. `baseline`: not one answer of it was stored
        since deliveries were first recorded in full (the clicked message's own update was not
        recorded before): what is open was announced by then, so it is recorded, not sent."""
        table = self.table
        live = await table.fresh(match_id)
        if not table.owns(live.record.guild_id) or live.record.status != "active":
            return 0
        if live.match is None or live.held is not None or live.broken is not None:
            return 0
        done = await table.store.notices.of_match(match_id)
        step = live.match.version
        missing = []
        for seat, spec in enumerate(live.record.seats):
            if spec.kind != "human" or spec.user_id is None:
                continue
            prompt = live.prompt_for(seat)
            if prompt is not None and not (seat in done and done[seat].covers(prompt.pid, step)):
                missing.append(seat)
        if missing and baseline:
            for seat in missing:
                prompt = live.prompt_for(seat)
                if prompt is not None:
                    await table.store.notices.record(match_id, seat, prompt.pid, step, "baseline")
            self._complete[match_id] = answers
            return 0
        if missing:
            log.info(
                "match %s: delivering the open prompts of seats %s that never reached them", match_id, missing
            )
            await self.notifier.reconcile(live, missing)
            done = await table.store.notices.of_match(match_id)
        left = []
        for seat in missing:
            prompt = live.prompt_for(seat)  # (the match may have moved on meanwhile)
            if prompt is not None and not (seat in done and done[seat].covers(prompt.pid, step)):
                left.append(seat)
        if not left and live.match.version == answers:
            self._complete[match_id] = answers
        self.delivered += len(missing) - len(left)
        return len(missing) - len(left)
