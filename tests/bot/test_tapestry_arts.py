"""Tapestry with Arts & Architecture on Discord: every prompt, option and log line of whole arts
games reads as words in both languages; the board shows the Arts track and the masterpieces; the
lobby says what the option brings and that inspiration needs the server's data set."""

from __future__ import annotations

import json

import pytest

from bot.render import board_payload, private_payload
from bot.render.common import event_line, option_label
from bot.render.lobby import lobby_payload
from tests.bot.test_render import check_components, check_embed
from tests.bot.test_tapestry_render import KEYS, RAW, make_live, play, texts


@pytest.mark.parametrize(
    ("players", "locale", "seed", "either"), [(2, "en", 3, False), (3, "pt", 5, True), (4, "en", 8, True)]
)
def test_whole_arts_games_read_as_words(players: int, locale: str, seed: int, either: bool) -> None:
    extra = {"either_science_die": True} if either else {}
    live = make_live(players, seed=seed, locale=locale, arts=True, tech_cards=["base", "aa"], **extra)
    assert live.match is not None
    keys: set[str] = set()
    kinds: set[str] = set()
    for prompt, events in play(live):
        keys.add(prompt.key)
        for option in prompt.options:
            label = option_label("tapestry", option, locale, live)
            assert label and not RAW.search(label), (prompt.key, option, label)
        for event in events:
            kinds.add(event.kind)
            line = event_line(live, event, locale)
            assert not RAW.search(line), (event, line)
    assert "tapestry.prompt.create" in keys and {"create", "masterpiece"} <= kinds


def test_the_benefit_queue_names_masterpieces_and_their_income_step() -> None:
    from bot.games.tapestry.text import queue_item

    for locale in ("en", "pt"):
        for item in ("income:masterpieces", "masterpiece:ballet"):
            said = queue_item(item, locale)
            assert not RAW.search(said) and item not in said, said
    assert "Ballet" in queue_item("masterpiece:ballet", "en")


def test_the_board_shows_the_arts_track_and_the_masterpieces() -> None:
    live = make_live(3, seed=5, locale="en", arts=True, tech_cards=["base", "aa"])
    for _ in zip(range(250), play(live), strict=False):
        pass
    for locale in ("en", "pt"):
        board = board_payload(live, locale)
        check_embed(board.embed)
        text = texts(board)
        assert not KEYS.search(text)
        assert ("Arts" if locale == "en" else "Artes") in text
        assert ("Masterpieces" if locale == "en" else "Obras-primas") in text
        for seat in range(3):
            private = private_payload(live, seat, locale)
            check_embed(private.embed)
            assert not KEYS.search(texts(private))
            if private.view is not None:
                check_components(private.view)


@pytest.mark.parametrize(
    ("locale", "words"), [("en", ("Arts track", "inspiration")), ("pt", ("trilha de Artes", "inspiração"))]
)
def test_the_lobby_says_what_arts_brings_and_that_inspiration_is_unavailable(
    locale: str, words: tuple[str, str]
) -> None:
    live = make_live(2, seed=1)
    live.record.status = "lobby"
    live.record.options = {"arts": True, "tech_cards": ["base", "aa"], "either_science_die": True}
    text = json.dumps(lobby_payload(live, locale).embed.to_dict(), ensure_ascii=False)
    assert all(w in text for w in words), text
    assert "D20" in text and ("Arts & Architecture" in text or "Artes & Arquitetura" in text)
    assert not KEYS.search(text)
