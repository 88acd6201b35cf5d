"""The Works of Wonder solo AI, rule by rule (rulebook §5) and ruling by ruling (AI_RULINGS.md).

Each scenario sets a solo game's state, runs the AI's turn (or one of its steps) and checks the
state and the public `ai_*` log lines."""

from __future__ import annotations

from typing import cast

import pytest

from engine.core.errors import InvalidSetup
from engine.core.match import Match
from engine.core.seats import SeatSpec
from engine.games.architects.ai.data import OPPONENTS, check, ours
from engine.games.architects.ai.game import AI, HUMAN, SoloGame
from engine.games.architects.options import normalize_options
from tests.engine.architects.solo_helpers import kinds, run, solo, third_seat, turn


# ------------------------------------------------------------------------------ options, data
def test_solo_options_imply_works_of_wonder_and_check_the_opponent() -> None:
    out = normalize_options({"opponent": "peddler"}, 1)
    assert out["opponent"] == "peddler" and out["works_of_wonder"] is True
    for bad in (
        {"opponent": "wizard"},
        {"opponent": "peddler", "works_of_wonder": "false"},
        {"ai_data": "source: ours"},
        {"opponent": "peddler", "ai_data": "plots: [1"},
    ):
        with pytest.raises(InvalidSetup):
            normalize_options(bad, 1)


def test_the_solo_table_is_one_person_and_plain_games_need_two() -> None:
    seat = SeatSpec("bot", "P", "random")
    with pytest.raises(InvalidSetup):
        Match("architects", [seat, seat], {"opponent": "meddler"}, 1)
    with pytest.raises(InvalidSetup):
        Match("architects", [seat], {}, 1)


def test_our_data_ships_22_plot_cards_and_six_boards_all_marked() -> None:
    d = ours()
    assert len(d.plots) == 22 and sorted(o.id for o in d.opponents) == sorted(OPPONENTS)
    assert {p.deck for p in d.plots} == {"initial", "future"}
    assert all(p.source for p in d.plots) and all("ours" in o.source for o in d.opponents)
    # the two printed worked examples, exactly
    gh = d.plot("plot_guildhall")
    assert gh.deck == "initial" and gh.lower is None and gh.upper.location == "guildhall"
    assert [str(o[0]) for o in gh.upper.options] == ["wonder", "cathedral", "marble:4"]
    watch = d.plot("plot_watch")
    assert watch.condition is not None and (watch.condition.kind, watch.condition.value) == (
        "prison_at_least",
        2,
    )
    assert watch.upper.location == "guardhouse" and watch.lower is not None
    assert watch.lower.location == "black_market" and len(watch.lower.options) == 3
    for o in d.opponents:  # Clay leftmost, one Wood space
        assert o.track[0].resource == "clay" and [s.resource for s in o.track].count("wood") == 1


def test_both_server_data_sets_reach_a_solo_lobby() -> None:
    from engine.games.architects import GAME

    applies = {d.kind: d.applies({"opponent": "meddler"}) for d in GAME.data_sets}
    assert applies == {"wonders": True, "ai": True}
    assert not any(d.applies({}) for d in GAME.data_sets)


def test_an_uploaded_file_is_checked_with_readable_problems_and_then_used() -> None:
    text = (
        ours_path := __import__("engine.games.architects.data", fromlist=["DATA"]).DATA / "ai_opponents.yaml"
    ).read_text()
    assert ours_path.exists() and check(text) == []
    assert check("plots: [1") and check("source: x")
    assert any(
        "condition" in p for p in check(text.replace("kind: prison_at_least", "kind: guildhall_stack"))
    )
    assert any(
        "Wood" in p
        for p in check(text.replace("{resource: wood, remove: [2, 7]}", "{resource: clay, remove: [2, 7]}"))
    )
    assert any(
        "cannot be done" in p for p in check(text.replace("options: [tax_stand]", "options: [capture]"))
    )
    printed = text.replace("virtue: 9\n    influence: 1", "virtue: 12\n    influence: 1")
    g = solo("benefactor", ai_data=printed)
    assert g.players[AI].virtue == 12
    assert normalize_options({"opponent": "benefactor", "ai_data": printed}, 1)["ai_data"] == printed


