"""Posting play-by-post messages: a narrow interface over Discord so the services that decide
what to say (status, reminders, votes) can be tested with a recorder instead of a gateway."""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.dm_channels import DmChannels
from bot.postbox import RestPostbox
from bot.render.items import PlainComponents, button_dict
from bot.render.limits import BUTTONS_PER_ROW

log = logging.getLogger(__name__)

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


@dataclass(frozen=True)
class Button:
    custom_id: str
    label: str
    style: str = "secondary"


class Herald(Protocol):
    async def post(
        self,
        channel_id: int,
        guild_id: int | None,
        content: str,
        mentions: tuple[int, ...] = (),
        buttons: tuple[Button, ...] = (),
    ) -> int | None: ...

    async def edit(
        self, channel_id: int, message_id: int, content: str, buttons: tuple[Button, ...] = ()
    ) -> bool: ...

    async def delete(self, channel_id: int, message_id: int) -> None: ...

    async def dm(self, user_id: int, content: str) -> bool: ...


def make_view(buttons: tuple[Button, ...]) -> discord.ui.View | None:
    if not buttons:
        return None
    made = [
        button_dict(b.custom_id, b.label, STYLES.get(b.style, discord.ButtonStyle.secondary)) for b in buttons
    ]
    return PlainComponents([made[i : i + BUTTONS_PER_ROW] for i in range(0, len(made), BUTTONS_PER_ROW)])


class DiscordHerald:
    def __init__(self, client: discord.Client, dm_channels: DmChannels) -> None:
        self.client = client
        self.dm_channels = dm_channels  # a DM is one request, the channel known for good
        self.postbox = RestPostbox(client)  # status edits follow every turn: no copy read back

    async def post(
        self,
        channel_id: int,
        guild_id: int | None,
        content: str,
        mentions: tuple[int, ...] = (),
        buttons: tuple[Button, ...] = (),
    ) -> int | None:
        channel = self.client.get_partial_messageable(channel_id, guild_id=guild_id)
        kwargs: dict[str, Any] = {
            "allowed_mentions": discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(id=u) for u in mentions]
            )
        }
        view = make_view(buttons)
        if view is not None:
            kwargs["view"] = view
        try:
            message = await channel.send(content, **kwargs)
        except discord.HTTPException as exc:
            log.warning("could not post in channel %s: %s", channel_id, exc)
            return None
        return message.id

    async def edit(
        self, channel_id: int, message_id: int, content: str, buttons: tuple[Button, ...] = ()
    ) -> bool:
        try:
            await self.postbox.patch(channel_id, message_id, content=content, view=make_view(buttons))
        except discord.HTTPException:
            return False
        return True

    async def delete(self, channel_id: int, message_id: int) -> None:
        with contextlib.suppress(discord.HTTPException):
            await self.client.get_partial_messageable(channel_id).get_partial_message(message_id).delete()

    async def dm(self, user_id: int, content: str) -> bool:
        try:
            channel_id = await self.dm_channels.channel_id(user_id)
            await self.client.get_partial_messageable(channel_id).send(content)
        except discord.HTTPException as exc:
            log.info("reminder DM to %s failed: %s", user_id, exc)
            return False
        return True
