"""Rules of the base game, one position per rule: tracks, income turns, map, capital, tech."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAnswer
from engine.games.tapestry import scoring
from engine.games.tapestry.mapgeo import explore_vp
from tests.engine.tapestry.helpers import answer, at, game, ids, prompt, until

NOBODY = {"income_turns": 1}


def me(**spec: object) -> dict[str, object]:
    return {"income_turns": 1, **spec}


# ---------------------------------------------------------------------------------- tracks
def test_advancing_pays_the_cost_of_the_tier_entered() -> None:
    m = at({"players": [me(resources={"food": 1, "coin": 1}, tracks={"exploration": 3}), NOBODY]})
    assert "advance:exploration" in ids(m)
    answer(m, "advance:exploration")  # tier II: 1 food + 1 of any type, one way to pay
    g = game(m)
    assert g.players[0].res == {"coin": 0, "worker": 0, "food": 0, "culture": 0}
    assert g.players[0].tracks["exploration"] == [4]


def test_an_unaffordable_track_is_not_offered() -> None:
    m = at({"players": [me(resources={"coin": 2}, tracks={"exploration": 3, "science": 9}), NOBODY]})
    offered = ids(m)
    assert "advance:exploration" not in offered  # needs a food
    assert "advance:science" not in offered  # tier IV: two workers
    assert "advance:technology" in offered


def test_the_payment_prompt_lists_every_way_to_pay() -> None:
    m = at({"players": [me(resources={"worker": 1, "coin": 1, "food": 1}, tracks={"science": 3}), NOBODY]})
    answer(m, "advance:science")
    assert ids(m) == ["pay:coin+worker", "pay:worker+food"]


def test_first_into_a_tier_takes_its_landmark_and_the_second_does_not() -> None:
    m = at({"players": [me(resources={"food": 2}, tracks={"exploration": 3}), me(resources={"food": 2}, tracks={"exploration": 3})]})
    answer(m, "advance:exploration")
    assert prompt(m).key == "tapestry.prompt.place_landmark"
    until(m, "tapestry.prompt.turn")
    g = game(m)
    assert g.players[0].landmarks == ["Lighthouse"] and "Lighthouse" not in g.available_landmarks
    assert prompt(m).seat == 1
    answer(m, "advance:exploration")
    assert prompt(m).key != "tapestry.prompt.place_landmark"
    assert g.players[1].landmarks == []


def test_a_track_space_activates_once_per_turn() -> None:
    # Academic Research may repeat any current space but its own
    m = at({"players": [me(resources={"worker": 3}, tracks={"science": 6, "military": 1, "exploration": 1}), NOBODY]})
    answer(m, "advance:science")
    until(m, "tapestry.prompt.repeat_space")
    assert "space:science:7" not in ids(m)
    assert {"space:military:1", "space:exploration:1"} <= set(ids(m))


def test_alien_biology_scores_five_for_each_roll_past_the_end() -> None:
    tracks = {"exploration": 12, "military": 12, "technology": 12, "science": 11}
    m = at({"players": [me(resources={"worker": 2}, tracks=tracks), NOBODY]})
    answer(m, "advance:science")
    until(m, "tapestry.prompt.turn")
    g = game(m)
    # four rolls, every track at its end: 4 x 5 VP, plus the first complete-a-track achievement
    assert g.players[0].vp == 20 + 10
    assert g.players[0].achievements == ["track"]


def test_an_advance_past_the_end_moves_nothing() -> None:
    m = at({"players": [me(tracks={"military": 12}), NOBODY]})
    g = game(m)
    flow = g.advance(0, "military", "benefit")
    with pytest.raises(StopIteration) as stop:
        next(flow)
    assert stop.value.value is False and g.players[0].tracks["military"] == [12]


def test_ai_singularity_leaves_the_track_complete_and_counts_twelve() -> None:
    m = at({"players": [me(resources={"coin": 2}, tracks={"technology": 11, "science": 3}), NOBODY]})
    answer(m, "advance:technology")
    assert prompt(m).key == "tapestry.prompt.singularity"
    answer(m, "track:science")
    g = game(m)
    p = g.players[0]
    assert p.tracks["technology"] == [] and p.pos("technology") == 12
    assert p.tracks["science"] == [3, 0]
    assert p.res == {"coin": 1, "worker": 1, "food": 1, "culture": 1}
    assert scoring.count(g, 0, "sp:technology") == 12
    assert "track" in p.achievements


def test_nuclear_bomb_with_an_empty_hand_scores_but_plays_nothing() -> None:
    m = at({"players": [me(resources={"culture": 2}, tracks={"military": 9, "exploration": 5}, hand=[]), me(resources={"coin": 1})]})
    answer(m, "advance:military")
    until(m, "tapestry.prompt.turn")
    assert prompt(m).seat == 1
    g = game(m)
    assert g.players[0].vp == 5
    assert all(not pile for pile in g.players[0].mat)


def test_bonus_is_optional_and_paid_with_one_resource() -> None:
    m = at({"players": [me(resources={"coin": 2}, tracks={"technology": 1}), NOBODY], "tapestry_deck": ["trap"]})
    answer(m, "advance:technology")  # Carpentry: a tapestry card; bonus 1 resource for a market
    assert prompt(m).key == "tapestry.prompt.bonus"
    assert ids(m) == ["skip", "res:coin"]
    answer(m, "skip")
    g = game(m)
    assert g.players[0].hand == ["trap"] and g.players[0].placed["market"] == 0


# ---------------------------------------------------------------------------------- income turns
def test_first_income_turn_gains_the_exposed_income_only() -> None:
    m = at({"players": [{"income_turns": 0}, {"income_turns": 0}]})
    g = game(m)
    for p in g.players:  # both first turns ran without a decision
        assert p.res == {"coin": 1, "worker": 1, "food": 1, "culture": 1}
        assert len(p.tiles) == 1 and len(p.hand) == 1 and p.vp == 0
    assert prompt(m).key == "tapestry.prompt.turn" and "income" in ids(m)


def test_the_first_turn_must_be_an_income_turn() -> None:
    m = at({"players": [{"income_turns": 0, "resources": {"coin": 3}}, {"income_turns": 0, "resources": {"coin": 3}}]})
    g = game(m)
    assert g.players[0].income_turns == 1 and g.players[1].income_turns == 1  # the only option, taken


def test_era_bonus_goes_to_the_first_of_the_neighbours_only() -> None:
    rich = {"coin": 2}
    m = at({"players": [me(hand=["trap"], resources=rich), me(hand=["trap"], resources=rich), me(hand=["trap"], resources=rich)]}, players=3)
    events = answer(m, "income")
    assert any(e.kind == "era_bonus" for e in events)
    assert prompt(m).key == "tapestry.prompt.any_resource"
    until(m, "tapestry.prompt.turn")
    assert prompt(m).seat == 1
    events = answer(m, "income")
    assert not any(e.kind == "era_bonus" for e in events)


def test_an_empty_hand_lays_the_top_card_face_down() -> None:
    m = at({"players": [me(hand=[], resources={"coin": 2}), me(resources={"coin": 2})], "tapestry_deck": ["renaissance"]})
    answer(m, "income")
    until(m, "tapestry.prompt.turn")
    g = game(m)
    assert g.players[0].mat[1] == [["renaissance", False]]
    assert g.players[0].tracks["science"] == [0]  # a face-down card does nothing
    assert m.view(1)["players"][0]["tapestry_mat"][1] == [None]


def test_income_turn_scores_the_exposed_vp_icons() -> None:
    # 2 houses gone: Writing (score capital) exposed next to Symbology (score capital)
    grid = ["#########"] + [".........", ] * 8
    m = at({"players": [me(hand=["trap"], on_mat={"house": 3}, grid=grid, tech={"Paper": 0, "Radio": 0}, resources={"coin": 1}), NOBODY]})
    answer(m, "income")
    until(m, "tapestry.prompt.upgrade")
    answer(m, "skip")
    g = game(m)
    # Barter: 1 VP per tech card (2); Symbology + Writing: 1 complete row each (2); trap laid: 10
    assert g.players[0].vp == 2 + 2 + 10


def test_the_fifth_income_turn_ends_the_players_game() -> None:
    m = at({"players": [me(income_turns=4, hand=[], resources={"coin": 1}), me(income_turns=4, hand=[], resources={"coin": 1})]})
    answer(m, "income")
    until(m, "tapestry.prompt.turn")
    g = game(m)
    assert g.players[0].finished and g.players[0].income_turns == 5
    assert g.players[0].res == {"coin": 1, "worker": 0, "food": 0, "culture": 0}  # no income in turn 5
    assert prompt(m).seat == 1
    answer(m, "income")
    until_done = [p for p in m.prompts()]
    while until_done:
        m.submit(until_done[0].seat, until_done[0].default or (until_done[0].options[0].id,))
        until_done = m.prompts()
    assert m.finished and m.result() is not None


# ---------------------------------------------------------------------------------- map
def test_explore_scores_one_vp_per_matching_side() -> None:
    sea = ["sea"] * 6
    assert explore_vp((0, 0), sea, 0, {(-1, -1): (sea, 0), (1, 1): (sea, 3)}) == 2
    land = ["desert"] * 6
    assert explore_vp((0, 0), land, 0, {(-1, -1): (sea, 0)}) == 0


def test_explore_places_a_tile_next_to_a_controlled_territory() -> None:
    m = at({"players": [me(resources={"coin": 1}, tracks={"exploration": 1}, tiles=[5]), NOBODY]})
    answer(m, "advance:exploration")  # Rafts
    p = prompt(m)
    assert p.key == "tapestry.prompt.explore_hex"
    start = game(m).players[0].civ["start"]
    assert all(abs(int(o.id[4:].split(".")[0]) - start[0]) <= 1 for o in p.options)
    answer(m, p.options[0].id)
    assert prompt(m).key == "tapestry.prompt.explore_rotation"
    vps = prompt(m).params["vp"]
    answer(m, "rot:0")
    g = game(m)
    assert g.players[0].vp == vps[0] and g.players[0].tiles == []
    assert g.players[0].res["food"] == 1  # tile 5 gives a food


def test_conquer_topples_and_the_defender_is_asked_even_without_a_trap() -> None:
    sites = [{"hex": [-1, -2], "pieces": [[1, True, "outpost"]]}]
    m = at({"players": [me(resources={"coin": 1}), me(hand=["renaissance"])], "sites": sites})
    answer(m, "advance:military")
    answer(m, "hex:-1.-2")
    p = prompt(m)
    assert p.seat == 1 and p.key == "tapestry.prompt.trap" and ids(m) == ["no", "always", "never"]
    answer(m, "no")
    assert prompt(m).key == "tapestry.prompt.conquer_die"
    g = game(m)
    assert g.sites[(-1, -2)].pieces == [[1, False, "outpost"], [0, True, "outpost"]]
    assert g.sites[(-1, -2)].controller() == 0


def test_a_trap_keeps_the_territory_and_the_attacker_still_rolls() -> None:
    sites = [{"hex": [-1, -2], "pieces": [[1, True, "outpost"]]}]
    m = at({"players": [me(resources={"coin": 1}), me(hand=["trap"])], "sites": sites})
    answer(m, "advance:military")
    answer(m, "hex:-1.-2")
    answer(m, "trap")
    assert prompt(m).seat == 1 and prompt(m).key == "tapestry.prompt.any_resource"
    answer(m, "res:food")
    assert prompt(m).seat == 0 and prompt(m).key == "tapestry.prompt.conquer_die"
    g = game(m)
    assert g.sites[(-1, -2)].controller() == 1
    assert g.players[1].hand == [] and g.players[1].res["food"] == 1


def test_a_territory_with_two_items_cannot_be_conquered() -> None:
    sites = [{"hex": [-1, -2], "pieces": [[1, False, "outpost"], [0, True, "outpost"]]}]
    m = at({"players": [me(resources={"coin": 1}), NOBODY], "sites": sites})
    answer(m, "advance:military")
    assert "hex:-1.-2" not in ids(m)


def test_conquering_the_middle_island_earns_its_achievement() -> None:
    sites = [{"hex": [-1, -1], "tile": 5, "pieces": [[0, True, "outpost"]]}]
    m = at({"players": [me(resources={"coin": 1}), NOBODY], "sites": sites})
    answer(m, "advance:military")
    answer(m, "hex:0.0")
    answer(m, ids(m)[0])
    g = game(m)
    assert g.players[0].achievements == ["island"] and g.achievement_vp["island"] == [5]


def test_toppling_two_opponent_outposts_earns_its_achievement() -> None:
    sites = [
        {"hex": [-3, -3], "pieces": [[1, False, "outpost"], [0, True, "outpost"]]},
        {"hex": [-1, -2], "pieces": [[1, True, "outpost"]]},
    ]
    m = at({"players": [me(resources={"coin": 1}, outposts=7), me(resources={"coin": 1})], "sites": sites})
    answer(m, "advance:military")
    answer(m, "hex:-1.-2")
    answer(m, "no")
    answer(m, ids(m)[0])  # the die result, then the achievement
    assert "topple" in game(m).players[0].achievements


# ---------------------------------------------------------------------------------- capital
def test_completing_a_district_gains_a_resource() -> None:
    grid = [".XX......", "XXX......", "XXX......"] + ["........."] * 6
    m = at({"players": [me(resources={"food": 1}, tracks={"exploration": 2}, grid=grid), me(resources={"coin": 1})]})
    answer(m, "advance:exploration")  # Wagons: explore or a farm
    answer(m, "b1")
    answer(m, "plot:0.0")
    assert prompt(m).key == "tapestry.prompt.any_resource"
    answer(m, "res:culture")
    g = game(m)
    assert g.players[0].districts == [0] and g.players[0].res["culture"] == 1


def test_a_building_without_room_waits_beside_the_capital() -> None:
    m = at({"players": [me(resources={"food": 1}, tracks={"exploration": 2}, grid=["#########"] * 9), NOBODY]})
    answer(m, "advance:exploration")
    answer(m, "b1")
    g = game(m)
    assert g.players[0].beside == ["farm"] and g.players[0].placed["farm"] == 1


def test_landmarks_may_hang_off_the_capital() -> None:
    grid = ["#########"] * 8 + ["........#"]
    m = at({"players": [me(resources={"food": 2}, tracks={"exploration": 3}, grid=grid), NOBODY]})
    answer(m, "advance:exploration")
    p = prompt(m)
    assert p.key == "tapestry.prompt.place_landmark" and "lm:8.0.0" in ids(m)


# ---------------------------------------------------------------------------------- tech
def test_a_neighbour_meeting_the_requirement_allows_the_top_row() -> None:
    m = at({"players": [me(tech={"Zeppelins": 1}), me(tracks={"exploration": 4})]})
    g = game(m)
    assert g.upgradable(0) == ["Zeppelins"]
    g.players[1].tracks["exploration"] = [3]
    assert g.upgradable(0) == []


def test_upgrading_to_the_middle_row_gains_the_circle_benefit() -> None:
    m = at({"players": [me(resources={"coin": 2, "food": 1}, tracks={"technology": 4}, tech={"Zeppelins": 0}), NOBODY]})
    answer(m, "advance:technology")  # Glass: a building; bonus: 1 resource to upgrade
    answer(m, "pay:coin+coin")
    answer(m, "b0")
    until(m, "tapestry.prompt.bonus")
    answer(m, "res:food")  # pay the bonus: upgrade (Zeppelins is the only card: no choice)
    g = game(m)
    assert g.players[0].tech == {"Zeppelins": 1}
    assert g.players[0].tracks["exploration"] == [1]  # Zeppelins' circle: exploration, no benefit


def test_invent_takes_a_face_up_card_and_refills() -> None:
    m = at({"players": [me(resources={"coin": 1}), NOBODY], "tech_row": ["Radio", "Paper", "Compass"]})
    answer(m, "advance:technology")
    assert ids(m) == ["tech:Radio", "tech:Paper", "tech:Compass", "deck"]
    answer(m, "tech:Paper")
    g = game(m)
    assert g.players[0].tech == {"Paper": 0} and len(g.tech_row) == 3 and "Paper" not in g.tech_row


# ---------------------------------------------------------------------------------- end
def test_ties_are_broken_by_resources_left() -> None:
    m = at({"players": [me(vp=50, resources={"coin": 1}), me(vp=50, resources={"coin": 3})]})
    r = scoring.result(game(m))
    assert r.ranks == (2, 1) and r.winners == (1,)
    game(m).players[0].res["coin"] = 3
    assert scoring.result(game(m)).winners == (0, 1)


def test_an_illegal_answer_changes_nothing() -> None:
    m = at({"players": [me(resources={"coin": 1}), NOBODY]})
    before = (m.view(0), [p.to_dict() for p in m.prompts()])
    with pytest.raises(IllegalAnswer):
        m.submit(0, ("advance:nowhere",))
    with pytest.raises(IllegalAnswer):
        m.submit(1, ("income",))
    assert (m.view(0), [p.to_dict() for p in m.prompts()]) == before


def test_a_stale_prompt_id_is_refused() -> None:
    m = at({"players": [me(resources={"coin": 1}), NOBODY]})
    p = prompt(m)
    with pytest.raises(IllegalAnswer) as info:
        m.submit(0, ("income",), pid=p.pid + 1)
    assert info.value.key == "error.stale_prompt"
    m.submit(0, ("income",), pid=p.pid)
    assert game(m).players[0].income_turns == 2


def test_a_bonus_discarding_cards_counts_copies_separately() -> None:
    m = at({"players": [me(resources={"worker": 2}, tracks={"science": 4}, hand=["trap", "trap", "dark_ages"]), NOBODY]})
    answer(m, "advance:science")  # Chemistry: research, then discard 2 tapestry cards for 5 VP
    until(m, "tapestry.prompt.bonus_discard")
    answer(m, "yes")
    assert sorted(ids(m)) == ["card:dark_ages", "card:trap", "card:trap#2"]
    answer(m, "card:trap", "card:trap#2")
    g = game(m)
    assert g.players[0].hand == ["dark_ages"] and g.players[0].vp >= 5
