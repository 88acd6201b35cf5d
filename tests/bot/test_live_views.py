"""`Live.view`: the views of a match state are built once, and never outlive that state."""

from __future__ import annotations

from bot.render import RENDER_CACHE, board_payload
from bot.table import VIEW_CACHE, Live, forget_views, keep_views_for
from engine.core import Match, SeatSpec
from tests.bot.conftest import live_of


def dominion(seed: int, match_id: int) -> Live:
    seats = [SeatSpec(kind="human", name=n) for n in ("Alice", "Bob")]
    return live_of(Match("dominion", seats, {"kingdom": "First Game"}, seed), match_id)


def answer_once(live: Live) -> None:
    assert live.match is not None
    prompt = live.match.prompts()[0]
    choice = prompt.default or (prompt.options[0].id,)
    live.match.submit(prompt.seat, tuple(choice))


def test_one_state_builds_each_view_once() -> None:
    forget_views()
    live = dominion(1, 9001)
    assert live.match is not None
    public = live.view(None)
    assert live.view(None) is public
    mine = live.view(0)
    assert live.view(0) is mine and mine is not public
    assert public == live.match.view(None) and mine == live.match.view(0)


def test_an_answer_or_a_new_match_object_gives_fresh_views() -> None:
    forget_views()
    live = dominion(2, 9002)
    assert live.match is not None
    before = live.view(None)
    answer_once(live)
    after = live.view(None)
    assert after is not before and after == live.match.view(None)
    # undo rebuilds the match from a shorter log: a new object at an older count of answers
    live.match = Match.replay("dominion", live.match.seats, live.match.options, live.match.seed, [])
    assert live.view(None) == live.match.view(None)
    assert live.view(None) is not after


def test_the_views_kept_are_bounded_the_oldest_state_going_first() -> None:
    forget_views()
    first = dominion(3, 9100)
    kept = first.view(None)
    others = [dominion(3, 9101 + i) for i in range(VIEW_CACHE)]
    for live in others[:-1]:
        live.view(None)
    assert first.view(None) is kept  # the bound is not reached yet
    others[-1].view(None)  # one more match: the oldest state kept goes
    assert first.view(None) is not kept
    assert first.view(None) == kept
    assert others[-1].view(None) is others[-1].view(None)


def test_a_process_keeping_many_matches_keeps_their_views_and_renders() -> None:
    forget_views()
    many = max(VIEW_CACHE, RENDER_CACHE) + 40  # more matches than either least bound
    keep_views_for(many)  # renders follow the views kept
    try:
        lives = [dominion(4, 9300 + i) for i in range(many)]
        views = [live.view(None) for live in lives]
        boards = [board_payload(live, "en") for live in lives]
        assert lives[0].view(None) is views[0]  # the oldest state's view and board are still kept
        assert board_payload(lives[0], "en") is boards[0]
        dominion(4, 9300 + many).view(None)  # one match more than the bound: the oldest goes
        assert lives[1].view(None) is views[1] and lives[0].view(None) is not views[0]
    finally:
        keep_views_for(0)  # back to the least bounds