# ------------------------------------------------------------------------------ setup, turn loop
def test_setup_gives_the_ai_its_board_and_nothing_else() -> None:
    for ai in OPPONENTS:
        g = solo(ai)
        board = ours().opponent(ai)
        p = g.players[AI]
        assert (p.virtue, p.influence, p.silver, p.hand, p.apprentices) == (
            board.virtue,
            board.influence,
            0,
            [],
            [],
        )
        assert sum(p.res.values()) == 0 and p.debts == 0 and p.supply == 20 and g.prison[AI] == 0
        assert g.track == 0 and g.order == [HUMAN, AI]
        assert sorted(g.plot_deck) == sorted(c.id for c in ours().plots if c.deck == "initial")
        assert sorted(g.future) == sorted(c.id for c in ours().plots if c.deck == "future")


def test_the_person_hires_alone_then_keeps_3_of_5_buildings() -> None:
    match = Match("architects", [SeatSpec("bot", "P", "heuristic")], {"opponent": "aristocrat"}, 3)
    g = cast(SoloGame, match.game)
    p = match.prompts()[0]
    assert p.seat == HUMAN and p.key == "architects.prompt.first_apprentice" and len(p.options) == 10
    match.submit(HUMAN, (p.options[0].id,))
    keep = match.prompts()[0]
    assert keep.key == "architects.prompt.solo_keep" and len(keep.options) == 5 and keep.min == keep.max == 3
    match.submit(HUMAN, ("card:0", "card:2", "card:4"))
    assert len(g.players[HUMAN].hand) == 3 and g.players[AI].apprentices == []
    assert match.prompts()[0].key == "architects.prompt.place"


def test_an_empty_plot_deck_reshuffles_the_discards() -> None:
    g = solo()
    g.plot_discard, g.plot_deck = list(g.plot_deck), []
    events = turn(g)
    assert kinds(events, "ai_shuffle")[0]["count"] == 10


def test_the_ai_places_a_single_worker_and_discards_the_card() -> None:
    g = solo()
    events = turn(g, "plot_timber")
    assert g.players[AI].supply == 19 and g.at["forest"][AI] == 1
    assert g.plot_discard[-1] == "plot_timber" and kinds(events, "ai_plot")[0]["location"] == "forest"


# ------------------------------------------------------------------------------ the two examples
def test_worked_example_guardhouse_with_two_in_prison_else_black_market() -> None:
    g = solo("executor")
    g.prison[AI] = 2
    g.players[AI].supply -= 2
    events = turn(g, "plot_watch")
    plot = kinds(events, "ai_plot")[0]
    assert plot["upper"] and plot["held"] and plot["location"] == "guardhouse"
    assert g.prison[AI] == 0  # its first Guardhouse action frees them
    g = solo("executor")
    g.prison[AI] = 1
    g.market = [None, None, 0]  # the top option (the right space) is taken: the next one
    events = turn(g, "plot_watch")
    plot = kinds(events, "ai_plot")[0]
    assert not plot["upper"] and plot["location"] == "black_market" and plot["option"] == "market:1"
    assert g.market[1] == AI


def test_worked_example_guildhall_builds_the_wood_wonder() -> None:
    """p.11: 6 Influence and 5 Marble afford Wood and Stone; the marker on Wood builds Wood for 6
    Influence + 4 Marble, 4 Tax, +2 Virtue; the Town Centre holds a Wonder: the Silversmith."""
    g = solo("executor")
    p = g.players[AI]
    p.influence, p.res["marble"], p.virtue = 6, 5, 5
    g.track = [s.resource for s in g.opponent.track].index("wood")
    g.markers["town_centre"] = "wonder_clay"
    g.wonder_owner["wonder_clay"] = HUMAN
    assert g.affordable() == ["wonder_wood", "wonder_stone"]
    tax = g.tax
    events = turn(g, "plot_guildhall")
    assert p.wonders == ["wonder_wood"] and p.influence == 0 and p.res["marble"] == 1
    assert g.tax == tax + 4 and p.virtue == 7 and g.markers["silversmith"] == "wonder_wood"
    assert kinds(events, "wonder_marker")[0]["location"] == "silversmith"


