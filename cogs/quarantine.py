"""/admin quarantine list, show, export, abandon, truncate: the server's games held out of play
(see bot/quarantine.py), and the "Continue under the new rules" button of a table told its
rules changed. Manage Server only (the button: the host too); every reply is private."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import quarantine as held
from bot.errors import UserError
from bot.i18n import ls, t
from bot.interact import send
from bot.table import Outcome

if TYPE_CHECKING:
    from bot.app import BoardGamesBot

Interaction = discord.Interaction[Any]
MAX_ID = 2**53 - 1  # the largest integer option Discord sends (and what fits every database)


def _guild(interaction: Interaction) -> int:
    # default_permissions only hides the command; the check here is what enforces it.
    if not interaction.permissions.manage_guild:
        raise UserError("admin.manage_only")
    if interaction.guild_id is None:
        raise UserError("error.guild_only")
    return interaction.guild_id


class QuarantineGroup(app_commands.Group):
    """A subgroup of /admin (whose default permissions it shares)."""

    def __init__(self, bot: BoardGamesBot) -> None:
        super().__init__(
            name=ls("quarantine", "cmd.admin.quarantine.name"),
            description=ls("Games of this server held out of play", "cmd.admin.quarantine.desc"),
        )
        self.bot = bot
        match_name = ls("game", "cmd.admin.quarantine.opt.game.name")
        match_desc = ls("The game's number (#)", "cmd.admin.quarantine.opt.game.desc")

        @app_commands.command(
            name=ls("list", "cmd.admin.quarantine.list.name"),
            description=ls("List this server's games on hold", "cmd.admin.quarantine.list.desc"),
        )
        async def list_(interaction: Interaction) -> None:
            locale = await self.bot.locale_of(interaction)
            found = await self.service.held_in(_guild(interaction))
            await send(interaction, held.listing(found, locale))

        @app_commands.command(
            name=ls("show", "cmd.admin.quarantine.show.name"),
            description=ls(
                "Why a game is on hold, and how much of it still plays", "cmd.admin.quarantine.show.desc"
            ),
        )
        @app_commands.rename(game=match_name)
        @app_commands.describe(game=match_desc)
        async def show(interaction: Interaction, game: app_commands.Range[int, 1, MAX_ID]) -> None:
            locale = await self.bot.locale_of(interaction)
            guild_id = _guild(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            await send(interaction, held.describe(await self.service.inspect(guild_id, game), locale))

        @app_commands.command(
            name=ls("export", "cmd.admin.quarantine.export.name"),
            description=ls(
                "The game's record exactly as stored, as a file", "cmd.admin.quarantine.export.desc"
            ),
        )
        @app_commands.rename(game=match_name)
        @app_commands.describe(game=match_desc)
        async def export(interaction: Interaction, game: app_commands.Range[int, 1, MAX_ID]) -> None:
            guild_id = _guild(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            data = await self.service.export(guild_id, game)
            await send(interaction, file=discord.File(io.BytesIO(data), filename=f"game-{game}-held.json"))

        @app_commands.command(
            name=ls("abandon", "cmd.admin.quarantine.abandon.name"),
            description=ls(
                "Abandon a game on hold (its channel is free again)", "cmd.admin.quarantine.abandon.desc"
            ),
        )
        @app_commands.rename(game=match_name)
        @app_commands.describe(game=match_desc)
        async def abandon(interaction: Interaction, game: app_commands.Range[int, 1, MAX_ID]) -> None:
            locale = await self.bot.locale_of(interaction)
            guild_id = _guild(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            info = await self.service.abandon(guild_id, game)
            if info.channel_id is not None:
                text = t("quarantine.abandoned", info.locale, admin=f"<@{interaction.user.id}>", id=game)
                await self.bot.pbp.herald.post(info.channel_id, info.guild_id, text)
            await send(interaction, t("admin.done", locale))

        @app_commands.command(
            name=ls("truncate", "cmd.admin.quarantine.truncate.name"),
            description=ls(
                "Cut a damaged game back to its last answer that still plays, and go on",
                "cmd.admin.quarantine.truncate.desc",
            ),
        )
        @app_commands.rename(game=match_name)
        @app_commands.describe(game=match_desc)
        async def truncate(interaction: Interaction, game: app_commands.Range[int, 1, MAX_ID]) -> None:
            locale = await self.bot.locale_of(interaction)
            guild_id = _guild(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            live, keep, removed = await self.service.truncate(guild_id, game)
            text = t(
                "quarantine.truncated",
                live.record.locale,
                admin=f"<@{interaction.user.id}>",
                id=game,
                keep=keep,
                removed=removed,
            )
            await self.bot.pbp.herald.post(live.record.channel_id, live.record.guild_id, text)
            await self.bot.table.announce(
                Outcome(live.id, "undo", via="system", actor_id=interaction.user.id)
            )
            await send(interaction, t("admin.done", locale))

        commands: tuple[app_commands.Command[Any, ..., None], ...] = (list_, show, export, abandon, truncate)
        for command in commands:
            self.add_command(command)

    @property
    def service(self) -> held.Quarantine:
        return self.bot.quarantine

    async def on_continue(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        """The table's button: the host or a manager continues under the current rules."""
        locale = await self.bot.locale_of(interaction)
        if len(args) != 1:
            raise UserError("error.stale_prompt")
        can_manage = bool(interaction.permissions and interaction.permissions.manage_guild)
        await interaction.response.defer(ephemeral=True, thinking=True)
        live = await self.service.continue_rules(args[0], interaction.user.id, can_manage)
        text = t(
            "quarantine.continued",
            live.record.locale,
            user=f"<@{interaction.user.id}>",
            id=live.id,
            version=live.definition.engine_version,
        )
        await self.bot.pbp.herald.post(live.record.channel_id, live.record.guild_id, text)
        if interaction.message is not None:
            await interaction.message.edit(view=None)
        await self.bot.table.announce(Outcome(live.id, "resume", via="system", actor_id=interaction.user.id))
        await send(interaction, t("admin.done", locale))
