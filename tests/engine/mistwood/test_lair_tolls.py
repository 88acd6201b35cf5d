"""Module cards that change what a human may do or must pay: closed and priced locations, Event
Webs, webbed Production cards. Each as a scenario through the match contract."""

from __future__ import annotations

from typing import Any

from engine.core.match import Match
from engine.games.everdell import powers
from engine.games.everdell.mistwood.activity import BASIC_TARGETS
from tests.engine.mistwood.lair_helpers import from_position, game, ids, position

PRODUCERS = ["farm", "farm", "mine", "mine"]  # enough for the green Basic Event


def after_plot(plot: str, hand: list[str] | None = None, **human: Any) -> Match:
    """She prepares for spring on her first turn and reveals `plot`; then it is the human's turn."""
    pos = position(["nw04"], workers=0, meadow_slot=0, plots=[plot])
    if hand is not None:
        pos["players"][0]["hand"] = hand
    pos["players"][0].update(human)
    m = from_position(pos, modules=["plots"])
    assert game(m).hooks.plot == plot
    return m


def places(m: Match) -> set[str]:
    return {i[6:] for i in ids(m) if i.startswith("place:")}


def test_from_above_closes_the_webbed_basic_locations() -> None:
    m = after_plot("from_above")
    offered = places(m)
    assert not offered & set(BASIC_TARGETS)
    assert "basic_2_twigs_1_card" in offered or any(p.startswith("basic_") for p in offered)


def test_spiders_in_the_trees_charges_a_card_for_the_forest() -> None:
    m = after_plot("spiders_in_trees", hand=["farm", "mine"])
    forest = next(p for p in places(m) if p.startswith("forest_"))
    m.submit(0, (f"place:{forest}",))
    prompt = m.prompt_for(0)
    assert prompt is not None and prompt.key == "nightweave.prompt.discard"  # no resources: a card
    m.submit(0, ("farm",))
    assert "farm" not in game(m).players[0].hand

    broke = after_plot("spiders_in_trees", hand=[])
    assert not any(p.startswith("forest_") for p in places(broke))


def test_sticky_mix_takes_a_resource_and_scores_her_a_point() -> None:
    m = after_plot("sticky_mix", res={"twig": 1})
    g = game(m)
    webbed = [loc for loc, why in g.hooks.webs.items() if why == "sticky_mix"]
    assert "basic_2_resin" in webbed and "basic_3_twigs" not in webbed
    assert "basic_2_resin" in places(m)
    tokens = g.lair.tokens
    m.submit(0, ("place:basic_2_resin",))
    assert g.players[0].res["twig"] == 0 and g.players[0].res["resin"] == 2
    assert g.lair.tokens == tokens + 1
    assert "basic_2_resin" not in places(after_plot("sticky_mix"))  # nothing to pay with


def test_invisible_trap_is_paid_or_scores_her_a_point() -> None:
    m = after_plot("invisible_trap", hand=["farm"])
    g = game(m)
    tokens = g.lair.tokens
    m.submit(0, ("place:basic_3_twigs",))
    prompt = m.prompt_for(0)
    assert prompt is not None and prompt.key == "nightweave.prompt.thwart" and prompt.params["what"] == "invisible_trap"
    m.submit(0, ("decline",))
    assert g.lair.tokens == tokens + 1 and g.players[0].res["twig"] == 3


def test_compromised_judges_charge_for_an_event() -> None:
    m = after_plot("compromised_judges", hand=["wanderer"], city=PRODUCERS)
    assert "event:basic_production" in places(m)
    m.submit(0, ("place:event:basic_production",))  # the only card goes without asking
    assert "wanderer" not in game(m).players[0].hand
    assert game(m).claims["basic_production"].owner == 0
    assert "event:basic_production" not in places(after_plot("compromised_judges", hand=[], city=PRODUCERS))


def test_masquerade_ball_webs_events_when_she_enters_the_meadow() -> None:
    pos = position(["nw06", "nw06"], hand=["wanderer"])
    pos["players"][0]["city"] = PRODUCERS
    m = from_position(pos, modules=["plans"], plan="masquerade")
    g = game(m)
    prompt = m.prompt_for(0)
    assert prompt is not None and prompt.key == "nightweave.prompt.web_event"
    special = prompt.options[0].id
    m.submit(0, (special,))
    assert g.hooks.event_webs[special[6:]] == 1
    assert all(g.hooks.event_webs[ev] == 1 for ev in g.basic_events)
    assert sum(1 for e in g.lair.log if e["kind"] == "web") == len(g.basic_events) + 1
    m.submit(0, ("place:event:basic_production",))  # one Web: the one card in hand
    assert "wanderer" not in g.players[0].hand
    assert "basic_production" not in g.hooks.event_webs and g.claims["basic_production"].owner == 0


def test_silk_barrier_webs_a_played_production_card_for_good() -> None:
    pos = position(["nw07"], hand=["farm"])
    pos["players"][0]["res"] = {"twig": 2, "resin": 1}
    m = from_position(pos, modules=["plans"], plan="silk_barrier")
    g = game(m)
    m.submit(0, ("play:h:farm",))
    prompt = m.prompt_for(0)  # the Farm has produced a berry: it could pay the thwart
    assert prompt is not None and prompt.params["what"] == "silk_barrier"
    m.submit(0, ("decline",))
    farm = next(cc for cc in g.players[0].city if cc.card == "farm")
    assert farm.uid in g.hooks.silk
    berries = g.players[0].res["berry"]
    list(powers.produce(g, 0, farm, 0))
    assert g.players[0].res["berry"] == berries and not g.can_activate(farm)