def test_worked_example_guildhall_falls_back_to_cathedral_then_4_marble() -> None:
    g = solo("executor")
    p = g.players[AI]
    turn(g, "plot_guildhall")
    assert p.cathedral == 1 and p.virtue == ours().opponent("executor").virtue + 1
    for q in g.players:
        q.cathedral = 5
    g.players[HUMAN].cathedral = 0
    g.players[AI].cathedral = 5
    turn(g, "plot_guildhall")
    assert p.res["marble"] == 4


def test_the_topmost_possible_option_is_done() -> None:
    g = solo()
    g.tax = 8
    turn(g, "plot_coin")
    assert g.tax == 0 and g.at["tax_stand"][AI] == 1
    g.tax = 3  # below 4: the lower location
    turn(g, "plot_coin")
    assert g.at["silversmith"][AI] == 1 and g.tax == 3


# ------------------------------------------------------------------------------ conditions
@pytest.mark.parametrize(
    ("kind", "value", "setup", "expected"),
    [
        ("opponent_group", 3, lambda g: g.at["forest"].__setitem__(HUMAN, 3), True),
        ("opponent_group", 4, lambda g: g.at["forest"].__setitem__(HUMAN, 3), False),
        ("can_wonder_or_cathedral", None, lambda g: None, True),
        ("cathedral_low_virtue", 9, lambda g: setattr(g.players[AI], "virtue", 10), False),
        ("cathedral_low_virtue", 9, lambda g: setattr(g.players[AI], "virtue", 9), True),
        ("low_influence", 5, lambda g: setattr(g.players[AI], "influence", 6), False),
        ("cathedral_no_future", None, lambda g: None, False),
        ("cathedral_no_future", None, lambda g: setattr(g, "future", []), True),
        ("tax_at_least", 8, lambda g: setattr(g, "tax", 8), True),
        ("tax_at_least", 8, lambda g: setattr(g, "tax", 7), False),
        ("has_captives", None, lambda g: g.players[AI].captives.__setitem__(HUMAN, 1), True),
        ("prison_at_least", 2, lambda g: g.prison.__setitem__(AI, 1), False),
        ("princess_majority", None, lambda g: g.at[g.princess].__setitem__(AI, 1), True),
        ("princess_majority", None, lambda g: None, False),
    ],
)
def test_each_red_condition(kind: str, value: int | None, setup: object, expected: bool) -> None:
    from engine.games.architects.ai.data import Condition

    g = solo()
    setup(g)  # type: ignore[operator]
    assert g.holds(Condition(kind=kind, value=value)) is expected


def test_cathedral_conditions_fail_when_the_next_level_is_full() -> None:
    from engine.games.architects.ai.data import Condition

    g = solo()
    g.players[AI].cathedral = 4
    g.players[HUMAN].cathedral = 5  # level 5 has one space
    assert not g.can_work_cathedral() and not g.holds(Condition(kind="cathedral_low_virtue", value=9))


# ------------------------------------------------------------------------------ icons
def test_future_card_goes_to_the_discard_and_an_empty_deck_gives_a_step() -> None:
    g = solo()
    top = g.future[-1]
    g.gain_future()
    assert g.plot_discard[-1] == top
    g.future = []
    g.gain_future()
    assert g.track == 1


def test_a_card_with_nothing_possible_reveals_the_next_one() -> None:
    g = solo("illusionist")
    g.market = [HUMAN, HUMAN, None]
    g.market[2] = HUMAN  # full: the Smugglers' location takes no worker
    events = turn(g, "plot_smugglers", "plot_timber")
    assert kinds(events, "ai_next")[0]["card"] == "plot_smugglers"
    assert g.at["forest"][AI] == 1 and g.players[AI].supply == 19


def test_the_reveal_icon_as_the_topmost_possible_option() -> None:
    g = solo("illusionist")
    g.market = [HUMAN, HUMAN, None]
    events = turn(g, "plot_smugglers")
    assert kinds(events, "ai_plot")[0]["option"] == "market:2"
    g.market = [None, None, None]
    g.market[0], g.market[1] = HUMAN, HUMAN
    g.market[2] = None
    # every space but one free is still a placement; with all three the icon itself is reached
    from engine.games.architects.ai.data import Part, parse_option
    from engine.games.architects.ai.plot import resolve

    g.market = [HUMAN, HUMAN, HUMAN]
    part = Part(location="silversmith", options=(parse_option("next"),))
    card = ours().plot("plot_timber").model_copy(update={"upper": part})
    assert resolve(card, g.opponent, g).reveal_next


