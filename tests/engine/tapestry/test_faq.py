"""The rulebook's FAQ rulings on the base game (numbered as in its FAQ pages; 7, 21 and 22 are
scenarios in scenarios/faq.yaml), the track reference FAQs, and general rules checked one by one:
era bonus, neighbours, tech requirements, achievements."""

from __future__ import annotations

from typing import Any

import pytest

from engine.games.tapestry import tapestries
from engine.games.tapestry.data import RESOURCES, TRACKS, tech_cards
from tests.engine.tapestry.helpers import answer, at, finish_turn, game, ids, prompt, until

RICH = {"coin": 5, "worker": 5, "food": 5, "culture": 5}
NOBODY: dict[str, Any] = {"income_turns": 1, "resources": {"coin": 1}}  # asked on its turn


def me(**spec: object) -> dict[str, object]:
    """A player who is asked on their turn (a coin makes an advance possible)."""
    return {"income_turns": 1, "resources": {"coin": 1}, **spec}


# ------------------------------------------------------------------------------ income turn
def test_faq1_a_building_taken_off_the_mat_gives_no_income_until_an_income_turn() -> None:
    m = at({"players": [me(resources={"food": 1}, tracks={"exploration": 2}), NOBODY]})
    answer(m, "advance:exploration")  # Wagons
    answer(m, "b1")  # the farm, exposing a food on the income mat
    finish_turn(m)
    p = game(m).players[0]
    assert p.placed["farm"] == 1 and p.res == dict.fromkeys(RESOURCES, 0)


def test_faq2_income_turn_one_lays_no_tapestry_card() -> None:
    # the first turn can only be an income turn: it is taken without asking
    m = at(
        {"players": [{"income_turns": 0, "hand": ["trap"]}, {"income_turns": 0, "resources": {"coin": 1}}]}
    )
    p = game(m).players[0]
    assert p.income_turns == 1 and "trap" in p.hand and all(pile == [] for pile in p.mat)


def test_faq3_income_turn_five_lays_no_tapestry_card() -> None:
    m = at({"players": [me(income_turns=4, hand=["trap"]), me(income_turns=4)]})
    answer(m, "income")
    keys = []
    for _ in range(40):
        p = prompt(m)
        if p.seat != 0:
            break
        keys.append(p.key)
        m.submit(p.seat, p.default or (p.options[0].id,))
    assert "tapestry.prompt.play_tapestry" not in keys
    g = game(m)
    assert g.players[0].finished and g.players[0].hand == ["trap"]


def test_faq3_a_card_laid_in_income_turn_five_goes_on_the_era_four_pile() -> None:
    # Printing Press to the top row in the fifth income turn: lay a card over the current one
    m = at(
        {
            "players": [
                me(income_turns=4, hand=["trap"], tech={"Printing Press": 1}, tracks={"technology": 4}),
                me(income_turns=4),
            ]
        }
    )
    answer(m, "income")
    until(m, "tapestry.prompt.upgrade")
    answer(m, "tech:Printing Press")
    assert prompt(m).key == "tapestry.prompt.overplay"
    answer(m, "card:trap")
    p = game(m).players[0]
    assert p.mat[3] == [["trap", True]] and p.hand == []


# ------------------------------------------------------------------------------ tracks
def test_faq6_a_track_completed_on_an_opponents_turn_takes_the_achievement_at_once() -> None:
    m = at(
        {
            "players": [
                me(hand=["oil_magnate"], resources=dict(RICH)),
                me(income_turns=2, tracks={"military": 11}),
            ]
        }
    )
    answer(m, "income")
    until(m, "tapestry.prompt.play_tapestry")
    answer(m, "card:oil_magnate")
    answer(m, "track:military")
    until(m, "tapestry.prompt.turn")
    g = game(m)
    assert g.players[1].tracks["military"] == [12]
    assert g.players[1].achievements == ["track"] and g.achievements["track"] == [1]


def test_faq8_a_benefit_cannot_be_declined() -> None:
    m = at({"players": [me(resources={"coin": 1}), NOBODY]})
    answer(m, "advance:technology")  # Pottery: invent
    p = prompt(m)
    assert p.key == "tapestry.prompt.invent" and "skip" not in ids(m)


def test_faq12_an_income_building_type_cannot_be_substituted() -> None:
    m = at({"players": [me(resources={"food": 1}, tracks={"exploration": 2}, on_mat={"farm": 0}), NOBODY]})
    answer(m, "advance:exploration")
    events = answer(m, "b1")  # a farm, none left
    assert any(e.kind == "none_left" and e.data["what"] == "farm" for e in events)
    p = game(m).players[0]
    assert p.placed == {"market": 0, "house": 0, "farm": 5, "armory": 0}


def test_faq11_a_landmark_already_taken_is_not_replaced() -> None:
    m = at(
        {"players": [me(resources={"food": 2}, tracks={"exploration": 3}), NOBODY], "landmarks_available": []}
    )
    events = answer(m, "advance:exploration")
    assert not any(e.kind == "landmark" for e in events) and game(m).players[0].landmarks == []


