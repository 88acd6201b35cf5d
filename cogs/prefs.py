"""/settings: private views by DM or not, the language the bot uses with you, and how your Dominion
reactions are answered in every new lobby."""

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
# The lobby's own picks, as a standing default (values: bot.games.dominion.lobby.REACTION_MODES).
REACTION_MODES = [
    app_commands.Choice(name=ls("use mine at once", "cmd.choice.my_reactions.always"), value="always"),
    app_commands.Choice(name=ls("ask me each time", "cmd.choice.my_reactions.ask"), value="ask"),
]


class Prefs(commands.Cog):
    def __init__(self, bot: BoardGamesBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=ls("settings", "cmd.settings.name"), description=ls("Your preferences", "cmd.settings.desc")
    )
    @app_commands.rename(
        dm=ls("dm", "cmd.opt.dm.name"),
        language=ls("language", "cmd.opt.language.name"),
        ping=ls("ping", "cmd.pbp.opt.ping.name"),
        dm_ping=ls("dm_ping", "cmd.pbp.opt.dm_ping.name"),
        reactions=ls("dominion_reactions", "cmd.opt.my_reactions.name"),
    )
    @app_commands.describe(
        dm=ls("Receive your hand and decisions by direct message", "cmd.opt.dm.desc"),
        language=ls("The language the bot uses with you", "cmd.opt.language.desc"),
        ping=ls("Mention you in the channel when it is your turn", "cmd.pbp.opt.ping.desc"),
        dm_ping=ls("Also tell you by direct message when it is your turn", "cmd.pbp.opt.dm_ping.desc"),
        reactions=ls(
            "Dominion: your Moat and Caravan Guard in every new table — used at once, or asked",
            "cmd.opt.my_reactions.desc",
        ),
    )
    @app_commands.choices(
        dm=ON_OFF, language=LANGUAGES, ping=ON_OFF, dm_ping=ON_OFF, reactions=REACTION_MODES
    )
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        dm: app_commands.Choice[str] | None = None,
        language: app_commands.Choice[str] | None = None,
        ping: app_commands.Choice[str] | None = None,
        dm_ping: app_commands.Choice[str] | None = None,
        reactions: app_commands.Choice[str] | None = None,
    ) -> None:
        prefs = self.bot.prefs
        user_id = interaction.user.id
        if dm is not None:
            await prefs.set_dm_hands(user_id, dm.value == "on")
            if dm.value == "on":
                self.bot.notifier.dms_closed.discard(user_id)  # let them try again after opening DMs
        if language is not None:
            await prefs.set_locale(user_id, None if language.value == "auto" else language.value)
        if reactions is not None:
            await prefs.set_reactions(user_id, reactions.value)
        pings = await self.bot.pbp.store.games.set_ping_prefs(
            user_id,
            None if ping is None else ping.value == "on",
            None if dm_ping is None else dm_ping.value == "on",
        )
        current = await prefs.get(user_id)
        locale = await self.bot.locale_of(interaction)
        on_off = lambda flag: t("settings.on" if flag else "settings.off", locale)  # noqa: E731
        summary = t(
            "settings.summary",
            locale,
            dm=on_off(current.dm_hands),
            language=t(f"settings.lang.{current.locale or 'auto'}", locale),
        )
        lines = [
            summary,
            t("settings.pings", locale, ping=on_off(pings.ping), dm_ping=on_off(pings.dm_ping)),
            t("settings.reactions." + (current.reactions or "table"), locale),
        ]
        await send(interaction, "\n".join(lines))


async def setup(bot: BoardGamesBot) -> None:
    await bot.add_cog(Prefs(bot))
