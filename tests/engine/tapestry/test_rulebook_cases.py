"""Rulebook cases not pinned elsewhere, one position per case, walked section by section through
the integrated rulebook (setup, income turns, tracks, map, capital, tech, achievements,
civilization adjustments). Each docstring names the section the case comes from."""

from __future__ import annotations

from typing import Any

from engine.core.match import Match
from engine.games.tapestry import actions, civs, tapestries
from engine.games.tapestry.data import TRACKS
from engine.games.tapestry.mapgeo import neighbours
from tests.engine.tapestry.helpers import answer, at, drive, finish_turn, game, ids, prompt, seats, until

NOBODY: dict[str, Any] = {"income_turns": 1, "resources": {"coin": 1}}  # asked on its turn
PAIRS = {(1, 6), (2, 4), (3, 5)}


def me(**spec: object) -> dict[str, object]:
    return {"income_turns": 1, **spec}


class FixedRolls:
    """A random source whose `choice` returns the given faces in order (dice under test)."""

    def __init__(self, faces: list[str]) -> None:
        self.faces = list(faces)

    def choice(self, seq: Any) -> Any:
        face = self.faces.pop(0)
        assert face in seq, (face, seq)
        return face


def set_up(players: int, seed: int) -> Match:
    """A real setup: every seat answers the setup prompt with its default."""
    m = Match("tapestry", seats(players), {"no_civ_adjustments": True}, seed)
    setup = m.prompts()
    assert len(setup) == players and all(p.key == "tapestry.prompt.setup" for p in setup)
    return m


# ------------------------------------------------------------------------------------ setup
def test_setup_one_to_three_players_use_the_small_map_and_a_pair_of_capitals() -> None:
    """Setup 3.1 step 1 and 3.2 A: small map; a random pair of basic capitals, keep one; two
    outposts on the pair's start territory."""
    m = set_up(3, seed=5)
    offered = {p.seat: tuple(p.params["capitals"]) for p in m.prompts()}
    assert all(tuple(sorted(pair)) in PAIRS for pair in offered.values())
    assert len(set(offered.values())) == 3  # three different pairs
    for q in m.prompts():
        m.submit(q.seat, q.default or (q.options[0].id,))
    g = game(m)
    assert g.small
    for p in g.players:
        assert p.capital in offered[p.seat]
        start = tuple(p.civ["start"])
        assert start == g.starts["/".join(str(x) for x in sorted(offered[p.seat]))]
        assert g.sites[start].pieces == [[p.seat, True, "outpost"], [p.seat, True, "outpost"]]
        assert actions.outposts_left(g, p.seat) == 8  # (the Militants keep theirs on their mat)


def test_setup_four_or_five_players_use_the_large_map_and_one_capital_each() -> None:
    """Setup 3.1 step 1 and 3.2 A: large map; one random basic capital each."""
    m = set_up(4, seed=3)
    offered = {p.seat: tuple(p.params["capitals"]) for p in m.prompts()}
    assert all(len(c) == 1 for c in offered.values())
    assert len({c[0] for c in offered.values()}) == 4
    for q in m.prompts():
        m.submit(q.seat, q.default or (q.options[0].id,))
    g = game(m)
    assert not g.small
    for p in g.players:
        assert p.capital == offered[p.seat][0]
        assert tuple(p.civ["start"]) == g.large_start(p.capital)
        assert actions.outposts_left(g, p.seat) == 8  # (the Militants keep theirs on their mat)


def test_setup_tokens_start_on_every_tracks_start_space_with_empty_resources() -> None:
    """Setup 3.2 B and E: resource trackers on 0; a token on each track's start space, one on 0 VP;
    every income row full but its leftmost space."""
    m = set_up(2, seed=11)
    for q in m.prompts():
        m.submit(q.seat, q.default or (q.options[0].id,))
    g = game(m)
    for p in g.players:
        assert all(p.tracks[t] == [0] for t in TRACKS) and p.vp == 0
        assert p.on_mat == {"market": 5, "house": 5, "farm": 5, "armory": 5}
        assert p.tech == {} and p.mat == [[], [], [], []]
        # nothing but what the first income turn's exposed icons give (it needs no decision)
        assert p.res == dict.fromkeys(("coin", "worker", "food", "culture"), p.income_turns)
        assert len(p.tiles) == len(p.hand) == p.income_turns


# ------------------------------------------------------------------------------------ income turns
def test_income_never_takes_a_resource_past_eight() -> None:
    """Income turn step 4: resources are tracked on the income mat, at most 8 of each."""
    m = at(
        {
            "players": [
                me(resources={"coin": 8}, hand=["wartime_economy"]),
                {"income_turns": 2, "resources": {"coin": 1}},
            ]
        }
    )
    answer(m, "income")
    answer(m, "card:wartime_economy")
    finish_turn(m)
    p = game(m).players[0]
    assert p.res["coin"] == 8 and p.res["worker"] == 1 and p.res["food"] == 1 and p.res["culture"] == 1


