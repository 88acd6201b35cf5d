"""The Islanders (their private island) and the Artificers (their sliding income mat)."""

from __future__ import annotations

from typing import Any

from engine.core.events import Event
from engine.core.match import Match
from engine.games.tapestry import artificers, civs, islanders, scoring
from engine.games.tapestry import options as topts
from engine.games.tapestry.data import board, civilizations
from tests.engine.tapestry.helpers import answer, at, game, ids, prompt
from tests.engine.tapestry.test_civs_expansion import drive

RICH = {"coin": 3, "worker": 3, "food": 3, "culture": 3}


def income_of(civ: str, me: dict[str, Any] | None = None, turn: int = 2, **pos: Any) -> Match:
    """Seat 0 (holding `civ`) starts income turn `turn`; the civilization's step is open."""
    return started(civ, me, turn, **pos)[0]


def started(
    civ: str, me: dict[str, Any] | None = None, turn: int = 2, **pos: Any
) -> tuple[Match, list[Event]]:
    spec = {
        "income_turns": turn - 1,
        "civs": [civ],
        "hand": ["wartime_economy"],
        "resources": dict(RICH),
        **(me or {}),
    }
    m = at({"players": [spec, {"income_turns": turn, "resources": dict(RICH)}], **pos})
    return m, answer(m, "income")


def vp_for(events: list[Event], why: str) -> int:
    return sum(e.data["count"] for e in events if e.kind == "vp" and e.data.get("why") == why)


# ---------------------------------------------------------------------------------- the deck
def test_both_join_the_deck_of_their_boxes_in_the_new_edition_only() -> None:
    new = topts.normalize({"civilizations": "all"}, 4)
    assert new["civ_edition"] == 2
    deck = topts.civ_deck(new)
    assert len(deck) == 41 and "islanders" in deck and "artificers" in deck
    assert "islanders" in topts.civ_deck(topts.normalize({"civilizations": "pp"}, 2))
    assert "artificers" in topts.civ_deck(topts.normalize({"civilizations": "ff"}, 2))
    # a game stored before them (the boxes as a list, no edition) keeps its 39-card deck
    old = topts.normalize({"civilizations": ["base", "pp", "aa", "ff"]}, 4)
    assert "civ_edition" not in old and len(topts.civ_deck(old)) == 39
    assert topts.normalize(new, 4) == new  # what the lobby stores replays as itself


def test_automa_flags_as_the_data_says() -> None:
    assert civilizations()["islanders"].automa and civilizations()["islanders"].automa_source == "official"
    assert civilizations()["artificers"].automa and civilizations()["artificers"].automa_source == "bga"


# ---------------------------------------------------------------------------------- Islanders
def test_islanders_start_with_four_territory_tiles_and_an_empty_island() -> None:
    g = game(at({"players": [{"income_turns": 1}, {"income_turns": 1}]}))
    p = g.players[0]
    before = len(p.tiles)
    p.civs.append("islanders")
    for _ in civs.on_gain(g, 0, "islanders", starting=True):
        raise AssertionError("asked something")
    assert len(p.tiles) == before + 4 and islanders.open_hexes(g, 0) == [0, 1, 2, 3, 4, 5]


def test_islanders_income_explore_their_island_with_vp_against_the_printed_middle() -> None:
    m = income_of("islanders", {"tiles": [2]})
    g = game(m)
    assert prompt(m).key == "tapestry.prompt.islanders_explore" and ids(m) == ["skip", "tile:2"]
    answer(m, "tile:2")
    assert prompt(m).key == "tapestry.prompt.explore_hex"
    assert ids(m) == [f"isle:{i}" for i in range(6)]  # only the island: never a map hex here
    answer(m, "isle:0")
    # hex 0 touches the middle's top side (mountain | grassland); tile 2 turned twice meets it
    # with a mountain half: 1 VP; unturned its desert halves match nothing
    vps = prompt(m).params["vp"]
    assert vps[2] == 1 and vps[0] == 0
    vp = g.players[0].vp
    answer(m, "rot:2")
    p = g.players[0]
    assert p.civ["islanders:isle"][0] == [2, 2] and 2 not in p.tiles
    assert p.vp == vp + 1
    assert p.tiles.count(2) == 0 and len(p.tiles) == 2  # tile 2's benefit: two territory tiles


def test_islanders_may_skip_their_income_exploration() -> None:
    m = income_of("islanders", {"tiles": [1]})
    answer(m, "skip")
    assert game(m).players[0].civ["islanders:isle"] == [None] * 6
    assert game(m).players[0].tiles == [1]


def test_islanders_explore_their_island_on_advance_turns_and_it_is_no_territory() -> None:
    m = at(
        {
            "players": [
                {"civs": ["islanders"], "tiles": [1], "tracks": {"exploration": 1}, "resources": RICH},
                {},
            ]
        }
    )
    g = game(m)
    answer(m, "advance:exploration")
    while prompt(m).key != "tapestry.prompt.explore_hex":
        answer(m, ids(m)[0])
    assert "isle:3" in ids(m) and any(i.startswith("hex:") for i in ids(m))
    controlled = list(g.controlled(0))
    answer(m, "isle:3")
    answer(m, "rot:0")
    assert g.players[0].civ["islanders:isle"][3] == [1, 0]
    assert list(g.controlled(0)) == controlled  # nobody controls or conquers the island
    assert all(g.sites[h].tile != 1 for h in g.hexes)


