"""Tapestry on Discord: the board embed and picture, the private view and its controls, every
label and log line in both languages, within Discord's limits, and no tapestry hand made public."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.games.tapestry.image import render_board
from bot.games.tapestry.score_sheet import SHEETS
from bot.i18n import join_names, t
from bot.leaderboard.calculators import calculate
from bot.render import board_payload, private_payload, result_payload
from bot.render.common import event_line, option_label
from bot.render.lobby import lobby_payload
from bot.table import Live, forget_views
from engine.core import Event, Match, Option, Prompt, SeatSpec
from engine.games.tapestry.bots import make_heuristic
from engine.games.tapestry.data import tapestry_cards
from tests.bot.conftest import decided_out_of_turn, live_of
from tests.bot.test_render import check_components, check_embed

LOCALES = ("en", "pt")
RAW = re.compile(r"tapestry\.|\{[a-z_]+\}|\bNone\b")  # a key, a blank, or Python's None
KEYS = re.compile(r"tapestry\.|\{[a-z_]+\}")
PNG = b"\x89PNG\r\n\x1a\n"


def make_live(players: int, seed: int, locale: str = "en", **options: Any) -> Live:
    seats = [SeatSpec(kind="human", name=n) for n in ("Alice", "Bob", "Carol", "Dave", "Erin")[:players]]
    return live_of(Match("tapestry", seats, options, seed), seed, locale)


def play(live: Live, limit: int = 20_000) -> Iterator[tuple[Prompt, list[Event]]]:
    """Step a match to its end with the heuristic bot in every seat, yielding each open prompt
    (before it is answered) and the events its answer produced."""
    match = live.match
    assert match is not None
    bots = [make_heuristic(s, live.record.seed) for s in range(len(live.record.seats))]
    for _ in range(limit):
        if match.finished:
            return
        prompt = match.prompts()[0]
        events = match.submit(prompt.seat, bots[prompt.seat].choose(match.view(prompt.seat), prompt))
        live.tail.extend(e for e in events if e.public)
        yield prompt, events


def texts(payload: Any) -> str:
    embed = payload.embed.to_dict()
    comps = payload.view.to_components() if payload.view is not None else []
    return json.dumps(embed, ensure_ascii=False) + json.dumps(comps, ensure_ascii=False)


@pytest.mark.parametrize(("players", "locale"), [(2, "en"), (4, "pt")])
def test_whole_games_read_as_words(players: int, locale: str) -> None:
    """Every prompt, option label and log line of a whole game is real text, never a key."""
    live = make_live(players, seed=40 + players, locale=locale, first_income_draw_two=True)
    assert live.match is not None
    keys: set[str] = set()
    for event in live.match.opening_events:
        assert not RAW.search(event_line(live, event, locale)), event
    for prompt, events in play(live):
        keys.add(prompt.key)
        for option in prompt.options:
            label = option_label("tapestry", option, locale, live)
            assert label and not RAW.search(label), (prompt.key, option, label)
        for event in events:
            line = event_line(live, event, locale)
            assert not RAW.search(line), (event, line)
    assert {"tapestry.prompt.setup", "tapestry.prompt.turn", "tapestry.prompt.place_building"} <= keys
    result = result_payload(live, locale)
    check_embed(result.embed)
    assert not KEYS.search(texts(result))


def test_every_screen_fits_discord() -> None:
    """Boards, private views and controls along a five-player game stay inside Discord's limits."""
    live = make_live(5, seed=13, locale="pt")
    for step, _ in enumerate(play(live)):
        if step % 60:
            continue
        board = board_payload(live, "pt")
        check_embed(board.embed)
        assert not KEYS.search(texts(board))
        for seat in range(5):
            private = private_payload(live, seat, "pt")
            check_embed(private.embed)
            assert not KEYS.search(texts(private))
            if private.view is not None:
                check_components(private.view)


def test_board_shows_the_table_and_a_picture() -> None:
    live = make_live(3, seed=8)
    for _ in zip(range(150), play(live), strict=False):
        pass
    assert live.match is not None
    view = live.match.view(None)
    board = board_payload(live, "en")
    text = texts(board)
    for word in ("Tracks", "Exploration", "Landmarks left", "Face-up tech cards", "Achievements", "Alice", "Carol"):
        assert word in text, word
    assert all(p["civilizations"] for p in view["players"])
    assert board.image is not None and board.image.startswith(PNG) and len(board.image) < 300_000
    assert board.embed.image.url == "attachment://board.png"
    names = {p["seat"]: f"Player {p['seat']}" for p in view["players"]}
    assert render_board(view, "pt", names).startswith(PNG)


