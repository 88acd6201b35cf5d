"""Arts & Architecture (`arts=true`, `tech_cards=aa`): a scenario for every Arts space, every
masterpiece (single use included), every Arts & Architecture tech card, and the rulebook's Arts
rulings (masterpiece timing, rows / columns that are not "scoring your capital", Dark Ages with
five tracks, landmarks on tech cards). Values our sources lack (tier costs beyond tier II, the
D20's faces, the arts landmarks, Flash Mob's tracks) are tested as the data file states them."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.core.errors import InvalidSetup
from engine.core.events import Event
from engine.core.match import Match
from engine.games.tapestry import arts as arts_rules
from engine.games.tapestry import arts_data
from engine.games.tapestry.data import RESOURCES, arts, masterpieces, tech_cards
from engine.games.tapestry.options import normalize, tech_deck
from tests.engine.tapestry.deltas import delta, snapshot
from tests.engine.tapestry.helpers import answer, game, ids, invariants, prompt, seats
from tests.engine.tapestry.test_coverage import run_defaults

OPTIONS: dict[str, Any] = {"arts": True, "tech_cards": ["base", "aa"]}
TURN = "tapestry.prompt.turn"
RICH = {"coin": 5, "worker": 5, "food": 5, "culture": 5}


def me(**spec: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"income_turns": 2, "resources": dict(RICH), "tiles": [5, 7], "hand": ["trap"]}
    base.update(spec)
    return base


def other(**spec: Any) -> dict[str, Any]:
    return {"income_turns": 2, "resources": dict(RICH), **spec}


def arts_at(*players: dict[str, Any], seed: int = 0, **top: Any) -> Match:
    specs = list(players) + [other()] * max(0, 2 - len(players))
    position = {"skip_setup": True, "players": specs, **top}
    return Match.from_position("tapestry", seats(len(specs)), OPTIONS, seed, position)


def drive(m: Match, first: str | None = None, seat: int = 0, **answers: Any) -> list[Event]:
    """Answer `first`, then each prompt by its key's last word from `answers` (a value, or a list
    taken in turn), else its default, until another seat's turn opens."""
    events: list[Event] = answer(m, first) if first else []
    queues = {k: list(v) if isinstance(v, list) else [v] for k, v in answers.items()}
    for _ in range(120):
        p = prompt(m)
        if p.key == TURN and p.seat != seat:
            return events
        key = p.key.rsplit(".", 1)[-1]
        if queues.get(key):
            value = queues[key].pop(0) if len(queues[key]) > 1 else queues[key][0]
            events += m.submit(p.seat, value if isinstance(value, tuple) else (value,))
        else:
            events += m.submit(p.seat, p.default or (p.options[0].id,))
    raise AssertionError("the turn did not end")


def kinds(events: list[Event], kind: str, seat: int | None = 0) -> list[dict[str, Any]]:
    return [e.data for e in events if e.kind == kind and (seat is None or e.seat == seat)]


# ------------------------------------------------------------------------------ the lobby
def test_the_options_are_kept_only_when_on() -> None:
    assert normalize({"arts": False, "tech_cards": "base"}, 3) == {}
    assert normalize({"arts": True, "tech_cards": "aa"}, 3) == {"arts": True, "tech_cards": ["base", "aa"]}
    assert normalize({"tech_cards": "all"}, 3)["tech_cards"][:2] == ["base", "aa"]
    with pytest.raises(InvalidSetup) as bad:
        normalize({"tech_cards": "aa,junk"}, 3)
    assert bad.value.key == "error.bad_option"


def test_the_arts_track_is_refused_with_the_solo_bots() -> None:
    with pytest.raises(InvalidSetup) as bad:
        normalize({"arts": True, "opponent": "automa"}, 1)
    assert bad.value.key == "error.tapestry.arts_solo"


def test_a_tech_box_without_its_data_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.games.tapestry import options

    held = {k: v for k, v in tech_cards().items() if v.expansion != "ff"}
    monkeypatch.setattr(options, "tech_cards", lambda: held)
    with pytest.raises(InvalidSetup) as bad:
        normalize({"tech_cards": "ff"}, 3)
    assert bad.value.key == "error.tapestry.missing_data" and bad.value.params["what"] == "tech_cards_ff"


def test_the_deck_takes_the_arts_cards_only_with_the_arts_track() -> None:
    aa = {c for c, card in tech_cards().items() if card.expansion == "aa"}
    assert len(aa) == 11 and "Barn" not in aa
    needing = {c for c in aa if tech_cards()[c].needs}
    assert needing == {"Microphone", "Oil Paint", "Opera", "Public Art"}
    assert set(tech_deck({"tech_cards": ["base", "aa"]})) & aa == aa - needing
    assert set(tech_deck(OPTIONS)) & aa == aa
    assert not set(tech_deck({})) & aa


