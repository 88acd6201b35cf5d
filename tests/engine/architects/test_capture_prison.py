"""Capturing, the Guardhouse, the Prison, the Black Market and its Reset, Virtue and Debts."""

from __future__ import annotations

from tests.engine.architects.helpers import answer, at, game_of, ids, key


def test_first_capture_costs_one_tax_the_next_one_silver() -> None:
    m = at(
        {
            "players": [
                {"silver": 5, "workers": {"town_centre": 1}},
                {"workers": {"forest": 2, "quarry": 1, "mines": 3}},
            ],
            "tax": 0,
        }
    )
    answer(m, "town_centre")
    assert {"cap:forest:1", "cap:quarry:1", "cap:mines:1", "cap:town_centre:0", "done"} <= set(ids(m))
    answer(m, "cap:forest:1")
    g = game_of(m)
    assert g.tax == 1 and g.players[0].silver == 4 and g.players[0].captives == [0, 2]
    # 2 players: a second location is allowed, but not a third
    answer(m, "cap:quarry:1")
    assert g.players[0].silver == 3 and g.tax == 1 and g.players[0].captives == [0, 3]
    assert g.at["mines"][1] == 3


def test_two_or_three_players_capture_at_two_locations_at_most() -> None:
    m = at(
        {
            "players": [
                {"silver": 9, "workers": {"town_centre": 2}},
                {"workers": {"forest": 1, "quarry": 1, "mines": 1}},
            ]
        }
    )
    answer(m, "town_centre", "cap:forest:1", "cap:quarry:1")
    assert not any(i.startswith("cap:mines") for i in ids(m))


def test_four_players_take_every_capture_of_an_action_from_one_location() -> None:
    m = at(
        {
            "players": [
                {"silver": 9, "workers": {"town_centre": 1}},
                {"workers": {"forest": 1, "quarry": 1}},
                {"workers": {"forest": 2}},
                {},
            ]
        },
        players=4,
    )
    answer(m, "town_centre", "cap:forest:1")
    assert [i for i in ids(m) if i != "done"] == ["cap:forest:2"]


def test_capturing_your_own_workers_returns_them_to_your_supply() -> None:
    m = at({"players": [{"silver": 5, "workers": {"forest": 3}}]})
    answer(m, "town_centre", "cap:forest:0")
    p = game_of(m).players[0]
    assert p.captives == [0, 0] and p.supply == 20 - 1


def test_conspirator_makes_extra_captures_free_but_not_the_tax() -> None:
    m = at(
        {
            "players": [
                {"silver": 1, "workers": {"town_centre": 1}, "apprentices": ["conspirator_1"]},
                {"workers": {"forest": 1, "quarry": 1}},
            ],
            "tax": 0,
        }
    )
    answer(m, "town_centre", "cap:forest:1", "cap:quarry:1")
    assert game_of(m).players[0].silver == 0 and game_of(m).tax == 1


def test_guardhouse_sends_captives_to_prison_for_silver_and_frees_your_own() -> None:
    m = at(
        {
            "players": [
                {
                    "silver": 0,
                    "captives": [0, 3],
                    "prison": 2,
                    "apprentices": ["enforcer"],
                    "architect": "bertha",
                    "workers": {"guardhouse": 1},
                }
            ]
        }
    )
    answer(m, "guardhouse", "imprison", "release")
    g = game_of(m)
    assert g.prison == [0, 3] and g.players[0].silver == 3 + 2 and g.players[0].res["gold"] == 1
    assert g.players[0].supply == 20 - 2 + 2 - 2  # two back from Prison, two at the Guardhouse


def test_guardhouse_buys_back_held_workers_with_silver_or_a_debt() -> None:
    m = at({"players": [{"silver": 5, "workers": {"guardhouse": 1}}, {"captives": [4, 0]}], "tax": 0})
    answer(m, "guardhouse")
    assert "rescue_pay" in ids(m) and "rescue_debt" in ids(m)
    answer(m, "rescue_pay")
    g = game_of(m)
    assert g.players[0].silver == 0 and g.tax == 2 and g.players[1].captives == [0, 0]
    m = at({"players": [{"silver": 0, "virtue": 7}, {"captives": [2, 0]}]})
    answer(m, "guardhouse", "rescue_debt")
    p = game_of(m).players[0]
    assert (p.debts, p.virtue, p.supply) == (1, 6, 20 - 1)


def test_paying_off_a_debt_costs_three_silver_and_three_tax_and_gives_virtue() -> None:
    m = at(
        {
            "players": [{"silver": 6, "debts": 2, "virtue": 7, "apprentices": ["debt_collector_wood"]}],
            "tax": 0,
        }
    )
    answer(m, "guardhouse", "pay_debt")
    g = game_of(m)
    p = g.players[0]
    assert (p.silver, p.debts, p.paid, p.virtue, p.res["wood"], g.tax) == (0, 1, 1, 8, 2, 3)


def test_black_market_is_closed_from_virtue_ten() -> None:
    m = at({"players": [{"silver": 9, "virtue": 10}]})
    assert not any(i.startswith("market:") for i in ids(m))
    m = at({"players": [{"silver": 9, "virtue": 9}]})
    assert [i for i in ids(m) if i.startswith("market:")] == ["market:0", "market:1", "market:2"]


