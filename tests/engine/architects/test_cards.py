"""Every Apprentice's ability, the Buildings not covered elsewhere, the architects' abilities, and
a check that every card of the data is exercised by some test."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.games.architects.data import apprentices, architects, board, buildings
from engine.games.architects.game import ArchitectsGame
from engine.games.architects.state import Player
from tests.engine.architects.helpers import answer, at, game_of

Check = Callable[[Player, ArchitectsGame], bool]
FULL_MARKET = {"market": [1, 1, None]}  # seat 0 fills the last space: a Reset follows

# (apprentice, position for seat 0 (plus board keys), answers, check)
CASES: list[tuple[str, dict[str, Any], list[str], Check]] = [
    ("acolyte_card", {"goods": {"gold": 1}, "hand": ["well"]}, ["guildhall"], lambda p, g: len(p.hand) == 1),
    (
        "acolyte_clay",
        {"goods": {"gold": 1}, "hand": ["well"]},
        ["guildhall"],
        lambda p, g: p.res["clay"] == 2,
    ),
    ("acolyte_silver", {"goods": {"gold": 1}, "hand": ["well"]}, ["guildhall"], lambda p, g: p.silver == 2),
    (
        "conspirator_1",
        {"silver": 1, "workers": {"town_centre": 1}},
        ["town_centre", "cap:forest:1", "cap:quarry:1"],
        lambda p, g: p.silver == 0 and p.captives == [0, 2],
    ),
    (
        "conspirator_2",
        {"silver": 1, "workers": {"town_centre": 1}},
        ["town_centre", "cap:forest:1", "cap:quarry:1"],
        lambda p, g: p.silver == 0 and p.captives == [0, 2],
    ),
    (
        "debt_collector_clay",
        {"silver": 6, "debts": 1},
        ["guardhouse", "pay_debt"],
        lambda p, g: p.res["clay"] == 2,
    ),
    (
        "debt_collector_stone",
        {"silver": 6, "debts": 1},
        ["guardhouse", "pay_debt"],
        lambda p, g: p.res["stone"] == 2,
    ),
    (
        "debt_collector_wood",
        {"silver": 6, "debts": 1},
        ["guardhouse", "pay_debt"],
        lambda p, g: p.res["wood"] == 2,
    ),
    (
        "gatekeeper",
        {"silver": 3, "virtue": 5, "prison": 4, **FULL_MARKET},
        ["market:2"],
        lambda p, g: g.prison[0] == 4 + 1 - 2,
    ),
    ("illusionist", {"silver": 1, "virtue": 5}, ["market:0"], lambda p, g: p.virtue == 5),
    ("jeweller_1", {"silver": 0}, ["silversmith"], lambda p, g: p.silver == 3),
    ("jeweller_2", {"silver": 0}, ["silversmith"], lambda p, g: p.silver == 3),
    (
        "labourer",
        {"hand": ["university"], "goods": {"clay": 4, "wood": 2, "stone": 3, "marble": 2}},
        ["guildhall"],
        lambda p, g: p.buildings == ["university"] and p.virtue == 8,
    ),
    (
        "merchant_clay",
        {"silver": 1},
        ["kings_storehouse", "app:merchant_clay"],
        lambda p, g: p.res["clay"] == 3,
    ),
    (
        "merchant_gold",
        {"silver": 2},
        ["kings_storehouse", "app:merchant_gold"],
        lambda p, g: p.res["gold"] == 1,
    ),
    (
        "merchant_marble",
        {"silver": 3},
        ["kings_storehouse", "app:merchant_marble"],
        lambda p, g: p.res["marble"] == 1,
    ),
    (
        "merchant_stone",
        {"silver": 1},
        ["kings_storehouse", "app:merchant_stone"],
        lambda p, g: p.res["stone"] == 2,
    ),
    (
        "merchant_wood",
        {"silver": 1},
        ["kings_storehouse", "app:merchant_wood"],
        lambda p, g: p.res["wood"] == 2,
    ),
    ("miner_1", {}, ["mines"], lambda p, g: p.res["clay"] == 3),
    ("miner_2", {}, ["mines"], lambda p, g: p.res["clay"] == 3),
    (
        "patron_clay",
        {"goods": {"clay": 1}},
        ["kings_storehouse", "app:patron_clay"],
        lambda p, g: p.virtue == 8 and p.res["clay"] == 0,
    ),
    (
        "patron_silver",
        {"silver": 2},
        ["kings_storehouse", "app:patron_silver"],
        lambda p, g: p.virtue == 8 and p.silver == 0,
    ),
    (
        "patron_stone",
        {"goods": {"stone": 1}},
        ["kings_storehouse", "app:patron_stone"],
        lambda p, g: p.virtue == 8,
    ),
    (
        "patron_wood",
        {"goods": {"wood": 1}},
        ["kings_storehouse", "app:patron_wood"],
        lambda p, g: p.virtue == 8,
    ),
    ("pickpocket", {"virtue": 7}, ["tax_stand"], lambda p, g: p.res["gold"] == 1 and p.virtue == 5),
    # the 7th Guildhall space resets the Black Market; seat 0 has nobody in Prison
    (
        "squire_gold",
        {"hand": ["well"], "goods": {"wood": 2, "stone": 2}, "guildhall": [1] * 6},
        ["guildhall"],
        lambda p, g: p.res["gold"] == 1,
    ),
    (
        "squire_marble",
        {"silver": 3, "virtue": 5, "market": [None, 1, 1]},
        ["market:0"],
        lambda p, g: p.res["marble"] == 0,
    ),  # its own worker went to Prison at this Reset
    (
        "squire_virtue",
        {"hand": ["well"], "goods": {"wood": 2, "stone": 2}, "guildhall": [1] * 6},
        ["guildhall"],
        lambda p, g: p.virtue == 9,
    ),
    ("stonecutter_1", {}, ["quarry"], lambda p, g: p.res["stone"] == 2),
    ("stonecutter_2", {}, ["quarry"], lambda p, g: p.res["stone"] == 2),
    ("swindler_clay", {"silver": 1, "virtue": 5}, ["market:0"], lambda p, g: p.res["clay"] == 2),
    ("swindler_stone", {"silver": 1, "virtue": 5}, ["market:0"], lambda p, g: p.res["stone"] == 1),
    ("swindler_wood", {"silver": 1, "virtue": 5}, ["market:0"], lambda p, g: p.res["wood"] == 1),
    ("thief", {"virtue": 7}, ["tax_stand"], lambda p, g: p.virtue == 6),
    (
        "trader_clay",
        {"goods": {"clay": 3}},
        ["kings_storehouse", "app:trader_clay"],
        lambda p, g: p.res["marble"] == 1,
    ),
    (
        "trader_stone",
        {"goods": {"stone": 2}},
        ["kings_storehouse", "app:trader_stone"],
        lambda p, g: p.res["marble"] == 1,
    ),
    (
        "trader_wood",
        {"goods": {"wood": 2}},
        ["kings_storehouse", "app:trader_wood"],
        lambda p, g: p.res["marble"] == 1,
    ),
    ("trickster", {"silver": 3, "virtue": 5}, ["market:2"], lambda p, g: p.silver == 1),
    ("woodcutter_1", {}, ["forest"], lambda p, g: p.res["wood"] == 2),
    ("woodcutter_2", {}, ["forest"], lambda p, g: p.res["wood"] == 2),
    (
        "enforcer",
        {"captives": [0, 2], "silver": 0},
        ["guardhouse", "imprison"],
        lambda p, g: p.res["gold"] == 1 and p.silver == 2,
    ),
    (
        "overseer",
        {"goods": {"wood": 6}},
        ["kings_storehouse", "marble:3.0", "marble:3.0"],
        lambda p, g: p.res["marble"] == 2,
    ),
    ("peddler", {"silver": 3, "virtue": 5, **FULL_MARKET}, ["market:2"], lambda p, g: p.silver == 2),
]
BOARD_KEYS = ("market", "small", "guildhall")


@pytest.mark.parametrize(("card", "spec", "answers", "check"), CASES, ids=[c[0] for c in CASES])
def test_apprentice_ability(card: str, spec: dict[str, Any], answers: list[str], check: Check) -> None:
    board = {k: spec.pop(k) for k in BOARD_KEYS if k in spec}
    me = {"silver": 0, "virtue": 7, **spec, "apprentices": [card]}
    rival = {"workers": {"forest": 1, "quarry": 1}}
    board.setdefault("small", [2])  # the Small face: 2 Gold, apart from every bonus tested
    m = at({"players": [me, rival], "tax": 3, **board}, promo_cards=True)
    answer(m, *answers)
    g = game_of(m)
    assert check(g.players[0], g)


@pytest.mark.parametrize(
    ("card", "goods", "check"),
    [
        ("well", {"wood": 2, "stone": 2}, lambda p, g: p.res["clay"] == 4),
        ("lumber_camp", {"clay": 4, "stone": 2}, lambda p, g: p.res["wood"] == 4),
        ("factory", {"wood": 2, "stone": 2, "gold": 3}, lambda p, g: p.res["marble"] == 2),
        ("armoury", {"wood": 3, "stone": 5, "gold": 1}, lambda p, g: p.captives == [0, 1] and p.silver == 0),
    ],
)
def test_more_immediate_buildings(card: str, goods: dict[str, int], check: Check) -> None:
    m = at(
        {
            "players": [
                {"hand": [card], "goods": goods, "apprentices": ["labourer"], "virtue": 4, "silver": 0},
                {"workers": {"forest": 1}},
            ]
        }
    )
    answer(m, "guildhall")
    if card == "armoury":
        answer(m, "cap:forest:1")
    g = game_of(m)
    assert card in g.players[0].buildings and check(g.players[0], g)


def test_clay_market_counts_clay() -> None:
    from engine.games.architects import scoring

    m = at({"players": [{"buildings": ["clay_market"], "goods": {"clay": 2}}, {"goods": {"clay": 1}}]})
    assert scoring.breakdown(game_of(m), 0)["building_bonus"] == 2


def test_ada_pays_one_tax_less_and_clovis_draws_when_building() -> None:
    m = at(
        {"players": [{"silver": 9, "architect": "ada", "virtue": 11}, {"workers": {"forest": 1}}], "tax": 0}
    )
    answer(m, "town_centre", "cap:forest:1")
    assert game_of(m).tax == 0 and game_of(m).players[0].silver == 9  # 1 Tax, less Ada's 1
    m = at({"players": [{"silver": 9, "architect": "ada", "virtue": 11, "debts": 1}], "tax": 0})
    answer(m, "guardhouse", "pay_debt")
    assert game_of(m).tax == 2
    m = at(
        {
            "players": [
                {"hand": ["well"], "goods": {"wood": 2, "stone": 2}, "architect": "clovis", "virtue": 4}
            ]
        }
    )
    answer(m, "guildhall")
    assert len(game_of(m).players[0].hand) == 1


def test_caroline_starts_with_a_debt_and_side_b_extras_come_after_the_draft() -> None:
    from engine.core.match import Match
    from tests.engine.architects.helpers import seats

    for seed in range(12):
        m = Match("architects", seats(5), {"architect_side": "B"}, seed)
        g = game_of(m)
        while not any(p.key.endswith("place") for p in m.prompts()):
            for p in m.prompts():
                m.submit(p.seat, (p.options[0].id,))
        by = {p.architect: p for p in g.players}
        assert by["caroline"].debts == 1 and by["caroline"].res["marble"] == 1
        assert len(by["therese"].hand) == 4 and len(by["ada"].hand) == 4 and len(by["rudolf"].hand) == 3
        break


def test_every_card_is_exercised_by_some_test() -> None:
    """Every Apprentice, Building, architect, location and Reward card is named by some test (the
    Black Market cards are all played in `test_components.py`; the bot games of
    `test_property.py` count every location, Building and Apprentice used)."""
    here = Path(__file__).parent
    text = "".join(p.read_text(encoding="utf-8") for p in here.glob("*.py") if p.name != "randplay.py")
    text += "".join(p.read_text(encoding="utf-8") for p in (here / "scenarios").glob("*.yaml"))
    names = [*apprentices(), *buildings(), *architects(), *(loc.id for loc in board().locations)]
    names += [r.id for r in board().rewards]
    missing = sorted(c for c in names if f'"{c}' not in text and f" {c}" not in text)
    assert missing == []
