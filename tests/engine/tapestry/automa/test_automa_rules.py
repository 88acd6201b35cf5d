"""A scenario for every rule of the Automa digest: the decision cards' fields, the track and hex
tiebreakers, path distance, conquer and explore, toppling, traps both ways, landmarks and the
track race, income turns and each level's chart, the deck's growth, the civilization sides, VP,
setup and the end of the game."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

import pytest

from engine.core.flow import Ask
from engine.core.prompts import Prompt
from engine.games.tapestry import actions
from engine.games.tapestry.automa import data as adata
from engine.games.tapestry.automa import hexes, income, mapplay, turns
from engine.games.tapestry.automa.data import cards
from engine.games.tapestry.automa.game import AutomaGame
from engine.games.tapestry.automa.tracks import pick, valid_tracks
from engine.games.tapestry.data import TRACKS, board
from tests.engine.tapestry.automa.helpers import game, run, solo

SMALL = sorted((h[0], h[1]) for h in board().maps.small.hexes)
ALL_OPEN: Callable[[str], bool] = lambda name: True  # noqa: E731


def fresh(
    level: int = 2, seed: int = 0, players: list[dict[str, Any]] | None = None, **position: Any
) -> AutomaGame:
    """A solo game stopped at the person's advance-or-income question, nothing else done yet."""
    person: dict[str, Any] = {
        "income_turns": 1,
        "resources": dict.fromkeys(("coin", "worker", "food", "culture"), 2),
    }
    person.update((players or [{}])[0])
    g = game(solo(level, seed, {**position, "players": [person]}))
    g.players[0].trap_policy = "never"
    g.take_events()
    return g


def answering(gen: Generator[Any, Any, Any], answers: dict[str, str] | None = None) -> Any:
    """Run a procedure, answering any question with `answers[key]` or the prompt's default."""
    answers = answers or {}
    reply: Any = None
    try:
        while True:
            asked = gen.send(reply)
            specs = (
                [asked] if isinstance(asked, Prompt) else list(asked.specs) if isinstance(asked, Ask) else []
            )
            reply = {
                s.seat: (answers[s.key],) if s.key in answers else tuple(s.default or (s.options[0].id,))
                for s in specs
            }
    except StopIteration as stop:
        return stop.value


def site(h: tuple[int, int], tile: int, *pieces: list[Any]) -> dict[str, Any]:
    return {"hex": list(h), "tile": tile, "pieces": [list(p) for p in pieces]}


# ==========================================================================================
# Decision cards: data and the track section
# ==========================================================================================
def test_all_22_cards_with_a_full_scan_of_the_small_map() -> None:
    assert sorted(cards()) == list(range(1, 23))
    for card in cards().values():
        assert sorted(card.scan) == SMALL, card.id
        assert card.scan[0] == card.tiebreaker_section.hex_tiebreaker.start_hex
        entries = card.tiebreaker_section.track_tiebreak_top_to_bottom
        assert sorted(entries) == sorted([*TRACKS, "favorite"])


@pytest.mark.parametrize(
    ("indicator", "positions", "claimed", "expected"),
    [
        (
            "all",
            {"exploration": 0, "science": 5, "military": 12, "technology": 2},
            [],
            ["exploration", "science", "technology"],
        ),
        (
            "finish",
            {"exploration": 3, "science": 9, "military": 12, "technology": 9},
            [],
            ["science", "technology"],
        ),
        ("finish", {"exploration": 1, "science": 1, "military": 1, "technology": 2}, [], ["technology"]),
        # nearest unclaimed landmark ahead (or the end): science 3 -> Apothecary at 4
        (
            "landmark_or_finish",
            {"exploration": 1, "science": 3, "military": 2, "technology": 0},
            [],
            ["science"],
        ),
        # a claimed landmark no longer counts: science's next target is Academy at 7 (4 away)
        (
            "landmark_or_finish",
            {"exploration": 1, "science": 3, "military": 4, "technology": 0},
            ["Apothecary"],
            ["exploration", "military"],
        ),
        # the end counts as a target: technology 11 is 1 from the end
        (
            "landmark_or_finish",
            {"exploration": 0, "science": 0, "military": 0, "technology": 11},
            [],
            ["technology"],
        ),
        ("favorite", {"exploration": 0, "science": 0, "military": 0, "technology": 0}, [], ["military"]),
        ("all", dict.fromkeys(TRACKS, 12), [], []),
    ],
)
def test_track_indicators(
    indicator: str, positions: dict[str, int], claimed: list[str], expected: list[str]
) -> None:
    assert valid_tracks(indicator, positions, "military", lambda n: n not in claimed) == expected


