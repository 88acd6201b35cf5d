"""Fixtures: a running stand-in with a small world, and a real discord.py bot connected to it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

import discord
import pytest
from discord.ext import commands

from bot.standin import StandIn, use_api_base
from bot.standin.server import default_world
from bot.standin.state import Channel, Guild, User


@dataclass
class World:
    standin: StandIn
    guild: Guild
    channel: Channel
    alice: User
    bob: User
    carol: User


@pytest.fixture
async def world() -> AsyncIterator[World]:
    standin = StandIn(heartbeat_interval_ms=30000)
    await standin.start()
    guild, channel, (alice, bob, carol) = default_world(standin)
    try:
        yield World(standin, guild, channel, alice, bob, carol)
    finally:
        await standin.stop()


BotSetup = Callable[[commands.Bot], None]


@pytest.fixture
async def run_bot(world: World) -> AsyncIterator[Callable[[BotSetup], asyncio.Future[commands.Bot]]]:
    """Start a real commands.Bot against the stand-in; `await run_bot(setup)` returns it once ready."""
    bots: list[commands.Bot] = []
    tasks: list[asyncio.Task[None]] = []

    async def start(setup: BotSetup) -> commands.Bot:
        use_api_base(world.standin.url)
        # A short guild_ready_timeout: discord.py otherwise idles 2 s after the last GUILD_CREATE.
        bot = commands.Bot(command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05)
        setup(bot)
        ready = asyncio.Event()

        async def on_ready() -> None:
            ready.set()

        bot.add_listener(on_ready)
        bots.append(bot)
        tasks.append(asyncio.create_task(bot.start(world.standin.token)))
        waiter = asyncio.create_task(ready.wait())
        done, _ = await asyncio.wait([waiter, tasks[-1]], timeout=10, return_when=asyncio.FIRST_COMPLETED)
        if tasks[-1] in done:
            tasks[-1].result()  # surface the startup error
        assert waiter in done, "bot did not become ready"
        return bot

    yield start  # type: ignore[misc]
    for bot in bots:
        await bot.close()
    for task in tasks:
        if not task.done():
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
