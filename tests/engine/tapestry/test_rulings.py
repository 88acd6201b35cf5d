"""The rulings of README.md, one test each, where the sources are silent or disagree."""

from __future__ import annotations

from typing import Any

from engine.games.tapestry import civs, tapestries
from engine.games.tapestry.data import board
from tests.engine.tapestry.helpers import answer, at, game, ids, prompt, until

RICH = {"coin": 3, "worker": 3, "food": 3, "culture": 3}


def run(flow: Any) -> None:
    for _ in flow:
        raise AssertionError("the flow asked a question")


def test_science_die_has_one_face_per_track() -> None:
    assert sorted(board().dice.science) == ["exploration", "military", "science", "technology"]


def test_research_may_be_declined_after_the_roll() -> None:
    m = at({"players": [{"income_turns": 1, "resources": {"coin": 1}}, {"income_turns": 1, "resources": {"coin": 1}}]})
    answer(m, "advance:science")  # Astronomy: research without benefit
    assert prompt(m).key == "tapestry.prompt.research_advance"
    answer(m, "no")
    assert sum(sum(v) for v in game(m).players[0].tracks.values()) == 1


def test_an_empty_tapestry_deck_is_reshuffled_from_the_discards() -> None:
    m = at({"players": [{"income_turns": 1}, {"income_turns": 1}]})
    g = game(m)
    g.tapestry_deck, g.tapestry_discard = [], ["trap", "dark_ages"]
    run(g.gain_tapestry(0))
    assert len(g.players[0].hand) == 1 and len(g.tapestry_deck) == 1 and g.tapestry_discard == []


def test_space_tiles_in_a_supply_are_public() -> None:
    m = at({"players": [{"income_turns": 1, "space": [13]}, {"income_turns": 1}]})
    assert m.view(1)["players"][0]["space_tiles"] == [13]


def test_this_era_cards_cannot_be_copied() -> None:
    m = at({"players": [{"income_turns": 1, "hand": ["espionage"], "resources": dict(RICH)}, {"income_turns": 2}]})
    game(m).players[1].mat[1].append(["golden_age", True])
    answer(m, "income")
    assert prompt(m).key != "tapestry.prompt.espionage"


def test_age_of_sail_takes_three_tiles_and_may_give_one_for_three_vp() -> None:
    m = at({"players": [{"income_turns": 2, "resources": {"coin": 1}, "tracks": {"exploration": 1}}, {"income_turns": 2, "resources": {"coin": 1}}]})
    g = game(m)
    g.players[0].era_card = "age_of_sail"
    answer(m, "advance:exploration")  # Rafts: explore
    assert prompt(m).key == "tapestry.prompt.age_of_sail"
    assert len(g.players[0].tiles) == 3
    give = next(i for i in ids(m) if i.startswith("give:1:"))
    answer(m, give)
    assert g.players[0].vp == 3 and g.players[1].tiles == [int(give.split(":")[2])]
    assert len(g.players[0].tiles) == 2  # one of them is then explored with


def test_heralds_may_not_lay_renaissance_on_the_era_one_space() -> None:
    m = at({"players": [{"civs": ["heralds"], "income_turns": 0, "hand": ["renaissance", "trap"]}, {"income_turns": 0}]})
    p = prompt(m)
    assert p.key == "tapestry.prompt.heralds_fire"
    assert "card:renaissance" not in ids(m) and "card:trap" in ids(m)
    answer(m, "card:trap")
    assert game(m).players[0].mat[0] == [["trap", True]] and game(m).players[0].vp == 10


def test_historians_draw_until_a_when_played_card() -> None:
    deck = ["trap", "golden_age", "dark_ages", "renaissance"]  # the first income draws the Trap
    m = at({"players": [{"civs": ["historians"], "income_turns": 0}, {"income_turns": 0}], "tapestry_deck": deck})
    assert prompt(m).key == "tapestry.prompt.historians_fire"
    assert prompt(m).params == {"card": "dark_ages"}
    assert "golden_age" in game(m).tapestry_discard
    answer(m, "no")
    assert "dark_ages" in game(m).players[0].hand