@pytest.mark.parametrize("card_id", range(1, 23))
def test_each_cards_tiebreak_list_automa_down_shadow_up(card_id: int) -> None:
    card = cards()[card_id]
    listed = card.tiebreaker_section.track_tiebreak_top_to_bottom
    fav = "science"
    assert pick(list(TRACKS), card, False, fav)[0] == adata.resolve(listed[0], fav)
    assert pick(list(TRACKS), card, True, fav)[0] == adata.resolve(listed[-1], fav)


def test_rulebook_example_military_and_technology_valid_picks_technology() -> None:
    assert pick(["military", "technology"], cards()[4], False, "exploration") == ("technology", "tiebreak")


def test_the_heart_means_that_bots_own_favourite() -> None:
    card = cards()[1]  # top entry: favourite
    assert pick(list(TRACKS), card, False, "technology") == ("technology", "favorite")
    assert pick(["science", "exploration"], cards()[3], True, "exploration")[0] == "exploration"


# ==========================================================================================
# A bot turn: draws, the income icon, both bots move
# ==========================================================================================
def test_a_turn_draws_a_pair_and_moves_automa_then_shadow() -> None:
    g = fresh(
        automa={
            "deck": [5, 6, 3, 1],
            "favorite": "science",
            "shadow_favorite": "military",
            "players": {"1": {"income_turns": 1}, "2": {"income_turns": 1}},
        }
    )
    run(turns.bot_turn(g))
    events = g.take_events()
    draw = next(e for e in events if e.kind == "automa_draw")
    assert (draw.data["track_card"], draw.data["tiebreaker_card"]) == (1, 3)
    moves = [e.data for e in events if e.kind == "automa_track"]
    # card 1: Automa "finish" (all tied at 0) -> card 3's list top-down: science first
    assert [m["bot"] for m in moves] == ["automa", "shadow"]
    assert moves[0]["track"] == "science" and moves[0]["indicator"] == "finish"
    # card 1: Shadow "all" -> card 3's list bottom-up: favourite (military) first
    assert moves[1]["track"] == "military" and moves[1]["why"] == "favorite"
    assert g.pair == [1, 3] and g.deck == [5, 6]


@pytest.mark.parametrize(
    ("deck", "why"),
    [([], "empty_deck"), ([5, 1], "income_icon")],  # card 1 shows the income icon
)
def test_income_turns_come_from_an_empty_deck_or_the_icon(deck: list[int], why: str) -> None:
    g = fresh(
        automa={
            "deck": deck,
            "latest": [6, 7],
            "players": {"1": {"income_turns": 1}, "2": {"income_turns": 1}},
        }
    )
    run(turns.bot_turn(g))
    events = g.take_events()
    turn = next(e for e in events if e.kind == "income_turn" and e.seat == g.automa)
    assert turn.data == {"number": 2, "why": why}
    assert not [e for e in events if e.kind == "automa_track"]


def test_the_last_pair_without_the_icon_moves_the_bots() -> None:
    g = fresh(automa={"deck": [1, 5], "players": {"1": {"income_turns": 1}, "2": {"income_turns": 1}}})
    run(turns.bot_turn(g))
    assert len([e for e in g.take_events() if e.kind == "automa_track"]) == 2
    assert g.deck == [] and g.players[g.automa].income_turns == 1


# ==========================================================================================
# Moving on a track: landmarks, the race to the end, benefits
# ==========================================================================================
def test_bots_take_landmarks_into_the_automa_box() -> None:
    g = fresh(automa={"players": {"1": {"tracks": {"science": 3}}, "2": {"tracks": {"military": 3}}}})
    run(turns.bot_advance(g, g.automa, "science", benefit=False))
    run(turns.bot_advance(g, g.shadow, "military", benefit=False))
    assert g.players[g.automa].landmarks == ["Apothecary", "Barracks"]
    assert "Barracks" not in g.available_landmarks and g.players[g.shadow].landmarks == []