def test_a_tapestry_card_goes_on_the_leftmost_empty_era_space() -> None:
    """Income turn step 2: the card covers the leftmost empty tapestry space of the income mat."""
    mat = [[], [["wartime_economy", True]]]
    m = at(
        {
            "players": [
                me(income_turns=2, mat=mat, hand=["pillage_and_plunder"], resources={"coin": 1}),
                {"income_turns": 3, "resources": {"coin": 1}},
            ]
        }
    )
    answer(m, "income")
    answer(m, "card:pillage_and_plunder")
    finish_turn(m)
    p = game(m).players[0]
    assert p.mat == [[], [["wartime_economy", True]], [["pillage_and_plunder", True]], []]
    assert p.era_card == "pillage_and_plunder"


def test_a_tapestry_card_must_be_laid_from_the_hand_when_it_holds_one() -> None:
    """Income turn step 2: playing a card from the hand is mandatory (no option to pass)."""
    m = at(
        {
            "players": [
                me(hand=["wartime_economy", "pillage_and_plunder"], resources={"coin": 1}),
                {"income_turns": 2, "resources": {"coin": 1}},
            ]
        }
    )
    answer(m, "income")
    assert prompt(m).key == "tapestry.prompt.play_tapestry"
    assert sorted(ids(m)) == ["card:pillage_and_plunder", "card:wartime_economy"]


def test_every_exposed_vp_icon_scores_even_the_same_one_twice() -> None:
    """Income turn step 3: VP from every exposed VP icon, duplicates each scoring."""
    grid = ["........."] * 9  # no complete row or column: Symbology scores nothing
    spec = me(
        hand=["wartime_economy"],
        on_mat={"market": 1},
        grid=grid,
        tech={"Radio": 0, "Paper": 0},
        resources={"coin": 1},
    )
    m = at({"players": [spec, {"income_turns": 2, "resources": {"coin": 1}}]})
    answer(m, "income")
    answer(m, "card:wartime_economy")
    assert prompt(m).key == "tapestry.prompt.upgrade"
    answer(m, "skip")
    finish_turn(m)
    # Barter, Banking and E-Commerce each give 1 VP per tech card: 3 x 2
    assert game(m).players[0].vp == 6


# ------------------------------------------------------------------------------------ tracks
def test_tier_one_costs_any_single_resource() -> None:
    """Advance turn step 1 and track costs: tier I costs 1 resource of any type."""
    m = at({"players": [me(resources={"culture": 1}), NOBODY]})
    assert "advance:technology" in ids(m) and "advance:exploration" in ids(m)
    answer(m, "advance:technology")  # Pottery: invent
    finish_turn(m)
    p = game(m).players[0]
    assert p.res["culture"] == 0 and p.tracks["technology"] == [1] and len(p.tech) == 1


def test_tier_three_costs_the_tracks_resource_and_two_of_any_type() -> None:
    """Track costs: tier III = 1 of the track's resource + 2 of any type, every way offered."""
    m = at(
        {"players": [me(resources={"food": 1, "coin": 2, "worker": 1}, tracks={"exploration": 6}), NOBODY]}
    )
    answer(m, "advance:exploration")
    assert prompt(m).key == "tapestry.prompt.pay_advance"
    assert ids(m) == ["pay:coin+coin+food", "pay:coin+worker+food"]


def test_tier_four_costs_two_of_the_tracks_resource() -> None:
    """Track costs: tier IV = 2 of the track's resource; nothing else pays it."""
    m = at({"players": [me(resources={"food": 1, "coin": 5}, tracks={"exploration": 9}), NOBODY]})
    assert "advance:exploration" not in ids(m)
    m = at({"players": [me(resources={"food": 2, "coin": 5}, tracks={"exploration": 9}), NOBODY]})
    answer(m, "advance:exploration")  # a single way to pay: no question
    finish_turn(m)
    p = game(m).players[0]
    assert p.res["food"] == 0 and p.res["coin"] == 5 and p.tracks["exploration"] == [10]


def test_research_into_a_new_tier_takes_its_landmark_without_the_benefit() -> None:
    """Science rules and Science FAQ: research that is first into a tier gains the landmark; a
    research without benefit gives no benefit."""
    m = at({"players": [me(resources={"worker": 1}, tracks={"military": 3}), NOBODY]})
    game(m).rng = FixedRolls(["military"])  # type: ignore[assignment]
    answer(m, "advance:science")  # Astronomy: research without benefit
    assert prompt(m).key == "tapestry.prompt.research_advance"
    answer(m, "yes")
    finish_turn(m)
    g = game(m)
    p = g.players[0]
    assert p.tracks["military"] == [4] and p.landmarks == ["Barracks"]
    assert "Barracks" not in g.available_landmarks
    assert p.res["worker"] == 0 and p.vp == 0  # Standing Army's worker and VP not gained


def test_a_track_landmark_sits_only_on_the_first_space_of_tiers_two_to_four() -> None:
    """Advance turn: the landmark goes to the first player into tier II, III or IV, and only there."""
    m = at({"players": [me(resources={"food": 2}, tracks={"exploration": 4}), NOBODY]})
    answer(m, "advance:exploration")  # into space 5, still tier II
    finish_turn(m)
    g = game(m)
    assert g.players[0].landmarks == [] and "Lighthouse" in g.available_landmarks


# ------------------------------------------------------------------------------------ exploring
def test_an_empty_territory_supply_gives_no_tile() -> None:
    """Exploration FAQ: when a tile supply runs out, nobody can gain that tile."""
    m = at({"players": [me(resources={"coin": 1}), NOBODY]})
    game(m).tile_bag = []
    events = answer(m, "advance:exploration")  # Scouting: 2 territory tiles
    assert game(m).players[0].tiles == []
    assert [e.data.get("what") for e in events if e.kind == "none_left"] == ["tile", "tile"]


