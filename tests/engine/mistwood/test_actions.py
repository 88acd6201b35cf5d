"""Scenarios for each of Nightweave's actions, the impossibility list and her fallbacks."""

from __future__ import annotations

from engine.games.everdell.mistwood.nightweave import board
from engine.games.everdell.mistwood.nightweave.turn import resolve
from tests.engine.mistwood.helpers import MEADOW, kinds, make_card, position, run


def test_draw_shuffles_a_card_into_her_hand_publicly_as_a_count() -> None:
    st, table, rng = position()
    run(resolve(st, table, rng, make_card({"winter": "draw / discard"})))
    assert len(st.hand) == 1
    assert {"kind": "draw", "count": 1} in st.log
    assert all("card" not in e for e in st.log if e["kind"] == "draw")


def test_discard_scores_a_point_and_is_impossible_with_an_empty_hand() -> None:
    st, table, rng = position()
    st.hand = ["farm"]
    run(resolve(st, table, rng, make_card({"winter": "discard / draw"})))
    assert st.hand == [] and st.tokens == 1 and table.discards == ["farm"]
    run(resolve(st, table, rng, make_card({"winter": "discard / draw"})))
    assert len(st.hand) == 1  # fell back to the second action


def test_play_from_hand_and_the_full_city() -> None:
    st, table, rng = position()
    st.hand = ["mine"]
    run(resolve(st, table, rng, make_card({"winter": "play_hand / draw"})))
    assert [c.card for c in st.city] == ["mine"]
    for _ in range(14):
        st.add_city("farm")
    st.hand = ["inn"]
    run(resolve(st, table, rng, make_card({"winter": "play_hand / play_meadow"}, default="discard+1")))
    # both plays are impossible with 15 cards: the default discards and scores
    assert st.hand == [] and st.tokens == 2  # 1 for the discard, 1 printed on the default


def test_play_from_meadow_uses_the_d8_and_refills() -> None:
    st, table, rng = position(rolls=[5])
    top = table.deck[-1]
    run(resolve(st, table, rng, make_card({"winter": "play_meadow / draw"})))
    assert [c.card for c in st.city] == [MEADOW[4]]
    assert table.slots[4] == top
    assert {"kind": "roll", "value": 5} in st.log


def test_rolling_her_own_slot_plays_the_deck_top_instead() -> None:
    st, table, rng = position(rolls=[3])
    st.meadow_slot = 2
    table.slots[2] = None
    top = table.deck[-1]
    run(resolve(st, table, rng, make_card({"winter": "play_meadow / draw"})))
    assert [c.card for c in st.city] == [top]
    assert table.slots[2] is None  # still under her


def test_play_and_draw() -> None:
    st, table, rng = position(rolls=[1])
    run(resolve(st, table, rng, make_card({"winter": "play_and_draw / draw"})))
    assert [c.card for c in st.city] == ["farm"] and len(st.hand) == 1


def test_play_and_discard_with_and_without_a_card() -> None:
    st, table, rng = position(rolls=[2, 2])
    run(resolve(st, table, rng, make_card({"winter": "play_and_discard / draw"})))
    assert [c.card for c in st.city] == ["mine"] and st.tokens == 0  # nothing to discard: no point
    st.hand = ["farm"]
    run(resolve(st, table, rng, make_card({"winter": "play_and_discard / draw"})))
    assert st.hand == [] and st.tokens == 1


def test_placing_the_nightweave_leaves_her_slot_empty() -> None:
    st, table, rng = position(rolls=[6])
    run(resolve(st, table, rng, make_card({"winter": "place_nightweave / draw"})))
    assert st.meadow_slot == 5 and table.slots[5] is None
    assert [c.card for c in st.city] == ["judge"]
    # already in the Meadow: the same action is impossible, so she draws instead
    run(resolve(st, table, rng, make_card({"winter": "place_nightweave / draw"})))
    assert len(st.hand) == 1


