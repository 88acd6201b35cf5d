"""Rulebook rulings checked one by one: card-on-card hosting, copying, discounts, governance
triggers, limits, Meadow refills, seasons, the end of the game and scoring."""

from __future__ import annotations

from engine.games.everdell.scoring import breakdown
from tests.engine.everdell.helpers import Scenario, pos, uid

FULL = ["farm"] * 8 + ["mine"] * 3 + ["twig_barge"] * 3 + ["resin_refinery"]  # 15 spaces


# --------------------------------------------------------------------------------- Dungeon
def test_a_prisoner_scores_nothing_and_takes_no_space() -> None:
    s = Scenario(pos({"city": [{"card": "dungeon", "prisoners": ["king"]}]}, {}))
    assert breakdown(s.game, 0)["cards"] == 0
    assert s.game.used_spaces(s.player(0)) == 1


# ------------------------------------------------------------------------------- hosting
def test_a_farm_hosts_a_wife_too() -> None:
    s = Scenario(pos({"hand": ["wife"], "city": ["farm"]}, {}))
    s.answer("play:h:wife")
    assert s.city() == ["farm", "wife"] and s.player(0).city[0].occupied


def test_hosting_lets_a_unique_critter_in_only_once() -> None:
    s = Scenario(pos({"hand": ["king"], "city": ["castle", "king"]}, {}))
    assert "play:h:king" not in s.ids()


def test_a_hosted_critter_still_needs_city_space() -> None:
    s = Scenario(pos({"hand": ["king"], "city": [*FULL[:14], "castle"]}, {}))
    assert "play:h:king" not in s.ids()


# ----------------------------------------------------------------------------- copying
def test_queen_refuses_cards_worth_more_than_three_points() -> None:
    s = Scenario(pos({"hand": ["king", "farm"], "city": ["queen"]}, {}))
    s.answer(f"place:card:{uid(s, 'queen')}")
    assert s.prompt.key == "everdell.prompt.queen"
    assert "h:farm" in s.ids() and "h:king" not in s.ids()


def test_a_queen_play_is_a_play_for_historian_and_shopkeeper() -> None:
    s = Scenario(pos({"city": ["queen", "historian", "shopkeeper"]}, {}))
    s.answer(f"place:card:{uid(s, 'queen')}")
    s.answer("m3")  # Wanderer: draws 3 itself
    pl = s.player(0)
    assert "wanderer" in s.city() and pl.res["berry"] == 1 and len(pl.hand) == 4


def test_an_inn_play_is_a_play_for_the_courthouse() -> None:
    s = Scenario(pos({"city": ["inn", "courthouse"]}, {}))
    s.answer(f"place:card:{uid(s, 'inn')}")
    s.answer("m1")  # the Mine costs 3: free with the Inn
    while s.prompt.key == "everdell.prompt.payment":
        s.answer(s.ids()[0])
    assert s.prompt.key == "everdell.prompt.courthouse"
    assert set(s.ids()) == {"twig", "resin", "pebble"}  # never a berry


def test_inn_only_plays_meadow_cards() -> None:
    s = Scenario(pos({"hand": ["castle"], "city": ["inn"], "res": {"pebble": 3}}, {}))
    s.answer(f"place:card:{uid(s, 'inn')}")
    assert all(not i.startswith("h:") for i in s.ids())


def test_chip_sweep_never_copies_itself_or_another_chip_sweep() -> None:
    s = Scenario(pos({"hand": ["chip_sweep"], "city": ["chip_sweep", "mine"], "res": {"berry": 3}}, {}))
    s.answer("play:h:chip_sweep")
    if s.prompt.key == "everdell.prompt.payment":
        s.answer(s.ids()[0])
    # the Mine is the only other green card, so it is copied without a question
    assert s.player(0).res["pebble"] == 1


def test_miner_mole_copies_a_green_card_in_rugworts_city() -> None:
    s = Scenario(pos({"hand": ["miner_mole"], "res": {"berry": 3}}, rugwort={"city": ["mine"]}), players=1)
    s.answer("play:h:miner_mole")
    assert s.player(0).res["pebble"] == 1


# ------------------------------------------------------------------------------ Ruins
def test_ruins_send_home_a_worker_on_the_discarded_card() -> None:
    s = Scenario(pos({"hand": ["ruins"], "city": ["chapel"]}, {}))
    s.answer(f"place:card:{uid(s, 'chapel')}")
    s.answer("place:basic_1_berry")  # seat 1
    assert s.player(0).workers - len(s.player(0).placed) == 1
    s.answer("play:h:ruins")
    pl = s.player(0)
    assert (
        s.city() == ["ruins"]
        and pl.placed == []
        and pl.res == {"twig": 2, "resin": 1, "pebble": 1, "berry": 0}
    )


