"""Module cards that add a cost to playing (or drawing) a card: each card is offered only when it
and its extra are payable together, and the extra is collected before the card leaves its place.
Each as a scenario through the match contract."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.core.match import Match
from engine.games.everdell.bots import POLICIES
from engine.games.everdell.data import full_deck
from engine.games.everdell.mistwood.lair.game import NightweaveGame
from engine.games.everdell.mistwood.lair.modules import SEASONAL
from tests.engine.mistwood.lair_helpers import from_position, game, ids, new_match, position

DECK = Counter(full_deck())

NEAR_ZERO = {1, 4, 5}  # Meadow slots next to slot 0 (diagonals included)


def after_plot(plot: str, hand: list[str] | None = None, **human: Any) -> Match:
    """She prepares for spring on her first turn and reveals `plot`; then it is the human's turn."""
    pos = position(["nw04"], workers=0, meadow_slot=0, plots=[plot])
    if hand is not None:
        pos["players"][0]["hand"] = hand
    pos["players"][0].update(human)
    m = from_position(pos, modules=["plots"])
    assert game(m).hooks.plot == plot
    return m


def beside_her(personality: str, meadow: list[str], hand: list[str], **human: Any) -> Match:
    """She sits on Meadow slot 0 and places a spider (the Meadow stays as given)."""
    pos = position(["nw04"], hand=hand, meadow=meadow, meadow_slot=0)
    pos["players"][0].update(human)
    m = from_position(pos, modules=["personalities"], personality=personality)
    assert game(m).lair.meadow_slot == 0 and m.prompt_for(0).key == "everdell.prompt.action"
    return m


def key(m: Match) -> str:
    prompt = m.prompt_for(0)
    assert prompt is not None
    return prompt.key


def city(g: NightweaveGame) -> list[str]:
    return [cc.card for cc in g.players[0].city]


def to_top(g: NightweaveGame, name: str) -> None:
    """Move a copy of `name` from wherever it waits (deck or discard) to the top of the deck."""
    if name in g.deck:
        g.deck.remove(name)
    else:
        g.discard.remove(name)
    g.deck.append(name)


# -- Spiders on the Ground ------------------------------------------------------------------------------
def test_spiders_on_the_ground_prices_production_plays_even_free_ones() -> None:
    short = after_plot("spiders_on_ground", hand=["farm", "wanderer"], res={"twig": 2, "resin": 1})
    assert "play:h:farm" not in ids(short)  # the Farm takes every resource; one card is not 2

    m = after_plot("spiders_on_ground", hand=["farm", "wanderer", "mine"], res={"twig": 2, "resin": 1})
    g = game(m)
    m.submit(0, ("play:h:farm",))  # nothing to choose: two cards is the only way to pay
    assert city(g) == ["farm"] and g.players[0].hand == []
    assert {"wanderer", "mine"} <= set(g.discard)

    occupy = after_plot("spiders_on_ground", hand=["husband"], city=["farm"])
    assert "play:h:husband" not in ids(occupy)  # free on the Farm, but not free of the Plot


def test_spiders_on_the_ground_takes_resources_the_card_leaves() -> None:
    m = after_plot("spiders_on_ground", hand=["farm", "mine"], res={"twig": 3, "resin": 1, "berry": 1})
    g = game(m)
    m.submit(0, ("play:h:farm",))
    prompt = m.prompt_for(0)
    assert prompt is not None and prompt.key == "nightweave.prompt.pay_cards"
    assert [o.id for o in prompt.options] == ["0", "1"]  # the Farm itself can never pay
    events = m.submit(0, ("0",))  # the spare twig and berry go, forced
    assert g.players[0].res == {"twig": 0, "resin": 0, "pebble": 0, "berry": 1}  # the Farm's berry
    assert g.players[0].hand == ["mine"]
    assert any(e.kind == "pay" and e.data["why"] == "spiders_on_ground" for e in events)


