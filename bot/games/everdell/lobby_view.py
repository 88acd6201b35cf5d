"""Everdell's part of the lobby message: the opponent (Rugwort's year, Nightweave's level and
modules), Mistwood's player powers and the server's Mistwood data."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.everdell.lair import level_name
from bot.games.everdell.mistwood_data import lobby_lines as mistwood_lines
from bot.i18n import t
from bot.table import Live, capacity


def nightweave_line(options: dict[str, Any], locale: str) -> str:
    """'Nightweave — level 2 (Troublesome)' and her modules, for the lobby."""
    level = int(options.get("nightweave_level", 1))
    line = t("nw.lobby.value", locale, level=level, name=level_name(level, locale))
    modules = [t(f"nw.module.{m}", locale) for m in options.get("modules") or []]
    return (
        line
        + "\n"
        + t("nw.lobby.modules", locale, modules=", ".join(modules) or t("nw.modules_none", locale))
    )


def lobby_fields(embed: discord.Embed, live: Live, locale: str) -> None:
    record = live.record
    size = capacity(record)
    if record.options.get("opponent") == "nightweave":
        embed.add_field(
            name=t("nw.lobby.opponent", locale), value=nightweave_line(record.options, locale), inline=False
        )
    elif size == 1:
        year = int(record.options.get("rugwort_year", 1))
        rugwort = t(
            "everdell.lobby.year", locale, year=year, name=t(f"everdell.lobby.rugwort_name.{year}", locale)
        )
        embed.add_field(name=t("everdell.lobby.rugwort", locale), value=rugwort, inline=False)
    if record.options.get("player_powers"):
        embed.add_field(
            name=t("lobby.player_powers", locale),
            value=t(
                "lobby.player_powers.spring"
                if record.options.get("powers_spring_worker")
                else "lobby.player_powers.on",
                locale,
            ),
            inline=False,
        )
    if mistwood := mistwood_lines(record.options, locale):
        embed.add_field(name=t("mwdata.lobby.title", locale), value="\n".join(mistwood), inline=False)
