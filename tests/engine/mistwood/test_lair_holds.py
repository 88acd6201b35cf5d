"""Plots that turn a human's cards face down or hold their workers: Caught in the Web, Closed for
Business, Paralyzing Fear, Ransom, Poison Berry Stew, Invasion. Each as a scenario through the
match contract; she prepares for spring on her first turn and reveals the Plot."""

from __future__ import annotations

from typing import Any

from engine.core.match import Match
from engine.games.everdell import scoring, setaside, specials
from engine.games.everdell.mistwood.lair import holds
from engine.games.everdell.play import can_place, payments
from tests.engine.mistwood.lair_helpers import from_position, game, ids, position


def after_plot(plot: str, hand: list[str] | None = None, seed: int = 1, **human: Any) -> Match:
    pos = position(["nw04"], workers=0, meadow_slot=0, plots=[plot])
    if hand is not None:
        pos["players"][0]["hand"] = hand
    pos["players"][0].update(human)
    return from_position(pos, seed=seed, modules=["plots"])


def key(m: Match) -> str:
    prompt = m.prompt_for(0)
    assert prompt is not None
    return prompt.key


# -- Caught in the Web ---------------------------------------------------------------------------------
def test_caught_in_the_web_turns_three_hand_cards_that_cannot_be_played_or_discarded() -> None:
    m = after_plot(
        "caught_in_web",
        hand=["farm", "mine", "wanderer", "husband", "wife"],
        res={"twig": 9, "resin": 9, "pebble": 9, "berry": 9},
    )
    g = game(m)
    pl = g.players[0]
    assert g.hooks.plot == "caught_in_web"
    assert len(pl.hand_down) == 3 and len(pl.hand) == 2 and pl.hand_size == 5
    offered = {i[7:] for i in ids(m) if i.startswith("play:h:")}
    assert offered == set(pl.hand)  # everything else is affordable, the face-down cards are not offered
    g.draw(0, 8)
    assert pl.hand_size == 8  # face-down cards take hand space
    m.submit(0, ("place:haven",))
    assert key(m) == "everdell.prompt.haven"
    prompt = m.prompt_for(0)
    assert prompt is not None
    names = {o.card for o in prompt.options}
    assert not names & (set(pl.hand_down) - set(pl.hand))  # never offered for a discard
    down = list(pl.hand_down)
    list(g.hooks.reveal_plot("recession"))  # her next Prepare replaces the Plot
    assert pl.hand_down == [] and all(c in pl.hand for c in down)


def test_face_down_hand_cards_are_hidden_from_everyone_but_their_owner() -> None:
    m = after_plot("caught_in_web", hand=["farm", "mine", "wanderer", "husband", "wife"])
    g = game(m)
    down = sorted(g.players[0].hand_down)
    mine = m.view(0)
    assert mine["hand_down"] == down and mine["players"][0]["hand_down_count"] == 3
    assert mine["players"][0]["hand_count"] == 5
    for seat in (None, 1):
        view = m.view(seat)
        assert "hand_down" not in view and "hand" not in view or seat == 1
        assert view["players"][0]["hand_down_count"] == 3
        assert not set(view["players"][0]) & {"hand", "hand_down"}  # a count, never the names
    assert "hand_down" not in m.view(1)
    named = [e for e in m.opening_events if e.seat == 0 and set(down) & set(e.data.get("cards", []))]
    assert named and all(e.to == 0 for e in named)  # only the owner's events name the cards
    turned = [e for e in m.opening_events if e.kind == "hand_turned"]
    assert turned and all(e.to == 0 for e in turned) and sorted(turned[0].data["cards"]) == down
    public = [e for e in m.opening_events if e.kind == "hand_down"]
    assert public and public[0].to is None and "cards" not in public[0].data


# -- Closed for Business / Paralyzing Fear ---------------------------------------------------------------
CITY = ["farm", "farm", "mine", "inn", "husband", "wife", "judge", "innkeeper"]