# -- Lurking Eyes ------------------------------------------------------------------------------------------
def test_lurking_eyes_charges_two_cards_for_an_occupied_token_only() -> None:
    short = after_plot("lurking_eyes", hand=["husband", "mine"], city=["farm"])
    assert "play:h:husband" not in ids(short)

    m = after_plot("lurking_eyes", hand=["husband", "mine", "wanderer"], city=["farm"])
    g = game(m)
    m.submit(0, ("play:h:husband",))
    assert "husband" in city(g) and g.players[0].hand == []
    assert next(cc for cc in g.players[0].city if cc.card == "farm").occupied

    paying = after_plot("lurking_eyes", hand=["husband"], city=["farm"], res={"berry": 3})
    paying.submit(0, ("play:h:husband",))  # occupying is priced out: the berries are the only way
    g = game(paying)
    assert "husband" in city(g) and g.players[0].res["berry"] == 0
    assert not next(cc for cc in g.players[0].city if cc.card == "farm").occupied


# -- Bad Publicity ------------------------------------------------------------------------------------
def test_bad_publicity_clears_travelers_and_taxes_them_from_hand() -> None:
    m = after_plot("bad_publicity", hand=["wanderer"], res={"berry": 2})
    g = game(m)
    assert not any(c and g.card[c].color == "traveler" for c in g.meadow)
    purge = [e for e in g.lair.log if e["kind"] == "meadow_discard" and e.get("why") == "bad_publicity"]
    assert purge and "fool" in purge[0]["cards"]
    assert "play:h:wanderer" not in ids(m)  # 2 berries pay the card, nothing is left for the Plot

    rich = after_plot("bad_publicity", hand=["wanderer"], res={"berry": 3})
    rich.submit(0, ("play:h:wanderer",))
    assert game(rich).players[0].res["berry"] == 0 and "wanderer" in city(game(rich))


def test_bad_publicity_keeps_new_travelers_out_of_the_meadow() -> None:
    m = after_plot("bad_publicity")
    g = game(m)
    to_top(g, "ranger")
    gone = g.meadow[3]
    g.meadow[3] = None
    g.discard.append(gone or "")
    g.refill()
    assert g.meadow[3] is not None and g.card[g.meadow[3] or ""].color != "traveler"
    assert "ranger" in g.discard


# -- Political Influence ------------------------------------------------------------------------------
def test_political_influence_discards_governance_draws_and_replaces_them() -> None:
    m = after_plot("political_influence", hand=[])
    g = game(m)
    to_top(g, "historian")
    events = m.submit(0, ("place:basic_2_twigs_1_card",))
    assert len(g.players[0].hand) == 1 and g.card[g.players[0].hand[0]].color != "governance"
    assert "historian" in g.discard
    refused = [e for e in events if e.kind == "discard_cards"]
    assert refused and refused[0].data == {"cards": ["historian"], "why": "political_influence"}


def test_political_influence_prices_governance_plays_and_payment_methods() -> None:
    assert "play:h:historian" not in ids(
        after_plot("political_influence", hand=["historian"], res={"berry": 2})
    )
    m = after_plot("political_influence", hand=["historian"], res={"berry": 3})
    m.submit(0, ("play:h:historian",))
    assert game(m).players[0].res["berry"] == 0

    # the Judge swaps the resin for a pebble, and using it costs one more
    judged = {"twig": 2, "pebble": 1}
    assert "play:h:farm" not in ids(
        after_plot("political_influence", hand=["farm"], city=["judge"], res=judged)
    )
    m = after_plot("political_influence", hand=["farm"], city=["judge"], res={"twig": 3, "pebble": 1})
    g = game(m)
    m.submit(0, ("play:h:farm",))
    prompt = m.prompt_for(0)
    assert prompt is not None and {o.id for o in prompt.options} == {"judge:2.0.1.0", "judge:3.0.0.0"}
    m.submit(0, ("judge:2.0.1.0",))  # the spare twig then pays for using the Judge, without asking
    assert "farm" in city(g) and g.players[0].res == {"twig": 0, "resin": 0, "pebble": 0, "berry": 1}


