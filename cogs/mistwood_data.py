"""/admin mistwood upload | show | remove (Manage Server): the server's own Mistwood data files (a
replacement Activity deck or scoring table for Nightweave, and the card data the More Legends,
Corrin and Through Every Season packs need). A file is checked with the engine's validators before
it is stored: a bad one is answered with its problems and changes nothing. Every reply is ephemeral.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.errors import UserError
from bot.games.everdell import mistwood_data as data
from bot.i18n import ls, t
from bot.interact import send
from cogs.options_common import choices

if TYPE_CHECKING:
    from bot.app import BoardGamesBot

Interaction = discord.Interaction[Any]

KIND_CHOICES = choices(
    "cmd.choice.mwdata_kind",
    [
        ("deck", "Nightweave's Activity deck"),
        ("scoring", "Nightweave's scoring table"),
        ("cards", "card data (More Legends, Corrin, Farms)"),
    ],
)


class MistwoodData(app_commands.Group):
    """A subgroup of /admin (whose default permissions it shares)."""

    def __init__(self, bot: BoardGamesBot) -> None:
        super().__init__(
            name=ls("mistwood", "cmd.admin.mistwood.name"),
            description=ls("This server's Mistwood data files for Everdell", "cmd.admin.mistwood.desc"),
        )
        self.bot = bot

    @staticmethod
    def _guild(interaction: Interaction) -> int:
        # default_permissions only hides the command; the check here is what enforces it.
        if not interaction.permissions.manage_guild:
            raise UserError("admin.manage_only")
        if interaction.guild_id is None:
            raise UserError("error.guild_only")
        return interaction.guild_id

    @app_commands.command(
        name=ls("upload", "cmd.admin.mistwood.upload.name"),
        description=ls("Check and store a Mistwood data file (YAML or JSON)", "cmd.admin.mistwood.upload.desc"),
    )
    @app_commands.rename(
        kind=ls("kind", "cmd.admin.mistwood.opt.kind.name"), file=ls("file", "cmd.admin.mistwood.opt.file.name")
    )
    @app_commands.describe(
        kind=ls("Which file this is", "cmd.admin.mistwood.opt.kind.desc"),
        file=ls("The file, at most 100 KB", "cmd.admin.mistwood.opt.file.desc"),
    )
    @app_commands.choices(kind=KIND_CHOICES)
    async def upload(self, interaction: Interaction, kind: app_commands.Choice[str], file: discord.Attachment) -> None:
        locale = await self.bot.locale_of(interaction)
        guild_id = self._guild(interaction)
        if file.size > data.MAX_BYTES:  # refused before downloading anything
            raise UserError("mwdata.too_large", size=data.kilobytes(file.size), max=data.kilobytes(data.MAX_BYTES))
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = data.decode(await file.read())
        # Parsing up to 100 KB of YAML takes a moment: off the event loop.
        found = await asyncio.to_thread(data.problems, kind.value, text)
        label = t(f"mwdata.kind.{kind.value}", locale)
        if found:
            await send(interaction, t("mwdata.rejected", locale, kind=label, problems=data.problem_list(found)))
            return
        stored = await self.bot.store.mistwood.put(
            guild_id, kind.value, file.filename, text, len(text.encode("utf-8")), interaction.user.id
        )
        reply = t("mwdata.stored", locale, kind=label, size=data.kilobytes(stored.size))
        if kind.value == "cards":
            reply += "\n" + data.pack_status(text, locale)
        await send(interaction, reply)

    @app_commands.command(
        name=ls("show", "cmd.admin.mistwood.show.name"),
        description=ls("Show this server's Mistwood data files", "cmd.admin.mistwood.show.desc"),
    )
    async def show(self, interaction: Interaction) -> None:
        locale = await self.bot.locale_of(interaction)
        guild_id = self._guild(interaction)
        stored = {f.kind: f for f in await self.bot.store.mistwood.all(guild_id)}
        embed = discord.Embed(title=t("mwdata.show.title", locale), colour=discord.Colour.dark_green())
        for kind in data.KINDS:
            entry = stored.get(kind)
            value = data.file_line(entry, locale) if entry else t(f"mwdata.show.none_{kind}", locale)
            embed.add_field(name=t(f"mwdata.kind.{kind}", locale), value=value, inline=False)
        cards = stored.get("cards")
        embed.add_field(
            name=t("mwdata.show.packs", locale),
            value=data.pack_status(cards.content if cards else None, locale),
            inline=False,
        )
        embed.set_footer(text=t("mwdata.show.footer", locale))
        await send(interaction, embed=embed)

    @app_commands.command(
        name=ls("remove", "cmd.admin.mistwood.remove.name"),
        description=ls("Remove one of this server's Mistwood data files", "cmd.admin.mistwood.remove.desc"),
    )
    @app_commands.rename(kind=ls("kind", "cmd.admin.mistwood.opt.kind.name"))
    @app_commands.describe(kind=ls("Which file to remove", "cmd.admin.mistwood.opt.remove_kind.desc"))
    @app_commands.choices(kind=KIND_CHOICES)
    async def remove(self, interaction: Interaction, kind: app_commands.Choice[str]) -> None:
        locale = await self.bot.locale_of(interaction)
        guild_id = self._guild(interaction)
        label = t(f"mwdata.kind.{kind.value}", locale)
        gone = await self.bot.store.mistwood.remove(guild_id, kind.value)
        await send(interaction, t("mwdata.removed" if gone else "mwdata.nothing_to_remove", locale, kind=label))
