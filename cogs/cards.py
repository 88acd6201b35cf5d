"""/card <name>: what a card does, privately, in the user's language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import cards
from bot.i18n import ls
from bot.interact import send
from bot.render import ids

if TYPE_CHECKING:
    from bot.app import BoardGamesBot

Interaction = discord.Interaction[Any]


class Cards(commands.Cog):
    def __init__(self, bot: BoardGamesBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        if hasattr(self.bot, "table"):  # not when only building the commands to sync them
            self.bot.on_component(ids.CARD_INFO, self.on_prompt_cards)

    async def on_prompt_cards(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        """The card-details button of a private prompt: its cards' texts, to its seat only."""
        live = await self.bot.table.get(args[0])
        embed = cards.prompt_cards_for(live, interaction.user.id, args[1], await self.bot.locale_of(interaction))
        await send(interaction, embed=embed)

    async def channel_game(self, interaction: Interaction) -> str | None:
        """The game of the channel's lobby or match, if any: its cards are offered first."""
        if interaction.channel_id is None or not hasattr(self.bot, "table"):
            return None
        try:
            live = await self.bot.table.for_channel(interaction.channel_id)
        except Exception:  # noqa: BLE001 - no game here (or none readable): search every game
            return None
        return live.record.game

    @app_commands.command(
        name=ls("card", "cmd.card.name"), description=ls("Look a card up by its English or Portuguese name", "cmd.card.desc")
    )
    @app_commands.rename(name=ls("name", "cmd.card.opt.name.name"))
    @app_commands.describe(name=ls("The card's name (the channel's game is suggested first)", "cmd.card.opt.name.desc"))
    async def card(self, interaction: Interaction, name: app_commands.Range[str, 1, 100]) -> None:
        locale = await self.bot.locale_of(interaction)
        found = cards.lookup(name, prefer=await self.channel_game(interaction))
        await send(interaction, embed=cards.card_embed(found, locale))

    @card.autocomplete("name")
    async def card_autocomplete(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        locale = await self.bot.locale_of(interaction)
        return cards.suggest(current, locale, prefer=await self.channel_game(interaction))


async def setup(bot: BoardGamesBot) -> None:
    await bot.add_cog(Cards(bot))
