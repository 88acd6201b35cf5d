"""The Guildhall: building, skills and payment, the Cathedral, the spaces' triggers, the end."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAnswer
from tests.engine.architects.helpers import answer, at, game_of, ids, key

ROWS = [
    ["labourer", "miner_1", "thief", "trickster"],
    ["patron_wood", "squire_gold", "merchant_gold", "overseer"],
]


def test_the_guildhall_is_offered_only_when_something_can_be_done_there() -> None:
    m = at({"players": [{"hand": ["smithy"], "goods": {"clay": 3, "wood": 2}, "virtue": 4}]})
    assert "guildhall" not in ids(m)
    with pytest.raises(IllegalAnswer):
        answer(m, "guildhall")
    m = at({"players": [{"hand": ["smithy"], "goods": {"clay": 4, "wood": 2}}]})
    assert "guildhall" in ids(m)


def test_skills_are_needed_but_never_spent() -> None:
    stock = {"clay": 9, "wood": 9, "stone": 9, "gold": 2}
    m = at({"players": [{"hand": ["tavern"], "goods": stock, "virtue": 4}]})
    assert "guildhall" not in ids(m)
    m = at({"players": [{"hand": ["tavern", "hideout"], "goods": stock, "apprentices": ["labourer"]}]})
    answer(m, "guildhall", "build:1")  # hand sorted: hideout, tavern
    g = game_of(m)
    assert g.players[0].buildings == ["tavern"] and g.players[0].apprentices[0] == "labourer"
    assert key(m) == "free_hire"  # the Tavern's free hire


def test_building_pays_applies_virtue_then_its_effect() -> None:
    m = at(
        {
            "players": [
                {
                    "hand": ["thieves_den"],
                    "goods": {"clay": 1, "wood": 2, "stone": 3},
                    "virtue": 7,
                    "silver": 0,
                    "apprentices": ["labourer"],
                }
            ]
        }
    )
    answer(m, "guildhall")
    p = game_of(m).players[0]
    assert (p.res["stone"], p.virtue, p.silver, p.buildings) == (0, 5, 4, ["thieves_den"])


def test_therese_pays_gold_with_marble() -> None:
    m = at(
        {
            "players": [
                {"hand": ["steeple"], "goods": {"wood": 2, "marble": 1, "gold": 1}, "architect": "therese"}
            ]
        }
    )
    answer(m, "guildhall", "build:0")  # the Cathedral (1 Gold) is offered too
    assert game_of(m).players[0].buildings == ["steeple"]  # the one affordable way, taken unasked
    assert game_of(m).players[0].res["marble"] == 0 and game_of(m).players[0].res["gold"] == 0
    m = at(
        {
            "players": [
                {
                    "hand": ["steeple"],
                    "goods": {"wood": 2, "marble": 2, "gold": 2},
                    "architect": "therese",
                    "virtue": 4,
                }
            ]
        }
    )
    answer(m, "guildhall")
    assert sorted(ids(m)) == ["0.2.0.0.2", "0.2.0.1.1", "0.2.0.2.0"]


def test_lothaire_pays_one_wood_or_stone_less() -> None:
    m = at({"players": [{"hand": ["well"], "goods": {"wood": 2, "stone": 1}, "architect": "lothaire"}]})
    answer(m, "guildhall")  # the one choice and the one affordable way: nothing to ask
    p = game_of(m).players[0]
    assert p.buildings == ["well"] and (p.res["wood"], p.res["stone"]) == (0, 0)
    m = at(
        {
            "players": [
                {"hand": ["well"], "goods": {"wood": 2, "stone": 2}, "architect": "lothaire", "virtue": 4}
            ]
        }
    )
    answer(m, "guildhall")
    assert sorted(ids(m)) == ["0.1.2.0.0", "0.2.1.0.0"]


def test_cathedral_needs_virtue_five_a_card_and_pays_any_mix_for_level_two() -> None:
    m = at({"players": [{"hand": ["smithy"], "goods": {"gold": 1}, "virtue": 4}]})
    assert "guildhall" not in ids(m)
    m = at({"players": [{"goods": {"gold": 1}, "virtue": 5}]})
    assert "guildhall" not in ids(m)  # no card to give up
    m = at({"players": [{"hand": ["smithy"], "goods": {"gold": 1}, "virtue": 5}], "rewards": ["virtue_gold"]})
    answer(m, "guildhall")
    g = game_of(m)
    p = g.players[0]
    assert p.cathedral == 1 and p.hand == [] and g.deck[0] == "smithy"
    assert (p.virtue, p.res["gold"]) == (6, 1)  # the Reward card
    m = at({"players": [{"hand": ["smithy"], "goods": {"wood": 3, "stone": 3}, "virtue": 5, "cathedral": 1}]})
    answer(m, "guildhall")
    assert sorted(ids(m)) == ["0.1.3.0.0", "0.2.2.0.0", "0.3.1.0.0"]
    answer(m, "0.2.2.0.0")
    assert game_of(m).players[0].cathedral == 2


def test_frederick_climbs_without_a_card_and_acolytes_add_gains() -> None:
    m = at(
        {
            "players": [
                {
                    "goods": {"gold": 1},
                    "architect": "frederick",
                    "apprentices": ["acolyte_clay", "acolyte_card"],
                }
            ],
            "rewards": [],
        }
    )
    answer(m, "guildhall")
    p = game_of(m).players[0]
    assert p.cathedral == 1 and p.res["clay"] == 2 and len(p.hand) == 1
    assert p.virtue == 7 + 1  # no Reward card left: 1 Virtue instead


def test_a_cathedral_level_holds_a_limited_number_of_markers() -> None:
    full = [{"cathedral": 5}, {"cathedral": 4}, {"cathedral": 4}]
    m = at({"players": [{"hand": ["smithy"], "goods": {"marble": 2, "gold": 2}, "cathedral": 4}, *full[:1]]})
    assert "guildhall" not in ids(m)
    m = at({"players": [{"hand": ["smithy"], "goods": {"wood": 9}, "cathedral": 3}, *full[1:]]}, players=3)
    assert "guildhall" not in ids(m)


def test_third_space_refreshes_the_apprentice_display() -> None:
    m = at(
        {
            "players": [{"hand": ["smithy"], "goods": {"clay": 4, "wood": 2}}],
            "display": ROWS,
            "apprentice_deck": ["peddler", "enforcer", "acolyte_card"],
            "guildhall": [1, 1],
        },
        promo_cards=True,
    )
    answer(m, "guildhall")
    g = game_of(m)
    assert g.display == [
        ["miner_1", "thief", "trickster", "peddler"],
        ["squire_gold", "merchant_gold", "overseer", "enforcer"],
    ]
    assert g.app_deck[:2] == ["patron_wood", "labourer"]  # under the deck


def test_first_space_of_row_three_resets_the_black_market() -> None:
    m = at(
        {
            "players": [{"hand": ["smithy"], "goods": {"clay": 4, "wood": 2}}, {}],
            "guildhall": [1] * 6,
            "market": [1, None, None],
        }
    )
    answer(m, "guildhall")
    g = game_of(m)
    assert g.market == [None, None, None] and g.prison[1] == 1 and g.players[1].debts == 1


def test_filling_the_guildhall_gives_everyone_exactly_one_more_turn() -> None:
    m = at(
        {"players": [{"hand": ["smithy"], "goods": {"clay": 4, "wood": 2}}, {}], "guildhall": [1] * 11},
        players=2,
    )
    answer(m, "guildhall")
    g = game_of(m)
    assert g.final_left == 2 and m.prompts()[0].seat == 1
    answer(m, "forest")
    assert m.prompts()[0].seat == 0
    answer(m, "forest")
    assert m.finished and [p.turns for p in g.players] == [2, 1]


def test_final_turns_may_still_use_the_full_guildhall_unless_turned_off() -> None:
    pos = {
        "players": [{"hand": ["smithy", "well"], "goods": {"clay": 4, "wood": 4, "stone": 2}}, {}],
        "guildhall": [1] * 11,
    }
    m = at(pos)
    answer(m, "guildhall", "build:0", "forest")
    assert "guildhall" in ids(m)
    m = at(pos, guildhall_after_end=False)
    answer(m, "guildhall", "build:0", "forest")
    assert "guildhall" not in ids(m)


def test_crane_sends_another_worker_to_build_again() -> None:
    m = at({"players": [{"hand": ["crane", "well"], "goods": {"wood": 5, "stone": 3}}]}, promo_cards=True)
    answer(m, "guildhall", "build:0", "yes")
    g = game_of(m)
    assert g.players[0].buildings == ["crane", "well"] and g.guildhall == [0, 0]


@pytest.mark.parametrize(
    ("card", "goods", "extra", "answers", "check"),
    [
        ("smithy", {"clay": 4, "wood": 2}, {}, [], lambda p, g: p.res["stone"] == 4),
        (
            "treasury",
            {"wood": 1, "stone": 3, "gold": 1},
            {"apprentices": ["labourer"]},
            ["silver"],
            lambda p, g: p.silver == 3,
        ),
        ("clay_pit", {"clay": 4, "wood": 1}, {}, ["marble"], lambda p, g: p.res["marble"] == 1),
        (
            "palace",
            {"wood": 3, "stone": 3, "marble": 2},
            {"apprentices": ["labourer"], "virtue": 9},
            [],
            lambda p, g: p.res["gold"] == 2,
        ),
        (
            "betting_house",
            {"clay": 1, "stone": 2, "gold": 1},
            {},
            [],
            lambda p, g: p.debts == 1 and p.virtue == 6,
        ),
        (
            "church",
            {"clay": 3, "stone": 3},
            {"debts": 1},
            ["yes"],
            lambda p, g: p.debts == 0 and p.virtue == 8,
        ),
        (
            "hideout",
            {"clay": 1, "wood": 3, "stone": 2},
            {"apprentices": ["labourer"], "prison": 4},
            [],
            lambda p, g: g.prison[0] == 0 and p.supply == 20 - 2 - 1,
        ),
        (
            "library",
            {"wood": 4, "stone": 2, "marble": 1},
            {"apprentices": ["labourer"], "hand": ["well"]},
            ["card:0"],
            lambda p, g: p.res["gold"] == 2 and p.hand == [],
        ),
        (
            "monument",
            {"wood": 2, "stone": 3, "marble": 2},
            {"apprentices": ["labourer"]},
            [],
            lambda p, g: p.virtue == 9 and g.players[1].virtue == 8,
        ),
        (
            "drafting_room",
            {"stone": 4, "gold": 3},
            {"apprentices": ["labourer"]},
            [],
            lambda p, g: len(p.hand) == 2,
        ),
        (
            "graveyard",
            {"clay": 4, "wood": 1, "stone": 2, "marble": 2},
            {"apprentices": ["labourer", "thief"]},
            ["fire:1"],
            lambda p, g: p.apprentices == ["labourer"] and p.virtue == 6,
        ),
        (
            "watchtower",
            {"clay": 3, "wood": 4, "gold": 1, "marble": 1},
            {"apprentices": ["labourer"], "prison": 3},
            [],
            lambda p, g: p.virtue == 5 and g.players[1].virtue == 6,
        ),
        (
            "barracks",
            {"clay": 2, "wood": 6, "gold": 2},
            {"apprentices": ["labourer"]},
            ["rescue"],
            lambda p, g: g.players[1].captives == [0, 0] and p.supply == 20 - 2 - 1 + 2,
        ),
        (
            "fortress",
            {"clay": 3, "stone": 4, "gold": 1, "marble": 2},
            {"apprentices": ["labourer"], "silver": 0},
            ["cap:forest:1", "cap:quarry:1"],
            lambda p, g: p.captives == [0, 2],
        ),
    ],
)
def test_immediate_building_effects(
    card: str, goods: dict[str, int], extra: dict[str, object], answers: list[str], check: object
) -> None:
    hand = [card, *extra.pop("hand", [])]  # type: ignore[misc]
    me = {"hand": hand, "goods": goods, "virtue": 7, "silver": 0, **extra}
    # the rival holds 2 of seat 0's workers, has 3 in Prison and one worker at two locations
    rival = {"virtue": 7, "prison": 3, "captives": [2, 0], "workers": {"forest": 1, "quarry": 1}}
    m = at({"players": [me, rival]}, promo_cards=True)
    answer(m, "guildhall")
    if key(m) == "guildhall":
        answer(m, next(i for i in ids(m) if i.startswith("build:")))
    answer(m, *answers)
    g = game_of(m)
    assert card in g.players[0].buildings
    assert check(g.players[0], g)  # type: ignore[operator]


def test_the_quick_affordability_check_agrees_with_the_payment_list() -> None:
    import itertools

    from engine.games.architects import payment
    from engine.games.architects.data import GOODS, buildings

    for card in buildings().values():
        for twin, cut in ((True, False), (False, True), (False, False)):
            for stock in itertools.product(range(0, 5, 2), repeat=5):
                have = dict(zip(GOODS, stock, strict=True))
                quick = payment.affordable(card.cost, have, twin, cut)
                full = bool(payment.payments(card.cost, have, None, twin, cut))
                assert quick == full, (card.id, have, twin, cut)


def test_the_quick_cathedral_check_agrees_with_the_payment_list() -> None:
    import itertools

    from engine.games.architects import guildhall
    from tests.engine.architects.helpers import game_of as game

    for arch in (None, "therese", "lothaire"):
        for level in range(5):
            g = game(at({"players": [{"hand": ["well"], "cathedral": level, "architect": arch}]}))
            for stock in itertools.product((0, 1, 3, 8), repeat=5):
                g.players[0].res = dict(zip(("clay", "wood", "stone", "gold", "marble"), stock, strict=True))
                expected = bool(guildhall.climb_ways(g, 0, level + 1))
                assert guildhall.can_climb(g, 0) == expected, (arch, level, stock)
