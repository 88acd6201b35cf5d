"""A server's own data files for any game (`/admin data`): an upload checked by the game's own
validator (engine.core.datasets), stored per game and kind, and copied as text into the options of
every new lobby it applies to, so a replay never depends on a later upload.

Words: each kind is named by `data.<game>.<kind>` (and `data.<game>.<kind>.none` when the server
has none) in the game's catalogue; a game's UI may add status lines (`GameUI.data_status`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import discord

from bot import plugins
from bot.errors import UserError
from bot.i18n import has, t
from engine.core.datasets import MAX_TEXT, DataSet
from engine.core.registry import game_ids, get_game
from storage import Store
from storage.guild_data import GuildDataFile

# The engine refuses a longer option text; a byte count bounds the character count from above.
MAX_BYTES = MAX_TEXT
SHOWN_PROBLEMS = 10
# Keeps a refusal or a listing inside one Discord message (2000) or embed field (1024).
MAX_LISTING = 900
SEPARATOR = ":"  # "<game>:<kind>", the value that names a data set in the commands


@dataclass(frozen=True)
class Offered:
    game: str
    data_set: DataSet

    @property
    def value(self) -> str:
        return f"{self.game}{SEPARATOR}{self.data_set.kind}"

    def label(self, locale: str) -> str:
        return kind_name(self.game, self.data_set.kind, locale)


def offered() -> list[Offered]:
    """Every data set of the games the bot offers, game by game."""
    return [Offered(g, ds) for g in game_ids(released_only=True) for ds in get_game(g).data_sets]


def find(value: str) -> Offered:
    """The data set named "<game>:<kind>"; refused when no game here takes it."""
    for entry in offered():
        if entry.value == value:
            return entry
    raise UserError("data.unknown_kind", kind=value)


def kind_name(game: str, kind: str, locale: str) -> str:
    key = f"data.{game}.{kind}"
    return t(key, locale) if has(key) else kind


def game_name(game: str, locale: str) -> str:
    names = get_game(game).names
    return names.get(locale) or names.get("en") or game


def decode(data: bytes) -> str:
    """The uploaded bytes as text (UTF-8, a byte-order mark allowed); refused when not text."""
    if len(data) > MAX_BYTES:
        raise UserError("data.too_large", size=kilobytes(len(data)), max=kilobytes(MAX_BYTES))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UserError("data.not_text") from None
    if "\x00" in text:
        raise UserError("data.not_text")
    return text


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def kilobytes(size: int) -> str:
    return f"{size / 1000:.1f} KB"


def problem_list(found: list[str]) -> str:
    """The first SHOWN_PROBLEMS problems as a list, and how many more there are."""
    lines = [f"• {p}" for p in found[:SHOWN_PROBLEMS]]
    if len(found) > SHOWN_PROBLEMS:
        lines.append(f"… (+{len(found) - SHOWN_PROBLEMS})")
    return clip("\n".join(lines), MAX_LISTING)


def file_line(stored: GuildDataFile, locale: str) -> str:
    """'`deck.yaml` · 3.2 KB · @member · 5 minutes ago' for the listing."""
    who = f"<@{stored.uploaded_by}>" if stored.uploaded_by is not None else t("data.show.someone", locale)
    return t(
        "data.show.file",
        locale,
        name=clip(stored.filename, 80),
        size=kilobytes(stored.size),
        who=who,
        when=f"<t:{int(stored.uploaded_at)}:f>",
    )


def status(game: str, kind: str, text: str | None, locale: str) -> str | None:
    """The game's own word on a file (say, which card packs it completes)."""
    return plugins.ui(game).data_status(kind, text, locale)


async def upload(
    store: Store, guild_id: int, value: str, filename: str, data: bytes, user_id: int, locale: str
) -> str:
    """Check and keep a file; the reply to show (a refusal raises, nothing stored)."""
    entry = find(value)
    label = entry.label(locale)
    text = decode(data)
    # Parsing up to 100 KB of YAML takes a moment: off the event loop.
    found = await asyncio.to_thread(entry.data_set.check, text)
    if found:
        # the game's own wording of the problems (each naming its field), when it has one
        worded = await asyncio.to_thread(plugins.ui(entry.game).data_problems, entry.data_set.kind, text, locale)
        raise UserError("data.rejected", kind=label, problems=problem_list(worded or found))
    stored = await store.guild_data.put(
        guild_id, entry.game, entry.data_set.kind, filename, text, len(text.encode("utf-8")), user_id
    )
    reply = t("data.stored", locale, kind=label, size=kilobytes(stored.size), game=game_name(entry.game, locale))
    extra = status(entry.game, entry.data_set.kind, text, locale)
    return reply + ("\n" + extra if extra else "")


async def remove(store: Store, guild_id: int, value: str, locale: str) -> str:
    entry = find(value)
    label = entry.label(locale)
    gone = await store.guild_data.remove(guild_id, entry.game, entry.data_set.kind)
    key = "data.removed" if gone else "data.nothing_to_remove"
    return t(key, locale, kind=label, game=game_name(entry.game, locale))


def lobby_copies(game: str, options: Mapping[str, Any], texts: Mapping[str, str]) -> dict[str, str]:
    """The option texts a new lobby of `game` with `options` copies from the server's files."""
    out: dict[str, str] = {}
    for data_set in get_game(game).data_sets:
        text = texts.get(data_set.kind)
        if text is not None and data_set.option not in options and data_set.applies(options):
            out[data_set.option] = text
    return out


async def listing(store: Store, guild_id: int, game: str | None, locale: str) -> discord.Embed:
    """One field per data set: the server's file or what is used instead, and its role."""
    stored = {(f.game, f.kind): f for f in await store.guild_data.all(guild_id, game)}
    embed = discord.Embed(title=t("data.show.title", locale), colour=discord.Colour.dark_green())
    entries = [e for e in offered() if game is None or e.game == game]
    for entry in entries[:25]:
        kind = entry.data_set.kind
        found = stored.get((entry.game, kind))
        none_key = f"data.{entry.game}.{kind}.none"
        lines = [
            file_line(found, locale)
            if found
            else t(none_key if has(none_key) else "data.show.none", locale),
            f"-# {t(f'data.role.{entry.data_set.role}', locale)}",
        ]
        extra = status(entry.game, kind, found.content if found else None, locale)
        if extra:
            lines.append(extra)
        embed.add_field(
            name=f"{game_name(entry.game, locale)} · {entry.label(locale)}",
            value=clip("\n".join(lines), 1024),
            inline=False,
        )
    if not entries:
        embed.description = t("data.show.nothing", locale)
    embed.set_footer(text=t("data.show.footer", locale))
    return embed