def test_the_shadow_takes_the_track_slot_for_no_vp() -> None:
    g = fresh(automa={"players": {"2": {"tracks": {"military": 11}}}})
    run(turns.bot_advance(g, g.shadow, "military", benefit=False))
    assert g.achievements["track"] == [g.shadow] and g.achievement_vp["track"] == [5]
    assert g.players[g.shadow].vp == 0
    g.achieve(g.shadow, "island")
    assert g.achievements["island"] == []


def test_the_automa_scores_the_track_achievement() -> None:
    g = fresh(automa={"players": {"1": {"tracks": {"technology": 11}}}})
    run(turns.bot_advance(g, g.automa, "technology", benefit=False))
    assert g.players[g.automa].vp == 10 and g.players[g.automa].achievements == ["track"]


@pytest.mark.parametrize(
    ("track", "space", "expected"),
    [
        ("exploration", 1, []),  # territory tiles: ignored
        ("exploration", 2, [("explore", False)]),  # the bonus is never taken
        ("exploration", 3, [("explore", False)]),  # "explore or farm": the explore
        ("exploration", 9, [("explore", True)]),
        ("science", 1, [("research", False)]),
        ("science", 2, [("tapestry",)]),
        ("science", 5, [("research", True)]),
        ("science", 9, [("one_of", "adv", ("exploration", "military", "technology"), True)]),
        (
            "science",
            11,
            [("one_of", "adv", ("exploration", "military", "technology"), True)],
        ),  # once per space
        ("science", 10, [("one_of", "reg", ("military", "technology"), True)]),
        ("science", 12, [("research", False)]),
        ("military", 6, [("conquer", False), ("tapestry",)]),
        ("military", 8, [("conquer", True)]),  # its tapestry card is a bonus: never taken
        ("military", 4, []),  # a worker and VP: ignored
        ("technology", 1, []),
    ],
)
def test_the_automa_implements_only_its_icons(
    track: str, space: int, expected: list[tuple[Any, ...]]
) -> None:
    from engine.games.tapestry.data import tracks

    assert turns.plan(tracks()[track].spaces[space - 1].benefit) == expected


def test_one_of_these_tracks_rerolls_until_allowed() -> None:
    g = fresh(seed=3, automa={"players": {"1": {"tracks": {"science": 8}}}})
    run(turns.bot_advance(g, g.automa, "science", benefit=True))
    events = g.take_events()
    rolls = [e.data["face"] for e in events if e.kind == "roll"]
    assert rolls[-1] in ("exploration", "military", "technology")
    assert all(f == "science" for f in rolls[:-1])


def test_the_refresh_icon_replaces_the_tech_row() -> None:
    g = fresh()
    before = list(g.tech_row)
    run(turns.do_item(g, ("refresh",)))
    assert len(g.tech_row) == 3 and not set(before) & set(g.tech_row)


def test_the_shadow_never_gains_benefits() -> None:
    g = fresh(automa={"players": {"2": {"tracks": {"military": 0}}}})
    run(turns.bot_advance(g, g.shadow, "military", benefit=False))
    g.advance  # noqa: B018 - the base rules' advance for a bot goes through the same rule
    moved = run(g.advance(g.shadow, "military", "benefit"))
    assert moved and g.players[g.shadow].pos("military") == 2
    assert not [e for e in g.take_events() if e.kind in ("automa_hex", "conquer")]


# ==========================================================================================
# The map: distance, filters, conquer, explore, toppling, traps
# ==========================================================================================
def test_path_distance_avoids_automa_hexes_and_double_tokens() -> None:
    g = fresh()
    # from the person's start (0,2) to (2,2): two steps through (1,2)
    assert hexes.distances(g, [(0, 2)])[(2, 2)] == 2
    g.sites[(1, 2)].pieces = [[g.automa, True, "outpost"]]
    g.sites[(1, 3)].tile = 5
    g.sites[(1, 3)].pieces = [[0, True, "outpost"], [0, False, "outpost"]]
    assert hexes.distances(g, [(0, 2)])[(2, 2)] > 2