def test_closed_for_business_keeps_paid_constructions_face_up() -> None:
    m = after_plot("closed_for_business", city=CITY, res={"berry": 1})
    g = game(m)
    pl = g.players[0]
    assert key(m) == "nightweave.prompt.keep_face_up"
    prompt = m.prompt_for(0)
    assert prompt is not None and prompt.max == 4  # 4 Constructions; 5 cards + 1 resource to pay
    farm = next(o.id for o in prompt.options if o.card == "farm")
    spaces = g.used_spaces(pl)
    m.submit(0, (farm,))
    assert key(m) == "nightweave.prompt.pay_cards"
    m.submit(0, ("0",))  # the berry pays for it
    assert sorted(c.card for c in pl.city_down) == ["farm", "inn", "mine"]
    assert [c.card for c in pl.city if g.card[c.card].construction] == ["farm"]
    assert pl.res["berry"] == 0
    assert g.used_spaces(pl) == spaces  # still taking their space
    inn = next(c for c in pl.city_down if c.card == "inn")
    assert f"place:card:{inn.uid}" not in ids(m)  # not visitable
    cards = scoring.breakdown(g, 0)["cards"]
    assert cards == sum(g.card[c.card].points for c in pl.city)  # no score from face-down cards
    view = m.view(None)["players"][0]["city"]
    assert sum(1 for c in view if c.get("face_down")) == 3
    assert not specials.meets(g, 0, "basic_production")  # 2 face-up green cards are not enough
    assert [c.card for c in pl.city if g.card[c.card].color == "production"] == ["farm", "husband"]


def test_paralyzing_fear_turns_critters_and_their_powers_off() -> None:
    m = after_plot("paralyzing_fear", hand=[], city=CITY, res={"pebble": 2})
    g = game(m)
    pl = g.players[0]
    assert key(m) == "nightweave.prompt.keep_face_up"
    m.submit(0, ())  # keep none face up
    assert sorted(c.card for c in pl.city_down) == ["husband", "innkeeper", "judge", "wife"]
    assert g.used_spaces(pl) == len(CITY) - 1  # Husband and Wife still share a space
    assert scoring.prosperity(g, 0) == 0  # no Wife bonus
    assert not payments(g, 0, "shepherd")  # no Innkeeper or Judge to pay with any more
    for cc in list(pl.city_down):
        setaside.city_up(g, 0, cc, "test")
    assert any(k.startswith(("innkeeper", "judge")) for k in payments(g, 0, "shepherd"))
    assert not can_place(g, 0, "judge")  # a face-down Unique card still blocks another copy


# -- Ransom -----------------------------------------------------------------------------------------------
def test_ransom_holds_an_unplaced_worker_until_the_human_prepares() -> None:
    m = after_plot("ransom", res={"berry": 2})
    g = game(m)
    pl = g.players[0]
    prompt = m.prompt_for(0)
    assert (
        prompt is not None and prompt.key == "nightweave.prompt.thwart" and prompt.params["what"] == "ransom"
    )
    assert {o.id for o in prompt.options} == {"pay:berry", "thwart", "decline"}
    m.submit(0, ("decline",))
    assert pl.available == 1 and [h.why for h in pl.held] == ["ransom"]
    assert m.view(0)["players"][0]["available"] == 1 and m.view(0)["players"][0]["held"][0]["by"] == g.nw
    m.submit(0, ("place:haven",))
    while key(m) != "everdell.prompt.action":
        m.submit(0, m.prompt_for(0).default or (m.prompt_for(0).options[0].id,))  # type: ignore[union-attr]
    assert "prepare" in ids(m)  # one worker out, one held: nothing left to place
    m.submit(0, ("prepare",))
    assert pl.held == [] and pl.season == 1 and pl.available == 3


def test_ransom_paid_with_berries() -> None:
    m = after_plot("ransom", res={"berry": 2})
    m.submit(0, ("pay:berry",))
    pl = game(m).players[0]
    assert pl.res["berry"] == 0 and pl.held == [] and pl.available == 2


def test_ransom_with_every_worker_out_scores_her_and_takes_a_placed_one() -> None:
    m = after_plot("ransom", hand=[], placed=["basic_3_twigs", "basic_2_resin"])
    g = game(m)
    pl = g.players[0]
    assert key(m) == "nightweave.prompt.give_worker"  # no thwart affordable
    scored = [e.data["n"] for e in m.opening_events if e.kind == "nw_points" and e.data["why"] == "ransom"]
    assert scored == [g.level_row.icon_points]
    events = m.submit(0, ("w1",))  # basic_3_twigs
    kinds = [e.kind for e in events]
    # nothing left to place, so the human's only move is to Prepare, which brings it home
    assert kinds.index("worker_held") < kinds.index("worker_back") < kinds.index("prepare")
    assert next(e for e in events if e.kind == "worker_back").data["why"] == "ransom"
    assert pl.held == [] and pl.placed == [] and pl.available == 3


