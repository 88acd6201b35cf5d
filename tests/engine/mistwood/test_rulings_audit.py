"""Nightweave rulings checked one by one through the match: what she gets from gifts, how the
base cards meet her city, and what changes once her game is over."""

from __future__ import annotations

from engine.core.events import Event
from engine.core.match import Match
from tests.engine.mistwood.lair_helpers import from_position, game, her, position


def _her_city(m: Match) -> list[str]:
    g = game(m)
    return [c.card for c in g.players[g.nw].city]


def _decline_the_rest(m: Match) -> None:
    """Answer the human's remaining optional questions with nothing (the Post Office discard)."""
    prompt = m.prompt_for(0)
    while prompt is not None and prompt.key != "everdell.prompt.action":
        m.submit(0, ())
        prompt = m.prompt_for(0)


def test_resources_given_to_her_become_draws_without_points() -> None:
    # winter: she draws first; her second card only places a spider (no points)
    pos = position(["nw08", "nw05"])
    pos["players"][0].update(city=["monastery"], res={"twig": 2})
    m = from_position(pos)
    g = game(m)
    hand, tokens = len(g.lair.hand), g.lair.tokens
    uid = g.players[0].city[0].uid
    m.submit(0, (f"place:card:{uid}",))
    assert len(g.lair.hand) == hand + 2 and g.lair.tokens == tokens
    assert g.players[0].tokens == 4 and g.players[0].res["twig"] == 0


def test_cards_given_to_her_score_one_token_each() -> None:
    pos = position(["nw08", "nw05"])
    pos["players"][0].update(city=["post_office"], hand=["farm", "mine", "wanderer"])
    m = from_position(pos)
    g = game(m)
    hand, tokens = len(g.lair.hand), g.lair.tokens
    m.submit(0, (f"place:card:{g.players[0].city[0].uid}",))
    m.submit(0, ("farm", "mine"))
    _decline_the_rest(m)
    assert len(g.lair.hand) == hand + 2 and g.lair.tokens == tokens + 2


def test_a_human_fool_goes_into_her_city() -> None:
    pos = position(["nw08", "nw05"], hand=["fool"])
    pos["players"][0]["res"] = {"berry": 3}
    m = from_position(pos)
    m.submit(0, ("play:h:fool",))
    assert _her_city(m) == ["fool"]
    assert "fool" not in [c.card for c in game(m).players[0].city]


def test_no_fool_for_her_when_she_already_has_one() -> None:
    pos = position(["nw08", "nw05"], hand=["fool", "farm"], city=["fool"])
    pos["players"][0]["res"] = {"berry": 3}
    m = from_position(pos)
    prompt = m.prompt_for(0)
    assert prompt is not None and "play:h:fool" not in [o.id for o in prompt.options]


def test_visiting_her_open_inn_scores_her_a_token() -> None:
    pos = position(["nw08", "nw05"], city=["inn"])
    m = from_position(pos)
    g = game(m)
    tokens = g.lair.tokens
    inn = g.players[g.nw].city[0].uid
    m.submit(0, (f"place:card:{inn}",))
    m.submit(0, ("m0",))  # the Farm costs 3: free at the Inn
    assert "farm" in [c.card for c in g.players[0].city]
    assert g.lair.tokens == tokens + 1


def test_a_miner_mole_copies_a_green_card_in_her_city() -> None:
    pos = position(["nw08", "nw05"], hand=["miner_mole"], city=["mine"])
    pos["players"][0]["res"] = {"berry": 3}
    m = from_position(pos)
    m.submit(0, ("play:h:miner_mole",))
    assert game(m).players[0].res["pebble"] == 1


def test_she_may_hold_two_copies_of_a_unique_card() -> None:
    meadow = ["queen"] * 8
    m = from_position(position(["nw07", "nw05"], meadow=meadow, city=["queen"]))  # winter: play_meadow
    assert _her_city(m) == ["queen", "queen"]
    assert any(k == "play" and d["card"] == "queen" for k, d in her(m.opening_events))


def test_nothing_is_given_to_her_once_her_game_is_over() -> None:
    pos = position(["nw17"], season=3, workers=0, meadow_slot=0)
    pos["players"][0].update(season=3, city=["post_office"], hand=["farm", "mine", "wanderer"])
    m = from_position(pos)
    g = game(m)
    assert g.lair.finished and not m.finished
    hand, tokens = len(g.lair.hand), g.lair.tokens
    m.submit(0, (f"place:card:{g.players[0].city[0].uid}",))
    m.submit(0, ("farm", "mine"))
    assert len(g.lair.hand) == hand and g.lair.tokens == tokens
    assert {"farm", "mine"} <= set(g.discard)


def test_a_fool_she_rolls_on_entering_the_meadow_goes_to_the_human() -> None:
    m = from_position(position(["nw06", "nw05"], meadow=["fool"] * 8))  # winter: she enters the Meadow
    g = game(m)
    slot = g.lair.meadow_slot
    assert slot is not None and g.meadow[slot] is None
    assert [c.card for c in g.players[0].city] == ["fool"] and _her_city(m) == []