def test_black_market_spaces_cost_silver_and_virtue() -> None:
    m = at({"players": [{"silver": 3, "virtue": 5}], "small": [2, 1]})  # top card first: Small face of card 2
    answer(m, "market:0")
    p = game_of(m).players[0]
    assert (p.silver, p.virtue, p.res["gold"]) == (2, 4, 2)
    m = at(
        {
            "players": [
                {"silver": 3, "virtue": 5, "apprentices": ["illusionist", "trickster", "swindler_clay"]}
            ]
        }
    )
    answer(m, "market:2")  # the Large pile is empty at first: the board's own reward
    p = game_of(m).players[0]
    assert (p.silver, p.virtue, p.res["marble"], p.res["stone"], p.res["clay"]) == (1, 5, 2, 1, 2)


def test_market_centre_keeps_one_of_five_and_the_rest_go_under_the_deck() -> None:
    deck = ["smithy", "well", "tavern", "church", "palace", "castle"]
    m = at({"players": [{"silver": 2, "virtue": 5}], "deck": deck, "display": [["thief"], []]})
    answer(m, "market:1", "look")
    assert key(m) == "keep_one"
    answer(m, "card:0")  # the five are offered sorted: church first
    g = game_of(m)
    assert g.players[0].hand == ["church"] and g.deck[-1] == "castle" and len(g.deck) == 5


def test_caroline_draws_with_every_black_market_action() -> None:
    m = at({"players": [{"silver": 1, "virtue": 5, "architect": "caroline"}]})
    answer(m, "market:0")
    assert len(game_of(m).players[0].hand) == 1


def test_filling_the_third_space_resets_after_the_action() -> None:
    m = at(
        {
            "players": [{"silver": 3, "virtue": 5, "prison": 2}, {"prison": 1}],
            "market": [1, 1, None],
            "small": [3, 4],
        }
    )
    answer(m, "market:2")
    g = game_of(m)
    assert g.market == [None, None, None]
    # the worker just placed got its reward first, then went to Prison with the others
    assert g.players[0].res["marble"] == 2 and g.prison == [3, 3]
    assert g.large == [3] and g.small == [4]
    # 3 or more in Prison: -1 Virtue (0 lost 1 at the market already); the most (a tie): a Debt each
    assert (g.players[0].virtue, g.players[1].virtue) == (3, 6)
    assert (g.players[0].debts, g.players[1].debts) == (1, 1)


def test_reset_abilities_come_before_the_penalties() -> None:
    m = at(
        {
            "players": [
                {"silver": 3, "virtue": 5},
                {"prison": 3, "apprentices": ["gatekeeper"], "virtue": 7},
                {"apprentices": ["squire_virtue", "peddler"], "virtue": 7, "silver": 0},
            ],
            "market": [1, 2, None],
        },
        players=3,
    )
    answer(m, "market:2")
    g = game_of(m)
    assert g.prison == [1, 2, 1]
    assert g.players[1].virtue == 7  # released 2 before the 3-in-Prison check
    assert g.players[2].virtue == 7 and g.players[2].silver == 2  # Squire needs an empty Prison
    assert [p.debts for p in g.players] == [0, 1, 0]


def test_squire_pays_when_none_of_yours_is_in_prison() -> None:
    m = at(
        {"players": [{"silver": 3, "virtue": 5}, {"apprentices": ["squire_gold"]}], "market": [0, 0, None]}
    )
    answer(m, "market:2")
    assert game_of(m).players[1].res["gold"] == 1


def test_fara_may_free_one_prisoner_at_a_reset() -> None:
    m = at(
        {
            "players": [{"silver": 3, "virtue": 5}, {"architect": "fara", "prison": 3, "virtue": 7}],
            "market": [0, 0, None],
        }
    )
    answer(m, "market:2")
    assert key(m) == "fara_release" and m.prompts()[0].seat == 1
    answer(m, "yes")
    g = game_of(m)
    assert g.prison[1] == 2 and g.players[1].virtue == 7


def test_virtue_above_fourteen_destroys_debts_and_below_zero_takes_them() -> None:
    m = at({"players": [{"virtue": 14, "debts": 1, "goods": {"clay": 2}}]})
    answer(m, "kings_storehouse", "virtue:2.0.0")
    p = game_of(m).players[0]
    assert (p.virtue, p.debts) == (14, 0)
    m = at({"players": [{"virtue": 1}], "tax": 3})
    answer(m, "tax_stand")
    p = game_of(m).players[0]
    assert (p.virtue, p.debts) == (0, 1)
    m = at({"players": [{"virtue": 1}], "tax": 3}, virtue_debt=False)
    answer(m, "tax_stand")
    p = game_of(m).players[0]
    assert (p.virtue, p.debts) == (0, 0)


def test_hugo_may_pay_two_silver_instead_of_a_debt() -> None:
    m = at({"players": [{"virtue": 0, "silver": 2, "architect": "hugo"}], "tax": 3})
    answer(m, "tax_stand")
    assert key(m) == "hugo_refuse_debt"
    answer(m, "yes")  # two Virtue below 0: two Debts, each refusable while Silver lasts
    assert key(m) == "hugo_refuse_debt"
    answer(m, "no")
    p = game_of(m).players[0]
    assert (p.debts, p.silver) == (1, 2 + 3 - 2)
