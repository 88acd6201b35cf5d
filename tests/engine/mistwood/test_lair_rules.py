"""Nightweave's Lair through the match contract: each rule of the Lair, as a scenario."""

from __future__ import annotations

import pytest

from engine.core.errors import InvalidSetup
from engine.core.match import Match
from engine.games.everdell.mistwood.loader import DATA
from tests.engine.mistwood.lair_helpers import MEADOW, from_position, game, her, ids, new_match, position


def test_solo_setup_two_player_board_five_cards_her_hand_and_winter_deck() -> None:
    for seed in range(20):
        m = new_match(seed=seed)
        g = game(m)
        assert len(g.forest) == 3 and "the_everdell_games" not in g.special_events
        assert len(g.players[0].hand) == 5
        flips = [d for k, d in her(m.opening_events) if k == "flip"]
        # she starts: her first card is already resolved, and it carries the spider icon
        assert g.activity.by_id()[flips[0]["card"]].spider
        assert len(g.lair.deck) + len(g.lair.played) == 8
        assert len(g.lair.hand) + len(g.lair.city) >= 1 or any(k == "discard" for k, _ in her(m.opening_events))
        assert m.prompt_for(0) is not None


def test_two_humans_three_player_board_and_two_cards_for_her() -> None:
    m = new_match(humans=2, seed=3)
    g = game(m)
    assert len(g.forest) == 4 and g.order == [2, 0, 1]
    assert all(len(g.players[p].hand) == 5 for p in (0, 1))
    setup = next(e for e in m.opening_events if e.kind == "setup")
    assert setup.data["nightweave"]["hand"] == 2


def test_she_rolls_and_plays_from_the_meadow_with_public_events() -> None:
    meadow = [c if c != "fool" else "farm" for c in MEADOW]
    m = from_position(position(["nw07"], meadow=meadow))  # winter: play_meadow / place_nightweave
    steps = her(m.opening_events)
    roll = next(d for k, d in steps if k == "roll")["value"]
    play = next(d for k, d in steps if k == "play")
    assert play == {"card": meadow[roll - 1], "source": f"meadow:{roll}"}
    assert [c.card for c in game(m).lair.city] == [meadow[roll - 1]]
    assert game(m).meadow[roll - 1] is not None  # refilled


def test_her_spider_blocks_the_spot_for_the_human() -> None:
    m = from_position(position(["nw02"]))  # winter spider card: basic_2_resin first
    assert ("place", {"loc": "basic_2_resin"}) in her(m.opening_events)
    assert "place:basic_2_resin" not in ids(m)
    assert "place:basic_3_twigs" in ids(m)


def test_a_blocked_spot_moves_her_along_the_decider() -> None:
    pos = position(["nw02"])
    pos["players"][0]["placed"] = ["basic_2_resin"]
    m = from_position(pos)
    # counter-clockwise from 2 resin on the ring 3 twigs > 2 resin > 1 pebble > berry+card
    assert ("blocked", {"target": "basic_2_resin", "moved_to": "basic_3_twigs"}) in her(m.opening_events)


def test_she_occupies_a_meadow_slot_that_stays_empty() -> None:
    pos = position(["nw06", "nw07"])  # winter: place_nightweave first
    pos["players"][0]["res"] = {"twig": 5, "resin": 5, "pebble": 5, "berry": 5}
    m = from_position(pos)
    g = game(m)
    slot = g.lair.meadow_slot
    assert slot is not None and g.meadow[slot] is None
    assert f"play:m{slot}" not in ids(m)
    other = next(i for i in ids(m) if i.startswith("play:m"))
    m.submit(0, (other,))  # the human's Meadow play refills every slot but hers
    assert g.lair.meadow_slot == slot and g.meadow[slot] is None


def test_gifts_give_her_cards_and_a_point_each() -> None:
    pos = position(["nw08"], hand=["farm", "mine", "wanderer", "husband", "wife"])
    pos["players"][0]["city"] = ["post_office"]
    m = from_position(pos)
    g = game(m)
    before_hand, before_tokens = len(g.lair.hand), g.lair.tokens
    uid = g.players[0].city[0].uid
    m.submit(0, (f"place:card:{uid}",))
    m.submit(0, ("farm", "mine"))  # two cards to give: she is the only opponent
    while m.prompt_for(0) is not None and m.prompt_for(0).key != "everdell.prompt.action":
        m.submit(0, ())
    assert g.lair.tokens >= before_tokens + 2
    assert len(g.lair.hand) >= before_hand + 2 - 1  # her next turn may already have used a card


