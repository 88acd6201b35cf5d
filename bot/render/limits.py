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
    return _size_without_fields(embed) + sum(len(f.name or "") + len(f.value or "") for f in embed.fields)


def _size_without_fields(embed: discord.Embed) -> int:
    # discord.py's stored dicts: `embed.footer` and `embed.author` make a proxy object per read
    footer: dict[str, object] = getattr(embed, "_footer", None) or {}
    author: dict[str, object] = getattr(embed, "_author", None) or {}
    total = len(embed.title or "") + len(embed.description or "")
    return total + len(str(footer.get("text") or "")) + len(str(author.get("name") or ""))


def fit_embed(embed: discord.Embed) -> discord.Embed:
    """Clip every part to its limit, then drop trailing fields until the total fits."""
    if _fits(embed):  # the usual case: nothing to clip, and the fields need no rebuilding
        return embed
    if embed.title:
        embed.title = clip(embed.title, EMBED_TITLE)
    if embed.description:
        embed.description = clip(embed.description, EMBED_DESCRIPTION)
    fields = [
        (clip(f.name or "\u200b", FIELD_NAME), clip(f.value or "\u200b", FIELD_VALUE), f.inline)
        for f in embed.fields
    ][:EMBED_FIELDS]
    # (counted here rather than by embed_size after each change: discord.py makes a proxy object
    # for every field, the footer and the author each time they are read)
    size = _size_without_fields(embed) + sum(len(name) + len(value) for name, value, _ in fields)
    while size > EMBED_TOTAL and fields:
        name, value, _ = fields.pop()
        size -= len(name) + len(value)
    embed.clear_fields()
    for name, value, inline in fields:
        embed.add_field(name=name, value=value, inline=bool(inline))
    if size > EMBED_TOTAL and embed.description:
        embed.description = clip(embed.description, max(1, len(embed.description) - (size - EMBED_TOTAL)))
    return embed


def _fits(embed: discord.Embed) -> bool:
    """Is every part within its limit, every field named and filled, and the total within bounds?
    (Reads discord.py's field dicts as stored: `embed.fields` makes a proxy object per field.)"""
    fields: list[dict[str, object]] = getattr(embed, "_fields", None) or []
    if len(fields) > EMBED_FIELDS or len(embed.title or "") > EMBED_TITLE:
        return False
    if len(embed.description or "") > EMBED_DESCRIPTION:
        return False
    size = _size_without_fields(embed)
    for field in fields:
        name, value = field.get("name"), field.get("value")
        if not isinstance(name, str) or not isinstance(value, str) or not name or not value:
            return False
        if len(name) > FIELD_NAME or len(value) > FIELD_VALUE:
            return False
        size += len(name) + len(value)
    return size <= EMBED_TOTAL
