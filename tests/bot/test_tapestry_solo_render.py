"""Tapestry solo on Discord: every log line of a game against the Automa and the Shadow Empire
reads as words in both languages (one line per bot decision: card, track or hex, and why), the
board and private views fit Discord, the bots are named, and the lobby shows the opponents, the
level and which values are not official."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.errors import UserError
from bot.games.tapestry.automa_ui import tapestry_setup
from bot.render import board_payload, private_payload, result_payload
from bot.render.common import event_line, option_label, seat_name
from bot.render.lobby import lobby_payload
from bot.table import Live
from engine.core import Match, SeatSpec
from tests.bot.conftest import live_of
from tests.bot.test_render import check_components, check_embed
from tests.bot.test_tapestry_render import KEYS, RAW, play, texts


def solo_live(seed: int, locale: str = "en", **options: Any) -> Live:
    opts = {"opponent": "automa", "automa_level": 2, **options}
    return live_of(Match("tapestry", [SeatSpec(kind="human", name="Alice")], opts, seed), seed, locale)


@pytest.mark.parametrize(("locale", "level"), [("en", 3), ("pt", 6)])
def test_a_solo_game_reads_as_words(locale: str, level: int) -> None:
    extra = {"automa_second_civ": "conquerors"} if level == 6 else {}
    live = solo_live(7 + level, locale, automa_level=level, **extra)
    assert live.match is not None
    kinds: set[str] = set()
    for event in live.match.opening_events:
        assert not RAW.search(event_line(live, event, locale)), event
    for step, (prompt, events) in enumerate(play(live)):
        for option in prompt.options:
            label = option_label("tapestry", option, locale, live)
            assert label and not RAW.search(label), (prompt.key, option, label)
        for event in events:
            if not event.public:
                continue
            kinds.add(event.kind)
            line = event_line(live, event, locale)
            assert not RAW.search(line), (event, line)
        if step % 50 == 0:
            board = board_payload(live, locale)
            check_embed(board.embed)
            assert not KEYS.search(texts(board))
            private = private_payload(live, 0, locale)
            check_embed(private.embed)
            if private.view is not None:
                check_components(private.view)
    assert {
        "automa_draw",
        "automa_track",
        "automa_hex",
        "automa_step",
        "automa_vp",
        "automa_shuffle",
    } <= kinds
    result = result_payload(live, locale)
    check_embed(result.embed)
    assert not KEYS.search(texts(result))


def test_the_bots_are_named_and_their_lines_say_why() -> None:
    live = solo_live(3)
    assert seat_name(live, 1).endswith("Automa") and seat_name(live, 2).endswith("Shadow Empire")
    lines = []
    for _, events in zip(range(200), play(live), strict=False):
        lines += [event_line(live, e, "en") for e in events[1] if e.kind in ("automa_track", "automa_hex")]
    assert any("card #" in x and "list picks" in x for x in lines), lines[:5]
    assert any("decided by" in x for x in lines)


def test_the_lobby_shows_the_opponents_and_marks_unofficial_values() -> None:
    live = solo_live(1, automa_level=5)
    live.record.status = "lobby"
    text = json.dumps(lobby_payload(live, "en").embed.to_dict(), ensure_ascii=False)
    assert "level 5 (Automa the Definitely Awesome)" in text
    assert "unofficial values" in text and "disputed values" in text
    live.record.options = {"opponent": "automa", "automa_level": 2}
    text = json.dumps(lobby_payload(live, "pt").embed.to_dict(), ensure_ascii=False)
    assert "nível 2" in text and "não oficiais" not in text and "como impresso" in text
    live.record.options = {"opponent": "shadow"}
    assert "Shadow Empire" in json.dumps(lobby_payload(live, "en").embed.to_dict(), ensure_ascii=False)


@pytest.mark.parametrize(
    ("options", "players", "expected"),
    [
        ({}, 1, ({"opponent": "automa", "automa_level": 2}, 1)),
        ({}, None, ({}, None)),
        ({}, 3, ({}, 3)),
        ({"automa_level": 4}, None, ({"opponent": "automa", "automa_level": 4}, 1)),
        (
            {"opponent": "automa", "automa_level": 6, "automa_second_civ": "scientists"},
            None,
            ({"opponent": "automa", "automa_level": 6, "automa_second_civ": "scientists"}, 1),
        ),
        ({"opponent": "shadow"}, None, ({"opponent": "shadow"}, 2)),
        ({"opponent": "none"}, 2, ({}, 2)),
    ],
)
def test_the_solo_lobby_plan(
    options: dict[str, Any], players: int | None, expected: tuple[dict[str, Any], int | None]
) -> None:
    assert tapestry_setup(options, players) == expected


@pytest.mark.parametrize(
    ("options", "players"),
    [
        ({"opponent": "automa"}, 2),
        ({"opponent": "shadow"}, 3),
        ({"opponent": "automa", "automa_level": 6}, 1),
        ({"opponent": "automa", "automa_level": 3, "automa_second_civ": "engineers"}, 1),
    ],
)
def test_the_solo_lobby_refuses_what_cannot_be_played(options: dict[str, Any], players: int | None) -> None:
    with pytest.raises(UserError):
        tapestry_setup(options, players)