def test_her_game_ends_at_the_autumn_prepare_and_ties_go_to_her() -> None:
    pos = position(["nw17"], season=3, workers=0, meadow_slot=0, tokens=0)
    pos["players"][0].update(season=3, passed=True, hand=[])
    m = from_position(pos, level=0)
    assert m.finished
    result = m.result()
    assert result is not None
    assert result.scores[0] == result.scores[1] == 0
    assert result.ranks == (2, 1) and result.details["nightweave"]["won"]
    assert any(k == "game_end" for k, _ in her(m.opening_events))


def test_harder_levels_score_the_table_bonuses() -> None:
    pos = position(["nw17"], season=3, workers=0, meadow_slot=0, city=["castle", "palace", "fool"])
    pos["players"][0].update(season=3, passed=True, hand=[])
    easy, hard = (from_position(pos, level=lvl).result() for lvl in (0, 4))
    assert easy is not None and hard is not None
    assert hard.details["nightweave"]["score"] > easy.details["nightweave"]["score"]


def test_options_are_checked() -> None:
    with pytest.raises(InvalidSetup):
        new_match(nightweave_level=5)
    with pytest.raises(InvalidSetup):
        new_match(modules=["plans", "plots"])
    with pytest.raises(InvalidSetup):
        new_match(pearlbrook=True)
    with pytest.raises(InvalidSetup):
        new_match(humans=2, modules=["plots"])


def test_replacement_deck_travels_in_the_options_and_replays() -> None:
    text = (DATA / "activity.yaml").read_text(encoding="utf-8").replace("decider: cw", "decider: ccw")
    m = new_match(seed=5, nightweave_deck=text)
    assert all(c.decider == "ccw" for c in game(m).activity.cards)
    again = Match.from_record(m.record())
    assert again.view(0) == m.view(0)
    with pytest.raises(InvalidSetup) as err:
        new_match(nightweave_deck=text.replace("play_meadow", "fly", 1))
    assert "unknown action 'fly'" in err.value.params["problems"]


def test_plots_offer_the_thwart_before_anything_happens() -> None:
    # winter -> spring Prepare draws "caught": the discard-2 thwart comes before the roll
    pos = position(["nw04"], workers=0, meadow_slot=0, plots=["caught"])
    pos["players"][0]["res"] = {"berry": 3}
    m = from_position(pos, modules=["plots"])
    prompt = m.prompt_for(0)
    assert prompt is not None and prompt.key == "nightweave.prompt.thwart"
    assert prompt.params["what"] == "caught"
    assert not any(k == "roll" and d["value"] for k, d in her(m.opening_events)[-1:])
    events = m.submit(0, ("decline",))
    assert any(k == "roll" for k, _ in her(events))


def test_copycat_lets_her_score_what_is_left_in_hand() -> None:
    pos = position(["nw04"], workers=0, meadow_slot=0, plots=["copycat"])
    m = from_position(pos, modules=["plots"])
    g = game(m)
    assert m.prompt_for(0).key == "nightweave.prompt.copycat"
    tokens = g.lair.tokens
    m.submit(0, ("farm", "mine"))
    assert g.lair.tokens == tokens + 2 * 3


def test_narcissist_closes_the_cards_around_her() -> None:
    m = from_position(position(["nw06"]), modules=["personalities"], personality="narcissist")
    g = game(m)
    slot = g.lair.meadow_slot
    assert slot is not None
    near = {s for s in range(8) if s != slot and max(abs(s // 4 - slot // 4), abs(s % 4 - slot % 4)) == 1}
    offered = {int(i[6:]) for i in ids(m) if i.startswith("play:m")}
    assert not offered & near


def test_power_grab_thwart_is_asked_when_she_enters_the_meadow() -> None:
    pos = position(["nw06"])
    pos["players"][0]["tokens"] = 2
    m = from_position(pos, modules=["plans"], plan="power_grab")
    prompt = m.prompt_for(0)
    assert prompt is not None and prompt.key == "nightweave.prompt.thwart" and prompt.params["what"] == "power_grab"
    m.submit(0, ("thwart",))  # paid with both point tokens (no resources to split)
    assert m.prompt_for(0).key == "nightweave.prompt.power_grab_pick"
    m.submit(0, ("husband",))
    assert "husband" in [c.card for c in game(m).lair.city]


def test_two_humans_the_decider_picks_whose_destination() -> None:
    pos = position(["nw05"] * 1)
    pos["players"] = [{"hand": ["farm"], "city": ["inn"]}, {"hand": ["mine"], "city": ["inn"]}]
    m = from_position(pos, humans=2)
    assert game(m).lair.placed  # she acted before anyone