# ---------------------------------------------------------------------------------- Fool
def test_fool_never_goes_into_its_players_own_city() -> None:
    s = Scenario(pos({"hand": ["fool"], "res": {"berry": 3}}, {}, {}), players=3)
    s.answer("play:h:fool")
    assert set(s.ids()) == {"seat:1", "seat:2"}


def test_fool_takes_a_space_in_the_city_it_enters() -> None:
    s = Scenario(pos({"hand": ["fool"], "res": {"berry": 3}}, {"city": FULL[:14]}))
    s.answer("play:h:fool")
    assert s.game.used_spaces(s.player(1)) == 15
    assert "fool" not in s.city(0)


# --------------------------------------------------------------------------------- Chapel
def test_chapel_draws_two_per_token_within_the_hand_limit() -> None:
    s = Scenario(pos({"city": [{"card": "chapel", "tokens": 2}], "hand": ["farm"] * 3}, {}))
    s.answer(f"place:card:{uid(s, 'chapel')}")
    assert s.player(0).city[0].tokens == 3 and len(s.player(0).hand) == 8


# ----------------------------------------------------------------------- governance triggers
def test_shopkeeper_ignores_its_own_play_and_constructions() -> None:
    s = Scenario(
        pos({"hand": ["shopkeeper", "mine"], "res": {"berry": 2, "twig": 1, "resin": 1, "pebble": 1}}, {})
    )
    s.answer("play:h:shopkeeper")
    assert s.player(0).res["berry"] == 0
    s.answer("place:basic_1_berry")
    s.answer("play:h:mine")
    assert s.player(0).res["berry"] == 0


def test_courthouse_ignores_its_own_play_and_critters() -> None:
    s = Scenario(
        pos({"hand": ["courthouse", "wanderer"], "res": {"twig": 1, "resin": 1, "pebble": 2, "berry": 2}}, {})
    )
    s.answer("play:h:courthouse")
    assert s.prompt.seat == 1
    s.answer("place:basic_1_berry")
    s.answer("play:h:wanderer")
    assert s.prompt.seat == 1 and s.player(0).res == {"twig": 0, "resin": 0, "pebble": 0, "berry": 0}


def test_an_opponents_historian_ignores_my_plays() -> None:
    s = Scenario(pos({"hand": ["wanderer"], "res": {"berry": 2}}, {"city": ["historian", "shopkeeper"]}))
    s.answer("play:h:wanderer")
    assert s.player(1).hand == [] and s.player(1).res["berry"] == 0


# ------------------------------------------------------------------- hand limit, Meadow
def test_summer_meadow_refills_after_both_cards_are_taken() -> None:
    s = Scenario(pos({"season": 1, "placed": ["haven"] * 3}, {}))
    s.answer("m0", "m1")
    assert s.game.meadow[:2] == ["king", "queen"]


def test_the_teacher_gift_goes_to_a_player_with_room() -> None:
    s = Scenario(pos({"hand": ["teacher"], "res": {"berry": 2}}, {"hand": ["farm"] * 8}, {}), players=3)
    s.answer("play:h:teacher")
    s.answer(s.ids()[0])  # keep one of the two; the only player with room gets the other
    assert len(s.player(0).hand) == 1 and len(s.player(1).hand) == 8 and len(s.player(2).hand) == 1


# --------------------------------------------------------------------------- seasons
def test_summer_prepare_produces_nothing() -> None:
    s = Scenario(pos({"season": 1, "city": ["mine"], "placed": ["haven"] * 3}, {}))
    s.answer("m0")
    assert s.player(0).res["pebble"] == 0


def test_a_player_may_pass_in_autumn_with_workers_left() -> None:
    s = Scenario(pos({"season": 3}, {"passed": True}))
    assert "pass" in s.ids()
    s.answer("pass")
    assert s.game.finished


def test_a_passed_player_gets_no_more_turns() -> None:
    s = Scenario(pos({"season": 3}, {"season": 3}))
    s.answer("pass")
    assert s.prompt.seat == 1
    s.answer("place:basic_1_berry")
    assert s.prompt.seat == 1


