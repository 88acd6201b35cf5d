"""Discord's documented size limits, and helpers that keep payloads inside them."""

from __future__ import annotations

import discord

CONTENT = 2000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
EMBED_TOTAL = 6000
ROWS = 5
BUTTONS_PER_ROW = 5
SELECT_OPTIONS = 25
LABEL = 80
OPTION_LABEL = 100
OPTION_DESCRIPTION = 100
PLACEHOLDER = 150
CUSTOM_ID = 100


def clip(text: str, limit: int) -> str:
    """Cut `text` to `limit` characters, marking the cut with an ellipsis."""
    return text if len(text) <= limit else text[: max(0, limit - 1)] + "…"


def embed_size(embed: discord.Embed) -> int:
    """The characters Discord counts against the 6000 total."""
    total = len(embed.title or "") + len(embed.description or "")
    total += len(embed.footer.text or "") if embed.footer else 0
    total += len(embed.author.name or "") if embed.author else 0
    for f in embed.fields:
        total += len(f.name or "") + len(f.value or "")
    return total


def fit_embed(embed: discord.Embed) -> discord.Embed:
    """Clip every part to its limit, then drop trailing fields until the total fits."""
    if embed.title:
        embed.title = clip(embed.title, EMBED_TITLE)
    if embed.description:
        embed.description = clip(embed.description, EMBED_DESCRIPTION)
    fields = [
        (clip(f.name or "\u200b", FIELD_NAME), clip(f.value or "\u200b", FIELD_VALUE), f.inline)
        for f in embed.fields
    ]
    embed.clear_fields()
    for name, value, inline in fields[:EMBED_FIELDS]:
        embed.add_field(name=name, value=value, inline=bool(inline))
    while embed_size(embed) > EMBED_TOTAL and embed.fields:
        embed.remove_field(len(embed.fields) - 1)
    if embed_size(embed) > EMBED_TOTAL and embed.description:
        embed.description = clip(
            embed.description, max(1, len(embed.description) - (embed_size(embed) - EMBED_TOTAL))
        )
    return embed
