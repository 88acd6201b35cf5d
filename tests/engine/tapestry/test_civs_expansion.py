"""Expansion civilizations: the deck option and each power, scenario by scenario."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.errors import InvalidSetup
from engine.core.match import Match
from engine.games.tapestry import options as topts
from engine.games.tapestry.data import civilizations
from engine.games.tapestry.game import TapestryGame
from tests.engine.tapestry.helpers import answer, at, drive, game, ids, prompt, seats

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

    def __init__(self, real: Any, face: Any) -> None:
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
    assert out == {"civilizations": ["base", "pp", "ff"], "civ_edition": topts.CIV_EDITION}
    assert topts.normalize({"civilizations": "all"}, 3)["civilizations"] == ["base", "pp", "aa", "ff"]


def test_civilizations_option_refuses_unknown_boxes_and_too_small_decks() -> None:
    with pytest.raises(InvalidSetup):
        topts.normalize({"civilizations": "base,xx"}, 2)
    with pytest.raises(InvalidSetup):
        topts.normalize({"civilizations": "aa"}, 3)


def test_all_deals_every_listed_civilization_and_base_only_by_default() -> None:
    m = Match("tapestry", seats(2), {"civilizations": "all"}, 3)
    g = game(m)
    dealt = set(g.civ_deck) | {c for p in g.players for c in p.civ.get("offer", [])}
    assert dealt == set(civilizations())
    # a game stored before the Islanders and the Artificers (no edition) deals as it did
    old = game(Match("tapestry", seats(2), {"civilizations": ["base", "pp", "aa", "ff"]}, 3))
    dealt = set(old.civ_deck) | {c for p in old.players for c in p.civ.get("offer", [])}
    assert dealt == set(civilizations()) - {"islanders", "artificers"}
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


class Rolls:
    """An RNG that rolls the given faces in order (then behaves as usual)."""

    def __init__(self, real: Any, faces: list[str]) -> None:
        self.real, self.faces = real, list(faces)

    def choice(self, seq: Any) -> Any:
        return self.faces.pop(0) if self.faces else self.real.choice(seq)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


def drive_on(flow: Any, asked: Any, answers: list[str]) -> None:
    """Answer a flow whose first prompt has been read already: `answers` first, then defaults."""
    try:
        while True:
            spec = asked.specs[0]
            offered = [o.id for o in spec.options]
            choice = answers.pop(0) if answers and answers[0] in offered else (spec.default or offered)[0]
            asked = flow.send({spec.seat: (choice,)})
    except StopIteration:
        return


# ------------------------------------------------------------------------------------ Psionics
def psionics_at(**pos: Any) -> Match:
    return at(
        {
            "players": [
                {"civs": ["psionics"], "income_turns": 2, "resources": dict(RICH)},
                {"income_turns": 2},
            ],
            **pos,
        }
    )


def test_psionics_roll_the_science_die_twice_and_keep_one() -> None:
    from engine.games.tapestry import actions

    g = game(psionics_at())
    g.rng = Rolls(g.rng, ["science", "military"])  # type: ignore[assignment]
    flow = actions.science_roll(g, 0)
    asked = next(flow)
    assert [o.id for o in asked.specs[0].options] == ["track:science", "track:military"]
    try:
        flow.send({0: ("track:military",)})
    except StopIteration as stop:
        assert stop.value == "military"


def test_psionics_same_face_twice_asks_nothing() -> None:
    from engine.games.tapestry import actions

    g = game(psionics_at())
    g.rng = Rolls(g.rng, ["science", "science"])  # type: ignore[assignment]
    assert drive(actions.science_roll(g, 0), []) == []


def test_psionics_keep_one_of_two_territory_tiles_the_other_goes_back() -> None:
    from engine.games.tapestry import actions

    g = game(psionics_at(tile_bag=[5, 9]))
    bag = len(g.tile_bag)
    keys = drive(actions.take_tile(g, 0), ["tile:9"])
    assert keys == ["tapestry.prompt.psionics_keep"]
    assert 9 in g.players[0].tiles and 5 in g.tile_bag and len(g.tile_bag) == bag - 1


def test_psionics_keep_one_of_two_space_tiles() -> None:
    from engine.games.tapestry import actions

    g = game(psionics_at(space_stack=[4, 13]))
    keys = drive(actions.take_space_tile(g, 0), ["space:13"])
    assert keys == ["tapestry.prompt.psionics_keep"] and 13 in g.players[0].space and 4 in g.space_stack


def test_psionics_keep_one_of_two_tapestry_cards_the_other_shuffled_back() -> None:
    g = game(psionics_at(tapestry_deck=["dark_ages", "tech_boom"]))
    deck = len(g.tapestry_deck)
    keys = drive(g.gain_tapestry(0), ["keep:1"])
    assert keys == ["tapestry.prompt.psionics_keep"]
    assert (
        g.players[0].hand == ["tech_boom"]
        and "dark_ages" in g.tapestry_deck
        and len(g.tapestry_deck) == deck - 1
    )


def test_psionics_invent_from_the_deck_sees_two_cards() -> None:
    g = game(psionics_at())
    g.tech_deck[-2:] = ["Bakery", "Ammonia"]  # Ammonia on top
    keys = drive(g.invent(0), ["deck", "tech:Bakery"])
    assert keys == ["tapestry.prompt.invent", "tapestry.prompt.psionics_keep"]
    assert "Bakery" in g.players[0].tech and "Ammonia" in g.tech_deck


def test_psionics_keep_one_conquer_die_face_of_each_colour() -> None:
    m = psionics_at(sites=[{"hex": [-1, -1], "tile": 8}])
    g = game(m)
    from engine.games.tapestry import actions

    g.rng = Rolls(g.rng, ["vp:5", "coin", "vp:7", "worker"])  # type: ignore[assignment]
    flow = actions.conquer(g, 0, anywhere=True)
    asked = next(flow)
    while asked.specs[0].key != "tapestry.prompt.psionics_keep":
        asked = flow.send({0: (asked.specs[0].options[0].id,)})
    assert [o.id for o in asked.specs[0].options] == ["red:vp:5", "red:vp:7"]
    asked = flow.send({0: ("red:vp:7",)})
    assert [o.id for o in asked.specs[0].options] == ["black:coin", "black:worker"]
    asked = flow.send({0: ("black:worker",)})
    assert asked.specs[0].key == "tapestry.prompt.conquer_die"
    assert [o.id for o in asked.specs[0].options] == ["red:vp:7", "black:worker"]


def test_psionics_gain_a_civilization_from_two() -> None:
    from engine.games.tapestry import civs

    g = game(psionics_at())
    g.civ_deck = ["leaders", "futurists", "traders"]
    keys = drive(civs.gain_random(g, 0), ["civ:futurists"])
    assert keys[0] == "tapestry.prompt.keep_civ" and "futurists" in g.players[0].civs
    assert g.civ_deck[0] == "traders" and "futurists" not in g.civ_deck


def test_psionics_income_gains_by_turn() -> None:
    me = {"civs": ["psionics"], "income_turns": 1, "hand": ["wartime_economy"], "resources": dict(RICH)}
    m = at({"players": [me, {"income_turns": 2}], "tile_bag": [3, 7]})
    answer(m, "income")
    assert prompt(m).key == "tapestry.prompt.psionics_keep"  # income turn 2: a territory tile, from two
    answer(m, "tile:7")
    assert 7 in game(m).players[0].tiles


def test_psionics_with_the_first_income_variant_draw_three_keep_one() -> None:
    from engine.games.tapestry import tapestries

    g = game(psionics_at(tapestry_deck=["dark_ages", "tech_boom", "trap"]))
    keys = drive(tapestries.draw_two_keep_one(g, 0), ["keep:2"])
    assert keys == ["tapestry.prompt.keep_one"] and g.players[0].hand == ["trap"]


# ----------------------------------------------------------------------------------- Recyclers
def test_recyclers_draw_three_tech_cards_and_keep_one() -> None:
    from engine.games.tapestry import civs_more

    g = game(at({"players": [{"income_turns": 1}, {"income_turns": 1}]}))
    g.tech_deck[-3:] = ["Bakery", "Ammonia", "Anesthesia"]
    keys = drive(civs_more.recyclers_start(g, 0), ["tech:Ammonia"])
    assert keys == ["tapestry.prompt.recyclers_keep"]
    assert g.players[0].tech == {"Ammonia": 0} and {"Bakery", "Anesthesia"} <= set(g.tech_discard)


def test_recyclers_adjustment_upgrades_a_tech_card() -> None:
    from engine.games.tapestry import civs

    g = game(
        at(
            {
                "players": [
                    {"civs": ["recyclers"], "income_turns": 1, "tech": {"Bakery": 0}},
                    {"income_turns": 1},
                ]
            }
        )
    )
    drive(civs.adjust(g, 0), ["res:coin"] * 5)  # a single card to upgrade is not asked about
    assert g.players[0].tech["Bakery"] == 1


def test_recyclers_take_an_extra_upgrade_in_income_turns() -> None:
    m = income_of("recyclers", {"tech": {"Bakery": 0}})
    assert prompt(m).key == "tapestry.prompt.upgrade" and "skip" in ids(m)


def test_recyclers_move_a_top_row_card_back_for_five_vp() -> None:
    g = game(
        at(
            {
                "players": [
                    {"civs": ["recyclers"], "income_turns": 2, "tech": {"Bakery": 2}},
                    {"income_turns": 2},
                ]
            }
        )
    )
    assert g.upgradable(0) == ["Bakery"]
    drive(g.upgrade(0), [])  # the only card: not asked
    assert g.players[0].tech["Bakery"] == 0 and g.players[0].vp == 5


def test_recyclers_may_invent_from_the_discard_pile() -> None:
    g = game(at({"players": [{"civs": ["recyclers"], "income_turns": 2}, {"income_turns": 2}]}))
    g.tech_deck.remove("Bakery") if "Bakery" in g.tech_deck else g.tech_row.remove("Bakery")
    g.tech_discard = ["Bakery"]
    keys = drive(g.invent(0), ["discarded:Bakery"])
    assert keys == ["tapestry.prompt.invent"] and g.players[0].tech == {"Bakery": 0} and g.tech_discard == []


def test_other_civilizations_cannot_recycle_or_take_discards() -> None:
    g = game(at({"players": [{"income_turns": 2, "tech": {"Bakery": 2}}, {"income_turns": 2}]}))
    g.tech_discard = ["Ammonia"]
    assert g.upgradable(0) == []
    flow = g.invent(0)
    asked = next(flow)
    assert not any(o.id.startswith("discarded:") for o in asked.specs[0].options)


# ---------------------------------------------------------------------------------- Relentless
def relentless(tokens: int, **me: Any) -> Match:
    spec = {
        "civs": ["relentless"],
        "income_turns": 2,
        "resources": dict(RICH),
        "civ_state": {"relentless:tokens": tokens},
        **me,
    }
    return at({"players": [spec, {"income_turns": 2}]})


def test_relentless_add_a_token_after_a_turn_with_a_building() -> None:
    g = game(relentless(0))
    g.built = {0}
    from engine.games.tapestry import civs_more

    drive(civs_more.end_of_turn(g, 0, advanced=True), [])
    assert g.players[0].civ["relentless:tokens"] == 1


def test_relentless_cash_in_after_an_advance_turn_without_a_building() -> None:
    from engine.games.tapestry import civs_more

    g = game(relentless(2))
    before = len(g.players[0].hand)
    drive(civs_more.end_of_turn(g, 0, advanced=True), [])
    p = g.players[0]
    assert p.civ["relentless:tokens"] == 0 and p.vp == 3 and len(p.hand) == before + 1


def test_relentless_five_or_more_tokens_give_the_top_reward() -> None:
    from engine.games.tapestry import civs_more

    g = game(relentless(7))
    keys = drive(civs_more.end_of_turn(g, 0, advanced=True), ["b1", "res:coin"])  # 2nd of 4: a resource
    assert keys == ["tapestry.prompt.choose_benefit", "tapestry.prompt.any_resource"]
    assert (
        g.players[0].vp == 15 and g.players[0].res["coin"] == 4 and g.players[0].civ["relentless:tokens"] == 0
    )


def test_relentless_keep_tokens_after_an_income_turn_without_a_building() -> None:
    from engine.games.tapestry import civs_more

    g = game(relentless(3))
    drive(civs_more.end_of_turn(g, 0, advanced=False), [])
    assert g.players[0].civ["relentless:tokens"] == 3 and g.players[0].vp == 0


def test_relentless_whole_turn_building_then_cash_in() -> None:
    # an advance turn on Exploration space 1 (a territory tile, no building) cashes in 1 token: 1 VP
    m = relentless(1, tracks={"exploration": 0})
    answer(m, "advance:exploration")
    for _ in range(10):
        if prompt(m).key == "tapestry.prompt.turn":
            break
        p = prompt(m)
        answer(m, p.default[0] if p.default else p.options[0].id)
    g = game(m)
    assert g.players[0].civ["relentless:tokens"] == 0 and g.players[0].vp >= 1


# ------------------------------------------------------------------------------------ Gamblers
def test_gamblers_lay_a_revealed_when_played_card_on_the_current_era() -> None:
    deck = ["dark_ages", "boast_of_superiority", "academia"]  # top first
    spec = {"civs": ["gamblers"], "income_turns": 1, "hand": ["wartime_economy"], "resources": dict(RICH)}
    m = at({"players": [spec, {"income_turns": 2}], "tapestry_deck": deck})
    answer(m, "income")
    assert prompt(m).key == "tapestry.prompt.gamblers_play"
    offered = [o.id for o in prompt(m).options]
    assert "card:1" in offered and "card:2" not in offered  # Academia is a THIS ERA card
    answer(m, "card:1")
    g = game(m)
    assert g.players[0].mat[1] == [["boast_of_superiority", True]]
    assert {"dark_ages", "academia"} <= set(g.tapestry_discard)


def test_gamblers_with_no_when_played_card_keep_one_in_hand() -> None:
    from engine.games.tapestry import civs_more

    me = {"civs": ["gamblers"], "income_turns": 2, "resources": dict(RICH)}
    g = game(at({"players": [me, {"income_turns": 2}], "tapestry_deck": ["academia", "capitalism", "trap"]}))
    keys = drive(civs_more.gamble(g, 0, 1), ["card:1"])
    assert keys == ["tapestry.prompt.gamblers_keep"] and g.players[0].hand == ["capitalism"]
    assert g.players[0].mat[1] == []


def test_gamblers_as_starting_civilization_play_on_maker_of_fire_after_income_one() -> None:
    spec = {"civs": ["gamblers"], "income_turns": 0, "resources": dict(RICH)}
    # income turn 1 draws the Trap into hand, then three cards are revealed
    m = at(
        {
            "players": [spec, {"income_turns": 1}],
            "tapestry_deck": ["trap", "boast_of_superiority", "academia", "dark_ages"],
        }
    )
    for _ in range(30):
        if prompt(m).key == "tapestry.prompt.gamblers_play":
            break
        p = prompt(m)
        answer(m, p.default[0] if p.default else p.options[0].id)
    assert prompt(m).key == "tapestry.prompt.gamblers_play"
    assert ids(m) == ["card:0", "card:2"]
    answer(m, "card:0")
    g = game(m)
    assert g.players[0].mat[0][0][0] == "boast_of_superiority" and g.players[0].hand == ["trap"]


# ----------------------------------------------------------------------------------- Tinkerers
def tinker(me: dict[str, Any], rival: dict[str, Any] | None = None) -> Match:
    spec = {"civs": ["tinkerers"], "income_turns": 2, "resources": dict(RICH), **me}
    return at({"players": [spec, {"income_turns": 2, **(rival or {})}]})


def test_tinkerers_as_starting_civilization_give_every_opponent_a_tech_card() -> None:
    from engine.games.tapestry import civs_more

    g = game(at({"players": [{"income_turns": 1}, {"income_turns": 1}, {"income_turns": 1}]}, players=3))
    drive(civs_more.on_gain(g, 0, "tinkerers", starting=True), [])
    assert len(g.players[1].tech) == 1 and len(g.players[2].tech) == 1 and g.players[0].tech == {}
    assert all(row == 0 for p in g.players for row in p.tech.values())


def test_tinkerers_adjustment_gives_every_opponent_a_tapestry_card() -> None:
    from engine.games.tapestry import civs

    g = game(at({"players": [{"civs": ["tinkerers"], "income_turns": 1}, {"income_turns": 1}]}))
    drive(civs.adjust(g, 0), [])
    assert len(g.players[1].hand) == 1 and g.players[0].hand == []


def test_tinkerers_gain_the_cost_of_a_space() -> None:
    from engine.games.tapestry import civs_more

    g = game(tinker({"tracks": {"exploration": 5}}))
    keys = drive(civs_more.tinkerers(g, 0), ["cost:exploration", "res:coin"])
    assert keys == ["tapestry.prompt.tinkerers", "tapestry.prompt.any_resource"]
    assert g.players[0].res["food"] == 4 and g.players[0].res["coin"] == 4  # tier II: food and any
    assert g.players[0].civ["tinkerers:used"] == ["cost"]


def test_tinkerers_catch_up_with_the_nearest_opponent_ahead() -> None:
    from engine.games.tapestry import civs_more

    g = game(tinker({"tracks": {"exploration": 1}}, {"tracks": {"exploration": 5}}))
    drive(civs_more.tinkerers(g, 0), ["match:exploration"] * 3)
    p = g.players[0]
    assert (
        p.tracks["exploration"] == [5] and "Lighthouse" in p.landmarks
    )  # passing the tier gives the landmark
    assert p.vp == 1  # Ships: 1 VP per controlled territory (the start hex), no bonus


def test_tinkerers_go_back_exactly_three_and_gain_that_space() -> None:
    from engine.games.tapestry import civs_more

    g = game(tinker({"tracks": {"exploration": 5}}))
    keys = drive(civs_more.tinkerers(g, 0), ["back3:exploration"])
    # Rafts: explore (its bonus, a tapestry card for a resource, is offered)
    assert g.players[0].tracks["exploration"] == [2] and "tapestry.prompt.bonus" in keys


def test_tinkerers_advance_to_the_next_bonus_and_take_it_free_without_landmarks() -> None:
    from engine.games.tapestry import civs_more

    g = game(tinker({"tracks": {"exploration": 2}}))
    keys = drive(civs_more.tinkerers(g, 0), ["bonus:exploration", "yes"] + ["b1"] * 3)
    p = g.players[0]
    assert p.tracks["exploration"] == [5] and p.landmarks == [] and "tapestry.prompt.free_bonus" in keys
    assert p.placed["farm"] == 1 and p.vp == 0  # Ships' farm bonus, not its VP benefit


def test_tinkerers_use_each_option_once() -> None:
    from engine.games.tapestry import civs_more

    g = game(
        tinker(
            {"tracks": {"exploration": 5}, "civ_state": {"tinkerers:used": ["cost", "back3", "bonus"]}},
            {"tracks": {"exploration": 7}},
        )
    )
    flow = civs_more.tinkerers(g, 0)
    asked = next(flow)
    assert [o.id for o in asked.specs[0].options] == ["skip", "match:exploration"]


# -------------------------------------------------------------------------------------- Genies
def test_genies_opponent_picks_both_score_and_the_genies_gain_a_square_beside_it() -> None:
    from engine.games.tapestry import civs_more

    me = {"civs": ["genies"], "income_turns": 2, "tiles": [1, 2], "resources": {"culture": 1}}
    m = at({"players": [me, {"income_turns": 2}, {"income_turns": 2, "tiles": [3, 4, 5]}]}, players=3)
    g = game(m)
    assert g.players[0].civ["genies:tokens"] == [1, 2]
    g.rng = Flip(g.rng, 2)  # type: ignore[assignment]  # seat 2's token is drawn
    flow = civs_more.genies(g, 0)
    asked = next(flow)
    assert asked.specs[0].seat == 2 and asked.specs[0].key == "tapestry.prompt.genies_pick"
    assert [o.id for o in asked.specs[0].options] == [
        "ring:capital",
        "ring:tiles",
        "ring:territories",
        "ring:tech_cards",
    ]
    asked = flow.send({2: ("ring:tiles",)})
    assert asked.specs[0].seat == 0
    assert {o.id for o in asked.specs[0].options} == {
        "ring:invent:first",
        "ring:invent:then",
        "ring:culture:first",
        "ring:culture:then",
    }
    with pytest.raises(StopIteration):  # nothing more to ask
        flow.send({0: ("ring:culture:first",)})
    assert g.players[2].vp == 3 and g.players[0].vp == 2 and g.players[0].res["culture"] == 2


def test_genies_fifth_income_turn_scores_two_different_circled_spaces() -> None:
    from engine.games.tapestry import civs_more

    me = {
        "civs": ["genies"],
        "income_turns": 4,
        "tiles": [1, 2],
        "tech": {"Bakery": 0},
        "resources": dict(RICH),
    }
    g = game(at({"players": [me, {"income_turns": 4}]}))
    g.players[0].income_turns = 5  # the civilization step of the fifth income turn
    keys = drive(civs_more.genies(g, 0), ["ring:tiles", "ring:tech_cards"])
    assert keys == ["tapestry.prompt.genies_final"] * 2 and g.players[0].vp == 3


# ----------------------------------------------------------------------------------- Riverfolk
def riverfolk(**me: Any) -> Match:
    spec = {"civs": ["riverfolk"], "income_turns": 2, "capital": 1, "resources": dict(RICH), **me}
    return at({"players": [spec, {"income_turns": 2, "capital": 2}]}, players=2)


def test_riverfolk_start_with_four_vp_per_district_of_two_impassable_plots() -> None:
    from engine.games.tapestry import civs_more

    g = game(riverfolk(vp=0))
    assert g.players[0].capital == 1
    drive(civs_more.riverfolk_start(g, 0, starting=True), [])
    assert g.players[0].vp == 4 * 7  # the Mountain capital: every district but two


def test_riverfolk_build_on_impassable_plots_and_gain_for_a_districts_last_one() -> None:
    g = game(riverfolk(vp=0))
    keys = drive(g.place_in_capital(0, "farm"), ["plot:1.0"])
    assert g.players[0].grid[1][0] == "F" and "tapestry.prompt.any_resource" not in keys
    keys = drive(g.place_in_capital(0, "farm"), ["plot:1.1", "res:coin"])
    assert keys == ["tapestry.prompt.place_building", "tapestry.prompt.any_resource"] and g.players[0].vp == 0


def test_riverfolk_lose_a_vp_per_impassable_plot_at_the_end() -> None:
    from engine.games.tapestry import civs_more

    g = game(riverfolk(vp=50))
    civs_more.riverfolk_final(g, 0)
    assert g.players[0].vp == 50 - 22


def test_riverfolk_landmarks_may_cover_impassable_plots() -> None:
    from engine.games.tapestry import capital as cap
    from engine.games.tapestry.data import landmarks

    g = game(riverfolk())
    lm = landmarks()["Apothecary"]
    shapes = cap.shapes_of(tuple(lm.footprint), lm.rotations)
    assert len(cap.landmark_spots(g.players[0].grid, shapes, impassable_ok=True)) > len(
        cap.landmark_spots(g.players[0].grid, shapes)
    )


def test_riverfolk_gained_mid_game_may_be_swapped_for_another() -> None:
    from engine.games.tapestry import civs_more

    g = game(riverfolk())
    g.civ_deck = ["leaders"]
    keys = drive(civs_more.riverfolk_start(g, 0, starting=False), ["no"])
    assert (
        keys[0] == "tapestry.prompt.keep_gained_civ"
        and g.players[0].civs == ["leaders"]
        and g.civ_deck == ["riverfolk"]
    )


def test_other_civilizations_still_need_terraforming_for_impassable_plots() -> None:
    g = game(at({"players": [{"income_turns": 2, "capital": 1}, {"income_turns": 2, "capital": 2}]}))
    flow = g.place_in_capital(0, "farm")
    asked = next(flow)
    assert "plot:1.0" not in [o.id for o in asked.specs[0].options]


# --------------------------------------------------------------------------------------- Spies
def spies_at(**other: Any) -> Match:
    me = {"civs": ["spies"], "income_turns": 2, "resources": dict(RICH)}
    rival = {"income_turns": 2, "hand": ["trap", "tech_boom"], **other}
    return at({"players": [me, rival]})


def test_spies_copy_a_neighbours_when_played_card_then_look_at_their_hand() -> None:
    from engine.games.tapestry import civs_more

    g = game(spies_at(mat=[[], [["boast_of_superiority", True]]]))
    keys = drive(civs_more.spies(g, 0), ["card:1:boast_of_superiority", "yes"])
    p = g.players[0]
    assert keys == ["tapestry.prompt.spies", "tapestry.prompt.spies_look"]
    assert p.civ["spies:used"] == ["card"] and p.civ["spies:peek"] == [1, ["tech_boom", "trap"]]
    assert p.vp > 0  # Boast of Superiority: 4 VP per track where nobody is ahead (all tied at 0)


def test_spies_peek_is_in_their_own_view_only() -> None:
    from engine.games.tapestry import view

    g = game(spies_at())
    g.players[0].civ["spies:peek"] = [1, ["trap"]]
    assert view.build(g, 0)["players"][0]["spies_peek"] == [1, ["trap"]]
    for seat in (1, None):
        assert "spies_peek" not in view.build(g, seat)["players"][0]
        assert "spies:peek" not in view.build(g, seat)["players"][0]["civ_state"]


def test_spies_copy_a_tile_a_track_space_or_a_tech_card_once_each() -> None:
    from engine.games.tapestry import civs_more

    g = game(spies_at(space=[13], tracks={"science": 2}, tech={"Bakery": 1}))
    opts = [o.id for o in civs_more.spy_choices(g, 0, 1, [])]
    assert {"space:1:13", "track:1:science", "tech:1:Bakery"} <= set(opts)
    drive(civs_more.spies(g, 0), ["space:1:13", "no"])
    assert g.players[0].vp == 13 and g.players[1].space == [13]  # copied, not taken
    opts = [o.id for o in civs_more.spy_choices(g, 0, 1, g.players[0].civ["spies:used"])]
    assert not any(o.startswith(("space:", "tile:")) for o in opts) and "track:1:science" in opts


def test_spies_copy_a_track_space_without_its_bonus() -> None:
    from engine.games.tapestry import civs_more

    g = game(spies_at(tracks={"exploration": 1}))
    tiles_before = len(g.players[0].tiles)
    keys = drive(civs_more.spies(g, 0), ["track:1:exploration", "no"])
    assert len(g.players[0].tiles) == tiles_before + 2 and "tapestry.prompt.bonus" not in keys  # Scouting


# ------------------------------------------------------------------------------ Urban Planners
def planners(**me: Any) -> Match:
    spec = {"civs": ["urban_planners"], "income_turns": 2, "resources": dict(RICH), **me}
    return at({"players": [spec, {"income_turns": 2}]})


def test_urban_planners_park_a_landmark_and_build_it_at_the_end_of_the_turn() -> None:
    from engine.games.tapestry import civs_more

    g = game(planners())
    keys = drive(g.gain_landmark(0, "Apothecary"), ["yes"])
    p = g.players[0]
    assert keys == ["tapestry.prompt.urban_park"] and "Apothecary" in p.landmarks and p.landmark_spots == []
    assert p.civ["urban_planners:parked"] == ["Apothecary"] and "Apothecary" not in g.available_landmarks
    keys = drive(civs_more.urban_build(g, 0), ["landmark:Apothecary"])
    assert keys[0] == "tapestry.prompt.urban_build" and [s[0] for s in p.landmark_spots] == ["Apothecary"]
    assert p.civ["urban_planners:parked"] == []


def test_urban_planners_may_build_two_waiting_landmarks_in_one_turn() -> None:
    from engine.games.tapestry import civs_more

    g = game(planners(civ_state={"urban_planners:parked": ["Apothecary", "Tech Hub"], "start": [0, 0]}))
    g.players[0].landmarks += ["Apothecary", "Tech Hub"]
    g.available_landmarks = [n for n in g.available_landmarks if n not in ("Apothecary", "Tech Hub")]
    drive(civs_more.urban_build(g, 0), ["landmark:Apothecary", "landmark:Tech Hub"])
    assert sorted(s[0] for s in g.players[0].landmark_spots) == ["Apothecary", "Tech Hub"]


def test_urban_planners_score_the_largest_connected_group_squared() -> None:
    from engine.games.tapestry import civs_more

    g = game(planners(vp=0))
    p = g.players[0]
    # Apothecary and Tech Hub side by side, a third landmark far away
    p.landmark_spots = [["Tech Hub", 0, 0, 0], ["Apothecary", 2, 0, 0], ["Tech Hub", 7, 6, 0]]
    assert civs_more.urban_group(p) == 2
    civs_more.urban_score(g, 0)
    assert p.vp == 4


def test_urban_planners_adjustment_depends_on_the_player_count() -> None:
    from engine.games.tapestry import civs

    g = game(
        at(
            {"players": [{"civs": ["urban_planners"], "income_turns": 1}] + [{"income_turns": 1}] * 3},
            players=4,
        )
    )
    keys = drive(civs.adjust(g, 0), [])
    assert keys == ["tapestry.prompt.any_resource"] * 2


# ---------------------------------------------------------------------------- Treasure Hunters
def hunters(sites: list[dict[str, Any]], **me: Any) -> Match:
    spec = {
        "civs": ["treasure_hunters"],
        "income_turns": 2,
        "resources": {"coin": 1, "worker": 1, "food": 1, "culture": 1},
        **me,
    }
    return at({"players": [spec, {"income_turns": 2}], "sites": sites})


def test_treasure_hunters_start_with_two_tiles_and_four_tokens() -> None:
    g = game(hunters([]))
    p = g.players[0]
    assert len(p.tiles) == 2 and p.civ["treasure_hunters:left"] == [
        "desert",
        "grassland",
        "mountain",
        "forest",
    ]


def test_treasure_hunters_claim_a_forest_and_roll_the_red_die_twice() -> None:
    from engine.games.tapestry import civs_more

    g = game(hunters([{"hex": [-1, -1], "tile": 8}]))
    start = tuple(g.players[0].civ["start"])
    assert (-1, -1) in __import__("engine.games.tapestry.mapgeo", fromlist=["neighbours"]).neighbours(start)
    terrains = [t for t in civs_more.TREASURES if (-1, -1) in civs_more.treasure_sites(g, 0, t)]
    assert terrains  # the tile shows at least one land terrain
    terrain = terrains[0]
    g.rng = Rolls(g.rng, ["vp:5", "vp:4", "vp:6", "coin"])  # type: ignore[assignment]
    drive(civs_more.treasure_hunters(g, 0), [f"{terrain}:-1.-1", "face:vp:5", "face:coin"])
    p = g.players[0]
    assert g.sites[(-1, -1)].controller() == 0 and terrain not in p.civ["treasure_hunters:left"]
    assert p.res[civs_more.TREASURE_RESOURCE[terrain]] == 2 and p.vp > 0


def test_treasure_hunters_forest_gains_both_red_rolls() -> None:
    from engine.games.tapestry import civs_more

    g = game(hunters([{"hex": [-1, -1], "tile": 8}]))
    g.rng = Rolls(g.rng, ["vp:5", "vp:4"])  # type: ignore[assignment]
    drive(civs_more.treasure(g, 0, "forest", (-1, -1)), [])
    assert g.players[0].vp == 9


def test_treasure_hunters_desert_keep_one_of_two_black_rolls() -> None:
    from engine.games.tapestry import civs_more

    g = game(hunters([{"hex": [-1, -1], "tile": 8}]))
    g.rng = Rolls(g.rng, ["coin", "worker"])  # type: ignore[assignment]
    keys = drive(civs_more.treasure(g, 0, "desert", (-1, -1)), ["face:worker"])
    assert (
        keys == ["tapestry.prompt.psionics_keep"]
        and g.players[0].res["worker"] == 2
        and g.players[0].res["coin"] == 1
    )


def test_treasure_hunters_grassland_advance_on_the_science_roll_kept() -> None:
    from engine.games.tapestry import civs_more

    g = game(hunters([{"hex": [-1, -1], "tile": 8}]))
    g.rng = Rolls(g.rng, ["military", "science"])  # type: ignore[assignment]
    flow = civs_more.treasure(g, 0, "grassland", (-1, -1))
    asked = next(flow)
    assert [o.id for o in asked.specs[0].options] == ["face:military", "face:science"]
    drive_on(flow, asked, ["face:science"])
    assert g.players[0].tracks["science"] == [1]  # (its benefit, a research, may move another track)


def test_treasure_hunters_cannot_claim_an_occupied_or_distant_territory() -> None:
    from engine.games.tapestry import civs_more
    from engine.games.tapestry.actions import adjacent_to_controlled

    g = game(hunters([{"hex": [-1, -1], "tile": 8, "pieces": [[1, True, "outpost"]]}]))
    near = adjacent_to_controlled(g, 0)
    far = next(h for h in g.hexes if h not in near and g.sites[h].tile is None)
    g.sites[far].tile = 12  # explored, empty, but not next to the Treasure Hunters
    for terrain in civs_more.TREASURES:
        sites = civs_more.treasure_sites(g, 0, terrain)
        assert (-1, -1) not in sites and far not in sites


# ------------------------------------------------------------------------------------- Weefolk
def weefolk(**me: Any) -> Match:
    spec = {"civs": ["weefolk"], "income_turns": 2, "resources": dict(RICH), **me}
    return at(
        {"players": [spec, {"income_turns": 2, "capital": 2}, {"income_turns": 2, "capital": 4}]}, players=3
    )


def test_weefolk_give_a_token_the_opponent_places_it_in_their_capital() -> None:
    from engine.games.tapestry import civs_more

    g = game(weefolk())
    g.players[0].civ["weefolk:tokens"] = []
    flow = civs_more.weefolk_token(g, 0)
    asked = next(flow)
    assert asked.specs[0].seat == 0 and [o.id for o in asked.specs[0].options] == ["seat:1", "seat:2"]
    asked = flow.send({0: ("seat:2",)})
    assert asked.specs[0].seat == 2 and asked.specs[0].key == "tapestry.prompt.weefolk_place"
    drive_on(flow, asked, ["plot:0.0"])
    assert g.players[2].grid[0][0] == "w" and g.players[0].civ["weefolk:tokens"] == [[2, 0, 0]]


def test_weefolk_token_on_a_full_capital_replaces_a_building_that_moves_beside() -> None:
    from engine.games.tapestry import civs_more

    g = game(weefolk())
    g.players[1].grid = [list("FFFFFFFFF") for _ in range(9)]
    drive(civs_more.weefolk_token(g, 0), ["seat:1", "plot:4.4"])
    assert g.players[1].grid[4][4] == "w" and g.players[1].beside == ["farm"]


def test_weefolk_final_scoring_counts_each_row_and_column_of_their_tokens() -> None:
    from engine.games.tapestry import civs_more

    g = game(weefolk())
    q = g.players[1]
    q.grid = [list(".........") for _ in range(9)]
    q.grid[0] = list("wMH......")
    q.grid[3][0] = "F"
    g.players[0].civ["weefolk:tokens"] = [[1, 0, 0]]
    assert civs_more.weefolk_score(g, 0) == 2 + 1  # row 0: market, house; column 0: farm


def test_weefolk_spend_a_territory_tile_for_an_income_building() -> None:
    from engine.games.tapestry import civs_more

    g = game(weefolk(tiles=[5]))
    drive(civs_more.weefolk(g, 0), ["seat:1", "plot:0.0", "tile:5", "building:armory"])
    p = g.players[0]
    assert p.tiles == [] and p.placed["armory"] == 1


# ----------------------------------------------------------------------------------- Renegades
def renegades_at(**me: Any) -> Match:
    spec = {"civs": ["renegades"], "income_turns": 2, "resources": dict(RICH), **me}
    return at({"players": [spec, {"income_turns": 2}]})


def test_renegades_take_their_first_step_instead_of_a_tier_one_benefit() -> None:
    g = game(renegades_at())
    before = len(g.players[0].hand)
    keys = drive(g.advance(0, "exploration", "benefit"), ["yes", "b0", "building:farm"])
    p = g.players[0]
    assert keys[0] == "tapestry.prompt.renegades" and p.civ["renegades:at"] == 1
    assert len(p.hand) == before + 1 and p.placed["farm"] == 1 and len(p.tiles) == 0  # not Scouting's tiles


def test_renegades_may_decline_and_take_the_space_as_usual() -> None:
    g = game(renegades_at())
    drive(g.advance(0, "exploration", "benefit"), ["no"])
    assert g.players[0].civ.get("renegades:at", 0) == 0 and len(g.players[0].tiles) == 2


def test_renegades_step_needs_the_matching_tier() -> None:
    g = game(renegades_at(tracks={"exploration": 3}))  # entering tier II, step 1 is next
    keys = drive(g.advance(0, "exploration", "benefit"), [])
    assert "tapestry.prompt.renegades" not in keys and g.players[0].civ.get("renegades:at", 0) == 0


def test_renegades_last_step_scores_and_completes_a_track() -> None:
    g = game(renegades_at(tracks={"exploration": 9}, civ_state={"renegades:at": 3}))
    drive(g.advance(0, "exploration", "benefit"), ["yes"])
    p = g.players[0]
    assert p.civ["renegades:at"] == 4 and "track" in p.achievements and p.vp >= 20


# ---------------------------------------------------------------------------------- Celestials
def celestials_at(**me: Any) -> Match:
    spec = {"civs": ["celestials"], "income_turns": 2, "resources": dict(RICH), **me}
    return at({"players": [spec, {"income_turns": 2}], "sites": [{"hex": [-1, -1], "tile": 8}]})


def test_celestials_start_with_one_outpost_and_their_floating_capital() -> None:
    g = game(celestials_at())
    p = g.players[0]
    start = tuple(p.civ["start"])
    site = g.sites[start]
    assert [q for q in site.pieces if q[0] == 0] == [[0, True, "outpost"]] and site.tokens == [0]
    assert p.outposts == 9 and site.controller() == 0


def test_celestials_move_the_token_next_door_and_gain_both_dice() -> None:
    from engine.games.tapestry import civs_more
    from engine.games.tapestry.mapgeo import neighbours

    g = game(celestials_at())
    start = tuple(g.players[0].civ["start"])
    assert (-1, -1) in neighbours(start)
    g.rng = Rolls(g.rng, ["vp:5", "coin"])  # type: ignore[assignment]
    drive(civs_more.celestials(g, 0), ["move:-1.-1"])
    p = g.players[0]
    assert (
        g.sites[(-1, -1)].tokens == [0] and g.sites[start].tokens == [] and p.civ["celestials:at"] == [-1, -1]
    )
    assert p.vp == 5 and p.res["coin"] == 4 and g.sites[(-1, -1)].controller() is None  # no control


def test_celestials_fifth_income_turn_scores_landmarks_inside_and_overhanging() -> None:
    from engine.games.tapestry import civs_more

    g = game(celestials_at(vp=10))
    p = g.players[0]
    p.landmark_spots = [["Tech Hub", 0, 0, 0], ["Tech Hub", -1, 0, 0]]  # the second hangs off the top
    p.income_turns = 5
    drive(civs_more.celestials(g, 0), [])
    assert p.vp == 10 + 5 - 2


def test_celestials_gained_mid_game_may_be_swapped() -> None:
    from engine.games.tapestry import civs_more

    g = game(celestials_at())
    g.civ_deck = ["leaders"]
    keys = drive(civs_more.celestials_start(g, 0, starting=False), ["no"])
    assert keys == ["tapestry.prompt.keep_gained_civ"] and g.players[0].civs == ["leaders"]


# ---------------------------------------------------------------------------------- Elder Ones
def test_elder_ones_take_a_resource_or_two_tapestry_cards() -> None:
    m = income_of("elder_ones")
    assert prompt(m).key == "tapestry.prompt.elder_ones"
    answer(m, "cards")
    assert len(game(m).players[0].hand) == 3


def test_elder_ones_discard_cards_for_two_resources_each_at_income_five() -> None:
    from engine.games.tapestry import civs_more

    g = game(
        at(
            {
                "players": [
                    {
                        "civs": ["elder_ones"],
                        "income_turns": 4,
                        "hand": ["trap", "tech_boom"],
                        "resources": dict(RICH),
                    },
                    {"income_turns": 4},
                ]
            }
        )
    )
    g.players[0].income_turns = 5
    flow = civs_more.elder_ones(g, 0)
    spec = next(flow).specs[0]
    assert spec.key == "tapestry.prompt.elder_discard" and spec.min == 0 and spec.max == 2
    asked = flow.send({0: ("card:0:trap", "card:1:tech_boom")})
    drive_on(flow, asked, ["res:coin"] * 4)
    p = g.players[0]
    assert p.hand == [] and p.res["coin"] == 3 + 4


def test_elder_ones_play_on_after_the_fifth_income_turn_with_ten_vp_landmarks() -> None:
    me = {
        "civs": ["elder_ones"],
        "income_turns": 4,
        "resources": {"coin": 2, "food": 2},
        "tracks": {"exploration": 3},
        "vp": 0,
    }
    m = at({"players": [me, {"income_turns": 5, "finished": True}]})
    g = game(m)
    p = g.players[0]
    # income turn 5 (no hand to discard), then advance turns only
    assert prompt(m).key == "tapestry.prompt.turn"
    answer(m, "income")
    while prompt(m).key != "tapestry.prompt.turn":
        q = prompt(m)
        answer(m, (q.default or (q.options[0].id,))[0])
    assert p.income_turns == 5 and not p.finished and p.civ["elder_ones:beyond"]
    assert "income" not in ids(m) and not m.finished
    before = p.vp
    answer(m, "advance:exploration")  # into tier II: the Lighthouse, worth 10 VP now
    while not m.finished and prompt(m).key != "tapestry.prompt.turn":
        q = prompt(m)
        answer(m, (q.default or (q.options[0].id,))[0])
    assert "Lighthouse" in p.landmarks and p.vp >= before + 10


def test_elder_ones_are_done_when_they_cannot_advance() -> None:
    me = {"civs": ["elder_ones"], "income_turns": 5, "civ_state": {"elder_ones:beyond": True}}
    m = at({"players": [me, {"income_turns": 5, "finished": True}]})
    assert m.finished and game(m).players[0].finished


def test_elder_ones_keep_their_era_four_card_active_in_era_five() -> None:
    spec = {
        "civs": ["elder_ones"],
        "income_turns": 4,
        "era_card": "academia",
        "mat": [[], [], [], [["academia", True]]],
    }
    m = at({"players": [{**spec, "resources": dict(RICH)}, {"income_turns": 5, "finished": True}]})
    answer(m, "income")
    assert game(m).players[0].era_card == "academia"


# ------------------------------------------------------------------------------------- Merfolk
def test_merfolk_take_a_card_and_submerge_all_but_two() -> None:
    m = income_of("merfolk", {"hand": ["wartime_economy", "trap", "dark_ages"]}, tapestry_deck=["tech_boom"])
    assert prompt(m).key == "tapestry.prompt.merfolk_keep" and prompt(m).min == prompt(m).max == 2
    hand = game(m).players[0].hand
    keep = [f"card:{i}:{c}" for i, c in enumerate(hand) if c in ("wartime_economy", "tech_boom")]
    answer(m, *keep)
    p = game(m).players[0]
    assert sorted(p.hand) == ["tech_boom", "wartime_economy"] and sorted(p.civ["merfolk:under"]) == [
        "dark_ages",
        "trap",
    ]


def test_merfolk_submerged_cards_are_hidden_from_the_others() -> None:
    from engine.games.tapestry import view

    g = game(
        at(
            {
                "players": [
                    {"civs": ["merfolk"], "income_turns": 2, "civ_state": {"merfolk:under": ["trap"]}},
                    {"income_turns": 2},
                ]
            }
        )
    )
    mine = view.build(g, 0)["players"][0]
    theirs = view.build(g, 1)["players"][0]
    assert mine["merfolk_under_cards"] == ["trap"] and theirs["merfolk_under"] == 1
    assert "merfolk:under" not in theirs["civ_state"] and "merfolk_under_cards" not in theirs


def test_merfolk_cards_return_at_income_five_and_they_play_on() -> None:
    spec = {
        "civs": ["merfolk"],
        "income_turns": 4,
        "resources": dict(RICH),
        "hand": ["boast_of_superiority"],
        "civ_state": {"merfolk:under": ["trap", "dark_ages"]},
    }
    m = at({"players": [spec, {"income_turns": 5, "finished": True}]})
    answer(m, "income")
    while prompt(m).key not in ("tapestry.prompt.merfolk_turn",):
        q = prompt(m)
        answer(m, (q.default or (q.options[0].id,))[0])
    p = game(m).players[0]
    assert p.income_turns == 5 and not p.finished and len(p.hand) == 4 and p.civ["merfolk:under"] == []
    answer(m, "play:boast_of_superiority")  # laid on the era-4 space, its ability resolves
    assert p.mat[3][-1][0] == "boast_of_superiority"
    while not m.finished and prompt(m).key != "tapestry.prompt.merfolk_turn":
        q = prompt(m)
        answer(m, (q.default or (q.options[0].id,))[0])
    answer(m, "discard")
    before = p.vp
    answer(m, *[f"card:{i}:{c}" for i, c in enumerate(p.hand)])
    assert p.vp == before + 5 * 3 and p.finished and m.finished


# ---------------------------------------------------------------------------------- Illuminati
def illuminati_at(**me: Any) -> Match:
    spec = {"civs": ["illuminati"], "income_turns": 2, "resources": dict(RICH), **me}
    return at(
        {
            "players": [spec, {"income_turns": 2, "resources": dict(RICH)}],
            "sites": [{"hex": [-1, -1], "tile": 8}],
        }
    )


def test_illuminati_draw_three_keep_one_and_take_the_dice() -> None:
    from engine.games.tapestry import civs_more

    g = game(
        at(
            {
                "players": [{"income_turns": 1}, {"income_turns": 1}],
                "tapestry_deck": ["trap", "tech_boom", "dark_ages"],
            }
        )
    )
    keys = drive(civs_more.illuminati_start(g, 0), ["keep:1"])
    p = g.players[0]
    assert keys == ["tapestry.prompt.keep_one"] and p.hand == ["tech_boom"]
    assert {"trap", "dark_ages"} <= set(g.tapestry_discard) and p.civ["illuminati:mat"] == [
        "conquer",
        "science",
    ]


def test_illuminati_gain_both_results_when_an_opponent_rolls_the_conquer_dice() -> None:
    from engine.games.tapestry import civs_more

    g = game(illuminati_at(vp=0))
    drive(civs_more.illuminati_dice(g, 1, "conquer", ["vp:5", "coin"], (-1, -1)), [])
    p = g.players[0]
    assert p.vp == 5 and p.res["coin"] == 4 and p.civ["illuminati:mat"] == ["science"]
    drive(civs_more.illuminati_dice(g, 1, "conquer", ["vp:5", "coin"], (-1, -1)), [])
    assert p.vp == 5  # the dice are off the mat until the Illuminati's next income turn


def test_illuminati_own_rolls_leave_the_dice_on_the_mat() -> None:
    from engine.games.tapestry import civs_more

    g = game(illuminati_at())
    drive(civs_more.illuminati_dice(g, 0, "science", ["science"], None), [])
    assert g.players[0].civ["illuminati:mat"] == ["conquer", "science"] and g.players[0].tracks[
        "science"
    ] == [0]


def test_illuminati_free_move_when_an_opponent_rolls_the_science_die() -> None:
    from engine.games.tapestry import actions

    g = game(illuminati_at())
    g.rng = Rolls(g.rng, ["military"])  # type: ignore[assignment]
    drive(actions.science_roll(g, 1), [])
    p = g.players[0]
    assert p.tracks["military"] == [1] and p.civ["illuminati:mat"] == ["conquer"]


def test_illuminati_score_six_per_die_left_then_take_them_all_back() -> None:
    from engine.games.tapestry import civs_more

    g = game(illuminati_at(vp=0, civ_state={"illuminati:mat": ["conquer"]}))
    drive(civs_more.illuminati(g, 0), [])
    assert g.players[0].vp == 12 and g.players[0].civ["illuminati:mat"] == ["conquer", "science"]


# -------------------------------------------------------------------------------- Utilitarians
def utilitarians_at(on: list[str], **me: Any) -> Match:
    spec = {
        "civs": ["utilitarians"],
        "income_turns": 2,
        "resources": dict(RICH),
        "civ_state": {"utilitarians:on": on},
        **me,
    }
    return at({"players": [spec, {"income_turns": 2}], "sites": [{"hex": [-1, -1], "tile": 8}]})


def test_utilitarians_start_with_a_tier_two_landmark_whose_power_is_on() -> None:
    from engine.games.tapestry import civs_more

    g = game(at({"players": [{"income_turns": 1, "civs": ["utilitarians"]}, {"income_turns": 1}]}))
    keys = drive(civs_more.utilitarians_start(g, 0, starting=True), ["landmark:Forge"])
    p = g.players[0]
    assert (
        keys[0] == "tapestry.prompt.utilitarians_start"
        and "Forge" in p.landmarks
        and p.civ["utilitarians:on"] == ["Forge"]
    )


def test_utilitarians_second_landmark_takes_the_second_token_then_tokens_may_move() -> None:
    g = game(utilitarians_at(["Forge"]))
    drive(g.gain_landmark(0, "Barracks"), [])
    assert g.players[0].civ["utilitarians:on"] == ["Forge", "Barracks"]
    keys = drive(g.gain_landmark(0, "Lighthouse"), ["move:Forge"])
    assert "tapestry.prompt.utilitarians_move" in keys and g.players[0].civ["utilitarians:on"] == [
        "Lighthouse",
        "Barracks",
    ]


def test_utilitarians_forge_gives_a_resource_for_a_top_row_upgrade() -> None:
    g = game(utilitarians_at(["Forge"], tech={"Bakery": 1}))
    g.players[0].era_card = "golden_age"  # requirement ignored
    keys = drive(g.upgrade(0), ["res:coin"] * 3)
    assert keys.count("tapestry.prompt.any_resource") >= 1 and g.players[0].tech["Bakery"] == 2


def test_utilitarians_late_tier_landmark_scores_four_per_advance() -> None:
    g = game(utilitarians_at(["Train Station"], tracks={"exploration": 6}, vp=0))
    drive(g.advance(0, "exploration", "none"), [])
    assert g.players[0].vp == 4


def test_utilitarians_apothecary_gives_a_resource_for_another_landmark() -> None:
    g = game(utilitarians_at(["Apothecary"]))
    keys = drive(g.gain_landmark(0, "Tech Hub"), ["res:coin"])
    assert "tapestry.prompt.any_resource" in keys and g.players[0].res["coin"] == 4


def test_utilitarians_barracks_add_the_red_die_to_the_black() -> None:
    from engine.games.tapestry import actions

    g = game(utilitarians_at(["Barracks"], vp=0))
    g.rng = Rolls(g.rng, ["vp:5", "coin"])  # type: ignore[assignment]
    drive(actions.conquer(g, 0, anywhere=True), ["hex:-1.-1", "black:coin"])
    p = g.players[0]
    assert p.res["coin"] == 4 and p.vp == 5


def test_utilitarians_lighthouse_trades_two_tiles_once_per_advance_turn() -> None:
    from engine.games.tapestry import civs_more

    g = game(utilitarians_at(["Lighthouse"], tiles=[3, 7, 9]))
    g.built = set()
    flow = civs_more.end_of_turn(g, 0, advanced=True)
    spec = next(flow).specs[0]
    assert spec.key == "tapestry.prompt.utilitarians_lighthouse" and spec.min == 0 and spec.max == 2
    asked = flow.send({0: ("tile:0:3", "tile:1:7")})
    drive_on(flow, asked, ["res:food"])
    assert g.players[0].tiles == [9] and g.players[0].res["food"] == 4


# -------------------------------------------------------------------------------- Infiltrators
def infiltrators_at(**me: Any) -> Match:
    spec = {"civs": ["infiltrators"], "income_turns": 2, "resources": dict(RICH), **me}
    sites = [{"hex": [-1, -1], "tile": 8, "pieces": [[1, True, "outpost"]]}]
    return at({"players": [spec, {"income_turns": 2}], "sites": sites})


def test_infiltrators_culture_only_without_the_adjustment() -> None:
    from engine.games.tapestry import civs_more

    g = game(infiltrators_at(resources={}))
    before = g.players[0].res["culture"]
    drive(civs_more.on_gain(g, 0, "infiltrators", starting=True), [])
    assert g.players[0].res["culture"] == before
    drive(civs_more.on_gain(g, 0, "infiltrators", starting=False), [])
    assert g.players[0].res["culture"] == before + 1


def test_infiltrators_share_a_territory_both_control_it_and_it_cannot_be_conquered() -> None:
    from engine.games.tapestry import actions, civs_more

    g = game(infiltrators_at())
    outposts = g.players[0].outposts
    keys = drive(civs_more.infiltrators(g, 0), ["share:-1.-1"])
    assert keys[0] == "tapestry.prompt.infiltrators"
    assert (
        (-1, -1) in g.controlled(0) and (-1, -1) in g.controlled(1) and g.players[0].outposts == outposts - 1
    )
    assert g.players[0].placed["farm"] == 1  # tile 8's benefit
    assert (-1, -1) not in actions.conquer_targets(g, 0, anywhere=True) and (
        -1,
        -1,
    ) not in actions.conquer_targets(g, 1, anywhere=True)


def test_infiltrators_token_on_a_capital_scores_the_outposts_not_placed() -> None:
    from engine.games.tapestry import civs_more

    g = game(infiltrators_at(vp=0))
    drive(civs_more.infiltrators(g, 0), ["capital:1"])
    assert g.players[0].vp == g.players[1].outposts and g.players[0].civ["infiltrators:tokens"][1] == 1


def test_infiltrators_third_token_on_one_capital_gives_a_civilization_from_three() -> None:
    from engine.games.tapestry import civs_more

    g = game(infiltrators_at(civ_state={"infiltrators:tokens": [0, 2]}))
    g.civ_deck = ["traders", "leaders", "futurists", "historians"]
    keys = drive(civs_more.infiltrators(g, 0), ["capital:1", "civ:leaders"])
    assert "tapestry.prompt.keep_civ" in keys and "leaders" in g.players[0].civs
    assert g.civ_deck[:2] in (["historians", "futurists"], ["futurists", "historians"])


# ---------------------------------------------------------------------------------- Collectors
def collectors_at(**me: Any) -> TapestryGame:
    spec = {"civs": ["collectors"], "income_turns": 2, "resources": dict(RICH), **me}
    g = game(at({"players": [spec, {"income_turns": 2}], "sites": [{"hex": [-1, -1], "tile": 8}]}))
    g.advance_turn, g.current = True, 0  # during their advance turn
    return g


def test_collectors_put_a_house_on_their_mat_for_its_benefit() -> None:
    g = collectors_at()
    keys = drive(g.gain_building(0, "house"), ["yes", "res:coin"])
    p = g.players[0]
    assert keys[:2] == ["tapestry.prompt.collectors", "tapestry.prompt.any_resource"]
    assert (
        p.civ["collectors:mat"] == {"house": "house"}
        and p.placed["house"] == 1
        and "H" not in "".join(map("".join, p.grid))
    )


def test_collectors_take_one_of_each_type_only() -> None:
    g = collectors_at(civ_state={"collectors:mat": {"house": "house"}})
    keys = drive(g.gain_building(0, "house"), [])
    assert "tapestry.prompt.collectors" not in keys


def test_collectors_outpost_instead_of_a_conquest() -> None:
    from engine.games.tapestry import actions

    g = collectors_at()
    outposts = g.players[0].outposts
    keys = drive(actions.conquer(g, 0), ["yes", "res:coin", "res:coin"])
    p = g.players[0]
    assert keys[0] == "tapestry.prompt.collectors" and "tapestry.prompt.conquer_hex" not in keys
    assert p.outposts == outposts - 1 and "outpost" in p.civ["collectors:mat"]


def test_collectors_tapestry_card_lies_face_down_and_hidden() -> None:
    from engine.games.tapestry import view

    g = collectors_at()
    g.tapestry_deck.append("tech_boom")
    drive(g.gain_tapestry(0), ["yes", "res:coin"])
    p = g.players[0]
    assert "tech_boom" not in p.hand and p.civ["collectors:card"] == "tech_boom"
    assert view.build(g, 0)["players"][0]["collectors_card"] == "tech_boom"
    assert "tech_boom" not in str(view.build(g, 1)["players"][0])


def test_collectors_tech_card_and_tile_on_the_mat() -> None:
    g = collectors_at()
    g.tech_deck.append("Bakery")
    drive(g.invent(0), ["deck", "yes"])
    assert "Bakery" not in g.players[0].tech and g.players[0].civ["collectors:mat"]["tech"] == "Bakery"
    from engine.games.tapestry import effects

    tiles = list(g.players[0].tiles)
    drive(effects.token(g, 0, "tile"), ["yes"])
    assert g.players[0].tiles == tiles and "tile" in g.players[0].civ["collectors:mat"]


def test_collectors_only_on_their_advance_turns() -> None:
    g = collectors_at()
    g.advance_turn = False
    keys = drive(g.gain_building(0, "house"), [])
    assert "tapestry.prompt.collectors" not in keys


def test_collectors_score_by_the_number_of_types() -> None:
    from engine.games.tapestry import civs_more

    g = collectors_at(vp=0, civ_state={"collectors:mat": {"house": "house", "tile": "3", "tech": "Bakery"}})
    civs_more.collectors_score(g, 0)
    assert g.players[0].vp == 6


# ------------------------------------------------------------------------------------- Faefolk
def test_faefolk_move_by_the_visible_cards_and_gain_the_spot() -> None:
    from engine.games.tapestry import civs_more

    g = game(
        at(
            {
                "players": [
                    {"civs": ["faefolk"], "income_turns": 2, "resources": dict(RICH), "vp": 0},
                    {"income_turns": 2},
                ]
            }
        )
    )
    p = g.players[0]
    assert p.civ["faefolk:at"] == 0 and civs_more.faefolk_visible(p) == 1  # Maker of Fire alone
    keys = drive(civs_more.faefolk(g, 0), ["no"])
    assert keys[0] == "tapestry.prompt.faefolk_card" and p.civ["faefolk:at"] == 1
    assert p.vp == p.buildings()  # tapestry card, tile, invent, then 1 VP per income building


def test_faefolk_count_face_up_cards_and_score_twice_in_income_five() -> None:
    from engine.games.tapestry import civs_more

    mat = [[["boast_of_superiority", True]], [["dark_ages", True]], [["tech_boom", False]], []]
    spec = {
        "civs": ["faefolk"],
        "income_turns": 4,
        "resources": dict(RICH),
        "mat": mat,
        "civ_state": {"faefolk:at": 1},
    }
    g = game(at({"players": [spec, {"income_turns": 4}]}))
    p = g.players[0]
    p.income_turns = 5
    assert civs_more.faefolk_visible(p) == 2  # the face-down card does not show
    coin = p.res["coin"]
    drive(civs_more.faefolk(g, 0), ["no"])
    assert p.civ["faefolk:at"] == 3 and p.res["coin"] == coin + 2  # coin and VP per tech card, twice