@pytest.mark.parametrize(
    ("filters", "island_taken", "expected"),
    [
        (["island"], False, (1, 0)),  # closest to the middle island
        (["island"], True, (-3, -3)),  # island no longer open: the scan decides
    ],
)
def test_the_island_filter(filters: list[str], island_taken: bool, expected: tuple[int, int]) -> None:
    g = fresh()
    if island_taken:
        g.players[g.automa].achievements.append("island")
    h, _ = hexes.choose(g, [(-3, -3), (1, 0)], cards()[1], filters)
    assert h == expected


def test_closest_to_a_single_token_territory_before_any_territory() -> None:
    g = fresh(sites=[site((-2, 0), 7, [0, True, "outpost"])])
    h, why = hexes.choose(g, [(1, 3), (-3, -1)], cards()[7], ["near"])
    assert h == (-3, -1) and why == ["single"]  # (-3,-1) touches the lone outpost, (1,3) the start
    g2 = fresh()
    h2, why2 = hexes.choose(g2, [(1, 3), (-3, -1)], cards()[1], ["near"])
    assert h2 == (1, 3) and why2 == ["human"]


def test_scan_order_breaks_remaining_ties() -> None:
    g = fresh()
    for card_id in (1, 4, 7, 9):
        h, why = hexes.choose(g, list(SMALL), cards()[card_id], [])
        assert h == cards()[card_id].scan[0] and why == ["scan"]


def test_conquer_opponent_when_possible_and_topple_their_outpost() -> None:
    g = fresh(sites=[site((1, 0), 3, [0, True, "outpost"])])
    answering(mapplay.conquer(g, cards()[5]))
    assert g.sites[(1, 0)].pieces == [[0, False, "outpost"], [g.automa, True, "outpost"]]
    assert g.players[g.automa].outposts == 6


def test_a_trap_stops_the_automas_conquest() -> None:
    g = fresh(sites=[site((1, 0), 3, [0, True, "outpost"])], players=[{"hand": ["trap"]}])
    g.players[0].trap_policy = "always"
    before = sum(g.players[0].res.values())
    answering(mapplay.conquer(g, cards()[5]))
    assert g.sites[(1, 0)].controller() == 0 and [g.automa, False, "outpost"] in g.sites[(1, 0)].pieces
    assert sum(g.players[0].res.values()) == before + 1 and "trap" not in g.players[0].hand


def test_conquer_neutral_with_the_topple_icon_adds_a_toppled_shadow_outpost() -> None:
    g = fresh()
    run(mapplay.conquer(g, cards()[1]))  # topple icon
    ev = next(e for e in g.take_events() if e.kind == "automa_hex")
    h = tuple(ev.data["hex"])
    assert ev.data["action"] == "conquer_neutral"
    assert g.sites[h].pieces == [[g.automa, True, "outpost"], [g.shadow, False, "outpost"]]
    assert g.sites[h].tile is not None and g.players[g.shadow].outposts == 8


def test_conquer_neutral_without_the_icon_keeps_away_from_the_persons_land() -> None:
    g = fresh()
    run(mapplay.conquer(g, cards()[2]))  # no topple icon
    ev = next(e for e in g.take_events() if e.kind == "automa_hex")
    h = tuple(ev.data["hex"])
    near_person = actions.adjacent_to_controlled(g, 0)
    assert h not in near_person and len(g.sites[h].pieces) == 1


def test_the_middle_island_never_gets_a_shadow_outpost() -> None:
    g = fresh(sites=[site((1, 0), 3, [1, True, "outpost"])])
    run(mapplay.conquer(g, cards()[1]))
    assert g.sites[(0, 0)].pieces == [[g.automa, True, "outpost"]]
    assert g.players[g.automa].achievements == ["island"]


def test_no_outposts_left_voids_the_conquest() -> None:
    g = fresh(automa={"players": {"1": {"outposts": 0}}})
    run(mapplay.conquer(g, cards()[1]))
    ev = next(e for e in g.take_events() if e.kind == "automa_hex")
    assert ev.data["filters"] == ["no_outpost"]


