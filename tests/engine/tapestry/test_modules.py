"""The expansion modules whose sets are server data (`modules/`): the upload check, the lobby's
refusal without a set, and each module's mechanism with the test sets of `module_data/`
(invented fixtures, never shipped)."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from engine.core.errors import InvalidSetup
from engine.core.match import Match
from engine.games.tapestry import GAME, modules
from engine.games.tapestry.modules import sets
from tests.engine.tapestry.helpers import answer, game, prompt, seats, until
from tests.engine.tapestry.module_sets import options, text

RICH = {"coin": 3, "worker": 3, "food": 3, "culture": 3}


def at(position: dict[str, Any], *chosen: str, players: int = 2, seed: int = 0) -> Match:
    opts = GAME.normalize_options(options(*chosen), players)
    return Match.from_position("tapestry", seats(players), opts, seed, {"skip_setup": True, **position})


def lay(card: str, *chosen: str, me: dict[str, Any] | None = None, rival: int = 2, **pos: Any) -> Match:
    """Seat 0 takes an income turn (the second unless `me` says) holding only `card`; seat 1 is
    already in that era (`rival` income turns), so no era bonus is asked."""
    spec = {"income_turns": 1, "hand": [card], "resources": dict(RICH), **(me or {})}
    m = at({"players": [spec, {"income_turns": rival, "resources": dict(RICH)}], **pos}, *chosen)
    answer(m, "income")
    answer(m, f"card:{card}")
    return m


# ------------------------------------------------------------------------------ the data sets
def test_every_test_set_passes_the_upload_check() -> None:
    for m in modules.MODULES:
        assert sets.check(m, text(m)) == [], m


@pytest.mark.parametrize(
    ("kind", "body", "expected"),
    [
        (
            "pp_tapestry",
            "cards:\n  - {id: x_a, name: A, name_pt: A, kind: played, when_played: [gold]}",
            "unknown benefit 'gold'",
        ),
        (
            "pp_tapestry",
            "cards:\n  - {id: x_a, name: A, name_pt: A, kind: played, when_played: ['adv:arts2']}",
            "unknown track 'arts2'",
        ),
        (
            "pp_tapestry",
            "cards:\n  - {id: x_a, name: A, name_pt: A, kind: played, when_played: ['vp:900']}",
            "VP must be a number",
        ),
        (
            "pp_tapestry",
            "cards:\n  - {id: trap, name: A, name_pt: A, kind: played, when_played: [coin]}",
            "base-game tapestry card",
        ),
        (
            "pp_tapestry",
            "cards:\n  - {id: x_a, name: A, name_pt: A, kind: played, when_played: [coin], charms: {left: [coin]}}",
            "belong to Fantasies & Futures",
        ),
        (
            "ff_tapestry",
            "cards:\n  - {id: x_a, name: A, name_pt: A, kind: ongoing, when_played: [coin]}",
            "needs at least one trigger",
        ),
        (
            "ff_tapestry",
            "cards:\n  - {id: x_a, name: A, name_pt: A, kind: era, triggers: [{when: advance, track: moon, gain: [coin]}]}",
            "unknown track 'moon'",
        ),
        (
            "ff_tapestry",
            "cards:\n  - {id: x_a, name: A, name_pt: A, kind: played}\n  - {id: x_a, name: B, name_pt: B, kind: played}",
            "used by more than one entry",
        ),
        ("space_tiles", "tiles:\n  - {id: 3, benefit: [coin]}", "greater than or equal to 16"),
        ("space_tiles", "tiles:\n  - {id: 20, benefit: ['landmark:Nowhere']}", "no landmark named 'Nowhere'"),
        (
            "landmark_cards",
            "landmark_cards:\n  - {id: g_a, box: pp, name: A, name_pt: A, goal: [{count: dragons, at_least: 2}], landmark: {name: L, name_pt: L, footprint: [X]}}",
            "goal cannot count 'dragons'",
        ),
        (
            "landmark_cards",
            "landmark_cards:\n  - {id: g_a, box: pp, name: A, name_pt: A, goal: [{count: farm, at_least: 2}], landmark: {name: L, name_pt: L, footprint: [XY]}}",
            "footprint must be rows",
        ),
        ("counter_traps", "cards:\n  - {id: c_a, name: A, name_pt: A, against: dragons}", "against"),
    ],
)
def test_a_bad_entry_is_refused_naming_it(kind: str, body: str, expected: str) -> None:
    problems = sets.check(kind, "format: 1\n" + body + "\n")
    assert problems, body
    assert any(expected in p for p in problems), problems
    assert all(
        p.startswith(("cards entry", "tiles entry", "landmark_cards entry", "the id")) for p in problems
    ), problems


def test_a_file_that_is_not_a_set_is_refused_with_a_reason() -> None:
    assert sets.check("pp_tapestry", "cards: [") == ["not YAML or JSON (line 2)"] or sets.check(
        "pp_tapestry", "cards: ["
    )[0].startswith("not YAML")
    assert "mapping" in sets.check("pp_tapestry", "- 1\n- 2\n")[0]
    assert any("format" in p for p in sets.check("pp_tapestry", "cards: []\n"))


# ------------------------------------------------------------------------------------- lobby
def test_no_module_stores_nothing_so_plain_games_replay_unchanged() -> None:
    assert GAME.normalize_options({}, 3) == {}
    assert GAME.normalize_options({"modules": ""}, 3) == {}
    assert (
        GAME.normalize_options({"pp_tapestry_data": text("pp_tapestry")}, 3) == {}
    )  # a set alone is dropped


def test_a_module_without_its_set_is_refused_naming_every_missing_set() -> None:
    with pytest.raises(InvalidSetup) as exc:
        GAME.normalize_options(
            {"modules": "space_tiles,pp_tapestry,landmark_cards", "space_tiles_data": text("space_tiles")}, 3
        )
    assert exc.value.key == "error.tapestry.module_data_missing"
    assert exc.value.params == {"missing": "pp_tapestry, landmark_cards"}


def test_unknown_modules_and_modules_with_the_automa_are_refused() -> None:
    with pytest.raises(InvalidSetup) as exc:
        GAME.normalize_options({"modules": "dragons"}, 3)
    assert exc.value.params == {"option": "modules", "value": "dragons"}
    with pytest.raises(InvalidSetup):
        GAME.normalize_options({**options("pp_tapestry"), "opponent": "automa"}, 1)


def test_all_chooses_every_module_and_a_bad_set_is_refused() -> None:
    assert GAME.normalize_options(options(), 3)["modules"] == list(modules.MODULES)
    with pytest.raises(InvalidSetup) as exc:
        GAME.normalize_options(
            {"modules": "pp_tapestry", "pp_tapestry_data": "format: 1\ncards: [{id: x}]\n"}, 3
        )
    assert exc.value.key == "error.tapestry.module_data_bad"


def test_the_data_sets_apply_only_to_lobbies_that_chose_their_module() -> None:
    by_kind = {d.kind: d for d in GAME.data_sets}
    assert set(modules.MODULES) <= set(by_kind)
    assert by_kind["space_tiles"].applies({"modules": "space_tiles,pp_tapestry"})
    assert not by_kind["space_tiles"].applies({"modules": "pp_tapestry"})
    assert not by_kind["space_tiles"].applies({"modules": "nonsense"})
    assert by_kind["space_tiles"].check("format: 1\ntiles: []\n")


# ------------------------------------------------------------------------- expansion tapestries
def test_a_when_played_card_from_the_set_resolves_its_benefits() -> None:
    m = lay("test_pp_harvest", "pp_tapestry")
    control = game(lay("trap", "pp_tapestry"))  # the same income turn with a Trap laid (10 VP)
    g = game(m)
    assert g.players[0].res["food"] == control.players[0].res["food"] + 2
    assert g.players[0].vp == control.players[0].vp - 10 + 2
    assert g.players[0].mat[1] == [["test_pp_harvest", True]]


def test_a_this_era_card_from_the_set_reacts_until_the_next_income_turn() -> None:
    m = lay("test_pp_drill", "pp_tapestry", me={"tracks": {"military": 1}})
    until(m, "tapestry.prompt.turn")
    answer(m, "advance:military")  # seat 1: not their card
    until(m, "tapestry.prompt.turn", policy=lambda p: p.default or (p.options[0].id,))
    assert prompt(m).seat == 0
    events = answer(m, "advance:military")
    while prompt(m).key != "tapestry.prompt.turn":  # the payment and the space's own questions
        p = prompt(m)
        events += m.submit(p.seat, p.default or (p.options[0].id,))
    assert [e.data["gain"] for e in events if e.kind == "ability" and e.seat == 0] == [["vp:2"]]
    g = game(m)
    g.players[0].income_turns = 2
    assert g.players[0].era_card == "test_pp_drill"


def test_a_building_trigger_gives_its_vp_for_each_building() -> None:
    m = lay("test_aa_mason", "aa_tapestry")
    g = game(m)
    before = g.players[0].vp
    from engine.games.tapestry.effects import do

    assert drive(do(g, 0, ["farm"]), {}) == ["tapestry.prompt.place_building"]
    assert g.players[0].vp == before + 1


# ------------------------------------------------------------------------------------ charms
def test_a_left_charm_pays_when_laid_right_of_another_card() -> None:
    m = lay("test_ff_lantern", "ff_tapestry")
    p = prompt(m)
    assert p.key == "tapestry.prompt.charm_order"  # the charm and the card's own coin: either first
    events = answer(m, "charm")
    kinds = [e.kind for e in events]
    assert kinds.index("charm") < kinds.index("income_vp") if "income_vp" in kinds else "charm" in kinds
    assert next(e for e in events if e.kind == "charm").data["gain"] == ["vp:3"]
    g = game(m)
    assert g.players[0].vp == 3
    assert g.players[0].charms == 1


def test_a_right_charm_pays_once_the_first_time_a_card_goes_to_its_right() -> None:
    pos = {"mat": [[], [["test_ff_bridge", True]], [], []]}
    m = lay("test_pp_harvest", "ff_tapestry", "pp_tapestry", me={"income_turns": 2, **pos}, rival=3)
    events = answer(m, "card")  # the harvest first, then the bridge's right charm
    charm = next(e for e in events if e.kind == "charm")
    assert charm.data["gain"] == ["culture", "culture"]
    g = game(m)
    assert g.players[0].mat[2] == [["test_pp_harvest", True]]
    # a card laid over the harvest is not the first to the bridge's right: no second bonus
    g.players[0].hand.append("test_pp_choice")
    g.tapestry_deck.remove("test_pp_choice")
    from engine.games.tapestry import tapestries

    culture = g.players[0].res["culture"]
    asked = drive(tapestries.lay(g, 0, "test_pp_choice", 2), {})
    assert asked == ["tapestry.prompt.choose_benefit"]  # the card's own choice, no charm
    assert g.players[0].res["culture"] == culture


def test_a_face_down_card_still_earns_the_right_charm() -> None:
    pos = {"mat": [[], [["test_ff_bridge", True]], [], []]}
    spec = {"income_turns": 2, "hand": [], "resources": dict(RICH), **pos}
    m = at({"players": [spec, {"income_turns": 3}]}, "ff_tapestry")
    events = answer(m, "income")
    g = game(m)
    assert g.players[0].mat[2][0][1] is False
    assert [e.data["gain"] for e in events if e.kind == "charm"] == [["culture", "culture"]]


def test_an_ongoing_card_acts_until_covered_and_is_never_copied() -> None:
    m = lay("test_ff_beacon", "ff_tapestry")
    assert prompt(m).key == "tapestry.prompt.any_resource"  # its left charm; no ability of its own to order
    answer(m, "res:coin")
    g = game(m)
    assert g.players[0].charms == 2
    from engine.games.tapestry import tapestries

    assert not tapestries.copyable(g, "test_ff_beacon")
    assert tapestries.copyable(g, "test_ff_lantern")
    from engine.games.tapestry.modules import play

    food = g.players[0].res["food"]
    list(play.fire(g, 0, "income_turn"))
    assert g.players[0].res["food"] == food + 1
    g.players[0].mat[1].append(["test_pp_harvest", False])  # covered by a face-down card
    list(play.fire(g, 0, "income_turn"))
    assert g.players[0].res["food"] == food + 1
    assert play.count_charms(g, 0) == 0


# ---------------------------------------------------------------------------- reserved items
def test_a_reserved_farm_leaves_the_mat_now_and_is_built_at_income_turn_five() -> None:
    m = lay("test_ff_orchard", "ff_tapestry")
    g = game(m)
    p = g.players[0]
    assert p.reserved == ["farm"] and p.on_mat["farm"] == 4 and p.placed["farm"] == 1
    assert "F" not in "".join("".join(r) for r in p.grid)
    p.income_turns = 4
    g.current = 0
    m2 = at(
        {"players": [{"income_turns": 4, "reserved": ["farm"], "on_mat": {"farm": 4}}, {"income_turns": 5}]},
        "ff_tapestry",
    )
    if prompt(m2).key == "tapestry.prompt.turn":  # with nothing affordable the income turn is the only turn
        answer(m2, "income")
    q = prompt(m2)
    assert q.key == "tapestry.prompt.place_building" and q.params["building"] == "farm"
    assert q.params["queue"]["now"][-1] == "income:reserved"


def test_a_reserving_card_laid_in_era_five_builds_at_once() -> None:
    spec = {"income_turns": 5, "hand": ["test_ff_orchard"], "resources": dict(RICH)}
    m = at({"players": [spec, {"income_turns": 5}]}, "ff_tapestry")
    g = game(m)
    from engine.games.tapestry import tapestries

    g.players[0].hand.remove("test_ff_orchard")
    asked = drive(tapestries.lay(g, 0, "test_ff_orchard", 3), {})
    assert g.players[0].reserved == [] and g.players[0].placed["farm"] == 1
    assert asked[-1] == "tapestry.prompt.place_building"
    assert "F" in "".join("".join(r) for r in g.players[0].grid)


# ---------------------------------------------------------------------------- counter-traps
CONQUEST = {
    "players": [
        {"hand": [], "resources": dict(RICH), "income_turns": 2, "tracks": {"military": 2}},
        {"hand": [], "resources": dict(RICH), "income_turns": 2},
    ],
}


def conquest(attacker_hand: list[str], defender_hand: list[str]) -> Match:
    pos = {**CONQUEST}
    pos["players"] = [
        dict(pos["players"][0], hand=attacker_hand),
        dict(pos["players"][1], hand=defender_hand),
    ]
    m = at(pos, "counter_traps")
    g = game(m)
    # put the defender's outpost next to the attacker's start
    from engine.games.tapestry.mapgeo import neighbours

    start = tuple(g.players[0].civ["start"])
    target = next(
        h for h in neighbours(start) if h in g.sites and g.sites[h].tile is not None and not g.sites[h].pieces
    )
    g.sites[target].pieces.append([1, True, "outpost"])
    from engine.games.tapestry import actions

    return m, g, target, actions.conquer(g, 0)


def drive(gen: Any, answers: dict[str, str]) -> list[str]:
    """Run a rules generator, answering each prompt by key; returns the keys asked."""
    asked = []
    reply = None
    try:
        ask = gen.send(reply) if reply is not None else next(gen)
        while True:
            spec = ask.specs[0] if hasattr(ask, "specs") else ask
            key = spec.key
            asked.append(key)
            opts = [o.id for o in spec.options]
            chosen = answers.get(key, spec.default[0] if spec.default else opts[0])
            ask = gen.send({spec.seat: (chosen,)})
    except StopIteration:
        return asked


def test_a_defender_answers_a_conquest_with_a_response_card() -> None:
    m, g, target, gen = conquest([], ["test_ambush"])
    culture = g.players[1].res["culture"]
    asked = drive(
        gen,
        {
            "tapestry.prompt.conquer_hex": f"hex:{target[0]}.{target[1]}",
            "tapestry.prompt.trap": "resp:test_ambush",
        },
    )
    assert "tapestry.prompt.counter_trap" in asked  # asked whether or not a counter-trap is held
    site = g.sites[target]
    assert [1, True, "outpost"] in site.pieces and [0, False, "outpost"] in site.pieces
    assert g.players[1].res["culture"] == culture + 1
    assert "test_ambush" in g.tapestry_discard


def test_a_counter_trap_makes_the_trap_fail() -> None:
    m, g, target, gen = conquest(["test_counter"], ["trap"])
    vp = g.players[0].vp
    drive(
        gen,
        {
            "tapestry.prompt.conquer_hex": f"hex:{target[0]}.{target[1]}",
            "tapestry.prompt.trap": "trap",
            "tapestry.prompt.counter_trap": "resp:test_counter",
        },
    )
    site = g.sites[target]
    assert [0, True, "outpost"] in site.pieces and [1, False, "outpost"] in site.pieces
    assert g.players[0].vp >= vp + 2
    assert {"trap", "test_counter"} <= set(g.tapestry_discard)


# ------------------------------------------------------------------------------- space tiles
def test_the_set_joins_the_space_stack_and_a_replacement_takes_its_tiles_place() -> None:
    g = game(at({}, "space_tiles"))
    assert sorted(g.space_stack) == [*range(2, 20)]


def test_a_space_tile_landmark_is_gained_by_its_tile_only() -> None:
    m = at({"players": [{"space": [17]}, {}]}, "space_tiles")
    g = game(m)
    assert "Test Obelisk" not in g.available_landmarks and g.module_landmarks == ["Test Obelisk"]
    from engine.games.tapestry.effects import explore_space

    asked = drive(explore_space(g, 0), {})
    assert asked == ["tapestry.prompt.place_landmark"]  # one tile held: taken without asking
    assert g.players[0].landmarks == ["Test Obelisk"] and g.module_landmarks == []
    assert g.players[0].landmark_spots[0][0] == "Test Obelisk"


def test_a_space_tile_with_a_lasting_ability_acts_once_explored() -> None:
    m = at({"players": [{"tracks": {"science": 1}, "resources": dict(RICH)}, {}]}, "space_tiles")
    g = game(m)
    from engine.games.tapestry.modules import play

    list(play.fire(g, 0, "advance", track="science"))
    assert g.players[0].vp == 0
    g.players[0].explored_space.append(18)
    list(play.fire(g, 0, "advance", track="science"))
    list(play.fire(g, 0, "advance", track="military"))
    assert g.players[0].vp == 1


# ---------------------------------------------------------------------------- landmark cards
def to_draft(m: Match) -> list[Any]:
    """Answer the simultaneous setup choices (and what follows) until the draft; the events seen."""
    events: list[Any] = []
    while True:
        prompts = m.prompts()
        if len(prompts) == 1 and prompts[0].key == "tapestry.prompt.landmark_card":
            return events
        p = prompts[0]
        events += m.submit(p.seat, p.default or (p.options[0].id,))


def test_the_landmark_card_draft_goes_counter_clockwise_from_the_right_of_the_first() -> None:
    opts = GAME.normalize_options(options("landmark_cards"), 3)
    m = Match("tapestry", seats(3), opts, 5)
    to_draft(m)
    g = game(m)
    order = []
    sizes = []
    while prompt(m).key == "tapestry.prompt.landmark_card":
        p = prompt(m)
        order.append(p.seat)
        sizes.append(len(p.options))
        answer(m, p.options[-1].id)
    first = g.first
    assert order == [(first - 1) % 3, (first - 2) % 3, first]
    assert sizes == [4, 3, 2]  # players + 1: Plans & Ploys and Arts & Architecture cards both in the deck
    kept = [pl.landmark_card for pl in g.players]
    assert None not in kept and len(set(kept)) == 3
    assert "test_lc_farmer" not in kept + g.landmark_deck  # replaced by its F&F card
    assert sorted(kept + g.landmark_deck) == sorted(
        set(modules.content(opts).landmark_cards) - {"test_lc_farmer"}
    )


def test_the_drafted_cards_are_seen_only_by_the_player_choosing() -> None:
    opts = GAME.normalize_options(options("landmark_cards"), 2)
    m = Match("tapestry", seats(2), opts, 1)
    events = to_draft(m)
    assert all(q["landmark_card"] is None for q in m.view(None)["players"])  # nobody's card shows yet
    chooser = prompt(m).seat
    events += answer(m, prompt(m).options[0].id)
    other = 1 - chooser
    assert m.view(other)["players"][chooser]["landmark_card"] is None  # kept, not yet shown
    assert m.view(chooser)["players"][chooser]["landmark_card"] is not None
    while prompt(m).key == "tapestry.prompt.landmark_card":
        events += answer(m, prompt(m).options[0].id)
    seen = [e for e in events if e.kind == "landmark_cards_seen"]
    assert len(seen) == 2 and all(e.to == e.seat for e in seen)
    public = [e for e in events if e.to is None]
    cards = set(modules.content(opts).landmark_cards)
    # before everyone has chosen, no public event names a landmark card
    assert not any(set(map(str, e.data.values())) & cards for e in public if e.kind != "landmark_card")
    assert sorted(e.data["card"] for e in public if e.kind == "landmark_card") == sorted(
        p.landmark_card for p in game(m).players
    )


def test_a_met_goal_gains_the_landmark_at_the_end_of_the_turn_once() -> None:
    spec = {
        "landmark_card": "test_lc_scholar",
        "tracks": {"science": 2},
        "resources": dict(RICH),
        "income_turns": 1,
    }
    m = at({"players": [spec, {"income_turns": 1}]}, "landmark_cards")
    g = game(m)
    answer(m, "advance:science")
    until(m, "tapestry.prompt.turn")
    assert "Test Tower" in g.players[0].landmarks and g.players[0].landmark_card_done
    assert g.module_landmarks.count("Test Tower") == 0
    from engine.games.tapestry.modules import play

    list(play.check_landmark_card(g, 0))
    assert g.players[0].landmarks.count("Test Tower") == 1


def test_a_goal_not_met_gains_nothing() -> None:
    spec = {
        "landmark_card": "test_lc_sage",
        "tech": {"Mathematics": 0},
        "income_turns": 1,
        "resources": dict(RICH),
    }
    m = at({"players": [spec, {"income_turns": 1}]}, "landmark_cards")
    g = game(m)
    from engine.games.tapestry.modules import play

    assert not play.goal_met(g, 0, "test_lc_sage")
    list(play.check_landmark_card(g, 0))
    assert "Test Hall" not in g.players[0].landmarks


# ------------------------------------------------------------------------- advanced capitals
def test_setup_deals_an_advanced_capital_beside_the_basic_and_it_may_be_kept() -> None:
    opts = GAME.normalize_options(options("advanced_capitals"), 2)
    m = Match("tapestry", seats(2), opts, 3)
    prompts = m.prompts()
    offered = [[o.id for o in p.options if ":adv:" in o.id] for p in prompts]
    assert all(len(ids) == 2 for ids in offered)  # each civilization with the one advanced capital dealt
    kept = offered[0][0]
    for p in prompts:
        m.submit(p.seat, (kept,) if p.seat == prompts[0].seat else (p.default or (p.options[0].id,)))
    g = game(m)
    me = g.players[prompts[0].seat]
    capital = kept.split(":")[3]
    assert me.advanced == capital
    assert ["".join(r) for r in me.grid] == list(modules.content(opts).capitals[capital].grid)
    assert me.capital in (1, 2, 3, 4, 5, 6)  # the basic mat still says where the outposts start


def test_a_civilization_barred_from_an_advanced_capital_is_not_offered_with_it() -> None:
    opts = GAME.normalize_options(options("advanced_capitals"), 2)
    g = game(at({}, "advanced_capitals"))
    from engine.games.tapestry.modules import play

    assert play.advanced_options(g, ["riverfolk", "architects"], "test_cloud") == [
        o for o in play.advanced_options(g, ["architects"], "test_cloud")
    ]
    assert opts["modules"] == ["advanced_capitals"]


def test_an_advanced_district_gives_its_gain_when_completed_and_producing_ones_each_income() -> None:
    m = at(
        {"players": [{"advanced_capital": "test_terraces", "income_turns": 1}, {"income_turns": 1}]},
        "advanced_capitals",
    )
    g = game(m)
    p = g.players[0]
    p.grid[1][0] = p.grid[1][1] = "M"
    from engine.games.tapestry.effects import do

    before_vp, before_food = p.vp, p.res["food"]
    asked = drive(do(g, 0, ["market"]), {"tapestry.prompt.place_building": "plot:1.2"})
    assert asked == ["tapestry.prompt.place_building"]
    assert 101 in p.districts and p.vp == before_vp + 2 and p.res["food"] == before_food + 1
    # the top row produces a coin at each income step once complete, nothing when completed
    coin = p.res["coin"]
    for col in range(8):
        p.grid[0][col] = "H"
    drive(do(g, 0, ["house"]), {"tapestry.prompt.place_building": "plot:0.8"})
    assert 100 in p.districts and p.res["coin"] == coin
    from engine.games.tapestry.modules import play

    drive(play.advanced_income(g, 0), {})
    assert p.res["coin"] == coin + 1


def test_an_advanced_capital_may_forbid_landmarks_or_their_overhang() -> None:
    m = at(
        {"players": [{"advanced_capital": "test_bottle"}, {"advanced_capital": "test_cloud"}]},
        "advanced_capitals",
    )
    g = game(m)
    drive(g.gain_landmark(0, "Forge"), {})
    assert g.players[0].beside == ["Forge"]  # no landmark in this capital: beside it, still owned
    other = g.available_landmarks[0]
    from engine.games.tapestry import capital as cap

    lm = g.landmark_info(other)
    shapes = cap.shapes_of(tuple(lm.footprint), lm.rotations)
    every = cap.landmark_spots(g.players[1].grid, shapes)
    assert any(not cap.fully_inside(s, shapes) for s in every)  # a basic capital would allow overhang
    from engine.games.tapestry.modules import play

    allowed = play.advanced_landmark_spots(g, 1, every, shapes)
    assert allowed and all(cap.fully_inside(s, shapes) for s in allowed)
    asked = drive(g.gain_landmark(1, other), {})
    assert asked == ["tapestry.prompt.place_landmark"]
    spot = g.players[1].landmark_spots[0]
    assert cap.fully_inside((spot[1], spot[2], spot[3]), shapes)


# ------------------------------------------------------------------------ buildings on cards
def test_buildings_and_landmarks_may_stand_on_a_cards_plots() -> None:
    spec = {"mat": [[], [["test_aa_hall", True]], [], []], "income_turns": 2}
    m = at({"players": [spec, {"income_turns": 2}]}, "aa_tapestry")
    g = game(m)
    p = g.players[0]
    from engine.games.tapestry.effects import do

    coin = p.res["coin"]
    asked: list[str] = []
    gen = do(g, 0, ["farm"])
    ask = next(gen)
    offered = [o.id for o in ask.specs[0].options]
    assert "cardplot:1" in offered and any(o.startswith("plot:") for o in offered)
    with contextlib.suppress(StopIteration):
        gen.send({0: ("cardplot:1",)})
    assert (
        p.card_plots == {"1:test_aa_hall": ["farm"]} and p.res["coin"] == coin + 1 and p.placed["farm"] == 1
    )
    assert "F" not in "".join("".join(r) for r in p.grid)  # not in the capital
    vp = p.vp
    asked = drive(g.gain_landmark(0, "Forge"), {"tapestry.prompt.place_landmark": "cardplot:1"})
    assert asked == ["tapestry.prompt.place_landmark"]
    assert p.card_plots["1:test_aa_hall"] == ["farm", "Forge"] and p.vp == vp + 4  # both plots: the full gain
    assert "Forge" in p.landmarks and not p.landmark_spots
    # full: the card is no longer offered
    from engine.games.tapestry.modules import play

    assert play.card_plot_options(g, 0, "house") == []


def test_a_covered_cards_plots_are_no_longer_offered() -> None:
    spec = {"mat": [[], [["test_aa_hall", True], ["test_pp_harvest", True]], [], []], "income_turns": 2}
    g = game(at({"players": [spec, {"income_turns": 2}]}, "aa_tapestry", "pp_tapestry"))
    from engine.games.tapestry.modules import play

    assert play.card_plot_options(g, 0, "farm") == []
    assert sets.check(
        "pp_tapestry", "format: 1\ncards:\n  - {id: x_a, name: A, name_pt: A, kind: played, plots: 2}\n"
    )


def test_faq_27_after_a_counter_trap_the_defender_has_no_further_answer() -> None:
    """Trap fails the conquest, the counter-trap fails the Trap, and a response to the conquest is
    no longer available: the defender holding one is not asked again."""
    m, g, target, gen = conquest(["test_counter"], ["trap", "test_ambush"])
    asked = drive(
        gen,
        {
            "tapestry.prompt.conquer_hex": f"hex:{target[0]}.{target[1]}",
            "tapestry.prompt.trap": "trap",
            "tapestry.prompt.counter_trap": "resp:test_counter",
        },
    )
    assert asked.count("tapestry.prompt.trap") == 1 and asked.count("tapestry.prompt.counter_trap") == 1
    assert "test_ambush" in g.players[1].hand
    assert [0, True, "outpost"] in g.sites[target].pieces


def test_espionage_copying_a_reserving_card_reserves_too_but_never_its_charms() -> None:
    rival = {"mat": [[], [["test_ff_orchard", True]], [["test_ff_lantern", True]], []], "income_turns": 3}
    m = at({"players": [{"income_turns": 2}, rival]}, "ff_tapestry")
    g = game(m)
    from engine.games.tapestry import tapestries

    vp = g.players[0].vp
    asked = drive(tapestries.espionage(g, 0), {"tapestry.prompt.espionage": "copy:1:test_ff_orchard"})
    assert asked == ["tapestry.prompt.espionage"]
    assert (
        g.players[0].reserved == ["farm"] and g.players[0].vp == vp + 1
    )  # its WHEN PLAYED: 1 VP and the farm
    assert g.players[0].charms == 0
    coin = g.players[0].res["coin"]
    drive(tapestries.espionage(g, 0), {"tapestry.prompt.espionage": "copy:1:test_ff_lantern"})
    assert g.players[0].vp == vp + 1 and g.players[0].res["coin"] == coin + 1  # the coin, not the 3 VP charm


# ---------------------------------------------------------------------------- income-mat overlays
@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            "overlays:\n  - {id: o_a, name: A, name_pt: A, copies: 5, covers: [{row: market, position: 6, icons: [gold]}]}",
            "overlays entry 1 (o_a): market 6: unknown benefit 'gold'",
        ),
        (
            "overlays:\n  - {id: o_a, name: A, name_pt: A, copies: 5, covers: [{row: market, position: 1, icons: [coin]}]}",
            "overlays entry 1 (o_a): covers.0.position",
        ),
        (
            "overlays:\n  - {id: o_a, name: A, name_pt: A, copies: 5, covers: [{row: farm, position: 6}, {row: farm, position: 6}]}",
            "overlays entry 1 (o_a): the farm row's position 6 is covered twice",
        ),
        (
            "overlays:\n  - {id: o_a, name: A, name_pt: A, copies: 5, covers: [{row: stable, position: 6}]}",
            "overlays entry 1 (o_a): covers.0.row",
        ),
        (
            "overlays:\n  - {id: o_a, name: A, name_pt: A, copies: 4, covers: [{row: farm, position: 6}]}",
            "the set must hold 5 overlays",
        ),
    ],
)
def test_a_bad_overlay_is_refused_naming_its_entry(body: str, expected: str) -> None:
    problems = sets.check("overlays", "format: 1\n" + body)
    assert any(expected in p for p in problems), problems


def test_overlays_without_the_set_are_refused_naming_it() -> None:
    with pytest.raises(InvalidSetup) as exc:
        GAME.normalize_options({"modules": "overlays"}, 3)
    assert exc.value.key == "error.tapestry.module_data_missing"
    assert exc.value.params == {"missing": "overlays"}


def test_setup_deals_each_player_an_overlay_from_the_set() -> None:
    opts = GAME.normalize_options(options("overlays"), 4)
    m = Match("tapestry", seats(4), opts, 5)
    g = game(m)
    dealt = [p.overlay for p in g.players]
    assert all(o in ("test_overlay_sun", "test_overlay_moon") for o in dealt)
    assert dealt == [p.overlay for p in game(Match("tapestry", seats(4), opts, 5)).players]  # seeded
    from engine.games.tapestry.view import player_view

    assert player_view(g, 1, False)["overlay"] == dealt[1]  # public, like the mat it lies on


def test_an_overlay_shows_its_icons_instead_of_the_spaces_it_covers() -> None:
    from engine.games.tapestry import scoring

    mine = {"overlay": "test_overlay_sun", "on_mat": {"market": 0, "farm": 0}}
    g = game(at({"players": [mine, {"on_mat": {"market": 0, "farm": 0}}]}, "overlays"))
    from collections import Counter

    from engine.games.tapestry.data import board

    printed = {row.building: row.positions[5].icons for row in board().income_mat.rows}
    plain, covered = Counter(scoring.exposed(g, 1)), Counter(scoring.exposed(g, 0))
    assert covered == plain - Counter(printed["market"]) - Counter(printed["farm"]) + Counter(
        ["vp:3", "culture"]
    )
    culture = g.players[0].res["culture"]
    drive(scoring.income(g, 0), {})
    assert g.players[0].res["culture"] == culture + plain["culture"] + 1


def test_an_overlay_space_shows_only_once_its_building_has_gone() -> None:
    from engine.games.tapestry import scoring

    g = game(at({"players": [{"overlay": "test_overlay_moon", "on_mat": {"house": 2}}, {}]}, "overlays"))
    before = scoring.exposed(g, 0)
    g.players[0].on_mat["house"] = 1  # position 5 shows the overlay's worker
    after = scoring.exposed(g, 0)
    assert after.count("worker") == before.count("worker") + 1 and after.count("tile") == before.count("tile")
    g.players[0].on_mat["house"] = 0  # position 6 shows the overlay's tile, not the printed 10 VP
    last = scoring.exposed(g, 0)
    assert last.count("tile") == before.count("tile") + 1 and "vp:10" not in last  # market row still full


def test_a_reserved_farm_leaving_the_mat_exposes_the_overlays_space() -> None:
    from engine.games.tapestry import scoring
    from engine.games.tapestry.modules import play

    spec = {"overlay": "test_overlay_sun", "on_mat": {"farm": 1}, "income_turns": 2}
    g = game(at({"players": [spec, {"income_turns": 2}]}, "overlays", "ff_tapestry"))
    before = scoring.exposed(g, 0)
    drive(play.reserve(g, 0, "farm"), {})
    assert g.players[0].reserved == ["farm"]
    assert scoring.exposed(g, 0) == before  # the overlay blanks the farm row's last space


def test_a_district_joined_to_the_centre_completes_whatever_is_built_last() -> None:
    """The Underworld's kind of district (`connect_to`): its plot and the centre may be covered in
    any order; it completes when built plots join them, and never across an empty or impassable plot."""
    from engine.games.tapestry.effects import do

    m = at({"players": [{"advanced_capital": "test_depths"}, {}]}, "advanced_capitals")
    g = game(m)
    p = g.players[0]
    for r in (1, 2, 3):
        p.grid[r][4] = "H"  # the path from the top plot down to the centre
    vp = p.vp
    drive(do(g, 0, ["market"]), {"tapestry.prompt.place_building": "plot:0.4"})  # the monster first
    assert 100 not in p.districts and p.vp == vp
    drive(do(g, 0, ["market"]), {"tapestry.prompt.place_building": "plot:4.4"})  # then the centre
    assert 100 in p.districts and p.vp == vp + 3
    assert 101 not in p.districts  # the left plot is not joined
    p.grid[4][1] = p.grid[4][3] = "F"
    p.grid[4][2] = "#"  # an impassable plot breaks the path
    drive(do(g, 0, ["farm"]), {"tapestry.prompt.place_building": "plot:4.0"})
    assert 101 not in p.districts


def test_a_connect_to_plot_outside_the_grid_is_refused() -> None:
    body = (
        "format: 1\ncapitals:\n  - {id: x_a, box: ff, name: A, name_pt: A, grid: ["
        + ", ".join(['"........."'] * 9)
        + "], districts: [{cells: [[0, 0]], connect_to: [[4, 9]], gain: [coin]}]}\n"
    )
    assert any(
        "capitals entry 1 (x_a): district 1: connect_to" in x for x in sets.check("advanced_capitals", body)
    )


def test_an_inspiration_tile_lies_on_top_of_the_overlay() -> None:
    from pathlib import Path

    from engine.games.tapestry import scoring

    tiles = (Path(__file__).parent / "data" / "inspiration_tiles_test.yaml").read_text(encoding="utf-8")
    opts = GAME.normalize_options({**options("overlays"), "arts": True, "inspiration_tiles": tiles}, 2)
    spec = {"overlay": "test_overlay_sun", "on_mat": {"market": 0}}
    g = game(Match.from_position("tapestry", seats(2), opts, 0, {"skip_setup": True, "players": [spec, {}]}))
    before = scoring.exposed(g, 0)
    assert before[-2:] != ["vp:10"] and "vp:10" not in before[:7]  # market 6 shows the overlay's, not 10 VP
    assert before.count("vp:3") == 1
    g.players[0].art["inspiration"] = ["market"]
    shown = scoring.exposed(g, 0)
    assert shown[:7] == ["coin", "coin", "coin", "vp:3", "coin", "vpx:tech_cards", "coin"]  # the tile's row
    assert shown.count("vp:3") == 1 and shown.count("culture") == before.count("culture") - 1
