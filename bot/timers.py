"""Turn clocks: which human seats are waiting to decide, since when, and until when.

A timer exists while a human seat has an open prompt; it is created when the seat starts
waiting and dropped when it stops, so the clock covers a whole turn however many answers it
takes. With a clock set, each timer schedules reminders (at 50% and 90% of the time) and a
timeout in the durable scheduler; the jobs carry the timer's start time, so a job for a turn
that has since ended is recognised as stale and ignored.

Vacations pause a user's timers (the time left is kept) and resume them afterwards.

Several processes may follow the same game (the one that took an answer, the one running a due
job). Every timer write is conditional on what was read (the turn's `started_at`, the deadline
seen), so only one process starts, covers, extends, pauses or resumes a turn's clock, and only
that one schedules its jobs or pings the player.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

from bot.clock import Clock
from bot.scheduler import Scheduler
from bot.table import Live, Outcome
from storage.pbp import GameSettings, PbpRepo, Timer, Vacation
from storage.pbp_jobs import Job

log = logging.getLogger(__name__)

REMINDERS = (0.5, 0.9)  # fractions of the turn time at which the player is reminded
REMIND = "remind"
TIMEOUT = "timeout"
VACATION_START = "vacation_start"
VACATION_END = "vacation_end"
HOUR = 3600.0


def timer_ref(match_id: int, seat: int) -> str:
    return f"timer:{match_id}:{seat}"


def vacation_ref(user_id: int) -> str:
    return f"vacation:{user_id}"


@dataclass(frozen=True)
class Passed:
    """An answer as committed: the match's revision after it and the seats waiting right then."""

    revision: int
    waiting: frozenset[int]


def passed_answer(outcome: Outcome, live: Live) -> Passed | None:
    """The answer of `outcome` when the game (`live`, as it stands) has moved on since it."""
    if outcome.kind != "answer" or outcome.waiting is None or outcome.revision is None:
        return None
    if live.record.revision == outcome.revision:
        return None
    return Passed(outcome.revision, outcome.waiting)


@dataclass(frozen=True)
class Sync:
    started: tuple[Timer, ...] = ()
    ended: tuple[Timer, ...] = ()


def waiting_seats(live: Live) -> dict[int, int]:
    """seat -> user id for every human seat with an open prompt."""
    if live.record.status != "active" or live.match is None:
        return {}
    out: dict[int, int] = {}
    for prompt in live.match.prompts():
        spec = live.record.seats[prompt.seat]
        if spec.kind == "human" and spec.user_id is not None:
            out[prompt.seat] = spec.user_id
    return out