def test_tax_stand_take_moves_the_marker_and_empties_the_stand() -> None:
    g = solo("aristocrat")  # a 7-space track
    g.tax = 9
    turn(g, "plot_coin")
    assert g.tax == 0 and g.track == 9 % 7 and g.players[AI].res["marble"] == 1
    assert g.players[AI].virtue == ours().opponent("aristocrat").virtue  # no Virtue lost


def test_remove_two_apprentices_by_the_marker_space() -> None:
    g = solo("meddler")
    g.track = 2  # remove [1, 6]: the first card of each row
    first, second = g.display[0][0], g.display[1][0]
    nxt = g.display[0][1]
    turn(g, "plot_hiring")
    assert first not in (g.display[0] + g.display[1]) and second not in g.display[1]
    assert g.display[0][0] == nxt and g.app_deck[:2] in ([second, first], [first, second])
    assert all(c is not None for row in g.display for c in row)


# ------------------------------------------------------------------------------ Princess
def _card(g, card: str = "contribution_1") -> None:  # type: ignore[no-untyped-def]
    g.contrib_deck[-1] = card


def test_princess_contribution_from_the_supply_by_the_resource_track() -> None:
    g = solo("benefactor")
    _card(g)
    g.track = 1  # Wood: 2 Influence on contribution_1
    before = dict(g.players[AI].res)
    events = turn(g, "plot_gift")
    assert g.on_card == ["wood"] and g.players[AI].res == before
    assert g.players[AI].influence == 1 + 2 and g.at[g.princess][AI] == 1
    assert kinds(events, "contribute")[0]["resource"] == "wood"


def test_princess_contribution_skips_blocked_types_and_wraps_to_clay() -> None:
    g = solo("benefactor")
    _card(g)
    g.track = 4  # Marble
    g.on_card = ["marble"]
    turn(g, "plot_gift")
    assert g.on_card == ["marble", "clay"]  # wrapped past the end to Clay
    g.on_card = ["marble", "clay", "wood"]
    g.track = 4
    turn(g, "plot_gift")
    assert g.on_card[-1] == "stone"


def test_a_reward_card_in_a_contribution_is_virtue() -> None:
    g = solo("benefactor")
    _card(g)
    g.track = 4  # Marble: 2 Influence + a Reward card
    v = g.players[AI].virtue
    rewards = len(g.rewards)
    turn(g, "plot_gift")
    assert g.players[AI].virtue == v + 1 and len(g.rewards) == rewards


def test_the_fifth_resource_fires_the_black_market_reset_in_the_ai_turn() -> None:
    g = solo("benefactor")
    _card(g)
    g.on_card = ["clay", "wood", "stone", "gold"]
    g.track = 0
    consequences = len(g.consequences)
    events = turn(g, "plot_gift")
    assert kinds(events, "reset") and g.on_card == [] and len(g.consequences) == consequences + 1
    assert g.wonder_res["wonder_marble"] == 1


def test_no_contribution_possible_falls_to_the_next_option() -> None:
    g = solo("benefactor")
    g.contrib_deck = []  # between the 6th and the 7th Reset
    future = g.future[-1]
    turn(g, "plot_gift")
    assert g.plot_discard[-1] == future and g.at[g.princess][AI] == 1


# ------------------------------------------------------------------------------ the track, §5.8
def test_silver_steps_and_the_wrap_gives_marble() -> None:
    g = solo("benefactor")  # 5 spaces
    run(g.gain(AI, {"silver": 6}, "test"))
    assert g.track == 1 and g.players[AI].res["marble"] == 1 and g.players[AI].silver == 0


def test_substitutions_gold_reward_influence_overflow_and_no_goods() -> None:
    g = solo("benefactor")
    p = g.players[AI]
    v = p.virtue
    run(g.gain(AI, {"gold": 2, "reward": 1, "clay": 3, "wood": 1, "card": 2}, "test"))
    assert p.res["marble"] == 2 and p.virtue == v + 1 and p.res["clay"] == 0 and p.hand == []
    p.influence = 11
    g.take_events()
    run(g.gain(AI, {"influence": 3}, "test"))
    assert p.influence == 12 and p.virtue == v + 3 and kinds(g.take_events(), "ai_overflow") == [{"count": 2}]


