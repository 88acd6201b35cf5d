"""`/game new <game>`: one subcommand per game, its parameters generated from the game's options
model (engine/core/options.py), so a game's options are declared once and each command stays
within Discord's 25 options. Every subcommand also takes `players` and `clock`.

Names and descriptions: English from the model (choices from the English catalogue where it has
`cmd.choice.<option>.<value>`), Portuguese from the catalogue keys `cmd.opt.<option>.name/.desc`
and `cmd.choice.<option>.<value>`; `cmd.game.new.<game>.desc` describes the subcommand.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Optional

import discord
from discord import app_commands

from bot import plugins
from bot.i18n import coarse, has, ls, t
from cogs.options_common import choice_key
from engine.core.options import OptionMeta, describe
from engine.core.registry import GameDefinition, get_game

Interaction = discord.Interaction[Any]
# (interaction, game id, options typed, players, clock choice value)
Open = Callable[[Interaction, str, dict[str, Any], int | None, str | None], Awaitable[None]]
PLATFORM_OPTIONS = ("players", "clock")
NAME_LIMIT = 32
DESCRIPTION_LIMIT = 100


def _english(key: str, fallback: str) -> str:
    return t(key, "en") if has(key) else fallback


def _clip(text: str) -> str:
    return text if len(text) <= DESCRIPTION_LIMIT else text[: DESCRIPTION_LIMIT - 1] + "…"


def _choices(meta: OptionMeta) -> list[app_commands.Choice[Any]]:
    out: list[app_commands.Choice[Any]] = []
    for value in meta.choices:
        key = choice_key(f"cmd.choice.{meta.key}", value)
        value_out = value if isinstance(value, int) and not isinstance(value, bool) else str(value)
        out.append(app_commands.Choice(name=ls(_clip(_english(key, str(value))), key), value=value_out))
    return out


def _annotation(meta: OptionMeta, definition: GameDefinition) -> Any:
    if meta.choices:
        is_int = all(isinstance(c, int) and not isinstance(c, bool) for c in meta.choices)
        return Optional[app_commands.Choice[int] if is_int else app_commands.Choice[str]]  # noqa: UP045
    if meta.kind == "bool":
        return Optional[bool]  # noqa: UP045
    if meta.kind == "int":
        if meta.low is not None and meta.high is not None:
            return Optional[app_commands.Range[int, meta.low, meta.high]]  # noqa: UP045
        return Optional[int]  # noqa: UP045
    return Optional[str]  # noqa: UP045


def _suggester(
    suggest: plugins.Suggest,
) -> Callable[[Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]:
    async def complete(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = suggest(current, coarse(interaction.locale))
        return [app_commands.Choice(name=name[:100], value=value[:100]) for name, value in found[:25]]

    return complete


def game_command(game_id: str, open_table: Open, clocks: list[app_commands.Choice[str]]) -> app_commands.Command[Any, ..., None]:
    """The subcommand of one game."""
    definition = get_game(game_id)
    game_ui = plugins.ui(game_id)
    metas = [m for m in describe(definition.options_model) if m.command and m.name not in PLATFORM_OPTIONS]
    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=Interaction)]
    low, high = definition.min_players, definition.max_players
    if low != high:
        players: Any = Optional[app_commands.Range[int, low, high]]  # noqa: UP045
        params.append(inspect.Parameter("players", inspect.Parameter.KEYWORD_ONLY, annotation=players, default=None))
    clock: Any = Optional[app_commands.Choice[str]]  # noqa: UP045
    params.append(inspect.Parameter("clock", inspect.Parameter.KEYWORD_ONLY, annotation=clock, default=None))
    for meta in metas:
        params.append(
            inspect.Parameter(
                meta.name, inspect.Parameter.KEYWORD_ONLY, annotation=_annotation(meta, definition), default=None
            )
        )

    async def callback(interaction: Interaction, **values: Any) -> None:
        players_value = values.pop("players", None)
        clock_value = values.pop("clock", None)
        raw = {
            name: value.value if isinstance(value, app_commands.Choice) else value
            for name, value in values.items()
            if value is not None
        }
        await open_table(
            interaction, game_id, raw, players_value, None if clock_value is None else clock_value.value
        )

    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback.__name__ = f"new_{game_id}"
    renames = {
        "players": ls("players", "cmd.opt.players.name"),
        "clock": ls("clock", "cmd.pbp.opt.clock.name"),
    }
    descriptions = {
        "players": ls(
            t("cmd.opt.players.range", "en", min=low, max=high), "cmd.opt.players.range", min=low, max=high
        ),
        "clock": ls("Time for each turn (play-by-post)", "cmd.pbp.opt.clock.desc"),
    }
    choices: dict[str, list[app_commands.Choice[Any]]] = {"clock": clocks}
    completers = {}
    for meta in metas:
        renames[meta.name] = ls(meta.name, f"cmd.opt.{meta.key}.name")
        descriptions[meta.name] = ls(_clip(meta.description), f"cmd.opt.{meta.key}.desc")
        if meta.choices:
            choices[meta.name] = _choices(meta)
        suggest = game_ui.suggest.get(meta.name)
        if meta.autocomplete and suggest is not None:
            completers[meta.name] = _suggester(suggest)
    if low == high:
        renames.pop("players")
        descriptions.pop("players")
    decorated: Any = app_commands.rename(**renames)(callback)
    decorated = app_commands.describe(**descriptions)(decorated)
    decorated = app_commands.choices(**choices)(decorated)
    if completers:
        decorated = app_commands.autocomplete(**completers)(decorated)
    name = definition.names.get("en", game_id)
    command: app_commands.Command[Any, ..., None] = app_commands.Command(
        name=game_id,
        description=ls(
            _clip(_english(f"cmd.game.new.{game_id}.desc", f"Open a table of {name} in this channel")),
            f"cmd.game.new.{game_id}.desc",
        ),
        callback=decorated,
    )
    command.guild_only = True
    return command
