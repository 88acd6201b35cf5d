"""Setup by player count and seat, the one mulligan, and the content data set."""

from __future__ import annotations

import pytest
import yaml

from engine.core.errors import InvalidSetup
from engine.core.registry import get_game
from engine.games.farshore.content import load, ours_text, problems_in_text

from .helpers import answer, new_game, prompt

NAMED = {
    "admiral",
    "inn",
    "storehouse",
    "diver",
    "guildmaster",
    "windmill",
    "post_office",
    "merchant",
    "sailor_squirrel",
    "cartographer",
    "grove",
    "sand_sled",
    "navigator",
    "suspension_bridge",
    "treasure_hunter",
    "customs_house",
    "carrier_pigeon",
    "pirate",
    "landing",
    "abandoned_ship",
    "castaway",
    "sloop",
    "galleon",
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_by_player_count(players: int) -> None:
    game = new_game(players)
    assert [len(p.hand) for p in game.players] == [5, 6, 7, 8][:players]
    assert len(game.islands) == players and all(game.island_up.values())
    expected = {2: [2, 1], 3: [2, 1, 0], 4: [2, 1, 0, 0]}[players]
    assert all(stack == expected for stack in game.map_stacks.values()) and len(game.map_stacks) == 6
    assert all(p.anchors == 3 and p.workers == 2 and p.boat == 0 for p in game.players)
    names = game.bay_names()
    assert len(names) == 8 == len(set(names))
    total = len(game.deck) + sum(len(s) for s in game.bay) + sum(len(p.hand) for p in game.players)
    assert total == 125
    assert [p.seat for p in game.prompts()] == list(range(players))  # everyone decides the mulligan


def test_bay_stacks_duplicates_and_refills_to_eight_names() -> None:
    game = new_game(2)
    game.bay = []
    game.deck = ["grove", "pirate", "grove", "inn", "grove"] + [
        "sloop",
        "diver",
        "scout",
        "merchant",
        "castaway",
        "navigator",
        "galleon",
    ]
    game.deck.reverse()  # popped from the end: grove first
    game.refill_bay()
    assert game.bay[0] == ["grove", "grove", "grove"]
    assert len(game.bay) == 8 and len(set(game.bay_names())) == 8
    game.take_from_bay("grove")
    assert game.bay[0] == ["grove", "grove"]  # the other copies stay


def test_one_mulligan_draws_a_new_hand_of_the_same_size() -> None:
    game = new_game(3)
    old = list(game.players[1].hand)
    game.submit(0, ("keep",))
    events = game.submit(1, ("mulligan",))
    assert not events  # the answers are collected until every seat has chosen
    events = game.submit(2, ("keep",))
    assert len(game.players[1].hand) == 6 and game.players[1].mulligan
    assert sorted(game.discard) == sorted(old)
    public = [e for e in events if e.to is None]
    assert all("cards" not in e.data for e in public if e.kind in ("draw", "discard"))
    assert prompt(game).key == "farshore.prompt.action"  # no second mulligan is ever offered


def test_our_pack_is_valid_complete_and_marked() -> None:
    assert problems_in_text(ours_text()) == []
    content = load()
    assert len(content.deck()) == 125
    assert set(content.cards) >= NAMED
    assert all(c.ours for c in content.cards.values())  # every card carries some value of ours
    ours_only = {c.id for c in content.cards.values() if "card" in c.ours}
    assert ours_only.isdisjoint(NAMED) and len(ours_only) == len(content.cards) - len(NAMED)
    assert {c.id for c in content.cards.values() if c.no_space} == {"abandoned_ship", "castaway"}
    assert all(c.cost[3] == 0 for c in content.cards.values() if c.kind == "construction")
    assert len(content.shores) == 4 and len(content.islands) == 10
    assert len(content.compass_a) == len(content.compass_b) == 4 and len(content.maps) == 6
    assert content.track_points[-1] == 60


def test_an_upload_naming_an_unknown_effect_is_refused_by_name() -> None:
    data = yaml.safe_load(ours_text())
    data["cards"][0]["effect"] = [{"summon_kraken": 2}]
    problems = problems_in_text(yaml.safe_dump(data))
    assert len(problems) == 1 and "unknown effect 'summon_kraken'" in problems[0] and "admiral" in problems[0]
    with pytest.raises(InvalidSetup):
        get_game("farshore").normalize_options({"farshore_content": yaml.safe_dump(data)}, 2)


def test_an_upload_replaces_our_pack() -> None:
    data = yaml.safe_load(ours_text())
    data["cards"] = [c for c in data["cards"] if c["id"] != "pirate"]
    text = yaml.safe_dump(data, allow_unicode=True)
    options = get_game("farshore").normalize_options({"farshore_content": text}, 2)
    game = new_game(2, options=options)
    everywhere = game.deck + [c for s in game.bay for c in s] + [c for p in game.players for c in p.hand]
    assert "pirate" not in everywhere and len(everywhere) == 123


def test_other_problems_are_all_listed() -> None:
    data = yaml.safe_load(ours_text())
    data["cards"][1]["colour"] = "teal"
    data["cards"][2]["cost"] = {"mushroom": 1}
    data["boat_track"]["points"][-1] = 50
    problems = problems_in_text(yaml.safe_dump(data))
    assert any("colour must be" in p for p in problems)
    assert any("never requires Mushrooms" in p for p in problems)
    assert any("60" in p for p in problems)
    assert problems_in_text("cards: [") and problems_in_text("[]")


def test_offered_by_the_bot() -> None:
    from engine.core.registry import game_ids

    assert "farshore" in game_ids(released_only=True)


def test_answer_helper_round_trip() -> None:
    game = new_game(2)
    answer(game, "keep")
    assert prompt(game).seat == 1


def test_card_lookup_marks_our_values_in_both_languages() -> None:
    infos = {c.id: c for c in get_game("farshore").cards()}
    assert len([c for c in infos.values() if c.kind == "card"]) == 40
    assert infos["diver"].names == {"en": "Diver", "pt": "Mergulhador"}
    assert "values" in infos["diver"].ours and "card" not in infos["diver"].ours
    assert "card" in infos["kelp_farmer"].ours
    assert "our design" in infos["kelp_farmer"].describe("en") and "criação nossa" in infos[
        "kelp_farmer"
    ].describe("pt")
    assert infos["isle_gull"].kind == "location" and infos["isle_gull"].ours == ("values",)
    assert get_game("farshore").card_name("castaway", "pt") == "Náufrago"
