"""Everdell on Discord: the board embed and picture, the private view and its controls, every
label and log line in both languages, within Discord's limits, and nothing hidden made public."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.games.everdell.image import render_board
from bot.games.everdell.render import EverdellRenderer
from bot.render import board_payload, private_payload, prompt_ui, result_payload
from bot.render.common import event_line, option_label
from bot.render.lobby import lobby_payload
from bot.table import Live, forget_views
from engine.core import Event, Match, Option, Prompt, SeatSpec
from engine.games.everdell.data import cards
from tests.bot.conftest import live_of
from tests.bot.test_render import check_components, check_embed

LOCALES = ("en", "pt")
RAW = re.compile(r"everdell\.|\{[a-z_]+\}|\bNone\b")  # a key, a blank, or Python's None
KEYS = re.compile(r"everdell\.|\{[a-z_]+\}")  # whole payloads ("None" is a real button there)
PNG = b"\x89PNG\r\n\x1a\n"


def make_live(players: int, seed: int, locale: str = "en", year: int = 1, **options: Any) -> Live:
    seats = [SeatSpec(kind="human", name=n) for n in ("Alice", "Bob", "Carol", "Dave")[:players]]
    return live_of(Match("everdell", seats, {"rugwort_year": year, **options}, seed), seed, locale)


class Player:
    """A busy deterministic player: plays a card whenever it can, else walks through the options."""

    def __init__(self) -> None:
        self.k = 0

    def answer(self, prompt: Prompt) -> tuple[str, ...]:
        self.k += 1
        ids = [o.id for o in prompt.options if not o.shortcut]
        plays = [i for i in ids if i.startswith("play:")]
        if plays:
            return (plays[self.k % len(plays)],)
        if prompt.default is not None:
            return tuple(prompt.default)
        if prompt.max == 1:
            return (ids[self.k % len(ids)],)
        return tuple(ids[: max(1, prompt.min)])


def play(live: Live, limit: int = 10_000) -> Iterator[tuple[Prompt, list[Event]]]:
    """Step a match to its end, yielding each open prompt (before it is answered) and the events."""
    assert live.match is not None
    player = Player()
    for _ in range(limit):
        if live.match.finished:
            return
        prompt = live.match.prompts()[0]
        events = live.match.submit(prompt.seat, player.answer(prompt))
        live.tail.extend(e for e in events if e.public)
        yield prompt, events


def texts(payload: Any) -> str:
    embed = payload.embed.to_dict()
    comps = payload.view.to_components() if payload.view is not None else []
    return json.dumps(embed, ensure_ascii=False) + json.dumps(comps, ensure_ascii=False)


# -- every word ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 4])
def test_whole_games_render_in_both_languages(players: int) -> None:
    """Every prompt, option label and log line of whole games is real text, never a key."""
    for locale in LOCALES:
        live = make_live(players, seed=3 + players, locale=locale)
        assert live.match is not None
        keys: set[str] = set()
        for prompt, events in play(live):
            keys.add(prompt.key)
            for option in prompt.options:
                label = option_label("everdell", option, locale, live)
                assert label and not RAW.search(label), (prompt.key, option, label)
            for event in events:
                line = event_line(live, event, locale)
                assert not RAW.search(line), (event, line)
        assert "everdell.prompt.payment" in keys and "everdell.prompt.action" in keys
        result = result_payload(live, locale)
        check_embed(result.embed)
        assert not KEYS.search(texts(result))


def test_every_screen_fits_discord() -> None:
    """Boards, private views and controls along whole games stay inside Discord's limits."""
    for players in (1, 2, 4):
        live = make_live(players, seed=20 + players, locale="pt" if players % 2 else "en")
        locale = live.record.locale
        assert live.match is not None
        for step, (_prompt, _events) in enumerate(play(live)):
            if step % 12:
                continue
            board = board_payload(live, locale)
            check_embed(board.embed)
            assert not KEYS.search(texts(board))
            for seat in range(players):
                private = private_payload(live, seat, locale)
                check_embed(private.embed)
                assert not KEYS.search(texts(private))
                if private.view is not None:
                    check_components(private.view)


def test_payment_labels_read_as_resources() -> None:
    words = {"en": r"twig|resin|pebble|berr|nothing|free", "pt": r"graveto|cristal|seixo|fruto|nada|grátis"}
    seen = 0
    for seed in range(5, 12):
        live = make_live(2, seed=seed)
        for prompt, _events in play(live):
            if prompt.key != "everdell.prompt.payment":
                continue
            for option in prompt.options:
                for locale, pattern in words.items():
                    label = option_label("everdell", option, locale, live)
                    assert re.search(pattern, label, re.IGNORECASE), label
            seen += 1
    assert seen > 3
    pay = Option("pay:2.1.0.0", "everdell.pay.pay", cost=3)
    assert option_label("everdell", pay, "en") == "Pay 2 twigs + 1 resin"
    assert option_label("everdell", pay, "pt") == "Pagar 2 gravetos + 1 cristal"
    judge = Option("judge:0.0.1.1", "everdell.pay.judge", card="judge", cost=2)
    assert option_label("everdell", judge, "en") == "Judge (swap one): pay 1 pebble + 1 berry"
    assert option_label("everdell", Option("1.0.0.2", "everdell.res.1.0.0.2"), "en") == "1 twig + 2 berries"
    assert option_label("everdell", Option("2", "everdell.amount.berry", cost=2), "pt") == "2 frutos"


