"""The lobby message: seats, options and the Join / Leave / Add bot / Start buttons."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.render import Payload, ids
from bot.render.common import seat_name
from bot.render.everdell_lair import level_name
from bot.render.items import GameButton
from bot.table import Live, capacity


def nightweave_line(options: dict[str, Any], locale: str) -> str:
    """'Nightweave — level 2 (Troublesome)' and her modules, for the lobby."""
    level = int(options.get("nightweave_level", 1))
    line = t("nw.lobby.value", locale, level=level, name=level_name(level, locale))
    modules = [t(f"nw.module.{m}", locale) for m in options.get("modules") or []]
    return line + "\n" + t("nw.lobby.modules", locale, modules=", ".join(modules) or t("nw.modules_none", locale))


def lobby_payload(live: Live, locale: str) -> Payload:
    record = live.record
    definition = live.definition
    game_name = definition.names.get(locale) or definition.names.get("en") or record.game
    embed = discord.Embed(
        title=t("lobby.title", locale, game=game_name, id=live.id), colour=discord.Colour.blurple()
    )
    size = capacity(record)
    seats = [f"{i + 1}. {seat_name(live, i)}" for i in range(len(record.seats))]
    seats += [f"{i + 1}. —" for i in range(len(record.seats), size)]
    embed.add_field(
        name=t("lobby.seats", locale, count=len(record.seats), max=size), value="\n".join(seats), inline=False
    )
    if record.game == "dominion":
        kingdom = record.options.get("kingdom_name") or record.options.get("kingdom", "random")
        if isinstance(kingdom, list):
            kingdom = ", ".join(definition.card_name(c, locale) for c in kingdom)
        elif kingdom == "random":
            kingdom = t("lobby.random", locale)
        embed.add_field(name=t("lobby.kingdom", locale), value=str(kingdom), inline=False)
    if record.game == "everdell" and record.options.get("opponent") == "nightweave":
        embed.add_field(name=t("nw.lobby.opponent", locale), value=nightweave_line(record.options, locale), inline=False)
    elif record.game == "everdell" and size == 1:
        year = int(record.options.get("rugwort_year", 1))
        rugwort = t(
            "everdell.lobby.year", locale, year=year, name=t(f"everdell.lobby.rugwort_name.{year}", locale)
        )
        embed.add_field(name=t("everdell.lobby.rugwort", locale), value=rugwort, inline=False)
    embed.add_field(name=t("lobby.host", locale), value=f"<@{record.host_id}>", inline=False)
    status = record.status
    if status != "lobby":
        embed.description = t(f"lobby.status.{status}", locale)
        return Payload(embed=embed, view=None)
    embed.description = t("lobby.help", locale, min=definition.min_players)
    view = discord.ui.View(timeout=None)
    full = len(record.seats) >= size
    view.add_item(
        GameButton(
            ids.button(ids.LOBBY_JOIN, live.id),
            t("lobby.join", locale),
            discord.ButtonStyle.success,
            disabled=full,
        )
    )
    view.add_item(GameButton(ids.button(ids.LOBBY_LEAVE, live.id), t("lobby.leave", locale)))
    view.add_item(GameButton(ids.button(ids.LOBBY_BOT, live.id), t("lobby.add_bot", locale), disabled=full))
    view.add_item(
        GameButton(
            ids.button(ids.LOBBY_START, live.id),
            t("lobby.start", locale),
            discord.ButtonStyle.primary,
            disabled=len(record.seats) < definition.min_players,
        )
    )
    return Payload(embed=embed, view=view)