def test_islanders_score_four_vp_per_island_tile_with_sea_all_round_outside() -> None:
    # hex 0 (above the middle) has its outer sides at the top-left, top and top-right; tile 1's
    # only land (a desert corner) turned twice faces the middle's neighbours: sea all round outside.
    # hex 3 (below it, outer sides bottom-right, bottom, bottom-left) holds tile 6, the same
    # shape, unturned: its desert faces the middle and hex 2, so it counts too; hex 4 holds one
    # turned twice, its desert on its outer bottom side: it does not count
    isle = [[1, 2], None, None, [6, 0], [4, 2], None]
    _, events = started("islanders", {"tiles": [], "civ_state": {"islanders:isle": isle}}, turn=5)
    assert vp_for(events, "islanders") == 8
    assert islanders.outer_sides(0) == (0, 1, 5) and islanders.outer_sides(3) == (2, 3, 4)
    assert not islanders.all_sea_outside(1, 0, 0)


def test_islanders_explore_before_scoring_on_income_turn_five() -> None:
    m = income_of("islanders", {"tiles": [1]}, turn=5)
    answer(m, "tile:1")
    answer(m, "isle:0")
    events = answer(m, "rot:2")
    assert vp_for(events, "islanders") == 4  # the tile just explored scores at once


def test_islanders_gained_mid_game_place_tiles_without_vp_or_benefit() -> None:
    m = at({"players": [{"income_turns": 2, "tiles": [2, 3]}, {"income_turns": 2}]})
    g = game(m)
    p = g.players[0]
    p.civs.append("islanders")
    keys = drive(
        civs.on_gain(g, 0, "islanders", starting=False), ["yes", "tile:2", "isle:1", "rot:0", "skip"]
    )
    assert keys == [
        "tapestry.prompt.keep_gained_civ",
        "tapestry.prompt.islanders_place",
        "tapestry.prompt.explore_hex",
        "tapestry.prompt.explore_rotation",
        "tapestry.prompt.islanders_place",
    ]
    assert p.civ["islanders:isle"][1] == [2, 0]
    assert p.vp == 0 and p.tiles == [3]  # no VP, no benefit (tile 2 would give two tiles)


def test_islanders_gained_mid_game_may_be_swapped() -> None:
    g = game(at({"players": [{"income_turns": 2}, {"income_turns": 2}]}))
    g.players[0].civs.append("islanders")
    g.civ_deck = ["leaders"]
    keys = drive(civs.on_gain(g, 0, "islanders", starting=False), ["no"])
    assert keys == ["tapestry.prompt.keep_gained_civ"] and g.players[0].civs == ["leaders"]


# ---------------------------------------------------------------------------------- Artificers
def icons_of(kind: str, positions: list[int]) -> list[str]:
    row = next(r for r in board().income_mat.rows if r.building == kind)
    return [i for pos in positions for i in row.positions[pos - 1].icons]


def test_artificers_set_a_building_aside_without_gaining_it() -> None:
    m = income_of("artificers")
    g = game(m)
    p = g.players[0]
    assert prompt(m).key == "tapestry.prompt.artificers"
    assert ids(m) == ["aside:market", "aside:house", "aside:farm", "aside:armory"]  # nothing can slide yet
    answer(m, "aside:farm")
    assert p.on_mat["farm"] == 4 and p.placed["farm"] == 0 and p.civ["artificers:aside"]["farm"] == 1
    assert p.civ["artificers:rows"]["farm"] == [False, True, True, True, True]
    assert all(c != "F" for line in p.grid for c in line)


def test_artificers_slide_a_building_left_covering_one_space_and_showing_the_next() -> None:
    m = income_of("artificers", {"on_mat": {"market": 4}})
    g = game(m)
    p = g.players[0]
    assert "slide:market" in ids(m) and "slide:farm" not in ids(m)
    before = scoring.exposed(g, 0)
    assert before[:3] == ["coin", "vpx:tech_cards", "coin"]  # market positions 1 and 2 show
    answer(m, "slide:market")
    assert p.civ["artificers:rows"]["market"] == [True, False, True, True, True]
    assert p.on_mat["market"] == 4
    shown = scoring.exposed(g, 0)
    market = icons_of("market", [1, 3])
    assert shown[: len(market)] == market == ["coin", "vpx:tech_cards", "vpx:tech_cards"]
    # position 2 (Currency, a coin) is covered, position 3 (Banking, VP per tech card) shows


