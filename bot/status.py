"""The one status message a running game keeps in its channel: whose turn it is and until when.

Editing a message never notifies anyone, so when someone must be mentioned the old status
message is deleted and a new one posted with the mention; otherwise (the usual turn change: the
player to act hears of it by the DM carrying their prompt) it is edited in place. A reminder
posts it afresh, at the bottom of the channel. The channel thus always holds exactly one current
status per game.

Who is mentioned: a named player whose prompt cannot reach them by DM (DMs closed, or hands
kept in the channel by choice), for whom the status is the one notice of their turn; and one who
asked for channel mentions anyway (/settings ping).

The players who must act now are named (and mentioned by the rule above), several at once where
several must (the victims of an attack); a prompt that exists only because of a hidden card (a
reaction to an attack) is never announced: that would tell the table what its player holds.

Several processes may refresh the same game's status (one took an answer, another ran a
reminder). Posting or replacing the message happens under a claim on the game's row (with a
lease, so a dead holder does not block it for long): two processes never both post a new status
and ping twice. An in-place edit needs no claim; it is recorded only if its message is still the
current one.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, replace

from bot.clock import Clock
from bot.herald import Button, Herald
from bot.i18n import t
from bot.pacing import Pacer
from bot.render import ids
from bot.render.common import acting_seats, seat_name
from bot.table import KeyedLocks, Live
from storage.pbp import GameSettings, PbpRepo, Timer

UNDO = "uu"  # button kind; args: match. Undo my last action.
CLAIM_POLL = 0.05  # seconds between attempts to claim a status message another process holds


def jump_link(guild_id: int | None, channel_id: int, message_id: int | None) -> str:
    where = guild_id if guild_id is not None else "@me"
    tail = f"/{message_id}" if message_id else ""
    return f"https://discord.com/channels/{where}/{channel_id}{tail}"


def shown_seats(live: Live) -> list[int]:
    """Seats the status names and pings: those that must act now, bar hidden-card prompts."""
    return acting_seats(live)


@dataclass(frozen=True)
class StatusLine:
    text: str
    mentions: tuple[int, ...]


async def _never_by_dm(user_id: int) -> bool:
    return False


async def _nothing(match_id: int) -> None:
    return None


class StatusBoard:
    def __init__(
        self,
        herald: Herald,
        repo: PbpRepo,
        clock: Clock,
        owner: str = "local",
        lease: float = 30.0,
        reaches_by_dm: Callable[[int], Awaitable[bool]] | None = None,
        pace: Pacer | None = None,
    ) -> None:
        self.herald = herald
        # How often a paced refresh may edit the message in place (see `refresh`); none: always.
        self.pace = pace or Pacer(0.0, _nothing)
        # Does this user's prompt reach them by DM? (the notifier's word; default: never, so
        # every named player is mentioned)
        self.reaches_by_dm = reaches_by_dm or _never_by_dm
        self.repo = repo
        self.clock = clock
        self.owner = owner  # this process, in claims on a game's status message
        self.lease = lease
        # Answers from people and from bot seats are announced concurrently; without a lock two
        # refreshes would both delete (or edit) the same old status message.
        self._locks = KeyedLocks()

    @contextlib.asynccontextmanager
    async def _claimed(self, match_id: int) -> AsyncIterator[None]:
        """Hold the game's status message across processes. Waits while another process holds it:
        at most until that claim's lease runs out, which ends any wait on a dead holder."""
        deadline = time.monotonic() + 2 * self.lease
        while not await self.repo.claim_status(match_id, self.owner, self.lease):
            if time.monotonic() > deadline:
                raise TimeoutError(f"status message of match {match_id} stayed claimed")
            await asyncio.sleep(CLAIM_POLL)
        try:
            yield
        finally:
            await self.repo.release_status(match_id, self.owner)

    async def compose(
        self, live: Live, timers: dict[int, Timer], settings: GameSettings, note: str | None
    ) -> StatusLine:
        locale = live.record.locale
        lines = []
        mentions: list[int] = []
        for seat in shown_seats(live):
            spec = live.record.seats[seat]
            timer = timers.get(seat)
            who = (
                f"<@{spec.user_id}>"
                if spec.kind == "human" and spec.user_id
                else f"**{seat_name(live, seat)}**"
            )
            line = t("status.waiting", locale, player=who)
            if timer is not None and timer.covered:
                line += " · " + t("status.covered", locale)
            elif timer is not None and timer.paused:
                vacation = await self.repo.vacation(timer.user_id)
                until = int(vacation.ends_at) if vacation else 0
                line += " · " + t("status.paused", locale, until=f"<t:{until}:f>")
            elif timer is not None and timer.due_at is not None:
                line += " · " + t("status.deadline", locale, when=f"<t:{int(timer.due_at)}:R>")
            lines.append(line)
            if spec.user_id and await self.mentions(spec.user_id, timer):
                mentions.append(spec.user_id)
        if not lines:
            lines.append(t("status.bots_thinking", locale))
        head = t("status.head", locale, id=live.id)
        body = "\n".join(lines)
        if note:
            body = f"{note}\n{body}"
        return StatusLine(f"{head}\n{body}", tuple(mentions))

    async def mentions(self, user_id: int, timer: Timer | None) -> bool:
        """Is this named player mentioned in the channel? When their turn is live and the status
        is how they hear of it (no DM reaches them) or they asked for channel mentions."""
        if not await self._pingable(user_id, timer):
            return False
        if not await self.reaches_by_dm(user_id):
            return True
        return (await self.repo.ping_prefs(user_id)).ping

    async def _pingable(self, user_id: int, timer: Timer | None) -> bool:
        """A named player is pinged unless someone covers their turn or their clock is paused.
        A seat whose timer another answer's follow-up is still starting is pinged too (unless
        away): naming them now and pinging them in a second post would be a flicker."""
        if timer is None:
            vacation = await self.repo.vacation(user_id)
            return not (vacation is not None and vacation.active)
        return not timer.covered and not timer.paused

    def buttons(self, live: Live) -> tuple[Button, ...]:
        locale = live.record.locale
        return (
            Button(ids.button(ids.HAND, live.id), t("ui.my_hand", locale), "primary"),
            Button(ids.button(UNDO, live.id), t("status.undo", locale)),
        )

    async def refresh(
        self,
        live: Live,
        timers: dict[int, Timer],
        note: str | None = None,
        repost: bool = False,
        paced: bool = False,
        renewed: tuple[int, ...] = (),
    ) -> GameSettings:
        """Bring the status message up to date; a new mention (or `repost`) posts it afresh.
        `paced`: an edit in place waits its turn (`pace`), and a run of the pacer makes it then;
        a post is never held back (a mention is news). `renewed`: users whose turn has just
        begun, mentioned anew even if the message mentions them already (their last turn ended
        and this one began before the status showed anyone else)."""
        async with self._locks.hold(live.id):
            return await self._refresh(live, timers, note, repost, paced, renewed)

    async def _refresh(
        self,
        live: Live,
        timers: dict[int, Timer],
        note: str | None,
        repost: bool,
        paced: bool = False,
        renewed: tuple[int, ...] = (),
    ) -> GameSettings:
        settings = await self.repo.settings(live.id)
        record = live.record
        if record.status != "active":
            return await self._close(live)
        line = await self.compose(live, timers, settings, note)
        edited = await self._edit(live, settings, line, repost, paced, renewed)
        if edited is not None:
            return edited
        async with self._claimed(live.id):
            latest = await self.repo.settings(live.id, fresh=True)  # the claim's word, not memory's
            if latest.status_message_id != settings.status_message_id:
                # Another process posted a status while this one waited: that message is the
                # current one now, and the reason to repost (a reminder) was served by it.
                edited = await self._edit(live, latest, line, repost=False)
                if edited is not None:
                    return edited
            return await self._post(live, latest, line)

    async def _edit(
        self,
        live: Live,
        settings: GameSettings,
        line: StatusLine,
        repost: bool,
        paced: bool = False,
        renewed: tuple[int, ...] = (),
    ) -> GameSettings | None:
        """Update the current message in place when that is enough (nobody new to ping, no
        repost asked); None when a new message must be posted."""
        new_people = bool(
            set(line.mentions) - set(settings.status_pinged) or set(line.mentions) & set(renewed)
        )
        message_id = settings.status_message_id
        if not message_id or repost or new_people:
            return None
        if line.text == settings.status_text:
            return settings
        # A paced edit may wait only when it changes nothing but the text: one that ends a
        # mention's turn is recorded at once, so the player's next turn mentions them anew.
        if paced and set(line.mentions) == set(settings.status_pinged) and not self.pace.ready(live.id):
            return settings  # shown when the pacer runs, as the game stands then
        if not await self.herald.edit(live.record.channel_id, message_id, line.text, self.buttons(live)):
            return None  # deleted by someone: post a new one
        await self.repo.note_status_edit(live.id, message_id, line.text, line.mentions)
        return replace(settings, status_text=line.text, status_pinged=line.mentions)

    async def _post(self, live: Live, settings: GameSettings, line: StatusLine) -> GameSettings:
        """Replace the status message (the caller holds the claim)."""
        record = live.record
        if settings.status_message_id:
            await self.herald.delete(record.channel_id, settings.status_message_id)
        message_id = await self.herald.post(
            record.channel_id, record.guild_id, line.text, line.mentions, self.buttons(live)
        )
        updated = replace(
            settings, status_message_id=message_id, status_text=line.text, status_pinged=line.mentions
        )
        await self.repo.save_status(live.id, message_id, line.text, line.mentions)
        return updated

    async def close(self, live: Live) -> GameSettings:
        """The game is over: its status message goes (the board keeps the result)."""
        async with self._locks.hold(live.id):
            return await self._close(live)

    async def _close(self, live: Live) -> GameSettings:
        settings = await self.repo.settings(live.id)
        if not settings.status_message_id:
            return settings
        async with self._claimed(live.id):
            settings = await self.repo.settings(live.id, fresh=True)
            if settings.status_message_id:
                await self.herald.delete(live.record.channel_id, settings.status_message_id)
                settings = replace(settings, status_message_id=None, status_text=None, status_pinged=())
                await self.repo.save_status(live.id, None, None, ())
        return settings