def test_mystics_predictions_are_public_and_rewarded_once() -> None:
    state = {"mystics:tech": 1, "mystics:tech:reached": False, "mystics:districts": 9, "mystics:territories": 15, "mystics:tracks": 4}
    m = at({"players": [{"civs": ["mystics"], "income_turns": 1, "civ_state": state, "tech": {"Radio": 0}}, {"income_turns": 1}]})
    assert m.view(1)["players"][0]["civ_state"]["mystics:tech"] == 1
    g = game(m)
    flow = civs.mystics_check(g, 0)
    assert next(flow).specs[0].key == "tapestry.prompt.any_resource"
    assert g.players[0].civ["mystics:tech:reached"] is True


def test_nomads_may_put_a_landmark_on_the_map() -> None:
    m = at({"players": [{"civs": ["nomads"], "income_turns": 1, "resources": {"food": 2}, "tracks": {"exploration": 3}}, {"income_turns": 1}]})
    answer(m, "advance:exploration")
    assert prompt(m).key == "tapestry.prompt.building_where"
    assert any(i.startswith("claim:") for i in ids(m))


def test_a_finished_player_gains_nothing_from_an_opponents_card() -> None:
    m = at({"players": [{"income_turns": 1, "hand": ["diplomacy"], "resources": dict(RICH)}, {"income_turns": 5}]})
    g = game(m)
    g.players[1].finished = True
    answer(m, "income")
    answer(m, "card:diplomacy")
    answer(m, "res:coin")  # only seat 0 is asked for a resource
    assert prompt(m).key == "tapestry.prompt.any_building"


def test_free_advances_from_an_opponents_card_still_take_landmarks() -> None:
    m = at({"players": [{"income_turns": 1, "hand": ["oil_magnate"], "resources": dict(RICH)}, {"income_turns": 2, "tracks": {"military": 3}}]})
    answer(m, "income")
    answer(m, "card:oil_magnate")
    answer(m, "track:military")
    until(m, "tapestry.prompt.place_landmark")
    assert prompt(m).seat == 1 and game(m).players[1].landmarks == ["Barracks"]


def test_copied_benefits_do_not_trigger_further_copies() -> None:
    m = at({"players": [{"income_turns": 2}, {"income_turns": 2, "resources": {"coin": 1}, "tracks": {"technology": 1}}]})
    g = game(m)
    for seat, partner in ((0, 1), (1, 0)):
        g.players[seat].era_card = "arranged_marriage"
        g.players[seat].marker = {"track": "technology", "partner": partner}
    flow = tapestries.after_track_benefit(g, 1, "technology", ["vp:1"])
    run(flow)
    assert g.players[0].vp == 1 and g.players[1].vp == 0


def test_dictatorship_ends_after_the_players_next_turn() -> None:
    m = at({"players": [{"income_turns": 1, "hand": ["dictatorship"], "resources": dict(RICH)}, {"income_turns": 2, "resources": dict(RICH)}]})
    answer(m, "income")
    answer(m, "card:dictatorship")
    answer(m, "track:science")
    answer(m, "no")  # Astronomy's research
    g = game(m)
    assert g.blocks == [("science", 0, 2)] and g.blocked(1, "science")
    g.players[0].turns = 2
    assert not g.blocked(1, "science")


def test_coal_baron_keeps_a_tile_that_cannot_be_placed() -> None:
    m = at({"players": [{"income_turns": 1, "hand": ["coal_baron"], "resources": dict(RICH)}, {"income_turns": 2}], "tile_bag": [5]})
    g = game(m)
    for h in g.hexes:  # nowhere to explore
        if g.sites[h].tile is None:
            g.sites[h].tile = 5
    answer(m, "income")
    answer(m, "card:coal_baron")
    assert 5 in g.players[0].tiles
