"""Architects' part of the lobby message: the player boards (side A or B), the promos, and each
rule that comes only from Board Game Arena's implementation, on or off."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.architects import data_view
from bot.i18n import t
from bot.table import Live
from engine.games.architects.ai.data import opponent_name
from engine.games.architects.options import DEFAULTS

# The rules known only from BGA's implementation, as the lobby names them.
BGA_RULES = ("hand_limit", "virtue_debt", "draft", "tax_stand_start", "guildhall_after_end")


def chosen(options: dict[str, Any]) -> dict[str, Any]:
    """The lobby's options over the defaults (a lobby stores only what was typed)."""
    return {**DEFAULTS, **{k: v for k, v in options.items() if k in DEFAULTS and v is not None}}


def on_off(value: Any, locale: str) -> str:
    return t("architects.lobby.on" if value else "architects.lobby.off", locale)


def rule_line(key: str, value: Any, locale: str) -> str:
    if key == "hand_limit":
        shown = (
            t("architects.lobby.hand_limit_value", locale, count=int(value))
            if int(value)
            else on_off(False, locale)
        )
    elif key == "tax_stand_start":
        shown = t("architects.lobby.tax_value", locale, count=int(value))
    else:
        shown = on_off(value, locale)
    return f"{t(f'architects.lobby.rule.{key}', locale)}: **{shown}**"


def lobby_fields(embed: discord.Embed, live: Live, locale: str) -> None:
    options = chosen(live.record.options)
    side = str(options["architect_side"]).upper()
    boards = t(f"architects.lobby.side.{side}", locale)
    if side == "B":
        boards += (
            "\n"
            + t("architects.lobby.promo_architects", locale)
            + ": **"
            + on_off(options["promo_architects"], locale)
            + "**"
        )
    embed.add_field(name=t("architects.lobby.boards", locale), value=boards, inline=False)
    embed.add_field(
        name=t("architects.lobby.promos", locale),
        value=t("architects.lobby.promo_cards", locale)
        + ": **"
        + on_off(options["promo_cards"], locale)
        + "**",
        inline=False,
    )
    # solo: the person keeps 3 of 5 dealt Buildings, so the draft rule does not apply
    solo = bool(live.record.options.get("opponent"))
    rules = [rule_line(k, options[k], locale) for k in BGA_RULES if not (solo and k == "draft")]
    embed.add_field(name=t("architects.lobby.bga", locale), value="\n".join(rules), inline=False)
    raw = live.record.options
    ai = raw.get("opponent")
    if isinstance(ai, str) and ai:
        # the solo AI: whose Plot cards and board values it plays with (⚠️ ours by default)
        who = opponent_name(ai, locale)
        values = "architects.lobby.ai_printed" if raw.get("ai_data") else "architects.lobby.ai_ours"
        embed.add_field(name=t("architects.lobby.ai", locale), value=t(values, locale, ai=who), inline=False)
    if raw.get("works_of_wonder") or ai:
        # whose component values the table plays with: a server's printed ones, or ours
        text = raw.get("wonders_data")
        value = data_view.values_line(text if isinstance(text, str) else None, locale)
        embed.add_field(name=t("architects.lobby.wow", locale), value=value[:1024], inline=False)
