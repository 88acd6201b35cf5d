"""Mistwood's card packs on Discord: Legendary cards show in their holder's private hand only, and
whole games with More Legends, Corrin Evertail and the special Farms render every board, prompt and
log line without a raw key in both languages. Card values are the invented test data."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.games.everdell.text import name
from bot.render import board_payload, private_payload
from bot.render.common import event_line, prompt_text
from tests.bot.test_everdell_render import KEYS, RAW, make_live, play, texts
from tests.bot.test_render import check_embed

DATA = Path(__file__).parents[1] / "engine" / "everdell" / "data"
LEGENDS = (DATA / "legends_test_cards.yaml").read_text(encoding="utf-8")
CORRIN_FARMS = (DATA / "corrin_farms_test_cards.yaml").read_text(encoding="utf-8")


def test_legendary_cards_show_in_their_holders_hand_only() -> None:
    for locale in ("en", "pt"):
        live = make_live(2, 5, locale, legends=True, mistwood_cards=LEGENDS)
        assert live.match is not None
        game: Any = live.match.game
        mine = [name(c, locale) for c in sorted(game.players[0].legends)]
        theirs = [name(c, locale) for c in sorted(game.players[1].legends)]
        assert len(mine) == 2 and not set(mine) & set(theirs)
        own = private_payload(live, 0, locale).embed.description or ""
        assert all(n in own for n in mine) and not any(n in own for n in theirs)
        assert not RAW.search(own)
        board = texts(board_payload(live, locale))
        assert not any(n in board for n in mine + theirs)  # dealt face down: nobody else knows them


def test_whole_games_with_every_pack_render_cleanly() -> None:
    for locale in ("en", "pt"):
        for options in (
            {"legends": True, "mistwood_cards": LEGENDS},
            {"corrin": True, "farms": True, "mistwood_cards": CORRIN_FARMS},
        ):
            live = make_live(2, 11, locale, **options)
            asked: set[str] = set()
            for step, (prompt, events) in enumerate(play(live)):
                asked.add(prompt.key)
                if prompt.key == "everdell.prompt.farm_ability":
                    text = prompt_text("everdell", prompt, locale, live)
                    assert not RAW.search(text) and "1. " in text and "2. " in text, text
                for event in events:
                    assert not RAW.search(event_line(live, event, locale)), event
                if step % 25 == 0:
                    board = board_payload(live, locale)
                    check_embed(board.embed)
                    assert not KEYS.search(texts(board))
                    for seat in (0, 1):
                        private = private_payload(live, seat, locale)
                        check_embed(private.embed)
                        assert not KEYS.search(texts(private))
            assert live.match is not None and live.match.finished
            if "farms" in options:
                assert "everdell.prompt.farm_ability" in asked
