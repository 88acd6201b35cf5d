"""Bot and automa seats: when one has a prompt, wait a moment (so people can follow), ask its
policy for an answer from that seat's own view, and submit it through the table service like
anyone else. After a restart `resume()` looks at every running match's open prompts, which the
log already determines.

With several processes on one database, a match's bot turns are also queued in storage
(`storage/bot_turns.py`): a process plays a match only while it holds that match's lease, and a
sweep picks up matches whose holder died (lease expired) or that nobody claimed yet.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from bot.errors import UserError
from bot.table import Live, Outcome, TableService, default_policy
from engine.core import Event, Prompt
from engine.core.errors import EngineError
from engine.core.registry import Policy
from storage.bot_turns import BotTurnRepo

log = logging.getLogger(__name__)

Summary = Callable[[Live, int, list[Event]], Awaitable[None]]


def safe_answer(prompt: Prompt) -> tuple[str, ...]:
    """A legal answer to any prompt, for when a policy fails."""
    if prompt.default is not None:
        return tuple(prompt.default)
    ids = [o.id for o in prompt.options if not o.shortcut]
    if prompt.ordered:
        return tuple(ids)
    return tuple(ids[: prompt.min])


class Runner:
    def __init__(
        self,
        table: TableService,
        pause: float = 1.0,
        summary: Summary | None = None,
        turns: BotTurnRepo | None = None,
        owner: str = "local",
        lease: float = 30.0,
        *,
        covers: Callable[[int, int], bool] | None = None,
        covered_of: Callable[[int], Awaitable[set[int]]] | None = None,
    ) -> None:
        self.table = table
        # (match, seat) -> True while a substitute bot plays a human seat (a timed-out turn);
        # play-by-post's turn timers know (default: no seat is ever covered).
        self.covers: Callable[[int, int], bool] = covers or (lambda match_id, seat: False)
        # Covered seats as stored, so a seat another process covered is played here too (None:
        # only the in-memory `covers`).
        self.covered_of = covered_of
        self.turns = turns  # None: one process, nothing queued in storage
        self.owner = owner
        self.lease = lease
        self._sweeper: asyncio.Task[None] | None = None
        self.pause = pause
        self.summary = summary
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._policies: dict[tuple[int, int, str], Policy] = {}
        self._pending: dict[tuple[int, int], list[Event]] = {}

    async def on_outcome(self, outcome: Outcome) -> None:
        if outcome.kind in ("answer", "start", "leave", "undo", "replace", "transfer"):
            if outcome.kind == "answer" and self._humans_only(outcome.match_id):
                return  # nobody for the runner to play: no queueing, no lease, no database trip
            self.poke(outcome.match_id)

    def _humans_only(self, match_id: int) -> bool:
        """Is this (cached) match played by people alone, none of them covered by a substitute
        bot here? A seat covered by another process is played by that process, whose timer job
        pokes its own runner."""
        live = self.table.cached(match_id)
        if live is None:
            return False
        seats = live.record.seats
        return all(s.kind == "human" and not self.covers(match_id, i) for i, s in enumerate(seats))

    def poke(self, match_id: int, takeover: bool = False) -> None:
        task = self._tasks.get(match_id)
        if task is not None and not task.done():
            self._again.add(match_id)
            return
        task = asyncio.create_task(self._run(match_id, takeover), name=f"bot-seats-{match_id}")
        self._tasks[match_id] = task
        task.add_done_callback(lambda done: self._finished(match_id, done))

    def _finished(self, match_id: int, task: asyncio.Task[None]) -> None:
        """Forget a finished run, so the table of runs holds only matches being played."""
        if self._tasks.get(match_id) is task:
            del self._tasks[match_id]
            self._again.discard(match_id)

    async def resume(self) -> None:
        for match_id in await self.table.rebuild_live():
            self.poke(match_id)

    @property
    def _hold(self) -> float:
        """A claim must outlast the pause before the bot acts, or others would take it meanwhile."""
        return self.lease + self.pause

    def waiting(self, live: Live) -> bool:
        """Does a bot seat of this match have a prompt? (in-memory covers only: a hint)"""
        return bool(self._bot_prompts(live, set()))

    @property
    def busy(self) -> int:
        return sum(1 for t in self._tasks.values() if not t.done())

    def start_sweeping(self, every: float) -> None:
        """Claim queued matches nobody is playing (their process died or never got to them)."""
        if self.turns is not None and (self._sweeper is None or self._sweeper.done()):
            self._sweeper = asyncio.create_task(self._sweep(every), name="bot-seat-sweeper")

    async def _sweep(self, every: float) -> None:
        assert self.turns is not None
        while True:
            try:
                for match_id in await self.turns.orphans(grace=self.lease):
                    task = self._tasks.get(match_id)
                    if task is None or task.done():
                        log.info("match %s: taking over its bot seats", match_id)
                        self.poke(match_id, takeover=True)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("bot seat sweep failed")
            await asyncio.sleep(every)

    async def idle(self) -> None:
        """Wait until no bot seat is thinking (tests and shutdown)."""
        while any(not t.done() for t in self._tasks.values()):
            await asyncio.gather(*[t for t in self._tasks.values() if not t.done()], return_exceptions=True)

    async def stop(self) -> None:
        tasks = list(self._tasks.values())
        if self._sweeper is not None:
            tasks.append(self._sweeper)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self.turns is not None:
            # Hand the queued matches back so another process goes on without waiting out a lease.
            with contextlib.suppress(Exception):
                await self.turns.release(self.owner)

    async def _run(self, match_id: int, takeover: bool = False) -> None:
        wakes: int | None = None
        try:
            if self.turns is not None:
                await self.turns.queue(match_id)  # durable before anything else happens
            while True:
                wakes = None
                if self.turns is not None:
                    wakes = await self.turns.claim(match_id, self.owner, self._hold)
                    if wakes is None:
                        return  # another process holds it; it will see our request
                if takeover:
                    # The process that held this match may have died between a commit and its
                    # announcement: bring the board, private views and clocks up to date first.
                    takeover = False
                    await self.table.fresh(match_id)
                    await self.table.announce(Outcome(match_id, "resume", via="system"))
                self._again.discard(match_id)
                acted = await self._step(match_id)
                if acted or match_id in self._again:
                    continue
                if wakes is None or self.turns is None or await self.turns.done(match_id, self.owner, wakes):
                    return
        except asyncio.CancelledError:
            raise
        except UserError as exc:
            # The match cannot be played (held out of play, gone): nothing to do until a manager
            # or its host takes it up again, which announces it afresh.
            log.info("bot seats of match %s not played: %s", match_id, exc.key)
            if self.turns is not None and wakes is not None:
                await self.turns.done(match_id, self.owner, wakes)
        except Exception:
            log.exception("bot seats of match %s stopped", match_id)

    def _bot_prompts(self, live: Live, covered: set[int]) -> list[Prompt]:
        if live.record.status != "active" or live.match is None or live.broken:
            return []
        return [
            p
            for p in live.match.prompts()
            if live.record.seats[p.seat].kind != "human" or p.seat in covered or self.covers(live.id, p.seat)
        ]

    async def _step(self, match_id: int) -> bool:
        live = await self.table.fresh(match_id)
        covered = await self.covered_of(match_id) if self.covered_of is not None else set()
        todo = self._bot_prompts(live, covered)
        if not todo:
            if live.record.status != "active":
                for stale in [k for k in self._policies if k[0] == match_id]:
                    del self._policies[stale]
            return False
        await asyncio.sleep(self.pause)
        for prompt in todo:
            if self.turns is not None and await self.turns.claim(match_id, self.owner, self._hold) is None:
                return False  # the lease ran out while we paused and another process took over
            live = await self.table.fresh(match_id)
            current = live.prompt_for(prompt.seat)
            if current is None or current.pid != prompt.pid:
                continue
            outcome = await self._answer(live, prompt)
            if outcome is None:
                continue
            key = (match_id, prompt.seat)
            self._pending.setdefault(key, []).extend(e for e in outcome.events if e.public)
            await self.table.announce(outcome)
            live = await self.table.get(match_id)
            if live.prompt_for(prompt.seat) is None or live.record.status != "active":
                events = self._pending.pop(key, [])
                if events and self.summary is not None:
                    await self.summary(live, prompt.seat, events)
        return True

    async def _answer(self, live: Live, prompt: Prompt) -> Outcome | None:
        answer = self._decide(live, prompt)
        for attempt in (answer, safe_answer(prompt)):
            try:
                cover = live.record.seats[prompt.seat].kind == "human"  # a covered human seat
                return await self.table.submit_seat(live.id, prompt.seat, prompt.pid, attempt, cover=cover)
            except (EngineError, UserError) as exc:
                log.warning("match %s seat %s: answer %s refused (%s)", live.id, prompt.seat, attempt, exc)
        return None

    def _decide(self, live: Live, prompt: Prompt) -> tuple[str, ...]:
        assert live.match is not None
        definition = live.definition
        name = live.record.seats[prompt.seat].policy
        if name not in definition.policies:
            name = default_policy(definition)
        if name is None:
            return safe_answer(prompt)
        key = (live.id, prompt.seat, name)
        policy = self._policies.get(key)
        if policy is None:
            policy = self._policies[key] = definition.policies[name](prompt.seat, live.record.seed)
        try:
            answer = tuple(policy.choose(live.match.view(prompt.seat), prompt))
            prompt.check(answer)
            return answer
        except Exception:
            log.exception("policy %s failed in match %s", name, live.id)
            return safe_answer(prompt)