def test_a_plain_game_has_no_arts_track_nor_masterpieces() -> None:
    m = Match.from_position("tapestry", seats(2), {}, 0, {"skip_setup": True, "players": [me(), me()]})
    g = game(m)
    assert (
        "arts" not in g.players[0].tracks
        and g.mp_row == []
        and g.track_ids == ("exploration", "science", "military", "technology")
    )
    assert "masterpiece_row" not in m.view(0)


def test_setup_lays_three_masterpieces_face_up_and_a_token_at_the_start_of_arts() -> None:
    m = arts_at(me(), me())
    g = game(m)
    assert len(g.mp_row) == 3 and len(g.mp_deck) == 17
    assert all(p.tracks["arts"] == [0] for p in g.players)
    assert {"Arts Landmark II", "Arts Landmark III", "Arts Landmark IV"} <= set(g.available_landmarks)
    assert "advance:arts" in ids(m)


# ------------------------------------------------------------------------------ tier costs
def pay_options(m: Match) -> list[str]:
    answer(m, "advance:arts")
    return ids(m)


def test_tier_one_costs_any_one_resource() -> None:
    assert pay_options(arts_at(me(tracks={"arts": 0}))) == [
        "pay:coin",
        "pay:worker",
        "pay:food",
        "pay:culture",
    ]


def test_tier_two_costs_two_different_resources() -> None:
    options = pay_options(arts_at(me(tracks={"arts": 3})))
    assert len(options) == 6 and all(len(set(o[4:].split("+"))) == 2 for o in options)
    # two of one kind do not pay it: only coins in hand, no advance on arts
    m = arts_at(me(tracks={"arts": 3}, resources={"coin": 5, "worker": 0, "food": 0, "culture": 0}))
    assert "advance:arts" not in ids(m)


def test_tiers_three_and_four_cost_as_our_data_says() -> None:
    assert arts().tier_costs.source.startswith("ours")
    three = pay_options(arts_at(me(tracks={"arts": 6})))
    assert all(len(o[4:].split("+")) == 3 and len(set(o[4:].split("+"))) >= 2 for o in three)
    four = pay_options(arts_at(me(tracks={"arts": 9})))
    assert len(four) == 4 and all(len(set(o[4:].split("+"))) == 3 for o in four)


def test_the_d20_is_uniform_over_the_five_tracks_and_marked_ours() -> None:
    assert arts().d20.source == "ours"
    assert Counter(arts().d20.faces) == {
        t: 4 for t in ("exploration", "science", "military", "technology", "arts")
    }


def test_research_rolls_the_d20_with_the_arts_track() -> None:
    from engine.games.tapestry.actions import roll_science

    g = game(arts_at(me()))
    assert {roll_science(g, 0) for _ in range(200)} == {
        "exploration",
        "science",
        "military",
        "technology",
        "arts",
    }
    plain = game(
        Match.from_position("tapestry", seats(2), {}, 0, {"skip_setup": True, "players": [me(), me()]})
    )
    assert "arts" not in {roll_science(plain, 0) for _ in range(200)}


def test_the_either_die_variant_asks_which_die_and_is_kept_only_with_arts() -> None:
    """Rulebook variant (Arts & Architecture): you may choose to roll either science die."""
    assert normalize({"either_science_die": True}, 3) == {}
    assert normalize({"arts": True, "either_science_die": True}, 3) == {
        "arts": True,
        "either_science_die": True,
    }
    from engine.games.tapestry.actions import science_roll

    rolled = set()
    for seed in range(40):
        m = Match.from_position(
            "tapestry",
            seats(2),
            {**OPTIONS, "either_science_die": True},
            seed,
            {"skip_setup": True, "players": [me(), other()]},
        )
        flow = science_roll(game(m), 0)
        asked = next(flow)
        assert asked.specs[0].key == "tapestry.prompt.which_science_die"
        assert [o.id for o in asked.specs[0].options] == ["die:d20", "die:d12"]
        try:
            flow.send({0: ("die:d12",)})
        except StopIteration as done:
            rolled.add(done.value)
    assert rolled == {"exploration", "science", "military", "technology"}  # the D12 has no Arts face


# ------------------------------------------------------------------------------ every Arts space
def advance_arts(space: int, **spec: Any) -> tuple[Match, list[Event], dict[str, Any]]:
    answers = spec.pop("answers", {})
    top = spec.pop("top", {})
    tracks = {"arts": space - 1, **spec.pop("tracks", {})}
    m = arts_at(me(tracks=tracks, **spec), **top)
    before = snapshot(game(m), 0)
    events = drive(m, "advance:arts", **answers)
    assert {"track": "arts", "space": space} in kinds(events, "advance")
    assert invariants(m) == []
    return m, events, delta(before, snapshot(game(m), 0), events)


