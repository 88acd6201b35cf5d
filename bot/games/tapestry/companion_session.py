"""`/automa start tapestry level:<1-6>`: the Automa and the Shadow Empire run for a physical table.
Each `/automa turn` flips the next decision pair (the companion keeps the decks) and says what each
bot does on the real board; `/automa trap` answers a person's conquest of the Automa's territory;
undo, status and stop as for every companion; the final VP opens the result sheet."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any, Literal

import discord
from pydantic import Field

from bot.errors import UserError
from bot.games.tapestry import companion_render as render
from bot.games.tapestry.companion import KIND, UNDO, TapestryCompanionService
from bot.i18n import channel_locale, t
from bot.plugins import CompanionSpec, Reply
from engine.core.options import GameOptions

if TYPE_CHECKING:
    from bot.app import BoardGamesBot

Interaction = discord.Interaction[Any]


class StartOptions(GameOptions):
    level: int = Field(
        ge=1, le=6, description="The Automa's level, 1 to 6", json_schema_extra={"key": "tapestry_level"}
    )
    second_civ: Literal["explorers", "scientists", "conquerors", "engineers"] | None = Field(
        None,
        description="Level 6: the Automa's second civilization",
        json_schema_extra={"key": "automa_second_civ"},
    )


class TapestrySession:
    def __init__(self, bot: BoardGamesBot) -> None:
        self.bot = bot
        self.service = TapestryCompanionService(bot.store.db)

    async def start(self, interaction: Interaction, options: dict[str, Any]) -> Reply:
        level = int(options["level"])
        guild = interaction.guild_id
        files = await self.bot.store.guild_data.texts(guild, KIND) if guild else {}
        report = await self.service.start(
            guild,
            interaction.channel_id or 0,
            interaction.user.id,
            level,
            options.get("second_civ"),
            files.get("automa_rules"),
        )
        locale = channel_locale(interaction)
        text = t("tapestry.companion.started", locale, level=level, user=interaction.user.mention)
        setup = "\n".join(f"• {render.line(e, locale)}" for e in report.entries)
        return Reply(f"{text}\n{setup}", render.status_embed(report, locale))

    async def turn(self, interaction: Interaction, physical: bool) -> Reply:
        locale = channel_locale(interaction)
        if physical:
            raise UserError("tapestry.companion.virtual_only")
        report = await self.service.turn(interaction.channel_id or 0, interaction.user.id)
        return Reply(embed=render.turn_embed(report, locale), view=render.turn_view(report, locale))

    async def trap(self, interaction: Interaction) -> Reply:
        locale = channel_locale(interaction)
        report = await self.service.trap(interaction.channel_id or 0, interaction.user.id)
        return Reply(embed=render.turn_embed(report, locale), view=render.turn_view(report, locale))

    async def undo(self, interaction: Interaction) -> Reply:
        locale = channel_locale(interaction)
        report = await self.service.undo(interaction.channel_id or 0)
        return Reply(
            t("automa.undone", locale, user=interaction.user.mention, n=report.seq),
            render.status_embed(report, locale),
        )

    async def status(self, interaction: Interaction) -> Reply:
        report = await self.service.status(interaction.channel_id or 0)
        return Reply(embed=render.status_embed(report, await self.bot.locale_of(interaction)), private=True)

    async def score(self, interaction: Interaction, counts: dict[str, Any]) -> Reply:
        """The Automa's VP are all scored during its income turns: its total is the status."""
        report = await self.service.status(interaction.channel_id or 0)
        locale = channel_locale(interaction)
        return Reply(embed=render.status_embed(report, locale), view=render.turn_view(report, locale))

    async def stop(self, interaction: Interaction) -> Reply:
        await self.service.stop(interaction.channel_id or 0)
        return Reply(t("automa.stopped", channel_locale(interaction), user=interaction.user.mention))

    def components(self) -> Mapping[str, Callable[[Interaction, list[int], list[str]], Awaitable[None]]]:
        return {render.BUTTON: self.on_button, render.SELECT: self.on_select}

    async def on_button(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        companion_id, seq, code = args[0], args[1], args[2]
        locale = channel_locale(interaction)
        channel = interaction.channel_id or 0
        if code == UNDO:
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
        report = await self.service.amend(
            interaction.channel_id or 0, args[0], args[1], 0, taken=list(values)
        )
        await interaction.response.edit_message(
            embed=render.turn_embed(report, locale), view=render.turn_view(report, locale)
        )


COMPANION = CompanionSpec(KIND, StartOptions, TapestrySession)
