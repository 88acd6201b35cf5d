"""Scenario tests: setup, the three actions, payments and discounts, limits, seasons, scoring."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.errors import IllegalAnswer, InvalidSetup
from engine.core.match import Match
from engine.core.seats import SeatSpec
from engine.games.everdell.data import full_deck
from engine.games.everdell.scoring import breakdown
from tests.engine.everdell.helpers import Scenario, game_of, seats_for

MEADOW = ["farm", "mine", "twig_barge", "wanderer", "teacher", "inn", "general_store", "resin_refinery"]


def pos(*players: dict, **extra: object) -> dict:
    return {
        "meadow": list(MEADOW),
        "forest": ["forest_3_berries", "forest_2_any", "forest_2_resin_1_twig"],
        "players": list(players),
        **extra,
    }


# ----------------------------------------------------------------------------------------- setup
@pytest.mark.parametrize("players,forest", [(2, 3), (3, 4), (4, 4)])
def test_setup(players: int, forest: int) -> None:
    match = Match("everdell", seats_for(players), {}, 3)
    g = game_of(match)
    assert len(g.forest) == forest and len(g.special_events) == 4 and len(g.basic_events) == 4
    assert all(c is not None for c in g.meadow)
    assert [len(g.players[p].hand) for p in g.order] == [5, 6, 7, 8][:players]
    assert all(pl.workers == 2 and pl.season == 0 for pl in g.players)
    assert Counter(g.all_cards()) == Counter(full_deck())
    assert match.prompts()[0].seat == g.order[0]


def test_solo_setup_blocks_two_locations() -> None:
    match = Match("everdell", seats_for(1), {"rugwort_year": 3}, 3)
    g = game_of(match)
    assert len(g.forest) == 3 and len(g.players[0].hand) == 5
    assert g.occ[g.forest[0]] == [1] and g.occ["basic_3_twigs"] == [1]
    ids = [o.id for o in match.prompts()[0].options]
    assert f"place:{g.forest[0]}" not in ids and "place:basic_3_twigs" not in ids


def test_options_and_seats_are_validated() -> None:
    with pytest.raises(InvalidSetup):
        Match("everdell", seats_for(1), {"rugwort_year": 4}, 1)
    with pytest.raises(InvalidSetup):
        Match("everdell", [SeatSpec("bot"), SeatSpec("automa"), SeatSpec("bot")], {}, 1)


# ------------------------------------------------------------------------------------ placements
def test_exclusive_basic_location_and_reward() -> None:
    s = Scenario(pos({}, {}))
    s.answer("place:basic_3_twigs")
    assert s.player(0).res["twig"] == 3
    assert "place:basic_3_twigs" not in s.ids()  # seat 1 now
    assert "place:basic_2_twigs_1_card" in s.ids()


def test_shared_location_takes_many_workers() -> None:
    s = Scenario(pos({}, {}))
    s.answer("place:basic_1_berry")
    s.answer("place:basic_1_berry")
    s.answer("place:basic_1_berry")
    assert s.game.occ["basic_1_berry"] == [0, 1, 0]
    assert s.player(0).res["berry"] == 2


def test_forest_location_single_worker_below_four_players() -> None:
    s = Scenario(pos({}, {}))
    s.answer("place:forest_3_berries")
    assert s.player(0).res["berry"] == 3
    assert "place:forest_3_berries" not in s.ids()


def test_forest_second_spot_with_four_players() -> None:
    s = Scenario(pos({}, {}, {}, {}), players=4)
    s.answer("place:forest_3_berries")
    assert "place:forest_3_berries" in s.ids()  # another player may join
    s.answer("place:forest_3_berries")
    assert "place:forest_3_berries" not in s.ids()


def test_forest_choice_rewards() -> None:
    s = Scenario(pos({}, {}))
    s.answer("place:forest_2_any")
    assert s.prompt.key == "everdell.prompt.gain_any"
    s.answer("0.0.2.0")
    assert s.player(0).res["pebble"] == 2


def test_haven_gives_one_resource_per_two_cards() -> None:
    s = Scenario(pos({"hand": ["farm", "mine", "inn", "ruins", "king"]}, {}))
    s.answer("place:haven")
    s.answer("farm", "mine", "inn", "ruins", "king")
    s.answer("0.0.2.0")
    assert s.player(0).res["pebble"] == 2 and s.player(0).hand == []


def test_journey_only_in_autumn_and_costs_cards() -> None:
    s = Scenario(pos({"hand": ["farm"] * 5}, {}))
    assert not any(i.startswith("place:journey") for i in s.ids())
    s = Scenario(pos({"hand": ["farm", "mine", "inn", "ruins", "king"], "season": 3}, {}))
    assert {"place:journey_5", "place:journey_4", "place:journey_2"} <= set(s.ids())
    s.answer("place:journey_5")
    assert s.player(0).hand == [] and s.player(0).journey == 5
    assert breakdown(s.game, 0)["journey"] == 5


def test_worker_limit_then_prepare() -> None:
    s = Scenario(pos({}, {}))
    s.answer("place:basic_1_berry")
    s.answer("place:basic_1_berry")
    s.answer("place:basic_1_berry")
    s.answer("place:basic_1_berry")
    ids = s.ids()
    assert "prepare" in ids and not any(i.startswith("place:") for i in ids)


# --------------------------------------------------------------------------------- playing cards
def test_play_from_hand_pays_cost() -> None:
    s = Scenario(pos({"hand": ["farm"], "res": {"twig": 2, "resin": 1}}, {}))
    s.answer("play:h:farm")
    assert s.city() == ["farm"] and s.player(0).res == {"twig": 0, "resin": 0, "pebble": 0, "berry": 1}


def test_play_from_meadow_refills() -> None:
    s = Scenario(pos({"res": {"twig": 2, "resin": 1}}, {}))
    before = len(s.game.deck)
    s.answer("play:m0")
    assert s.city() == ["farm"] and s.game.meadow[0] is not None and len(s.game.deck) == before - 1


def test_unaffordable_and_unique_cards_are_not_offered() -> None:
    s = Scenario(pos({"hand": ["castle", "crane"], "city": ["crane"], "res": {"pebble": 1}}, {}))
    ids = s.ids()
    assert "play:h:castle" not in ids and "play:h:crane" not in ids


def test_illegal_answer_changes_nothing() -> None:
    s = Scenario(pos({"hand": ["castle"]}, {}))
    with pytest.raises(IllegalAnswer):
        s.answer("play:h:castle")
    assert s.player(0).hand == ["castle"]


def test_free_critter_on_occupied_construction() -> None:
    s = Scenario(pos({"hand": ["husband", "wife"], "city": ["farm"]}, {}))
    farm = s.player(0).city[0]
    s.answer("play:h:husband")
    assert s.city() == ["farm", "husband"] and farm.occupied
    s.answer("place:basic_1_berry")  # seat 1
    assert "play:h:wife" not in s.ids()  # the Farm's token is used


def test_ever_tree_hosts_any_critter() -> None:
    s = Scenario(pos({"hand": ["king"], "city": ["ever_tree"]}, {}))
    s.answer("play:h:king")
    assert s.city() == ["ever_tree", "king"]


def test_payment_choice_between_occupy_and_resources() -> None:
    s = Scenario(pos({"hand": ["husband"], "city": ["farm"], "res": {"berry": 3}}, {}))
    s.answer("play:h:husband")
    assert s.prompt.key == "everdell.prompt.payment"
    uid = s.player(0).city[0].uid
    assert set(s.ids()) == {f"occupy@{uid}:0.0.0.0", "pay:0.0.0.3"}
    s.answer("pay:0.0.0.3")
    assert not s.player(0).city[0].occupied and s.player(0).res["berry"] == 0


def test_innkeeper_discount() -> None:
    s = Scenario(pos({"hand": ["queen"], "city": ["innkeeper"], "res": {"berry": 2}}, {}))
    s.answer("play:h:queen")
    assert s.city() == ["queen"] and s.player(0).res["berry"] == 0
    assert "innkeeper" in s.game.discard


def test_crane_discount_lets_player_choose_what_is_cut() -> None:
    s = Scenario(
        pos({"hand": ["castle"], "city": ["crane"], "res": {"twig": 2, "resin": 3, "pebble": 3}}, {})
    )
    s.answer("play:h:castle")
    uid = s.player(0).city[0].uid
    assert f"crane@{uid}:0.2.3.0" in s.ids() and "pay:2.3.3.0" in s.ids()
    s.answer(f"crane@{uid}:2.1.2.0")
    assert s.city() == ["castle"] and s.player(0).res == {"twig": 0, "resin": 2, "pebble": 1, "berry": 0}


def test_judge_swaps_one_resource() -> None:
    s = Scenario(pos({"hand": ["farm"], "city": ["judge"], "res": {"twig": 1, "resin": 1, "berry": 1}}, {}))
    s.answer("play:h:farm")
    assert s.city() == ["judge", "farm"] and s.player(0).res["berry"] == 1  # paid the berry, Farm gave one


def test_dungeon_imprisons_a_critter_for_a_discount() -> None:
    s = Scenario(pos({"hand": ["mine"], "city": ["dungeon", "wanderer"]}, {}))
    wanderer = s.player(0).city[1]
    s.answer("play:h:mine")
    assert s.city() == ["dungeon", "mine"] and s.player(0).city[0].prisoners == ["wanderer"]
    assert wanderer.uid not in [c.uid for c in s.player(0).city]
    assert s.player(0).res["pebble"] == 1  # the Mine produced on arrival


def test_city_limit_fifteen_with_exceptions() -> None:
    full = ["farm"] * 8 + ["mine"] * 3 + ["twig_barge"] * 3 + ["husband"]
    s = Scenario(
        pos(
            {
                "city": full,
                "hand": ["inn", "wanderer", "wife", "ruins"],
                "res": {"twig": 9, "resin": 9, "berry": 9},
            },
            {},
        )
    )
    ids = s.ids()
    assert "play:h:inn" not in ids
    assert {"play:h:wanderer", "play:h:wife", "play:h:ruins"} <= set(ids)
    s.answer("play:h:wife")
    s.answer("pay:0.0.0.2")
    assert len(s.player(0).city) == 16 and s.game.used_spaces(s.player(0)) == 15


def test_hand_limit_eight() -> None:
    s = Scenario(pos({"hand": ["farm"] * 7}, {}))
    s.answer("place:basic_2_cards_1_point")
    assert len(s.player(0).hand) == 8 and s.player(0).tokens == 1


# ------------------------------------------------------------------------------------- seasons
def test_prepare_for_spring_returns_workers_and_produces() -> None:
    s = Scenario(pos({"city": ["farm", "mine"], "placed": ["basic_1_berry", "haven"]}, {}))
    # preparing is seat 0's only legal action, so it is taken without a prompt
    assert s.prompt.seat == 1
    pl = s.player(0)
    assert pl.season == 1 and pl.workers == 3 and pl.placed == []
    assert pl.res["berry"] == 1 and pl.res["pebble"] == 1
    assert s.game.occ["basic_1_berry"] == []


def test_prepare_for_summer_takes_meadow_cards() -> None:
    s = Scenario(pos({"season": 1, "placed": ["haven", "haven", "haven"]}, {}))
    assert s.prompt.key == "everdell.prompt.summer_meadow"
    s.answer("m0", "m1")
    assert sorted(s.player(0).hand) == ["farm", "mine"] and s.player(0).workers == 4


def test_autumn_allows_pass_and_game_ends() -> None:
    s = Scenario(
        pos(
            {"season": 3, "placed": ["haven"] * 6, "hand": ["farm"], "res": {"twig": 2, "resin": 1}},
            {"passed": True},
        )
    )
    assert {"pass", "play:h:farm"} <= set(s.ids())
    s.answer("pass")
    assert s.game.finished and s.game.result() is not None
    # with nothing else to do, passing is automatic
    s = Scenario(pos({"season": 3, "placed": ["haven"] * 6}, {"passed": True}))
    assert s.game.finished


def test_clock_tower_reactivates_a_location() -> None:
    s = Scenario(
        pos({"city": [{"card": "clock_tower", "tokens": 3}], "placed": ["basic_3_twigs", "haven"]}, {})
    )
    assert s.prompt.key == "everdell.prompt.clock_tower"
    s.answer("basic_3_twigs")
    assert s.player(0).res["twig"] == 3 and s.player(0).city[0].tokens == 2
    assert breakdown(s.game, 0)["tokens"] == 2


# ------------------------------------------------------------------------------------- scoring
def test_scoring_prosperity_and_events() -> None:
    city = [
        "castle",
        "palace",
        "farm",
        "farm",
        "mine",
        "school",
        "teacher",
        "teacher",
        "king",
        "ever_tree",
        "wife",
        "husband",
    ]
    s = Scenario(pos({"city": city, "tokens": 4, "season": 3, "placed": ["haven"] * 6}, {"passed": True}))
    g = s.game
    from engine.games.everdell.state import EventClaim

    g.claims["basic_production"] = EventClaim(owner=0)
    g.players[0].events.append("basic_production")
    b = breakdown(g, 0)
    assert b["cards"] == 4 + 4 + 1 + 1 + 2 + 2 + 2 + 2 + 4 + 5 + 2 + 2
    # castle: 3 common constructions; palace: 4 unique constructions; school: 4 common critters;
    # king: 1 basic event; ever tree: 6 purple cards; wife: paired, 3
    assert b["prosperity"] == 3 + 4 + 4 + 1 + 6 + 3
    assert b["events"] == 3 and b["tokens"] == 4


def test_tie_breaks_events_then_resources() -> None:
    s = Scenario(pos({"season": 3, "placed": ["haven"] * 6, "res": {"twig": 1}}, {"passed": True}))
    r = s.game.result()
    assert r is not None and r.scores == (0, 0) and r.ranks == (1, 2) and r.winners == (0,)
