"""Rulings where the sources are silent (see the README), and end-of-game Building details."""

from __future__ import annotations

from engine.games.architects import scoring
from tests.engine.architects.helpers import answer, at, game_of, key

ROWS = [
    ["labourer", "miner_1", "thief", "trickster"],
    ["patron_wood", "squire_gold", "merchant_gold", "overseer"],
]


def test_coins_on_a_card_discarded_by_the_refresh_return_to_the_supply() -> None:
    m = at(
        {
            "players": [{"hand": ["smithy"], "goods": {"clay": 4, "wood": 2}}],
            "display": ROWS,
            "coins": [[3, 1, 0, 0], [2, 0, 0, 0]],
            "guildhall": [1, 1],
        }
    )
    answer(m, "guildhall")
    g = game_of(m)
    assert g.coins == [[1, 0, 0, 0], [0, 0, 0, 0]]  # the coin on column 2 slid along with its card
    assert g.players[0].silver == game_of(at({})).players[0].silver


def test_the_black_market_centre_hire_takes_the_coins_on_the_card() -> None:
    m = at(
        {
            "players": [{"silver": 2, "virtue": 6}],
            "display": ROWS,
            "coins": [[0, 0, 0, 0], [0, 0, 0, 2]],
        }
    )
    answer(m, "market:1", "hire:1.3")
    p = game_of(m).players[0]
    assert p.apprentices == ["overseer"] and p.silver == 2


def test_each_guardhouse_payment_gets_the_low_virtue_tax_discount() -> None:
    m = at({"players": [{"silver": 11, "virtue": 3, "debts": 2, "workers": {"guardhouse": 1}}], "tax": 0})
    answer(m, "guardhouse", "pay_debt", "pay_debt")
    g = game_of(m)
    # 3 Silver + (3 - 1) Tax at Virtue 3; the Virtue gained makes the second one pay the full 3 Tax
    assert g.players[0].debts == 0 and g.tax == 2 + 3 and g.players[0].silver == 0


def test_church_may_keep_the_debt() -> None:
    m = at({"players": [{"hand": ["church"], "goods": {"clay": 3, "stone": 3}, "debts": 1}]})
    answer(m, "guildhall")
    assert key(m) == "church"
    answer(m, "no")
    assert game_of(m).players[0].debts == 1


def test_crane_may_be_declined() -> None:
    m = at({"players": [{"hand": ["crane", "well"], "goods": {"wood": 5, "stone": 3}}]}, promo_cards=True)
    answer(m, "guildhall", "build:0", "no")
    assert game_of(m).guildhall == [0]


def test_peddler_gains_at_every_reset() -> None:
    m = at(
        {
            "players": [{"silver": 3, "virtue": 5}, {"apprentices": ["peddler"], "silver": 0, "prison": 4}],
            "market": [1, 1, None],
        },
        promo_cards=True,
    )
    answer(m, "market:2")
    assert game_of(m).players[1].silver == 2


def sheet(players: list[dict[str, object]], seat: int = 0) -> dict[str, int]:
    return scoring.breakdown(game_of(at({"players": players}, players=len(players))), seat)


def test_markets_and_steeple_need_strictly_the_most() -> None:
    tie = [
        {"buildings": ["wood_market", "steeple"], "goods": {"wood": 3}, "cathedral": 2},
        {"goods": {"wood": 3}, "cathedral": 2},
    ]
    assert sheet(tie)["building_bonus"] == 0
    most = [
        {
            "buildings": ["wood_market", "silver_market", "steeple"],
            "goods": {"wood": 4},
            "silver": 9,
            "cathedral": 3,
        },
        {"goods": {"wood": 3}, "silver": 8, "cathedral": 2},
    ]
    assert sheet(most)["building_bonus"] == 6


def test_end_vp_buildings() -> None:
    me = {
        "buildings": ["moneylender", "lighthouse", "university", "carpenters_hut", "masons_hut", "keep"],
        "apprentices": ["labourer", "merchant_wood", "miner_1"],
        "paid": 3,
        "virtue": 9,
        "captives": [0, 5],
    }
    # 3 paid + 9//4 + no Debt 2 + Carpentry 2 + Masonry 1 + 5 captives // 3
    assert sheet([me, {}])["building_bonus"] == 3 + 2 + 2 + 2 + 1 + 1


def test_gamblers_den_with_a_fountain_costs_two_per_debt() -> None:
    assert sheet([{"buildings": ["gamblers_den", "fountain"], "debts": 3}, {}])["debts"] == -6
    assert sheet([{"buildings": ["gamblers_den"], "debts": 3}, {}])["debts"] == -9


def test_end_virtue_buildings_in_order() -> None:
    m = at(
        {
            "players": [
                {
                    "buildings": ["trading_post", "observatory", "reservoir", "museum"],
                    "goods": {"clay": 3, "wood": 3, "stone": 3, "marble": 5},
                    "paid": 4,
                    "virtue": 5,
                },
                {
                    "buildings": ["castle"],
                    "architect": "therese",
                    "goods": {"gold": 3, "marble": 3},
                    "virtue": 13,
                },
            ]
        }
    )
    g = game_of(m)
    for seat in (0, 1):
        for _ in scoring.end_virtue(g, seat):
            raise AssertionError("no prompt expected")
    assert g.players[0].virtue == 5 + 2 + 2 + 2 + 2
    assert g.players[1].virtue == 14  # Therese's Castle counts Marble too: +3, capped at 14


def test_dungeon_can_take_a_debt_at_the_end() -> None:
    m = at({"players": [{"buildings": ["dungeon"], "virtue": 1}, {}], "guildhall": [1] * 12, "final_left": 1})
    answer(m, "forest")
    assert m.finished and game_of(m).players[0].debts == 1


def test_the_apprentice_display_row_slides_after_a_hire() -> None:
    m = at({"players": [{"silver": 9}], "display": ROWS, "apprentice_deck": ["peddler"]}, promo_cards=True)
    answer(m, "workshop", "hire:0.1")
    assert game_of(m).display[0] == ["labourer", "thief", "trickster", "peddler"]


def test_hugo_may_refuse_the_debt_of_a_buy_back_and_still_loses_the_virtue() -> None:
    m = at({"players": [{"silver": 2, "virtue": 7, "architect": "hugo"}, {"captives": [2, 0]}]})
    answer(m, "guardhouse", "rescue_debt", "yes")
    p = game_of(m).players[0]
    assert (p.debts, p.silver, p.virtue, p.supply) == (0, 0, 6, 20 - 1)


def test_debts_never_run_out() -> None:
    m = at(
        {"players": [{"debts": 30, "hand": ["betting_house"], "goods": {"clay": 1, "stone": 2, "gold": 1}}]}
    )
    answer(m, "guildhall", "build:0")  # the Cathedral (1 Gold) is offered as well
    assert game_of(m).players[0].debts == 31


def test_an_empty_building_deck_draws_what_is_left() -> None:
    m = at({"players": [{"silver": 0, "workers": {"workshop": 3}}], "deck": ["well"]})
    answer(m, "workshop")
    assert game_of(m).players[0].hand == ["well"] and game_of(m).deck == []


def test_lighthouse_counts_virtue_after_the_end_of_game_changes() -> None:
    m = at(
        {
            "players": [{"buildings": ["lighthouse", "dungeon"], "virtue": 9}, {}],
            "guildhall": [1] * 12,
            "final_left": 1,
        }
    )
    answer(m, "forest")
    r = m.result()
    assert r is not None and r.details["breakdown"][0]["building_bonus"] == 7 // 4
