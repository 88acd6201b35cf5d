"""Message catalogues (bot/locales/<locale>/*.json) and the slash-command translator.

Locales are coarse on purpose: Discord's "pt-BR" maps to our "pt"; everything else is English.
Interaction replies use the user's client locale (or their /settings override); channel posts
use the guild's preferred locale, stored on the match when the lobby opens.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

log = logging.getLogger(__name__)

LOCALES_DIR = Path(__file__).parent / "locales"
LOCALES = ("en", "pt")
DEFAULT = "en"


def coarse(locale: discord.Locale | str | None) -> str:
    """Our locale code for a Discord locale ("pt-BR" -> "pt", anything unknown -> "en")."""
    if locale is None:
        return DEFAULT
    value = locale.value if isinstance(locale, discord.Locale) else str(locale)
    return "pt" if value.lower().startswith("pt") else DEFAULT


GAMES_DIR = Path(__file__).parent / "games"  # each game's UI package keeps its own catalogues
_extra_dirs: list[Path] = []


def add_catalogue_dir(path: Path) -> None:
    """Catalogues of a game kept outside bot/games (`<path>/<locale>/*.json`)."""
    if path not in _extra_dirs:
        _extra_dirs.append(path)
        catalogue.cache_clear()


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
    return key in catalogue(locale)


def t(key: str, locale: str = DEFAULT, **params: Any) -> str:
    """The message `key` in `locale`, falling back to English, then to the key itself."""
    text = catalogue(locale).get(key)
    if text is None:
        text = catalogue(DEFAULT).get(key)
        if text is None:
            log.warning("missing message key %s", key)
            return key
    return text.format_map(_Blank(params)) if params else text


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


def ls(text: str, key: str, **params: Any) -> app_commands.locale_str:
    """A translatable command string: English `text`, Portuguese from catalogue key `key`
    (filled in with `params`, as `t` does)."""
    if params:
        return app_commands.locale_str(text, key=key, params=params)
    return app_commands.locale_str(text, key=key)
