"""Nightweave at a physical table (`/automa start nightweave`): the companion service's steps,
drawn for the channel with Everdell's own embeds and buttons."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any, Literal

import discord
from pydantic import Field

from bot.games.everdell import companion_render as render
from bot.games.everdell.companion import NIGHTWEAVE, CompanionService
from bot.i18n import channel_locale, t  # her steps are read by the whole table
from bot.plugins import CompanionSpec, Reply
from engine.core.options import GameOptions

if TYPE_CHECKING:
    from bot.app import BoardGamesBot

Interaction = discord.Interaction[Any]


class StartOptions(GameOptions):
    level: int = Field(ge=0, le=4, description="Difficulty, 0 (tame) to 4 (terrifying)")
    humans: int | None = Field(None, ge=1, le=2, description="How many people play against her")
    modules: Literal["none", "personalities", "plans", "plots"] | None = Field(
        None, description="Bonus module in play (the bot reminds you; you run its card)"
    )


class ScoreOptions(GameOptions):
    cards: int = Field(ge=0, le=500, description="Printed points of the cards in her village")
    zero_cards: int | None = Field(None, ge=0, le=50, description="Her village cards printed with 0 points")
    prosperity: int | None = Field(None, ge=0, le=50, description="Her purple Prosperity cards (with printed points)")
    basic_events: int | None = Field(None, ge=0, le=100, description="Printed points of her Basic Events")
    special_events: int | None = Field(None, ge=0, le=10, description="How many Special Events she achieved")
    journey: int | None = Field(None, ge=0, le=50, description="Her Journey points (default: what the bot counted)")


class NightweaveSession:
    def __init__(self, bot: BoardGamesBot) -> None:
        self.bot = bot
        self.service = CompanionService(bot.store.db)

    async def start(self, interaction: Interaction, options: dict[str, Any]) -> Reply:
        level, humans = int(options["level"]), int(options.get("humans") or 1)
        module = options.get("modules")
        chosen = [] if module in (None, "none") else [str(module)]
        guild = interaction.guild_id
        files = await self.bot.store.guild_data.texts(guild, "everdell") if guild else {}
        report = await self.service.start(
            guild,
            interaction.channel_id or 0,
            interaction.user.id,
            NIGHTWEAVE,
            level,
            humans,
            chosen,
            files.get("deck"),  # the server's own Activity deck, when it uploaded one
        )
        locale = channel_locale(interaction)
        text = t("automa.started", locale, level=level, humans=humans, count=humans, user=interaction.user.mention)
        return Reply(text, render.status_embed(report, locale))

    async def turn(self, interaction: Interaction, physical: bool) -> Reply:
        locale = channel_locale(interaction)
        channel = interaction.channel_id or 0
        if physical:
            cid, steps, cards = await self.service.card_choices(channel)
            return Reply(t("nw.which_card", locale), view=render.card_menu(cid, steps, cards, locale))
        report = await self.service.turn(channel, interaction.user.id)
        return Reply(embed=render.turn_embed(report, locale), view=render.turn_view(report, locale))

    async def undo(self, interaction: Interaction) -> Reply:
        locale = channel_locale(interaction)
        report = await self.service.undo(interaction.channel_id or 0)
        text = t("automa.undone", locale, user=interaction.user.mention, n=report.seq)
        return Reply(text, render.status_embed(report, locale))

    async def status(self, interaction: Interaction) -> Reply:
        report = await self.service.status(interaction.channel_id or 0)
        return Reply(embed=render.status_embed(report, await self.bot.locale_of(interaction)), private=True)

    async def score(self, interaction: Interaction, counts: dict[str, Any]) -> Reply:
        report = await self.service.status(interaction.channel_id or 0)
        journey = counts.get("journey")
        tally = {
            "cards": int(counts["cards"]),
            "zero_cards": int(counts.get("zero_cards") or 0),
            "prosperity_cards": int(counts.get("prosperity") or 0),
            "basic_events": int(counts.get("basic_events") or 0),
            "special_events": int(counts.get("special_events") or 0),
            "journey": report.state.journey if journey is None else int(journey),
        }
        locale = channel_locale(interaction)
        total = render.score_parts(report, tally)["total"]
        return Reply(embed=render.score_embed(report, locale, tally), view=render.record_view(report, total, locale))

    async def stop(self, interaction: Interaction) -> Reply:
        await self.service.stop(interaction.channel_id or 0)
        return Reply(t("automa.stopped", channel_locale(interaction), user=interaction.user.mention))

    def components(self) -> Mapping[str, Callable[[Interaction, list[int], list[str]], Awaitable[None]]]:
        return {render.BUTTON: self.on_button, render.SELECT: self.on_select}

    async def on_button(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        companion_id, seq, code = args[0], args[1], args[2]
        locale = channel_locale(interaction)
        channel = interaction.channel_id or 0
        if code == 4:
            report = await self.service.undo(channel)
            await interaction.response.edit_message(
                content=t("automa.undone", locale, user=interaction.user.mention, n=report.seq),
                embed=render.status_embed(report, locale),
                view=None,
            )
            return
        report = await self.service.amend(channel, companion_id, seq, code)
        await interaction.response.edit_message(
            embed=render.turn_embed(report, locale), view=render.turn_view(report, locale)
        )

    async def on_select(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        locale = channel_locale(interaction)
        report = await self.service.turn(interaction.channel_id or 0, interaction.user.id, card=values[0], expect=args[1])
        await interaction.response.edit_message(
            content=None, embed=render.turn_embed(report, locale), view=render.turn_view(report, locale)
        )


COMPANION = CompanionSpec(NIGHTWEAVE, StartOptions, NightweaveSession, ScoreOptions)