class TurnTimers:
    def __init__(self, repo: PbpRepo, scheduler: Scheduler, clock: Clock) -> None:
        self.repo = repo
        self.scheduler = scheduler
        self.clock = clock
        self._covered: set[tuple[int, int]] = set()

    async def load(self) -> None:
        """Remember which seats a substitute bot is playing (they survive a restart)."""
        self._covered = await self.repo.covered_seats()

    def covers(self, match_id: int, seat: int) -> bool:
        return (match_id, seat) in self._covered

    # -- following the game ---------------------------------------------------------------------------
    async def sync(self, live: Live, passed: Passed | None = None) -> Sync:
        """Start timers for seats that began waiting, drop those of seats that stopped.

        `passed`: an answer the game has already moved past (its follow-up ran late). A seat
        that was not waiting right after it had its turn end there, even when it waits again
        now: that is a new turn, so its timer goes and a fresh one starts. A timer begun after
        that answer (by a later follow-up, maybe in another process) is left alone."""
        waiting = waiting_seats(live)
        timers = await self.repo.timers(live.id)
        ended = []
        for seat, timer in list(timers.items()):
            ended_then = (
                passed is not None and seat not in passed.waiting and timer.since_revision < passed.revision
            )
            if ended_then or waiting.get(seat) != timer.user_id:
                await self._drop(timer)
                ended.append(timer)
                del timers[seat]
        started = []
        if waiting:
            settings = await self.repo.settings(live.id)
            for seat, user_id in sorted(waiting.items()):
                if seat in timers and timers[seat].user_id == user_id:
                    continue
                new = await self._start(live.id, seat, user_id, settings, live.record.revision)
                if new is not None:
                    started.append(new)
        return Sync(tuple(started), tuple(ended))

    async def drop_all(self, match_id: int) -> None:
        for timer in (await self.repo.timers(match_id)).values():
            await self._drop(timer)

    async def _start(
        self, match_id: int, seat: int, user_id: int, settings: GameSettings, since_revision: int
    ) -> Timer | None:
        """The new timer, or None when another process started this turn's timer first."""
        now = self.clock.now()
        total = settings.turn_hours * HOUR if settings.turn_hours else None
        away = await self.on_vacation(user_id)
        timer = Timer(
            match_id,
            seat,
            user_id,
            started_at=now,
            total=total,
            due_at=None if total is None or away else now + total,
            paused_left=total if total is not None and away else None,
            covered=False,
            since_revision=since_revision,
        )
        if not await self.repo.add_timer(timer):
            return None
        await self._schedule(timer)
        return timer

    async def _drop(self, timer: Timer) -> None:
        # the timer and its reminders and timeout in one commit
        await self.repo.drop_timer(timer.match_id, timer.seat, timer_ref(timer.match_id, timer.seat))
        self._covered.discard((timer.match_id, timer.seat))

    async def _schedule(self, timer: Timer) -> None:
        """Reminders still ahead and the timeout, for a running (not paused) clock."""
        if timer.due_at is None or timer.total is None:
            return
        ref = timer_ref(timer.match_id, timer.seat)
        payload = {"match_id": timer.match_id, "seat": timer.seat, "started_at": timer.started_at}
        now = self.clock.now()
        for fraction in REMINDERS:
            at = timer.due_at - (1 - fraction) * timer.total
            if at > now:
                await self.scheduler.add(REMIND, at, {**payload, "fraction": fraction}, ref)
        await self.scheduler.add(TIMEOUT, timer.due_at, payload, ref)

    async def current(self, job: Job) -> Timer | None:
        """The timer a job was scheduled for, or None when that turn is over (a stale job)."""
        p = job.payload
        timer = await self.repo.timer(int(p["match_id"]), int(p["seat"]), fresh=True)
        if timer is None or timer.started_at != p.get("started_at") or timer.paused:
            return None
        return timer

    async def cover(self, timer: Timer) -> bool:
        """A substitute bot plays the rest of this turn; False if the turn is over or covered."""
        if not await self.repo.cover_timer(timer):
            return False
        self._covered.add((timer.match_id, timer.seat))
        return True

    async def extend(self, timer: Timer, seconds: float) -> bool:
        """Push the deadline back (waiting policy, a failed vote) and schedule the next timeout;
        False if that turn is over or its clock paused meanwhile."""
        due = self.clock.now() + seconds
        if not await self.repo.move_deadline(timer, due):
            return False
        payload = {"match_id": timer.match_id, "seat": timer.seat, "started_at": timer.started_at}
        await self.scheduler.add(TIMEOUT, due, payload, timer_ref(timer.match_id, timer.seat))
        return True

    async def set_clock(self, match_id: int, hours: float | None, policy: str | None) -> GameSettings:
        """Change a game's clock; seats already waiting get a full period from now."""
        settings = await self.repo.settings(match_id)
        settings.turn_hours = hours
        if policy is not None:
            settings.timeout_policy = policy
        await self.repo.save_clock(match_id, settings.turn_hours, settings.timeout_policy)
        now = self.clock.now()
        for timer in (await self.repo.timers(match_id)).values():
            await self.scheduler.cancel(timer_ref(match_id, timer.seat))
            total = hours * HOUR if hours else None
            paused = timer.paused and total is not None
            fresh = replace(
                timer,
                started_at=now,
                total=total,
                due_at=None if total is None or paused else now + total,
                paused_left=total if paused else None,
                covered=False,
            )
            self._covered.discard((match_id, timer.seat))
            if await self.repo.restart_timer(timer, fresh):
                await self._schedule(fresh)
        return settings

    # -- vacations ------------------------------------------------------------------------------------
    async def on_vacation(self, user_id: int) -> bool:
        vacation = await self.repo.vacation(user_id)
        return vacation is not None and vacation.active

    async def plan_vacation(self, user_id: int, starts_at: float, ends_at: float) -> Vacation:
        """Schedule a vacation (replacing any other); the start job pauses the clocks."""
        await self.scheduler.cancel(vacation_ref(user_id))
        old = await self.repo.vacation(user_id)
        vacation = Vacation(user_id, starts_at, ends_at, active=bool(old and old.active))
        await self.repo.put_vacation(vacation)
        ref = vacation_ref(user_id)
        await self.scheduler.add(VACATION_START, starts_at, {"user_id": user_id}, ref)
        await self.scheduler.add(VACATION_END, ends_at, {"user_id": user_id}, ref)
        return vacation

    async def pause_user(self, user_id: int) -> list[Timer]:
        """Vacation begins: stop every running clock of the user, keeping the time left."""
        await self.repo.activate_vacation(user_id)
        now = self.clock.now()
        paused = []
        for timer in await self.repo.timers_of_user(user_id):
            if timer.due_at is None:
                continue
            left = max(timer.due_at - now, 0.0)
            # Only while the vacation is still on (an end committed first wins), and only the
            # clock as read: its reminders are cancelled by whoever paused it.
            if not await self.repo.pause_timer(timer, left):
                continue
            await self.scheduler.cancel(timer_ref(timer.match_id, timer.seat))
            paused.append(replace(timer, due_at=None, paused_left=left))
        return paused

    async def resume_user(self, user_id: int) -> list[Timer]:
        """Vacation over: every paused clock runs again with the time it had left."""
        await self.scheduler.cancel(vacation_ref(user_id))
        await self.repo.drop_vacation(user_id)
        now = self.clock.now()
        resumed = []
        for timer in await self.repo.timers_of_user(user_id):
            if timer.paused_left is None:
                continue
            updated = replace(timer, due_at=now + timer.paused_left, paused_left=None)
            if not await self.repo.resume_timer(timer, now + timer.paused_left):
                continue
            await self._schedule(updated)
            resumed.append(updated)
        return resumed
