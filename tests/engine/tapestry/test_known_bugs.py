"""Bug classes reported against Board Game Arena's Tapestry, each designed out and pinned here:
effects out of lifecycle order, soft-locks, copy effects, civilizations gained mid-game, two
structures on one hex, capital placements accepted or refused without a reason, and undo across
chance or hidden information."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.errors import IllegalAnswer
from engine.core.events import Event, sounds_revealing
from engine.core.match import Match
from engine.games.tapestry import GAME, actions, civs, tapestries
from tests.engine.tapestry.helpers import answer, at, game, ids, prompt, seats
from tests.engine.tapestry.randplay import policy_names
from tests.engine.tapestry.test_coverage import run_defaults

RICH = {"coin": 5, "worker": 5, "food": 5, "culture": 5}


def kinds_until_next_turn(m: Match, *first: str) -> list[Event]:
    """Answer `first`, then defaults, until another seat's turn opens; the events on the way."""
    events = answer(m, *first)
    for _ in range(80):
        p = prompt(m)
        if p.key == "tapestry.prompt.turn" and p.seat != 0:
            return events
        events += m.submit(p.seat, p.default or (p.options[0].id,))
    raise AssertionError("the turn did not end")


def advance(m: Match, track: str) -> list[Event]:
    """Take an advance turn, paying the default way; the events up to the next question."""
    events = answer(m, f"advance:{track}")
    if prompt(m).key == "tapestry.prompt.pay_advance":
        events += answer(m, prompt(m).default[0])  # type: ignore[index]
    return events


def order_of(events: list[Event], *kinds: str) -> list[int]:
    seen = [e.kind for e in events]
    return [seen.index(k) for k in kinds]


# ---------------------------------------------------------------------------------- lifecycle order
def test_an_income_turn_resolves_in_the_charts_order() -> None:
    """Civilization step, then the tapestry card, then the tech upgrade, then VP, then income."""
    m = at({"players": [
        {"income_turns": 1, "hand": ["trap"], "resources": dict(RICH), "tech": {"Paper": 0}, "civs": ["the_chosen"]},
        {"income_turns": 2, "resources": dict(RICH)},
    ]})
    events = kinds_until_next_turn(m, "income")
    mine = [e for e in events if e.seat == 0]
    played, upgraded = order_of(mine, "play_tapestry", "upgrade")
    assert order_of(mine, "income_turn")[0] < played < upgraded
    gains = [i for i, e in enumerate(mine) if e.kind == "gain"]
    assert gains and min(gains) > upgraded  # income comes last
    assert game(m).players[0].era_card is None  # a Trap ended the previous THIS ERA card


def test_an_advance_pays_then_moves_then_takes_the_landmark_then_the_benefit() -> None:
    m = at({"players": [{"income_turns": 1, "resources": dict(RICH), "tracks": {"exploration": 3}}, {"income_turns": 1}]})
    events = kinds_until_next_turn(m, "advance:exploration")
    pay, move, landmark = order_of(events, "pay", "advance", "landmark")
    assert pay < move < landmark


def test_a_new_tapestry_card_replaces_the_this_era_card_before_it_resolves() -> None:
    m = at({"players": [{"income_turns": 1, "hand": ["academia"], "resources": dict(RICH)}, {"income_turns": 2}]})
    g = game(m)
    g.players[0].mat[0].append(["capitalism", True])
    g.players[0].era_card = "capitalism"
    answer(m, "income")
    answer(m, "card:academia")
    assert tapestries.era_active(g, 0, "academia") and not tapestries.era_active(g, 0, "capitalism")


# ---------------------------------------------------------------------------------- soft-locks
def test_a_conquest_without_outposts_is_skipped_with_its_reason() -> None:
    m = at({"players": [{"income_turns": 1, "resources": dict(RICH), "outposts": 0}, {"income_turns": 1}]})
    events = advance(m, "military")  # Scout: conquer
    assert [e.data for e in events if e.kind == "conquer_nothing"] == [{"why": "no_outpost"}]
    assert prompt(m).key != "tapestry.prompt.conquer_hex"


def test_an_exploration_without_tiles_is_skipped_with_its_reason() -> None:
    m = at({"players": [{"income_turns": 1, "resources": dict(RICH), "tracks": {"exploration": 1}, "tiles": []}, {"income_turns": 1}]})
    events = advance(m, "exploration")  # Rafts: explore
    assert [e.data for e in events if e.kind == "explore_nothing"] == [{"why": "no_tile"}]
    assert prompt(m).key != "tapestry.prompt.explore_hex"


