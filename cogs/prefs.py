"""/settings: private views by DM or not, and the language the bot uses with you."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import ls, t
from bot.interact import send

if TYPE_CHECKING:
    from bot.app import BoardGamesBot

ON_OFF = [
    app_commands.Choice(name=ls("on", "cmd.choice.on"), value="on"),
    app_commands.Choice(name=ls("off", "cmd.choice.off"), value="off"),
]
LANGUAGES = [
    app_commands.Choice(name=ls("automatic", "cmd.choice.auto"), value="auto"),
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="Português (Brasil)", value="pt"),
]


class Prefs(commands.Cog):
    def __init__(self, bot: BoardGamesBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=ls("settings", "cmd.settings.name"), description=ls("Your preferences", "cmd.settings.desc")
    )
    @app_commands.rename(dm=ls("dm", "cmd.opt.dm.name"), language=ls("language", "cmd.opt.language.name"))
    @app_commands.describe(
        dm=ls("Receive your hand and decisions by direct message", "cmd.opt.dm.desc"),
        language=ls("The language the bot uses with you", "cmd.opt.language.desc"),
    )
    @app_commands.choices(dm=ON_OFF, language=LANGUAGES)
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        dm: app_commands.Choice[str] | None = None,
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        prefs = self.bot.prefs
        user_id = interaction.user.id
        if dm is not None:
            await prefs.set_dm_hands(user_id, dm.value == "on")
            if dm.value == "on":
                self.bot.notifier.dms_closed.discard(user_id)  # let them try again after opening DMs
        if language is not None:
            await prefs.set_locale(user_id, None if language.value == "auto" else language.value)
        current = await prefs.get(user_id)
        locale = await self.bot.locale_of(interaction)
        await send(
            interaction,
            t(
                "settings.summary",
                locale,
                dm=t("settings.on" if current.dm_hands else "settings.off", locale),
                language=t(f"settings.lang.{current.locale or 'auto'}", locale),
            ),
        )


async def setup(bot: BoardGamesBot) -> None:
    await bot.add_cog(Prefs(bot))
