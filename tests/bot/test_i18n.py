"""Every message the engine or the bot can produce has English and Portuguese text."""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterator
from pathlib import Path

import discord
import pytest

from bot.i18n import LOCALES, Translator, catalogue, coarse, error_text, t
from engine.core.registry import get_game

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(
    p.name for p in (ROOT / "engine" / "games").iterdir() if p.is_dir() and not p.name.startswith("_")
)
# Games whose rules are still being completed (not offered by the bot: `released=False`); their
# catalogue entries come with their table UI.
PENDING: set[str] = {g for g in GAMES if not get_game(g).released}


def _constants(path: Path) -> Iterator[str | tuple[str, str]]:
    """String literals, ("emit", kind) for every emit("kind", ...) call and ("note", kind) for
    every note("kind", ...): Nightweave's log entries, published as `nw_<kind>` events."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            name = getattr(node.func, "attr", getattr(node.func, "id", None))
            if name in ("emit", "note") and isinstance(node.args[0].value, str):
                yield (name, node.args[0].value)


def engine_keys(game: str) -> set[str]:
    keys: set[str] = set()
    pattern = re.compile(rf"({re.escape(game)}\.(prompt|opt)\.|error\.)[a-z0-9_.]+")
    for path in (ROOT / "engine" / "games" / game).rglob("*.py"):
        where = path.relative_to(ROOT / "engine" / "games").as_posix()
        if any(where.startswith(f"{part}/") for part in PENDING):
            continue
        for const in _constants(path):
            if isinstance(const, tuple):
                prefix = "nw_" if const[0] == "note" else ""
                keys.add(f"{game}.event.{prefix}{const[1]}")
            elif pattern.fullmatch(const):
                keys.add(const)
    return keys


def core_keys() -> set[str]:
    keys = set()
    for path in (ROOT / "engine" / "core").rglob("*.py"):
        keys.update(
            c for c in _constants(path) if isinstance(c, str) and re.fullmatch(r"error\.[a-z0-9_.]+", c)
        )
    return keys


def bot_keys() -> set[str]:
    """First string arguments of t(), has(), UserError() and the key argument of ls()."""
    keys: set[str] = set()
    for folder in ("bot", "cogs"):
        for path in (ROOT / folder).rglob("*.py"):
            if "standin" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call):
                    continue
                name = getattr(node.func, "attr", getattr(node.func, "id", None))
                index = {"t": 0, "has": 0, "UserError": 0, "ls": 1}.get(str(name))
                if index is None or len(node.args) <= index:
                    continue
                arg = node.args[index]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and "." in arg.value:
                    keys.add(arg.value)
    return keys


def assert_translated(keys: set[str]) -> None:
    for locale in LOCALES:
        missing = sorted(k for k in keys if k not in catalogue(locale))
        assert not missing, f"{locale} lacks {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_every_engine_key_is_translated(game: str) -> None:
    if game in PENDING:
        pytest.xfail(f"{game} messages are not in the catalogue yet")
    keys = engine_keys(game)
    assert keys, f"no keys found for {game}"
    assert_translated(keys)


def test_core_errors_are_translated() -> None:
    assert_translated(core_keys())


def test_bot_keys_are_translated() -> None:
    keys = bot_keys()
    assert len(keys) > 50
    assert_translated(keys)


def test_catalogues_match() -> None:
    en, pt = catalogue("en"), catalogue("pt")
    assert set(en) == set(pt)
    fields = lambda s: {f for _, f, _, _ in string.Formatter().parse(s) if f}  # noqa: E731
    for key in en:
        assert fields(en[key]) == fields(pt[key]), key


def test_command_names_are_valid_for_discord() -> None:
    for locale in LOCALES:
        for key, text in catalogue(locale).items():
            if key.startswith("cmd.") and key.endswith(".name"):
                assert re.fullmatch(r"[-_\w]{1,32}", text) and text == text.lower(), (locale, key, text)


def test_lookup_and_fallbacks() -> None:
    assert coarse(discord.Locale.brazil_portuguese) == "pt"
    assert coarse("en-GB") == "en" and coarse(None) == "en"
    assert t("error.too_few", "pt", min=2) == "Escolha pelo menos 2."
    assert t("no.such.key", "pt") == "no.such.key"
    name = get_game("dominion").card_name
    assert "Província" in error_text("error.unknown_option", {"option": "buy:Province"}, "pt", name)


async def test_translator_translates_command_strings() -> None:
    from bot.i18n import ls

    translator = Translator()
    text = await translator.translate(ls("hand", "cmd.hand.name"), discord.Locale.brazil_portuguese, None)  # type: ignore[arg-type]
    assert text == "mao"
    assert await translator.translate(ls("hand", "cmd.hand.name"), discord.Locale.german, None) is None  # type: ignore[arg-type]
