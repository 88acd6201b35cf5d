"""The real bot process (`python -m bot`) against an in-test Discord stand-in.

Commands are synced once per session by a real `python -m bot sync` and copied into each test's
fresh stand-in, so a test pays only for starting the bot. Every test ends with the stand-in's
record checked: no request broke the OpenAPI spec or Discord's limits, and nothing was refused
except DMs to users who closed them.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import os
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.standin import StandIn
from bot.standin.server import default_world
from bot.standin.state import JSON, Channel, Guild, User

ROOT = Path(__file__).resolve().parents[2]
DMS_CLOSED = 50007
READY_LINE = "ready: "


@dataclass
class World:
    standin: StandIn
    guild: Guild
    channel: Channel
    alice: User
    bob: User
    carol: User
    db: Path
    # Error codes a test expects Discord to answer with (beyond closed DMs).
    tolerated: set[int] = field(default_factory=set)


def bot_env(standin: StandIn, db: Path, **overrides: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "BOT_", "DATABASE_"))}
    env.update(
        DISCORD_TOKEN=standin.token,
        DISCORD_API_BASE=standin.url,
        DATABASE_URL=str(db),
        BOT_PAUSE_SECONDS="0.01",
        GUILD_READY_TIMEOUT="0.05",
        LOG_LEVEL="INFO",
        PYTHONUNBUFFERED="1",
    )
    env.update(overrides)
    return env


async def sync_commands_async(db: Path, **more: str) -> list[JSON]:
    """Run the real `python -m bot sync` against a stand-in; return what it registered."""
    standin = await StandIn().start()
    try:
        env = bot_env(standin, db, **more)
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            "sync",
            cwd=ROOT,
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        out, _ = await asyncio.wait_for(proc.communicate(), 60)
        assert proc.returncode == 0, out.decode()
        assert standin.violations == [], standin.violations
        assert standin.rejections == [], standin.rejections
        return copy.deepcopy(standin.global_commands)
    finally:
        await standin.stop()


def sync_commands(tmp_path_factory: pytest.TempPathFactory, **more: str) -> list[JSON]:
    """`sync_commands_async` from synchronous code (a session fixture)."""
    commands = asyncio.run(sync_commands_async(tmp_path_factory.mktemp("sync") / "unused.sqlite3", **more))
    assert {c["name"] for c in commands} >= {"game", "hand", "play", "settings"}
    return commands


@pytest.fixture(scope="session")
def synced_commands(tmp_path_factory: pytest.TempPathFactory) -> list[JSON]:
    """The commands as `python -m bot sync` registers them, once per run."""
    return sync_commands(tmp_path_factory)


@pytest.fixture
async def world(synced_commands: list[JSON], tmp_path: Path) -> AsyncIterator[World]:
    standin = await StandIn().start()
    standin.global_commands = [
        {**copy.deepcopy(c), "application_id": standin.application_id} for c in synced_commands
    ]
    guild, channel, (alice, bob, carol) = default_world(standin)
    try:
        yield World(standin, guild, channel, alice, bob, carol, tmp_path / "bot.sqlite3")
    finally:
        await standin.stop()


@pytest.fixture(autouse=True)
def clean_record(request: pytest.FixtureRequest) -> Iterator[None]:
    """After every e2e test (and after its bots stopped): nothing sent that Discord would reject."""
    if "world" not in request.fixturenames:
        yield
        return
    world: World = request.getfixturevalue("world")
    standin = world.standin
    yield
    assert standin.violations == [], standin.violations
    unexpected = [r for r in standin.rejections if r[2].get("code") not in {DMS_CLOSED, *world.tolerated}]
    assert unexpected == [], unexpected


@dataclass
class BotProcess:
    proc: asyncio.subprocess.Process
    log: Path

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    async def stop(self) -> None:
        """A clean shutdown (Ctrl-C)."""
        if self.proc.returncode is None:
            self.proc.send_signal(2)
            try:
                await asyncio.wait_for(self.proc.wait(), 10)
            except TimeoutError:
                await self.kill()

    async def kill(self) -> None:
        """A crash: SIGKILL, no chance to flush or say goodbye."""
        if self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()


StartBot = Callable[..., Awaitable[BotProcess]]


async def wait_for(predicate: Callable[[], bool], timeout: float, what: str) -> None:
    """Poll something the stand-in cannot notify us about (a process's log)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        if loop.time() > deadline:
            raise TimeoutError(what)
        await asyncio.sleep(0.02)


@pytest.fixture
async def start_bot(world: World, tmp_path: Path) -> AsyncIterator[StartBot]:
    """Start `python -m bot` processes on the test's database; each call waits until it is ready."""
    running: list[BotProcess] = []

    async def start(**env: str) -> BotProcess:
        log = tmp_path / f"bot-{len(running)}.log"
        with log.open("wb") as handle:
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bot",
                cwd=ROOT,
                env=bot_env(world.standin, world.db, **env),
                stdout=handle,
                stderr=asyncio.subprocess.STDOUT,
            )
        bot = BotProcess(proc, log)
        running.append(bot)
        with contextlib.suppress(TimeoutError):  # the assertion below shows the log
            await wait_for(lambda: READY_LINE in bot.output() or proc.returncode is not None, 30, "bot ready")
        assert proc.returncode is None and READY_LINE in bot.output(), bot.output()
        return bot

    yield start
    for bot in running:
        await bot.stop()
    for bot in running:
        print(f"--- {bot.log.name} ---\n{bot.output()[-6000:]}")


def locale_world(standin: StandIn, locale: str) -> tuple[Guild, Channel, list[User]]:
    """A second guild whose preferred locale and members speak `locale`."""
    users = [standin.add_user(name, locale=locale) for name in ("ana", "bruno")]
    guild = standin.add_guild("Clube de Jogos", locale=locale)
    channel = standin.add_channel(guild, "jogos")
    return guild, channel, users