# ------------------------------------------------------------------- pairs and hosting
def test_two_wives_with_one_husband_score_one_pair() -> None:
    s = Scenario(pos({"city": ["wife", "wife", "husband"]}, {}))
    assert breakdown(s.game, 0)["prosperity"] == 3
    assert s.game.used_spaces(s.player(0)) == 2


def test_clock_tower_without_tokens_asks_nothing() -> None:
    s = Scenario(
        pos({"city": [{"card": "clock_tower", "tokens": 0}], "placed": ["basic_3_twigs", "haven"]}, {})
    )
    assert s.prompt.seat == 1 and s.player(0).season == 1 and s.player(0).res["twig"] == 0


# -------------------------------------------------------------------------- Forest cards
def test_forest_discard_draw_two_each_stops_at_the_hand_limit() -> None:
    s = Scenario(
        pos({"hand": ["farm", "mine", "inn", "king", "queen"]}, {}, forest=["forest_discard_any_draw_2_each"])
    )
    s.answer("place:forest_discard_any_draw_2_each")
    s.answer("farm", "mine", "inn")  # 2 left, 6 to draw: room for all
    assert len(s.player(0).hand) == 8
    s = Scenario(
        pos(
            {"hand": ["farm", "mine", "inn", "king", "queen", "farm"]},
            {},
            forest=["forest_discard_any_draw_2_each"],
        )
    )
    s.answer("place:forest_discard_any_draw_2_each")
    s.answer("farm", "mine", "inn", "king")  # 2 left, 8 to draw: only 6 fit
    assert len(s.player(0).hand) == 8


def test_forest_copy_basic_may_copy_an_occupied_exclusive_spot() -> None:
    s = Scenario(pos({}, {"placed": ["basic_3_twigs"]}, forest=["forest_copy_basic_draw_1"]))
    s.answer("place:forest_copy_basic_draw_1")
    assert "basic_3_twigs" in s.ids()
    s.answer("basic_3_twigs")
    assert s.player(0).res["twig"] == 3 and len(s.player(0).hand) == 1


def test_lookout_never_copies_haven_journey_or_events() -> None:
    s = Scenario(pos({"city": ["lookout"]}, {}))
    s.answer(f"place:card:{uid(s, 'lookout')}")
    assert all(i.startswith(("basic_", "forest_")) for i in s.ids())


# ---------------------------------------------------------------------------- Rugwort
def test_a_fool_rugwort_rolls_goes_into_the_players_city() -> None:
    meadow = ["fool"] * 8
    s = Scenario(pos({"hand": ["farm"], "res": {"twig": 2, "resin": 1}}, meadow=meadow), players=1)
    s.answer("play:h:farm")
    assert sorted(s.city()) == ["farm", "fool"] and s.player(1).city == []


def test_a_blocked_meadow_card_is_closed_for_the_undertaker_too() -> None:
    s = Scenario(pos({"hand": ["undertaker"], "res": {"berry": 2}, "placed": ["haven", "haven"]}), players=1)
    s.answer("prepare")  # Rugwort now blocks slot 0
    assert s.game.blocked == {0}
    s.answer("play:h:undertaker")
    assert "m0" not in s.ids()


# --------------------------------------------------------------- more play interactions
def test_my_shopkeeper_pays_for_a_fool_i_send_away() -> None:
    s = Scenario(pos({"hand": ["fool"], "city": ["shopkeeper", "historian"], "res": {"berry": 3}}, {}))
    s.answer("play:h:fool")
    assert s.city(1) == ["fool"] and s.player(0).res["berry"] == 1 and len(s.player(0).hand) == 1


def test_a_fool_may_be_hosted_by_my_fairgrounds() -> None:
    s = Scenario(pos({"hand": ["fool"], "city": ["fairgrounds"]}, {}))
    s.answer("play:h:fool")
    assert s.city(1) == ["fool"] and s.player(0).city[0].occupied


def test_ruins_count_as_a_construction_for_the_courthouse() -> None:
    s = Scenario(pos({"hand": ["ruins"], "city": ["courthouse", "mine"]}, {}))
    s.answer("play:h:ruins")
    assert s.prompt.key == "everdell.prompt.ruins"
    s.answer(f"c{uid(s, 'mine')}")
    assert s.prompt.key == "everdell.prompt.courthouse"


