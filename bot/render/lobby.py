"""The lobby message: seats, options and the Join / Leave / Add bot / Start buttons, plus, for
Dominion, each player's own choice about reactions in hand."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.lobby_dominion import REACTION_MODES, seat_modes, table_mode
from bot.mistwood_data import lobby_lines as mistwood_lines
from bot.render import Payload, ids
from bot.render.common import seat_name
from bot.render.everdell_lair import level_name
from bot.render.items import GameButton, GameSelect
from bot.table import Live, capacity
from engine.games.dominion.adventures.options import MAX_EVENTS, uses_adventures
from engine.games.dominion.cards import kingdoms
from storage import MatchRecord

LOBBY_REACTIONS = "lr"  # select, match: the player's own reactions mode (values: REACTION_MODES)


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


def reactions_line(record: MatchRecord, locale: str) -> str:
    """Dominion's standing answer for reactions in hand: one sentence when every seat agrees,
    else the mode of each seat."""
    modes = seat_modes(record) or [table_mode(record.options)]
    if len(set(modes)) == 1:
        return t(f"lobby.reactions.{modes[0]}", locale)
    return ", ".join(
        t("lobby.reactions.seat", locale, seat=i + 1, mode=t(f"lobby.reactions.mode.{m}", locale))
        for i, m in enumerate(modes)
    )


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
        dominion_fields(embed, live, locale)
    if record.game == "everdell" and record.options.get("opponent") == "nightweave":
        embed.add_field(
            name=t("nw.lobby.opponent", locale), value=nightweave_line(record.options, locale), inline=False
        )
    elif record.game == "everdell" and size == 1:
        year = int(record.options.get("rugwort_year", 1))
        rugwort = t(
            "everdell.lobby.year", locale, year=year, name=t(f"everdell.lobby.rugwort_name.{year}", locale)
        )
        embed.add_field(name=t("everdell.lobby.rugwort", locale), value=rugwort, inline=False)
    if record.game == "everdell" and record.options.get("player_powers"):
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
    if record.game == "everdell" and (mistwood := mistwood_lines(record.options, locale)):
        embed.add_field(name=t("mwdata.lobby.title", locale), value="\n".join(mistwood), inline=False)
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
    if record.game == "dominion":
        view.add_item(reactions_select(live, locale))
    return Payload(embed=embed, view=view)