def test_a_pick_with_nothing_to_choose_is_a_rules_error_not_an_empty_prompt() -> None:
    g = game(at({"players": [{"income_turns": 1}, {"income_turns": 1}]}))
    with pytest.raises(RuntimeError, match="no options"):
        next(g.pick(0, "tapestry.prompt.anything", []))


# ---------------------------------------------------------------------------------- copy effects
def test_espionage_never_copies_espionage() -> None:
    m = at({"players": [{"income_turns": 1, "hand": ["espionage"], "resources": dict(RICH)}, {"income_turns": 2}]})
    game(m).players[1].mat[1].append(["espionage", True])
    events = answer(m, "income") + answer(m, "card:espionage")
    assert "copy_card" not in [e.kind for e in events]  # nothing else to copy: no loop, no prompt
    assert prompt(m).key != "tapestry.prompt.espionage"


def test_espionage_copying_a_trap_takes_its_vp_and_not_its_response() -> None:
    m = at({"players": [{"income_turns": 1, "hand": ["espionage"], "resources": dict(RICH)}, {"income_turns": 2}]})
    game(m).players[1].mat[1].append(["trap", True])
    events = answer(m, "income") + answer(m, "card:espionage")
    assert [e.data for e in events if e.kind == "copy_card"] == [{"card": "trap"}]
    g = game(m)
    assert g.players[0].vp == 10 and g.players[1].mat[1][-1] == ["trap", True]


def test_heralds_copy_each_face_up_card_once() -> None:
    m = at({"players": [
        {"civs": ["heralds"], "income_turns": 1, "hand": ["renaissance"], "resources": dict(RICH)},
        {"income_turns": 2, "resources": dict(RICH)},
    ]})
    game(m).players[1].mat[1].append(["trap", True])
    answer(m, "income")
    copies = [i for i in ids(m) if i.startswith("copy:")]
    assert len(copies) == 1
    answer(m, copies[0])
    g = game(m)
    assert g.players[0].civ["heralds:marked"] == [copies[0][5:]]


# ---------------------------------------------------------------------------------- civilizations gained mid-game
def test_a_civilization_gained_mid_game_joins_the_others_and_mystics_are_passed_over() -> None:
    m = at({"players": [{"civs": ["alchemists"], "income_turns": 2, "resources": dict(RICH)}, {"income_turns": 2}]})
    g = game(m)
    g.civ_deck = ["merrymakers", "alchemists", "mystics"]  # top at the end
    flow = civs.gain_random(g, 0)
    run_defaults(flow)
    events = g._events
    assert [e.data["civ"] for e in events if e.kind == "discard_civ"] == ["mystics", "alchemists"]
    assert [e.data["civ"] for e in events if e.kind == "gain_civ"] == ["merrymakers"]
    assert g.players[0].civs == ["merrymakers", "alchemists"]  # kept, not replaced


# ---------------------------------------------------------------------------------- one hex, one structure
def test_an_explored_or_occupied_hex_is_neither_offered_nor_accepted() -> None:
    sites = [{"hex": [-1, -2], "tile": 5}]
    m = at({"players": [{"income_turns": 1, "resources": dict(RICH), "tracks": {"exploration": 1}, "tiles": [7]}, {"income_turns": 1}], "sites": sites})
    g = game(m)
    advance(m, "exploration")
    assert prompt(m).key == "tapestry.prompt.explore_hex"
    taken = [h for h in g.hexes if g.sites[h].tile is not None]
    assert all(f"hex:{h[0]}.{h[1]}" not in ids(m) for h in taken)
    before = m.view(0)
    with pytest.raises(IllegalAnswer):
        m.submit(0, ("hex:-1.-2",))
    assert m.view(0) == before
    assert set(actions.explore_targets(g, 0, anywhere=True)).isdisjoint(taken)


def test_militarism_adds_no_outpost_where_a_piece_stands() -> None:
    g = game(at({"players": [{"income_turns": 1}, {"income_turns": 1}]}))
    full = [h for h in g.hexes if g.sites[h].pieces]
    assert full and all(len(g.sites[h].pieces) <= 2 for h in full)
    assert set(actions.conquer_targets(g, 0, anywhere=True)).isdisjoint(g.controlled(0))


