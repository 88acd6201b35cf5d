"""/admin (Manage Server): force-end a game, move a seat to someone else or a bot, rewind a stuck
game. Every action is written to the admin audit and announced in the game's channel. The
`data` subgroup (cogs/data_sets.py) manages the server's own data files for its games; the
`quarantine` subgroup (cogs/quarantine.py) the games held out of play."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import UserError
from bot.i18n import ls, t
from bot.interact import send
from bot.quarantine import CONTINUE
from bot.render.common import seat_name
from bot.table import Live, Outcome
from cogs.data_sets import DataSets
from cogs.quarantine import QuarantineGroup

if TYPE_CHECKING:
    from bot.app import BoardGamesBot

Interaction = discord.Interaction[Any]


class Admin(commands.Cog):
    admin = app_commands.Group(
        name=ls("admin", "cmd.admin.name"),
        description=ls("Server admin tools for games", "cmd.admin.desc"),
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: BoardGamesBot) -> None:
        self.bot = bot
        self.admin.add_command(DataSets(bot))  # /admin data ...: the server's data files
        self.held = QuarantineGroup(bot)  # /admin quarantine ...: games held out of play
        self.admin.add_command(self.held)

    async def cog_load(self) -> None:
        self.bot.on_component(CONTINUE, self.held.on_continue)

    async def _game(self, interaction: Interaction) -> Live:
        # default_permissions only hides the command; the check here is what enforces it.
        if not interaction.permissions.manage_guild:
            raise UserError("admin.manage_only")
        if interaction.channel_id is None:
            raise UserError("error.no_game_here")
        live = await self.bot.table.for_channel(interaction.channel_id)
        if live.record.status != "active":
            raise UserError("error.not_started")
        return live

    async def _announce(self, live: Live, text: str) -> None:
        await self.bot.pbp.herald.post(live.record.channel_id, live.record.guild_id, text)

    @admin.command(
        name=ls("force-end", "cmd.admin.force_end.name"),
        description=ls("End the game in this channel without a result", "cmd.admin.force_end.desc"),
    )
    async def force_end(self, interaction: Interaction) -> None:
        locale = await self.bot.locale_of(interaction)
        live = await self._game(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        live = await self.bot.pbp.moderation.force_end(live.id, interaction.user.id)
        await self._announce(live, t("admin.ended", live.record.locale, admin=f"<@{interaction.user.id}>", id=live.id))
        await self.bot.table.announce(Outcome(live.id, "abandon", via="system", actor_id=interaction.user.id))
        await send(interaction, t("admin.done", locale))

    @admin.command(
        name=ls("transfer", "cmd.admin.transfer.name"),
        description=ls("Give a seat to another member, or to a bot", "cmd.admin.transfer.desc"),
    )
    @app_commands.rename(seat=ls("seat", "cmd.pbp.opt.seat.name"), to=ls("to", "cmd.pbp.opt.to.name"))
    @app_commands.describe(
        seat=ls("Seat number (1 = first)", "cmd.pbp.opt.seat.desc"),
        to=ls("The member who takes the seat (leave empty for a bot)", "cmd.pbp.opt.to.desc"),
    )
    async def transfer(
        self, interaction: Interaction, seat: app_commands.Range[int, 1, 8], to: discord.Member | None = None
    ) -> None:
        locale = await self.bot.locale_of(interaction)
        live = await self._game(interaction)
        index = seat - 1
        if index >= len(live.record.seats):
            raise UserError("error.not_a_seat")
        if to is not None and to.bot:
            raise UserError("admin.no_bot_users")
        await interaction.response.defer(ephemeral=True, thinking=True)
        before = seat_name(live, index)
        live = await self.bot.pbp.moderation.transfer(
            live.id, interaction.user.id, index, to.id if to else None, to.display_name if to else None
        )
        after = to.mention if to else seat_name(live, index)
        await self._announce(
            live,
            t("admin.transferred", live.record.locale, admin=f"<@{interaction.user.id}>", seat=seat, before=before, after=after),
        )
        await self.bot.table.announce(Outcome(live.id, "transfer", seat=index, via="system", actor_id=interaction.user.id))
        await send(interaction, t("admin.done", locale))

    @admin.command(
        name=ls("rewind", "cmd.admin.rewind.name"),
        description=ls("Rewind the game to an earlier step", "cmd.admin.rewind.desc"),
    )
    @app_commands.rename(step=ls("step", "cmd.pbp.opt.step.name"))
    @app_commands.describe(step=ls("Keep this many answers (0 = the start)", "cmd.pbp.opt.step.desc"))
    async def rewind(self, interaction: Interaction, step: app_commands.Range[int, 0, 100000]) -> None:
        locale = await self.bot.locale_of(interaction)
        live = await self._game(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        pbp = self.bot.pbp
        live, removed = await pbp.undo.rewind(live.id, step, interaction.user.id, "admin")
        await pbp.moderation.log_rewind(live, interaction.user.id, step, removed)
        await self._announce(
            live,
            t("admin.rewound", live.record.locale, admin=f"<@{interaction.user.id}>", step=step, count=removed),
        )
        await self.bot.table.announce(Outcome(live.id, "undo", via="system", actor_id=interaction.user.id))
        await send(interaction, t("admin.done", locale))


async def setup(bot: BoardGamesBot) -> None:
    await bot.add_cog(Admin(bot))
