"""Message catalogues (bot/locales/<locale>/*.json) and the slash-command translator.

Locales are coarse on purpose: Discord's "pt-BR" maps to our "pt"; everything else is English.
Interaction replies use the user's client locale (or their /settings override); channel posts
use the guild's preferred locale, stored on the match when the lobby opens.

A counted message has one catalogue entry per CLDR plural category, `key.one` and `key.other`
(Babel's rules: Portuguese counts 0 and 1 as "one", English only 1). `t` picks the form from the
`count` parameter, or, when the message has none, from the first of its placeholders that is given
a number (so a call whose first number is not the counted one passes `count=`); `tn` names the
count explicitly.
"""

from __future__ import annotations

import json
import logging
import string
from collections.abc import Callable, Iterable, Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import discord
from babel import Locale
from discord import app_commands

log = logging.getLogger(__name__)

LOCALES_DIR = Path(__file__).parent / "locales"
LOCALES = ("en", "pt")
DEFAULT = "en"
# Babel's locale for each of ours: the plural rules of the language we actually write.
BABEL_LOCALES = {"en": "en", "pt": "pt_BR"}
PLURAL_FALLBACK = "other"  # every counted message has this form; a missing category falls back to it


def coarse(locale: discord.Locale | str | None) -> str:
    """Our locale code for a Discord locale ("pt-BR" -> "pt", anything unknown -> "en")."""
    if locale is None:
        return DEFAULT
    value = locale.value if isinstance(locale, discord.Locale) else str(locale)
    return "pt" if value.lower().startswith("pt") else DEFAULT


GAMES_DIR = Path(__file__).parent / "games"  # each game's UI package keeps its own catalogues
_extra_dirs: list[Path] = []
# Moves whenever the catalogues are read again: texts made from them and kept elsewhere (option
# labels) are keyed by it.
_edition = 0


def edition() -> int:
    """Which reading of the catalogues is current (see `add_catalogue_dir`)."""
    return _edition


def add_catalogue_dir(path: Path) -> None:
    """Catalogues of a game kept outside bot/games (`<path>/<locale>/*.json`)."""
    global _edition
    if path not in _extra_dirs:
        _extra_dirs.append(path)
        catalogue.cache_clear()
        _edition += 1


def catalogue_files(locale: str) -> list[Path]:
    dirs = [LOCALES_DIR, *sorted(GAMES_DIR.glob("*/locales")), *_extra_dirs]
    return [path for d in dirs for path in sorted((d / locale).glob("*.json"))]


@cache
def catalogue(locale: str) -> dict[str, str]:
    """Every bot/locales/<locale>/*.json and each game's bot/games/<game>/locales/<locale>/*.json
    merged; one file per area (core, leaderboard, each game...)."""
    data: dict[str, str] = {}
    for path in catalogue_files(locale):
        part: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
        clash = data.keys() & part.keys()
        if clash:
            raise ValueError(f"{path.name} redefines {sorted(clash)[:5]}")
        data.update(part)
    return data


