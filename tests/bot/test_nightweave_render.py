"""Nightweave on Discord: her steps in words (both languages), one readable channel line per turn,
her lair on the board, her score in the final standings, and the lobby's opponent choice."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot import plugins
from bot.errors import UserError
from bot.games.everdell.lobby import everdell_setup
from bot.render import board_payload, result_payload
from bot.render.common import event_line, option_label
from bot.render.lobby import lobby_payload
from bot.table import Live
from engine.core import Match, SeatSpec
from engine.core.registry import get_game
from engine.games.everdell.options import EverdellOptions
from tests.bot.conftest import live_of
from tests.bot.test_everdell_render import KEYS, RAW, play, texts
from tests.bot.test_render import check_embed

LOCALES = ("en", "pt")


def nightweave_live(humans: int, seed: int, locale: str = "en", **options: object) -> Live:
    seats = [SeatSpec(kind="human", name=n) for n in ("Alice", "Bob")[:humans]]
    opts = {"opponent": "nightweave", "nightweave_level": 2, **options}
    return live_of(Match("everdell", seats, opts, seed), seed, locale)


@pytest.mark.parametrize(
    ("humans", "modules"), [(1, []), (2, ["personalities"]), (1, ["personalities", "plots"]), (1, ["plans"])]
)
def test_her_games_read_as_words(humans: int, modules: list[str]) -> None:
    for locale in LOCALES:
        live = nightweave_live(humans, seed=5 + humans, locale=locale, modules=modules)
        hers = 0
        for step, (prompt, events) in enumerate(play(live)):
            for option in prompt.options:
                label = option_label("everdell", option, locale, live)
                assert label and not RAW.search(label), (prompt.key, option, label)
            for event in events:
                line = event_line(live, event, locale)
                assert not RAW.search(line) and "nightweave." not in line, (event, line)
                hers += event.kind.startswith("nw_")
            mine = [e for e in events if e.public and e.kind.startswith("nw_")]
            if mine:
                lines = plugins.ui("everdell").wording.summary(live, mine, locale)
                assert lines is not None and all(not RAW.search(x) for x in lines), lines
            if step % 15 == 0:
                board = board_payload(live, locale)
                check_embed(board.embed)
                assert not KEYS.search(texts(board))
        assert hers > 50
        result = result_payload(live, locale)
        check_embed(result.embed)
        name = "Nightweave" if locale == "en" else "Tecelã Noturna"
        assert name in (result.embed.description or "")


def test_a_roll_joins_what_it_decided() -> None:
    live = nightweave_live(1, seed=3)
    for _prompt, events in play(live):
        mine = [e for e in events if e.public and e.kind.startswith("nw_")]
        kinds = [e.kind for e in mine]
        if "nw_roll" in kinds and "nw_play" in kinds and kinds.index("nw_play") == kinds.index("nw_roll") + 1:
            lines = plugins.ui("everdell").wording.summary(live, mine, "en")
            assert lines is not None
            assert any(re.match(r"rolled \d: plays .+ from Meadow slot \d", x) for x in lines), lines
            pt = plugins.ui("everdell").wording.summary(live, mine, "pt")
            assert pt is not None and any(re.match(r"rolou \d: joga .+ do espaço \d da Campina", x) for x in pt)
            return
    raise AssertionError("she never played from the Meadow")


def test_board_shows_her_lair() -> None:
    live = nightweave_live(1, seed=9)
    for _ in zip(range(30), play(live), strict=False):
        pass
    for locale, title in (("en", "Lair — level 2"), ("pt", "Covil — nível 2")):
        board = board_payload(live, locale)
        lair = next(f for f in board.embed.fields if title in (f.name or ""))
        assert "🃏" in (lair.value or "") and "🕷️" in (lair.value or "")
        assert board.image is not None


def lobby_setup(players: int | None, **chosen: Any) -> tuple[dict[str, Any], int | None]:
    """What `/everdell new` hands the lobby: the model's options, then the table size."""
    return everdell_setup(EverdellOptions.model_validate(chosen).to_options(), players)


def test_lobby_offers_opponents() -> None:
    assert lobby_setup(3) == ({}, 3)
    # Rugwort plays solo; naming him adds nothing the engine keeps beyond his year
    rugwort = lobby_setup(None, opponent="rugwort", rugwort_year=2)
    assert rugwort == ({"opponent": "rugwort", "rugwort_year": 2}, 1)
    assert lobby_setup(None, rugwort_year=2) == ({"rugwort_year": 2, "opponent": "rugwort"}, 1)
    assert get_game("everdell").normalize_options(rugwort[0], 1) == {"rugwort_year": 2}
    options, size = lobby_setup(2, opponent="nightweave", nightweave_level=3, modules="personalities")
    assert size == 2 and options == {"opponent": "nightweave", "nightweave_level": 3, "modules": ["personalities"]}
    # her level (or modules) alone mean Nightweave
    options, size = lobby_setup(None, nightweave_level=0)
    assert options["nightweave_level"] == 0 and options["opponent"] == "nightweave" and size == 1
    plans = {"opponent": "nightweave", "nightweave_level": 1, "modules": ["plans"]}
    assert lobby_setup(None, modules="plans") == (plans, 1)
    for players, chosen, key in (
        (2, {"opponent": "nightweave", "modules": "plots"}, "error.nightweave.solo_only_modules"),
        (3, {"opponent": "nightweave", "nightweave_level": 1}, "error.nightweave.humans"),
        (2, {"opponent": "rugwort", "rugwort_year": 1}, "error.everdell.rugwort_seats"),
        (1, {"opponent": "none"}, "error.everdell.solo_needs_opponent"),
    ):
        with pytest.raises(UserError) as err:
            lobby_setup(players, **chosen)
        assert err.value.key == key
    live = nightweave_live(1, seed=1, locale="pt", nightweave_level=4, modules=["personalities", "plans"])
    live.record.status = "lobby"
    text = texts(lobby_payload(live, "pt"))
    assert "Tecelã Noturna — nível 4 (Aterrorizante)" in text and "Personalidades, Planos" in text
