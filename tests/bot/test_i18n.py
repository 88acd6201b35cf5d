"""Every message the engine or the bot can produce has English and Portuguese text."""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterator
from pathlib import Path

import discord
import pytest

from bot.i18n import LOCALES, PLURAL_FALLBACK, Translator, catalogue, coarse, error_text, has, t, tn
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
        missing = sorted(k for k in keys if not has(k, locale))
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


# "card(s)", "trabalhador(es)", "ação(ões)", "a(s)": a hedge instead of the right form.
HEDGE = re.compile(r"\w\((s|es|ões|as|os|m)\)|\b(a|o)\(s\)", re.IGNORECASE)


def test_no_message_hedges_its_plural() -> None:
    for locale in LOCALES:
        hedged = {k: v for k, v in catalogue(locale).items() if HEDGE.search(v)}
        assert not hedged, (locale, hedged)


def test_counted_messages_have_every_form() -> None:
    """A counted message has `.other` (the fallback) and `.one`, in both languages."""
    for locale in LOCALES:
        data = catalogue(locale)
        for key in data:
            base, _, form = key.rpartition(".")
            if form == "one":
                assert f"{base}.{PLURAL_FALLBACK}" in data, (locale, key)
            if form == PLURAL_FALLBACK and not key.startswith("cmd."):
                assert f"{base}.one" in data, (locale, key)
                assert base not in data, (locale, base)


def test_plural_forms_follow_each_language() -> None:
    assert t("board.player_vp", "en", vp=5, turns=1, count=1) == "5 VP · 1 turn"
    assert t("board.player_vp", "en", vp=1, turns=7, count=7) == "1 VP · 7 turns"
    assert tn("lb.games", 1, "en") == "1 game" and tn("lb.games", 0, "en") == "0 games"
    # Portuguese (CLDR, through Babel) counts 0 and 1 as singular.
    assert tn("lb.games", 1, "pt") == "1 partida" and tn("lb.games", 0, "pt") == "0 partida"
    assert tn("lb.games", 2, "pt") == "2 partidas"
    # without `count`, the first placeholder given a number decides
    assert t("everdell.prompt.action", "en", season="Spring", workers=1).startswith("Your turn (Spring, 1 free worker)")
    assert "2 trabalhadores livres" in t("everdell.prompt.action", "pt", season="primavera", workers=2)
    assert t("notice.undone", "pt", player="Ana", count=2) == "↩ Ana desfez 2 ações."
    assert has("notice.undone") and not has("notice.undone.few")


def test_dominion_draw_and_buy_read_as_the_rulebook_says() -> None:
    """The Portuguese rulebook says "comprar" for both; drawing always says it is from the deck
    ("compra do baralho"), buying names the card bought, and a Buy is the capitalised noun
    ("+1 Compra")."""
    assert t("dominion.event.draw", "pt", player="Ana", count=1) == "Ana compra 1 carta do baralho"
    assert t("dominion.event.draw", "pt", player="Ana", count=5) == "Ana compra 5 cartas do baralho"
    assert t("dominion.event.drew", "pt", cards="Cobre, Prata") == "Você compra do baralho: Cobre, Prata"
    assert t("dominion.event.buy", "pt", player="Ana", card="Prata") == "Ana compra Prata"
    assert t("dominion.event.draw", "en", player="Ana", count=1) == "Ana draws 1 card"
    buy = t("dominion.prompt.buy", "pt", coins=3, buys=1)
    assert buy.startswith("Fase de Compra: 1 Compra e $3 para gastar.")
    assert t("dominion.prompt.buy", "en", coins=1, buys=2).startswith("Buy phase: 2 buys and $1 to spend.")
