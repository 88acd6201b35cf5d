"""Expansion civilizations: the deck option and each power, scenario by scenario."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.errors import InvalidSetup
from engine.core.match import Match
from engine.games.tapestry import options as topts
from engine.games.tapestry.data import civilizations
from tests.engine.tapestry.helpers import answer, at, game, ids, prompt, seats

RICH = {"coin": 3, "worker": 3, "food": 3, "culture": 3}


def income_of(civ: str, me: dict[str, Any] | None = None, **pos: Any) -> Match:
    """Seat 0 (holding `civ`) starts its second income turn; the civilization's step is open."""
    spec = {
        "income_turns": 1,
        "civs": [civ],
        "hand": ["wartime_economy"],
        "resources": dict(RICH),
        **(me or {}),
    }
    m = at({"players": [spec, {"income_turns": 2, "resources": dict(RICH)}], **pos})
    answer(m, "income")
    return m


class Flip:
    """An RNG whose next choice is fixed (a coin flip); anything else as usual."""

    def __init__(self, real: Any, face: str) -> None:
        self.real, self.face = real, face

    def choice(self, seq: Any) -> Any:
        return self.face if self.face in seq else self.real.choice(seq)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


# ---------------------------------------------------------------------------------- the deck
def test_default_deck_is_the_sixteen_base_civilizations() -> None:
    assert len(topts.civ_deck({})) == 16
    assert topts.normalize({"civilizations": "base"}, 2) == {}


def test_civilizations_option_takes_boxes_and_all() -> None:
    out = topts.normalize({"civilizations": "ff, PP,base"}, 2)
    assert out == {"civilizations": ["base", "pp", "ff"]}
    assert topts.normalize({"civilizations": "all"}, 3)["civilizations"] == ["base", "pp", "aa", "ff"]


def test_civilizations_option_refuses_unknown_boxes_and_too_small_decks() -> None:
    with pytest.raises(InvalidSetup):
        topts.normalize({"civilizations": "base,xx"}, 2)
    with pytest.raises(InvalidSetup):
        topts.normalize({"civilizations": "ff"}, 5)


def test_all_deals_every_listed_civilization_and_base_only_by_default() -> None:
    m = Match("tapestry", seats(2), {"civilizations": ["base", "pp", "aa", "ff"]}, 3)
    g = game(m)
    dealt = set(g.civ_deck) | {c for p in g.players for c in p.civ.get("offer", [])}
    assert dealt == set(civilizations())
    plain = game(Match("tapestry", seats(2), {}, 3))
    dealt = set(plain.civ_deck) | {c for p in plain.players for c in p.civ.get("offer", [])}
    assert all(civilizations()[c].expansion == "base" for c in dealt)


def test_a_civilization_needing_an_absent_module_is_not_dealt(monkeypatch: pytest.MonkeyPatch) -> None:
    civs = dict(civilizations())
    civs["aliens"] = civs["aliens"].model_copy(update={"needs": ["plans_and_ploys"]})
    monkeypatch.setattr(topts, "civilizations", lambda: civs)
    assert "aliens" not in topts.civ_deck({"civilizations": ["pp"]})
    assert "aliens" in topts.civ_deck({"civilizations": ["pp"]}, ("plans_and_ploys",))


def test_every_expansion_civilization_has_an_automa_flag_and_its_source() -> None:
    for civ in civilizations().values():
        if civ.expansion == "ff":
            assert civ.automa_source == "bga"  # the official Automa rules predate Fantasies & Futures
        assert civ.automa_source in ("official", "bga")


# ----------------------------------------------------------------------------------- Advisors
def test_advisors_start_with_three_tapestry_cards() -> None:
    from engine.games.tapestry import civs

    g = game(at({"players": [{"income_turns": 1}, {"income_turns": 1}]}))
    p = g.players[0]
    before = len(p.hand)
    for _ in civs.on_gain(g, 0, "advisors", starting=False):
        raise AssertionError("asked something")
    assert len(p.hand) == before + 3


def test_advisors_score_their_hand_and_trim_it_to_four_for_a_resource() -> None:
    hand = ["wartime_economy", "trap", "trap", "renaissance", "dark_ages", "tech_boom"]
    m = income_of("advisors", {"hand": hand})
    g = game(m)
    assert g.players[0].vp == 6
    assert prompt(m).key == "tapestry.prompt.advisors_trim" and prompt(m).min == 2
    answer(m, "card:1:trap", "card:2:trap")
    assert sorted(g.players[0].hand) == sorted(["wartime_economy", "renaissance", "dark_ages", "tech_boom"])
    assert prompt(m).key == "tapestry.prompt.any_resource"


