"""Everdell Farshore on Discord: every prompt, option label and log line of whole games reads as
words in English and Portuguese, every board and private view stays within Discord's limits,
the board picture is a small PNG, and the score sheet adds up."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.games.farshore.lobby_view import content_line
from bot.games.farshore.score_sheet import farshore
from bot.games.farshore.text import dot
from bot.i18n import join_names, t
from bot.render import board_payload, private_payload
from bot.render.common import event_line, option_label, prompt_text
from bot.table import Live, forget_views
from engine.core import Event, Match, Option, Prompt, SeatSpec
from engine.games.farshore.bots import POLICIES
from engine.games.farshore.content import ours_text
from tests.bot.conftest import decided_out_of_turn, live_of
from tests.bot.test_render import check_embed

LOCALES = ("en", "pt")
RAW = re.compile(r"farshore\.|\{[a-z_]+\}|\bNone\b")  # a key, a blank, or Python's None
PNG = b"\x89PNG\r\n\x1a\n"
NAMES = ("Alice", "Bob", "Carol", "Dave")


def make_live(players: int, seed: int, locale: str) -> Live:
    seats = [SeatSpec(kind="human", name=n) for n in NAMES[:players]]
    return live_of(Match("farshore", seats, {}, seed), seed, locale)


def play(live: Live, mix: tuple[str, ...]) -> Iterator[tuple[Prompt, list[Event]]]:
    match = live.match
    assert match is not None
    bots = [POLICIES[mix[s % len(mix)]](s, 7) for s in range(len(live.record.seats))]
    for _ in range(5_000):
        if match.finished:
            return
        prompt = match.prompts()[0]
        events = match.submit(prompt.seat, bots[prompt.seat].choose(match.view(prompt.seat), prompt))
        live.tail.extend(e for e in events if e.public)
        yield prompt, events
    raise AssertionError("no end")


def texts(payload: Any) -> str:
    comps = payload.view.to_components() if payload.view is not None else []
    return json.dumps(payload.embed.to_dict(), ensure_ascii=False) + json.dumps(comps, ensure_ascii=False)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("players,mix", [(2, ("heuristic",)), (4, ("random", "heuristic"))])
def test_whole_games_read_as_words_within_limits(locale: str, players: int, mix: tuple[str, ...]) -> None:
    live = make_live(players, seed=3 + players, locale=locale)
    assert live.match is not None
    keys: set[str] = set()
    for event in live.match.opening_events:
        assert not RAW.search(event_line(live, event, locale)), event
    for n, (prompt, events) in enumerate(play(live, mix)):
        keys.add(prompt.key)
        assert not RAW.search(prompt_text("farshore", prompt, locale, live)), prompt.key
        for option in prompt.options:
            label = option_label("farshore", option, locale, live)
            assert label and not RAW.search(label) and len(label) <= 100, (prompt.key, option, label)
        for event in events:
            line = event_line(live, event, locale)
            assert not RAW.search(line), (event, line)
        if n % 25 == 0:
            board = board_payload(live, locale)
            check_embed(board.embed)
            assert not RAW.search(texts(board))
            mine = private_payload(live, prompt.seat, locale) if live.match.prompts() else None
            if mine is not None:
                check_embed(mine.embed)
    board = board_payload(live, locale)
    check_embed(board.embed)
    assert board.image is not None and board.image.startswith(PNG) and len(board.image) < 300_000
    assert {"farshore.prompt.action", "farshore.prompt.mulligan"} <= keys


def test_score_sheet_adds_up_maps_multiply() -> None:
    parts = farshore(
        {"cards": 20, "prosperity": 6, "tokens": 3, "treasure": 2, "map_sum": 5, "map_count": 3, "boat": 12}
    )
    assert parts["maps"] == 15 and parts["treasure"] == 4 and parts["total"] == 20 + 6 + 3 + 4 + 15 + 12


def test_lobby_marks_our_pack_and_a_servers() -> None:
    assert "our design" in content_line(None, "en") and "criação nossa" in content_line(None, "pt")
    assert "125 cards (40 different)" in content_line(ours_text(), "en")


@pytest.mark.parametrize("locale", LOCALES)
def test_a_waiting_hand_names_who_must_decide_as_the_status_does(locale: str) -> None:
    """The setup's mulligans are asked of every player while the first is already the current
    one: a player with nothing to decide reads, in their hand, who is still deciding."""
    live = make_live(3, seed=5, locale=locale)
    match = live.match
    assert match is not None
    checked = 0
    for acting in decided_out_of_turn(match, play(live, ("heuristic",))):  # the setup's first
        line = t("hand.waiting", locale, player=join_names(NAMES[s] for s in acting))
        for seat in range(3):
            if match.prompt_for(seat) is None:
                description = private_payload(live, seat, locale).embed.description or ""
                assert line in description, description
                checked += 1
    assert checked, "nobody waited while another player decided out of turn"


@pytest.mark.parametrize("locale", LOCALES)
def test_the_board_names_who_must_decide_as_the_status_does(locale: str) -> None:
    """While the setup's mulligans are decided, the board names those still deciding, not the
    first player, whose turn comes next."""
    live = make_live(3, seed=5, locale=locale)
    match = live.match
    assert match is not None
    checked = 0
    for acting in decided_out_of_turn(match, play(live, ("heuristic",))):  # the setup's first
        forget_views()
        who = ", ".join(f"{dot(s)} **{NAMES[s]}**" for s in acting)
        assert t("farshore.board.status", locale, player=who) in texts(board_payload(live, locale))
        checked += 1
    assert checked, "nobody decided out of turn"


@pytest.mark.parametrize(
    "locale,question,use",
    [
        ("en", "Navigator: use its ability?", "Draw 1 card"),
        ("pt", "Navegador: usar a habilidade?", "Compre 1 carta"),
    ],
)
def test_an_optional_ability_asks_in_words(locale: str, question: str, use: str) -> None:
    """The Navigator's draw after a Compass Rose move is offered as what it does, and No."""
    prompt = Prompt(
        pid=1,
        seat=0,
        kind="choose",
        key="farshore.prompt.may",
        options=(Option("use", "farshore.opt.may", group="navigator"), Option("skip", "farshore.opt.skip")),
        params={"card": "navigator"},
    )
    live = make_live(2, seed=1, locale=locale)
    assert prompt_text("farshore", prompt, locale, live) == question
    assert option_label("farshore", prompt.options[0], locale, live) == use
    assert option_label("farshore", prompt.options[1], locale, live) == t("farshore.opt.skip", locale)
