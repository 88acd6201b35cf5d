"""Run the bot.

    python -m bot                  connect to Discord with DISCORD_TOKEN (never syncs commands)
    python -m bot sync [--guild ID]  register the slash commands (globally, or in one guild) and exit
    python -m bot --offline        no token needed: a local Discord stand-in, the bot and a terminal
                                   client in one process (also the default when DISCORD_TOKEN is unset)

Offline mode is a fresh fake Discord every time, so it syncs commands to it on start and keeps
games in memory unless DATABASE_URL is set explicitly.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import sys

import discord

from bot.app import BoardGamesBot
from bot.settings import Settings

log = logging.getLogger("bot")


def configure_logging(level: str) -> None:
    logging.basicConfig(
        level=getattr(logging, level.upper(), logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    logging.getLogger("discord").setLevel(max(logging.INFO, logging.getLogger().level))


def point_at(settings: Settings) -> None:
    if settings.discord_api_base:
        from bot.standin.patch import use_api_base

        use_api_base(settings.discord_api_base)


async def run(settings: Settings) -> None:
    assert settings.discord_token
    point_at(settings)
    async with BoardGamesBot(settings) as bot:
        await bot.start(settings.discord_token)


async def sync(settings: Settings, guild_id: int | None) -> None:
    assert settings.discord_token
    point_at(settings)
    async with BoardGamesBot(settings, sync_only=True) as bot:
        await bot.login(settings.discord_token)
        guild = discord.Object(id=guild_id) if guild_id else None
        if guild is not None:
            bot.tree.copy_global_to(guild=guild)
        synced = await bot.tree.sync(guild=guild)
        where = f"guild {guild_id}" if guild_id else "globally"
        print(f"synced {len(synced)} commands {where}: {', '.join(c.name for c in synced)}")


async def offline(settings: Settings) -> None:
    from bot.standin.patch import use_api_base
    from bot.standin.server import StandIn, default_world
    from bot.standin.terminal import run_terminal

    standin = await StandIn().start()
    _, channel, _ = default_world(standin)
    use_api_base(standin.url)
    if "DATABASE_URL" not in os.environ:
        settings.database_url = ":memory:"
    settings.guild_ready_timeout = 0.05
    try:
        async with BoardGamesBot(settings) as bot:
            await bot.login(standin.token)
            task = asyncio.create_task(bot.connect())
            await bot.wait_until_ready()
            await bot.tree.sync()  # a brand-new fake Discord knows no commands yet
            await run_terminal(standin, channel)
            await bot.close()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
    finally:
        for v in standin.violations:
            print(f"stand-in violation [{v.kind}] {v.route}: {v.message}", file=sys.stderr)
        await standin.stop()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bot", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--offline", action="store_true", help="play locally against the Discord stand-in")
    sub = parser.add_subparsers(dest="command")
    sync_parser = sub.add_parser("sync", help="register slash commands and exit")
    sync_parser.add_argument(
        "--guild", type=int, default=None, help="sync to one guild (instant) instead of globally"
    )
    args = parser.parse_args(argv)
    settings = Settings()
    configure_logging(settings.log_level)
    with contextlib.suppress(KeyboardInterrupt):
        if args.command == "sync":
            if not settings.discord_token:
                parser.error("sync needs DISCORD_TOKEN")
            asyncio.run(sync(settings, args.guild))
        elif args.offline or not settings.discord_token:
            asyncio.run(offline(settings))
        else:
            asyncio.run(run(settings))


if __name__ == "__main__":
    main()