@pytest.mark.parametrize(("favorite", "why"), [("science", ["far", "scan"]), ("military", ["scan"])])
def test_explore_goes_far_from_the_person_unless_military(favorite: str, why: list[str]) -> None:
    g = fresh(automa={"favorite": favorite})
    mapplay.explore(g, cards()[7])
    ev = next(e for e in g.take_events() if e.kind == "automa_hex")
    assert ev.data["action"] == "explore" and ev.data["filters"][: len(why)] == why[: len(ev.data["filters"])]
    assert ("far" in ev.data["filters"]) is (favorite != "military")
    h = tuple(ev.data["hex"])
    assert g.sites[h].tile is not None and g.sites[h].pieces == [] and g.players[g.automa].vp == 0


def test_only_the_persons_toppled_outposts_count_for_the_automa() -> None:
    g = fresh(sites=[site((1, 0), 3, [1, True, "outpost"], [2, False, "outpost"])])
    assert g.toppled_by(g.automa) == 0
    g.sites[(3, 1)].tile = 9
    g.sites[(3, 1)].pieces = [[0, False, "outpost"], [1, True, "outpost"]]
    assert g.toppled_by(g.automa) == 1


@pytest.mark.parametrize(("pool", "keeps"), [(["trap"], True), (["academia", "capitalism"], False)])
def test_the_automas_tapestry_cards_as_traps(pool: list[str], keeps: bool) -> None:
    g = fresh(sites=[site((0, 1), 3, [1, True, "outpost"])], automa={"players": {"1": {"pool": pool}}})
    answering(actions.conquer(g, 0), {"tapestry.prompt.conquer_hex": "hex:0.1"})
    assert (g.sites[(0, 1)].controller() == g.automa) is keeps
    assert g.players[g.automa].hand == []


# ==========================================================================================
# Income turns: each level's chart, the deck's growth, VP, favourites, civilizations
# ==========================================================================================
STEP = {
    "favorite_check": "fav",
    "advance_pair": "adv",
    "civ_bonus": "civ",
    "vp": "vp",
    "add_progress_2": "prog",
    "tapestry_to_mat": "mat",
    "gain_tapestry": "gain",
    "shuffle": "shuffle",
}
BASE = ["fav", "civ", "vp"]
CHARTS = {
    1: {1: [], 2: ["fav", "vp", "prog", "mat", "shuffle"], 5: ["fav", "vp"]},
    2: {
        1: ["gain"],
        2: [*BASE, "prog", "mat", "gain", "shuffle"],
        3: [*BASE, "prog", "mat", "gain", "shuffle"],
        5: BASE,
    },
    3: {
        2: ["fav", "adv", "civ", "vp", "mat", "gain", "shuffle"],
        3: ["fav", "adv", "civ", "vp", "prog", "mat", "gain", "shuffle"],
        5: ["fav", "adv", "civ", "vp"],
    },
    4: {
        2: ["fav", "adv", "civ", "vp", "prog", "mat", "gain", "shuffle"],
        4: ["fav", "adv", "civ", "vp", "prog", "prog", "mat", "gain", "shuffle"],
    },
    5: {3: ["fav", "adv", "civ", "vp", "prog", "prog", "prog", "mat", "gain", "shuffle"]},
    6: {
        3: ["fav", "adv", "civ", "vp", "prog", "prog", "prog", "mat", "gain", "shuffle"],
        5: ["fav", "adv", "civ", "vp"],
    },
}
DECK_AFTER = {
    1: [10, 12, 14],
    2: [10, 12, 14],
    3: [8, 10, 12],
    4: [10, 14, 18],
    5: [10, 16, 22],
    6: [10, 16, 22],
}


def income_steps(level: int) -> tuple[dict[int, list[str]], list[int], list[int]]:
    """Each income turn's steps, the deck after each shuffle, and the civilizations applied."""
    g = fresh(level, automa={"civs": ["engineers", "explorers"][: 2 if level == 6 else 1], "latest": [6, 7]})
    steps: dict[int, list[str]] = {}
    decks, civs = [], []
    for turn in range(1, 6):
        g.discard.extend(g.deck)  # the era's cards were played
        g.deck = []
        run(income.solo_income(g, "test"))
        events = g.take_events()
        steps[turn] = [STEP[e.data["step"]] for e in events if e.kind == "automa_step"]
        decks += [e.data["deck"] for e in events if e.kind == "automa_shuffle"]
        civs.append(len([e for e in events if e.kind == "automa_civ"]))
    return steps, decks, civs


