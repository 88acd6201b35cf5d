"""The real bot process (`python -m bot`) against an in-test Discord stand-in."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.standin import StandIn
from bot.standin.server import default_world
from bot.standin.state import Channel, Guild, User

ROOT = Path(__file__).resolve().parents[2]


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
    standin = await StandIn().start()
    guild, channel, (alice, bob, carol) = default_world(standin)
    try:
        yield World(standin, guild, channel, alice, bob, carol)
    finally:
        await standin.stop()


def bot_env(standin: StandIn, db: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DISCORD_TOKEN=standin.token,
        DISCORD_API_BASE=standin.url,
        DATABASE_URL=str(db),
        BOT_PAUSE_SECONDS="0.05",
        GUILD_READY_TIMEOUT="0.05",
        LOG_LEVEL="INFO",
        PYTHONUNBUFFERED="1",
    )
    return env


@dataclass
class BotProcess:
    proc: asyncio.subprocess.Process
    log: Path

    async def stop(self) -> None:
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(self.proc.wait(), 10)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()


StartBot = Callable[[], Awaitable[BotProcess]]


@pytest.fixture
async def start_bot(world: World, tmp_path: Path) -> AsyncIterator[StartBot]:
    """Sync the commands once (`python -m bot sync`), then start bot processes on one database."""
    db = tmp_path / "bot.sqlite3"
    env = bot_env(world.standin, db)
    sync = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "sync",
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await asyncio.wait_for(sync.communicate(), 60)
    assert sync.returncode == 0, out.decode()
    assert {c["name"] for c in world.standin.commands} >= {"game", "hand", "play", "settings"}
    running: list[BotProcess] = []

    async def start() -> BotProcess:
        log = tmp_path / f"bot-{len(running)}.log"
        handle = log.open("wb")
        sessions = world.standin.gateway.live_sessions
        before = len(sessions) if hasattr(sessions, "__len__") else 0
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=ROOT, env=env, stdout=handle, stderr=asyncio.subprocess.STDOUT
        )
        bot = BotProcess(proc, log)
        running.append(bot)

        def connected() -> bool:
            live = world.standin.gateway.live_sessions
            return (len(live) if hasattr(live, "__len__") else int(bool(live))) > before

        for _ in range(300):
            if connected() or proc.returncode is not None:
                break
            await asyncio.sleep(0.05)
        assert proc.returncode is None and connected(), log.read_text()
        await asyncio.sleep(0.3)  # let discord.py finish READY and the runner resume
        return bot

    yield start
    for bot in running:
        await bot.stop()
    for bot in running:
        print(f"--- {bot.log.name} ---\n{bot.log.read_text()[-6000:]}")
