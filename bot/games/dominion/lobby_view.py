"""Dominion's part of the lobby message: the kingdom, the sets and Events a random one draws, the
card texts, and each player's own choice about reactions in hand."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.dominion.lobby import REACTION_MODES, seat_modes, table_mode
from bot.i18n import t
from bot.render import ids
from bot.render.common import BOT_MARK
from bot.render.items import GameSelect
from bot.table import Live
from engine.games.dominion.adventures.options import MAX_EVENTS, uses_adventures
from engine.games.dominion.cards import kingdoms
from storage import MatchRecord

LOBBY_REACTIONS = "lr"  # select, match: the player's own reactions mode (values: REACTION_MODES)


def reactions_line(record: MatchRecord, locale: str) -> str:
    """Dominion's standing answer for reactions in hand: one sentence when every seat agrees,
    else each player's mode, by name (what the lobby's seat list shows)."""
    modes = seat_modes(record) or [table_mode(record.options)]
    if len(set(modes)) == 1:
        return t(f"lobby.reactions.{modes[0]}", locale)
    return ", ".join(
        t(
            "lobby.reactions.player",
            locale,
            player=seat_label(record, i),
            mode=t(f"lobby.reactions.mode.{m}", locale),
        )
        for i, m in enumerate(modes)
    )


def seat_label(record: MatchRecord, seat: int) -> str:
    """A seat's player as the lobby's seat list names it: the name, marked for a bot."""
    if not 0 <= seat < len(record.seats):
        return f"#{seat + 1}"
    s = record.seats[seat]
    name = s.name or f"#{seat + 1}"
    return name if s.kind == "human" else f"{BOT_MARK} {name}"


def set_names(sets: list[str] | tuple[str, ...], locale: str) -> str:
    return " + ".join(t(f"lobby.set.{s}", locale) for s in sets)


def dominion_fields(embed: discord.Embed, live: Live, locale: str) -> None:
    """Kingdom, the sets and Events a random one draws, the card texts, reactions in hand."""
    options = live.record.options
    kingdom = options.get("kingdom_name") or options.get("kingdom", "random")
    random = kingdom == "random"
    preset = kingdoms().get(kingdom) if isinstance(kingdom, str) else None
    if preset is not None:
        kingdom = preset.name_pt if locale == "pt" else preset.name
    elif isinstance(kingdom, list):
        kingdom = ", ".join(live.definition.card_name(c, locale) for c in kingdom)
    elif random:
        kingdom = t("lobby.random", locale)
    embed.add_field(name=t("lobby.kingdom", locale), value=str(kingdom), inline=False)
    if random:
        embed.add_field(
            name=t("lobby.sets", locale), value=set_names(options.get("sets", ["base"]), locale), inline=False
        )
    events = options.get("events")
    if events == "random":
        cap = int(options.get("max_events", MAX_EVENTS))
        shown = t("lobby.events.random", locale, count=cap) if cap else t("lobby.events.none", locale)
        embed.add_field(name=t("lobby.events", locale), value=shown, inline=False)
    elif events:
        names = ", ".join(live.definition.card_name(e, locale) for e in events)
        embed.add_field(name=t("lobby.events", locale), value=names, inline=False)
    if uses_adventures(options):
        rules = t("lobby.rules.errata" if options.get("errata") else "lobby.rules.first", locale)
        embed.add_field(name=t("lobby.rules", locale), value=rules, inline=False)
    embed.add_field(
        name=t("lobby.reactions", locale), value=reactions_line(live.record, locale), inline=False
    )


def reactions_select(live: Live, locale: str) -> GameSelect:
    """Every seated player picks their own mode here; the embed shows what each seat has."""
    options = [
        discord.SelectOption(
            label=t(f"lobby.reactions.pick.{mode}", locale),
            value=mode,
            description=t(f"lobby.reactions.pick.{mode}.desc", locale),
        )
        for mode in REACTION_MODES
    ]
    return GameSelect(
        ids.select(LOBBY_REACTIONS, live.id), options, placeholder=t("lobby.reactions.pick", locale), row=1
    )


def lobby_items(live: Live, locale: str) -> list[discord.ui.Item[Any]]:
    return [reactions_select(live, locale)]