@pytest.mark.parametrize("level", range(1, 7))
def test_each_levels_chart_and_the_decks_growth(level: int) -> None:
    steps, decks, civs = income_steps(level)
    for turn, expected in CHARTS[level].items():
        assert steps[turn] == expected, (level, turn)
    assert decks == DECK_AFTER[level]
    # level 6 applies both civilizations (first, then second) wherever the chart has the step
    per_turn = 2 if level == 6 else 1
    assert civs == [0, *([per_turn] * 4)] if level >= 2 else civs == [0] * 5


def test_vp_rulebook_example_income_turn_3() -> None:
    g = fresh(
        2,
        automa={
            "players": {
                "1": {
                    "tracks": {"military": 3, "science": 2, "exploration": 4, "technology": 1},
                    "landmarks": ["Forge"],
                }
            }
        },
    )
    g.players[g.automa].mat[1].append(["academia", False])
    income.score(g, 3)
    ev = next(e for e in g.take_events() if e.kind == "automa_vp")
    assert ev.data["multipliers"] == [2, 1, 1]
    assert ev.data["vp"] == 2 * (1 + 1) + 1 * 5 + 1 * 5 == g.players[g.automa].vp


@pytest.mark.parametrize(
    ("level", "covered", "expected"), [(1, 3, [3, 2, 3]), (5, 3, [3, 3, 4]), (5, 2, [2, 2, 2])]
)
def test_multiplier_columns_by_mat_side(level: int, covered: int, expected: list[int]) -> None:
    g = fresh(level)
    for i in range(covered):
        g.players[g.automa].mat[i + 1].append(["academia", False])
    income.score(g, 5)
    assert next(e for e in g.take_events() if e.kind == "automa_vp").data["multipliers"] == expected


def test_first_into_an_era_scores_the_mat_vp() -> None:
    g = fresh(
        2,
        automa={
            "deck": [],
            "latest": [6, 7],
            "civs": ["engineers"],
            "players": {"1": {"income_turns": 1}, "2": {"income_turns": 1}},
        },
    )
    g.players[0].income_turns = 1
    run(income.solo_income(g, "test"))
    assert any(
        e.kind == "vp" and e.data["why"] == "first_to_era" and e.data["count"] == 2 for e in g.take_events()
    )


def test_the_favourite_moves_when_overtaken() -> None:
    g = fresh(
        automa={"favorite": "science", "players": {"1": {"tracks": {"science": 2, "exploration": 3}}}},
        players=[{"tracks": {"science": 5}}],
    )
    income.favorite_check(g, g.automa, cards()[7])
    # landmark_or_finish: exploration 3 is 1 from the Lighthouse
    assert g.favorite[g.automa] == "exploration"


def test_the_favourite_stays_when_ahead() -> None:
    g = fresh(automa={"favorite": "science", "players": {"1": {"tracks": {"science": 5}}}})
    income.favorite_check(g, g.automa, cards()[7])
    assert g.favorite[g.automa] == "science"


@pytest.mark.parametrize(
    ("civ", "turn", "expect"),
    [
        ("engineers", 2, "vp2"),  # 2 landmarks
        ("scientists", 2, "none"),
        ("scientists", 3, "research"),
        ("explorers", 2, "explore"),
        ("explorers", 3, "conquer_neutral"),
        ("conquerors", 2, "conquer_neutral"),  # 1 territory < income turn 2
    ],
)
def test_civilization_sides(civ: str, turn: int, expect: str) -> None:
    g = fresh(automa={"civs": [civ], "players": {"1": {"landmarks": ["Forge", "Academy"]}}})
    run(income.civ_bonus(g, turn, cards()[7]))
    events = g.take_events()
    hexes_done = [e.data["action"] for e in events if e.kind == "automa_hex"]
    if expect == "vp2":
        assert g.players[g.automa].vp == 2
    elif expect == "research":
        assert any(e.kind == "roll" for e in events) and any(e.kind == "advance" for e in events)
    elif expect == "none":
        assert not events[1:]
    else:
        assert hexes_done[:1] == [expect]


def test_conquerors_topple_a_shadow_outpost_on_a_lone_territory() -> None:
    lone = [site(h, t, [1, True, "outpost"]) for h, t in (((1, 0), 3), ((3, 1), 4), ((2, -1), 5))]
    g = fresh(sites=lone, automa={"civs": ["conquerors"]})
    run(income.civ_bonus(g, 2, cards()[7]))
    shadowed = [h for h in g.hexes if any(p[0] == g.shadow for p in g.sites[h].pieces)]
    assert len(shadowed) == 1 and g.players[g.automa].vp == 4  # +1 per territory controlled