def test_crossing_influence_4_to_5_draws_no_building_for_the_ai() -> None:
    g = solo("benefactor")
    g.players[AI].influence = 4
    deck = len(g.deck)
    run(g.gain(AI, {"influence": 1}, "test"))
    assert g.players[AI].influence == 5 and len(g.deck) == deck and g.players[AI].hand == []


def test_black_market_centre_is_an_apprentice_so_two_silver_and_always_allowed() -> None:
    g = solo("executor")
    g.players[AI].virtue = 14  # far above the Black Market's gate
    g.players[AI].influence = 6  # never spent to spare the Virtue or to pay the Silver
    g.market = [None, None, HUMAN]
    turn(g, "plot_watch")
    assert g.market[1] == AI and g.track == 2 and g.players[AI].virtue == 13
    assert g.players[AI].influence == 6
    assert g.players[AI].apprentices == []


def test_princess_reward_left_option_first() -> None:
    g = solo("benefactor")
    g.consequences[-1] = "contribution_1"  # Princess: 2 Influence | 1 Virtue
    g.princess = "forest"
    g.at["forest"][AI] = 1
    inf = g.players[AI].influence
    from engine.games.architects import market

    g.current = AI
    run(market.reset(g))
    assert g.players[AI].influence == inf + 2


def test_market_buildings_compare_with_the_ai_influence() -> None:
    from engine.games.architects.scoring import building_bonus

    g = solo("benefactor")
    g.players[HUMAN].buildings = ["stone_market"]
    g.players[HUMAN].res["stone"] = 4
    g.players[AI].influence = 4
    assert building_bonus(g, HUMAN, "stone_market") == 0
    g.players[AI].influence = 3
    assert building_bonus(g, HUMAN, "stone_market") == 2


# ------------------------------------------------------------------------------ Wonders
def test_wonder_costs_exactly_ten_and_the_aristocrat_two_marble_less() -> None:
    g = solo("executor")
    p = g.players[AI]
    p.influence, p.res["marble"] = 8, 1
    assert "wonder_marble" not in g.affordable()  # 8 + 1 < 10
    p.res["marble"] = 2
    assert "wonder_marble" in g.affordable()
    g = solo("aristocrat")
    p = g.players[AI]
    p.influence, p.res["marble"] = 8, 0
    assert g.affordable() == ["wonder_marble"]
    turn(g, "plot_guildhall")
    assert p.wonders == ["wonder_marble"] and p.res["marble"] == 0 and p.influence == 0


def test_wonder_choice_cycles_right_from_the_marker_and_ignores_contributions() -> None:
    g = solo("benefactor")  # clay wood stone gold marble
    p = g.players[AI]
    p.influence, p.res["marble"] = 7, 6
    g.track = 3  # Gold: 7 Influence + 3 Marble
    g.wonder_res["wonder_clay"] = 5  # no discount for the AI
    assert g.affordable()[0] == "wonder_gold"
    g.wonder_owner["wonder_gold"] = HUMAN
    assert g.affordable()[0] == "wonder_clay"  # past Marble (8 Influence), wrapping to Clay


def test_wonder_marker_skips_locations_where_markers_may_not_stand() -> None:
    g = solo("benefactor")
    g.opponent = g.opponent.model_copy(
        update={
            "priority": (
                "mines",
                "tax_stand",
                *[x for x in g.opponent.priority if x not in ("mines", "tax_stand")],
            )
        }
    )
    p = g.players[AI]
    p.influence, p.res["marble"] = 6, 4
    turn(g, "plot_guildhall")
    assert "mines" not in g.markers and g.markers.get(g.opponent.priority[2]) == p.wonders[0]


def test_own_wonder_marker_is_one_more_worker_never_influence() -> None:
    g = solo("benefactor")
    g.markers["kings_storehouse"] = "wonder_wood"
    g.wonder_owner["wonder_wood"] = AI
    p = g.players[AI]
    inf, marble = p.influence, p.res["marble"]
    events = turn(g, "plot_focus")  # the Benefactor's Focus: 1 Marble per 2 workers
    assert p.res["marble"] == marble + 1 and kinds(events, "ai_wonder_worker")
    assert p.influence == inf + 1  # the Benefactor's Power only


