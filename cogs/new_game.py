"""`/game new <game>`: one subcommand per game, its parameters generated from the game's options
model (cogs/model_commands.py), so a game's options are declared once and each command stays
within Discord's 25 options. Every subcommand also takes `players` (the game's own range) and
`clock`. `cmd.game.new.<game>.desc` describes the subcommand."""

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


def game_command(
    game_id: str, open_table: Open, clocks: list[app_commands.Choice[str]]
) -> app_commands.Command[Any, ..., None]:
    """The subcommand of one game."""
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
        game_id,
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