def test_territory_tiles_discarded_for_a_bonus_leave_the_game() -> None:
    """Exploration FAQ: discarded territory tiles do not return to the supply (Cars' bonus)."""
    m = at(
        {
            "players": [
                me(resources={"food": 1, "coin": 2}, tracks={"exploration": 7}, tiles=[1, 2, 3]),
                NOBODY,
            ]
        }
    )
    answer(m, "advance:exploration")
    until(m, "tapestry.prompt.bonus_discard")
    answer(m, "yes")
    answer(m, "tile:1", "tile:2")
    finish_turn(m)
    g = game(m)
    assert g.players[0].tiles == [3]
    assert 1 not in g.tile_bag and 2 not in g.tile_bag
    assert g.players[0].vp == 5 + 1  # the bonus, and Cars' 1 VP for its farm


def test_airplanes_explore_a_hex_far_from_your_territories() -> None:
    """Exploration track, Airplanes: explore anywhere on the map (no adjacency)."""
    m = at(
        {
            "players": [me(resources={"food": 1, "coin": 2}, tracks={"exploration": 8}), NOBODY],
            "tile_bag": [1, 2],
        }
    )
    answer(m, "advance:exploration")
    p = until(m, "tapestry.prompt.explore_tile")
    hexes = {tuple(h) for h in p.params["hexes"]}
    g = game(m)
    near = {nb for h in g.controlled(0) for nb in neighbours(h)}
    assert hexes - near, "some hex away from the player's territories is offered"
    assert hexes == {h for h in g.hexes if g.sites[h].tile is None}


# ------------------------------------------------------------------------------------ conquering
def test_conquer_offers_only_explored_territories_you_do_not_control_next_to_yours() -> None:
    """Military rules: conquer a territory next to one you control, not one you already
    control; an unexplored hex is no territory."""
    sites = [{"hex": [-1, -2], "pieces": [[0, True, "outpost"]]}]
    m = at({"players": [me(resources={"coin": 1}, outposts=7), NOBODY], "sites": sites})
    answer(m, "advance:military")  # Archery
    g = game(m)
    offered = {(int(o[4:].split(".")[0]), int(o[4:].split(".")[1])) for o in ids(m)}
    assert (-1, -2) not in offered and (-2, -2) not in offered  # yours
    assert all(g.sites[h].tile is not None for h in offered)
    near = {nb for h in g.controlled(0) for nb in neighbours(h)}
    assert offered == {h for h in near if h in g.sites and g.sites[h].tile is not None} - {(-1, -2), (-2, -2)}
    assert (-1, -1) not in offered  # next to both, but unexplored


def test_warplanes_conquer_anywhere_but_never_a_start_territory() -> None:
    """Military track, Warplanes: conquer anywhere; a start territory holds two outposts and can
    never be conquered."""
    m = at({"players": [me(resources={"culture": 1, "coin": 2}, tracks={"military": 7}), NOBODY]})
    answer(m, "advance:military")
    offered = ids(m)
    assert "hex:3.0" in offered and "hex:0.0" in offered  # far away, and the middle island
    assert "hex:0.2" not in offered and "hex:-2.-2" not in offered  # the two start territories


def test_a_territory_with_an_outpost_and_a_marker_cannot_be_conquered() -> None:
    """Military rules: a territory holding 2 or more items (outposts, markers, buildings) cannot
    be conquered."""
    sites = [{"hex": [-1, -2], "pieces": [[1, True, "outpost"]]}]
    m = at({"players": [me(resources={"coin": 1}), NOBODY], "sites": sites})
    assert "hex:-1.-2" in [h for h in (f"hex:{x}.{y}" for x, y in game(m).hexes)]
    game(m).sites[(-1, -2)].tokens.append(1)
    answer(m, "advance:military")
    assert "hex:-1.-2" not in ids(m) and ids(m)  # the others stay open


def test_tanks_against_an_empty_territory_keep_one_die() -> None:
    """Military track, Tanks: both dice only when the territory was an opponent's."""
    m = at({"players": [me(resources={"culture": 1, "coin": 2}, tracks={"military": 6}), NOBODY]})
    game(m).rng = FixedRolls(["vp:5", "coin"])  # type: ignore[assignment]
    answer(m, "advance:military")
    until(m, "tapestry.prompt.conquer_hex")
    answer(m, "hex:-1.-2")
    assert prompt(m).key == "tapestry.prompt.conquer_die"
    answer(m, "red:vp:5")
    finish_turn(m)
    p = game(m).players[0]
    assert p.vp == 5 and p.res["coin"] == 0


def test_the_territory_benefit_comes_from_the_black_die() -> None:
    """Military FAQ: a territory tile's benefit is gained on a conquest only when the black die
    shows it."""
    sites = [{"hex": [-1, -1], "tile": 3}]  # tile 3 gives a food
    m = at({"players": [me(resources={"coin": 1}), NOBODY], "sites": sites})
    game(m).rng = FixedRolls(["vp:5", "territory"])  # type: ignore[assignment]
    answer(m, "advance:military")
    answer(m, "hex:-1.-1")
    assert ids(m) == ["red:vp:5", "black:territory"]
    answer(m, "black:territory")
    finish_turn(m)
    p = game(m).players[0]
    assert p.res["food"] == 1 and p.vp == 0
    assert game(m).sites[(-1, -1)].controller() == 0