def test_1_cave_paintings_gives_a_tapestry_card() -> None:
    _, _, d = advance_arts(1)
    assert d["hand"] == 1 and d["tracks"] == {"arts": 1}


def test_2_flutes_gives_5_vp_and_its_bonus_an_income_building() -> None:
    _, _, d = advance_arts(2)
    assert d["vp"] == 5 and "buildings" not in d
    _, _, d = advance_arts(
        2, answers={"pay_advance": "pay:coin", "bonus": "res:coin", "any_building": "building:farm"}
    )
    assert d["buildings"] == {"farm": 1} and d["paid"] == {"coin": 2}


def test_3_dance_creates_a_face_up_masterpiece_and_the_row_refills() -> None:
    m, events, _ = advance_arts(
        3, top={"masterpiece_row": ["ballet", "fresco", "mime"]}, answers={"create": "mp:fresco"}
    )
    g = game(m)
    assert g.players[0].art["masterpieces"] == [["fresco", False]]
    assert len(g.mp_row) == 3 and "fresco" not in g.mp_row and {"ballet", "mime"} <= set(g.mp_row)
    assert (
        kinds(events, "create") == [{"card": "fresco"}]
        and len(kinds(events, "refill_masterpiece", None)) == 1
    )
    m, events, _ = advance_arts(3, top={"masterpiece_deck": ["theater"]}, answers={"create": "deck"})
    assert game(m).players[0].art["masterpieces"] == [["theater", False]]
    assert kinds(events, "draw_masterpiece") == [{"card": "theater"}]


def test_4_epic_poetry_scores_tiles_and_tech_cards_and_gives_the_tier_landmark() -> None:
    _, _, d = advance_arts(4, tech={"Paper": 0, "Calendar": 1}, answers={"pay_advance": "pay:coin+worker"})
    assert (
        d["vp"] == 2 + 2 and d["landmarks"] == ["Arts Landmark II"] and d["paid"] == {"coin": 1, "worker": 1}
    )


def test_5_symphony_inspiration_is_unavailable_without_the_data_set_and_its_bonus_creates() -> None:
    m, events, d = advance_arts(5, answers={"bonus": "res:food"})
    assert kinds(events, "inspiration_unavailable") == [{"why": "no_data_set"}]
    assert len(game(m).players[0].art["masterpieces"]) == 1


def test_6_carved_marble_sculpture_broadcasts_or_gives_a_building() -> None:
    m, events, d = advance_arts(6, masterpieces=["painting"], answers={"choose_benefit": "b0"})
    assert (
        kinds(events, "masterpiece") == [{"card": "painting", "owner": 0, "flipped": False}] and d["vp"] == 4
    )
    _, events, d = advance_arts(
        6, masterpieces=["painting"], answers={"choose_benefit": "b1", "any_building": "building:market"}
    )
    assert d["buildings"] == {"market": 1} and not kinds(events, "masterpiece")


def test_7_rock_opera_may_refresh_the_row_then_creates() -> None:
    m, events, _ = advance_arts(
        7, top={"masterpiece_row": ["ballet", "fresco", "mime"]}, answers={"refresh_masterpieces": "yes"}
    )
    g = game(m)
    assert set(g.mp_discard) == {"ballet", "fresco", "mime"} and len(g.players[0].art["masterpieces"]) == 1
    assert d_landmark(events) == ["Arts Landmark III"]
    m, _, _ = advance_arts(
        7, top={"masterpiece_row": ["ballet", "fresco", "mime"]}, answers={"create": "mp:ballet"}
    )
    assert game(m).mp_discard == [] and game(m).players[0].art["masterpieces"] == [["ballet", False]]


def d_landmark(events: list[Event]) -> list[str]:
    return [e["what"] for e in kinds(events, "landmark")]


def test_8_cgi_animation_inspiration_and_its_bonus_building() -> None:
    _, events, d = advance_arts(8, answers={"bonus": "res:coin", "any_building": "building:house"})
    assert kinds(events, "inspiration_unavailable") and d["buildings"] == {"house": 1}


def test_9_flash_mob_advances_on_another_track_with_its_benefit() -> None:
    _, events, d = advance_arts(
        9, tracks={"arts": 8, "science": 0}, answers={"advance_track": "track:science"}
    )
    # Science 1 researches: the roll may move a track again
    assert d["tracks"]["arts"] == 1 and d["tracks"]["science"] >= 1
    assert {"track": "science", "space": 1} in kinds(events, "advance") and kinds(events, "roll")