def test_hands_never_reach_the_board_or_other_seats() -> None:
    """Swap a player's hand for other cards (same count): the board, the picture and every other
    seat's private view stay exactly as they were."""
    live = make_live(3, seed=21)
    for _ in zip(range(300), play(live), strict=False):
        pass
    match = live.match
    assert match is not None
    game: Any = match.game
    owner = next(p.seat for p in game.players if p.hand)
    before = board_payload(live, "en")
    others = {s: private_payload(live, s, "en").embed.to_dict() for s in range(3) if s != owner}
    mine_before = private_payload(live, owner, "en").embed.description or ""
    hand = list(game.players[owner].hand)
    forget_views()
    game.players[owner].hand = [c for c in tapestry_cards() if c not in hand][: len(hand)]
    try:
        after = board_payload(live, "en")
        assert before.embed.to_dict() == after.embed.to_dict()
        assert before.image == after.image
        assert {s: private_payload(live, s, "en").embed.to_dict() for s in others} == others
        assert (private_payload(live, owner, "en").embed.description or "") != mine_before
    finally:
        game.players[owner].hand = hand
        forget_views()
    hand_names = [tapestry_cards()[c].name for c in hand]
    assert "**Hand:**" in mine_before and all(n in mine_before for n in hand_names)


def test_private_view_shows_the_offer_then_the_capital() -> None:
    live = make_live(2, seed=3)
    assert live.match is not None
    first = private_payload(live, 0, "en")
    description = first.embed.description or ""
    offer = live.match.view(0)["players"][0]["civ_offer"]
    assert "**Your offer:**" in description
    assert all(live.definition.card_name(c, "en") in description for c in offer)
    assert first.view is not None
    check_components(first.view)
    # the other seat's offer is not in seat 0's view
    other = live.match.view(1)["players"][1]["civ_offer"]
    assert not any(live.definition.card_name(c, "en") in description for c in other if c not in offer)
    for _ in zip(range(60), play(live), strict=False):
        pass
    later = private_payload(live, 0, "pt").embed.description or ""
    assert "**Sua capital:**" in later and "```" in later and "A  " in later and "▓" in later


def test_labels_read_as_resources_plots_and_hexes() -> None:
    pay = Option("pay:coin+coin+food", "tapestry.pay", group="pay")
    assert option_label("tapestry", pay, "en") == "Pay 2 coins + 1 food"
    assert option_label("tapestry", pay, "pt") == "Pagar 2 moedas + 1 comida"
    farm = Option("plot:1.3", "tapestry.plot", group="farm")
    assert option_label("tapestry", farm, "en") == "Farm on B4"
    choice = Option("b1", "tapestry.benefit.one(explore, farm)")
    assert option_label("tapestry", choice, "en") == "Explore or a farm"
    advance = Option("adv", "tapestry.benefit.adv:science")
    assert option_label("tapestry", advance, "pt") == "Avançar em Ciências"
    live = make_live(2, seed=5)
    label = option_label("tapestry", Option("hex:0.0", "tapestry.hex"), "en", live)
    assert re.fullmatch(r"Hex \d+", label)


def test_lobby_lists_the_variants() -> None:
    live = make_live(2, seed=1)
    live.record.status = "lobby"
    live.record.options = {"civ_draw_two": True, "remove_tech": ["Radio"]}
    text = json.dumps(lobby_payload(live, "en").embed.to_dict(), ensure_ascii=False)
    assert "Variants" in text and "draw 2, keep 1" in text and "Radio" in text
    live.record.options = {}
    assert "standard game" in json.dumps(lobby_payload(live, "en").embed.to_dict(), ensure_ascii=False)


def test_score_sheet_adds_up() -> None:
    (sheet,) = SHEETS
    assert len(sheet.fields) <= 5
    parts = calculate(sheet, {"track": "120", "civilization": "15", "other": "-3"}, None, "en")
    assert parts["total"] == 132


@pytest.mark.parametrize("locale", LOCALES)
def test_the_board_names_who_must_decide_as_the_status_does(locale: str) -> None:
    """The setup's choices are asked of every player at once: while they are made, the board
    names those still choosing, not the first player, whose turn comes next."""
    names = ("Alice", "Bob", "Carol")
    live = make_live(3, seed=5, locale=locale)
    match = live.match
    assert match is not None
    checked = 0
    for acting in decided_out_of_turn(match, play(live)):  # the setup's first decisions
        view = match.view(None)
        forget_views()
        income = view["players"][view["current"]]["income_turns"]
        line = t("tapestry.board.status", locale, player=join_names(names[s] for s in acting), income=income)
        assert line in texts(board_payload(live, locale))
        checked += 1
    assert checked, "nobody decided out of turn"
