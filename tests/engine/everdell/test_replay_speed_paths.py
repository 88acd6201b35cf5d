"""The shortcuts a quiet replay takes must reach what live play reaches: the answer to come tried
first, an action prompt with one option taken without listing, a lone way to pay taken without
building its prompt, event data not built when nothing keeps it, and the unrolled payment
arithmetic."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest

from engine.core.match import Match
from engine.core.prompts import Prompt
from engine.games.everdell import play, replay
from engine.games.everdell.data import RESOURCES
from engine.games.everdell.game import EverdellGame
from engine.games.everdell.payment import as_dict, fits, parse_vec, vec_id
from tests.engine.everdell.helpers import game_of, random_match
from tests.engine.everdell.test_fast_replay import state
from tests.engine.mistwood.lair_helpers import from_position as lair_match
from tests.engine.mistwood.lair_helpers import position as lair_position


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_base_replay_lists_only_the_opening_action_prompt(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The opening prompt is opened before the replay turns quiet; every later action prompt is
    proven to have two options, or shown to have one, without listing them."""
    match = random_match(4, seed, bots=["heuristic"])
    listed = 0
    original = EverdellGame.action_options

    def counted(self: EverdellGame, p: int) -> list[Any]:
        nonlocal listed
        listed += 1
        return original(self, p)

    monkeypatch.setattr(EverdellGame, "action_options", counted)
    rebuilt = Match.from_record(match.record())
    assert listed == 1
    assert state(rebuilt) == state(match)


@pytest.mark.parametrize(
    "entry",
    [
        None,
        3,
        (),
        (0,),
        (0, ("prepare",), 1),
        (1, ("prepare",)),
        ("0", ("prepare",)),
        (0, ()),
        (0, ("prepare", "pass")),
        (0, (7,)),
        (0, "prepare"),
        (0, None),
    ],
)
def test_the_answer_to_come_is_a_hint_only_when_it_is_one_id_for_the_seat(entry: Any) -> None:
    assert replay.hint(entry, 0) is None


def test_the_answer_to_come_is_read_from_a_log_entry() -> None:
    assert replay.hint([0, ["play:h:farm"]], 0) == "play:h:farm"
    assert replay.hint((2, ("prepare",)), 2) == "prepare"


def test_a_wrong_answer_to_come_proves_nothing() -> None:
    """Whatever the hint holds, only options the quick check accepts are proven."""
    match = random_match(2, 4, bots=["heuristic"])
    again = Match("everdell", match.seats, match.options, match.seed)
    g = game_of(again)
    for seat, answer in match.log[:40]:
        prompt = again.prompt_for(seat)
        assert prompt is not None
        if prompt.key == replay.ACTION_KEY:
            offered = {o.id for o in prompt.options}
            for first in ("place:bogus", "play:m9", "play:h:nothing", *offered):
                proven = replay.two_allowed(g, seat, play.Purse(g, seat), first)
                assert set(proven) <= offered and len(set(proven)) == len(proven)
        again.submit(seat, answer)


def test_the_replay_drops_the_answer_to_come_and_is_silent_only_meanwhile() -> None:
    match = random_match(2, 5)
    seen: list[bool] = []
    original = EverdellGame.replay_ahead

    def watched(self: EverdellGame, entry: Any) -> None:
        seen.append(self.silent)
        original(self, entry)

    EverdellGame.replay_ahead = watched  # type: ignore[method-assign]
    try:
        rebuilt = Match.from_record(match.record())
    finally:
        EverdellGame.replay_ahead = original  # type: ignore[method-assign]
    g = game_of(rebuilt)
    assert seen and all(seen)
    assert g.ahead is None and not g.silent


def test_an_emit_that_reads_events_keeps_the_game_from_being_silent() -> None:
    """Nightweave watches the humans' events even in a replay: their data is still built."""
    match = lair_match(lair_position(["nw04"], workers=0, meadow_slot=0))
    g = game_of(match)
    g.set_quiet(True)
    assert not g.silent
    g.set_quiet(False)
    plain = random_match(2, 6)
    base = game_of(plain)
    base.set_quiet(True)
    assert base.silent
    base.set_quiet(False)
    assert not base.silent


def test_a_lone_way_to_pay_is_not_asked_and_two_are(monkeypatch: pytest.MonkeyPatch) -> None:
    """The payment prompt, when asked, carries every option and its resources as before."""
    asked: list[Prompt] = []
    lone = 0
    original = play.payments

    def counted(*args: Any, **kwargs: Any) -> dict[str, Any]:
        nonlocal lone
        out = original(*args, **kwargs)
        lone += len(out) == 1
        return out

    monkeypatch.setattr(play, "payments", counted)
    for seed in range(1, 6):
        match = random_match(3, seed, bots=["heuristic", "random"])
        again = Match("everdell", match.seats, match.options, match.seed)
        for seat, answer in match.log:
            prompt = again.prompt_for(seat)
            assert prompt is not None
            if prompt.key == "everdell.prompt.payment":
                asked.append(prompt)
            again.submit(seat, answer)
    assert lone > 0 and asked
    for prompt in asked:
        assert len(prompt.options) >= 2
        payments = prompt.params["payments"]
        assert [o.id for o in prompt.options] == list(payments)
        assert prompt.default == (prompt.options[0].id,)
        for option in prompt.options:
            assert payments[option.id] == as_dict(parse_vec(option.id.split(":")[1]))
            assert option.cost == sum(payments[option.id].values())


def test_the_unrolled_payment_arithmetic_matches_its_definition() -> None:
    have = {"twig": 2, "resin": 1, "pebble": 0, "berry": 3}
    for vec in product(range(4), repeat=4):
        cost = (vec[0], vec[1], vec[2], vec[3])
        assert fits(cost, have) == all(cost[i] <= have[r] for i, r in enumerate(RESOURCES))
        assert vec_id(cost) == ".".join(str(x) for x in cost)
        assert parse_vec(vec_id(cost)) == cost
        assert as_dict(cost) == {r: cost[i] for i, r in enumerate(RESOURCES) if cost[i]}
        assert list(as_dict(cost)) == [r for i, r in enumerate(RESOURCES) if cost[i]]
