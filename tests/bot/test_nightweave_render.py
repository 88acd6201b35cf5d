"""Nightweave on Discord: her steps in words (both languages), one readable channel line per turn,
her lair on the board, her score in the final standings, and the lobby's opponent choice."""

from __future__ import annotations

import re

import pytest

from bot.errors import UserError
from bot.lobby_everdell import everdell_setup
from bot.render import board_payload, result_payload
from bot.render.common import WORDING, event_line, option_label
from bot.render.lobby import lobby_payload
from bot.table import Live
from engine.core import Match, SeatSpec
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
                lines = WORDING["everdell"].summary(live, mine, locale)
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
            lines = WORDING["everdell"].summary(live, mine, "en")
            assert lines is not None
            assert any(re.match(r"rolled \d: plays .+ from Meadow slot \d", x) for x in lines), lines
            pt = WORDING["everdell"].summary(live, mine, "pt")
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


def test_lobby_offers_opponents() -> None:
    assert everdell_setup(None, None, None, None, 3) == ({}, 3)
    assert everdell_setup("rugwort", 2, None, None, None) == ({"rugwort_year": 2}, 1)
    options, size = everdell_setup("nightweave", None, 3, "personalities", 2)
    assert size == 2 and options == {"opponent": "nightweave", "nightweave_level": 3, "modules": ["personalities"]}
    assert everdell_setup(None, None, 0, None, None)[0]["nightweave_level"] == 0
    for args, key in (
        (("nightweave", None, 1, "plots", 2), "error.nightweave.solo_only_modules"),
        (("nightweave", None, 1, None, 3), "error.nightweave.humans"),
        (("rugwort", 1, None, None, 2), "error.everdell.rugwort_seats"),
        (("none", None, None, None, 1), "error.everdell.solo_needs_opponent"),
    ):
        with pytest.raises(UserError) as err:
            everdell_setup(*args)  # type: ignore[arg-type]
        assert err.value.key == key
    live = nightweave_live(1, seed=1, locale="pt", nightweave_level=4, modules=["personalities", "plans"])
    live.record.status = "lobby"
    text = texts(lobby_payload(live, "pt"))
    assert "Tecelã Noturna — nível 4 (Aterrorizante)" in text and "Personalidades, Planos" in text