# -- Poison Berry Stew ----------------------------------------------------------------------------------
def test_poison_berry_stew_worker_serves_her_then_comes_back_from_the_board() -> None:
    m = after_plot("poison_berry_stew", placed=["basic_3_twigs", "basic_2_resin"])
    g = game(m)
    pl, st = g.players[0], g.lair
    prompt = m.prompt_for(0)
    assert prompt is not None and prompt.key == "nightweave.prompt.thwart"
    assert {o.id for o in prompt.options} == {"thwart", "decline"}  # no pebbles: the 3-card way only
    m.submit(0, ("decline",))
    assert key(m) == "nightweave.prompt.give_worker"
    workers = st.workers
    st.deck = ["nw01"]  # her next card; spring row: a spider on the top-right Forest location
    events = m.submit(0, ("w0",))  # the worker on basic_2_resin
    taken = [e for e in events if e.kind == "worker_held"]
    assert taken and taken[0].data["location"] is None  # first into her lair
    # with one worker out and one held, the human's only move is to Prepare: it stays with her
    assert [e.data["season"] for e in events if e.kind == "prepare"] == ["spring"]
    assert len(pl.held) == 1 and pl.available == 2 and pl.season == 1
    held = pl.held[0]
    assert held.loc is not None and held.loc.startswith("forest_") and held.until_prepare
    assert g.occ[held.loc] == [0] and st.placed == [] and st.workers == workers
    assert g.hooks.holds.stew is None
    assert f"place:{held.loc}" not in ids(m)  # the spot stays taken
    spot = held.loc
    g.recall(0)  # the human's next Prepare brings it home from that spot
    assert pl.held == [] and not g.occ.get(spot)


def test_poison_berry_stew_with_no_worker_placed_takes_the_next_one_after_its_visit() -> None:
    m = after_plot("poison_berry_stew", hand=[])
    g = game(m)
    pl = g.players[0]
    assert g.hooks.holds.stew == "pending"  # nothing to thwart with, nothing placed
    m.submit(0, ("place:basic_2_resin",))
    assert pl.res["resin"] == 2  # the visit still pays
    assert pl.placed == [] and [h.why for h in pl.held] == [holds.STEW]
    assert g.hooks.holds.stew in ("lair", None)  # None once her next placement has used it


# -- Invasion ---------------------------------------------------------------------------------------------
def test_invasion_takes_a_prosperity_card_of_the_human_choice() -> None:
    m = after_plot("invasion", city=["farm", "palace", "castle"])
    g = game(m)
    prompt = m.prompt_for(0)
    assert prompt is not None and prompt.key == "nightweave.prompt.thwart"
    assert {o.id for o in prompt.options} == {"guard", "decline"}
    m.submit(0, ("decline",))
    assert key(m) == "nightweave.prompt.invasion_pick"
    castle = next(o.id for o in m.prompt_for(0).options if o.card == "castle")  # type: ignore[union-attr]
    m.submit(0, (castle,))
    assert [c.card for c in g.players[0].city] == ["farm", "palace"]
    assert "castle" in [c.card for c in g.lair.city]


def test_invasion_without_prosperity_takes_the_highest_valued_card_and_a_worker_can_guard() -> None:
    m = after_plot("invasion", city=["farm", "queen", "wanderer"], workers=0)
    g = game(m)
    assert "queen" in [c.card for c in g.lair.city] and [c.card for c in g.players[0].city] == [
        "farm",
        "wanderer",
    ]

    guarded = after_plot("invasion", city=["farm", "palace"])
    guarded.submit(0, ("guard",))
    pl = game(guarded).players[0]
    assert [c.card for c in pl.city] == ["farm", "palace"] and [h.why for h in pl.held] == ["invasion"]
    assert pl.available == 1


def test_the_new_plots_are_in_the_pile() -> None:
    from engine.games.everdell.mistwood.lair.modules import ONE_SHOT, SEASONAL

    assert set(holds.ONE_SHOT) <= set(ONE_SHOT) and holds.CAUGHT in SEASONAL
    assert len(set(ONE_SHOT) | set(SEASONAL)) == len(ONE_SHOT) + len(SEASONAL)