def test_10_vr_holocenter_building_then_vp_per_building() -> None:
    _, _, d = advance_arts(
        10,
        on_mat={"market": 4, "house": 5, "farm": 5, "armory": 5},
        answers={"any_building": "building:farm"},
    )
    assert d["buildings"] == {"farm": 1} and d["vp"] >= 2 and d["landmarks"] == ["Arts Landmark IV"]


def test_11_infinite_spectrum_photography_advances_elsewhere_and_its_bonus_creates() -> None:
    m, _, d = advance_arts(
        11,
        tracks={"arts": 10, "military": 0},
        answers={"advance_track": "track:military", "bonus": "res:coin"},
    )
    assert d["tracks"]["military"] == 1 and len(game(m).players[0].art["masterpieces"]) == 1


def test_12_streaming_implants_takes_up_to_three_different_masterpieces_yours_or_neighbours() -> None:
    mine = me(tracks={"arts": 11}, masterpieces=["painting", "mapmaking"])
    theirs = other(masterpieces=["fresco", ["art_deco", False], "krav_maga"])
    m = arts_at(mine, theirs)
    answer(m, "advance:arts")
    while prompt(m).key != "tapestry.prompt.streaming":
        m.submit(0, prompt(m).default or (prompt(m).options[0].id,))
    offered = ids(m)
    assert "mp:art_deco:1" not in offered  # a neighbour's single-use masterpiece is never streamed
    assert set(offered) == {"mp:painting:0", "mp:mapmaking:0", "mp:fresco:1", "mp:krav_maga:1"}
    assert prompt(m).max == 3
    vp = game(m).players[0].vp
    events = drive(m, None, streaming=("mp:painting:0", "mp:fresco:1", "mp:krav_maga:1"))
    used = kinds(events, "masterpiece")
    assert [(u["card"], u["owner"]) for u in used] and {u["card"] for u in used} == {
        "painting",
        "fresco",
        "krav_maga",
    }
    assert game(m).players[0].vp > vp + 4
    assert game(m).players[1].art["masterpieces"][1] == ["art_deco", False]  # the neighbour keeps theirs


def test_completing_the_arts_track_earns_the_track_achievement() -> None:
    m, events, _ = advance_arts(12)
    assert "track" in game(m).players[0].achievements


# ------------------------------------------------------------------------------ every masterpiece
# What each masterpiece gives from this position (every question answered with its default, the
# "any resource" default being the first offered): capital with 1 market, 2 houses, 3 farms and 4
# armories (no complete row or column), tokens at exploration 2, science 3, military 4,
# technology 5, arts 6; 2 tech cards, 2 territory tiles, 1 tapestry card in hand, 1 on the mat.
MASTERPIECE_DELTAS: dict[str, dict[str, Any]] = {
    "animation": {"vp": 2, "res": {"coin": 1}},
    "art_deco": {"buildings": {"market": 1}, "res": {"coin": 1}},
    "ballet": {"res": {"coin": 1}},
    "baroque": {"vp": 4 + 3, "res": {"food": 1}},
    "calligraphy": {"tiles": 1, "res": {"coin": 1}},
    "ceramics": {"tech": {"Paper": 1}, "buildings": {"house": 1}},  # Paper's circle: a house
    "costuming": {},  # paying is optional: the default declines (see the test below)
    "fresco": {"vp": 1, "res": {"culture": 1}},
    "graffiti": {"vp": 1 + 2, "res": {"worker": 1}},
    "haute_cuisine": {"vp": 2, "res": {"coin": 1}},
    "krav_maga": {"vp": 4},
    "mapmaking": {"vp": 2},
    "mime": {"paid": {"coin": 1}},
    "modern_dance": {"res": {"coin": 1}},
    "motion_picture": {"vp": 3},
    "painting": {"vp": 4, "res": {"coin": 1}},
    "stained_glass": {"vp": 5},
    "tapestry_art": {"hand": 1, "res": {"coin": 1}},
    "theater": {"vp": 6},
    "topiary": {"outposts": 1},  # plus a conquest die's benefit
}


def masterpiece_position(card: str) -> Match:
    spec = me(
        resources={"coin": 2, "worker": 2, "food": 2, "culture": 2},
        tech={"Paper": 0, "Calendar": 1},
        on_mat={"market": 4, "house": 3, "farm": 2, "armory": 1},
        tracks={"exploration": 2, "science": 3, "military": 4, "technology": 5, "arts": 6},
        mat=[[["trap", True]]],
        hand=["dark_ages"],
        masterpieces=[card],
    )
    return arts_at(spec)


