"""/settings: private views by DM or not, the language the bot uses with you, turn pings, and each
released game's standing preferences for every new table (`<game>_<key>`).

The command is generated, the way `/<game> new` is (cogs/new_game.py): the four platform
options, then one option per `Preference` a game's UI plug-in declares, so a game adds a setting
without editing this cog. Words for a game's option: `cmd.opt.<label>.name/.desc` and
`cmd.choice.<label>.<value>`; its summary line `settings.<label>.<value>` (`.unset` when none).
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional

import discord
from discord import app_commands
from discord.ext import commands

from bot import plugins
from bot.i18n import has, ls, t
from bot.interact import send
from engine.core.registry import game_ids

if TYPE_CHECKING:
    from bot.app import BoardGamesBot

Interaction = discord.Interaction[Any]
Picked = Mapping[str, app_commands.Choice[str] | None]  # option name -> what was chosen
Apply = Callable[[Interaction, Picked], Awaitable[None]]

NAME_LIMIT = 32
DESCRIPTION_LIMIT = 100
OPTION_LIMIT = 25

ON_OFF = [
    app_commands.Choice(name=ls("on", "cmd.choice.on"), value="on"),
    app_commands.Choice(name=ls("off", "cmd.choice.off"), value="off"),
]
LANGUAGES = [
    app_commands.Choice(name=ls("automatic", "cmd.choice.auto"), value="auto"),
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="Português (Brasil)", value="pt"),
]
PLATFORM_RENAMES = {
    "dm": ls("dm", "cmd.opt.dm.name"),
    "language": ls("language", "cmd.opt.language.name"),
    "ping": ls("ping", "cmd.pbp.opt.ping.name"),
    "dm_ping": ls("dm_ping", "cmd.pbp.opt.dm_ping.name"),
}
PLATFORM_DESCRIPTIONS = {
    "dm": ls("Receive your hand and decisions by direct message", "cmd.opt.dm.desc"),
    "language": ls("The language the bot uses with you", "cmd.opt.language.desc"),
    "ping": ls("Mention you in the channel on your turn even when your prompt reaches you by DM", "cmd.pbp.opt.ping.desc"),
    "dm_ping": ls("Also tell you by direct message when it is your turn", "cmd.pbp.opt.dm_ping.desc"),
}
PLATFORM_CHOICES = {"dm": ON_OFF, "language": LANGUAGES, "ping": ON_OFF, "dm_ping": ON_OFF}


@dataclass(frozen=True)
class GamePref:
    """One game's declared preference, as a /settings option."""

    game: str
    pref: plugins.Preference

    @property
    def name(self) -> str:
        return f"{self.game}_{self.pref.key}"

    def summary_key(self, value: str | None) -> str:
        # A stored value the game no longer offers counts as unset: the game ignores it too.
        shown = value if value in self.pref.choices else "unset"
        return f"settings.{self.pref.label}.{shown}"


def game_prefs() -> list[GamePref]:
    """Every preference of every released game, in the registry's order."""
    return [GamePref(g, p) for g in game_ids(released_only=True) for p in plugins.ui(g).preferences]


def _clip(text: str) -> str:
    return text if len(text) <= DESCRIPTION_LIMIT else text[: DESCRIPTION_LIMIT - 1] + "…"


def _choices(pref: plugins.Preference) -> list[app_commands.Choice[str]]:
    out = []
    for value in pref.choices:
        key = f"cmd.choice.{pref.label}.{value}"
        english = t(key, "en") if has(key) else value
        out.append(app_commands.Choice(name=ls(_clip(english), key), value=value))
    return out


def settings_command(apply: Apply, prefs: list[GamePref] | None = None) -> app_commands.Command[Any, ..., None]:
    """/settings with the platform's options and one per game preference; `apply` gets every
    option by name (None where nothing was chosen)."""
    declared = game_prefs() if prefs is None else prefs
    names = [*PLATFORM_RENAMES, *(p.name for p in declared)]
    if len(set(names)) != len(names) or len(names) > OPTION_LIMIT:
        raise RuntimeError(f"/settings options must be unique and at most {OPTION_LIMIT}: {names}")
    for name in names:
        if not (name.isidentifier() and name == name.lower() and len(name) <= NAME_LIMIT):
            raise RuntimeError(f"/settings option {name!r} is not a valid lowercase name")
    choice: Any = Optional[app_commands.Choice[str]]  # noqa: UP045
    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=Interaction)]
    params += [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY, annotation=choice, default=None) for n in names]

    async def callback(interaction: Interaction, **picked: app_commands.Choice[str] | None) -> None:
        await apply(interaction, picked)

    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback.__name__ = "settings"
    renames = dict(PLATFORM_RENAMES)
    descriptions = dict(PLATFORM_DESCRIPTIONS)
    choices: dict[str, list[app_commands.Choice[str]]] = dict(PLATFORM_CHOICES)
    for gp in declared:
        renames[gp.name] = ls(gp.name, f"cmd.opt.{gp.pref.label}.name")
        descriptions[gp.name] = ls(_clip(gp.pref.description), f"cmd.opt.{gp.pref.label}.desc")
        choices[gp.name] = _choices(gp.pref)
    decorated: Any = app_commands.rename(**renames)(callback)
    decorated = app_commands.describe(**descriptions)(decorated)
    decorated = app_commands.choices(**choices)(decorated)
    return app_commands.Command(
        name=ls("settings", "cmd.settings.name"),
        description=ls("Your preferences", "cmd.settings.desc"),
        callback=decorated,
    )


class Prefs(commands.Cog):
    def __init__(self, bot: BoardGamesBot) -> None:
        self.bot = bot
        self.game_prefs = game_prefs()

    async def cog_load(self) -> None:
        # discord.py adds a cog's app commands to the tree after cog_load, so one built here
        # (from the games' declarations) is registered, synced and removed like a decorated one.
        self.__cog_app_commands__.append(settings_command(self.settings, self.game_prefs))

    async def settings(self, interaction: Interaction, picked: Picked) -> None:
        prefs = self.bot.prefs
        user_id = interaction.user.id
        dm, language = picked.get("dm"), picked.get("language")
        ping, dm_ping = picked.get("ping"), picked.get("dm_ping")
        if dm is not None:
            await prefs.set_dm_hands(user_id, dm.value == "on")
            if dm.value == "on":
                self.bot.notifier.dms_closed.discard(user_id)  # let them try again after opening DMs
        if language is not None:
            await prefs.set_locale(user_id, None if language.value == "auto" else language.value)
        for gp in self.game_prefs:
            chosen = picked.get(gp.name)
            if chosen is not None:
                await prefs.set_game_pref(user_id, gp.game, gp.pref.key, chosen.value)
        pings = await self.bot.records.set_pings(
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
            *(t(gp.summary_key(current.of(gp.game).get(gp.pref.key)), locale) for gp in self.game_prefs),
        ]
        await send(interaction, "\n".join(lines))


async def setup(bot: BoardGamesBot) -> None:
    await bot.add_cog(Prefs(bot))
