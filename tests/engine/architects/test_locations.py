"""The board locations: what each gives by the number of your own workers there."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAnswer
from tests.engine.architects.helpers import answer, at, game_of, ids, key

ROWS = [
    ["labourer", "miner_1", "thief", "trickster"],
    ["patron_wood", "squire_gold", "merchant_gold", "overseer"],
]


def test_mines_clay_is_workers_plus_one_and_gold_needs_a_worker_already_there() -> None:
    m = at({"players": [{}]})
    answer(m, "mines")  # one worker: Clay only, taken without asking
    assert game_of(m).players[0].res["clay"] == 2
    m = at({"players": [{"workers": {"mines": 2}, "apprentices": ["miner_1", "miner_2"]}]})
    answer(m, "mines")
    assert ids(m) == ["clay", "gold"]
    answer(m, "gold")
    p = game_of(m).players[0]
    assert (p.res["gold"], p.res["clay"]) == (1, 2)  # 3 workers: 1 Gold; each Miner adds 1 Clay


@pytest.mark.parametrize(
    ("location", "good", "workers", "bonus", "expected"),
    [
        ("quarry", "stone", 0, [], 1),
        ("quarry", "stone", 2, ["stonecutter_1"], 4),
        ("forest", "wood", 1, ["woodcutter_1", "woodcutter_2"], 4),
        ("silversmith", "silver", 0, [], 2),
        ("silversmith", "silver", 1, ["jeweller_1"], 4),
    ],
)
def test_gathering_scales_with_own_workers(
    location: str, good: str, workers: int, bonus: list[str], expected: int
) -> None:
    m = at(
        {
            "players": [
                {"silver": 0, "workers": {location: workers}, "apprentices": bonus},
                {"workers": {location: 3}},
            ]
        }
    )
    answer(m, location)
    p = game_of(m).players[0]
    assert (p.silver if good == "silver" else p.res[good]) == expected


def test_rival_workers_do_not_count_towards_yours() -> None:
    m = at({"players": [{}, {"workers": {"quarry": 5}}]})
    answer(m, "quarry")
    assert game_of(m).players[0].res["stone"] == 1


def test_storehouse_trades_once_per_worker_and_apprentices_add_trades() -> None:
    m = at(
        {
            "players": [
                {
                    "silver": 5,
                    "goods": {"wood": 3, "stone": 3, "clay": 2},
                    "virtue": 7,
                    "apprentices": ["merchant_gold", "patron_wood"],
                }
            ]
        }
    )
    answer(m, "kings_storehouse")
    opts = ids(m)
    assert (
        "marble:3.0" in opts
        and "virtue:2.0.0" in opts
        and "app:merchant_gold" in opts
        and "app:patron_wood" in opts
    )
    answer(m, "app:merchant_gold")  # one worker: one trade, then the turn ends
    g = game_of(m)
    assert g.players[0].res["gold"] == 1 and g.players[0].silver == 3
    assert key(m) == "place" and m.prompts()[0].seat == 1


def test_overseer_counts_one_extra_worker_at_the_storehouse() -> None:
    m = at({"players": [{"goods": {"wood": 6}, "apprentices": ["overseer"]}]})
    answer(m, "kings_storehouse", "marble:3.0", "marble:3.0")
    assert game_of(m).players[0].res["marble"] == 2


def test_workshop_draws_one_plus_half_the_workers() -> None:
    m = at({"players": [{"silver": 0, "workers": {"workshop": 2}}]})
    answer(m, "workshop")  # nothing affordable to hire: drawing is the lone choice
    assert len(game_of(m).players[0].hand) == 2


def test_hiring_beyond_reach_lays_coins_on_the_cards_to_the_left() -> None:
    m = at({"players": [{"silver": 10}, {"silver": 10}], "display": ROWS, "tax": 0})
    answer(m, "workshop")
    costs = {o.id: o.cost for o in m.prompts()[0].options}
    assert [costs[f"hire:0.{c}"] for c in range(4)] == [4, 5, 6, 7]
    answer(m, "hire:0.3")
    g = game_of(m)
    assert g.players[0].silver == 3 and g.tax == 2
    assert g.coins[0] == [1, 1, 1, 0] and g.players[0].apprentices == ["trickster"]
    answer(m, "workshop", "hire:0.0")  # the next hirer of a card takes the coins on it
    assert g.players[1].silver == 10 - 4 + 1
    assert g.display[0][:2] == ["miner_1", "thief"] and g.coins[0][:2] == [1, 1]


def test_low_virtue_ignores_tax_and_rudolf_pays_one_silver_less() -> None:
    m = at({"players": [{"silver": 10, "virtue": 1}], "display": ROWS, "tax": 0})
    answer(m, "workshop", "hire:1.0")
    assert game_of(m).players[0].silver == 8 and game_of(m).tax == 0
    m = at({"players": [{"silver": 10, "architect": "rudolf", "virtue": 3}], "display": ROWS, "tax": 0})
    answer(m, "workshop", "hire:1.0")
    assert game_of(m).players[0].silver == 8 and game_of(m).tax == 1


def test_hiring_at_the_limit_dismisses_one_first_to_the_bottom_of_the_deck() -> None:
    five = ["miner_2", "jeweller_1", "jeweller_2", "woodcutter_1", "woodcutter_2"]
    m = at({"players": [{"silver": 10, "apprentices": five}], "display": ROWS})
    answer(m, "workshop", "hire:0.0")
    assert key(m) == "dismiss_for_room"
    answer(m, "fire:0")
    g = game_of(m)
    assert g.players[0].apprentices == [*five[1:], "labourer"] and g.app_deck[0] == "miner_2"
    m = at({"players": [{"silver": 10, "apprentices": five, "architect": "rudolf"}], "display": ROWS})
    answer(m, "workshop", "hire:0.0")
    assert len(game_of(m).players[0].apprentices) == 6


def test_hire_virtue_applies() -> None:
    m = at({"players": [{"silver": 10, "virtue": 7}], "display": ROWS})
    answer(m, "workshop", "hire:0.2")  # the Thief: no Virtue change
    answer(m, "mines")
    m = at({"players": [{"silver": 10, "virtue": 7}], "display": [["trickster"], ["squire_gold"]]})
    answer(m, "workshop", "hire:0.0")
    assert game_of(m).players[0].virtue == 6


def test_tax_stand_needs_coins_costs_two_virtue_and_apprentices_help() -> None:
    m = at({"players": [{}], "tax": 0})
    assert "tax_stand" not in ids(m)
    with pytest.raises(IllegalAnswer):
        answer(m, "tax_stand")
    m = at({"players": [{"silver": 0, "virtue": 7, "apprentices": ["thief", "pickpocket"]}], "tax": 5})
    answer(m, "tax_stand")
    p = game_of(m).players[0]
    assert (p.silver, p.virtue, p.res["gold"], game_of(m).tax) == (5, 6, 1, 0)


def test_out_of_workers_the_turn_takes_one_back_from_a_plain_location() -> None:
    m = at({"players": [{"supply": 0, "workers": {"forest": 1}, "prison": 19}]})
    assert m.prompts()[0].seat == 1  # a lone source is taken without asking: the turn is over
    g = game_of(m)
    assert g.at["forest"][0] == 0 and g.players[0].supply == 1 and g.prison[0] == 19
    m = at({"players": [{"supply": 0, "prison": 20}]})
    g = game_of(m)
    assert g.prison[0] == 19 and g.players[0].supply == 1  # none on the board: from the Prison