# ------------------------------------------------------------------------------ civilizations
def test_faq16_heralds_copy_any_visible_card_but_not_a_covered_one() -> None:
    m = at({"players": [me(civs=["heralds"], hand=["trap"]), me(income_turns=3)]})
    g = game(m)
    # era 1: Age of Wonders covered by a Trap (Nuclear Bomb); era 2: Boast of Superiority, still visible
    g.players[1].mat[0] = [["age_of_wonders", True], ["trap", True]]
    g.players[1].mat[1] = [["boast_of_superiority", True]]
    g.players[1].mat[2] = [["renaissance", False]]  # face down: nothing to copy
    answer(m, "income")
    p = until(m, "tapestry.prompt.heralds")
    assert sorted(ids(m)) == ["copy:1:0:1:trap", "copy:1:1:0:boast_of_superiority", "skip"], p.options


def test_espionage_copies_any_visible_card_of_any_mat_but_not_a_covered_one() -> None:
    m = at({"players": [me(hand=["espionage"], resources=dict(RICH)), me(income_turns=3)]})
    g = game(m)
    g.players[0].mat[0] = [["trap", True]]  # your own card of a past era is visible too
    g.players[1].mat[0] = [["age_of_wonders", True], ["trap", True]]
    g.players[1].mat[1] = [["boast_of_superiority", True], ["dark_ages", True]]
    answer(m, "income")
    until(m, "tapestry.prompt.play_tapestry")
    answer(m, "card:espionage")
    assert prompt(m).key == "tapestry.prompt.espionage"
    assert sorted(ids(m)) == ["copy:0:trap", "copy:1:dark_ages", "copy:1:trap"]
    answer(m, "copy:1:trap")
    assert g.players[0].vp == 10


# ------------------------------------------------------------------------------ tapestry cards
def test_faq24_socialism_does_not_lift_a_dictatorship_block() -> None:
    m = at({"players": [me(hand=["socialism"]), me(income_turns=2, tracks={"science": 5})]})
    g = game(m)
    g.blocks.append(("science", 1, g.players[1].turns + 1))
    answer(m, "income")
    until(m, "tapestry.prompt.play_tapestry")
    answer(m, "card:socialism")
    answer(m, "track:science")
    assert g.players[0].tracks["science"] == [0]


def test_faq25_colonialism_gives_nothing_for_the_middle_island() -> None:
    sites = [{"hex": [0, 0], "pieces": [[0, True, "outpost"]]}]
    g = game(at({"players": [me(), me()], "sites": sites}))
    before = dict(g.players[0].res)
    with pytest.raises(StopIteration):  # nothing to choose, nothing gained
        next(tapestries.colonialism(g, 0))
    assert g.players[0].res == before
    # an explored tile of yours (the only one: taken without asking) pays its land terrains
    sites.append({"hex": [-1, -1], "tile": 5, "pieces": [[0, True, "outpost"]]})
    g = game(at({"players": [me(), me()], "sites": sites}))
    with pytest.raises(StopIteration):
        next(tapestries.colonialism(g, 0))
    assert sum(g.players[0].res.values()) > sum(before.values())


def test_faq26_revolution_does_not_take_back_the_topple_achievement() -> None:
    sites = [
        {"hex": [-1, -2], "pieces": [[0, False, "outpost"], [1, True, "outpost"]]},
        {"hex": [-2, -1], "pieces": [[0, False, "outpost"], [1, True, "outpost"]]},
    ]
    m = at({"players": [me(hand=["revolution"], outposts=6), me(income_turns=2)], "sites": sites})
    g = game(m)
    g.achieve(1, "topple")
    vp = g.players[1].vp
    answer(m, "income")
    until(m, "tapestry.prompt.play_tapestry")
    answer(m, "card:revolution")
    answer(m, "stand")
    answer(m, "hex:-1.-2", "hex:-2.-1")
    assert g.players[1].achievements == ["topple"] and g.players[1].vp == vp
    assert g.toppled_by(1) == 0 and g.toppled_by(0) == 2
    assert g.players[0].achievements == ["topple"]  # counted on the board: now two of seat 1's lie toppled


# ------------------------------------------------------------------------------ track reference FAQs
def test_electronics_may_upgrade_a_card_then_take_its_circle_again() -> None:
    m = at({"players": [me(resources={"coin": 3}, tracks={"technology": 8}, tech={"Calendar": 0}), NOBODY]})
    answer(m, "advance:technology")
    g = game(m)
    finish_turn(m)
    assert g.players[0].tech == {"Calendar": 1}
    assert g.players[0].res["culture"] == 2  # the circle on the upgrade, and again as a middle-row card


def test_ai_singularity_cannot_be_repeated_by_academic_research() -> None:
    m = at(
        {
            "players": [
                me(
                    resources={"worker": 3},
                    tracks={"science": 6, "technology": 0, "military": 1, "exploration": 1},
                ),
                NOBODY,
            ]
        }
    )
    game(m).players[0].maxed.append("technology")  # AI Singularity taken earlier
    answer(m, "advance:science")
    p = until(m, "tapestry.prompt.repeat_space")
    assert not any("technology" in o.id for o in p.options)


