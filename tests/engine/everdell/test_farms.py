"""Through Every Season (the `farms` option): the completion file's Farm schema and its errors,
the 8 special Farms replacing the base ones, the ability choice on play and at Production, Farms
counted by the base cards, and the Pigs' pile of special Farms. Values come from the invented TEST
data file."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
import yaml

from engine.core.errors import InvalidSetup
from engine.core.match import Match
from engine.games.everdell import normalize_options
from engine.games.everdell.data import full_deck
from engine.games.everdell.mistwood import card_data
from tests.engine.everdell.helpers import Scenario, game_of, seats_for
from tests.engine.everdell.helpers import pos as table_pos
from tests.engine.everdell.test_corrin import MEADOW, TEST_CARDS, pay

FARMS: dict[str, Any] = {"farms": True, "mistwood_cards": TEST_CARDS}
SPECIAL = [f"farm_test_{c}" for c in "abcdefgh"]
DECK = ["king", "queen", "mine", "crane", "ruins", "wife", "husband", "lookout", "judge", "inn"]


def pos(*players: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return table_pos(*players, meadow=MEADOW, deck=DECK, **extra)


def scenario(*players: dict[str, Any], **extra: Any) -> Scenario:
    options: dict[str, Any] = dict(FARMS)
    if any(p.get("power") for p in players):
        options["player_powers"] = True
    return Scenario(pos(*players, **extra), players=len(players), **options)


def farms_file(**change: Any) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(TEST_CARDS)
    data.pop("cards")
    first = data["farms"][0]
    first.update(change)
    return data


def problems(data: Any) -> list[str]:
    return card_data.check_file(yaml.safe_dump(data, sort_keys=False))


# ------------------------------------------------------------------------------- the schema
def test_shipped_data_refuses_the_option() -> None:
    with pytest.raises(InvalidSetup) as caught:
        normalize_options({"farms": True}, 2)
    assert caught.value.key == "error.mistwood.card_data_missing"
    assert caught.value.params == {"pack": "farms", "missing": "farms: 8 cards, 0 given"}


def test_the_test_file_is_complete_and_clean() -> None:
    assert card_data.check_file(TEST_CARDS) == []
    assert [e["id"] for e in card_data.complete_entries("farms", dict(FARMS))] == SPECIAL


def test_fewer_than_eight_farms_is_missing_data() -> None:
    data = farms_file()
    data["farms"] = data["farms"][:7]
    with pytest.raises(InvalidSetup) as caught:
        normalize_options({"farms": True, "mistwood_cards": yaml.safe_dump(data)}, 2)
    assert caught.value.params["missing"] == "farms: 8 cards, 7 given"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"id": "orchard"}, "id 'orchard' must be 'farm_'"),
        ({"cost": {"gold": 1}}, "farm_test_a: 'cost' must map twig/resin/pebble/berry"),
        ({"cost": {"twig": -1}}, "farm_test_a: 'cost' amounts must be whole numbers"),
        ({"points": "two"}, "farm_test_a: 'points' must be a whole number"),
        ({"name_pt": ""}, "farm_test_a: 'name_pt' must be a non-empty text"),
        ({"abilities": [{"gain": {"berry": 1}}]}, "farm_test_a: 'abilities' must list exactly 2"),
        ({"abilities": [{"steal": 1}, {"draw": 1}]}, "farm_test_a: ability 1: unknown effect 'steal'"),
        (
            {"abilities": [{"draw": 0}, {"draw": 1}]},
            "farm_test_a: ability 1: 'draw' must be a whole number from 1",
        ),
        (
            {"abilities": [{"draw": 1}, {"gain": {"berry": 0}}]},
            "farm_test_a: ability 2: 'gain' must map resources",
        ),
        ({"abilities": [{"per_farm": True}, {"draw": 1}]}, "farm_test_a: ability 1 has no effect besides"),
        ({"abilities": [{"draw": 1, "per_farm": "yes"}, {"draw": 1}]}, "'per_farm' must be true or false"),
        ({"colour": "green"}, "farm_test_a: unknown field(s) colour"),
    ],
)
def test_each_broken_farm_is_reported_by_card(change: dict[str, Any], message: str) -> None:
    found = problems(farms_file(**change))
    assert any(message in p for p in found), found


def test_missing_fields_and_duplicate_ids_are_reported() -> None:
    data = farms_file()
    del data["farms"][1]["abilities"]
    data["farms"][2]["id"] = "farm_test_a"
    found = problems(data)
    assert "farm_test_b: missing field(s) abilities" in found
    assert "farm_test_a: the id is used twice" in found


def test_a_broken_file_refuses_the_option_naming_the_card() -> None:
    text = yaml.safe_dump(farms_file(points=-3))
    with pytest.raises(InvalidSetup) as caught:
        normalize_options({"farms": True, "mistwood_cards": text}, 2)
    assert caught.value.key == "error.mistwood.bad_card_data"
    assert "farm_test_a: 'points'" in caught.value.params["problems"]


def test_corrin_values_are_type_checked_too() -> None:
    text = "cards:\n  - {id: corrin_king, color: purple, cost: {berry: x}, unique: 1}\n"
    found = card_data.check_file(text)
    assert "corrin_king: 'cost' amounts must be whole numbers from 0 to 10" in found
    assert "corrin_king: 'unique' must be true or false" in found
    assert any(p.startswith("corrin_king: 'color' must be one of") for p in found)


# ------------------------------------------------------------------------------------ the deck
def test_special_farms_replace_the_base_farms() -> None:
    g = game_of(Match("everdell", seats_for(2), normalize_options(dict(FARMS), 2), 3))
    cards = Counter(g.all_cards())
    assert cards["farm"] == 0 and all(cards[f] == 1 for f in SPECIAL)
    assert sum(cards.values()) == len(full_deck())
    assert g.cost["farm_test_h"] == (0, 0, 0, 0) and g.card["farm_test_d"].points == 2


# ------------------------------------------------------------------------------- activations
def test_on_play_the_owner_picks_one_ability() -> None:
    s = scenario({"hand": ["farm_test_a"], "res": {"twig": 2, "resin": 1}}, {})
    s.answer("play:h:farm_test_a")
    pay(s)
    assert s.prompt.key == "everdell.prompt.farm_ability"
    assert s.prompt.params["abilities"] == [{"gain": {"berry": 2}}, {"draw": 1, "points": 1}]
    s.answer("a1")
    assert s.player(0).hand == ["king"] and s.player(0).tokens == 1 and s.player(0).res["berry"] == 0


def test_production_asks_again_and_per_farm_counts_every_farm() -> None:
    s = scenario({"city": ["farm_test_b", "farm_test_c", "farm_test_h"], "workers": 0}, {})
    # preparing is the only action left, so it is taken unasked and spring's Production runs
    keys = []
    while s.prompt.key == "everdell.prompt.farm_ability":
        keys.append(s.prompt.params["card"])
        s.answer("a0")
        if s.prompt.key == "everdell.prompt.farm_meadow":
            s.answer("m0")
    assert keys == ["farm_test_b", "farm_test_c", "farm_test_h"]
    assert s.player(0).res["twig"] == 3  # 1 twig per Farm, three Farms
    assert "mine" in s.player(0).hand and s.player(0).res["berry"] == 1


def test_gain_any_asks_for_the_resource() -> None:
    s = scenario({"hand": ["farm_test_g"], "res": {"twig": 1, "berry": 1}}, {})
    s.answer("play:h:farm_test_g")
    pay(s)
    s.answer("a0")
    assert s.prompt.key == "everdell.prompt.gain_any"
    s.answer("0.0.2.0")
    assert s.player(0).res["pebble"] == 2


def test_special_farms_are_farms_for_the_base_cards() -> None:
    s = scenario({"hand": ["husband"], "city": ["farm_test_a", "farm_test_b"]}, {})
    assert "play:h:husband" in s.ids()  # free on a special Farm: no resources at all
    s.answer("play:h:husband")
    assert [o.id.split("@")[0] for o in s.prompt.options] == ["occupy", "occupy"]
    pay(s, "occupy@")
    assert "husband" in s.city(0)
    toad = scenario({"hand": ["barge_toad"], "city": ["farm_test_a", "farm_test_b"], "res": {"berry": 2}}, {})
    toad.answer("play:h:barge_toad")
    pay(toad)
    assert toad.player(0).res["twig"] == 4  # 2 twigs per Farm


# ----------------------------------------------------------------------------------------- Pigs
def test_pigs_pile_holds_the_shuffled_special_farms() -> None:
    options = normalize_options({**FARMS, "player_powers": True}, 2)
    seen = set()
    for seed in range(40):
        match = Match("everdell", seats_for(2), options, seed)
        setup = ("everdell.prompt.power", "everdell.prompt.spiders_place")
        while any(p.key in setup for p in match.prompts()):
            prompt = next(p for p in match.prompts() if p.key in setup)
            ids = [o.id for o in prompt.options]
            match.submit(prompt.seat, ("power:pigs" if "power:pigs" in ids else ids[0],), pid=prompt.pid)
        g = game_of(match)
        if any(pl.power == "pigs" for pl in g.players):
            in_hands = [c for pl in g.players for c in pl.hand if c.startswith("farm_")]
            assert sorted(g.pig_pile + in_hands) == SPECIAL and "farm" not in g.all_cards()
            assert not [c for c in g.deck + g.meadow if c and c.startswith("farm_")]
            assert match.prompts()[0].key == "everdell.prompt.pigs_free"
            seen.add(tuple(g.pig_pile))
    assert len(seen) > 1  # shuffled


def test_pigs_buy_the_top_special_farm_at_its_own_cost() -> None:
    s = scenario(
        {"power": "pigs"},
        {"res": {"twig": 2, "pebble": 1}},
        pig_pile=["farm_test_a", "farm_test_d"],
    )
    s.answer("place:basic_1_berry")
    assert "play:pile" in s.ids()
    s.answer("play:pile")
    pay(s)
    assert s.prompt.key == "everdell.prompt.farm_ability" and s.prompt.params["card"] == "farm_test_d"
    s.answer("a0")
    assert s.city(1) == ["farm_test_d"] and s.player(1).tokens == 2 and s.player(0).tokens == 2
    assert s.game.pig_pile == ["farm_test_a"]


def test_pigs_special_farms_take_no_space_and_play_free() -> None:
    city = ["mine"] * 15
    s = scenario({"power": "pigs", "city": city, "workers": 0}, {}, pig_pile=["farm_test_h", "farm_test_a"])
    # preparing is forced; after it the Pigs' owner is offered the top Farm free
    assert s.prompt.key == "everdell.prompt.pigs_free"
    s.answer("yes")
    assert s.prompt.key == "everdell.prompt.farm_ability"
    s.answer("a1")
    assert "farm_test_a" in s.city(0) and s.game.used_spaces(s.player(0)) == 15
    assert s.game.pig_pile == ["farm_test_h"]


def test_a_chip_sweep_copying_a_special_farm_also_picks_an_ability() -> None:
    s = scenario({"hand": ["chip_sweep"], "city": ["farm_test_d"], "res": {"berry": 3}}, {})
    s.answer("play:h:chip_sweep")
    pay(s)
    # the only green card to copy is taken unasked; the copy asks for its own ability
    assert s.prompt.key == "everdell.prompt.farm_ability" and s.prompt.params["card"] == "farm_test_d"
    s.answer("a0")
    assert s.player(0).tokens == 2
