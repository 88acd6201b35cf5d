"""A user's DM channel is opened once for good: stored, so another process or a restart sends to
it without opening it again (Discord rate-limits the opening on its own); /forget removes it."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.dm_channels import DmChannels
from bot.herald import DiscordHerald
from storage.store import Store

ALICE = 4242


@dataclass
class Channel:
    client: Client
    id: int

    async def send(self, content: str | None = None, **kwargs: Any) -> None:
        self.client.sent.append((self.id, content))


@dataclass
class Client:
    """What DmChannels and the herald's DM use of discord.Client."""

    opened: list[int] = field(default_factory=list)
    sent: list[tuple[int, str | None]] = field(default_factory=list)

    async def create_dm(self, user: discord.abc.Snowflake) -> Channel:
        self.opened.append(user.id)
        return Channel(self, 700_000 + user.id)

    def get_partial_messageable(self, channel_id: int, **kwargs: Any) -> Channel:
        return Channel(self, channel_id)

    def get_user(self, user_id: int) -> None:
        raise AssertionError("the user is not looked up when the channel is known")


async def stored(store: Store, user_id: int) -> None:
    for _ in range(200):
        if await store.dm_channels.channel_of(user_id) is not None:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the opened channel was never stored")


async def test_a_channel_is_opened_once_and_found_after_a_restart(store: Store) -> None:
    first = Client()
    channels = DmChannels(first, store.dm_channels)  # type: ignore[arg-type]
    assert await channels.channel_id(ALICE) == 700_000 + ALICE
    assert await channels.channel_id(ALICE) == 700_000 + ALICE
    assert first.opened == [ALICE]  # the second DM used the one in memory
    await stored(store, ALICE)  # (written with the next group write, not waited for)

    restarted = Client()
    again = DmChannels(restarted, store.dm_channels)  # type: ignore[arg-type]
    assert await again.channel_id(ALICE) == 700_000 + ALICE
    assert restarted.opened == []  # read back, not opened


async def test_a_reminder_dm_is_one_request_to_the_known_channel(store: Store) -> None:
    client = Client()
    channels = DmChannels(client, store.dm_channels)  # type: ignore[arg-type]
    herald = DiscordHerald(client, channels)  # type: ignore[arg-type]
    assert await herald.dm(ALICE, "your turn")
    assert await herald.dm(ALICE, "still your turn")
    assert client.opened == [ALICE]
    assert client.sent == [(700_000 + ALICE, "your turn"), (700_000 + ALICE, "still your turn")]


async def test_forgetting_a_user_removes_their_channel(store: Store) -> None:
    await store.dm_channels.remember(ALICE, 700_000 + ALICE)
    assert await store.dm_channels.channel_of(ALICE) == 700_000 + ALICE
    await store.privacy.forget(ALICE, "anon-1")
    assert await store.dm_channels.channel_of(ALICE) is None
