"""/roll and /deck: dice and named decks for physical tables, every result posted in the channel."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.companion_tools import TableTools
from bot.i18n import channel_locale, ls, t
from bot.interact import send
from bot.render.dice import roll_reply
from bot.render.dice import suggest as suggest_dice
from bot.render.limits import clip

if TYPE_CHECKING:
    from bot.app import BoardGamesBot

Interaction = discord.Interaction[Any]


class Tools(commands.Cog):
    deck = app_commands.Group(
        name=ls("deck", "cmd.deck.name"), description=ls("A shuffled deck for your table", "cmd.deck.desc"), guild_only=True
    )

    def __init__(self, bot: BoardGamesBot) -> None:
        self.bot = bot
        self.tools = TableTools(bot.store.db) if hasattr(bot, "store") else None

    def svc(self) -> TableTools:
        assert self.tools is not None
        return self.tools

    def loc(self, interaction: Interaction) -> str:
        return channel_locale(interaction)

    @app_commands.command(name=ls("roll", "cmd.roll.name"), description=ls("Roll dice for everyone to see", "cmd.roll.desc"))
    @app_commands.guild_only()
    @app_commands.rename(notation=ls("notation", "cmd.roll.opt.notation.name"))
    @app_commands.describe(
        notation=ls("For example d8, 2d6+1, 4d6kh3, or a game's dice by name", "cmd.roll.opt.notation.desc")
    )
    async def roll(self, interaction: Interaction, notation: app_commands.Range[str, 1, 200]) -> None:
        result = await self.svc().roll(interaction.channel_id or 0, notation, await self.channel_game(interaction))
        await interaction.response.send_message(
            roll_reply(result, interaction.user.mention, self.loc(interaction)),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @roll.autocomplete("notation")
    async def roll_autocomplete(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        locale = await self.bot.locale_of(interaction)
        return suggest_dice(current, locale, await self.channel_game(interaction))

    async def channel_game(self, interaction: Interaction) -> str | None:
        """The game of the channel's lobby or match, if any: its named dice win a shared name."""
        if interaction.channel_id is None or not hasattr(self.bot, "table"):
            return None
        try:
            live = await self.bot.table.for_channel(interaction.channel_id)
        except Exception:  # noqa: BLE001 - no game here (or none readable): the session's, or none
            return None
        return live.record.game

    @deck.command(name=ls("create", "cmd.deck.create.name"), description=ls("Create and shuffle a deck", "cmd.deck.create.desc"))
    @app_commands.rename(name=ls("name", "cmd.deck.opt.name.name"), cards=ls("cards", "cmd.deck.opt.cards.name"))
    @app_commands.describe(
        name=ls("The deck's name", "cmd.deck.opt.name.desc"),
        cards=ls("Card names separated by commas", "cmd.deck.opt.cards.desc"),
    )
    async def create(self, interaction: Interaction, name: app_commands.Range[str, 1, 100], cards: str) -> None:
        deck = await self.svc().create(interaction.channel_id or 0, interaction.user.id, name, cards)
        await self._log(interaction, t("deck.created", self.loc(interaction), user=interaction.user.mention, name=deck.name, count=len(deck.draw_pile)))

    @deck.command(name=ls("draw", "cmd.deck.draw.name"), description=ls("Draw cards, shown to the channel", "cmd.deck.draw.desc"))
    @app_commands.rename(name=ls("name", "cmd.deck.opt.name.name"), count=ls("count", "cmd.deck.opt.count.name"))
    @app_commands.describe(name=ls("The deck's name", "cmd.deck.opt.name.desc"), count=ls("How many cards", "cmd.deck.opt.count.desc"))
    async def draw(self, interaction: Interaction, name: str, count: app_commands.Range[int, 1, 500] = 1) -> None:
        deck, drawn = await self.svc().draw(interaction.channel_id or 0, name, count)
        await self._log(
            interaction,
            t("deck.drawn", self.loc(interaction), user=interaction.user.mention, name=deck.name, cards=", ".join(drawn), left=len(deck.draw_pile)),
        )

    @deck.command(name=ls("peek", "cmd.deck.peek.name"), description=ls("Look at the top cards (the deck's owner only)", "cmd.deck.peek.desc"))
    @app_commands.rename(name=ls("name", "cmd.deck.opt.name.name"), count=ls("count", "cmd.deck.opt.count.name"))
    @app_commands.describe(name=ls("The deck's name", "cmd.deck.opt.name.desc"), count=ls("How many cards", "cmd.deck.opt.count.desc"))
    async def peek(self, interaction: Interaction, name: str, count: app_commands.Range[int, 1, 500] = 1) -> None:
        deck, cards = await self.svc().peek(interaction.channel_id or 0, interaction.user.id, name, count)
        locale = await self.bot.locale_of(interaction)
        await send(interaction, clip(t("deck.peeked_private", locale, name=deck.name, cards=", ".join(cards) or "—"), 2000))
        if interaction.channel is not None and isinstance(interaction.channel, discord.abc.Messageable):
            await interaction.channel.send(
                t("deck.peeked_public", self.loc(interaction), user=interaction.user.mention, name=deck.name, count=len(cards)),
                allowed_mentions=discord.AllowedMentions.none(),
            )

    @deck.command(name=ls("reshuffle", "cmd.deck.reshuffle.name"), description=ls("Shuffle the drawn cards back in", "cmd.deck.reshuffle.desc"))
    @app_commands.rename(name=ls("name", "cmd.deck.opt.name.name"))
    @app_commands.describe(name=ls("The deck's name", "cmd.deck.opt.name.desc"))
    async def reshuffle(self, interaction: Interaction, name: str) -> None:
        manager = bool(interaction.permissions.manage_guild)
        deck = await self.svc().reshuffle(interaction.channel_id or 0, interaction.user.id, name, manager)
        await self._log(interaction, t("deck.reshuffled", self.loc(interaction), user=interaction.user.mention, name=deck.name, count=len(deck.draw_pile)))

    async def _log(self, interaction: Interaction, text: str) -> None:
        await interaction.response.send_message(clip(text, 2000), allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: BoardGamesBot) -> None:
    await bot.add_cog(Tools(bot))
