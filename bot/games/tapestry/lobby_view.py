"""Tapestry's part of the lobby message: the rulebook's optional variants the table chose."""

from __future__ import annotations

import discord

from bot.games.tapestry.text import name
from bot.games.tapestry.traps import lobby_line
from bot.i18n import join_names, t
from bot.table import Live
from engine.games.tapestry.modules import entry_counts
from engine.games.tapestry.options import FLAGS


def variant_lines(options: dict[str, object], locale: str) -> list[str]:
    lines = [t(f"tapestry.lobby.{flag}", locale) for flag in FLAGS if options.get(flag)]
    if options.get("arts"):  # the server's Arts files, when it has them
        lines += [t(f"tapestry.lobby.{key}", locale) for key in ("arts_rules", "inspiration_tiles") if options.get(key)]
    boxes = options.get("tech_cards")
    if isinstance(boxes, list) and boxes != ["base"]:  # the expansions' tech cards join the deck
        lines.append(t("tapestry.lobby.tech_cards", locale, boxes=join_names(t(f"tapestry.box.{b}", locale) for b in boxes)))
    for key in ("remove_tapestry", "remove_tech"):  # trap answers have a field of their own
        gone = options.get(key)
        if isinstance(gone, list) and gone:
            lines.append(t(f"tapestry.lobby.{key}", locale, cards=join_names(name(str(c), locale) for c in gone)))
    counts = entry_counts(options)
    if counts:  # the server's sets this table copied, with how many entries each brings
        listed = ", ".join(f"`{m}` ({n})" for m, n in counts)
        lines.append(t("tapestry.lobby.modules", locale, modules=listed))
    return lines


def lobby_fields(embed: discord.Embed, live: Live, locale: str) -> None:
    lines = variant_lines(dict(live.record.options), locale)
    value = "\n".join(f"• {line}" for line in lines) if lines else t("tapestry.lobby.none", locale)
    embed.add_field(name=t("tapestry.lobby.variants", locale), value=value, inline=False)
    embed.add_field(name=t("tapestry.traps.title", locale), value=lobby_line(live.record, locale), inline=False)
