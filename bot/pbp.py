"""Play-by-post life around the table service: turn clocks and reminders, timeouts handled by
the game's policy, vacations, the status message, table votes and undo.

It listens to the table's outcomes (after each commit) and to the scheduler's due jobs; both
paths only read the committed state, so a restart in between changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.clock import Clock
from bot.errors import UserError
from bot.herald import Button, Herald
from bot.i18n import t
from bot.moderation import Moderation, reseat
from bot.pacing import Pacer
from bot.render import ids
from bot.render.common import seat_name
from bot.scheduler import Scheduler
from bot.status import StatusBoard, jump_link, shown_seats
from bot.table import KeyedLocks, Live, Outcome, TableService
from bot.timers import (
    HOUR,
    REMIND,
    TIMEOUT,
    VACATION_END,
    VACATION_START,
    Passed,
    TurnTimers,
    passed_answer,
    waiting_seats,
)
from bot.undo import UndoService
from bot.votes import REPLACE, UNDO, Ballot, VoteService
from storage.pbp import GameSettings, PbpStore, Timer
from storage.pbp_audit import Vote
from storage.pbp_jobs import Job
from storage.row_cache import served_from_memory

log = logging.getLogger(__name__)

VOTE_YES = "vy"  # button kinds; args: vote id
VOTE_NO = "vn"
ASK_UNDO = "ua"  # args: match, step to rewind to, answers in the log when asked
MAX_WAIT_REPEAT = 24 * HOUR  # the waiting policy reminds at most once a day after the deadline


@dataclass(frozen=True)
class MyGame:
    match_id: int
    game: str
    guild_id: int | None
    waiting_on: tuple[str, ...]
    my_turn: bool
    due_at: float | None
    link: str


async def _table_locale(user_id: int, fallback: str) -> str:
    return fallback


class PlayByPost:
    def __init__(
        self,
        table: TableService,
        store: PbpStore,
        herald: Herald,
        clock: Clock,
        tick: float = 30.0,
        poke: Callable[[int], None] | None = None,
        owner: str = "local",
        lease: float = 60.0,
        locale_for: Callable[[int, str], Awaitable[str]] | None = None,
        reaches_by_dm: Callable[[int], Awaitable[bool]] | None = None,
        status_interval: float = 0.0,
        status_interval_busy: float | None = None,
    ) -> None:
        self.table = table
        # a user's own language for what reaches them alone (DMs); the table's when unknown
        self.locale_for = locale_for or _table_locale
        self.store = store
        self.herald = herald
        self.clock = clock
        self.poke = poke or (lambda match_id: None)
        self.scheduler = Scheduler(store.jobs, clock, tick, owner, lease)
        self.timers = TurnTimers(store.games, self.scheduler, clock)
        self.votes = VoteService(store.audit)
        self.undo = UndoService(table, store.audit)
        # After answers, a game's status is edited at most once per `status_interval`: a burst of
        # quick turns ends in one edit showing where the game stands (bot/pacing.py); while the
        # table is behind, at most once per `status_interval_busy`.
        self.status_pace = Pacer(
            status_interval, self._status_again, status_interval_busy, lambda: table.behind
        )
        self.status = StatusBoard(herald, store.games, clock, owner, lease, reaches_by_dm, self.status_pace)
        self.moderation = Moderation(table, store.audit)
        self._following = KeyedLocks()
        self.scheduler.on(REMIND, self.on_remind)
        self.scheduler.on(TIMEOUT, self.on_timeout)
        self.scheduler.on(VACATION_START, self.on_vacation_start)
        self.scheduler.on(VACATION_END, self.on_vacation_end)

    async def start(self, run_loop: bool = True) -> None:
        """Reload covered seats and catch up every running game, then run the job loop."""
        await self.timers.load()
        for match_id in await self.table.rebuild_live():
            try:
                await self.follow(await self.table.get(match_id))
            except Exception:
                log.exception("could not catch up game %s", match_id)
        if run_loop:
            self.scheduler.start()

    async def stop(self) -> None:
        await self.scheduler.stop()
        await self.status_pace.flush(5.0)  # the status refreshes folded for later, sent now

    # -- after each commit ----------------------------------------------------------------------------
    async def on_outcome(self, outcome: Outcome) -> None:
        # This process just committed the outcome (the trip that did it read the database's
        # generation): what follows reads the play-by-post rows from memory while they are current.
        # One follow-up at a time per match: the next player's click may commit while this one is
        # still following the game, and two at once would race each other's timer and status
        # writes (which also keeps their rows in memory: overlapping writes drop them).
        async with self._following.hold(outcome.match_id):
            with served_from_memory():
                await self._on_outcome(outcome)

    async def _on_outcome(self, outcome: Outcome) -> None:
        live = await self.table.live_of(outcome)
        if outcome.kind == "answer":
            # The game moved on: a pending undo request would now take back more than was asked.
            for vote in await self.votes.cancel_all(live.id, UNDO):
                await self._close_vote_message(live, vote, t("vote.moved_on", live.record.locale))
        await self.follow(live, paced=True, passed=passed_answer(outcome, live))

    async def follow(
        self,
        live: Live,
        note: str | None = None,
        repost: bool = False,
        paced: bool = False,
        passed: Passed | None = None,
    ) -> None:
        """Bring the game's clocks and status up to date (`paced`: an edit of the status as
        `status_pace` allows, for the follow-up of an answer; `passed`: that answer, when the
        game has moved past it, so turns that ended there and came back since count as new)."""
        if live.record.status != "active":
            await self.timers.drop_all(live.id)
            for vote in await self.votes.cancel_all(live.id):
                await self._close_vote_message(live, vote, t("vote.game_over", live.record.locale))
            await self.status.close(live)
            return
        sync = await self.timers.sync(live, passed)
        timers = await self.store.games.timers(live.id)
        renewed = tuple(t.user_id for t in sync.started)
        await self.status.refresh(live, timers, note=note, repost=repost, paced=paced, renewed=renewed)
        shown = set(shown_seats(live))
        for timer in sync.started:
            prefs = await self.store.games.ping_prefs(timer.user_id)
            # A seat the status does not name (a reaction prompt) hears about it only privately.
            if prefs.dm_ping and timer.seat in shown:
                await self._dm_turn(live, timer, "dm.your_turn")

    async def _status_again(self, match_id: int) -> None:
        """The paced status edit: the game as it stands now. It follows this process's own
        commits, as the follow-ups it stands for did, so rows still current come from memory."""
        async with self._following.hold(match_id):
            with served_from_memory():
                live = await self.table.fresh(match_id, after_own_commit=True)
                if live.record.status == "active":  # (the follow-up of the end closed it)
                    await self.status.refresh(live, await self.store.games.timers(match_id))

    async def _dm_turn(self, live: Live, timer: Timer, key: str) -> None:
        settings = await self.store.games.settings(live.id)
        link = jump_link(live.record.guild_id, live.record.channel_id, settings.status_message_id)
        when = f"<t:{int(timer.due_at)}:R>" if timer.due_at else "—"
        locale = await self.locale_for(timer.user_id, live.record.locale)
        await self.herald.dm(timer.user_id, t(key, locale, id=live.id, link=link, when=when))

    # -- reminders and timeouts ---------------------------------------------------------------------------
    async def _job_context(self, job: Job) -> tuple[Live, Timer] | None:
        timer = await self.timers.current(job)
        if timer is None:
            return None
        # Any process may run the job, and another may have moved the game on since it cached it.
        live = await self.table.fresh(timer.match_id)
        if live.record.status != "active" or waiting_seats(live).get(timer.seat) != timer.user_id:
            log.debug("job %s: that turn is over", job.id)
            return None
        return live, timer

    async def on_remind(self, job: Job) -> None:
        found = await self._job_context(job)
        if found is None:
            return
        live, timer = found
        prefs = await self.store.games.ping_prefs(timer.user_id)
        if timer.seat in shown_seats(live):
            # The status goes to the bottom of the channel with the reminder; a player it does not
            # mention (their prompt reached them by DM) is reminded by DM.
            note = t("status.reminder", live.record.locale)
            timers = await self.store.games.timers(live.id)
            settings = await self.status.refresh(live, timers, note=note, repost=True)
            if prefs.dm_ping or timer.user_id not in settings.status_pinged:
                await self._dm_turn(live, timer, "dm.reminder")
        else:
            await self._dm_turn(live, timer, "dm.reminder")

    async def on_timeout(self, job: Job) -> None:
        found = await self._job_context(job)
        if found is None or found[1].covered:
            return
        live, timer = found
        settings = await self.store.games.settings(live.id)
        policy = settings.timeout_policy
        locale = live.record.locale
        name = seat_name(live, timer.seat)
        total = timer.total or HOUR
        if policy == "vote":
            voters = self._other_humans(live, timer.seat)
            if voters:
                await self._open_replace_vote(live, timer, voters)
                await self.timers.extend(timer, total)
                return
            policy = "bot_turn"  # nobody else to ask
        if policy == "wait":
            if not await self.timers.extend(timer, min(total, MAX_WAIT_REPEAT)):
                return  # the turn ended (or paused) since the job was read
            note = t("status.overdue", locale, player=name)
            await self.status.refresh(live, await self.store.games.timers(live.id), note=note, repost=True)
            return
        if not await self.timers.cover(timer):
            return  # the turn ended, or another process covered it already
        await self.herald.post(
            live.record.channel_id, live.record.guild_id, t("notice.timeout_bot", locale, player=name)
        )
        await self.status.refresh(live, await self.store.games.timers(live.id))
        self.poke(live.id)

    @staticmethod
    def _other_humans(live: Live, seat: int) -> list[int]:
        return [
            s.user_id
            for i, s in enumerate(live.record.seats)
            if i != seat and s.kind == "human" and s.user_id is not None
        ]

    async def _open_replace_vote(self, live: Live, timer: Timer, voters: list[int]) -> None:
        existing = [v for v in await self.store.audit.open_votes(live.id, REPLACE) if v.seat == timer.seat]
        vote = await self.votes.open(live.id, REPLACE, timer.seat, timer.started_at, None, voters)
        if existing:
            return
        locale = live.record.locale
        mentions = " ".join(f"<@{uid}>" for uid in voters)
        text = t("vote.replace", locale, voters=mentions, player=seat_name(live, timer.seat), id=live.id)
        await self._post_vote(live, vote, text, voters, locale)

    async def _post_vote(self, live: Live, vote: Vote, text: str, voters: list[int], locale: str) -> None:
        """Post the ballot (mentioning only the voters) and remember its message for later edits."""
        message_id = await self.herald.post(
            live.record.channel_id,
            live.record.guild_id,
            text,
            tuple(voters),
            self._vote_buttons(vote, locale),
        )
        await self.store.audit.set_vote_message(vote, message_id)

    @staticmethod
    def _vote_buttons(vote: Vote, locale: str) -> tuple[Button, ...]:
        yes = "vote.yes_replace" if vote.kind == REPLACE else "vote.yes_undo"
        return (
            Button(ids.button(VOTE_YES, vote.id), t(yes, locale), "success"),
            Button(ids.button(VOTE_NO, vote.id), t("vote.no", locale), "danger"),
        )

    async def _close_vote_message(self, live: Live, vote: Vote, text: str) -> None:
        if vote.message_id:
            await self.herald.edit(live.record.channel_id, vote.message_id, text)

    # -- votes ----------------------------------------------------------------------------------------------
    async def cast(self, vote_id: int, user_id: int, yes: bool) -> tuple[Ballot, Live]:
        vote = await self.store.audit.vote(vote_id)
        if vote is None:
            raise UserError("vote.unknown")
        live = await self.table.get(vote.match_id)
        ballot = await self.votes.cast(vote_id, user_id, yes, live.record.host_id)
        if ballot.outcome == "open":
            return ballot, live
        locale = live.record.locale
        vote = ballot.vote
        if vote.kind == REPLACE:
            live = await self._settle_replace(live, vote, ballot.outcome == "passed")
        elif ballot.outcome == "passed":
            try:
                # Only the process whose ballot closed the vote gets here; `log_count` refuses the
                # rewind if an answer landed since the request (its cancel lost the race).
                live = await self._apply_undo(
                    live, int(vote.target), user_id, "consent", vote.requested_by, vote.log_count
                )
            except UserError:
                await self._close_vote_message(live, vote, t("vote.moved_on", locale))
                raise
            await self._close_vote_message(live, vote, t("vote.undo_passed", locale, step=int(vote.target)))
        else:
            await self._close_vote_message(live, vote, t("vote.undo_failed", locale))
        return ballot, live

    async def _settle_replace(self, live: Live, vote: Vote, passed: bool) -> Live:
        locale = live.record.locale
        name = seat_name(live, vote.seat)
        timer = await self.store.games.timer(live.id, vote.seat, fresh=True)
        if timer is None or timer.started_at != vote.target:
            await self.votes.close(vote)
            await self._close_vote_message(live, vote, t("vote.moot", locale, player=name))
            return live
        if not passed:
            await self._close_vote_message(live, vote, t("vote.replace_failed", locale, player=name))
            return live
        live = await reseat(self.table, live.id, vote.seat, None)
        await self._close_vote_message(live, vote, t("vote.replace_passed", locale, player=name))
        await self.table.announce(Outcome(live.id, "replace", seat=vote.seat, via="system"))
        return live

    async def request_undo(self, match_id: int, user_id: int, target: int, expect_steps: int) -> Vote | None:
        """Ask the table to take back answers down to `target`. The host needs nobody's consent
        (returns None after rewinding); anyone else opens a vote (returned)."""
        live = await self.table.get(match_id)
        seat = live.record.seat_of(user_id)
        if seat is None:
            raise UserError("error.not_a_player")
        count = await self.table.store.log.count(match_id)
        if count != expect_steps:
            raise UserError("undo.moved_on")
        voters = self._other_humans(live, seat)
        if user_id == live.record.host_id or not voters:
            await self._apply_undo(live, target, user_id, "host", user_id, expect_steps)
            return None
        vote = await self.votes.open(match_id, UNDO, seat, target, user_id, voters, log_count=count)
        locale = live.record.locale
        mentions = " ".join(f"<@{uid}>" for uid in voters)
        text = t(
            "vote.undo",
            locale,
            voters=mentions,
            player=seat_name(live, seat),
            count=count - target,
            id=live.id,
        )
        await self._post_vote(live, vote, text, voters, locale)
        return vote

    async def _apply_undo(
        self,
        live: Live,
        target: int,
        actor: int | None,
        reason: str,
        requester: int | None,
        expect_steps: int | None = None,
    ) -> Live:
        fresh, removed = await self.undo.rewind(live.id, target, actor, reason, expect_steps)
        who = f"<@{requester}>" if requester else "?"
        await self.herald.post(
            fresh.record.channel_id,
            fresh.record.guild_id,
            t("notice.undone", fresh.record.locale, player=who, count=removed),
        )
        await self.table.announce(Outcome(fresh.id, "undo", via="system", actor_id=actor))
        return fresh

    async def undo_own(self, match_id: int, user_id: int, steps: int = 1) -> Live:
        """The free undo: raises UndoRefused when the table must be asked instead."""
        live, check = await self.undo.undo(match_id, user_id, steps)
        await self.herald.post(
            live.record.channel_id,
            live.record.guild_id,
            t("notice.undone", live.record.locale, player=f"<@{user_id}>", count=check.steps),
        )
        await self.table.announce(Outcome(live.id, "undo", via="system", actor_id=user_id))
        return live

    # -- vacations ---------------------------------------------------------------------------------------
    async def plan_vacation(self, user_id: int, starts_at: float, ends_at: float) -> None:
        if ends_at <= starts_at or ends_at <= self.clock.now():
            raise UserError("vacation.bad_dates")
        await self.timers.plan_vacation(user_id, starts_at, ends_at)
        if starts_at <= self.clock.now():
            await self.scheduler.run_due()

    async def end_vacation(self, user_id: int) -> None:
        await self.on_vacation_end(Job(0, VACATION_END, "", self.clock.now(), {"user_id": user_id}))

    async def on_vacation_start(self, job: Job) -> None:
        user_id = int(job.payload["user_id"])
        vacation = await self.store.games.vacation(user_id)
        if vacation is None:
            return
        await self.timers.pause_user(user_id)
        await self._announce_to_games(user_id, "vacation.started", until=f"<t:{int(vacation.ends_at)}:f>")

    async def on_vacation_end(self, job: Job) -> None:
        user_id = int(job.payload["user_id"])
        if await self.store.games.vacation(user_id) is None:
            return
        await self.timers.resume_user(user_id)
        await self._announce_to_games(user_id, "vacation.ended")

    async def _announce_to_games(self, user_id: int, key: str, **params: str) -> None:
        for live in await self.games_of(user_id):
            name = seat_name(live, live.record.seat_of(user_id))
            await self.herald.post(
                live.record.channel_id,
                live.record.guild_id,
                t(key, live.record.locale, player=name, **params),
            )
            await self.follow(live)

    # -- queries ------------------------------------------------------------------------------------------
    async def games_of(self, user_id: int) -> list[Live]:
        out = []
        for record in await self.table.store.matches.with_status("active"):
            if record.seat_of(user_id) is not None:
                out.append(await self.table.get(record.id))
        return out

    async def my_games(self, user_id: int) -> list[MyGame]:
        out = []
        for live in await self.games_of(user_id):
            seat = live.record.seat_of(user_id)
            settings = await self.store.games.settings(live.id)
            timer = await self.store.games.timer(live.id, seat) if seat is not None else None
            shown = shown_seats(live)
            message = settings.status_message_id or live.record.board_message_id
            out.append(
                MyGame(
                    live.id,
                    live.record.game,
                    live.record.guild_id,
                    tuple(seat_name(live, s) for s in shown),
                    seat in shown,
                    timer.due_at if timer else None,
                    jump_link(live.record.guild_id, live.record.channel_id, message),
                )
            )
        return out

    async def set_clock(self, live: Live, hours: float | None, policy: str | None) -> GameSettings:
        settings = await self.timers.set_clock(live.id, hours, policy)
        if live.record.status == "active":
            await self.follow(live)
        return settings