def test_political_influence_asks_before_a_governance_card_acts() -> None:
    m = after_plot(
        "political_influence", hand=["farm", "mine"], city=["historian"], res={"twig": 2, "resin": 1}
    )
    g = game(m)
    m.submit(0, ("play:h:farm",))
    assert key(m) == "nightweave.prompt.activate"
    m.submit(0, ("pay",))
    assert key(m) == "nightweave.prompt.pay_cards"  # the Mine or the Farm's new berry
    m.submit(0, ("1",))
    hand = g.players[0].hand
    assert "mine" not in hand and len(hand) == 1 and g.card[hand[0]].color != "governance"

    declined = after_plot(
        "political_influence", hand=["farm"], city=["historian"], res={"twig": 2, "resin": 1}
    )
    declined.submit(0, ("play:h:farm",))
    declined.submit(0, ("decline",))
    assert game(declined).players[0].hand == []  # the Historian drew nothing


# -- Berry Jam -----------------------------------------------------------------------------------------
def test_berry_jam_webs_berry_spots_charges_a_resource_and_stops_her_spiders() -> None:
    m = after_plot("berry_jam", res={"twig": 1})
    g = game(m)
    webbed = {loc for loc, why in g.hooks.webs.items() if why == "berry_jam"}
    assert {"basic_1_berry", "basic_1_berry_1_card", "forest_3_berries"} <= webbed
    assert "basic_3_twigs" not in webbed and "forest_2_resin_1_twig" not in webbed
    assert webbed <= g.hooks.spider_webs()
    tokens = g.lair.tokens
    m.submit(0, ("place:basic_1_berry",))
    assert g.players[0].res == {"twig": 0, "resin": 0, "pebble": 0, "berry": 1}
    assert g.lair.tokens == tokens + 1
    assert "basic_1_berry" not in {i[6:] for i in ids(after_plot("berry_jam"))}


# -- the Notable ---------------------------------------------------------------------------------------
MEADOW = ["mine", "farm", "inn", "farm", "husband", "judge", "fool", "chapel"]


def test_the_notable_adds_a_berry_to_cards_beside_her() -> None:
    m = beside_her("notable", MEADOW, ["wanderer"], res={"twig": 2, "resin": 1})
    offered = ids(m)
    assert "play:m3" in offered and "play:m1" not in offered  # slot 1 is beside her
    m = beside_her("notable", MEADOW, ["wanderer"], res={"twig": 2, "resin": 1, "berry": 1})
    m.submit(0, ("play:m1",))
    g = game(m)
    assert "farm" in city(g) and g.players[0].res["berry"] == 1  # paid 1, the Farm made 1


def test_the_notable_charges_her_berry_even_on_a_free_play() -> None:
    broke = beside_her("notable", MEADOW, ["wanderer"], city=["farm"])
    assert "play:m4" not in ids(broke)  # the Husband is free on the Farm, but for the berry
    m = beside_her("notable", MEADOW, ["wanderer"], city=["farm"], res={"berry": 1})
    m.submit(0, ("play:m4",))
    g = game(m)
    assert "husband" in city(g) and g.players[0].res["berry"] == 0


# -- the Denier -----------------------------------------------------------------------------------------
def test_the_denier_refills_the_slot_from_the_hand() -> None:
    none_green = beside_her("denier", MEADOW, ["wanderer"], res={"twig": 2, "resin": 1})
    assert "play:m1" not in ids(none_green) and "play:m3" in ids(none_green)

    m = beside_her("denier", MEADOW, ["wanderer", "mine"], res={"twig": 2, "resin": 1})
    g = game(m)
    events = m.submit(0, ("play:m1",))  # the Mine is the only green card: it goes without asking
    assert g.meadow[1] == "mine" and g.players[0].hand == ["wanderer"] and "farm" in city(g)
    assert any(e.kind == "meadow_refill" and e.data["card"] == "mine" for e in events)


def test_the_denier_asks_which_card_refills_and_guards_it_from_tolls() -> None:
    m = beside_her("denier", MEADOW, ["mine", "twig_barge"], res={"twig": 2, "resin": 1})
    g = game(m)
    m.submit(0, ("play:m1",))
    assert key(m) == "nightweave.prompt.denier_refill"
    m.submit(0, ("twig_barge",))
    assert g.meadow[1] == "twig_barge" and g.players[0].hand == ["mine"]