def test_a_trapped_conquest_of_the_middle_island_earns_no_achievement() -> None:
    """Military rules and Achievements: an opponent's successful Trap on the middle island
    denies the achievement."""
    sites = [
        {"hex": [-1, -1], "tile": 5, "pieces": [[0, True, "outpost"]]},
        {"hex": [0, 0], "pieces": [[1, True, "outpost"]]},
    ]
    m = at(
        {
            "players": [
                me(resources={"coin": 1}, outposts=7),
                me(hand=["trap"], outposts=7, resources={"coin": 1}),
            ],
            "sites": sites,
        }
    )
    answer(m, "advance:military")
    answer(m, "hex:0.0")
    answer(m, "trap")
    finish_turn(m)
    g = game(m)
    assert g.players[0].achievements == [] and g.achievement_vp["island"] == [10, 5]
    assert g.sites[(0, 0)].controller() == 1


def test_one_toppled_outpost_is_not_enough_for_the_topple_achievement() -> None:
    """Achievements: topple two opponent outposts in total."""
    sites = [{"hex": [-1, -2], "pieces": [[1, True, "outpost"]]}]
    m = at({"players": [me(resources={"coin": 1}), NOBODY], "sites": sites})
    answer(m, "advance:military")
    answer(m, "hex:-1.-2")
    answer(m, "no")
    finish_turn(m)
    g = game(m)
    assert g.sites[(-1, -2)].pieces == [[1, False, "outpost"], [0, True, "outpost"]]
    assert "topple" not in g.players[0].achievements and g.achievement_vp["topple"] == [10, 5]


def test_outposts_toppled_by_traps_count_for_the_defenders_topple_achievement() -> None:
    """Achievements and the Trap: the Trap topples the attacker's outpost, which counts among the
    defender's two toppled outposts."""
    sites = [
        {"hex": [-2, -1], "pieces": [[1, True, "outpost"], [0, False, "outpost"]]},  # trapped before
        {"hex": [-1, -2], "pieces": [[1, True, "outpost"]]},
    ]
    m = at(
        {
            "players": [
                me(resources={"coin": 1}, outposts=7),
                me(hand=["trap"], outposts=6, resources={"coin": 1}),
            ],
            "sites": sites,
        }
    )
    answer(m, "advance:military")
    answer(m, "hex:-1.-2")
    answer(m, "trap")
    finish_turn(m)
    g = game(m)
    assert g.players[1].achievements == ["topple"] and g.players[1].vp == 10
    assert "topple" not in g.players[0].achievements


# ------------------------------------------------------------------------------------ achievements
def test_the_large_map_track_achievement_gives_the_highest_free_slot() -> None:
    """Achievements (large map): 15 / 10 / 5; the first to earn it takes the highest free slot."""
    players = [
        me(resources={"food": 2}, tracks={"exploration": 11}),
        me(achievements=["track"], resources={"coin": 1}),
        NOBODY,
        NOBODY,
    ]
    m = at({"players": players}, players=4)
    assert game(m).achievement_vp["track"] == [10, 5]
    answer(m, "advance:exploration")  # Warpgates with no space tile: nothing else happens
    finish_turn(m)
    g = game(m)
    assert g.players[0].vp == 10 and g.players[0].achievements == ["track"]
    assert g.achievement_vp["track"] == [5] and g.achievements["track"] == [1, 0]


def test_an_achievement_with_every_slot_taken_scores_nothing() -> None:
    """Achievements: once its slots are filled nobody else can earn it (small map: 10 / 5)."""
    players = [
        me(resources={"food": 2}, tracks={"exploration": 11}),
        me(achievements=["track"], resources={"coin": 1}),
        me(achievements=["track"], resources={"coin": 1}),
    ]
    m = at({"players": players}, players=3)
    assert game(m).achievement_vp["track"] == []
    answer(m, "advance:exploration")
    finish_turn(m)
    g = game(m)
    assert g.players[0].tracks["exploration"] == [12]
    assert g.players[0].vp == 0 and g.players[0].achievements == []


def test_the_middle_island_achievement_has_two_slots_on_the_large_map() -> None:
    """Achievements (large map): conquer the middle island 10 / 5."""
    m = at({"players": [NOBODY, NOBODY, NOBODY, NOBODY]}, players=4)
    g = game(m)
    assert g.achievement_vp == {"track": [15, 10, 5], "topple": [15, 10, 5], "island": [10, 5]}


# ------------------------------------------------------------------------------------ capital
def test_impassable_plots_count_toward_completing_a_district() -> None:
    """Buildings and capitals: impassable plots cannot be built on but count toward a district."""
    grid = ["##.......", "###......", "###......"] + ["........."] * 6
    m = at({"players": [me(resources={"food": 1}, tracks={"exploration": 2}, grid=grid), NOBODY]})
    answer(m, "advance:exploration")  # Wagons: explore or a farm
    answer(m, "b1")
    answer(m, "plot:0.2")
    assert prompt(m).key == "tapestry.prompt.any_resource"
    answer(m, "res:worker")
    g = game(m)
    assert g.players[0].districts == [0] and g.players[0].res["worker"] == 1