# -- the board --------------------------------------------------------------------------------------
def test_board_shows_the_table() -> None:
    live = make_live(2, seed=8)
    for _ in zip(range(40), play(live), strict=False):
        pass
    assert live.match is not None
    view = live.match.view(None)
    board = board_payload(live, "en")
    text = texts(board)
    for name in ("Meadow", "Locations", "Events", "Alice", "Bob"):
        assert name in text
    for card in view["meadow"]:
        assert cards()[card].en in text
    assert board.image is not None and board.image.startswith(PNG)
    assert board.embed.image.url == "attachment://board.png"
    assert board.file() is not None and board.edit_kwargs()["attachments"]


def test_solo_board_names_rugwort_and_result_counts_him() -> None:
    live = make_live(1, seed=12, year=3)
    list(play(live))
    board = board_payload(live, "en")
    assert "🤖 Rugwort" in texts(board)
    result = result_payload(live, "pt")
    assert "Rugwort" in (result.embed.description or "") and "ano 3" in (result.embed.description or "")
    # His moves are ordinary log lines.
    lines = [event_line(live, e, "en") for e in live.tail if e.kind.startswith("rugwort")]
    assert lines and all(line.startswith("**🤖 Rugwort**") for line in lines)


def test_board_image_is_small() -> None:
    """Size only: render speed is measured in bench/, never asserted in tests."""
    live = make_live(4, seed=31)
    for _ in zip(range(160), play(live), strict=False):
        pass
    assert live.match is not None
    view = live.match.view(None)
    names = {p["seat"]: f"Player {p['seat']}" for p in view["players"]}
    image = render_board(view, "pt", names)
    assert image.startswith(PNG) and len(image) < 300_000


def test_board_never_shows_hidden_cards() -> None:
    """Swap every hand for other cards (same counts): the public board must not change at all."""
    live = make_live(2, seed=14)
    for _ in zip(range(30), play(live), strict=False):
        pass
    match = live.match
    assert match is not None
    before = board_payload(live, "en")
    game: Any = match.game
    forget_views()
    swapped = []
    for pl in game.players:
        others = [c for c in cards() if c not in pl.hand][: len(pl.hand)]
        swapped.append(pl.hand)
        pl.hand = others
    after = board_payload(live, "en")
    assert before.embed.to_dict() == after.embed.to_dict()
    assert before.image == after.image
    for pl, hand in zip(game.players, swapped, strict=True):
        pl.hand = hand
    forget_views()


def test_private_view_has_hand_resources_and_controls() -> None:
    live = make_live(2, seed=2)
    assert live.match is not None
    prompt = live.match.prompts()[0]
    hand = live.match.view(prompt.seat)["hand"]
    payload = private_payload(live, prompt.seat, "pt")
    description = payload.embed.description or ""
    assert "**Mão:**" in description and cards()[hand[0]].pt in description
    assert "🪵" in description and payload.view is not None
    check_components(payload.view)
    ui = prompt_ui(live, prompt.seat, "en")
    assert ui is not None and any(ui.label(o).startswith("Place a worker") for o in prompt.options)
    other = 1 - prompt.seat
    waiting = private_payload(live, other, "en")
    assert waiting.view is None and "Waiting" in (waiting.embed.description or "")


def test_describe_gives_costs_and_needs() -> None:
    live = make_live(2, seed=2)
    r = EverdellRenderer()
    assert (
        r.describe(live, Option("play:h:farm", "farm", card="farm", cost=3), "en")
        == "🪵2 🍯1 · 1⭐ · Production"
    )
    needs = r.describe(live, Option("place:event:basic_traveler", "basic_traveler"), "pt")
    assert needs is not None and "Viajante" in needs


def test_lobby_shows_rugwort_year_for_solo() -> None:
    live = make_live(1, seed=1, year=2)
    live.record.status = "lobby"
    live.record.options = {"rugwort_year": 2, "capacity": 1}
    text = json.dumps(lobby_payload(live, "en").embed.to_dict(), ensure_ascii=False)
    assert "Year 2 — Rugwort the Rotten" in text and "Kingdom" not in text


@pytest.mark.parametrize("locale", LOCALES)
def test_player_powers_read_as_words_and_show_on_the_board(locale: str) -> None:
    live = make_live(3, seed=11, locale=locale, player_powers=True)
    assert live.match is not None
    events = list(live.match.opening_events)
    for _, (prompt, step_events) in zip(range(200), play(live), strict=False):
        events += step_events
        for option in prompt.options:
            label = option_label("everdell", option, locale, live)
            assert label and not RAW.search(label), (prompt.key, option, label)
    kinds = {e.kind for e in events}
    assert {"powers_dealt", "powers", "spiders_move"} <= kinds
    for event in events:
        line = event_line(live, event, locale)
        assert not RAW.search(line), (event, line)
    text = texts(board_payload(live, locale))
    assert ("Power:" if locale == "en" else "Poder:") in text
    assert not KEYS.search(text)