def test_a_pigeon_play_is_a_play_for_the_historian() -> None:
    s = Scenario(
        pos(
            {"hand": ["postal_pigeon"], "city": ["historian"], "res": {"berry": 2}},
            {},
            deck=["wife", "farm", "king"],
        )
    )
    s.answer("play:h:postal_pigeon")
    s.answer("r0")
    assert "wife" in s.city() and len(s.player(0).hand) == 2  # one per play: the Pigeon and the Wife


def test_monastery_second_spot_opens_with_a_monk() -> None:
    s = Scenario(pos({"city": ["monastery", "monk"], "res": {"twig": 4}}, {}))
    mon = uid(s, "monastery")
    s.answer(f"place:card:{mon}")
    s.answer("place:basic_1_berry")
    assert f"place:card:{mon}" in s.ids()


def test_summer_meadow_skips_rugworts_blocked_card() -> None:
    s = Scenario(pos({"placed": ["haven", "haven"]}), players=1)  # the spring Prepare is forced
    assert s.game.blocked == {0}
    for _ in range(3):
        s.answer("place:haven")
    assert s.prompt.key == "everdell.prompt.summer_meadow"  # the summer Prepare was forced too
    assert "m0" not in s.ids() and "m1" in s.ids()


def test_production_runs_in_the_order_cards_entered_the_city() -> None:
    # the Doctor came first: the Farm's berry arrives after it has had its turn
    s = Scenario(pos({"city": ["doctor", "farm"], "placed": ["haven", "haven"]}, {}))
    assert s.prompt.seat == 1 and s.player(0).res["berry"] == 1 and s.player(0).tokens == 0
    s = Scenario(pos({"city": ["farm", "doctor"], "placed": ["haven", "haven"]}, {}))
    assert s.prompt.key == "everdell.prompt.doctor" and s.ids() == ["1", "0"]


def test_rugwort_rolls_only_after_the_meadow_refill() -> None:
    s = Scenario(pos({"res": {"twig": 2, "resin": 1}}), players=1)
    s.answer("play:m0")
    kinds = [(e.kind, e.data.get("slot")) for e in s.events]
    refill = kinds.index(("meadow", 0))
    roll = next(i for i, k in enumerate(kinds) if k[0] == "rugwort_roll")
    assert refill < roll


def test_queen_and_inn_plays_also_feed_rugwort() -> None:
    s = Scenario(pos({"city": ["queen"]}), players=1)
    s.answer(f"place:card:{uid(s, 'queen')}")
    s.answer("m0")
    assert len(s.player(1).city) == 1
    s = Scenario(pos({"city": ["inn"]}), players=1)
    s.answer(f"place:card:{uid(s, 'inn')}")
    s.answer("m0")
    assert len(s.player(1).city) == 1


# ----------------------------------------------------------------- readings in the README
def test_a_storehouse_copied_by_a_miner_mole_pays_out_at_once() -> None:
    s = Scenario(pos({"hand": ["miner_mole"], "res": {"berry": 3}}, {"city": ["storehouse"]}))
    s.answer("play:h:miner_mole")
    assert s.prompt.key == "everdell.prompt.storehouse"
    s.answer("twig")
    assert s.player(0).res["twig"] == 3 and not any(s.player(1).city[0].stored.values())


def test_miner_mole_never_copies_an_opponents_chip_sweep() -> None:
    s = Scenario(pos({"hand": ["miner_mole"], "res": {"berry": 3}}, {"city": ["chip_sweep", "mine"]}))
    s.answer("play:h:miner_mole")
    # the Mine is the only card it may copy, so it is copied without a question
    assert s.player(0).res["pebble"] == 1


def test_the_ranger_leaves_workers_on_events_and_the_journey_alone() -> None:
    city = ["farm", "farm", "mine", "twig_barge"]
    s = Scenario(
        pos({"hand": ["ranger"], "city": city, "res": {"berry": 2}, "season": 3, "placed": ["journey_2"]}, {})
    )
    s.answer("place:event:basic_production")
    s.answer("place:basic_1_berry")  # seat 1
    s.answer("play:h:ranger")
    assert s.prompt.seat == 1  # nothing it may move: no question
    assert sorted(w.loc for w in s.player(0).placed) == ["event:basic_production", "journey_2"]


def test_a_fool_rugwort_rolls_stays_with_him_when_the_players_city_is_full() -> None:
    s = Scenario(
        pos({"hand": ["wanderer"], "city": list(FULL), "res": {"berry": 2}}, meadow=["fool"] * 8), players=1
    )
    s.answer("play:h:wanderer")
    assert "fool" not in s.city() and [c.card for c in s.player(1).city] == ["fool"]
