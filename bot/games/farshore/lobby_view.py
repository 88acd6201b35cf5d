"""Farshore's part of the lobby: whose content the table plays (our own pack, marked as ours,
or the server's upload), and the line shown after an upload."""

from __future__ import annotations

import discord

from bot.i18n import t
from bot.table import Live
from engine.games.farshore.content import load, problems_in_text


def content_line(text: str | None, locale: str) -> str:
    if text is None:
        return t("farshore.lobby.ours", locale)
    if problems_in_text(text):
        return t("farshore.lobby.broken", locale)
    content = load(text)
    return t("farshore.lobby.server", locale, cards=len(content.deck()), kinds=len(content.cards))


def lobby_fields(embed: discord.Embed, live: Live, locale: str) -> None:
    text = live.record.options.get("farshore_content")
    embed.add_field(
        name=t("farshore.lobby.content", locale),
        value=content_line(text if isinstance(text, str) else None, locale),
        inline=False,
    )


def data_status(kind: str, text: str | None, locale: str) -> str | None:
    return content_line(text, locale) if kind == "content" else None
