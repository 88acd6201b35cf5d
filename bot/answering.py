"""Answering: every way a player acts in a game goes answer -> commit -> publish through here.

A prompt's button or select (in a DM or an ephemeral message), `/play`, `/hand`, and the paging
and drafting of long prompts. This layer finds the player's match, decides when a click is
deferred, submits through the table service, builds the replies, and announces the outcome once
it is committed. The cog only translates the interaction into a call and hands over a
`Responder` (the interaction as this layer needs it), so the same path runs without Discord.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.delivery import DELIVERY_ERRORS
from bot.drafts import Drafts
from bot.errors import UserError
from bot.i18n import t
from bot.notify import Shown
from bot.render import BOARD_IMAGE, private_payload
from bot.render.common import option_label
from bot.table import Live, Outcome, TableService

log = logging.getLogger(__name__)

# An answer committed within this many seconds of the click (Discord's clock: the interaction
# id) goes back in the click's own callback, UPDATE_MESSAGE (one request); only past it is the
# click deferred, with half of Discord's 3-second window still ahead for the deferral.
ANSWER_BUDGET = 1.5
# A process whose answers lately took longer than BUSY to commit defers clicks at once: waiting
# out the budget first would only delay their acknowledgement. Many answers under way at once
# (BUSY_ANSWERS, a burst) do the same. Under ordinary load answers commit within milliseconds and
# the callback carries them, so neither threshold is near what a saturated process sees.
BUSY = 1.0
BUSY_ANSWERS = 256


class Pace:
    """How answers have been going: a moving average of the time from click (as Discord dated it)
    to commit, and how many are under way right now."""

    def __init__(self, weight: float = 0.2) -> None:
        self.weight = weight
        self.seconds = 0.0
        self.running = 0

    def begin(self) -> None:
        self.running += 1

    def end(self, seconds: float) -> None:
        self.running -= 1
        self.seconds += self.weight * (seconds - self.seconds)

    @property
    def busy(self) -> bool:
        return self.seconds > BUSY or self.running > BUSY_ANSWERS


# a click's reply as sent: the table, the clicker's seat and what the reply showed (the notifier's)
Replied = tuple[Live, int, Shown]


@dataclass(frozen=True)
class Player:
    """Who acts, and where: a guild channel (its game) or a DM (their latest running game)."""

    user_id: int
    guild_id: int | None = None
    channel_id: int | None = None


@dataclass(frozen=True)
class Reply:
    """What the player is shown back: their private view, with a line of text at times."""

    embed: discord.Embed
    view: discord.ui.View | None = None  # None: no components (an edit removes them)
    content: str | None = None
    image: bytes | None = None  # a picture for the embed (a game's preview of the choice)

    def edit_kwargs(self) -> dict[str, Any]:
        """For edits: the picture replaces the message's files (none: an earlier one goes)."""
        files = [discord.File(io.BytesIO(self.image), filename=BOARD_IMAGE)] if self.image else []
        return {"embed": self.embed, "view": self.view, "attachments": files}

    def send_kwargs(self) -> dict[str, Any]:
        """For a new message: no view means no components, no picture no file."""
        kwargs: dict[str, Any] = {"embed": self.embed, "view": self.view or discord.utils.MISSING}
        if self.image:
            kwargs["file"] = discord.File(io.BytesIO(self.image), filename=BOARD_IMAGE)
        return kwargs


class Responder(Protocol):
    """The interaction being answered, as this layer needs it (the cog adapts Discord's)."""

    @property
    def id(self) -> int: ...

    @property
    def user_id(self) -> int: ...

    @property
    def created_at(self) -> float:
        """When Discord created the interaction (epoch seconds): its deadline counts from here."""
        ...

    def answered(self) -> bool:
        """Has the interaction been acknowledged (deferred or replied to)?"""
        ...

    async def defer(self) -> None:
        """Acknowledge now and answer later; raises discord.HTTPException if Discord refuses."""
        ...

    async def update(self, reply: Reply) -> discord.Message | None:
        """Show `reply` in the clicked message: as the callback if not acknowledged yet, else by
        editing the deferred response. Returns the message when known; raises
        discord.HTTPException if the interaction can no longer be answered."""
        ...

    async def send(self, reply: Reply) -> None:
        """Answer with a message of its own (only the player sees it)."""
        ...

    async def report(self, exc: Exception, locale: str, game: str | None) -> None:
        """Tell the player why their action was refused, or that it failed."""
        ...


class PrivateViews(Protocol):
    """The part of the notifier the click path uses (kept narrow so it is easy to fake)."""

    async def deliver(self, live: Live, seat: int) -> None: ...

    def shown(self, live: Live, seat: int) -> Shown: ...

    def replying(self, match_id: int, user_id: int) -> contextlib.AbstractContextManager[None]: ...

    async def caught_up(self, live: Live, seat: int, shown: Shown) -> None: ...

    def note_private(
        self, live: Live, seat: int, message: discord.Message | None, shown: Shown | None = None
    ) -> None: ...