# ==========================================================================================
# Setup, level 6, the first income turn, the end
# ==========================================================================================
def started(level: int, seed: int, **options: Any) -> AutomaGame:
    """Setup answered with defaults, up to the first turn's question."""
    m = solo(level, seed, **options)
    while m.prompts() and m.prompts()[0].key != "tapestry.prompt.turn":
        p = m.prompts()[0]
        m.submit(p.seat, p.default or (p.options[0].id,))
    return game(m)


@pytest.mark.parametrize("seed", range(4))
def test_setup(seed: int) -> None:
    g = started(2, seed)
    assert g.sites[(0, 2)].pieces[:2] == [[0, True, "outpost"]] * 2
    assert g.sites[(2, 0)].pieces == [[1, True, "outpost"]] * 2
    for bot in g.bots:  # one outpost marks the favourite track; the rest in supply or on the map
        on_map = sum(1 for h in g.hexes for q in g.sites[h].pieces if q[0] == bot)
        assert g.players[bot].outposts + on_map == 9
    assert g.favorite[g.shadow] != g.favorite[g.automa]
    assert g.favorite[g.automa] == adata.civ_sides()[g.automa_civs[0]].favorite_track
    pool = g.deck + g.discard + g.pair
    assert len(pool) + len(g.progress) == 22 and set(range(1, 8)) <= set(pool) and len(g.progress) == 14
    every = g.tapestry_deck + [c for p in g.players for c in p.hand]
    assert not set(every) & {"alliance", "dictatorship", "arranged_marriage", "oil_magnate", "olympic_host"}
    assert every.count("trap") == 5 and "traders" not in g.civ_deck + [c for p in g.players for c in p.civs]


@pytest.mark.parametrize("second", adata.CIV_SIDES)
def test_level_6_second_civilization_differs_and_its_heart_is_ignored(second: str) -> None:
    for seed in range(6):
        g = started(6, seed, automa_second_civ=second)
        assert g.automa_civs[1] == second != g.automa_civs[0]
        assert g.favorite[g.automa] == adata.civ_sides()[g.automa_civs[0]].favorite_track


@pytest.mark.parametrize(("level", "bot_moves"), [(1, 0), (2, 0), (5, 2), (6, 8)])
def test_first_income_turn_advances(level: int, bot_moves: int) -> None:
    g = fresh(level, automa={"deck": []})
    run(income.solo_income(g, "first"))
    assert len([e for e in g.take_events() if e.kind == "automa_level_advance"]) == bot_moves


def test_level_1_the_person_advances_on_every_track_first() -> None:
    g = fresh(1)
    g.players[0].income_turns = 0
    answering(g.income_turn(0))
    assert all(g.players[0].pos(t) >= 1 for t in TRACKS)


@pytest.mark.parametrize(
    ("mine", "hers", "res", "won", "winners"),
    [(80, 79, 0, True, (0,)), (80, 80, 2, True, (0,)), (80, 80, 0, False, (0,)), (70, 80, 5, False, ())],
)
def test_result_and_tie_break(mine: int, hers: int, res: int, won: bool, winners: tuple[int, ...]) -> None:
    g = fresh()
    g.players[0].vp, g.players[g.automa].vp = mine, hers
    g.players[0].res = {"coin": res, "worker": 0, "food": 0, "culture": 0}
    g.finished = True
    r = g.result()
    assert r is not None and r.details["solo"]["won"] is won and r.winners == winners
    assert r.details["automa"]["score"] == hers and r.scores == (mine,)


def test_bots_never_gain_resources_buildings_or_cards() -> None:
    g = fresh()
    g.gain_res(g.automa, "coin")
    run(g.gain_building(g.automa, "farm"))
    run(g.gain_tapestry(g.shadow))
    g.gain_vp(g.shadow, 5)
    assert sum(g.players[g.automa].res.values()) == 0 and g.players[g.automa].placed["farm"] == 0
    assert g.players[g.shadow].hand == [] and g.players[g.shadow].vp == 0