def test_the_denier_applies_to_drawing_from_the_meadow() -> None:
    m = beside_her("denier", MEADOW, ["wanderer", "mine"])
    g = game(m)
    assert list(g.meadow_to_hand(0, [1, 5])) == []  # one green card: the Judge cannot be taken
    assert "farm" in g.players[0].hand and "judge" not in g.players[0].hand
    assert g.meadow[1] == "mine" and g.meadow[5] == "judge"


# -- Meadow discards: "they do not apply when Meadow cards are discarded" --------------------------------
def undertaker_beside_her(personality: str, tokens: int) -> Match:
    """The human plays an Undertaker while she sits on slot 0; its discard prompt is open."""
    m = beside_her(personality, MEADOW, ["undertaker"], res={"berry": 2}, tokens=tokens)
    m.submit(0, ("play:h:undertaker",))
    assert key(m) == "everdell.prompt.undertaker_discard"
    return m


@pytest.mark.parametrize(
    ("personality", "tokens"),
    [
        ("narcissist", 0),
        ("beggar", 0),  # no token to pay: closed for a take
        ("beggar", 1),  # a token to pay: charged on a take
        ("denier", 0),  # no card of the slot's colour in hand
        ("nasty", 0),
        ("negligent", 0),
        ("indifferent", 0),
    ],
)
def test_the_undertaker_discards_beside_her_freely(personality: str, tokens: int) -> None:
    m = undertaker_beside_her(personality, tokens)
    g = game(m)
    assert {f"m{s}" for s in NEAR_ZERO} <= set(ids(m))
    before, points, lair = list(g.meadow), g.lair.tokens, list(g.lair.lair)
    events = m.submit(0, ("m1", "m2", "m3"))  # the Farm beside her and two cards away from her
    assert key(m) == "everdell.prompt.undertaker_take"  # no Denier refill asked
    assert [e.data["cards"] for e in events if e.kind == "meadow_discard"] == [["farm", "inn", "farm"]]
    assert g.meadow[4:6] == before[4:6]  # the Negligent discarded nothing more
    assert g.lair.meadow_slot == 0 and g.lair.lair == lair  # the Indifferent did not move
    assert g.players[0].tokens == tokens and g.lair.tokens == points
    m.submit(0, ("m2",))  # the take, away from her
    assert key(m) == "everdell.prompt.action"  # no Nasty points to deny; her turn went by
    assert g.lair.tokens == points and g.players[0].tokens == tokens


def test_the_undertaker_take_beside_her_still_counts() -> None:
    narcissist = undertaker_beside_her("narcissist", 0)
    narcissist.submit(0, ("m1", "m2", "m3"))
    assert not {f"m{s}" for s in NEAR_ZERO} & set(ids(narcissist))

    beggar = undertaker_beside_her("beggar", 1)
    g = game(beggar)
    points = g.lair.tokens
    beggar.submit(0, ("m1", "m2", "m3"))
    beggar.submit(0, ("m4",))
    assert "husband" in g.players[0].hand and g.players[0].tokens == 0 and g.lair.tokens == points + 1


# -- Clutching -----------------------------------------------------------------------------------------
def clutching(pos: dict[str, Any]) -> Match:
    return from_position(pos, modules=["plans"], plan="clutching")


def test_clutching_keeps_open_destinations_out_of_her_city_limit() -> None:
    m = clutching(position(["nw04"], meadow_slot=0, city=["farm"] * 14 + ["inn"]))
    g = game(m)
    assert len(g.lair.city) == 15 and not g.lair.city_full() and g.fits(g.players[g.nw], "mine")
    g.lair.add_city("mine")
    assert g.lair.city_full()