def test_full_city_still_enters_the_meadow_discarding_the_card() -> None:
    st, table, rng = position(rolls=[1])
    for _ in range(15):
        st.add_city("farm")
    run(resolve(st, table, rng, make_card({"winter": "place_nightweave / draw"})))
    assert st.meadow_slot == 0 and table.discards == ["farm"] and len(st.city) == 15


def test_the_fool_goes_to_a_human_or_is_discarded() -> None:
    st, table, rng = position(rolls=[7, 7])
    run(resolve(st, table, rng, make_card({"winter": "play_meadow / draw"})))
    assert table.city_has(1, "fool") and st.city == []
    table.slots[6] = "fool"
    run(resolve(st, table, rng, make_card({"winter": "play_meadow / draw"})))
    assert table.discards == ["fool"] and st.city == []  # the human already has one


def test_the_fool_in_a_two_human_game_follows_the_decider() -> None:
    st, table, rng = position(humans=2, rolls=[7, 7])
    run(resolve(st, table, rng, make_card({"winter": "play_meadow / draw"}, decider="ccw")))
    assert table.city_has(2, "fool")  # counter-clockwise: the player on her right
    table.slots[6] = "fool"
    run(resolve(st, table, rng, make_card({"winter": "play_meadow / draw"}, decider="ccw")))
    assert table.city_has(1, "fool")  # the right-hand player has one already


def test_worker_on_the_indicated_basic_location_with_points() -> None:
    st, table, rng = position()
    run(resolve(st, table, rng, make_card({"winter": "basic:basic_2_resin+difficulty / draw"})))
    assert st.placed == ["basic_2_resin"] and table.location_taken("basic_2_resin")
    assert st.tokens == 2  # difficulty 2 icon


def test_blocked_basic_location_moves_with_the_decider_both_ways() -> None:
    st, table, rng = position()
    table.taken.add("basic_2_resin")
    run(resolve(st, table, rng, make_card({"winter": "basic:basic_2_resin / draw"}, decider="cw")))
    assert st.placed == ["basic_1_pebble"]
    run(resolve(st, table, rng, make_card({"winter": "basic:basic_2_resin / draw"}, decider="ccw")))
    assert st.placed == ["basic_1_pebble", "basic_3_twigs"]
    assert {"kind": "blocked", "target": "basic_2_resin", "moved_to": "basic_3_twigs"} in st.log


def test_rulebook_example_bottom_left_forest_blocked_goes_clockwise_to_top_left() -> None:
    st, table, rng = position(humans=2)
    table.forest = ["f_tl", "f_tr", "f_bl", "f_br"]
    table.taken.add("f_bl")
    run(resolve(st, table, rng, make_card({"winter": "forest:bottom_left / draw"}, decider="cw")))
    assert st.placed == ["f_tl"]
    st.placed.clear()
    st.workers = 2
    run(resolve(st, table, rng, make_card({"winter": "forest:bottom_left / draw"}, decider="ccw")))
    assert st.placed == ["f_br"]


def test_a_missing_forest_clearing_counts_as_blocked() -> None:
    st, table, rng = position()  # solo: three Forest cards, no bottom-right clearing
    run(resolve(st, table, rng, make_card({"winter": "forest:bottom_right / draw"}, decider="cw")))
    assert st.placed == ["forest_2_berries_1_card"]  # on to bottom-left


def test_all_spots_blocked_or_no_worker_makes_the_action_impossible() -> None:
    st, table, rng = position()
    table.taken.update(board.BASIC_RING)
    run(resolve(st, table, rng, make_card({"winter": "basic:basic_3_twigs / draw"})))
    assert st.placed == [] and len(st.hand) == 1
    st.workers = 0
    run(resolve(st, table, rng, make_card({"winter": "forest:top_left / haven"}, default="haven+3")))
    assert st.placed == [] and st.tokens == 3  # default: no worker to place, points anyway


def test_journey_never_uses_the_shared_space_and_scores_its_value() -> None:
    st, table, rng = position()
    table.taken.update({"journey_5", "journey_4"})
    run(resolve(st, table, rng, make_card({"winter": "journey:5 / draw"}, decider="cw")))
    assert st.placed == ["journey_3"] and st.journey == 3
    run(resolve(st, table, rng, make_card({"winter": "journey:5 / draw"}, decider="cw")))
    assert len(st.hand) == 1  # 5, 4 and 3 taken: impossible


