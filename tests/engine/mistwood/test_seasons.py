"""Setup, the Prepare-for-Season trigger and bonuses, the end of her game, and her scoring."""

from __future__ import annotations

from engine.games.everdell.mistwood.loader import default_activity, default_scoring
from engine.games.everdell.mistwood.nightweave.scoring import human_wins, score
from engine.games.everdell.mistwood.nightweave.sim import SimRng
from engine.games.everdell.mistwood.nightweave.turn import resolve, setup
from tests.engine.mistwood.helpers import MEADOW, make_card, position, run


def test_setup_builds_an_eight_card_winter_deck_with_a_spider_on_top() -> None:
    deck = default_activity()
    cards = deck.by_id()
    for seed in range(20):
        st = setup(deck, 2, 2, ["farm"], SimRng(seed))
        assert len(st.deck) == 8
        assert cards[st.deck[0]].spider and cards[st.deck[0]].season == "winter"
        assert sum(cards[c].spider for c in st.deck) == 4  # one spider card left the game
        assert all(cards[c].season == "winter" for c in st.deck)
        assert all(not cards[c].pearlbrook for pile in st.piles.values() for c in pile)
        assert st.hand == ["farm"] and st.available == 2 and st.season_name == "winter"
    with_pearlbrook = setup(deck, 2, 2, [], SimRng(1), pearlbrook=True)
    assert sum(len(p) for p in with_pearlbrook.piles.values()) == 11
    assert sum(len(p) for p in setup(deck, 2, 2, [], SimRng(1)).piles.values()) == 9


def test_prepare_triggers_only_in_the_meadow_with_no_worker_and_a_placing_card() -> None:
    st, table, rng = position()
    st.workers = 0
    placing = make_card({"winter": "forest:top_left / draw"})
    run(resolve(st, table, rng, placing))
    assert st.season == 0  # not in the Meadow yet: the card is simply resolved (draw)
    st.meadow_slot = 3
    table.slots[3] = None
    run(resolve(st, table, rng, make_card({"winter": "draw / discard"})))
    assert st.season == 0  # a card that places nothing does not trigger it
    run(resolve(st, table, rng, make_card({"winter": "draw / place_nightweave"})))
    assert st.season == 1  # placing herself counts
    assert st.meadow_slot is None


def test_spider_icon_card_triggers_prepare() -> None:
    st, table, rng = position()
    st.workers, st.meadow_slot = 0, 0
    run(resolve(st, table, rng, make_card({"winter": "draw / discard"}, spider=True)))
    assert st.season == 1


def prepared(season: int, rolls: list[int]) -> tuple:  # type: ignore[type-arg]
    st, table, rng = position(rolls=rolls)
    st.season = season
    st.workers = 8
    st.placed = ["x"] * 8
    st.meadow_slot = 1
    table.slots[1] = None
    st.piles = {"spring": ["nw10"], "summer": ["nw14"], "autumn": ["nw17"]}
    st.deck, st.played = ["nw01"], ["nw02"]
    trigger = make_card({s: "haven / draw" for s in ("winter", "spring", "summer", "autumn")})
    run(resolve(st, table, rng, trigger))
    return st, table


def test_prepare_for_spring() -> None:
    st, table = prepared(0, rolls=[2])  # rolls her empty slot: the next card clockwise goes
    assert st.season_name == "spring" and st.workers == 9 and st.placed == []
    assert sorted(st.deck) == ["nw01", "nw02", "nw10"]
    assert len(st.hand) == 2
    assert table.discards == [MEADOW[2]]
    assert None not in table.slots


def test_prepare_for_summer() -> None:
    st, table = prepared(1, rolls=[1, 8])
    assert st.season_name == "summer" and st.workers == 10
    assert sorted(st.hand) == sorted([MEADOW[0], MEADOW[7]])
    assert "nw14" in st.deck and None not in table.slots


def test_prepare_for_autumn() -> None:
    st, table = prepared(2, rolls=[4, 4])  # the second roll finds slot 4 empty: next clockwise (8)
    assert st.season_name == "autumn" and st.workers == 11
    assert len(st.hand) == 2 and table.discards == [MEADOW[3], MEADOW[7]]


def test_prepare_turns_events_into_achievements_and_may_take_a_free_basic_event() -> None:
    st, table, rng = position()
    st.pending_events = ["performer_in_residence"]
    for card in ("wanderer", "bard", "ranger"):
        st.add_city(card)
    st.meadow_slot, st.workers = 0, 0
    st.piles = {"spring": []}
    run(resolve(st, table, rng, make_card({"winter": "haven / draw"})))
    assert st.events == ["performer_in_residence", "basic_traveler"]
    assert table.claimed["basic_traveler"] is None


def test_prepare_returns_workers_from_everywhere() -> None:
    st, table, rng = position()
    st.add_city("monastery")
    st.visits[st.city[0].uid] = 2
    table.occupy("basic_3_twigs")
    st.placed = ["basic_3_twigs", "own:1"]
    st.workers, st.meadow_slot = 2, 0
    st.piles = {"spring": []}
    run(resolve(st, table, rng, make_card({"winter": "haven / draw"})))
    assert not table.location_taken("basic_3_twigs") and st.visits == {}


def test_autumn_trigger_ends_her_game() -> None:
    st, table, rng = position()
    st.season, st.workers, st.meadow_slot = 3, 0, 2
    st.lair = ["castle", "fool"]
    for card in ("husband", "mine", "farm", "twig_barge"):
        st.add_city(card)
    run(resolve(st, table, rng, make_card({"autumn": "journey:5 / draw"}, season="autumn")))
    assert st.finished
    assert [c.card for c in st.city][-1] == "castle" and "fool" in table.discards
    assert st.events == ["basic_production"]  # the one last Event she fully meets


def test_scoring_at_each_level() -> None:
    st, table, _ = position()
    for card in ("castle", "wanderer", "farm", "bard"):  # 4 + 1 + 1 + 0 printed; 1 Prosperity, 1 zero
        st.add_city(card)
    st.tokens, st.journey = 5, 3
    st.events = ["basic_traveler", "tax_relief"]
    st.special_events = {"tax_relief"}
    expected = {0: 17, 1: 21, 2: 27, 3: 32, 4: 36}
    for level, total in expected.items():
        row = default_scoring().level(level)
        result = score(st, row, table.card_points, table.card_color, table.event_points)
        base = 6 + 5 + 3 + 3
        assert result["total"] == base + row.special_event + row.bonus_prosperity + row.bonus_zero_value
        assert result["total"] == total


def test_tie_goes_to_her() -> None:
    assert not human_wins(50, 50) and human_wins(51, 50) and not human_wins(49, 50)