def test_a_slid_building_covers_its_innovation_for_tech_requirements() -> None:
    # Bakery needs the Farming innovation (farm row, position 2)
    m = income_of("artificers", {"on_mat": {"farm": 4}, "tech": {"Bakery": 1}})
    g = game(m)
    assert g.requirement_met(0, "Bakery")  # Farming shows (the neighbour's mat is full)
    assert artificers.shows(g.players[0], "farm", 2)
    answer(m, "slide:farm")
    assert not artificers.shows(g.players[0], "farm", 2) and artificers.shows(g.players[0], "farm", 3)
    assert not g.requirement_met(0, "Bakery")


def test_the_slide_itself_gives_nothing_income_comes_in_the_income_step() -> None:
    # FAQ: income under buildings is gained in income turns from uncovered spaces, not when moved
    m = income_of("artificers", {"on_mat": {"house": 4}, "resources": {**RICH, "worker": 0}})
    g = game(m)
    answer(m, "slide:house")
    assert g.players[0].res["worker"] == 0


def test_a_building_taken_for_the_capital_leaves_from_the_left() -> None:
    m = income_of("artificers", {"on_mat": {"armory": 4}})
    g = game(m)
    p = g.players[0]
    answer(m, "slide:armory")
    drive(g.gain_building(0, "armory"), [])
    assert p.civ["artificers:rows"]["armory"] == [False, False, True, True, True]
    assert p.on_mat["armory"] == 3 and p.placed["armory"] == 2


def test_artificers_income_turn_five_vp_per_building_in_the_capital() -> None:
    grid = ["M.H......", "F........", "A........", *["........."] * 6]
    # a full mat: sliding a row would move nothing, so the VP are the only choice (not asked)
    _, events = started("artificers", {"grid": grid}, turn=5)
    assert vp_for(events, "artificers") == 4


def test_artificers_income_turn_five_offers_the_vp_or_a_row_to_slide() -> None:
    grid = ["M.H......", *["........."] * 8]
    m = income_of("artificers", {"grid": grid, "on_mat": {"market": 4, "house": 4}}, turn=5)
    assert prompt(m).key == "tapestry.prompt.artificers_final" and prompt(m).params["vp"] == 2
    assert ids(m) == ["vp", "slide_all:market", "slide_all:house"]  # rows with a gap at the left
    events = answer(m, "vp")
    assert vp_for(events, "artificers") == 2


def test_artificers_income_turn_five_slide_a_whole_row_left() -> None:
    rows = {
        "market": [False, True, False, True, True],
        "house": [True] * 5,
        "farm": [True] * 5,
        "armory": [True] * 5,
    }
    state = {"artificers:rows": rows, "artificers:aside": {"market": 2, "house": 0, "farm": 0, "armory": 0}}
    m = income_of("artificers", {"on_mat": {"market": 3}, "civ_state": state}, turn=5)
    g = game(m)
    assert ids(m) == ["vp", "slide_all:market"]
    answer(m, "slide_all:market")
    assert g.players[0].civ["artificers:rows"]["market"] == [True, True, True, False, False]
    shown = scoring.exposed(g, 0)
    assert shown[:4] == icons_of("market", [1, 5, 6])[:4]


def test_both_are_in_the_card_lookup_in_both_languages() -> None:
    from engine.games.tapestry.catalogue import catalogue

    found = {c.id: c for c in catalogue() if c.kind == "civilization"}
    assert found["islanders"].names == {"en": "Islanders", "pt": "Ilhéus"} and found["islanders"].set == "pp"
    assert (
        found["artificers"].names == {"en": "Artificers", "pt": "Artífices"}
        and found["artificers"].set == "ff"
    )
    assert "name_pt" in found["artificers"].ours and "name_pt" not in found["islanders"].ours


def test_the_heuristic_turns_an_island_tile_for_the_final_four_vp() -> None:
    from engine.games.tapestry.bots import make_heuristic

    m = income_of("islanders", {"tiles": [1]})
    answer(m, "tile:1")
    bot = make_heuristic(0, 1)
    (hex_choice,) = bot.choose(m.view(0), prompt(m))
    assert hex_choice.startswith("isle:")
    answer(m, hex_choice)
    (rot,) = bot.choose(m.view(0), prompt(m))
    assert islanders.all_sea_outside(1, int(rot[4:]), int(hex_choice[5:]))


def test_the_heuristic_slides_the_artificers_mat_towards_what_pays() -> None:
    from engine.games.tapestry.bots import make_heuristic

    # income turn 5: no building in the capital (0 VP) against sliding the market row so that
    # Biometrics' 10 VP shows in the VP step that follows
    rows = {
        "market": [False, True, False, True, True],
        "house": [True] * 5,
        "farm": [True] * 5,
        "armory": [True] * 5,
    }
    state = {"artificers:rows": rows, "artificers:aside": {"market": 2, "house": 0, "farm": 0, "armory": 0}}
    m = income_of("artificers", {"on_mat": {"market": 3}, "civ_state": state}, turn=5)
    assert prompt(m).params["vp"] == 0
    assert make_heuristic(0, 1).choose(m.view(0), prompt(m)) == ("slide_all:market",)