def test_scoring_the_capital_counts_complete_rows_and_columns() -> None:
    """Buildings and capitals: scoring the capital gives 1 VP per complete row and per complete
    column (Drone Assassins)."""
    grid = ["#########"] + ["#........"] * 7 + ["#########"]
    m = at({"players": [me(resources={"culture": 2}, tracks={"military": 10}, grid=grid), NOBODY]})
    answer(m, "advance:military")
    finish_turn(m)
    assert game(m).players[0].vp == 2 + 1


# ------------------------------------------------------------------------------------ tech cards
def test_a_top_row_card_cannot_be_upgraded() -> None:
    """Technology rules: upgrade a card of the bottom or middle row; top-row cards stay."""
    m = at({"players": [me(tech={"Zeppelins": 2, "Radio": 0}), NOBODY]})
    assert game(m).upgradable(0) == ["Radio"]


def test_an_innovation_requirement_is_met_by_exposing_it_yourself_or_a_neighbour() -> None:
    """Technology rules: a landmark card needs you or a neighbour to have uncovered its
    innovation (Barn: Breeding, the third space of the farm row)."""
    m = at({"players": [me(tech={"Barn": 1}, on_mat={"farm": 4}), me(on_mat={"farm": 4})]})
    g = game(m)
    assert g.upgradable(0) == []  # only Farming is exposed
    g.players[1].on_mat["farm"] = 3  # the neighbour has uncovered Breeding
    assert g.upgradable(0) == ["Barn"]
    g.players[1].on_mat["farm"] = 5
    g.players[0].on_mat["farm"] = 3
    assert g.upgradable(0) == ["Barn"]


def test_inventing_from_an_empty_deck_reshuffles_the_discards() -> None:
    """Technology rules: when the tech deck is empty its discard pile is shuffled into a new deck."""
    m = at({"players": [me(resources={"coin": 1}), NOBODY]})
    g = game(m)
    g.tech_discard.extend(g.tech_deck)
    g.tech_deck = []
    answer(m, "advance:technology")  # Pottery
    assert "deck" in ids(m)
    events = answer(m, "deck")
    assert any(e.kind == "reshuffle" and e.data.get("deck") == "tech" for e in events)
    assert len(g.players[0].tech) == 1 and g.tech_discard == []


def test_academic_research_and_the_battery_work_in_one_turn_each_space_once() -> None:
    """Science FAQ: Academic Research and the Lithium-Ion Battery may both be used in one turn,
    each once, and no track space is activated twice."""
    spec = me(
        resources={"worker": 3, "coin": 2},
        tracks={"science": 6, "technology": 5, "military": 1, "exploration": 10},
        tech={"Lithium-Ion Battery": 1},
    )
    m = at({"players": [spec, NOBODY]})
    answer(m, "advance:science")  # Academic Research
    until(m, "tapestry.prompt.repeat_space")
    answer(m, "space:technology:5")  # Glass: a building; its bonus pays for an upgrade
    until(m, "tapestry.prompt.bonus")
    answer(m, "res:coin")
    until(m, "tapestry.prompt.repeat_space")  # the Battery, now in the top row
    offered = ids(m)
    assert "space:science:7" not in offered and "space:technology:5" not in offered
    assert "space:military:1" in offered and "space:exploration:10" in offered
    assert game(m).players[0].tech == {"Lithium-Ion Battery": 2}


# ------------------------------------------------------------------------------------ tapestry cards
def test_nuclear_bomb_lays_a_card_over_the_current_one_and_only_it_is_active() -> None:
    """Military track, Nuclear Bomb: VP per exploration space, then a card over the current one;
    the covered card is no longer active."""
    spec = me(
        income_turns=2,
        resources={"culture": 2},
        tracks={"military": 9, "exploration": 3},
        mat=[[], [["wartime_economy", True]]],
        era_card="wartime_economy",
        hand=["pillage_and_plunder"],
    )
    m = at({"players": [spec, {"income_turns": 2, "resources": {"coin": 1}}]})
    assert tapestries.era_active(game(m), 0, "wartime_economy")
    answer(m, "advance:military")
    finish_turn(m)
    g = game(m)
    p = g.players[0]
    assert p.mat[1] == [["wartime_economy", True], ["pillage_and_plunder", True]]
    assert p.vp == 3 and p.hand == []
    assert not tapestries.era_active(g, 0, "wartime_economy")
    assert tapestries.era_active(g, 0, "pillage_and_plunder")


# ------------------------------------------------------------------------------------ civilizations
def adjusted(civ: str, players: int = 2, answers: list[str] | None = None) -> Match:
    m = at({"players": [me(civs=[civ])] + [NOBODY] * (players - 1)}, players=players)
    drive(civs.adjust(game(m), 0), list(answers or []))
    return m


def test_alchemists_adjustment_one_resource_and_ten_vp() -> None:
    """Civilization adjustments: Alchemists gain 1 resource and 10 VP."""
    m = adjusted("alchemists", answers=["res:food"])
    p = game(m).players[0]
    assert p.vp == 10 and p.res == {"coin": 0, "worker": 0, "food": 1, "culture": 0}


def test_traders_adjustment_two_resources_and_ten_vp() -> None:
    """Civilization adjustments: Traders gain 2 resources and 10 VP."""
    m = adjusted("traders", answers=["res:coin", "res:culture"])
    p = game(m).players[0]
    assert p.vp == 10 and p.res == {"coin": 1, "worker": 0, "food": 0, "culture": 1}


