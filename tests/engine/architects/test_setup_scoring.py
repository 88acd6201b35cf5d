"""Setup (both board sides, the opening hires and draft), options, the hand limit and scoring."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.errors import InvalidSetup
from engine.core.match import Match
from engine.games.architects import GAME, scoring
from engine.games.architects.data import apprentices, architects, board, buildings, name_of
from engine.games.architects.options import normalize_options
from tests.engine.architects.helpers import answer, at, game_of, ids, key, seats


def opened(players: int, seed: int = 3, **options: Any) -> Match:
    return Match("architects", seats(players), options, seed)


def test_data_counts_and_names() -> None:
    assert len([a for a in apprentices().values() if a.set == "base"]) == 40
    assert len([b for b in buildings().values() if b.set == "base"]) == 40
    assert len(apprentices()) == len(buildings()) == 43 + 24 and len(architects()) == 10  # + Works of Wonder
    assert len([a for a in apprentices().values() if a.set == "wow" and a.values == "ours"]) == 24
    assert len([b for b in buildings().values() if b.set == "wow" and b.values == "ours"]) == 24
    assert len(board().locations) == 14 and len(board().black_market.cards) == 10
    assert sum(r.copies for r in board().rewards) == 11
    assert name_of("guildhall", "pt-BR") == "Prefeitura" and GAME.card_name("smithy", "en") == "Smithy"
    assert GAME.card_name("marble", "pt") == "Mármore" and GAME.card_name("tiling", "en") == "Tiling"
    assert all(x.name_pt for t in (apprentices(), buildings(), architects()) for x in t.values())


def test_side_a_silver_by_seat_order_and_reverse_order_free_hires() -> None:
    m = opened(3)
    g = game_of(m)
    assert [g.players[s].silver for s in g.order] == [3, 4, 5]
    assert all(p.virtue == 7 and p.supply == 20 for p in g.players)
    assert m.prompts()[0].seat == g.order[-1] and key(m) == "first_apprentice"
    for _ in range(3):
        answer(m, ids(m)[0])
    assert all(len(p.apprentices) == 1 for p in g.players)
    assert all(c is not None for row in g.display for c in row)  # refilled in place


def test_draft_deals_four_keeps_three_and_puts_the_rest_under_the_deck() -> None:
    m = opened(4)
    g = game_of(m)
    for _ in range(4):
        answer(m, ids(m)[0])
    for _ in range(3):
        prompts = m.prompts()
        assert len(prompts) == 4 and all(p.key.endswith("draft") for p in prompts)
        for p in prompts:
            m.submit(p.seat, (p.options[0].id,))
    assert all(len(p.hand) == 3 for p in g.players) and len(g.deck) == 40 - 12
    m = opened(2, draft=False)
    for _ in range(2):
        answer(m, ids(m)[0])
    assert all(len(p.hand) == 3 for p in game_of(m).players) and key(m) == "place"


def test_side_b_uses_each_characters_start_and_the_most_virtuous_starts() -> None:
    m = opened(5, architect_side="B")
    g = game_of(m)
    table = architects()
    assert sorted(p.architect for p in g.players if p.architect) == sorted(
        a for a in table if table[a].set == "base"
    )
    for p in g.players:
        a = table[p.architect or ""]
        assert g.prison[p.seat] == a.prisoners and p.supply == 20 - a.prisoners
    assert g.order[0] == max(range(5), key=lambda s: g.players[s].virtue)
    m = opened(4, 8, architect_side="B", promo_architects=True)
    assert all(p.architect in table for p in game_of(m).players)


def test_options_are_validated_and_coerced() -> None:
    out = normalize_options(
        {"virtue_debt": "false", "hand_limit": "0", "draft": "1", "architect_side": "b"}, 3
    )
    assert out["virtue_debt"] is False and out["hand_limit"] == 0 and out["draft"] is True
    assert out["architect_side"] == "B" and out["tax_stand_start"] == 4
    for bad in (
        {"architect_side": "C"},
        {"hand_limit": "many"},
        {"draft": "maybe"},
        {"colour": 1},
        {"promo_architects": True},
        {"tax_stand_start": -1},
    ):
        with pytest.raises(InvalidSetup):
            normalize_options(bad, 2)
    assert GAME.min_players == 1 and GAME.max_players == 5  # 1: solo against the AI only


def test_tax_stand_starts_with_the_chosen_silver() -> None:
    assert game_of(opened(2)).tax == 4 and game_of(opened(2, tax_stand_start=0)).tax == 0


def test_hand_limit_is_checked_at_the_end_of_the_turn() -> None:
    hand = ["smithy", "well", "tavern", "church", "palace", "castle"]
    m = at(
        {
            "players": [{"hand": hand, "silver": 0, "workers": {"workshop": 2}}],
            "deck": ["keep", "fountain", "monument"],
        }
    )
    answer(m, "workshop")
    assert key(m) == "hand_limit" and m.prompts()[0].min == 2
    m.submit(0, ("card:0", "card:1"))
    assert len(game_of(m).players[0].hand) == 6 and game_of(m).deck[:2] == ["church", "castle"]
    m = at({"players": [{"hand": hand, "silver": 0, "workers": {"workshop": 2}}]}, hand_limit=0)
    answer(m, "workshop")
    assert key(m) == "place" and len(game_of(m).players[0].hand) == 8


def test_score_sheet() -> None:
    m = at(
        {
            "players": [
                {
                    "buildings": ["stone_market", "aqueduct", "fountain", "tilers_hut", "keep", "university"],
                    "apprentices": ["labourer", "miner_1"],
                    "goods": {"stone": 3, "gold": 2, "marble": 1},
                    "silver": 25,
                    "virtue": 13,
                    "debts": 2,
                    "cathedral": 3,
                    "captives": [0, 7],
                    "prison": 5,
                },
                {"goods": {"stone": 2}, "cathedral": 3, "virtue": 6, "silver": 3},
            ]
        }
    )
    g = game_of(m)
    sheet = scoring.breakdown(g, 0)
    printed = sum(buildings()[b].vp for b in g.players[0].buildings)
    assert sheet == {
        "buildings": printed,
        "building_bonus": 2
        + 6
        + 2
        + 2
        + 0,  # market, aqueduct, 2 tilers, 7 captives // 3, debts: no University
        "cathedral": 7,
        "virtue": 5,
        "gold_marble": 3,
        "silver": 2,
        "debts": -2,  # Fountain: 1 VP each
        "prison": -2,
        "total": printed + 12 + 7 + 5 + 3 + 2 - 2 - 2,
    }


def test_end_virtue_buildings_apply_before_scoring() -> None:
    m = at(
        {
            "players": [
                {
                    "buildings": ["castle", "dungeon", "museum", "chapel"],
                    "goods": {"gold": 5},
                    "virtue": 7,
                    "cathedral": 2,
                },
                {"cathedral": 1},
            ]
        }
    )
    g = game_of(m)
    for _ in scoring.end_virtue(g, 0):
        raise AssertionError("no prompt expected")
    assert g.players[0].virtue == 7 + 2 - 2 + 2 + 2


def test_ties_break_on_virtue_then_silver() -> None:
    m = at(
        {
            "players": [{"virtue": 7, "silver": 5}, {"virtue": 7, "silver": 4}],
            "guildhall": [1] * 12,
            "final_left": 1,
        }
    )
    answer(m, "forest")
    r = m.result()
    assert r is not None and r.scores[0] == r.scores[1] and r.ranks == (1, 2) and r.winners == (0,)