def test_advisors_with_four_cards_keep_them_and_gain_nothing_more() -> None:
    m = income_of("advisors", {"hand": ["wartime_economy", "trap", "dark_ages", "tech_boom"]})
    g = game(m)
    assert g.players[0].vp == 4 and prompt(m).key != "tapestry.prompt.advisors_trim"


def test_advisors_may_hand_a_neighbour_a_card_instead_of_their_draw() -> None:
    adv = {"income_turns": 1, "civs": ["advisors"], "hand": ["tech_boom"]}
    me = {"income_turns": 1, "resources": dict(RICH), "tracks": {"technology": 1}}
    m = at({"players": [me, adv], "current": 0})
    answer(m, "advance:technology")  # Carpentry: draw a tapestry card
    until_key = prompt(m)
    while until_key.key != "tapestry.prompt.advisors_give":
        answer(m, until_key.default[0] if until_key.default else until_key.options[0].id)
        until_key = prompt(m)
    assert until_key.seat == 1
    answer(m, "card:tech_boom")
    g = game(m)
    assert (
        "tech_boom" in g.players[0].hand
        and len(g.players[1].hand) == 1
        and g.players[1].hand != ["tech_boom"]
    )


# -------------------------------------------------------------------------------------- Aliens
def test_aliens_start_with_four_space_tiles() -> None:
    m = at({"players": [{"civs": ["aliens"], "income_turns": 1}, {"income_turns": 1}]})
    assert len(game(m).players[0].space) == 4


def test_aliens_explore_a_space_tile_onto_their_mat_free_the_first_time() -> None:
    m = income_of("aliens", {"space": [13, 5]})
    assert set(ids(m)) == {"any", "space:13", "space:5"}
    answer(m, "space:13")  # 13 VP
    g = game(m)
    assert g.players[0].vp == 13 and g.players[0].civ["aliens:mat"] == 13 and g.players[0].space == [5]


def test_aliens_pay_a_resource_to_replace_the_tile_on_their_mat() -> None:
    m = income_of("aliens", {"space": [13], "civ_state": {"aliens:mat": 5}})
    answer(m, "space:13")
    assert prompt(m).key == "tapestry.prompt.pay_aliens"
    answer(m, "pay:coin")
    g = game(m)
    assert g.players[0].res["coin"] == 2 and g.players[0].civ["aliens:mat"] == 13


def test_aliens_may_take_a_resource_instead() -> None:
    m = income_of("aliens", {"space": [13]})
    answer(m, "any")
    assert prompt(m).key == "tapestry.prompt.any_resource"


# ------------------------------------------------------------------------------------ Werefolk
def werefolk_turn(face: str, me: dict[str, Any] | None = None) -> Match:
    spec = {
        "income_turns": 1,
        "civs": ["werefolk"],
        "hand": ["wartime_economy"],
        "resources": dict(RICH),
        **(me or {}),
    }
    m = at({"players": [spec, {"income_turns": 2, "resources": dict(RICH)}], "space_stack": [13]})
    g = game(m)
    g.space_stack = [7, 13]  # 13 on top
    g.rng = Flip(g.rng, face)  # type: ignore[assignment]
    answer(m, "income")
    return m


def test_werefolk_face_up_regress_to_explore_the_tile_onto_their_mat() -> None:
    m = werefolk_turn("up", {"tracks": {"science": 2}})
    assert prompt(m).key == "tapestry.prompt.werefolk_regress"
    assert ids(m) == ["skip", "track:science"]
    answer(m, "track:science")
    g = game(m)
    p = g.players[0]
    assert p.tracks["science"] == [1] and p.vp == 13 and p.civ["werefolk:mat"] == 13 and 13 not in p.space


def test_werefolk_face_up_without_regressing_score_four_and_keep_the_tile() -> None:
    m = werefolk_turn("up", {"tracks": {"science": 2}})
    answer(m, "skip")
    p = game(m).players[0]
    assert p.vp == 4 and 13 in p.space and p.civ.get("werefolk:mat") is None


def test_werefolk_face_up_with_every_token_at_the_start_only_score() -> None:
    # FAQ: the tile is explored only when a token really goes back a space
    m = werefolk_turn("up")
    p = game(m).players[0]  # nothing to move back: no question, 4 VP, the tile stays in supply
    assert p.vp == 4 and 13 in p.space and prompt(m).key == "tapestry.prompt.play_tapestry"


def test_werefolk_face_down_advance_with_benefit_and_free_bonus() -> None:
    m = werefolk_turn("down", {"tracks": {"technology": 1}})
    assert prompt(m).key == "tapestry.prompt.werefolk_advance"
    answer(m, "track:technology")
    p = game(m).players[0]
    assert p.tracks["technology"] == [2] and 13 in p.space
    # Carpentry's benefit (a tapestry card) came with no payment; its bonus is offered free
    assert len(p.hand) == 2 and prompt(m).key == "tapestry.prompt.free_bonus"