# ---------------------------------------------------------------------------------- capital placements
def test_a_building_goes_only_on_an_open_plot_and_a_refusal_says_why() -> None:
    grid = ["HX......."] + ["........."] * 7 + ["#........"]
    m = at({"players": [{"income_turns": 1, "resources": {"food": 1}, "tracks": {"exploration": 2}, "grid": grid}, {"income_turns": 1}]})
    advance(m, "exploration")
    answer(m, "b1")  # a farm
    assert prompt(m).key == "tapestry.prompt.place_building"
    offered = set(ids(m))
    assert {"plot:0.0", "plot:0.1", "plot:8.0"}.isdisjoint(offered) and "plot:0.2" in offered
    for taken in ("plot:0.0", "plot:8.0", "plot:9.9"):
        with pytest.raises(IllegalAnswer) as info:
            m.submit(0, (taken,))
        assert info.value.key  # a reason the table can show
    answer(m, "plot:0.2")
    assert game(m).players[0].grid[0][2] != "."


def test_a_landmark_is_offered_only_where_its_footprint_fits() -> None:
    grid = ["#########"] * 8 + ["........#"]
    m = at({"players": [{"income_turns": 1, "resources": {"food": 2}, "tracks": {"exploration": 3}, "grid": grid}, {"income_turns": 1}]})
    advance(m, "exploration")
    p = prompt(m)
    assert p.key == "tapestry.prompt.place_landmark"
    g = game(m)
    for o in p.options:
        if o.id == "defer":  # placing it at the end of the turn instead
            continue
        r, c, _ = (int(x) for x in o.id[3:].split("."))
        assert not (0 <= r < 9 and 0 <= c < 9) or g.players[0].grid[r][c] == "."


# ---------------------------------------------------------------------------------- undo and chance
def chance(view: dict[str, Any]) -> tuple[Any, ...]:
    """What the public sees of chance and hidden cards: decks, rows, bags, civilizations held."""
    return (
        view["tech_row"], view["tech_deck"], view["tapestry_deck"], view["tile_bag"], view["space_stack"],
        [q["civilizations"] for q in view["players"]],
    )


def revealing_steps(i: int) -> tuple[set[str], list[str]]:
    """Bot play; after each answer that changed what the public sees of chance or hidden cards
    (or grew a hand: a draw), some event of that answer must be one an undo may not cross."""
    n = 2 + i % 4
    names = policy_names(i, n)
    match = Match("tapestry", seats(n), {}, 70_000 + i)
    bots = [GAME.policies[name](s, i) for s, name in enumerate(names)]
    kinds: set[str] = {e.kind for e in match.opening_events if e.public}
    bad: list[str] = []
    while not match.finished:
        p = match.prompts()[0]
        view = match.view(None)
        before, hands = chance(view), [q["hand_count"] for q in view["players"]]
        events = match.submit(p.seat, bots[p.seat].choose(match.policy_view(p.seat), p), pid=p.pid)
        public = [e for e in events if e.public]
        kinds |= {e.kind for e in public}
        view = match.view(None)
        grew = any(b < a for b, a in zip(hands, (q["hand_count"] for q in view["players"]), strict=True))
        if (chance(view) != before or grew) and not any(GAME.reveals(e) for e in public):
            bad.append(f"game {i} answer {len(match.log)}: {[e.kind for e in public]}")
    return kinds, bad


def test_every_public_change_of_chance_or_hidden_cards_blocks_undo() -> None:
    assert GAME.revealing_events is not None
    kinds: set[str] = set()
    bad: list[str] = []
    for i in range(6):
        more, wrong = revealing_steps(i)
        kinds |= more
        bad += wrong
    assert bad == [], bad[:10]
    assert {"roll", "draw_tapestry", "gain_tile", "refill_tech", "setup"} <= kinds
    assert sorted(k for k in kinds if sounds_revealing(k) and k not in GAME.revealing_events) == []


def test_private_draws_always_block_undo() -> None:
    assert GAME.reveals(Event("drew_tapestry", 0, {"card": "trap"}, to=0))
    assert GAME.reveals(Event("civ_offer", 0, {"civs": []}, to=0))
    assert not GAME.reveals(Event("advance", 0, {"track": "science", "space": 1}))
