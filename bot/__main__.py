"""Run the bot.

    python -m bot                  connect to Discord with DISCORD_TOKEN (never syncs commands)
    python -m bot sync [--guild ID]  register the slash commands (globally, or in one guild) and exit
    python -m bot commands [--json]  print the slash commands as sync would register them (no login)
    python -m bot --offline        no token needed: a local Discord stand-in, the bot and a terminal
                                   client in one process (also the default when DISCORD_TOKEN is unset)

Offline mode keeps games in memory, and makes a fresh fake Discord at each start, unless
DATABASE_URL is set explicitly: then the fake server (channels, users, messages and their
buttons, DMs, commands) is kept beside the database in <database>.standin.json, so a restart
finds every game where it was.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import sys
from pathlib import Path

import discord

from bot.app import BoardGamesBot, make_bot
from bot.logfmt import formatter
from bot.settings import Settings

log = logging.getLogger("bot")


def configure_logging(level: str, quiet: bool = False, kind: str = "text", instance: str = "") -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(formatter(kind, instance))
    logging.basicConfig(level=getattr(logging, level.upper(), logging.INFO), handlers=[handler])
    logging.getLogger("discord").setLevel(max(logging.INFO, logging.getLogger().level))
    if quiet:
        # A terminal game: discord.py's notes about voice support and the gateway are noise there.
        logging.getLogger("discord").setLevel(logging.ERROR)


def point_at(settings: Settings) -> None:
    if settings.discord_api_base:
        from bot.standin.patch import use_api_base

        use_api_base(settings.discord_api_base)


async def run(settings: Settings) -> None:
    assert settings.discord_token
    point_at(settings)
    async with make_bot(settings) as bot:
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


async def show_commands(settings: Settings, as_json: bool) -> None:
    from bot.command_tree import payloads, render

    commands = await payloads(settings)
    print(json.dumps(commands, indent=2, ensure_ascii=False) if as_json else render(commands))


def welcome(
    channel: str, users: list[str], database: str, world: Path | None = None, messages: int = 0, orphans: bool = False
) -> str:
    """What a user sees first: where they are, what is kept where, and what to type."""
    if world is None:
        kept = "Games are kept in memory and this server is made afresh at each start (set DATABASE_URL to keep both)."
    else:
        kept = f"Games are kept in {database}, this server (channels, users, messages and their buttons) in {world}."
    if orphans:
        kept += f" {database} already existed without {world}: its earlier games belong to a server that is gone."
    if messages:
        where = f"BoardGamesBot offline: back in #{channel} as you left it ({messages} messages), with users"
        first = [
            "  show                                          the channel's latest messages, buttons included",
            "  click 2.1                                     press button [2.1] (message 2, button 1)",
        ]
    else:
        where = f"BoardGamesBot offline: a pretend Discord server with channel #{channel} and users"
        first = [
            '  /dominion new "kingdom:First Game"   open a table in the channel',
            "  click 1.3                                     press button [1.3] (message 1, button 3: Add bot)",
        ]
    return "\n".join(
        [
            f"{where} {', '.join(users)}. You are {users[0]}. {kept}",
            "Try, one line at a time:",
            *first,
            "  dms                                           your direct messages: your hand and choices",
            "  click <m.n> | select <m.n> <choice>           act on the numbered buttons and menus",
            "  as bob                                        play as someone else",
            "  help                                          every command;  quit  to leave",
        ]
    )


async def offline(settings: Settings) -> None:
    from bot.standin.patch import use_api_base
    from bot.standin.persist import WorldFile, WorldFileError, world_path_for
    from bot.standin.server import StandIn, default_world, world_of
    from bot.standin.terminal import run_terminal
    from storage.db import path_from_url

    if "database_url" not in settings.model_fields_set:
        settings.database_url = ":memory:"  # nothing is written to disk unless asked for
    path = world_path_for(settings.database_url)
    world = WorldFile(path) if path is not None else None
    orphans = path is not None and not path.exists() and Path(path_from_url(settings.database_url)).is_file()
    standin = await StandIn().start()
    standin.faults.load(os.environ.get("STANDIN_FAULTS", ""))  # Discord misbehaving, to try by hand
    try:
        # After start: a loaded world's attachment URLs name the new port.
        loaded = world.open(standin) if world is not None else False
    except WorldFileError as exc:
        await standin.stop()
        print(f"offline mode: {exc}", file=sys.stderr)
        raise SystemExit(1) from None
    _, channel, users = world_of(standin) if loaded and standin.guilds else default_world(standin)
    use_api_base(standin.url)
    settings.guild_ready_timeout = 0.05
    images = world.files / "images" if world is not None else None
    try:
        async with BoardGamesBot(settings) as bot:
            await bot.login(standin.token)
            task = asyncio.create_task(bot.connect())
            await bot.wait_until_ready()
            # A kept server has the commands of the last run, which this code may have changed.
            await bot.tree.sync()
            shown = len(standin.messages(channel, viewer=users[0])) if loaded else 0
            greeting = welcome(channel.name, [u.name for u in users], settings.database_url, path, shown, orphans)
            # Each command waits until bot seats have had their pause and acted, so scripts line up.
            await run_terminal(
                standin, channel, greeting=greeting, quiet=settings.bot_pause_seconds + 0.5, images=images
            )
            await bot.close()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
    finally:
        for v in standin.violations:
            print(f"stand-in violation [{v.kind}] {v.route}: {v.message}", file=sys.stderr)
        if world is not None:
            await world.close()
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
    commands_parser = sub.add_parser("commands", help="print the slash-command tree that sync registers")
    commands_parser.add_argument("--json", action="store_true", help="the command payloads, as JSON")
    args = parser.parse_args(argv)
    settings = Settings()
    local = args.command not in ("sync", "commands") and (args.offline or not settings.discord_token)
    # Offline, the terminal is the game (and `commands` prints a listing): only warnings from the
    # bot itself, unless asked.
    quiet = local or args.command == "commands"
    level = "WARNING" if quiet and "log_level" not in settings.model_fields_set else settings.log_level
    configure_logging(level, quiet=quiet, kind=settings.log_format, instance=settings.instance_id)
    with contextlib.suppress(KeyboardInterrupt):
        if args.command == "sync":
            if not settings.discord_token:
                parser.error("sync needs DISCORD_TOKEN")
            asyncio.run(sync(settings, args.guild))
        elif args.command == "commands":
            asyncio.run(show_commands(settings, args.json))
        elif local:
            asyncio.run(offline(settings))
        else:
            asyncio.run(run(settings))


if __name__ == "__main__":
    main()
