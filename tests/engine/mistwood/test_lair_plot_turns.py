"""Plots across several of her Prepares, and the spots her own Destination cards offer her.

Each Plot drawn replaces the one before, whatever its type, so a one-shot Plot ends a seasonal
one. Her Destination cards hold only as many workers as they have spots, whoever's workers they
are, including a Poison Berry Stew worker she placed there that stays after her own Prepare."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.events import Event
from engine.core.match import Match
from engine.games.everdell.mistwood.lair import playcost, tolls
from tests.engine.mistwood.lair_helpers import from_position, game, ids, position

ACTION = "everdell.prompt.action"
PLENTY = {"twig": 9, "resin": 9, "pebble": 9, "berry": 9}


def start(plots: list[str], hand: list[str], city: list[str] | None = None, **extra: Any) -> Match:
    """She prepares for spring on her first turn and reveals the last of `plots` (drawn from the end)."""
    pos = position(["nw04"], workers=0, meadow_slot=0, plots=plots)
    pos["players"][0].update(hand=hand, res=dict(PLENTY), city=list(city or []))
    return from_position(pos, **{"modules": ["plots"], **extra})


def prepare_next(m: Match, card: str = "nw04") -> None:
    """Her next turn is a Prepare: she sits in the Meadow, every spider is out and `card` asks
    for a placement in each season after winter."""
    g = game(m)
    st = g.lair
    if st.meadow_slot is None:
        st.meadow_slot = 0
        if g.meadow[0] is not None:
            g.discard.append(g.meadow[0])
            g.meadow[0] = None
    st.workers = len(st.placed)
    st.deck = [card]


def human(m: Match, option: str) -> list[Event]:
    """One human action, its follow-up prompts answered by default, then her turn."""
    events = m.submit(0, (option,))
    while (
        (prompt := m.prompt_for(0)) is not None
        and prompt.key.startswith("everdell.")
        and prompt.key != ACTION
    ):
        events += m.submit(0, prompt.default or (prompt.options[0].id,))
    return events


def scored(events: list[Event], why: str) -> int:
    return sum(e.data["n"] for e in events if e.kind == "nw_points" and e.data["why"] == why)


def no_seasonal_left(m: Match) -> None:
    """Nothing of a seasonal Plot acts: no Webs, place tolls or play costs."""
    h = game(m).hooks
    assert not h.webs and not h.spider_webs() and not h.charges_places()
    assert tolls.tolls(h, "event:basic_production") == []
    for card in ("farm", "wanderer", "crane"):  # Production, Traveler, Governance
        assert playcost.play_extra(h, 0, card, "hand") is None


# -- which Plot is active ---------------------------------------------------------------------------
def test_seasonal_then_one_shot_then_seasonal() -> None:
    m = start(["recession", "thief", "clerical_errors"], ["crane", "courthouse", "school", "farm"])
    g = game(m)
    icon = g.level_row.icon_points
    assert g.hooks.plot == "clerical_errors"
    prepare_next(m)
    events = human(m, "play:h:crane")  # a Governance card while Clerical Errors is active
    assert scored(events, "clerical_errors") == icon
    assert m.prompt_for(0).key == "nightweave.prompt.thwart"  # type: ignore[union-attr]
    assert g.hooks.plot == "thief"  # revealed at her summer Prepare: Clerical Errors is gone
    events = m.submit(0, ("decline",))
    assert any(e.kind == "lose" and e.data["why"] == "thief" for e in events)
    assert m.view(0)["nightweave"]["plot"] == "thief"
    prepare_next(m)
    events = human(m, "play:h:courthouse")  # Governance again, under the one-shot Plot only
    assert scored(events, "clerical_errors") == 0
    assert g.hooks.plot == "recession"  # the autumn Prepare brought the next seasonal Plot
    events = human(m, "play:h:school")  # Prosperity now scores her; Governance no longer would
    assert scored(events, "recession") == icon and scored(events, "clerical_errors") == 0


@pytest.mark.parametrize(
    "seasonal",
    ["compromised_judges", "infestation", "spiders_on_ground", "bad_publicity", "political_influence"],
)
def test_a_one_shot_plot_ends_every_seasonal_effect(seasonal: str) -> None:
    m = start(["snatched", seasonal], ["farm"], city=["inn"])  # a Destination for Infestation
    g = game(m)
    assert g.hooks.plot == seasonal
    prepare_next(m)
    human(m, "place:haven")
    assert g.hooks.plot == "snatched" and g.lair.season == 2
    no_seasonal_left(m)


def test_caught_in_the_web_cards_turn_up_when_a_one_shot_plot_follows() -> None:
    m = start(["snatched", "caught_in_web"], ["farm", "mine", "wanderer", "husband"])
    pl = game(m).players[0]
    assert len(pl.hand_down) == 3
    prepare_next(m)
    human(m, "play:h:" + pl.hand[0])
    assert pl.hand_down == [] and len(pl.hand) == 3


def test_plot_thickens_one_shot_ends_the_old_seasonal_before_the_new_one() -> None:
    m = start(["thief"], ["crane", "courthouse", "farm", "mine"], modules=["plans"], plan="plot_thickens")
    g = game(m)
    h = g.hooks
    if m.prompt_for(0).key == "nightweave.prompt.thwart":  # type: ignore[union-attr]
        m.submit(0, ("decline",))  # the one-shot of her first Prepare
    while (prompt := m.prompt_for(0)) is not None and prompt.key != ACTION:
        m.submit(0, prompt.default or (prompt.options[0].id,))  # whatever the random seasonal asks
    h.plots, h.seasonals = ["snatched"], ["clerical_errors"]
    prepare_next(m)
    human(m, "place:haven")
    if m.prompt_for(0).key == "nightweave.prompt.thwart":  # type: ignore[union-attr]
        m.submit(0, ("decline",))
    assert h.plot == "clerical_errors"
    h.plots, h.seasonals = ["caught"], ["recession"]
    prepare_next(m)
    human(m, "place:basic_3_twigs")
    assert m.prompt_for(0).key == "nightweave.prompt.thwart"  # type: ignore[union-attr]
    assert h.plot == "caught"  # the one-shot resolves with no seasonal Plot around it
    m.submit(0, ("decline",))
    assert h.plot == "recession"
    events = human(m, "play:h:crane")
    assert scored(events, "clerical_errors") == 0


# -- spots on her own Destination cards ----------------------------------------------------------------
def stew_on(card: str) -> tuple[Match, int]:
    """Poison Berry Stew takes a placed worker; at her next turn (spring, nw12: "her village")
    she puts it on `card`, the only Destination in her city. The human has prepared for spring."""
    pos = position(["nw04"], workers=0, meadow_slot=0, plots=["poison_berry_stew"], city=[card])
    pos["players"][0].update(hand=[], placed=["basic_3_twigs", "basic_2_resin"])
    m = from_position(pos, modules=["plots"])
    g = game(m)
    assert m.prompt_for(0).key == "nightweave.prompt.give_worker"  # type: ignore[union-attr]
    g.lair.deck = ["nw12"]
    m.submit(0, ("w0",))  # basic_2_resin's worker; the human can only Prepare then
    uid = next(c.uid for c in g.lair.city if c.card == card)
    held = g.players[0].held
    assert len(held) == 1 and held[0].loc == f"card:{uid}" and held[0].until_prepare
    assert g.players[0].season == 1 and g.occ[f"card:{uid}"] == [0]
    return m, uid


def test_stew_worker_keeps_her_destination_taken_after_her_prepare() -> None:
    m, uid = stew_on("lookout")
    g = game(m)
    st, pl = g.lair, g.players[0]
    prepare_next(m)
    human(m, "place:basic_3_twigs")
    assert st.season == 2 and st.placed == [] and g.occ[f"card:{uid}"] == [0]  # her Prepare leaves it
    st.deck = ["nw04"]  # summer: "her village +1", else the three-twig spot
    events = human(m, "place:basic_2_resin")
    assert f"own:{uid}" not in st.placed and g.occ[f"card:{uid}"] == [0]
    assert [e.data["action"] for e in events if e.kind == "nw_action"] == ["basic:basic_3_twigs"]
    # the human's first Prepare after she placed it (for summer) brings it home and frees the card
    assert "prepare" in ids(m) and not any(i.startswith("place:") for i in ids(m))
    st.deck = ["nw04"]
    events = human(m, "prepare")
    back = [e for e in events if e.kind == "worker_back"]
    assert back and back[0].data["why"] == "poison_berry_stew"
    assert pl.held == [] and pl.season == 2
    assert f"own:{uid}" in st.placed and g.occ[f"card:{uid}"] == [g.nw]  # now she may visit it


def test_stew_worker_going_home_before_her_prepare_frees_the_card_for_her() -> None:
    m, uid = stew_on("lookout")
    g = game(m)
    st = g.lair
    for spot in ("basic_3_twigs", "basic_2_resin"):
        st.workers, st.deck = len(st.placed), ["nw04"]  # no spider free: she only scores her default
        human(m, f"place:{spot}")
    assert st.season == 1 and g.occ[f"card:{uid}"] == [0]
    st.workers, st.deck = len(st.placed) + 1, ["nw12"]  # spring: "her village"
    events = human(m, "prepare")  # the human's summer Prepare: the worker leaves her card
    assert g.players[0].held == [] and st.season == 1
    assert [e.data["action"] for e in events if e.kind == "nw_action"] == ["her_village"]
    assert f"own:{uid}" in st.placed and g.occ[f"card:{uid}"] == [g.nw]


def test_two_spot_destination_takes_her_spider_beside_the_stew_worker() -> None:
    m, uid = stew_on("monastery")  # she treats every spot as unlocked: two spots
    g = game(m)
    st = g.lair
    prepare_next(m)
    human(m, "place:basic_3_twigs")
    st.deck = ["nw04"]
    human(m, "place:basic_2_resin")
    assert f"own:{uid}" in st.placed and sorted(g.occ[f"card:{uid}"]) == [0, g.nw]
    st.deck = ["nw04"]
    st.workers = len(st.placed) + 1
    events = human(m, "prepare")  # the stew worker goes home, her spider stays, and a second one comes
    assert g.players[0].held == [] and any(e.kind == "worker_back" for e in events)
    assert st.placed.count(f"own:{uid}") == 2 and g.occ[f"card:{uid}"] == [g.nw, g.nw]
    assert any(e.kind == "nw_place" and e.data["loc"] == f"own:{uid}" for e in events)


def test_a_human_on_her_open_destination_keeps_her_off_it() -> None:
    pos = position(["nw04"], workers=0, meadow_slot=0, city=["inn"])
    pos["players"][0]["res"] = dict(PLENTY)
    m = from_position(pos)
    g = game(m)
    uid = next(c.uid for c in g.lair.city if c.card == "inn")
    g.lair.deck = ["nw05"]  # spring: "open destination", else the berry-and-card spot
    events = human(m, f"place:card:{uid}")
    assert g.occ[f"card:{uid}"] == [0] and f"own:{uid}" not in g.lair.placed
    assert [e.data["slot"] for e in events if e.kind == "nw_action"] == ["second"]
