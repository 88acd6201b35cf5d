"""Corrin Evertail (the `corrin` option): refusal without the missing card data, free plays by
colour, each card's effect, city space, and random play to the end with Corrin and the special
Farms. Costs, points, colours and Farms come from the invented TEST data file."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.core.errors import InvalidSetup
from engine.core.match import Match
from engine.games.everdell import normalize_options
from engine.games.everdell.bots import POLICIES
from engine.games.everdell.data import full_deck
from engine.games.everdell.scoring import breakdown
from tests.engine.everdell.helpers import Scenario, game_of, seats_for
from tests.engine.everdell.helpers import pos as table_pos

TEST_CARDS = (Path(__file__).parent / "data" / "corrin_farms_test_cards.yaml").read_text(encoding="utf-8")
CORRIN: dict[str, Any] = {"corrin": True, "mistwood_cards": TEST_CARDS}
BOTH: dict[str, Any] = {"corrin": True, "farms": True, "mistwood_cards": TEST_CARDS}
GAMES = int(os.environ.get("CORRIN_GAMES", "200"))
MEADOW = ["mine", "twig_barge", "wanderer", "teacher", "inn", "general_store", "resin_refinery", "fool"]
DECK = ["king", "queen", "mine", "crane", "ruins", "wife", "husband", "lookout", "judge", "barge_toad"]


def pos(*players: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return table_pos(*players, meadow=MEADOW, deck=DECK, **extra)


def pay(s: Scenario, method: str = "") -> None:
    """Answer the payment prompt when there is one (a single way to pay is taken unasked)."""
    if s.prompt.key == "everdell.prompt.payment":
        s.answer(next(i for i in s.ids() if i.startswith(method)))


def scenario(*players: dict[str, Any], **extra: Any) -> Scenario:
    return Scenario(pos(*players, **extra), players=len(players), **CORRIN)


# ------------------------------------------------------------------------------------ options
def test_refused_while_the_card_data_is_incomplete() -> None:
    for options in ({"corrin": True}, {"corrin": True, "opponent": "nightweave"}):
        with pytest.raises(InvalidSetup) as caught:
            normalize_options(options, 1 if "opponent" in options else 2)
        assert caught.value.key == "error.mistwood.card_data_missing"
        assert caught.value.params["pack"] == "corrin"
        assert "corrin_king: color, cost, points, unique" in caught.value.params["missing"]
        assert "corrin_field: cost, points, unique" in caught.value.params["missing"]


def test_option_absent_when_off_and_kept_with_complete_data() -> None:
    assert not {"corrin", "farms", "mistwood_cards"} & set(normalize_options({}, 2))
    out = normalize_options(dict(CORRIN), 3)
    assert out["corrin"] is True and out["mistwood_cards"] == TEST_CARDS and "farms" not in out
    with pytest.raises(InvalidSetup) as caught:
        normalize_options({"corrin": "yes"}, 2)
    assert caught.value.key == "error.bad_option"


def test_partial_data_names_only_what_is_still_missing() -> None:
    text = "cards:\n  - {id: corrin_field, cost: {twig: 1}, points: 1, unique: true}\n"
    with pytest.raises(InvalidSetup) as caught:
        normalize_options({"corrin": True, "mistwood_cards": text}, 2)
    assert "corrin_field" not in caught.value.params["missing"]
    assert "corrin_trail: color" in caught.value.params["missing"]


def test_the_five_cards_are_shuffled_into_the_deck() -> None:
    g = game_of(Match("everdell", seats_for(2), normalize_options(dict(CORRIN), 2), 5))
    expected = Counter(full_deck()) + Counter(
        ["corrin_field", "corrin_trail", "corrin_king", "corrin_leader", "corrin_warrior"]
    )
    assert Counter(g.all_cards()) == expected
    assert g.card["corrin_king"].points == 2 and g.card["corrin_king"].color == "prosperity"


# ----------------------------------------------------------------------------------- free play
def test_king_free_on_any_purple_construction_such_as_a_school() -> None:
    s = scenario({"hand": ["corrin_king"], "city": ["school"]}, {})
    s.answer("play:h:corrin_king")  # the only way to pay: the School, though it hosts the Teacher
    assert "corrin_king" in s.city(0) and s.player(0).city[0].occupied
    assert s.player(0).res["berry"] == 0


def test_king_not_free_on_a_purple_critter_or_another_colour() -> None:
    s = scenario({"hand": ["corrin_king"], "city": ["wife", "mine"], "res": {"berry": 4}}, {})
    s.answer("play:h:corrin_king")
    assert not [i for i in s.ids() if i.startswith("occupy@")]
    s2 = scenario({"hand": ["corrin_king"], "city": ["wife", "mine"]}, {})
    assert "play:h:corrin_king" not in s2.ids()  # no berries and no host: not playable


def test_field_hosts_any_green_critter_but_not_a_traveler() -> None:
    s = scenario({"hand": ["miner_mole", "wanderer"], "city": ["corrin_field"]}, {})
    assert "play:h:miner_mole" in s.ids()
    assert "play:h:wanderer" not in s.ids()
    s.answer("play:h:miner_mole")
    pay(s, "occupy@")
    assert "miner_mole" in s.city(0)


def test_trail_hosts_a_traveler_and_warrior_sits_on_a_red_construction() -> None:
    s = scenario({"hand": ["wanderer", "corrin_warrior"], "city": ["corrin_trail", "inn"]}, {})
    assert {"play:h:wanderer", "play:h:corrin_warrior"} <= set(s.ids())


def test_an_occupied_host_hosts_nothing_more() -> None:
    s = scenario({"hand": ["corrin_king"], "city": [{"card": "school", "occupied": True}]}, {})
    assert "play:h:corrin_king" not in s.ids()


# --------------------------------------------------------------------------------------- Field
def test_field_gives_a_berry_per_opponent_farm_and_they_may_draw() -> None:
    s = scenario(
        {"hand": ["corrin_field"], "res": {"twig": 2, "resin": 1}},
        {"city": ["farm", "farm"], "hand": []},
    )
    s.answer("play:h:corrin_field")
    pay(s)
    assert s.prompt.key == "everdell.prompt.corrin_field_draw" and s.prompt.seat == 1
    assert s.prompt.params["n"] == 2
    s.answer("yes")
    assert s.player(0).res["berry"] == 3  # 1 + 1 per Farm in the opponent's city
    assert len(s.player(1).hand) == 2


def test_field_opponent_may_decline_and_own_farms_do_not_count() -> None:
    s = scenario(
        {"hand": ["corrin_field"], "res": {"twig": 2, "resin": 1}, "city": ["farm"]},
        {"city": ["farm"]},
    )
    s.answer("play:h:corrin_field")
    pay(s)
    s.answer("no")
    assert s.player(0).res["berry"] == 1 + 1  # the player's own Farm neither counts nor produces
    assert s.player(1).hand == []


# --------------------------------------------------------------------------------------- Trail
def test_trail_uses_a_location_an_opponent_occupies() -> None:
    s = scenario(
        {"city": ["corrin_trail"]},
        {"placed": ["basic_3_twigs", "forest_3_berries"]},
    )
    uid = s.player(0).city[0].uid
    assert "place:basic_3_twigs" not in s.ids()  # taken by the opponent
    s.answer(f"place:card:{uid}")
    assert s.prompt.key == "everdell.prompt.corrin_trail"
    assert set(s.ids()) == {"basic_3_twigs", "forest_3_berries"}
    s.answer("basic_3_twigs")
    assert s.player(0).res["twig"] == 3


def test_trail_copies_an_opponent_destination_but_never_the_excluded_ones() -> None:
    # uids follow the position: the Trail is 1, then the opponent's Post Office 2, Chapel 3
    s = scenario(
        {"city": ["corrin_trail"], "hand": ["mine", "farm", "king"]},
        {"city": ["post_office", "chapel", "monastery", "cemetery"], "placed": ["card:2", "card:3"]},
    )
    s.answer("place:card:1")
    # the Chapel is excluded, so the Post Office is the only choice and is used unasked
    used = [e.data["location"] for e in s.events if e.kind == "corrin_trail"]
    assert used == ["card:2"]
    assert s.prompt.key.startswith("everdell.prompt.post_office")
    assert s.player(1).tokens == 0  # not a visit: the owner scores nothing


def test_trail_not_offered_with_nothing_to_copy() -> None:
    s = scenario({"city": ["corrin_trail"]}, {"city": ["chapel"]})
    uid = s.player(0).city[0].uid
    assert f"place:card:{uid}" not in s.ids()


# ---------------------------------------------------------------------------------------- King
def test_king_scores_the_opponent_with_most_purple_cards() -> None:
    s = Scenario(
        pos(
            {"city": ["corrin_king"]},
            {"city": ["castle", "palace", "mine"]},
            {"city": ["school"]},
        ),
        players=3,
        **CORRIN,
    )
    assert breakdown(s.game, 0)["prosperity"] == 2
    assert breakdown(s.game, 0)["cards"] == 2  # the TEST value


# -------------------------------------------------------------------------------------- Leader
def test_leader_gives_one_drawn_card_for_a_point_token() -> None:
    s = scenario({"city": ["corrin_leader"]}, {})
    s.answer("place:basic_2_cards_1_point")
    assert s.prompt.key == "everdell.prompt.corrin_leader"
    assert {o.card for o in s.prompt.options if o.card} == {"king", "queen"}  # the deck's top two
    s.answer("h:queen")
    assert s.player(1).hand == ["queen"] and s.player(0).hand == ["king"]
    assert s.player(0).tokens == 1 + 1  # the location's point and the Leader's


def test_leader_may_keep_every_card_and_needs_to_be_in_the_city() -> None:
    s = scenario({"city": ["corrin_leader"]}, {})
    s.answer("place:basic_1_resin_1_card")
    s.answer("none")
    assert s.player(0).tokens == 0 and s.player(1).hand == []
    s2 = scenario({}, {})
    s2.answer("place:basic_1_resin_1_card")
    assert s2.prompt.key == "everdell.prompt.action"


# ------------------------------------------------------------------------------------- Warrior
def test_warrior_gives_cards_and_resources_for_point_tokens() -> None:
    s = scenario({"hand": ["corrin_warrior", "mine", "farm"], "res": {"berry": 3, "pebble": 1}}, {}, {})
    s.answer("play:h:corrin_warrior")
    pay(s)  # 2 berries
    assert s.prompt.key == "everdell.prompt.corrin_warrior"
    s.answer("h:mine")
    s.answer("seat:2")
    s.answer("r:pebble")
    s.answer("seat:1")
    s.answer("none")
    assert s.player(0).tokens == 2
    assert s.player(2).hand == ["mine"] and s.player(1).res["pebble"] == 1
    assert s.player(0).hand == ["farm"] and s.player(0).res == {
        "twig": 0,
        "resin": 0,
        "pebble": 0,
        "berry": 1,
    }


def test_warrior_stops_after_eight_gifts() -> None:
    s = scenario({"hand": ["corrin_warrior"], "city": ["inn"], "res": {"berry": 10}}, {})
    s.answer("play:h:corrin_warrior")
    pay(s, "occupy@")
    for _ in range(8):
        assert s.prompt.key == "everdell.prompt.corrin_warrior"
        s.answer("r:berry")  # one opponent: the recipient needs no question
    assert s.prompt.key == "everdell.prompt.action"
    assert s.player(0).tokens == 8 and s.player(1).res["berry"] == 8 and s.player(0).res["berry"] == 2


# --------------------------------------------------------------------------------- city space
def test_trail_and_warrior_take_no_city_space() -> None:
    full = ["mine"] * 15
    s = scenario(
        {"hand": ["corrin_warrior", "corrin_king"], "city": [*full[:14], "inn"], "res": {"berry": 6}}, {}
    )
    assert "play:h:corrin_warrior" in s.ids() and "play:h:corrin_king" not in s.ids()
    assert s.game.used_spaces(s.player(0)) == 15
    s.answer("play:h:corrin_warrior")
    pay(s, "occupy@")
    s.answer("none")
    assert s.game.used_spaces(s.player(0)) == 15


# -------------------------------------------------------------------------------- random play
def expected_deck(options: dict[str, Any]) -> Counter[str]:
    deck = Counter(full_deck())
    if options.get("farms"):
        del deck["farm"]
        deck.update(f"farm_test_{c}" for c in "abcdefgh")
    if options.get("corrin"):
        deck.update(["corrin_field", "corrin_trail", "corrin_king", "corrin_leader", "corrin_warrior"])
    return deck


def play_game(seed: int) -> Match:
    players = 2 + seed % 3
    options = normalize_options({**BOTH, **({"player_powers": True} if seed % 5 == 0 else {})}, players)
    match = Match("everdell", seats_for(players), options, seed)
    bots = [POLICIES["heuristic" if (seed + i) % 2 else "random"](i, seed) for i in range(players)]
    answers = 0
    while not match.finished:
        for prompt in match.prompts():
            match.submit(
                prompt.seat, bots[prompt.seat].choose(match.view(prompt.seat), prompt), pid=prompt.pid
            )
            answers += 1
        assert answers < 20_000, "the match does not end"
    return match


def test_random_and_heuristic_games_with_corrin_and_farms_end_and_replay() -> None:
    played: Counter[str] = Counter()
    for seed in range(GAMES):
        match = play_game(seed)
        g = game_of(match)
        assert Counter(g.all_cards()) == expected_deck(BOTH)
        assert not g.limbo and not g.corrin_draws
        result = match.result()
        assert result is not None
        for seat in range(len(match.seats)):
            pl = g.players[seat]
            assert result.scores[seat] == breakdown(g, seat)["total"]
            assert g.used_spaces(pl) <= 15 and len(pl.hand) <= pl.hand_limit
            played.update(cc.card for cc in pl.city if cc.card.startswith(("corrin_", "farm_test")))
        if seed % 10 == 0:
            again = Match.from_record(json.loads(json.dumps(match.record())))
            assert again.finished and again.result() == result
            assert [again.view(s) for s in range(len(match.seats))] == [
                match.view(s) for s in range(len(match.seats))
            ]
    if GAMES >= 200:  # every pack card reaches a city somewhere
        assert {"corrin_field", "corrin_trail", "corrin_king", "corrin_leader", "corrin_warrior"} <= set(
            played
        )
        assert sum(v for k, v in played.items() if k.startswith("farm_")) > 50


def test_warrior_gifts_to_rugwort_still_score() -> None:
    s = Scenario(
        pos({"hand": ["corrin_warrior", "mine"], "res": {"berry": 2, "twig": 1}}), players=1, **CORRIN
    )
    s.answer("play:h:corrin_warrior")
    pay(s)
    s.answer("h:mine")
    s.answer("r:twig")
    assert s.player(0).tokens == 2 and "mine" in s.game.discard  # his cards are discarded
    assert s.player(1).res["twig"] == 1
