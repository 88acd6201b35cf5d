"""The lobby message: seats, the game's own fields and components (its UI plug-in), the host,
and the Join / Leave / Add bot / Start buttons."""

from __future__ import annotations

import discord

from bot import plugins
from bot.data_sets import kind_name
from bot.i18n import has, t
from bot.render import Payload, ids
from bot.render.common import seat_name
from bot.render.items import Components, GameButton, GameSelect
from bot.table import Live, capacity
from engine.core.datasets import REPLACES_OURS


def lobby_payload(live: Live, locale: str) -> Payload:
    record = live.record
    definition = live.definition
    game_name = definition.names.get(locale) or definition.names.get("en") or record.game
    embed = discord.Embed(
        title=t("lobby.title", locale, game=game_name, id=live.id), colour=discord.Colour.blurple()
    )
    size = capacity(record)
    seats = [
        f"{i + 1}. {seat_name(live, i)}" + (f" · {policy_label(record.game, s.policy, locale)}" if s.policy else "")
        for i, s in enumerate(record.seats)
    ]
    seats += [f"{i + 1}. —" for i in range(len(record.seats), size)]
    embed.add_field(
        name=t("lobby.seats", locale, count=len(record.seats), max=size), value="\n".join(seats), inline=False
    )
    game_ui = plugins.ui(record.game)
    game_ui.lobby_fields(embed, live, locale)
    if data := data_lines(live, locale):
        embed.add_field(name=t("lobby.data", locale), value="\n".join(data), inline=False)
    embed.add_field(name=t("lobby.host", locale), value=f"<@{record.host_id}>", inline=False)
    status = record.status
    if status != "lobby":
        embed.description = t(f"lobby.status.{status}", locale)
        return Payload(embed=embed, view=None)
    needed = definition.players_needed(record.options)
    embed.description = t("lobby.help", locale, min=needed)
    view = Components()
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
            disabled=len(record.seats) < needed,
        )
    )
    for item in game_ui.lobby_items(live, locale):
        view.add_item(item)
    if len(definition.policies) > 1 and not full:
        view.add_item(bot_select(live, locale))
    return Payload(embed=embed, view=view)


def data_lines(live: Live, locale: str) -> list[str]:
    """The values of our own design this table plays with, or the server's file in their place
    (each data set that replaces ours and applies to these options)."""
    lines = []
    for data_set in live.definition.data_sets:
        if data_set.role != REPLACES_OURS or not data_set.applies(live.record.options):
            continue
        kind = kind_name(live.record.game, data_set.kind, locale)
        own = live.record.options.get(data_set.option) is not None
        lines.append(t("lobby.data.server" if own else "lobby.data.ours", locale, kind=kind))
    return lines


def policy_label(game: str, policy: str, locale: str) -> str:
    """A bot's strength in words: the game's own name for it, else the shared one, else its id."""
    for key in (f"bot.policy.{game}.{policy}", f"bot.policy.{policy}"):
        if has(key):
            return t(key, locale)
    return policy


def bot_select(live: Live, locale: str) -> GameSelect:
    """Add a bot of a chosen strength (the Add bot button adds the game's default one)."""
    game = live.record.game
    options = []
    for policy in live.definition.policies:
        key = f"bot.policy.{policy}.desc"
        options.append(
            discord.SelectOption(
                label=policy_label(game, policy, locale)[:100],
                value=policy,
                description=t(key, locale)[:100] if has(key) else None,
            )
        )
    return GameSelect(
        ids.select(ids.LOBBY_BOT_PICK, live.id), options[:25], placeholder=t("lobby.add_bot.pick", locale), row=4
    )
