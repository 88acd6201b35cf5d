"""Face-down cards and held workers on Discord (Nightweave's Plots): the board shows face-down
city cards and held workers, the owner's hand shows their face-down cards, and nobody else ever
sees which hand cards are face down."""

from __future__ import annotations

from typing import Any

from bot.games.everdell.text import name
from bot.render import board_payload, private_payload
from bot.render.common import event_line
from bot.table import Live, forget_views
from engine.core import Match, SeatSpec
from tests.bot.conftest import live_of
from tests.bot.test_everdell_render import KEYS, RAW, texts
from tests.bot.test_render import check_embed
from tests.engine.mistwood.lair_helpers import position

HAND = ["architect", "bard", "castle", "palace", "school"]  # none of them in the Meadow


def live_after(plot: str, locale: str, **human: Any) -> Live:
    pos = position(["nw04"], hand=HAND, workers=0, meadow_slot=0, plots=[plot])
    pos["players"][0].update(human)
    seats = [SeatSpec(kind="human", name="Alice")]
    options = {"opponent": "nightweave", "nightweave_level": 2, "modules": ["plots"]}
    return live_of(Match.from_position("everdell", seats, options, 9, pos), 9, locale)


def test_face_down_hand_cards_show_to_their_owner_only() -> None:
    for locale in ("en", "pt"):
        live = live_after("caught_in_web", locale)
        game: Any = live.match.game if live.match else None
        down = game.players[0].hand_down
        assert len(down) == 3
        names = [name(c, locale) for c in down]
        board = board_payload(live, locale)
        check_embed(board.embed)
        public = texts(board)
        assert not KEYS.search(public) and "🕸️ 3" in public
        forget_views()
        game.players[0].hand_down = ["farm", "mine", "inn"]  # other cards, same count
        assert texts(board_payload(live, locale)) == public  # the board cannot tell them apart
        game.players[0].hand_down = down
        forget_views()
        mine = private_payload(live, 0, locale).embed.description or ""
        assert all(n in mine for n in names) and not RAW.search(mine)
        for event in live.match.opening_events if live.match else []:
            line = event_line(live, event, locale)
            assert not RAW.search(line), (event, line)
            if event.public and event.seat == 0:
                assert "cards" not in event.data or not set(down) & set(event.data["cards"]), event


def test_face_down_city_cards_and_held_workers_are_on_the_board() -> None:
    for locale in ("en", "pt"):
        live = live_after("closed_for_business", locale, city=["farm", "mine"])
        assert live.match is not None
        live.match.submit(0, ())  # keep none face up
        board = texts(board_payload(live, locale))
        marker = "face down" if locale == "en" else "virada para baixo"
        assert board.count(marker) == 2 and not KEYS.search(board)

        held = live_after("ransom", locale)
        assert held.match is not None
        events = held.match.submit(0, ("decline",))
        board = texts(board_payload(held, locale))
        assert "🕸️ 1" in board and not KEYS.search(board)
        for event in events:
            assert not RAW.search(event_line(held, event, locale)), event