@pytest.mark.parametrize("card", sorted(masterpieces()))
def test_every_masterpiece_gives_its_benefit(card: str) -> None:
    assert set(MASTERPIECE_DELTAS) == set(masterpieces())
    m = masterpiece_position(card)
    g = game(m)
    before = snapshot(g, 0)
    run_defaults(arts_rules.use(g, 0, card, 0))
    got = delta(before, snapshot(g, 0), [])
    expected = dict(MASTERPIECE_DELTAS[card])
    # payments are not events here (the flow ran outside the match): fold them into `res`
    if "paid" in expected:
        paid = expected.pop("paid")
        res = dict(expected.get("res", {}))
        for r, n in paid.items():
            res[r] = res.get(r, 0) - n
        expected["res"] = {r: n for r, n in res.items() if n}
        if not expected["res"]:
            del expected["res"]
    got.pop("tracks", None) if card == "mime" else None  # Mime repeats a space: whatever it gives
    for key in ("vp", "res") if card == "mime" else ():
        got.pop(key, None)
        expected.pop(key, None)
    if card == "topiary":
        got = {"outposts": got["outposts"]}
    assert got == expected, card
    flipped = [f for m_, f in g.players[0].art["masterpieces"] if m_ == card]
    assert flipped == [masterpieces()[card].single_use]
    assert invariants(m) == []


def test_topiary_conquers_only_an_empty_territory_next_to_yours() -> None:
    m = masterpiece_position("topiary")
    g = game(m)
    from engine.games.tapestry.actions import conquer_targets

    empty = conquer_targets(g, 0, anywhere=False, empty_only=True)
    assert empty and all(g.sites[h].items == 0 for h in empty)
    outposts = sum(1 for h in g.hexes for q in g.sites[h].pieces if q[0] == 0)
    run_defaults(arts_rules.use(g, 0, "topiary", 0))
    assert sum(1 for h in g.hexes for q in g.sites[h].pieces if q[0] == 0) == outposts + 1


def test_ballet_and_modern_dance_are_not_scoring_your_capital() -> None:
    """FAQ: a row or column masterpiece does not count as scoring the capital: the Architects'
    extra VP for lines of one building kind do not come with it."""
    grid = ["MMMMMMMMM"] + ["........."] * 8
    m = arts_at(me(civs=["architects"], grid=grid, masterpieces=["ballet"]))
    g = game(m)
    from engine.games.tapestry import scoring

    assert scoring.count(g, 0, "capital") == 2  # the row, and the Architects' extra for it
    vp = g.players[0].vp
    run_defaults(arts_rules.use(g, 0, "ballet", 0))
    assert g.players[0].vp == vp + 1
    vp = g.players[0].vp
    run_defaults(arts_rules.use(g, 0, "modern_dance", 0))
    assert g.players[0].vp == vp  # no complete column


def test_single_use_masterpieces_flip_and_are_spent() -> None:
    m = arts_at(me(tracks={"arts": 5}, masterpieces=["art_deco"]))
    events = drive(m, "advance:arts", choose_benefit="b0")
    assert kinds(events, "masterpiece") == [{"card": "art_deco", "owner": 0, "flipped": True}]
    g = game(m)
    assert g.players[0].art["masterpieces"] == [["art_deco", True]]
    assert arts_rules.usable(g, 0) == []
    assert m.view(1)["players"][0]["masterpieces"] == [["art_deco", True]]


def test_costuming_pays_a_resource_to_advance_on_arts_with_benefit() -> None:
    m = arts_at(me(tracks={"arts": 1}, masterpieces=["costuming"]))
    g = game(m)
    flow = arts_rules.use(g, 0, "costuming", 0)
    asked = next(flow)
    assert asked.specs[0].key == "tapestry.prompt.costuming" and asked.specs[0].default == ("skip",)
    try:
        asked = flow.send({0: ("res:food",)})
        while True:
            spec = asked.specs[0]
            asked = flow.send({spec.seat: spec.default or (spec.options[0].id,)})
    except StopIteration:
        pass
    assert g.players[0].pos("arts") == 2 and g.players[0].res["food"] == 4
    assert g.players[0].vp == 5  # Flutes


def test_mime_pays_to_repeat_a_current_space_once_and_is_spent() -> None:
    m = arts_at(
        me(
            tracks={"exploration": 0, "science": 0, "military": 0, "technology": 0, "arts": 2},
            masterpieces=["mime"],
        )
    )
    g = game(m)
    flow = arts_rules.use(g, 0, "mime", 0)
    asked = next(flow)
    assert asked.specs[0].key == "tapestry.prompt.mime"
    try:
        asked = flow.send({0: ("res:coin",)})  # the lone space (Flutes) is taken without asking
        while True:
            spec = asked.specs[0]
            asked = flow.send({spec.seat: spec.default or (spec.options[0].id,)})
    except StopIteration:
        pass
    assert g.players[0].vp == 5 and g.players[0].art["masterpieces"] == [["mime", True]]