def test_a_finished_player_cannot_trap() -> None:
    sites = [{"hex": [-1, -2], "pieces": [[1, True, "outpost"]]}]
    m = at(
        {
            "players": [me(resources={"coin": 1}), {"income_turns": 5, "finished": True, "hand": ["trap"]}],
            "sites": sites,
        }
    )
    game(m).players[1].finished = True
    answer(m, "advance:military")
    answer(m, "hex:-1.-2")
    assert prompt(m).key == "tapestry.prompt.conquer_die"
    assert game(m).sites[(-1, -2)].controller() == 0


# ------------------------------------------------------------------------------ general rules
@pytest.mark.parametrize(("era", "count"), [(2, 1), (3, 2), (4, 3)])
def test_the_era_bonus_grows_with_the_era(era: int, count: int) -> None:
    m = at({"players": [me(income_turns=era - 1, hand=["trap"]), me(income_turns=era - 1)]})
    events = answer(m, "income")
    bonus = [e for e in events if e.kind == "era_bonus"]
    assert bonus and bonus[0].data["count"] == count
    for _ in range(count):
        assert prompt(m).key == "tapestry.prompt.any_resource"
        answer(m, "res:coin")
    assert prompt(m).key == "tapestry.prompt.play_tapestry"


def test_in_two_players_the_one_neighbour_already_in_the_era_denies_the_bonus() -> None:
    m = at({"players": [me(hand=["trap"]), me(income_turns=2)]})
    events = answer(m, "income")
    assert not any(e.kind == "era_bonus" for e in events)
    assert game(m).neighbours(0) == [1]


def test_a_player_who_is_not_a_neighbour_does_not_deny_the_era_bonus() -> None:
    m = at({"players": [me(hand=["trap"]), me(), me(income_turns=2), me()]}, players=4)
    events = answer(m, "income")
    assert any(e.kind == "era_bonus" for e in events)
    assert game(m).neighbours(0) == [1, 3]


TECH = sorted(c for c, card in tech_cards().items() if card.expansion == "base")


def meets(card: str, seat: int) -> dict[str, Any]:
    """A player spec meeting the card's top-row requirement exactly (and nothing more)."""
    req = tech_cards()[card].requires
    if req.track is not None and req.space is not None:
        return {"tracks": {req.track: req.space}}
    assert req.row is not None and req.position is not None
    return {"on_mat": {req.row: 6 - req.position}}


def falls_short(card: str) -> dict[str, Any]:
    req = tech_cards()[card].requires
    if req.track is not None and req.space is not None:
        return {"tracks": {req.track: req.space - 1}}
    assert req.row is not None and req.position is not None
    return {"on_mat": {req.row: 7 - req.position}}


@pytest.mark.parametrize("card", TECH)
def test_the_top_row_requirement_is_met_by_you_or_a_neighbour_only(card: str) -> None:
    mine = {"income_turns": 1, "tech": {card: 1}}
    # you, exactly at the requirement / one short of it
    assert game(at({"players": [{**mine, **meets(card, 0)}, NOBODY, NOBODY, NOBODY]}, players=4)).upgradable(
        0
    ) == [card]
    assert (
        game(at({"players": [{**mine, **falls_short(card)}, NOBODY, NOBODY, NOBODY]}, players=4)).upgradable(
            0
        )
        == []
    )
    # a neighbour on either side, but not the player across the table
    for other, expected in ((1, [card]), (3, [card]), (2, [])):
        players: list[dict[str, Any]] = [mine, dict(NOBODY), dict(NOBODY), dict(NOBODY)]
        players[other] = {**NOBODY, **meets(card, other)}
        assert game(at({"players": players}, players=4)).upgradable(0) == expected, other
    # the middle row needs nothing
    assert game(at({"players": [{"income_turns": 1, "tech": {card: 0}}, NOBODY]})).upgradable(0) == [card]


def test_every_tech_card_names_a_track_or_an_innovation() -> None:
    for card in TECH:
        req = tech_cards()[card].requires
        assert (req.track is not None and req.space in (4, 7, 10)) or (
            req.row is not None and 2 <= (req.position or 0) <= 6
        )
    assert TRACKS  # the tracks the requirements name


def test_faq4_a_card_laid_in_the_civilization_step_goes_on_the_new_eras_space() -> None:
    # Inventors upgrade their own Printing Press to the top row in step 1 of income turn 3: the
    # card laid over the current one goes on the era-3 space, the era just begun
    spec = me(income_turns=2, civs=["inventors"], hand=["trap", "dark_ages"], tech={"Printing Press": 1})
    m = at({"players": [spec, me(income_turns=3)]})
    answer(m, "income")
    assert prompt(m).key == "tapestry.prompt.inventors"
    answer(m, "mark:0:Printing Press")
    assert prompt(m).key == "tapestry.prompt.overplay"
    answer(m, "card:trap")
    p = game(m).players[0]
    assert p.mat[2] == [["trap", True]] and p.mat[1] == []
