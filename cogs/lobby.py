"""/<game> new (generated per game), /game status, leave, abandon, and the lobby buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import lobby, plugins
from bot.errors import UserError
from bot.i18n import channel_locale, ls, t
from bot.interact import send
from bot.render import board_payload, ids
from bot.render.items import Components, GameButton, Handler
from bot.render.lobby import lobby_payload
from bot.table import Outcome
from cogs.new_game import game_group
from cogs.pbp import CLOCKS, clock_hours
from engine.core.registry import game_ids

if TYPE_CHECKING:
    from bot.app import BoardGamesBot

Interaction = discord.Interaction[Any]
ABANDON_YES = "ay"  # button, match: yes, end this game for everyone
ABANDON_NO = "an"  # button, match: keep playing

class Lobby(commands.Cog):
    game = app_commands.Group(
        name=ls("game", "cmd.game.name"), description=ls("Play a board game in this channel", "cmd.game.desc")
    )

    def __init__(self, bot: BoardGamesBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.on_component(ids.LOBBY_JOIN, self.on_join)
        self.bot.on_component(ids.LOBBY_LEAVE, self.on_leave)
        self.bot.on_component(ids.LOBBY_BOT, self.on_add_bot)
        self.bot.on_component(ids.LOBBY_BOT_PICK, self.on_pick_bot)
        self.bot.on_component(ids.LOBBY_START, self.on_start)
        self.bot.on_component(ABANDON_YES, self.on_abandon_yes)
        self.bot.on_component(ABANDON_NO, self.on_abandon_no)
        for game_id in game_ids():  # a game's own lobby components (old messages keep working)
            for kind, handler in plugins.ui(game_id).components.items():
                self.bot.on_component(kind, self._game_component(handler))
        # /<game> new: one top-level command per game the bot offers, its `new` subcommand generated
        # from the game's options. Discord counts a command with all its subcommands against 4,000
        # characters, so one shared `/<game> new` could not hold every game's options.
        clocks = [c for c in CLOCKS if c.value != "custom"]
        for game_id in game_ids(released_only=True):
            self.__cog_app_commands__.append(game_group(game_id, self.open_table, clocks))

    def _game_component(self, handler: plugins.ComponentHandler) -> Handler:
        async def call(interaction: Interaction, args: list[int], values: list[str]) -> None:
            await handler(self.bot, interaction, args, values)

        return call

    async def open_table(
        self, interaction: Interaction, game_id: str, raw: dict[str, Any], players: int | None, clock: str | None
    ) -> None:
        live = await lobby.open_table(self.bot, interaction, game_id, raw, players, channel_locale(interaction))
        if clock is not None:
            await self.bot.pbp.set_clock(live, clock_hours(clock, None), None)

    # -- lobby buttons ----------------------------------------------------------------------------
    async def _refresh(self, interaction: Interaction, match_id: int) -> None:
        await lobby.refresh(self.bot, interaction, match_id)

    async def on_join(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        await lobby.join(self.bot, interaction, args[0])

    async def on_leave(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        await self.bot.table.leave_lobby(args[0], interaction.user.id)
        await self._refresh(interaction, args[0])

    async def on_add_bot(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        await lobby.add_bot(self.bot, interaction, args[0], None)

    async def on_pick_bot(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        await lobby.add_bot(self.bot, interaction, args[0], values[0] if values else None)

    async def on_start(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        live = await self.bot.table.get(args[0])
        if interaction.user.id != live.record.host_id:
            await send(interaction, t("error.host_only", await self.bot.locale_of(interaction)))
            return
        await interaction.response.defer()  # building the match and posting the board can take a moment
        await lobby.start(self.bot, args[0], interaction.user.id)
        await self._refresh(interaction, args[0])
        await self.bot.table.announce(
            Outcome(args[0], "start", via="component", actor_id=interaction.user.id)
        )

    # -- /game status, leave, abandon -------------------------------------------------------------
    @game.command(
        name=ls("status", "cmd.game.status.name"),
        description=ls("Show the game in this channel", "cmd.game.status.desc"),
    )
    @app_commands.guild_only()
    async def status(self, interaction: Interaction) -> None:
        locale = await self.bot.locale_of(interaction)
        assert interaction.channel_id is not None
        live = await self.bot.table.for_channel(interaction.channel_id)
        payload = (
            lobby_payload(live, locale) if live.record.status == "lobby" else board_payload(live, locale)
        )
        await send(interaction, embed=payload.embed)

    @game.command(
        name=ls("leave", "cmd.game.leave.name"),
        description=ls("Leave the game in this channel", "cmd.game.leave.desc"),
    )
    @app_commands.guild_only()
    async def leave(self, interaction: Interaction) -> None:
        locale = await self.bot.locale_of(interaction)
        assert interaction.channel_id is not None
        live = await self.bot.table.for_channel(interaction.channel_id)
        if live.record.status == "lobby":
            await self.bot.table.leave_lobby(live.id, interaction.user.id)
            await self._edit_lobby_message(live.id)
            await send(interaction, t("notice.left_lobby", locale))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        live, seat = await self.bot.table.hand_to_bot(live.id, interaction.user.id)
        await send(interaction, t("notice.left_game", locale))
        await self.bot.table.announce(Outcome(live.id, "leave", seat=seat, actor_id=interaction.user.id))

    @game.command(
        name=ls("abandon", "cmd.game.abandon.name"),
        description=ls("End the game in this channel without a result", "cmd.game.abandon.desc"),
    )
    @app_commands.guild_only()
    async def abandon(self, interaction: Interaction) -> None:
        """Asks first: a running game ends for everyone, with no result."""
        locale = await self.bot.locale_of(interaction)
        assert interaction.channel_id is not None
        live = await self.bot.table.for_channel(interaction.channel_id)
        if interaction.user.id != live.record.host_id and not interaction.permissions.manage_guild:
            raise UserError("error.host_only")
        view = Components()
        view.add_item(
            GameButton(
                ids.button(ABANDON_YES, live.id), t("abandon.confirm", locale), discord.ButtonStyle.danger
            )
        )
        view.add_item(GameButton(ids.button(ABANDON_NO, live.id), t("abandon.keep", locale)))
        key = "abandon.ask_lobby" if live.record.status == "lobby" else "abandon.ask"
        await send(interaction, t(key, locale, id=live.id), view=view)

    async def on_abandon_yes(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        locale = await self.bot.locale_of(interaction)
        live = await self.bot.table.get(args[0])
        was_lobby = live.record.status == "lobby"
        can_manage = bool(interaction.permissions.manage_guild)
        await interaction.response.defer()  # an update of the question, once the game is closed
        live = await self.bot.table.abandon(live.id, interaction.user.id, can_manage)
        await interaction.edit_original_response(content=t("notice.abandoned_done", locale, id=live.id), view=None)
        if was_lobby:
            await self._edit_lobby_message(live.id)
        else:
            await self.bot.table.announce(Outcome(live.id, "abandon", actor_id=interaction.user.id))

    async def on_abandon_no(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        locale = await self.bot.locale_of(interaction)
        await interaction.response.edit_message(content=t("abandon.kept", locale, id=args[0]), view=None)

    async def _edit_lobby_message(self, match_id: int) -> None:
        await lobby.edit_lobby_message(self.bot, match_id)


async def setup(bot: BoardGamesBot) -> None:
    await bot.add_cog(Lobby(bot))