def test_masterpieces_act_in_step_one_of_income_turns_two_to_five_only() -> None:
    """Rulebook: masterpieces are used before the civilizations in step 1 of an income turn (not
    in the first), or by Broadcast; a single-use one only if you choose."""
    m = arts_at(me(income_turns=0, masterpieces=["painting"]), other(), current=1)
    events = drive(m, "income", seat=1)  # then the first seat's first income turn (no question)
    assert {"number": 1} in kinds(events, "income_turn") and not kinds(events, "masterpiece")
    m = arts_at(me(income_turns=1, masterpieces=["painting", "krav_maga", "mime"], tracks={"military": 3}))
    events = drive(m, "income", masterpiece_order=["mp:krav_maga", "mp:painting"], single_use="no")
    used = [e["card"] for e in kinds(events, "masterpiece")]
    assert used == ["krav_maga", "painting"]
    order = [e.kind for e in events if e.seat == 0]
    assert order.index("masterpiece") < order.index("play_tapestry")
    assert game(m).players[0].art["masterpieces"][2] == ["mime", False]


def test_ceramics_card_cannot_be_upgraded_again_this_turn() -> None:
    m = arts_at(me(income_turns=1, tech={"Paper": 0}, masterpieces=["ceramics"]))
    answer(m, "income")
    seen_upgrade_offers = []
    for _ in range(60):
        p = prompt(m)
        if p.key == TURN and p.seat != 0:
            break
        if p.key == "tapestry.prompt.upgrade":
            seen_upgrade_offers.append([o.id for o in p.options])
        m.submit(p.seat, p.default or (p.options[0].id,))
    assert game(m).players[0].tech["Paper"] == 1
    # Ceramics' own upgrade had the lone card (no question); the income step offered nothing
    assert all("tech:Paper" not in offers for offers in seen_upgrade_offers)


def test_broadcast_uses_one_of_your_own_masterpieces() -> None:
    m = arts_at(me(masterpieces=["painting", "fresco"]), other(masterpieces=["theater"]))
    g = game(m)
    flow = arts_rules.broadcast(g, 0)
    asked = next(flow)
    assert [o.id for o in asked.specs[0].options] == ["mp:painting", "mp:fresco"]


def test_dark_ages_with_the_arts_track_regresses_three_and_advances_one_of_the_other_two() -> None:
    """FAQ: with the Arts track, choose which of the two tracks left gets the three advances."""
    m = arts_at(me(tracks={"exploration": 3, "science": 3, "military": 3, "technology": 3, "arts": 3}))
    g = game(m)
    from engine.games.tapestry import tapestries

    flow = tapestries.dark_ages(g, 0)
    asked = next(flow)
    asked = flow.send({0: ("track:arts",)})
    assert asked.specs[0].key == "tapestry.prompt.dark_ages_spare"
    try:
        asked = flow.send({0: ("track:military",)})
        while True:
            spec = asked.specs[0]
            asked = flow.send({spec.seat: spec.default or (spec.options[0].id,)})
    except StopIteration:
        pass
    pos = {t: g.players[0].pos(t) for t in g.track_ids}
    assert pos == {"exploration": 2, "science": 2, "military": 3, "technology": 2, "arts": 6}


# ------------------------------------------------------------------------------ the AA tech cards
AA = sorted(c for c, card in tech_cards().items() if card.expansion == "aa")
TECH_DELTAS: dict[str, dict[str, Any]] = {
    "Astrolabe/0": {"res": {"food": 1}},
    "Astrolabe/1": {"tracks": {"exploration": 1}},
    "Automation/0": {"res": {"coin": 1}},
    "Automation/1": {"tracks": {"technology": 1}},
    "Calculus/0": {"res": {"worker": 1}},
    "Calculus/1": {"tracks": {"science": 1}},
    "Duct Tape/0": {"res": {"culture": 1}},
    "Duct Tape/1": {"tech": {"Paper": 2}, "buildings": {"house": 1}, "vp": 3},  # Paper twice
    "Jet Fuel/0": {"space_tiles": 1},
    "Jet Fuel/1": {"space_tiles": -1, "explored_space": 1, "vp": 13},  # space tile 13: 13 VP
    "Microphone/0": {"res": {"coin": 1}},
    "Microphone/1": {"tracks": {"arts": 1}},
    "Oil Paint/0": {"res": {"coin": 1}},
    "Oil Paint/1": {},
    "Opera/0": {"tracks": {"arts": 1}},
    "Opera/1": {"vp": 6},
    "Public Art/0": {"hand": 1},
    "Public Art/1": {},
    "Suburbs/0": {"vp": 4},
    "Suburbs/1": {"buildings": {"market": 1}},
    "War College/0": {"res": {"culture": 1}},
    "War College/1": {"tracks": {"military": 1}},
}


