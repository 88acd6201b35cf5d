"""/admin data upload, show and remove: a server's own data files for its games (see
bot/data_sets.py). Manage Server only; every reply is private."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import data_sets as data
from bot.errors import UserError
from bot.i18n import ls, t
from bot.interact import send
from engine.core.registry import game_ids, get_game

if TYPE_CHECKING:
    from bot.app import BoardGamesBot

Interaction = discord.Interaction[Any]


def kind_choices(locale: str, typed: str = "") -> list[app_commands.Choice[str]]:
    """The data sets as "<game>: <kind>" in the user's language, those matching what they typed
    first 25. An autocomplete rather than fixed choices: every game adds its sets, and fixed
    choices count against the 25-choice and 4,000-character limits of the whole /admin command."""
    typed = typed.strip().casefold()
    out = []
    for entry in data.offered():
        name = t(
            "data.choice",
            locale,
            game=data.game_name(entry.game, locale),
            kind=data.kind_name(entry.game, entry.data_set.kind, locale),
        )[:100]
        if typed in name.casefold() or typed in entry.value:
            out.append(app_commands.Choice(name=name, value=entry.value))
    return out[:25]


def game_choices() -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=data.game_name(g, "en"), value=g)
        for g in game_ids(released_only=True)
        if get_game(g).data_sets
    ]


def _guild(interaction: Interaction) -> int:
    # default_permissions only hides the command; the check here is what enforces it.
    if not interaction.permissions.manage_guild:
        raise UserError("admin.manage_only")
    if interaction.guild_id is None:
        raise UserError("error.guild_only")
    return interaction.guild_id


class DataSets(app_commands.Group):
    """A subgroup of /admin (whose default permissions it shares), built per run from the games'
    declared data sets."""

    def __init__(self, bot: BoardGamesBot) -> None:
        super().__init__(
            name=ls("data", "cmd.admin.data.name"),
            description=ls("This server's own data files for its games", "cmd.admin.data.desc"),
        )
        self.bot = bot
        games = game_choices()

        async def kinds(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
            return kind_choices(await self.bot.locale_of(interaction), current)

        @app_commands.command(
            name=ls("upload", "cmd.admin.data.upload.name"),
            description=ls("Check and store a data file for a game (YAML or JSON)", "cmd.admin.data.upload.desc"),
        )
        @app_commands.rename(
            kind=ls("kind", "cmd.admin.data.opt.kind.name"), file=ls("file", "cmd.admin.data.opt.file.name")
        )
        @app_commands.describe(
            kind=ls("Which file this is", "cmd.admin.data.opt.kind.desc"),
            file=ls("The file, at most 100 KB", "cmd.admin.data.opt.file.desc"),
        )
        @app_commands.autocomplete(kind=kinds)
        async def upload(interaction: Interaction, kind: str, file: discord.Attachment) -> None:
            locale = await self.bot.locale_of(interaction)
            guild_id = _guild(interaction)
            if file.size > data.MAX_BYTES:  # refused before downloading anything
                raise UserError("data.too_large", size=data.kilobytes(file.size), max=data.kilobytes(data.MAX_BYTES))
            await interaction.response.defer(ephemeral=True, thinking=True)
            reply = await data.upload(
                self.bot.store, guild_id, kind, file.filename, await file.read(), interaction.user.id, locale
            )
            await send(interaction, reply)

        @app_commands.command(
            name=ls("show", "cmd.admin.data.show.name"),
            description=ls("Show this server's data files", "cmd.admin.data.show.desc"),
        )
        @app_commands.rename(game=ls("game", "cmd.admin.data.opt.game.name"))
        @app_commands.describe(game=ls("Only this game's files", "cmd.admin.data.opt.game.desc"))
        @app_commands.choices(game=games)
        async def show(interaction: Interaction, game: app_commands.Choice[str] | None = None) -> None:
            locale = await self.bot.locale_of(interaction)
            guild_id = _guild(interaction)
            await send(interaction, embed=await self.listing(guild_id, None if game is None else game.value, locale))

        @app_commands.command(
            name=ls("remove", "cmd.admin.data.remove.name"),
            description=ls("Remove one of this server's data files", "cmd.admin.data.remove.desc"),
        )
        @app_commands.rename(kind=ls("kind", "cmd.admin.data.opt.kind.name"))
        @app_commands.describe(kind=ls("Which file to remove", "cmd.admin.data.opt.remove_kind.desc"))
        @app_commands.autocomplete(kind=kinds)
        async def remove(interaction: Interaction, kind: str) -> None:
            locale = await self.bot.locale_of(interaction)
            guild_id = _guild(interaction)
            await send(interaction, await data.remove(self.bot.store, guild_id, kind, locale))

        commands: tuple[app_commands.Command[Any, ..., None], ...] = (upload, show, remove)
        for command in commands:
            self.add_command(command)

    async def listing(self, guild_id: int, game: str | None, locale: str) -> discord.Embed:
        return await data.listing(self.bot.store, guild_id, game, locale)
