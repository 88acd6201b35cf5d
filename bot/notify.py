"""After a commit: refresh the public board, deliver private views, nudge players.

Runs per match under its own lock so two quick answers cannot post out of order; every render
reads the current state, so the last update always shows the latest position. Board edits are
coalesced per match: a step within a turn waits a short moment, at most one edit is in flight,
and it shows the latest state, so a burst of actions costs one edit; a new turn goes out at once,
before the private prompts it brings. While the process is behind on its news
(`TableService.behind`) a board waits longer (`board_delay_busy`), new turns included: the
prompts go first then, and one edit later shows the steps and turns it folded.
Private views go by DM; when DMs are closed (error 50007) or the player opted out, the status
message naming them (with its "My hand" button) is their one channel message of the turn. A
decision the status does not name (a hidden card's) gets no channel message at all: announcing
it would tell the table what they hold; it waits in their "My hand" view. The last
prompt delivered to each seat is also stored, so a process taking a match over from another does
not send it again, and reconciliation (`bot/reconcile.py`) can find a seat whose open prompt never
reached it. A DM that fails for a passing reason (a server error, a dropped connection) is not
replaced by a channel notice: nothing is recorded, and reconciliation sends it again shortly.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord

from bot import plugins
from bot.clock import Clock, SystemClock
from bot.dm_channels import DmChannels
from bot.i18n import t
from bot.postbox import Postbox, Posted, RestPostbox
from bot.prefs import PrefsService
from bot.render import board_payload, private_payload, result_payload
from bot.render.common import event_line, seat_name
from bot.render.items import custom_ids
from bot.render.limits import CONTENT, clip
from bot.table import KeyedLocks, Live, Outcome, TableService
from engine.core import Event, Prompt
from storage.row_cache import served_from_memory

log = logging.getLogger(__name__)

DMS_CLOSED = 50007


@dataclass
class PrivateNote:
    """The last private message a seat received, so it can be edited instead of re-sent."""

    channel_id: int
    message_id: int
    pid: int | None
    turn: Any
    buttons: bool = True  # does it still show components? (no need to strip them if not)


@dataclass(frozen=True)
class Shown:
    """What a private view showed when it was rendered: its prompt, the turn and the step."""

    prompt: Prompt | None
    turn: Any
    step: int


@dataclass
class BoardJob:
    """A board refresh waiting or under way for one match."""

    dirty: bool = True  # something changed since the last render
    hurried: bool = False  # skip the wait (a new turn, game over, shutdown)
    task: asyncio.Task[None] | None = None
    _waiter: asyncio.Future[None] | None = None

    def hurry(self) -> None:
        self.hurried = True
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    async def pause(self, seconds: float) -> None:
        """Wait `seconds`, or until hurried (a future and a timer: no task per wait)."""
        if self.hurried:
            return
        loop = asyncio.get_running_loop()
        self._waiter = waiter = loop.create_future()
        timer = loop.call_later(seconds, _wake, waiter)
        try:
            await waiter
        finally:
            timer.cancel()
            self._waiter = None


def _wake(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)


class Notifier:
    def __init__(
        self,
        client: discord.Client,
        table: TableService,
        prefs: PrefsService,
        board_max_age: float = 3600.0,
        clock: Clock | None = None,
        board_delay: float = 0.5,
        postbox: Postbox | None = None,
        board_delay_busy: float | None = None,
    ) -> None:
        self.client = client
        # The messages of play (board edits, private views) go without reading Discord's copy back.
        self.postbox: Postbox = postbox or RestPostbox(client)
        self.clock: Clock = clock or SystemClock()
        self.table = table
        self.prefs = prefs
        self.board_max_age = board_max_age
        self.board_delay = board_delay
        # while the table is behind (TableService.behind), a board change waits this long, a new
        # turn too (the end never waits)
        self.board_delay_busy = board_delay if board_delay_busy is None else max(board_delay_busy, board_delay)
        self._locks = KeyedLocks()  # per match, only while an outcome of it is being handled
        self._boards: dict[int, BoardJob] = {}  # only while a board refresh waits or runs
        self._notes: dict[tuple[int, int], PrivateNote] = {}  # dropped when the game ends
        # (match, user) -> clicks of theirs being answered: the click's own reply will show them
        # their view, so another outcome's follow-up leaves their message alone meanwhile
        self._replying: dict[tuple[int, int], int] = {}
        self.dms_closed: set[int] = set()
        # a DM costs one request rather than three: the channel opened once for good
        self.dm_channels = DmChannels(client, table.store.dm_channels)
        # Told of a match whose private view could not be delivered for a passing reason, so
        # reconciliation tries again soon (the reconciler's; default: wait for its next round).
        self.missed: Callable[[int], None] = lambda match_id: None
        self._recording: set[asyncio.Future[None]] = set()  # deliveries being recorded

    async def reaches_by_dm(self, user_id: int) -> bool:
        """Do this user's prompts go by DM? (as far as this process knows: DMs found closed
        here, or hands kept in the channel by choice, say no)"""
        return user_id not in self.dms_closed and (await self.prefs.get(user_id)).dm_hands

    def channel(self, live: Live) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(live.record.channel_id, guild_id=live.record.guild_id)

    # -- entry point -------------------------------------------------------------------------
    async def on_outcome(self, outcome: Outcome) -> None:
        # This process just committed the outcome: the rows read while telling everyone (the
        # players' preferences) come from memory while they are current (storage.row_cache).
        async with self._locks.hold(outcome.match_id):
            with served_from_memory():
                await self._on_outcome(outcome)

    async def _on_outcome(self, outcome: Outcome) -> None:
        live = await self.table.live_of(outcome)
        status = live.record.status
        ended = outcome.kind == "abandon" or status in ("abandoned", "finished")
        # A new turn (or the end) reaches the board before anyone's private prompt, so the
        # table never sees a decision under way with the previous turn still on show; the
        # steps within a turn are coalesced.
        # While the table is behind, a new turn waits with the steps (BOARD_EDIT_DELAY_BUSY):
        # fewer edits, each showing more; the end never waits.
        turn = self._turn(live)
        urgent = ended or (turn != live.board_turn and not self.table.behind)
        live.board_turn = turn
        await self.refresh_board(live.id, now=urgent)
        await self._automa_lines(live, outcome)
        if outcome.kind == "abandon" or status == "abandoned":
            await self.channel(live).send(t("notice.abandoned", live.record.locale, id=live.id))
            await self._close_privates(live)
            return
        if status == "finished":
            if outcome.finished:
                await self.channel(live).send(**result_payload(live, live.record.locale).kwargs())
            await self._close_privates(live)
            return
        skip = outcome.seat if outcome.via == "component" else None
        await self._privates(live, skip)

    # -- the board, coalesced -----------------------------------------------------------------
    async def refresh_board(self, match_id: int, now: bool = False) -> None:
        """Have the board show the current state soon (`now`: before returning)."""
        job = self._boards.get(match_id)
        if job is None:
            job = self._boards[match_id] = BoardJob()
            job.task = asyncio.create_task(self._board_worker(match_id, job), name=f"board-{match_id}")
        job.dirty = True
        if now:
            job.hurry()
            assert job.task is not None
            await asyncio.shield(job.task)

    async def _board_worker(self, match_id: int, job: BoardJob) -> None:
        try:
            while job.dirty:
                delay = self.board_delay_busy if self.table.behind else self.board_delay
                if delay > 0:
                    await job.pause(delay)
                job.dirty = False
                try:
                    # fresh: another process may have posted a newer board than the cached one.
                    # The worker follows this process's commits (or a reconciliation that read
                    # the match), so an untouched copy is taken without a read.
                    await self.update_board(await self.table.fresh(match_id, after_own_commit=True))
                except Exception:
                    log.exception("board of match %s not updated", match_id)
        finally:
            if self._boards.get(match_id) is job:
                del self._boards[match_id]

    async def recorded(self) -> None:
        """Wait until every delivery made so far is recorded (see `_record_later`)."""
        while self._recording:
            await asyncio.gather(*self._recording, return_exceptions=True)

    async def flush(self, timeout: float) -> None:
        """Send the board edits still waiting (shutdown): at most `timeout` seconds."""
        tasks: list[asyncio.Future[None]] = []
        for job in list(self._boards.values()):
            job.hurry()
            if job.task is not None:
                tasks.append(job.task)
        tasks += self._recording  # and the deliveries still being recorded
        if tasks:
            await asyncio.wait(tasks, timeout=timeout)

    # -- the board ----------------------------------------------------------------------------
    async def update_board(self, live: Live, retry: bool = True) -> None:
        """Edit the match's board, or post a new one when it is missing or old. Several processes
        may do this for one match; the board they record is compared and set, see below."""
        if live.match is None:
            return
        payload = board_payload(live, live.record.locale)
        channel = self.channel(live)
        record = live.record
        seen = record.board_message_id  # the board this decision is based on
        now = self.clock.now()
        if (
            record.board_message_id
            and record.board_posted_at
            and now - record.board_posted_at < self.board_max_age
        ):
            try:
                await self.postbox.patch(record.channel_id, record.board_message_id, **payload.edit_kwargs())
                return
            except discord.NotFound:
                pass
        elif record.board_message_id:
            # Leave the old board in history, but without buttons that would now mislead.
            await self._strip(channel.get_partial_message(record.board_message_id))
        message = await channel.send(**payload.kwargs())
        if await self.table.set_board(live.id, message.id, now, expect=seen):
            return
        # Another process posted a board for this match meanwhile and recorded it first: take
        # this one back, so the channel never keeps two boards with live buttons, and bring the
        # other up to date (it may show an older state than this process has).
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(message.id).delete()
        if retry:
            await self.update_board(await self.table.get(live.id), retry=False)

    # -- private views ------------------------------------------------------------------------
    async def _privates(self, live: Live, skip: int | None) -> None:
        for seat, spec in enumerate(live.record.seats):
            if spec.kind != "human" or spec.user_id is None or seat == skip:
                continue
            if (live.id, spec.user_id) in self._replying:
                # Their click is being answered: its reply shows the view as it is then, and
                # `caught_up` sends anything newer. Sending it here too would race that reply
                # (an edit arriving after it would show a prompt already answered).
                continue
            await self._bring_up_to_date(live, seat)

    async def _bring_up_to_date(self, live: Live, seat: int) -> None:
        """Send the seat its open prompt unless its message shows it already; a message showing
        a prompt no longer open loses its controls."""
        prompt = live.prompt_for(seat)
        note = self._notes.get((live.id, seat))
        if prompt is None:
            if note is not None and note.pid is not None:
                await self._refresh_note(live, seat, note)
            return
        if note is not None and note.pid == prompt.pid:
            return
        await self.deliver(live, seat)

    async def deliver(self, live: Live, seat: int) -> None:
        """Send (or update) `seat`'s private view by DM, falling back to a channel notice."""
        spec = live.record.seats[seat]
        assert spec.user_id is not None
        user_id = spec.user_id
        prefs = await self.prefs.get(user_id)
        locale = await self.prefs.locale_for(user_id, live.record.locale)
        prompt = live.prompt_for(seat)
        turn = self._turn(live)
        if prefs.dm_hands and user_id not in self.dms_closed:
            note = self._notes.get((live.id, seat))
            if note is None and prompt is not None and await self._delivered(live, seat, prompt):
                return  # another process (or this one before a restart) already sent this prompt
            payload = private_payload(live, seat, locale)
            try:
                if note is not None and note.turn == turn:
                    await self.postbox.patch(
                        note.channel_id, note.message_id, **payload.edit_kwargs(replace=True)
                    )
                    note.pid = prompt.pid if prompt else None
                    note.buttons = payload.view is not None
                    await self._sent(live, seat, prompt, dm=(note.channel_id, note.message_id))
                    return
                if note is not None and note.buttons:
                    await self._strip(
                        self.client.get_partial_messageable(note.channel_id).get_partial_message(
                            note.message_id
                        )
                    )
                kwargs = payload.kwargs()
                if prompt is not None:
                    kwargs["nonce"] = prompt_nonce(live.id, seat, turn)
                asked = time.time()
                message = await self.postbox.post(await self.dm_channels.channel_id(user_id), **kwargs)
                if message.created_at < asked - REPEAT_AGE or _shows_other_controls(message, payload.view):
                    # Discord returned the message this seat got earlier in the turn (sent by a
                    # process that died before recording it, or by another process that served
                    # an earlier prompt of this turn): bring it up to date.
                    message = await self.postbox.patch(
                        message.channel_id, message.id, **payload.edit_kwargs()
                    )
                self._notes[(live.id, seat)] = PrivateNote(
                    message.channel_id,
                    message.id,
                    prompt.pid if prompt else None,
                    turn,
                    payload.view is not None,
                )
                self._record_later(live, seat, prompt, dm=(message.channel_id, message.id))
                return
            except discord.Forbidden as exc:
                if exc.code == DMS_CLOSED:
                    self.dms_closed.add(user_id)
                else:
                    log.warning("DM to %s refused: %s", user_id, exc)
            except (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError) as exc:
                # Passing (a 5xx, a dropped connection, rate limits past their retries): no
                # channel notice in its place; reconciliation sends the view again shortly.
                log.warning("DM to %s failed, to be sent again: %s", user_id, exc)
                self.missed(live.id)
                return
        # Without DMs, the status message naming them (with its "My hand" button) is the one
        # channel message of their turn; a decision it does not name exists only because of a
        # hidden card, and a channel notice would tell the table what they hold.
        if prompt is not None:
            await self._sent(live, seat, prompt, via="notice")

    async def _delivered(self, live: Live, seat: int, prompt: Prompt) -> bool:
        """Has this seat already been sent this prompt (by any process, in any life)?"""
        found = await self.table.store.notices.delivered(live.id, seat)
        return found is not None and found.covers(prompt.pid, self._step(live))

    async def _sent(
        self, live: Live, seat: int, prompt: Prompt | None, via: str = "dm", dm: tuple[int, int] | None = None
    ) -> None:
        """Record the delivered prompt for other processes and for reconciliation (after
        sending: a crash in between may repeat a DM, never lose one); a DM with its message, so
        the end of the game can be told in it after a restart."""
        written = self._record(live, seat, prompt, via, dm)
        if written is not None:
            await written

    @staticmethod
    def _step(live: Live) -> int:
        return live.match.version if live.match is not None else 0

    async def reconcile(self, live: Live, seats: list[int]) -> None:
        """Deliver the open prompts of `seats` that never reached them (reconciliation), with the
        board brought up to date first, as after a commit."""
        async with self._locks.hold(live.id):
            live.board_turn = self._turn(live)
            await self.refresh_board(live.id, now=True)
            for seat in seats:
                prompt = live.prompt_for(seat)
                if prompt is None or await self._delivered(live, seat, prompt):
                    continue
                self._notes.pop((live.id, seat), None)  # what this process sent is not the prompt
                await self.deliver(live, seat)
            await self.recorded()  # what reconciliation checks next is what it just delivered

    @contextlib.contextmanager
    def replying(self, match_id: int, user_id: int) -> Iterator[None]:
        """While a click of `user_id` in this match is being answered (see `_privates`)."""
        key = (match_id, user_id)
        self._replying[key] = self._replying.get(key, 0) + 1
        try:
            yield
        finally:
            left = self._replying[key] - 1
            if left:
                self._replying[key] = left
            else:
                del self._replying[key]

    async def caught_up(self, live: Live, seat: int, shown: Shown) -> None:
        """After a click's reply showing `shown`: if the seat's prompt moved on meanwhile
        (another answer committed while the reply was on its way), send the newer one now."""
        prompt = live.prompt_for(seat)
        if (prompt.pid if prompt else None) == (shown.prompt.pid if shown.prompt else None):
            return
        user_id = live.record.seats[seat].user_id
        if user_id is not None and (live.id, user_id) in self._replying:
            return  # another click of theirs is being answered: its reply shows the newer view
        async with self._locks.hold(live.id):
            await self._bring_up_to_date(live, seat)

    def shown(self, live: Live, seat: int) -> Shown:
        """What a private view of `seat` rendered now shows (to note once it is sent: the match
        may move on while the message is on its way)."""
        return Shown(live.prompt_for(seat), self._turn(live), self._step(live))

    def note_private(
        self, live: Live, seat: int, message: discord.Message | None, shown: Shown | None = None
    ) -> None:
        """A component handler refreshed `seat`'s private message itself with the view `shown`
        (default: the current one); remember it if it is a DM."""
        shown = shown or self.shown(live, seat)
        prompt = shown.prompt
        if message is not None and message.guild is None and not message.flags.ephemeral:
            # The message shows the view rendered for that prompt: buttons iff one.
            self._notes[(live.id, seat)] = PrivateNote(
                message.channel.id,
                message.id,
                prompt.pid if prompt else None,
                shown.turn,
                prompt is not None,
            )
        elif (note := self._notes.get((live.id, seat))) is not None:
            note.pid = prompt.pid if prompt else None
        if prompt is not None:
            # The clicker saw their next prompt in the clicked message: that is its delivery.
            self._record_later(live, seat, prompt, via="reply", step=shown.step)

    def _record_later(
        self,
        live: Live,
        seat: int,
        prompt: Prompt | None,
        via: str = "dm",
        dm: tuple[int, int] | None = None,
        step: int | None = None,
    ) -> None:
        """Record a delivery without holding up what follows (the match's next outcome waits on
        this one's handling): records go out together (`storage.notices`), after the send.
        `step`: the match's step the delivered view showed (default: the current one)."""
        # queued for the next group write at once: no task per delivery
        written = self._record(live, seat, prompt, via, dm, step)
        if written is not None:
            self._recording.add(written)
            written.add_done_callback(self._recorded)

    def _record(
        self,
        live: Live,
        seat: int,
        prompt: Prompt | None,
        via: str,
        dm: tuple[int, int] | None,
        step: int | None = None,
    ) -> asyncio.Future[None] | None:
        """The delivery's record, queued for the next group write (None: no prompt to record)."""
        if prompt is None:
            return None
        step = self._step(live) if step is None else step
        return self.table.store.notices.queue(live.id, seat, prompt.pid, step, via, dm)

    def _recorded(self, written: asyncio.Future[None]) -> None:
        self._recording.discard(written)
        if not written.cancelled() and (exc := written.exception()) is not None:
            log.warning("delivery not recorded (reconciliation will tell): %s", exc)

    async def _refresh_note(self, live: Live, seat: int, note: PrivateNote) -> None:
        spec = live.record.seats[seat]
        locale = await self.prefs.locale_for(spec.user_id or 0, live.record.locale)
        payload = private_payload(live, seat, locale)
        try:
            await self.postbox.patch(note.channel_id, note.message_id, **payload.edit_kwargs(replace=True))
            note.buttons = payload.view is not None
        except discord.HTTPException as exc:
            log.info("could not refresh private view: %s", exc)
        note.pid = None

    async def _close_privates(self, live: Live) -> None:
        """The game is over: each player's last private message says so, without buttons."""
        abandoned = live.record.status == "abandoned"
        stored: dict[int, tuple[int, int]] | None = None
        for seat, spec in enumerate(live.record.seats):
            note = self._notes.pop((live.id, seat), None)
            if note is not None:
                where = (note.channel_id, note.message_id)
            else:  # sent before a restart, or by another process: the stored message
                if stored is None:
                    stored = await self.table.store.notices.last_dms(live.id)
                if seat not in stored:
                    continue
                where = stored[seat]
            locale = await self.prefs.locale_for(spec.user_id or 0, live.record.locale)
            ended = t("dm.game_abandoned" if abandoned else "dm.game_ended", locale, id=live.id)
            message = self.client.get_partial_messageable(where[0]).get_partial_message(where[1])
            with contextlib.suppress(discord.HTTPException):
                await message.edit(content=ended, view=None)

    async def _strip(self, message: discord.PartialMessage) -> None:
        with contextlib.suppress(discord.HTTPException):
            await message.edit(view=None)

    @staticmethod
    def _turn(live: Live) -> Any:
        if live.match is None:
            return None
        # the game's own marker when it keeps one, else the state's kept public view
        return live.match.turn_marker(lambda: live.view(None))

    # -- bot seats ----------------------------------------------------------------------------
    async def _automa_lines(self, live: Live, outcome: Outcome) -> None:
        """An opponent the rules run themselves (a solo automa) moves inside other seats' answers;
        its moves get a channel line of their own, as a bot seat's do."""
        seats = live.record.seats
        ruled = {
            e.seat
            for e in outcome.events
            if e.public
            and e.seat is not None
            and e.seat != outcome.seat
            and (e.seat >= len(seats) or seats[e.seat].kind == "automa")
        }
        for seat in sorted(ruled):
            await self.bot_summary(live, seat, [e for e in outcome.events if e.public and e.seat == seat])

    async def bot_summary(self, live: Live, seat: int, events: list[Event]) -> None:
        """One compact line for what a bot seat just did."""
        locale = live.record.locale
        me = f"**{seat_name(live, seat)}** "
        lines = plugins.ui(live.record.game).wording.summary(live, events, locale)
        if lines is None:
            lines = []
            for event in events:
                if event.kind in ("turn_start", "shuffle", "setup"):
                    continue
                line = event_line(live, event, locale)
                lines.append(line[len(me) :] if line.startswith(me) else line)
        if not lines:
            return
        counted: list[tuple[str, int]] = []
        for line in lines:
            if counted and counted[-1][0] == line:
                counted[-1] = (line, counted[-1][1] + 1)
            else:
                counted.append((line, 1))
        text = me + " · ".join(line if n == 1 else f"{line} ×{n}" for line, n in counted)
        await self.channel(live).send(clip(text, CONTENT), allowed_mentions=discord.AllowedMentions.none())


def _shows_other_controls(message: Posted, view: discord.ui.View | None) -> bool:
    """Does `message` carry other components than `view` would? (Custom ids name the prompt, so
    a message returned for an earlier prompt of the turn differs from the one just built.)"""
    shown = message.custom_ids()
    wanted = custom_ids(view.to_components()) if view else set()
    return bool(shown) and shown != wanted  # none shown: nothing known to be out of date


def prompt_nonce(match_id: int, seat: int, turn: Any) -> str:
    """The nonce of a seat's private view with a decision, sent as a new DM: one per match, seat
    and turn, as the view is one message per turn (edited as its prompts change). If a process
    died after sending it and before recording so, Discord (which enforces the nonce for a few
    minutes) returns that message to the re-delivery instead of sending a copy."""
    text = f"p{match_id}.{seat}.{turn}"
    return text if len(text) <= 25 else hashlib.sha256(text.encode()).hexdigest()[:25]


# A message returned by a send that is older than this was not made by it (an enforced nonce).
REPEAT_AGE = 1.0