# ------------------------------------------------------------------------------ captures
def test_capture_takes_the_largest_group_ties_by_priority_one_tax() -> None:
    g = solo("executor")  # priority: town_centre, silversmith, ...
    g.at["town_centre"][AI] = 1  # with the new worker: 2 captures
    g.at["quarry"][HUMAN], g.at["silversmith"][HUMAN], g.at["forest"][HUMAN] = 3, 3, 1
    g.players[HUMAN].supply -= 7
    tax = g.tax
    events = turn(g, "plot_raid")
    caps = kinds(events, "capture")
    assert [c["location"] for c in caps] == ["silversmith", "quarry"]
    assert g.players[AI].captives[HUMAN] == 6 and g.tax == tax + 1


def test_captures_at_the_princess_and_profiteer_change_virtue() -> None:
    g = solo("executor")
    g.princess, g.profiteer = "quarry", "forest"
    g.at["quarry"][HUMAN], g.at["forest"][HUMAN] = 3, 2
    g.at["town_centre"][AI] = 1
    v = g.players[AI].virtue
    turn(g, "plot_raid")
    assert g.players[AI].virtue == v - 1 + 1


def test_tied_groups_at_the_target_are_all_captured_with_one_action() -> None:
    g = solo("executor")
    other = third_seat(g)
    g.at["forest"][HUMAN], g.at["forest"][other] = 4, 4
    run(g.captures(1))
    assert g.players[AI].captives[HUMAN] == 4 and g.players[AI].captives[other] == 4
    assert g.at["forest"] == [0, 0, 0]


def test_the_ai_targets_the_largest_single_group_not_the_busiest_location() -> None:
    g = solo("executor")
    other = third_seat(g)
    g.at["town_centre"][HUMAN], g.at["town_centre"][other] = 2, 2  # 4 in all
    g.at["mines"][HUMAN] = 3
    run(g.captures(1))
    assert g.players[AI].captives[HUMAN] == 3 and g.at["town_centre"] == [2, 0, 2]


# ------------------------------------------------------------------------------ Guardhouse
def test_worked_example_guardhouse_four_actions_three_debts() -> None:
    g = solo("executor")
    p = g.players[AI]
    p.debts, p.virtue = 3, 5
    g.at["guardhouse"][AI] = 3  # with the new worker: 4 actions
    g.prison[AI] = 2  # the card's condition; freed by action 1 first
    g.players[AI].supply -= 5
    tax = g.tax
    future = g.future[-1]
    turn(g, "plot_watch")
    # 4 actions: free the prisoners, then flip 3 Debts (9 Tax, 3 Virtue)
    assert g.prison[AI] == 0 and p.debts == 0 and g.tax == tax + 9 and p.virtue == 8
    assert future in g.future
    p.debts = 3  # the example itself: no prisoners, no captives, none held
    run(g.guard(4))
    assert p.debts == 0 and future in g.plot_discard  # no prisoner now: 3 Debts + 1 Future card


def test_guardhouse_list_order_and_never_future_while_debts() -> None:
    g = solo("meddler")  # rescue, release, imprison, pay_debt, future
    p = g.players[AI]
    g.players[HUMAN].captives[AI] = 2
    g.prison[AI] = 1
    p.captives[HUMAN] = 1
    p.debts = 2
    future = list(g.future)
    run(g.guard(5))
    assert g.players[HUMAN].captives[AI] == 0 and g.prison[AI] == 0 and p.captives[HUMAN] == 0
    assert p.debts == 0 and g.future == future  # the 5th action paid the last Debt


# ------------------------------------------------------------------------------ Focus and Power
def test_aristocrat_focus_contributes_and_gains_a_future_card() -> None:
    g = solo("aristocrat")
    _card(g)
    future = g.future[-1]
    turn(g, "plot_focus")
    assert g.on_card == ["clay"] and future in g.plot_discard and g.at[g.princess][AI] == 1


def test_executor_focus_imprisons_captives_else_captures() -> None:
    g = solo("executor")
    g.players[AI].captives[HUMAN] = 3
    marble = g.players[AI].res["marble"]
    events = turn(g, "plot_focus")
    assert g.prison[HUMAN] == 3 and g.players[AI].res["marble"] == marble + 1  # the Power: 1 per sending
    assert kinds(events, "ai_power")[0]["power"] == "imprison_marble" and g.track == 3
    g.at["mines"][HUMAN] = 2
    turn(g, "plot_focus")
    assert g.players[AI].captives[HUMAN] == 2