def test_clutching_takes_an_open_destination_when_she_enters_the_meadow() -> None:
    meadow = ["inn", "post_office", "inn", "post_office", "farm", "mine", "farm", "mine"]
    m = clutching(position(["nw06"], meadow=meadow))
    g = game(m)
    assert key(m) == "nightweave.prompt.clutching_pick"  # at least two are left beside her slot
    picked = m.prompt_for(0).options[0]
    m.submit(0, (picked.id,))
    assert picked.card in [cc.card for cc in g.lair.city]
    slot = int(picked.id[1:])
    assert g.meadow[slot] is not None  # refilled from the deck
    assert any(e["kind"] == "play" and e["source"] == f"meadow:{slot + 1}" for e in g.lair.log)


def test_clutching_visits_score_her_the_level_and_the_human_nothing() -> None:
    pos = position(["nw05"], season=1)
    pos["players"][0]["city"] = ["inn"]
    m = clutching(pos)
    g = game(m)
    icon = g.level_row.icon_points
    assert any(loc.startswith("card:") for loc in g.lair.placed)  # she went to the human's Inn
    assert g.players[0].tokens == 0
    assert {"kind": "points", "n": icon, "why": "destination"} in g.lair.log

    pos = position(["nw04"], meadow_slot=0, city=["post_office"])
    m = clutching(pos)
    g = game(m)
    post = next(cc for cc in g.players[g.nw].city if cc.card == "post_office")
    events = m.submit(0, (f"place:card:{post.uid}",))
    visit = [e for e in events if e.kind == "points" and e.data["why"] == "open_destination"]
    assert visit and visit[0].seat == g.nw and visit[0].data["count"] == g.level_row.icon_points


# -- the bots meet every new prompt ---------------------------------------------------------------------
CARDS: list[tuple[str, dict[str, Any]]] = [
    ("denier", {"modules": ["personalities"], "personality": "denier"}),
    ("notable", {"modules": ["personalities"], "personality": "notable"}),
    ("clutching", {"modules": ["plans"], "plan": "clutching"}),
    *[(plot, {"modules": ["plots"]}) for plot in ("spiders_on_ground", "lurking_eyes", "bad_publicity")],
    *[(plot, {"modules": ["plots"]}) for plot in ("political_influence", "berry_jam")],
]


@pytest.mark.parametrize(("card", "extra"), CARDS)
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_bots_finish_games_with_each_card(card: str, extra: dict[str, Any], policy: str) -> None:
    for seed in range(3):
        m = new_match(seed=seed, level=seed + 1, **extra)
        g = game(m)
        if card in SEASONAL:
            g.hooks.plots = [card] * 3  # every Prepare reveals it again
        bot = POLICIES[policy](0, seed)
        steps = 0
        while not m.finished:
            for prompt in m.prompts():
                m.submit(0, bot.choose(m.policy_view(0), prompt), pid=prompt.pid)
                steps += 1
            assert steps < 20_000
        assert Counter(g.all_cards()) == DECK and g.limbo == []
        assert m.result() is not None


def test_the_denier_takes_two_meadow_cards_only_with_a_refill_for_each() -> None:
    m = beside_her("denier", MEADOW, ["wanderer", "mine", "mine"])
    g = game(m)
    assert list(g.meadow_to_hand(0, [1, 4])) == []  # two green cards for two green slots
    assert {"farm", "husband"} <= set(g.players[0].hand) and g.meadow[1] == g.meadow[4] == "mine"

    pos = position(["nw04"], hand=["mine"], meadow=MEADOW, meadow_slot=0)
    pos["forest"] = ["forest_meadow_2_play_1_discount", "forest_3_berries", "forest_2_any"]
    pos["players"][0]["res"] = {"twig": 2, "resin": 1}
    m = from_position(pos, modules=["personalities"], personality="denier")
    g = game(m)
    m.submit(0, ("place:forest_meadow_2_play_1_discount",))
    answers = {"everdell.prompt.meadow_two_play": "m1", "everdell.prompt.meadow_two_keep": "m4"}
    while (prompt := m.prompt_for(0)) is not None and prompt.key != "everdell.prompt.action":
        m.submit(0, (answers.get(prompt.key, prompt.options[0].id),))
    # the Mine refilled the Farm's slot; no green card was left for the Husband's, so it stayed
    assert "farm" in city(g) and g.meadow[1] == "mine" and g.meadow[4] == "husband"
    assert "husband" not in g.players[0].hand
