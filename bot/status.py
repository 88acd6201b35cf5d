"""The one status message a running game keeps in its channel: whose turn it is and until when.

Editing a message never notifies anyone, so when the player to act changes (or a reminder is
due) the old status message is deleted and a new one posted with the mention; otherwise it is
edited in place. The channel thus always holds exactly one current status per game.

Only the player whose turn the public view shows is named and pinged: announcing that someone
else has a decision open (a reaction to an attack) would tell the table what they hold.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace

from bot.clock import Clock
from bot.herald import Button, Herald
from bot.i18n import t
from bot.render import ids
from bot.render.common import seat_name
from bot.table import Live
from storage.pbp import GameSettings, PbpRepo, Timer

UNDO = "uu"  # button kind; args: match. Undo my last action.


def jump_link(guild_id: int | None, channel_id: int, message_id: int | None) -> str:
    where = guild_id if guild_id is not None else "@me"
    tail = f"/{message_id}" if message_id else ""
    return f"https://discord.com/channels/{where}/{channel_id}{tail}"


def shown_seats(live: Live) -> list[int]:
    """Seats the status names: the public current player if the view has one, else every seat
    with an open prompt."""
    if live.match is None or live.record.status != "active":
        return []
    current = live.match.view(None).get("current")
    if isinstance(current, int) and 0 <= current < len(live.record.seats):
        return [current]
    return sorted({p.seat for p in live.match.prompts()})


@dataclass(frozen=True)
class StatusLine:
    text: str
    mentions: tuple[int, ...]


class StatusBoard:
    def __init__(self, herald: Herald, repo: PbpRepo, clock: Clock) -> None:
        self.herald = herald
        self.repo = repo
        self.clock = clock
        # Answers from people and from bot seats are announced concurrently; without a lock two
        # refreshes would both delete (or edit) the same old status message.
        self._locks: dict[int, asyncio.Lock] = {}

    def _lock(self, match_id: int) -> asyncio.Lock:
        return self._locks.setdefault(match_id, asyncio.Lock())

    async def compose(self, live: Live, timers: dict[int, Timer], settings: GameSettings, note: str | None) -> StatusLine:
        locale = live.record.locale
        lines = []
        mentions: list[int] = []
        for seat in shown_seats(live):
            spec = live.record.seats[seat]
            timer = timers.get(seat)
            who = f"<@{spec.user_id}>" if spec.kind == "human" and spec.user_id else f"**{seat_name(live, seat)}**"
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
            if timer is not None and not timer.covered and not timer.paused and spec.user_id:
                prefs = await self.repo.ping_prefs(spec.user_id)
                if prefs.ping:
                    mentions.append(spec.user_id)
        if not lines:
            lines.append(t("status.bots_thinking", locale))
        head = t("status.head", locale, id=live.id)
        body = "\n".join(lines)
        if note:
            body = f"{note}\n{body}"
        return StatusLine(f"{head}\n{body}", tuple(mentions))

    def buttons(self, live: Live) -> tuple[Button, ...]:
        locale = live.record.locale
        return (
            Button(ids.button(ids.HAND, live.id), t("ui.my_hand", locale), "primary"),
            Button(ids.button(UNDO, live.id), t("status.undo", locale)),
        )

    async def refresh(
        self, live: Live, timers: dict[int, Timer], note: str | None = None, repost: bool = False
    ) -> GameSettings:
        """Bring the status message up to date; a new mention (or `repost`) posts it afresh."""
        async with self._lock(live.id):
            return await self._refresh(live, timers, note, repost)

    async def _refresh(
        self, live: Live, timers: dict[int, Timer], note: str | None, repost: bool
    ) -> GameSettings:
        settings = await self.repo.settings(live.id)
        record = live.record
        if record.status != "active":
            return await self._close(live)
        line = await self.compose(live, timers, settings, note)
        new_people = bool(set(line.mentions) - set(settings.status_pinged))
        if settings.status_message_id and not repost and not new_people:
            if line.text != settings.status_text:
                ok = await self.herald.edit(record.channel_id, settings.status_message_id, line.text, self.buttons(live))
                if not ok:
                    settings.status_message_id = None
                    return await self._post(live, settings, line)
                settings.status_text = line.text
                settings.status_pinged = line.mentions
                await self.repo.save_settings(settings)
            return settings
        return await self._post(live, settings, line)

    async def _post(self, live: Live, settings: GameSettings, line: StatusLine) -> GameSettings:
        record = live.record
        if settings.status_message_id:
            await self.herald.delete(record.channel_id, settings.status_message_id)
        message_id = await self.herald.post(
            record.channel_id, record.guild_id, line.text, line.mentions, self.buttons(live)
        )
        updated = replace(settings, status_message_id=message_id, status_text=line.text, status_pinged=line.mentions)
        await self.repo.save_settings(updated)
        return updated

    async def close(self, live: Live) -> GameSettings:
        """The game is over: its status message goes (the board keeps the result)."""
        async with self._lock(live.id):
            return await self._close(live)

    async def _close(self, live: Live) -> GameSettings:
        settings = await self.repo.settings(live.id)
        if settings.status_message_id:
            await self.herald.delete(live.record.channel_id, settings.status_message_id)
            settings = replace(settings, status_message_id=None, status_text=None, status_pinged=())
            await self.repo.save_settings(settings)
        return settings
