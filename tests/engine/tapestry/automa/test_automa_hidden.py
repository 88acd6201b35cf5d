"""The Automa never reads a person's hidden cards: with another hand and another order of the
tapestry deck, the same moves of the person leave every bot decision identical; its own pool and
mat cards stay face down in every view."""

from __future__ import annotations

from typing import Any

from engine.core.match import Match
from engine.games.tapestry.data import TRACKS
from tests.engine.tapestry.automa.helpers import game, solo

BOT_KINDS = (
    "automa_draw",
    "automa_track",
    "automa_hex",
    "automa_favorite",
    "automa_step",
    "automa_vp",
    "income_turn",
    "advance",
    "conquer",
    "explore",
    "landmark",
    "shadow_outpost",
)
TOP = ["academia", "capitalism", "democracy", "feudalism", "guilds", "monarchy", "tyranny", "renaissance"]


def bot_decisions(hand: list[str], top: list[str], level: int) -> list[tuple[Any, ...]]:
    full = dict.fromkeys(("coin", "worker", "food", "culture"), 8)
    m = solo(
        level, 11, {"players": [{"income_turns": 1, "resources": full, "hand": hand}], "tapestry_deck": top}
    )
    g = game(m)
    seen: list[tuple[Any, ...]] = []
    turns = 0

    def keep(events: list[Any]) -> None:
        for e in events:
            if e.seat in g.bots and e.kind in BOT_KINDS or e.kind == "automa_draw":
                seen.append((e.kind, e.seat, sorted(e.data.items())))

    keep(m.opening_events)
    while turns < 14 and m.prompts():
        p = m.prompts()[0]
        ids = [o.id for o in p.options]
        if p.key == "tapestry.prompt.turn":
            turns += 1
            wanted = [f"advance:{TRACKS[(turns + k) % 4]}" for k in range(4)]
            answer = next((w for w in wanted if w in ids), ids[0])
            keep(m.submit(p.seat, (answer,)))
        else:
            keep(m.submit(p.seat, p.default or (ids[0],)))
    return seen


def test_the_persons_hand_and_the_deck_order_change_no_bot_decision() -> None:
    for level in (2, 5):
        a = bot_decisions(["trap", "academia"], TOP, level)
        b = bot_decisions(["tyranny", "coal_baron", "trap"], TOP[::-1], level)
        assert len(a) > 40
        assert a == b


def test_the_automas_cards_stay_face_down_in_every_view() -> None:
    m: Match = solo(2, 5)
    while m.prompts() and len(m.log) < 150:
        p = m.prompts()[0]
        m.submit(p.seat, p.default or (p.options[0].id,))
    g = game(m)
    assert g.players[g.automa].hand, "the Automa should hold its pool by now"
    for seat in (None, 0):
        view = m.view(seat)
        automa = view["players"][g.automa]
        assert "hand" not in automa and automa["hand_count"] == len(g.players[g.automa].hand)
        assert all(c is None for pile in automa["tapestry_mat"] for c in pile)
        assert view["automa"]["deck"] == len(g.deck) and view["automa"]["discard"] == g.discard
