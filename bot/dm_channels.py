"""Each user's DM channel with the bot: from memory, else from the database, else opened (and
then stored for every process and every restart; see storage.dm_channels)."""

from __future__ import annotations

import asyncio
import logging

import discord

from storage.dm_channels import DmChannelRepo

log = logging.getLogger(__name__)


class DmChannels:
    def __init__(self, client: discord.Client, repo: DmChannelRepo) -> None:
        self.client = client
        self.repo = repo
        self._known: dict[int, int] = {}  # user id -> DM channel id

    async def channel_id(self, user_id: int) -> int:
        """The channel to send `user_id` a DM in (opening it costs one request, the first time
        the bot ever writes to them)."""
        found = self._known.get(user_id)
        if found is None:
            found = await self.repo.channel_of(user_id)
            if found is None:
                found = (await self.client.create_dm(discord.Object(id=user_id))).id
                self.repo.remember(user_id, found).add_done_callback(_logged)
            self._known[user_id] = found
        return found


def _logged(done: asyncio.Future[None]) -> None:
    """A channel not stored is opened again next time: worth a line in the log, no more."""
    if not done.cancelled() and done.exception() is not None:
        log.warning("DM channel not stored: %s", done.exception())
