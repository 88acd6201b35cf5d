"""The lobby message: seats, the game's own fields and components (its UI plug-in), the host,
and the Join / Leave / Add bot / Start buttons."""

from __future__ import annotations

import discord

from bot import plugins
from bot.i18n import t
from bot.render import Payload, ids
from bot.render.common import seat_name
from bot.render.items import GameButton
from bot.table import Live, capacity


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
    game_ui = plugins.ui(record.game)
    game_ui.lobby_fields(embed, live, locale)
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
    for item in game_ui.lobby_items(live, locale):
        view.add_item(item)
    return Payload(embed=embed, view=view)
