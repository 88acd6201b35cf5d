"""Corrin Evertail and Through Every Season against Nightweave: her Corrin cards become lair
Achievements, Corrin the Warrior's gifts turn into her draws and points, she ignores the special
Farms' text, and heuristic games with both packs end, conserve cards and replay. Values come
from the invented TEST data file (tests/engine/everdell/data)."""

from __future__ import annotations

import json
import os
from collections import Counter

import pytest

from engine.core.errors import InvalidSetup
from engine.core.match import Match
from engine.games.everdell import normalize_options
from engine.games.everdell.bots import POLICIES
from engine.games.everdell.mistwood.nightweave import actions
from engine.games.everdell.scoring import breakdown
from tests.engine.everdell.test_corrin import BOTH, expected_deck
from tests.engine.mistwood.lair_helpers import from_position, game, new_match, position

GAMES = int(os.environ.get("CORRIN_NIGHTWEAVE_GAMES", "100"))


def test_refused_against_her_while_the_data_is_incomplete() -> None:
    for pack in ("corrin", "farms"):
        with pytest.raises(InvalidSetup) as caught:
            normalize_options({"opponent": "nightweave", pack: True}, 1)
        assert caught.value.key == "error.mistwood.card_data_missing"
    out = normalize_options({"opponent": "nightweave", **BOTH}, 1)
    assert out["corrin"] and out["farms"] and out["nightweave_level"] == 1


def test_a_corrin_card_she_plays_goes_to_her_lair() -> None:
    g = game(from_position(position(["nw08"]), **BOTH))
    before = len(g.lair.city)
    actions.play_card(g.ctx(), "corrin_king", "meadow:1")
    assert g.lair.lair == ["corrin_king"] and len(g.lair.city) == before
    assert g.lair.log[-1] == {"kind": "achievement", "card": "corrin_king", "source": "meadow:1"}
    actions.play_card(g.ctx(), "farm_test_a", "meadow:2")  # a special Farm is a plain card to her
    assert [cc.card for cc in g.lair.city][-1:] == ["farm_test_a"]


def test_every_way_into_her_city_sends_corrin_to_her_lair_until_the_end() -> None:
    g = game(from_position(position(["nw08"]), **BOTH))
    st = g.lair
    assert st.add_city("corrin_trail") is False and st.lair[-1] == "corrin_trail"
    assert all(cc.card != "corrin_trail" for cc in st.city)
    assert st.add_city("corrin_trail", as_given=True) is True  # her Achievements at the end
    assert st.city[-1].card == "corrin_trail"


def test_warrior_gifts_her_draws_per_resource_and_points_per_card() -> None:
    pos = position(["nw08"], hand=["corrin_warrior", "mine", "wanderer"])
    pos["players"][0]["res"] = {"berry": 2, "pebble": 2}
    m = from_position(pos, **BOTH)
    g = game(m)
    events = m.submit(0, ("play:h:corrin_warrior",))
    for answer in ("h:mine", "r:pebble", "r:pebble", "none"):
        prompt = m.prompt_for(0)
        assert prompt is not None and prompt.key == "everdell.prompt.corrin_warrior"
        events += m.submit(0, (answer,))  # she is the only opponent: no recipient question
    kinds = [(e.kind, e.data) for e in events if e.kind.startswith("nw_")]
    assert ("nw_given_cards", {"count": 1}) in kinds
    assert ("nw_points", {"n": 1, "why": "gift"}) in kinds
    assert ("nw_given_resources", {"count": 2}) in kinds
    assert ("nw_draw", {"count": 2}) in kinds  # one card per resource; resources to the supply
    assert g.players[0].tokens == 3  # a token per gift for the player
    assert sum(g.players[1].res.values()) == 0


def test_her_special_farms_never_ask_anything() -> None:
    pos = position(["nw08"])
    pos["nightweave"]["city"] = ["farm_test_a", "farm_test_g"]
    m = from_position(pos, **BOTH)
    g = game(m)
    assert [cc.card for cc in g.players[g.nw].city] == ["farm_test_a", "farm_test_g"]
    prompt = m.prompt_for(0)  # her opening turn ran: nothing of hers asked for an ability
    assert prompt is not None and prompt.key == "everdell.prompt.action"
    assert all(e["kind"] != "farm_ability" for e in g.lair.log)


def play(seed: int) -> Match:
    match = new_match(seed=seed, level=seed % 5, **BOTH)
    bot = POLICIES["heuristic" if seed % 2 else "random"](0, seed)
    steps = 0
    while not match.finished:
        for prompt in match.prompts():
            assert prompt.seat == 0
            match.submit(0, bot.choose(match.policy_view(0), prompt), pid=prompt.pid)
            steps += 1
        assert steps < 20_000, "the match does not end"
    return match


def test_games_against_her_with_corrin_and_farms_end_and_replay() -> None:
    in_lair = 0
    for seed in range(GAMES):
        match = play(seed)
        g = game(match)
        assert g.lair.finished and g.players[0].passed
        assert Counter(g.all_cards()) == expected_deck(BOTH)
        result = match.result()
        assert result is not None
        assert result.scores == (breakdown(g, 0)["total"], g.her_score()["total"])
        in_lair += sum(
            1 for e in g.lair.log if e["kind"] == "achievement" and e["card"].startswith("corrin_")
        )
        if seed % 10 == 0:
            again = Match.from_record(json.loads(json.dumps(match.record())))
            assert again.finished and again.result() == result and again.view(0) == match.view(0)
    if GAMES >= 100:
        assert in_lair > 0  # she met Corrin cards and kept them as Achievements