def test_a_second_fool_she_rolls_is_discarded_as_her_action() -> None:
    pos = position(["nw07", "nw05"], meadow=["fool"] * 8)  # winter: play from the Meadow
    pos["players"][0]["city"] = ["fool"]
    m = from_position(pos)
    g = game(m)
    assert [c.card for c in g.players[0].city] == ["fool"] and _her_city(m) == []
    assert "fool" in g.discard


def test_she_takes_one_last_event_she_fully_meets_when_her_game_ends() -> None:
    pos = position(["nw17"], season=3, workers=0, meadow_slot=0, city=["inn", "inn", "post_office"])
    m = from_position(pos)
    g = game(m)
    assert g.lair.finished
    assert "basic_destination" in g.lair.events
    assert g.claims["basic_destination"].owner == g.nw
    assert any(k == "event" and d.get("final") for k, d in her(m.opening_events))


def test_with_nothing_met_she_takes_no_last_event() -> None:
    pos = position(["nw17"], season=3, workers=0, meadow_slot=0, city=["inn", "farm"])
    g = game(from_position(pos))
    assert g.lair.finished and g.lair.events == []


def test_after_her_game_a_visit_to_her_inn_still_scores_her() -> None:
    pos = position(["nw17"], season=3, workers=0, meadow_slot=0, city=["inn"])
    m = from_position(pos)
    g = game(m)
    assert g.lair.finished
    tokens = g.lair.tokens
    inn = g.players[g.nw].city[0].uid
    m.submit(0, (f"place:card:{inn}",))
    m.submit(0, ("m0",))
    assert g.lair.tokens == tokens + 1


def test_her_figure_leaves_the_meadow_when_her_game_ends_and_the_slot_refills() -> None:
    pos = position(["nw17"], season=3, workers=0, meadow_slot=0)
    m = from_position(pos)
    g = game(m)
    assert g.lair.finished and g.lair.meadow_slot is None
    assert all(card is not None for card in g.meadow)


def test_visiting_her_post_office_pays_the_visit_and_the_two_gifts() -> None:
    pos = position(["nw08", "nw05"], hand=["farm", "mine", "wanderer"], city=["post_office"])
    m = from_position(pos)
    g = game(m)
    tokens = g.lair.tokens
    m.submit(0, (f"place:card:{g.players[g.nw].city[0].uid}",))
    m.submit(0, ("farm", "mine"))  # she is the only one to give them to
    _decline_the_rest(m)
    assert g.lair.tokens == tokens + 1 + 2


def test_no_fool_into_her_full_city() -> None:
    city = ["farm"] * 8 + ["mine"] * 3 + ["twig_barge"] * 3 + ["inn"]
    pos = position(["nw08", "nw05"], hand=["fool", "farm"], city=city)
    pos["players"][0]["res"] = {"berry": 3}
    m = from_position(pos)
    prompt = m.prompt_for(0)
    assert prompt is not None and "play:h:fool" not in [o.id for o in prompt.options]


# ---------------------------------------------------------------- notes on Plans and Plots
def _after_plot(plot: str, **human: object) -> Match:
    pos = position(["nw04", "nw05"], workers=0, meadow_slot=0, plots=[plot])
    pos["players"][0].update(human)
    m = from_position(pos, modules=["plots"])
    assert game(m).hooks.plot == plot
    return m


def _scored(events: list[Event], why: str) -> int:
    return sum(e.data["n"] for e in events if e.kind == "nw_points" and e.data["why"] == why)


def test_forest_bandits_score_her_two_for_a_human_forest_visit() -> None:
    m = _after_plot("forest_bandits")
    g = game(m)
    free = next(loc for loc in g.forest if not g.occ.get(loc) and loc != "forest_2_any")
    events = m.submit(0, (f"place:{free}",))
    assert _scored(events, "forest_bandits") == 2


def test_copying_a_webbed_forest_spot_with_the_lookout_costs_nothing() -> None:
    m = _after_plot("forest_bandits", city=["lookout"])
    g = game(m)
    events = m.submit(0, (f"place:card:{g.players[0].city[0].uid}",))
    events += m.submit(0, ("forest_3_berries",))
    assert g.players[0].res["berry"] == 3
    assert _scored(events, "forest_bandits") == 0


def test_a_free_critter_on_an_occupied_token_is_a_play_for_her_plots() -> None:
    m = _after_plot("unproductive", hand=["husband"], city=["farm"])
    g = game(m)
    events = m.submit(0, ("play:h:husband",))  # no berries: the Farm's token is the only way
    assert [c.card for c in g.players[0].city] == ["farm", "husband"] and g.players[0].city[0].occupied
    assert _scored(events, "unproductive") == g.hooks.icon() > 0