@pytest.mark.parametrize("key", sorted(TECH_DELTAS))
def test_every_aa_tech_card_upgrade_gives_its_benefit(key: str) -> None:
    assert {k.split("/")[0] for k in TECH_DELTAS} == set(AA)
    card, row = key.split("/")
    spec = me(
        tech={"Paper": 0, card: int(row)},
        space=[13],
        on_mat={"market": 4, "house": 3, "farm": 2, "armory": 1},
        tracks={"exploration": 2, "science": 3, "military": 4, "technology": 5, "arts": 6},
    )
    m = arts_at(spec)
    g = game(m)
    before = snapshot(g, 0)
    run_defaults(g.upgrade(0, only=card, ignore=True))
    got = delta(before, snapshot(g, 0), [])
    got["tech"].pop(card)
    if not got["tech"]:
        del got["tech"]
    for noisy in ("vp", "res", "tiles", "hand", "buildings", "outposts", "landmarks", "civs", "mat"):
        # an advance with benefit brings its space's benefit: checked by the track move itself
        if "tracks" in TECH_DELTAS[key] and noisy not in TECH_DELTAS[key]:
            got.pop(noisy, None)
    got.pop("tracks", None) if "tracks" not in TECH_DELTAS[key] else None
    assert got == TECH_DELTAS[key], key
    assert g.players[0].tech[card] == int(row) + 1
    if key == "Oil Paint/1":
        assert len(g.players[0].art["masterpieces"]) == 1
    assert invariants(m) == []


def test_public_art_inspiration_is_logged_unavailable_without_the_data_set() -> None:
    m = arts_at(me(tech={"Public Art": 1}))
    g = game(m)
    flow = arts_rules.inspiration(g, 0)
    with pytest.raises(StopIteration):
        next(flow)
    assert "inspiration" not in g.players[0].art


# ------------------------------------------------------------------------------ the server's data sets
TEST_TILES = (Path(__file__).parent / "data" / "inspiration_tiles_test.yaml").read_text(encoding="utf-8")


def test_the_inspiration_data_set_is_checked_and_kept_only_with_arts() -> None:
    assert arts_data.DATA_SETS[1].check(TEST_TILES) == []
    assert normalize({"arts": True, "inspiration_tiles": TEST_TILES}, 3)["inspiration_tiles"] == TEST_TILES
    assert "inspiration_tiles" not in normalize({"inspiration_tiles": TEST_TILES}, 3)
    broken = TEST_TILES.replace("track: farm", "track: market")
    assert arts_data.DATA_SETS[1].check(broken) != []
    with pytest.raises(InvalidSetup):
        normalize({"arts": True, "inspiration_tiles": broken}, 3)
    assert arts_data.DATA_SETS[1].check("inspiration_tiles: [{track: market, positions: [[laser]]}]") != []
    assert arts_data.DATA_SETS[1].check(": : :") != []


def test_an_inspiration_tile_replaces_its_rows_icons_and_the_buildings_stay() -> None:
    options = {**OPTIONS, "inspiration_tiles": TEST_TILES}
    position = {"skip_setup": True, "players": [me(on_mat={"market": 3}), other()]}
    m = Match.from_position("tapestry", seats(2), options, 0, position)
    g = game(m)
    from engine.games.tapestry.scoring import exposed

    before = exposed(g, 0)
    flow = arts_rules.inspiration(g, 0)
    asked = next(flow)
    assert [o.id for o in asked.specs[0].options] == [
        "building:market",
        "building:house",
        "building:farm",
        "building:armory",
    ]
    with pytest.raises(StopIteration):
        flow.send({0: ("building:market",)})
    after = exposed(g, 0)
    # three markets gone: the tile's first three positions show instead of the mat's; the rest stays
    from engine.games.tapestry.data import board

    mat_market = [icon for pos in board().income_mat.rows[0].positions[:3] for icon in pos.icons]
    assert before[: len(mat_market)] == mat_market
    assert after[:4] == ["coin", "coin", "coin", "vp:3"] and after[4:] == before[len(mat_market) :]
    assert g.players[0].on_mat["market"] == 3 and g.players[0].art["inspiration"] == ["market"]
    flow = arts_rules.inspiration(g, 0)
    asked = next(flow)
    assert "building:market" not in [o.id for o in asked.specs[0].options]