def test_illusionist_focus_and_power_no_virtue_lost_at_the_black_market() -> None:
    g = solo("illusionist")
    v = g.players[AI].virtue
    turn(g, "plot_focus")
    assert g.market[2] == AI and g.players[AI].virtue == v
    g = solo("executor")
    v = g.players[AI].virtue
    g.prison[AI] = 0
    turn(g, "plot_watch")
    assert g.players[AI].virtue == v - 1


def test_peddler_focus_and_power_at_every_reset() -> None:
    g = solo("peddler")
    g.at["silversmith"][AI] = 1
    turn(g, "plot_focus")
    assert g.track == 3  # 1 Silver + 1 per worker (2 there)
    from engine.games.architects import market

    inf, track = g.players[AI].influence, g.track
    run(market.reset(g))
    assert g.players[AI].influence == inf + 1 and g.track == (track + 2) % 6


def test_meddler_focus_and_capture_after_building() -> None:
    g = solo("meddler")
    g.tax = 5
    future = g.future[-2:]
    turn(g, "plot_focus")
    assert g.tax == 3 and g.track == 2 and set(future) <= set(g.plot_discard)
    g.at["forest"][HUMAN] = 2
    turn(g, "plot_guildhall")  # works on the Cathedral, then its Power's capture
    assert g.players[AI].cathedral == 1 and g.players[AI].captives[HUMAN] == 2


def test_benefactor_focus_one_virtue_alone_and_influence_power() -> None:
    g = solo("benefactor")
    p = g.players[AI]
    v, inf = p.virtue, p.influence
    turn(g, "plot_focus")
    assert p.virtue == v + 1 and p.influence == inf + 1
    g.at["kings_storehouse"][AI] = 3
    turn(g, "plot_focus")
    assert p.res["marble"] == 2


def test_profiteer_location_gives_one_influence() -> None:
    g = solo("executor")
    p = g.players[AI]
    p.influence = 2
    g.future = []
    turn(g, "plot_whisper")
    assert g.at[g.profiteer][AI] == 1 and p.influence == 3


# ------------------------------------------------------------------------------ Reset, end
def test_reset_steps_10_and_11_apply_to_the_ai() -> None:
    from engine.games.architects import market

    g = solo("executor")
    g.prison[AI], g.prison[HUMAN] = 3, 1
    v = g.players[AI].virtue
    run(market.reset(g))
    assert g.players[AI].virtue == v - 1 and g.players[AI].debts == 1 and g.players[HUMAN].debts == 0


def test_ai_scoring_wonders_cathedral_virtue_marble_less_debts_and_prison() -> None:
    from engine.games.architects.scoring import breakdown

    g = solo("executor")
    p = g.players[AI]
    p.wonders, p.cathedral, p.virtue, p.res["marble"], p.debts = ["wonder_wood"], 3, 12, 5, 1
    g.prison[AI] = 4
    sheet = breakdown(g, AI)
    assert sheet["wonders"] == 10 and sheet["cathedral"] == 7 and sheet["virtue"] == 3
    assert sheet["gold_marble"] == 5 and sheet["debts"] == -2 and sheet["prison"] == -2
    assert sheet["total"] == 10 + 7 + 3 + 5 - 2 - 2


def test_out_of_workers_the_ai_takes_one_back() -> None:
    g = solo("executor")
    g.players[AI].supply = 0
    g.at["forest"][AI], g.at["quarry"][AI] = 2, 2  # tie: the Quarry comes first on its list
    events = turn(g)
    assert kinds(events, "reclaim")[0]["source"] == "quarry" and g.players[AI].supply == 1


def test_the_ai_is_never_asked_anything_else() -> None:
    g = solo()
    from engine.games.architects.asks import opt

    with pytest.raises(RuntimeError):
        run(g.choose(AI, "architects.prompt.capture", [opt("a", "x"), opt("b", "y")]))


def test_a_whole_solo_game_reports_the_ai_score_and_winner() -> None:
    from engine.cli.simulate import play_one

    _, rec = play_one("architects", ["heuristic"], {"opponent": "meddler"}, 5)
    auto = rec.details["automa"]
    assert len(rec.scores) == 1 and auto["ai"] == "meddler" and isinstance(auto["score"], int)
    assert rec.details["solo"]["won"] == (rec.ranks[0] == 1 and not auto["won"])


