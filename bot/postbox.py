"""Sending and editing the messages of a game in play without reading Discord's copy back.

discord.py turns every message Discord returns into a `discord.Message` (its author, channel,
embeds, every row, button and select option), and asks for the message back even after an
interaction callback. On the path of each click (the clicker's new view, the board edit, the next
player's DM) the bot reads nothing of it but ids, and on a repeated DM the custom ids it shows.
So these calls go through discord.py's HTTP client as they are (rate limits, retries, the same
request bodies) and keep only that."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, cast

import discord
from discord.http import Route, handle_message_parameters
from discord.utils import DISCORD_EPOCH
from discord.webhook.async_ import async_context, interaction_message_response_params

from bot.render.items import custom_ids


@dataclass(frozen=True)
class Posted:
    """What the bot reads of a message it sent or edited."""

    channel_id: int
    id: int
    created_at: float  # epoch seconds, from the id
    components: tuple[dict[str, Any], ...] = ()  # the rows it shows, as Discord returned them

    @classmethod
    def of(cls, data: dict[str, Any]) -> Posted:
        message_id = int(data["id"])
        created_ms = (message_id >> 22) + DISCORD_EPOCH  # a snowflake's time, as discord.py reads it
        return cls(
            int(data["channel_id"]), message_id, created_ms / 1000, tuple(data.get("components") or ())
        )

    def custom_ids(self) -> set[str]:
        return custom_ids(self.components)


class Postbox(Protocol):
    """Posting and editing by channel and message id (keyword arguments as discord.py's `send`
    and `edit` take them: content, embed, view, file, attachments, nonce, allowed_mentions)."""

    async def post(self, channel_id: int, **kwargs: Any) -> Posted: ...

    async def patch(self, channel_id: int, message_id: int, **kwargs: Any) -> Posted: ...


class RestPostbox:
    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def post(self, channel_id: int, **kwargs: Any) -> Posted:
        content = kwargs.pop("content", None)
        with handle_message_parameters(
            content=str(content) if content is not None else None,
            previous_allowed_mentions=self.client.allowed_mentions,
            **kwargs,
        ) as params:
            data = await self.client.http.send_message(channel_id, params=params)
        return Posted.of(cast(dict[str, Any], data))

    async def patch(self, channel_id: int, message_id: int, **kwargs: Any) -> Posted:
        previous = self.client.allowed_mentions if "content" in kwargs else None
        with handle_message_parameters(previous_allowed_mentions=previous, **kwargs) as params:
            data = await self.client.http.edit_message(channel_id, message_id, params=params)
        return Posted.of(cast(dict[str, Any], data))


async def update_clicked(interaction: discord.Interaction[Any], **kwargs: Any) -> None:
    """Answer a click by replacing the clicked message (UPDATE_MESSAGE), as discord.py's
    `InteractionResponse.edit_message` does, without asking for the message back. Raises
    discord.InteractionResponded if the click was answered already."""
    response = interaction.response
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    if interaction.type not in (discord.InteractionType.component, discord.InteractionType.modal_submit):
        return  # there is no message to replace (discord.py does nothing either)
    state = interaction._state
    params = interaction_message_response_params(
        type=discord.InteractionResponseType.message_update.value,
        previous_allowed_mentions=state.allowed_mentions,
        **kwargs,
    )
    route = Route(
        "POST",
        "/interactions/{webhook_id}/{webhook_token}/callback",
        webhook_id=interaction.id,
        webhook_token=interaction.token,
    )
    http = state.http
    await async_context.get().request(
        route,
        session=interaction._session,
        proxy=http.proxy,
        proxy_auth=http.proxy_auth,
        payload=None if params.files else params.payload,
        multipart=params.multipart if params.files else None,
        files=params.files or None,
    )
    response._response_type = discord.InteractionResponseType.message_update
