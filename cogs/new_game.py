"""`/<game> new`: a top-level command per game whose `new` subcommand's parameters are generated
from the game's options model (cogs/model_commands.py), so a game's options are declared once and
each game's command has Discord's 25 options and 4,000 characters to itself. Every `new` also
takes `players` (the game's own range) and `clock`. `cmd.game.new.<game>.desc` describes the
subcommand, `cmd.<game>.desc` the game's command."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Optional

import discord
from discord import app_commands

from bot import plugins
from bot.i18n import ls, t
from cogs.model_commands import Extra, Words, clip, english, model_command
from engine.core.registry import get_game

Interaction = discord.Interaction[Any]
# (interaction, game id, options typed, players, clock choice value)
Open = Callable[[Interaction, str, dict[str, Any], int | None, str | None], Awaitable[None]]
PLATFORM_OPTIONS = ("players", "clock")


def game_group(
    game_id: str, open_table: Open, clocks: list[app_commands.Choice[str]]
) -> app_commands.Group:
    """`/<game>`, holding the game's `new`."""
    definition = get_game(game_id)
    name = definition.names.get("en", game_id)
    group = app_commands.Group(
        name=ls(game_id, f"cmd.{game_id}.name"),
        description=ls(clip(english(f"cmd.{game_id}.desc", f"{name}: tables in this channel")), f"cmd.{game_id}.desc"),
        guild_only=True,
    )
    group.add_command(game_command(game_id, open_table, clocks))
    return group


def game_command(
    game_id: str, open_table: Open, clocks: list[app_commands.Choice[str]]
) -> app_commands.Command[Any, ..., None]:
    """The `new` subcommand of one game."""
    definition = get_game(game_id)
    low, high = definition.min_players, definition.max_players
    extras = []
    if low != high:
        extras.append(
            Extra(
                "players",
                Optional[app_commands.Range[int, low, high]],  # noqa: UP045
                ls("players", "cmd.opt.players.name"),
                ls(t("cmd.opt.players.range", "en", min=low, max=high), "cmd.opt.players.range", min=low, max=high),
            )
        )
    extras.append(
        Extra(
            "clock",
            Optional[app_commands.Choice[str]],  # noqa: UP045
            ls("clock", "cmd.pbp.opt.clock.name"),
            ls("Time for each turn (play-by-post)", "cmd.pbp.opt.clock.desc"),
            clocks,
        )
    )

    async def run(interaction: Interaction, raw: dict[str, Any], extra: dict[str, Any]) -> None:
        await open_table(interaction, game_id, raw, extra.get("players"), extra.get("clock"))

    name = definition.names.get("en", game_id)
    command = model_command(
        ls("new", "cmd.game.new.name"),
        ls(
            clip(english(f"cmd.game.new.{game_id}.desc", f"Open a table of {name} in this channel")),
            f"cmd.game.new.{game_id}.desc",
        ),
        definition.options_model,
        run,
        words=Words(suggest=plugins.ui(game_id).suggest),
        extras=extras,
        skip=PLATFORM_OPTIONS,
    )
    command.guild_only = True
    return command