def test_haven_as_an_action_needs_a_worker_and_default_always_scores() -> None:
    st, table, rng = position()
    run(resolve(st, table, rng, make_card({"winter": "haven / draw"})))
    assert st.placed == ["haven"]
    st.workers = 1
    run(resolve(st, table, rng, make_card({"winter": "haven / discard"}, default="haven+difficulty")))
    assert st.placed == ["haven"] and st.tokens == 2


def test_spider_icon_makes_card_actions_need_a_worker() -> None:
    st, table, rng = position()
    spider = make_card({"winter": "draw+1 / discard"}, spider=True)
    run(resolve(st, table, rng, spider))
    assert st.placed == ["lair"] and len(st.hand) == 1 and st.tokens == 1
    st.workers = 1
    run(resolve(st, table, rng, spider))  # no worker: draw and discard impossible; default
    assert len(st.hand) == 1 and st.placed == ["lair"]


def test_basic_event_prefers_met_then_two_cards_then_decider() -> None:
    st, table, rng = position()
    run(resolve(st, table, rng, make_card({"winter": "basic_event / draw"}, decider="ccw")))
    assert st.pending_events == ["basic_traveler"]  # nothing met: the decider reads from the right
    for card in ("inn", "queen"):
        st.add_city(card)
    run(resolve(st, table, rng, make_card({"winter": "basic_event / draw"}, decider="ccw")))
    assert st.pending_events[-1] == "basic_destination"  # 2 of the 3 Destinations


def test_special_event_once_per_season() -> None:
    st, table, rng = position()
    table.specials = ["tax_relief", "performer_in_residence"]
    st.add_city("bard")
    run(resolve(st, table, rng, make_card({"winter": "special_event / draw"}, decider="cw")))
    assert st.pending_events == ["performer_in_residence"] and st.special_this_season
    run(resolve(st, table, rng, make_card({"winter": "special_event / draw"})))
    assert len(st.hand) == 1


def test_her_village_destination_pays_two_and_treats_spots_as_unlocked() -> None:
    st, table, rng = position()
    st.add_city("monastery")
    card = make_card({"winter": "her_village / draw"})
    run(resolve(st, table, rng, card))
    run(resolve(st, table, rng, card))
    assert st.visits[st.city[0].uid] == 2 and st.tokens == 4  # both spots, no Monk needed


def test_open_destination_in_the_human_city_pays_the_owner() -> None:
    st, table, rng = position()
    table.put_in_city(1, "inn")
    table.put_in_city(1, "post_office")
    asked = run(resolve(st, table, rng, make_card({"winter": "open_destination / draw"})), ["1002"])
    assert asked[0].seat == 1 and asked[0].key == "nightweave.choose_your_destination"
    assert table.cities[1].tokens == 1 and st.placed == ["card:1:1002"]


def test_open_destination_falls_back_to_her_own() -> None:
    st, table, rng = position()
    st.add_city("inn")
    run(resolve(st, table, rng, make_card({"winter": "open_destination / draw"})))
    assert st.visits[st.city[0].uid] == 1 and st.tokens == 1
    run(resolve(st, table, rng, make_card({"winter": "open_destination / draw"})))
    assert len(st.hand) == 1  # the Inn is full: impossible


def test_two_humans_decider_chooses_whose_village_first() -> None:
    st, table, rng = position(humans=2)
    table.put_in_city(1, "inn")
    table.put_in_city(2, "inn")
    run(resolve(st, table, rng, make_card({"winter": "open_destination / draw"}, decider="ccw")))
    assert table.cities[2].tokens == 1 and table.cities[1].tokens == 0


def test_public_log_tells_the_story() -> None:
    st, table, rng = position(rolls=[5])
    run(resolve(st, table, rng, make_card({"winter": "play_meadow / draw"})))
    assert kinds(st) == ["flip", "action", "roll", "play"]
    assert st.log[-1] == {"kind": "play", "card": "queen", "source": "meadow:5"}