class Answering:
    def __init__(self, table: TableService, privates: PrivateViews, drafts: Drafts) -> None:
        self.table = table
        self.privates = privates
        self.drafts = drafts
        self.pace = Pace()

    # -- finding the player's match --------------------------------------------------------------
    async def find(self, player: Player) -> tuple[Live, int]:
        """The player's game in this channel, or (in DMs) their most recent running game, as
        stored now: what it lets the player do is judged on it, so a copy another process has
        moved on since (several processes share every game a DM click reaches) is reloaded."""
        table = self.table
        if player.guild_id is not None and player.channel_id is not None:
            live = await table.for_channel(player.channel_id, fresh=True)
        else:
            mine = [
                r
                for r in await table.store.matches.with_status("active")
                if r.seat_of(player.user_id) is not None
            ]
            if not mine:
                raise UserError("error.no_game_for_you")
            live = await table.fresh(mine[-1].id)
        seat = live.record.seat_of(player.user_id)
        if seat is None:
            raise UserError("error.not_a_player")
        return live, seat

    async def _seated(self, match_id: int, user_id: int) -> tuple[Live, int]:
        live = await self.table.fresh(match_id)
        seat = live.record.seat_of(user_id)
        if seat is None:
            raise UserError("error.not_a_player")
        return live, seat

    # -- /hand and the "my hand" button -----------------------------------------------------------
    async def hand(self, player: Player, locale: str) -> Reply:
        live, seat = await self.find(player)
        return self._hand(live, seat, locale)

    async def hand_in(self, match_id: int, user_id: int, locale: str) -> Reply:
        live, seat = await self._seated(match_id, user_id)
        return self._hand(live, seat, locale)

    @staticmethod
    def _hand(live: Live, seat: int, locale: str) -> Reply:
        if live.match is None:
            raise (
                UserError("error.match_quarantined", id=live.id)
                if live.held
                else UserError("error.not_started")
            )
        return private_reply(live, seat, locale)

    # -- /play: an answer by name ------------------------------------------------------------------
    async def play(self, player: Player, choice: str, locale: str, responder: Responder) -> None:
        """Refusals before the answer is under way raise (the command's own error reply); from
        the deferral on they are reported through `responder`."""
        live, seat = await self.find(player)
        prompt = live.prompt_for(seat)
        if prompt is None:
            raise UserError("error.not_your_turn")
        if prompt.max != 1 or prompt.ordered:
            raise UserError("error.use_hand")
        pid, index = parse_choice(live, prompt.pid, prompt.options, choice, locale)
        await responder.defer()
        try:
            outcome = await self.table.submit_indices(live.id, player.user_id, pid, [index], via="command")
        except Exception as exc:  # noqa: BLE001 - reported with the game's card names
            await responder.report(exc, locale, live.record.game)
            return
        # Committed: whatever happens to this reply, everyone else hears about it.
        try:
            live = await self.table.get(live.id)
            await responder.send(private_reply(live, seat, locale, content=t("notice.done", locale)))
        except DELIVERY_ERRORS as exc:
            log.info("/play %s could not be answered: %s", responder.id, exc)
            await self.privates.deliver(live, seat)
        finally:
            await self.table.announce(outcome)

    async def choices(self, player: Player, current: str, locale: str) -> list[tuple[str, str]]:
        """(label, value) of the options `current` matches, for /play's autocomplete; none when
        the player has no game here or no single-pick prompt."""
        try:
            live, seat = await self.find(player)
        except UserError:
            return []
        prompt = live.prompt_for(seat)
        if prompt is None or prompt.max != 1:
            return []
        key = current.casefold()
        out = []
        for i, option in enumerate(prompt.options):
            label = option_label(live.record.game, option, locale)
            if key in label.casefold():
                out.append((label, f"{prompt.pid}:{i}"))
        return out

    # -- drafts and pages: the prompt's message redrawn, nothing submitted --------------------------
    async def draft(self, match_id: int, pid: int, user_id: int, indices: list[int], locale: str) -> Reply:
        self.drafts.add(match_id, pid, user_id, indices)
        return await self.redraw(match_id, pid, user_id, 0, locale)

    async def reset(self, match_id: int, pid: int, user_id: int, locale: str) -> Reply:
        self.drafts.clear(match_id, pid, user_id)
        return await self.redraw(match_id, pid, user_id, 0, locale)

    async def redraw(self, match_id: int, pid: int, user_id: int, page: int, locale: str) -> Reply:
        live, seat = await self._seated(match_id, user_id)
        prompt = live.prompt_for(seat)
        if prompt is None or prompt.pid != pid:
            raise UserError("error.stale_prompt")
        draft = self.drafts.get(match_id, pid, user_id)
        payload = private_payload(live, seat, locale, page=page, draft=draft)
        return Reply(payload.embed, payload.view, image=payload.image)

    # -- clicks: an answer by position -------------------------------------------------------------
    async def confirm(self, responder: Responder, match_id: int, pid: int, locale: str) -> None:
        """Submit the picks gathered in the draft."""
        picks = self.drafts.get(match_id, pid, responder.user_id)
        await self.answer(responder, match_id, pid, picks, locale)

    async def answer(
        self, responder: Responder, match_id: int, pid: int, indices: list[int], locale: str
    ) -> None:
        """Commit the answer, then answer the click with the refreshed message in one callback
        (UPDATE_MESSAGE) when that was quick; work that may approach Discord's 3-second window
        (a match to rebuild from its log, a slow database) is deferred first. Then tell everyone."""
        table = self.table
        # Ages count from Discord's creation of the click, so time spent queued here before this
        # handler ran counts too: what is left of the budget, and what the pace learns. (A local
        # clock running ahead only makes clicks deferred more often.)
        created = responder.created_at
        budget = min(ANSWER_BUDGET, ANSWER_BUDGET - (time.time() - created))
        # A match to rebuild from its log first, a busy process, a click already old: defer now.
        if table.cached(match_id) is None or self.pace.busy or budget <= 0:
            await responder.defer()
        outcome: Outcome | None = None
        replied: Replied | None = None
        try:
            # Until the clicker's reply is out, other outcomes' follow-ups leave their message
            # alone (the reply shows their view); anything newer is sent once it is out.
            with self.privates.replying(match_id, responder.user_id):
                # The answer runs in this task; a timer defers the click if the budget runs out
                # first (a task and a wait per click would cost more than most answers do).
                late: list[asyncio.Task[None]] = []
                timer = (
                    None
                    if responder.answered()
                    else asyncio.get_running_loop().call_later(
                        budget, lambda: late.append(asyncio.ensure_future(self._defer(responder)))
                    )
                )
                self.pace.begin()
                try:
                    try:
                        outcome = await table.submit_indices(
                            match_id, responder.user_id, pid, indices, via="component"
                        )
                    finally:
                        self.pace.end(time.time() - created)
                        if timer is not None:
                            timer.cancel()
                        for deferral in late:  # the click's acknowledgement is out before its answer
                            await deferral
                except Exception as exc:  # noqa: BLE001 - refusals are answered, and the stale message refreshed
                    if not responder.answered():
                        await self._defer(responder)
                    live = await table.get(match_id)
                    await responder.report(exc, locale, live.record.game)
                    replied = await self._refresh_clicked(responder, live, locale)
                else:
                    # Committed: whatever happens to this click's reply, everyone else hears of it.
                    self.drafts.clear(match_id, pid, responder.user_id)
                    live = await table.get(match_id)
                    replied = await self._refresh_clicked(responder, live, locale)
            if replied is not None:
                await self.privates.caught_up(*replied)
        finally:
            if outcome is not None:
                await table.announce(outcome)

    @staticmethod
    async def _defer(responder: Responder) -> None:
        """Defer once the answer is under way; if the click can no longer be answered (its window
        closed), the answer still goes on, and the clicker's view is sent another way."""
        try:
            await responder.defer()
        except DELIVERY_ERRORS as exc:
            log.info("click %s could not be deferred: %s", responder.id, exc)

    async def _refresh_clicked(self, responder: Responder, live: Live, locale: str) -> Replied | None:
        """Show the clicker their new position in the clicked message; if the click can no
        longer be answered at all, as a private view the usual way (DM, or the channel notice).
        Returns what the reply showed, for `PrivateViews.caught_up`."""
        seat = live.record.seat_of(responder.user_id)
        if seat is None or live.match is None:
            if not responder.answered():
                await self._defer(responder)
            return None
        # what the reply shows is noted as of now: the match may move on while it is on its way
        shown = self.privates.shown(live, seat)
        try:
            message = await responder.update(private_reply(live, seat, locale))
        except DELIVERY_ERRORS as exc:
            log.info("click %s could not be answered: %s", responder.id, exc)
            await self.privates.deliver(live, seat)
            return None
        self.privates.note_private(live, seat, message, shown)
        return live, seat, shown


def private_reply(live: Live, seat: int, locale: str, content: str | None = None) -> Reply:
    payload = private_payload(live, seat, locale)
    return Reply(payload.embed, payload.view, content, payload.image)


def parse_choice(live: Live, pid: int, options: tuple[Any, ...], choice: str, locale: str) -> tuple[int, int]:
    """(prompt id, option index) for /play's `choice`: an autocompleted "pid:index", or an
    option's label or id (a label's beginning will do)."""
    head, _, tail = choice.partition(":")
    if head.isdigit() and tail.isdigit():
        return int(head), int(tail)
    wanted = choice.strip().casefold()
    if not wanted:  # every label begins with nothing: an empty choice must not pick the first
        raise UserError("error.unknown_choice", choice=choice)
    for i, option in enumerate(options):
        label = option_label(live.record.game, option, locale).casefold()
        if wanted in (label, option.id.casefold()) or label.startswith(wanted):
            return pid, i
    raise UserError("error.unknown_choice", choice=choice)
