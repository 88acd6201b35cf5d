"""Every Reward card, every Black Market card's two faces, the empty-pile faces and the refill
of the Small pile, and Bertha's Guardhouse bonus: components no other scenario reaches."""

from __future__ import annotations

import pytest

from engine.games.architects.data import MarketCard, board
from tests.engine.architects.helpers import answer, at, game_of

REWARDS = {r.id: r.gain for r in board().rewards}
CARDS = board().black_market.cards


REWARD_IDS = ["virtue_2", "virtue_card", "virtue_gold", "virtue_silver", "virtue_stone", "virtue_wood"]


def test_the_reward_cards_are_these() -> None:
    assert sorted(REWARDS) == REWARD_IDS


@pytest.mark.parametrize("reward", REWARD_IDS)
def test_each_reward_card_gives_its_gain_on_a_climb(reward: str) -> None:
    m = at(
        {"players": [{"hand": ["smithy", "well"], "goods": {"gold": 1}, "virtue": 7}], "rewards": [reward]}
    )
    answer(m, "guildhall")
    if m.prompts()[0].seat == 0:
        answer(m, "card:0")  # the card given up for the climb
    p = game_of(m).players[0]
    gain = REWARDS[reward]
    assert p.cathedral == 1 and p.virtue == 7 + gain["virtue"]
    assert p.silver - game_of(at({"players": [{}]})).players[0].silver == gain.get("silver", 0)
    for good in ("wood", "stone", "gold"):
        assert p.res[good] == gain.get(good, 0)
    assert len(p.hand) == 1 + gain.get("card", 0)


def test_no_reward_card_left_gives_one_virtue() -> None:
    m = at({"players": [{"hand": ["smithy"], "goods": {"gold": 1}, "virtue": 7}], "rewards": []})
    answer(m, "guildhall")
    assert game_of(m).players[0].virtue == 8


@pytest.mark.parametrize("card", CARDS, ids=[str(c.id) for c in CARDS])
def test_each_black_market_card_pays_its_small_and_large_face(card: MarketCard) -> None:
    m = at({"players": [{"silver": 1, "virtue": 5}], "small": [card.id]})
    answer(m, "market:0")
    assert {k: v for k, v in game_of(m).players[0].res.items() if v} == card.small
    m = at({"players": [{"silver": 3, "virtue": 5}], "small": [], "large": [card.id]})
    answer(m, "market:2")
    assert {k: v for k, v in game_of(m).players[0].res.items() if v} == card.large


def test_empty_piles_show_the_boards_own_faces_and_a_reset_refills_the_small_pile() -> None:
    data = board().black_market
    m = at({"players": [{"silver": 1, "virtue": 5}], "small": [], "large": []})
    answer(m, "market:0")
    assert {k: v for k, v in game_of(m).players[0].res.items() if v} == data.empty_small
    # the left pile ran out: the Reset shuffles the right pile into it, then turns its top card
    m = at(
        {"players": [{"silver": 3, "virtue": 5}, {}], "market": [1, 1, None], "small": [], "large": [4, 7]}
    )
    answer(m, "market:2")
    g = game_of(m)
    assert sorted(g.small + g.large) == [4, 7] and len(g.large) == 1 and len(g.small) == 1


def test_bertha_earns_two_more_silver_for_sending_captives_to_prison() -> None:
    m = at({"players": [{"silver": 0, "captives": [0, 3], "architect": "bertha"}, {"supply": 17}]})
    answer(m, "guardhouse", "imprison")
    g = game_of(m)
    assert g.players[0].silver == 3 + 2 and g.prison == [0, 3] and g.players[0].captives == [0, 0]