def test_the_arts_values_file_replaces_ours_but_never_the_printed_tier_two() -> None:
    ok = "tier_costs: [[any], ['distinct:2'], [any, any], [any, any, any]]\nflash_mob_tracks: [military]\n"
    assert arts_data.DATA_SETS[0].check(ok) == []
    assert arts_data.DATA_SETS[0].check("tier_costs: [[any], [any, any], [any], [any]]") != []
    assert arts_data.DATA_SETS[0].check("d20: [arts]") != []
    options = {**OPTIONS, "arts_rules": ok}
    m = Match.from_position(
        "tapestry", seats(2), options, 0, {"skip_setup": True, "players": [me(tracks={"arts": 9}), other()]}
    )
    answer(m, "advance:arts")
    assert len(ids(m)) == 20  # 3 of any kind from 5 of each: every multiset of 3
    g = game(m)
    assert g.arts_values["flash_mob_tracks"] == ["military"] and g.arts_values["d20"] == arts().d20.faces


def test_suburbs_needs_nothing_for_the_top_row() -> None:
    g = game(arts_at(me(tech={"Suburbs": 1})))
    assert g.requirement_met(0, "Suburbs")


@pytest.mark.parametrize("card", ["Duct Tape", "Jet Fuel", "Oil Paint", "Opera", "Public Art"])
def test_the_lost_prerequisites_are_tier_two_by_you_or_a_neighbour_marked_ours(card: str) -> None:
    tc = tech_cards()[card]
    assert tc.requires_source == "ours" and tc.requires.space == 4
    track = tc.requires.track
    assert track is not None
    g = game(arts_at(me(tech={card: 1}, tracks={track: 3})))
    assert not g.requirement_met(0, card)
    g = game(arts_at(me(tech={card: 1}, tracks={track: 3}), other(tracks={track: 4})))
    assert g.requirement_met(0, card)


LANDMARK_CARDS = ["Astrolabe", "Automation", "Calculus", "Microphone", "War College"]


@pytest.mark.parametrize("card", LANDMARK_CARDS)
def test_a_landmark_on_the_card_upgrades_it_and_meets_its_prerequisite(card: str) -> None:
    """Rulebook: a landmark gained may go on the card (size irrelevant) instead of the capital,
    upgrading it at once; the top row needs a landmark on the card, neighbours do not count."""
    g = game(arts_at(me(tech={card: 1})))
    assert not g.requirement_met(0, card)
    m = arts_at(me(tech={card: 0}))
    g = game(m)
    flow = g.gain_landmark(0, "Tech Hub")
    asked = next(flow)
    assert asked.specs[0].key == "tapestry.prompt.landmark_on_card"
    assert [o.id for o in asked.specs[0].options] == ["capital", f"tech:{card}"]
    try:
        asked = flow.send({0: (f"tech:{card}",)})
        while True:  # the circle benefit's questions, if any
            spec = asked.specs[0]
            asked = flow.send({spec.seat: spec.default or (spec.options[0].id,)})
    except StopIteration:
        pass
    p = g.players[0]
    assert (
        p.art["on_card"] == {card: "Tech Hub"}
        and p.tech[card] == 1
        and "L" not in "".join("".join(r) for r in p.grid)
    )
    assert g.requirement_met(0, card) and "Tech Hub" in p.landmarks
    assert invariants(m) == []


def test_one_landmark_does_not_satisfy_two_landmark_cards() -> None:
    m = arts_at(me(tech={"Astrolabe": 1, "Calculus": 1}, on_card={"Astrolabe": "Tech Hub"}))
    g = game(m)
    assert g.requirement_met(0, "Astrolabe") and not g.requirement_met(0, "Calculus")
    flow = g.gain_landmark(0, "Forge")
    asked = next(flow)
    assert [o.id for o in asked.specs[0].options] == ["capital", "tech:Calculus"]


def test_a_neighbours_landmark_on_their_card_does_not_count() -> None:
    g = game(
        arts_at(me(tech={"War College": 1}), other(tech={"War College": 1}, on_card={"War College": "Forge"}))
    )
    assert not g.requirement_met(0, "War College") and g.requirement_met(1, "War College")


def test_a_discarded_card_takes_its_landmark_out_of_play() -> None:
    m = arts_at(me(tech={"Astrolabe": 2}, on_card={"Astrolabe": "Forge"}))
    g = game(m)
    arts_rules.card_discarded(g, 0, "Astrolabe")
    assert g.players[0].art["on_card"] == {} and "Forge" in g.players[0].landmarks


def test_the_catalogue_names_every_masterpiece_and_arts_space_in_both_languages() -> None:
    from engine.games.tapestry.names import card_name

    for mp in masterpieces().values():
        assert card_name(mp.id, "en") == mp.name and card_name(mp.id, "pt") == mp.name_pt
    for space in arts().track.spaces:
        assert card_name(space.name, "pt") == space.name_pt
    assert card_name("arts", "pt") == "Artes"
    assert set(RESOURCES) == {"coin", "worker", "food", "culture"}