def test_isolationists_adjustment_two_more_territory_tiles() -> None:
    """Civilization adjustments: Isolationists also gain 2 territory tiles."""
    m = at({"players": [me(civs=["isolationists"], tiles=[]), NOBODY]})
    g = game(m)
    bag = len(g.tile_bag)
    drive(civs.adjust(g, 0), [])
    assert len(g.players[0].tiles) == 2 and len(g.tile_bag) == bag - 2


def test_architects_adjustment_one_impassable_marker_per_opponent_in_different_districts() -> None:
    """Civilization adjustments: Architects put 1 marker per opponent in the capital as an
    impassable plot, each in a different district."""
    m = at({"players": [me(civs=["architects"], grid=["........."] * 9), NOBODY, NOBODY]}, players=3)
    g = game(m)
    drive(civs.adjust(g, 0), ["plot:0.0", "plot:0.1", "plot:4.4"])
    marked = [(r, c) for r in range(9) for c in range(9) if g.players[0].grid[r][c] not in (".",)]
    assert len(marked) == 2 and marked[0] == (0, 0) and marked[1] != (0, 1)
    assert len({(r // 3, c // 3) for r, c in marked}) == 2


def test_spies_and_utilitarians_lose_a_resource_at_the_end_of_income_turn_one() -> None:
    """Civilization adjustments and FAQ 13: a resource loss happens at the end of income turn 1."""
    for civ in ("spies", "utilitarians"):
        m = at({"players": [{"civs": [civ], "income_turns": 0}, {"income_turns": 0}]})
        assert prompt(m).key == "tapestry.prompt.lose_resource" and prompt(m).seat == 0
        answer(m, "res:food")
        p = game(m).players[0]
        assert p.income_turns == 1 and p.res == {"coin": 1, "worker": 1, "food": 0, "culture": 1}


# ------------------------------------------------------------------------------------ expansions
def test_the_charm_prerequisite_counts_a_covered_charmed_card_and_never_a_neighbour() -> None:
    """Technology rules, charm / income turn 5 prerequisite (F&F): a charmed tapestry card you laid
    still counts once covered; whether a neighbour meets it is irrelevant."""
    from engine.games.tapestry import GAME
    from tests.engine.tapestry.module_sets import options

    opts = GAME.normalize_options({**options("ff_tapestry"), "tech_cards": "ff"}, 2)
    spec = me(hand=["test_ff_lantern"], tech={"Pyrokinesis": 1}, resources={"coin": 1})
    rival = {"income_turns": 5, "resources": {"coin": 1}}  # a neighbour in income turn 5
    m = Match.from_position("tapestry", seats(2), opts, 0, {"skip_setup": True, "players": [spec, rival]})
    g = game(m)
    assert not g.requirement_met(0, "Pyrokinesis")
    answer(m, "income")
    answer(m, "card:test_ff_lantern")  # left charm: laid right of the era-1 space
    until(m, "tapestry.prompt.upgrade", policy=lambda p: p.default or (p.options[0].id,))
    assert "tech:Pyrokinesis" in ids(m)
    answer(m, "skip")
    drive(tapestries.lay(g, 0, "trap", 1), [])  # another card over the charmed one
    p = g.players[0]
    assert p.mat[1][-1] == ["trap", True] and p.charms == 0
    assert g.requirement_met(0, "Pyrokinesis")


def test_historians_adjustment_stops_at_an_ongoing_card_too() -> None:
    """Civilization adjustments, Historians: after income turn 1 draw until a WHEN PLAYED or an
    ONGOING card (F&F), discarding the others; it may go on top of the era-1 space."""
    from engine.games.tapestry import GAME
    from tests.engine.tapestry.module_sets import options

    opts = GAME.normalize_options(options("ff_tapestry"), 2)
    deck = ["trap", "golden_age", "test_ff_beacon", "dark_ages"]  # the first income draws the Trap
    players = [{"civs": ["historians"], "income_turns": 0}, {"income_turns": 0}]
    m = Match.from_position(
        "tapestry", seats(2), opts, 0, {"skip_setup": True, "players": players, "tapestry_deck": deck}
    )
    assert prompt(m).key == "tapestry.prompt.historians_fire"
    assert prompt(m).params == {"card": "test_ff_beacon"}
    answer(m, "yes")
    g = game(m)
    assert g.players[0].mat[0] == [["test_ff_beacon", True]]
    assert "golden_age" in g.tapestry_discard and "dark_ages" not in g.tapestry_discard


# ------------------------------------------------------------------------------------ more cases
def test_each_player_is_offered_two_civilizations() -> None:
    """Setup 3.2 A: draw 2 civilizations and keep 1; the other goes back to be reshuffled."""
    m = set_up(3, seed=8)
    offers = {q.seat: sorted({o.id.split(":")[1] for o in q.options}) for q in m.prompts()}
    assert all(len(civs_) == 2 for civs_ in offers.values())
    assert len({c for civs_ in offers.values() for c in civs_}) == 6  # six different mats
    for q in m.prompts():
        m.submit(q.seat, q.default or (q.options[0].id,))
    g = game(m)
    for p in g.players:
        kept = p.civs[-1]
        assert kept in offers[p.seat]
        other = next(c for c in offers[p.seat] if c != kept)
        assert other in g.civ_deck  # back in the civilization deck


def test_the_era_bonus_comes_before_a_face_down_card_too() -> None:
    """Income turn step 2: the first of your neighbours into an era gains the era bonus, whether
    the card comes from the hand or face down from the deck."""
    m = at({"players": [me(hand=[], resources={"coin": 1}), NOBODY], "tapestry_deck": ["renaissance"]})
    events = answer(m, "income")
    assert [e.data for e in events if e.kind == "era_bonus"] == [{"era": 2, "count": 1}]
    assert prompt(m).key == "tapestry.prompt.any_resource"
    answer(m, "res:food")
    finish_turn(m)
    p = game(m).players[0]
    assert p.mat[1] == [["renaissance", False]]
    assert p.res["food"] == 1 + 1  # the bonus, then Hunting's income


def test_an_effect_never_regresses_a_token_below_the_start() -> None:
    """Track rules: a regress with the token on the start space does nothing (Neuroscience)."""
    m = at({"players": [me(resources={"worker": 2}, tracks={"science": 9}), NOBODY]})
    answer(m, "advance:science")
    until(m, "tapestry.prompt.choose_benefit")
    answer(m, "b0")  # regress on military, where the token is on the start space
    finish_turn(m)
    p = game(m).players[0]
    assert p.tracks["military"] == [0] and p.tracks["science"] == [10]
    assert p.res == {"coin": 0, "worker": 0, "food": 0, "culture": 0}


def test_with_two_tokens_on_a_track_either_may_take_the_advance_turn() -> None:
    """General rules, several markers on a track (after AI Singularity): any may advance."""
    m = at(
        {"players": [me(resources={"worker": 1, "coin": 1}, tracks={"science": [3, 0]}, maxed=[]), NOBODY]}
    )
    answer(m, "advance:science")
    assert prompt(m).key == "tapestry.prompt.which_token"
    assert ids(m) == ["token:0", "token:3"]
    answer(m, "token:0")  # Astronomy's research: decline it
    until(m, "tapestry.prompt.research_advance")
    answer(m, "no")
    finish_turn(m)
    assert sorted(game(m).players[0].tracks["science"]) == [1, 3]


def test_relative_position_uses_the_most_advanced_token() -> None:
    """General rules: with several markers on a track, only the most advanced one counts for
    relative position (a tier requirement here)."""
    m = at({"players": [me(tech={"Zeppelins": 1}, tracks={"exploration": [0, 5]}), NOBODY]})
    assert game(m).upgradable(0) == ["Zeppelins"]


def test_an_empty_space_tile_stack_gives_no_space_tile() -> None:
    """Exploration FAQ: space tiles are limited; when they run out nobody gains one."""
    m = at({"players": [me(resources={"food": 2}, tracks={"exploration": 10}), NOBODY]})
    game(m).space_stack = []
    events = answer(m, "advance:exploration")  # Interstellar Travel: 3 space tiles, explore one
    finish_turn(m)
    p = game(m).players[0]
    assert p.space == [] and p.explored_space == []
    assert [e.data.get("what") for e in events if e.kind == "none_left"] == ["space_tile"] * 3


def test_gaining_a_building_takes_the_leftmost_and_uncovers_its_innovation() -> None:
    """Buildings: a gained income building is the leftmost of its row, uncovering the next space
    (here Currency, which the Treasury needs)."""
    m = at({"players": [me(resources={"coin": 2}, tracks={"technology": 1}, tech={"Treasury": 1}), NOBODY]})
    g = game(m)
    assert g.upgradable(0) == []
    answer(m, "advance:technology")  # Carpentry; bonus: a resource for a market
    until(m, "tapestry.prompt.bonus")
    answer(m, "res:coin")
    finish_turn(m)
    assert g.players[0].on_mat["market"] == 4 and g.players[0].placed["market"] == 1
    assert g.upgradable(0) == ["Treasury"]


def test_a_building_with_room_must_be_placed_in_the_capital() -> None:
    """Buildings FAQ: with room in the capital a gained building must be placed (no setting aside)."""
    m = at({"players": [me(resources={"food": 1}, tracks={"exploration": 2}), NOBODY]})
    answer(m, "advance:exploration")
    answer(m, "b1")  # Wagons: the farm
    assert prompt(m).key == "tapestry.prompt.place_building"
    assert ids(m) and all(o.startswith("plot:") for o in ids(m))


def test_benefits_without_a_printed_order_are_resolved_in_the_order_chosen() -> None:
    """Advancement FAQ: a space's benefits come in any order unless the reference gives one
    (Cavalry: conquer and an armory)."""
    m = at({"players": [me(resources={"culture": 1, "coin": 1}, tracks={"military": 4}), NOBODY]})
    answer(m, "advance:military")
    assert prompt(m).key == "tapestry.prompt.benefit_order"
    assert prompt(m).params["choices"] == ["conquer", "armory"]
    answer(m, "b1")  # the armory first
    assert prompt(m).key == "tapestry.prompt.place_building"


def test_toppled_outposts_of_different_opponents_add_up_for_the_achievement() -> None:
    """Achievements: the two toppled outposts may belong to the same or different opponents."""
    sites = [
        {"hex": [-3, -3], "pieces": [[1, False, "outpost"], [0, True, "outpost"]]},
        {"hex": [-1, -2], "pieces": [[2, True, "outpost"]]},
    ]
    players = [me(resources={"coin": 1}, outposts=6), NOBODY, me(resources={"coin": 1}, outposts=7)]
    m = at({"players": players, "sites": sites}, players=3)
    answer(m, "advance:military")
    answer(m, "hex:-1.-2")
    answer(m, "no")
    finish_turn(m)
    g = game(m)
    assert g.players[0].achievements == ["topple"] and g.achievement_vp["topple"] == [5]


# ------------------------------------------------------------------------------------ solo
def test_the_automa_scores_before_laying_the_top_tapestry_card_face_down() -> None:
    """Automa income turns: VP from the leftmost multiplier column no card covers yet, then the
    top card of the tapestry deck goes face down on the leftmost empty era space."""
    from engine.games.tapestry.automa import income
    from tests.engine.tapestry.automa.helpers import game as solo_game
    from tests.engine.tapestry.automa.helpers import run, solo

    person = {"income_turns": 1, "resources": {"coin": 2}}
    g = solo_game(solo(1, 0, {"players": [person]}))
    a = g.players[g.automa]
    for bot in g.bots:
        g.players[bot].income_turns = 1
    a.tracks.update({"exploration": [2], "technology": [1], "military": [3], "science": [0]})
    top = g.tapestry_deck[-1]
    g.take_events()
    run(income.solo_income(g, "deck"))
    events = g.take_events()
    kinds_ = [e.kind for e in events]
    assert kinds_.index("automa_vp") < kinds_.index("automa_mat_card")
    vp = next(e for e in events if e.kind == "automa_vp").data
    # income turn 2 (level 1, normal mat): x1 territories and landmarks, x0 military and science,
    # x1 exploration and technology
    assert vp["column"] == 0 and vp["multipliers"] == [1, 0, 1]
    assert vp["vp"] == 1 * len(g.controlled(g.automa)) + 0 * 3 + 1 * 3
    assert a.mat[1] == [[top, False]] and a.income_turns == 2


def island_conquest(attacker_hand: list[str], defender_hand: list[str]) -> Match:
    """Seat 0 attacks seat 1's middle island from a territory next to it (counter-trap cards on)."""
    from engine.games.tapestry import GAME
    from tests.engine.tapestry.module_sets import options

    opts = GAME.normalize_options(options("counter_traps"), 2)
    sites = [
        {"hex": [-1, -1], "tile": 5, "pieces": [[0, True, "outpost"]]},
        {"hex": [0, 0], "pieces": [[1, True, "outpost"]]},
    ]
    players = [
        me(resources={"coin": 1}, outposts=7, hand=attacker_hand),
        me(resources={"coin": 1}, outposts=7, hand=defender_hand),
    ]
    m = Match.from_position(
        "tapestry", seats(2), opts, 0, {"skip_setup": True, "players": players, "sites": sites}
    )
    answer(m, "advance:military")
    answer(m, "hex:0.0")
    return m


def test_a_response_card_on_the_middle_island_denies_its_achievement() -> None:
    """Military rules (PP FF): a response card the defender discards to topple your outpost on
    the middle island denies the achievement, as a Trap does."""
    m = island_conquest([], ["test_ambush"])
    answer(m, "resp:test_ambush")
    finish_turn(m)
    g = game(m)
    assert g.sites[(0, 0)].controller() == 1 and g.players[0].achievements == []
    assert g.achievement_vp["island"] == [10, 5]


def test_a_countered_trap_on_the_middle_island_leaves_the_achievement() -> None:
    """Military rules (PP): a Trap cancelled by a counter-trap fails, so the conquest of the middle
    island stands and earns its achievement."""
    m = island_conquest(["test_counter"], ["trap"])
    answer(m, "trap")
    assert prompt(m).key == "tapestry.prompt.counter_trap"
    answer(m, "resp:test_counter")
    finish_turn(m)
    g = game(m)
    assert g.sites[(0, 0)].controller() == 0
    assert g.players[0].achievements == ["island"] and g.achievement_vp["island"] == [5]


def test_a_civilization_gained_mid_game_goes_left_and_brings_no_adjustment() -> None:
    """General rules and civilization adjustments: a civilization gained later is placed to the
    left of the others, and no adjustment applies to it."""
    from engine.games.tapestry import effects

    m = at({"players": [me(civs=["leaders"], resources={"coin": 1}), NOBODY]})
    g = game(m)
    g.civ_deck.append("alchemists")  # the top of the deck
    drive(effects.token(g, 0, "civ"), [])
    p = g.players[0]
    assert p.civs == ["alchemists", "leaders"]
    assert p.vp == 0 and p.res == {"coin": 1, "worker": 0, "food": 0, "culture": 0}


def test_a_building_beside_a_full_capital_still_counts_as_yours() -> None:
    """Buildings FAQ: with no room the building stands beside the capital and still counts (Cars:
    1 VP per farm you have)."""
    grid = ["#########"] * 9
    m = at(
        {
            "players": [
                me(
                    resources={"food": 1, "coin": 2}, tracks={"exploration": 7}, grid=grid, on_mat={"farm": 4}
                ),
                NOBODY,
            ]
        }
    )
    answer(m, "advance:exploration")
    finish_turn(m)
    p = game(m).players[0]
    assert p.beside == ["farm"] and p.placed["farm"] == 2
    assert p.vp == 2