def test_most_influence_bonus_is_marble_for_the_ai() -> None:
    from engine.games.architects import wonders

    g = solo("executor")
    g.players[AI].influence, g.players[HUMAN].influence = 9, 3
    run(wonders.most_influence_bonus(g))
    assert g.players[AI].res["marble"] == 4 and g.players[AI].res["gold"] == 0


def test_the_two_location_card_resolver_asks_only_what_it_needs() -> None:
    """The pure resolver (ai/plot.py) with a person's answers instead of the state."""
    from engine.games.architects.ai.data import Condition, Effect
    from engine.games.architects.ai.plot import resolve

    asked: list[str] = []

    class Table:
        def holds(self, condition: Condition) -> bool:
            asked.append(condition.kind)
            return False

        def can_place(self, location: str) -> bool:
            return True

        def possible(self, effect: Effect, location: str) -> bool:
            asked.append(str(effect))
            return effect.name != "market" or effect.n == 0

    d = resolve(ours().plot("plot_watch"), ours().opponent("executor"), Table())
    assert (d.upper, d.location, [str(e) for e in d.option or ()]) == (False, "black_market", ["market:0"])
    assert asked == ["prison_at_least", "market:2", "market:1", "market:0"]
    asked.clear()
    d = resolve(ours().plot("plot_focus"), ours().opponent("aristocrat"), Table())
    assert d.focus and d.location == "princess" and asked == ["contribute"]


def test_every_ruling_names_a_test_that_exists() -> None:
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    rulings = (root / "engine/games/architects/AI_RULINGS.md").read_text(encoding="utf-8")
    entries = re.findall(r"^\d+\. \*\*", rulings, flags=re.M)
    names = set(re.findall(r"`(test_[a-z0-9_]+)`", rulings))
    tests = "".join(
        p.read_text(encoding="utf-8") for p in (root / "tests/engine/architects").glob("test_solo*.py")
    )
    assert len(entries) >= 15 and names
    assert {n for n in names if f"def {n}(" not in tests} == set()


def test_a_whole_deck_with_nothing_possible_gives_one_step() -> None:
    g = solo("illusionist")
    g.market = [HUMAN, HUMAN, HUMAN]
    g.plot_deck, g.plot_discard = ["plot_smugglers"], []
    events = turn(g)
    assert kinds(events, "ai_idle") and g.track == 1 and g.players[AI].supply == 20


def test_the_track_helpers_for_a_physical_table() -> None:
    from engine.games.architects.ai.plot import contribution_resource, track_order

    executor = ours().opponent("executor")  # clay stone wood gold marble stone
    assert track_order(executor, 5) == ["stone", "clay", "wood", "gold", "marble"]
    assert contribution_resource(executor, 4, ["marble", "stone"]) == "clay"
    assert contribution_resource(executor, 0, ["clay", "wood", "stone", "gold", "marble"]) is None


def test_virtue_beyond_the_top_destroys_a_debt_or_is_two_silver() -> None:
    g = solo("benefactor")
    p = g.players[AI]
    p.virtue, p.debts = 13, 1
    run(g.change_virtue(AI, 3, "test"))  # 2 beyond 14: the Debt, then one it does not have
    assert p.virtue == 14 and p.debts == 0 and g.track == 2
    assert kinds(g.take_events(), "ai_no_debt") == [{"count": 1}]


def test_princess_reward_right_option_when_the_left_is_nothing_for_the_ai() -> None:
    from engine.games.architects import market

    g = solo("benefactor")
    assert g.wow is not None
    card = g.wow.contribution("contribution_3").model_copy(
        update={"princess": ({"card": 1}, {"influence": 3})}
    )
    g.wow = g.wow.model_copy(
        update={"contributions": tuple(card if c.id == card.id else c for c in g.wow.contributions)}
    )
    g.consequences[-1] = "contribution_3"
    g.princess = "forest"
    g.at["forest"][AI] = 1
    inf = g.players[AI].influence
    g.current = AI
    run(market.reset(g))
    assert g.players[AI].influence == inf + 3 and g.players[AI].hand == []