class _Blank(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def has(key: str, locale: str = DEFAULT) -> bool:
    """Whether `key` is a message, plain or counted (`key.one` / `key.other`)."""
    data = catalogue(locale)
    return key in data or f"{key}.{PLURAL_FALLBACK}" in data


@cache
def _babel(locale: str) -> Locale:
    return Locale.parse(BABEL_LOCALES.get(locale, BABEL_LOCALES[DEFAULT]))


@lru_cache(maxsize=4096, typed=True)  # counts repeat (cards left, coins, turns); 1 and 1.0 differ
def plural_form(count: int | float, locale: str = DEFAULT) -> str:
    """The CLDR plural category ("one", "other", ...) of `count` in `locale`."""
    return str(_babel(locale).plural_form(abs(count)))


def _counted(params: Mapping[str, Any], text: str) -> int | float | None:
    """The number a counted message agrees with: `count`, else its first placeholder given a number."""
    if "count" in params:
        value = params["count"]
        return value if isinstance(value, int | float) and not isinstance(value, bool) else None
    for _, name, _, _ in string.Formatter().parse(text):
        value = params.get(name) if name else None
        if isinstance(value, int | float) and not isinstance(value, bool):
            return value
    return None


def _lookup(key: str, locale: str, params: Mapping[str, Any]) -> str | None:
    data = catalogue(locale)
    text = data.get(key)
    return text if text is not None else _counted_form(data, key, locale, params)


def _counted_form(data: dict[str, str], key: str, locale: str, params: Mapping[str, Any]) -> str | None:
    """The form of counted message `key` that agrees with its number; None if `key` is not one."""
    other = data.get(f"{key}.{PLURAL_FALLBACK}")
    if other is None:
        return None
    number = _counted(params, other)
    form = plural_form(number, locale) if number is not None else PLURAL_FALLBACK
    return data.get(f"{key}.{form}", other)


def t(key: str, locale: str = DEFAULT, **params: Any) -> str:
    """The message `key` in `locale`, falling back to English, then to the key itself. A counted
    message takes the form that agrees with its number (see the module's note)."""
    data = catalogue(locale)
    text = data.get(key)  # a plain message (the usual case) needs no more
    if text is None:
        text = _counted_form(data, key, locale, params)
        if text is None:
            text = _lookup(key, DEFAULT, params)
            if text is None:
                log.warning("missing message key %s", key)
                return key
    if not params:
        return text
    try:
        return text.format_map(params)  # (params is this call's own dict)
    except KeyError:
        return text.format_map(_Blank(params))


def tn(key: str, count: int | float, locale: str = DEFAULT, **params: Any) -> str:
    """A counted message: the form of `key` that agrees with `count` (also its `{count}`)."""
    return t(key, locale, count=count, **params)


def error_text(key: str, params: Mapping[str, Any], locale: str, card_name: Callable[[str, str], str]) -> str:
    """An engine error (IllegalAnswer / InvalidSetup) in words; option ids become card names."""
    shown = dict(params)
    option = shown.get("option")
    if isinstance(option, str) and ":" in option:
        shown["option"] = card_name(option.split(":", 1)[1].split("#")[0], locale)
    elif isinstance(option, str):
        shown["option"] = card_name(option.split("#")[0], locale)
    if isinstance(shown.get("card"), str):
        shown["card"] = card_name(shown["card"], locale)
    return t(key, locale, **shown)


def join_names(names: Iterable[str]) -> str:
    """'Copper ×3, Estate' from a list of names, keeping first-seen order."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if n == 1 else f"{name} ×{n}" for name, n in counts.items())


class Translator(app_commands.Translator):
    """Translates command names, descriptions and choices; `locale_str(..., key=...)` names the message."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        if not key or locale is not discord.Locale.brazil_portuguese:
            return None
        text = catalogue("pt").get(key)
        params = string.extras.get("params")
        return text.format_map(_Blank(params)) if text is not None and params else text


# guild id -> the language its managers chose for public posts (/admin language), kept in
# storage and loaded at startup; a server absent here follows Discord's preferred locale.
_server_locales: dict[int, str] = {}


def set_server_locale(guild_id: int, locale: str | None) -> None:
    if locale is None:
        _server_locales.pop(guild_id, None)
    else:
        _server_locales[guild_id] = coarse(locale)


def channel_locale(interaction: discord.Interaction[Any]) -> str:
    """The locale of posts everyone reads: the one the server's managers chose, else the
    server's preferred locale (Discord says en-US for a server that never set one, so a chosen
    language comes first), else the caller's."""
    chosen = _server_locales.get(interaction.guild_id) if interaction.guild_id is not None else None
    return chosen or coarse(interaction.guild_locale or interaction.locale)


def ls(text: str, key: str, **params: Any) -> app_commands.locale_str:
    """A translatable command string: English `text`, Portuguese from catalogue key `key`
    (filled in with `params`, as `t` does)."""
    if params:
        return app_commands.locale_str(text, key=key, params=params)
    return app_commands.locale_str(text, key=key)
