"""Civilizations: starting adjustments, income-turn abilities and passive abilities."""

from __future__ import annotations

from typing import Any

from engine.core.match import Match
from engine.games.tapestry import civs
from tests.engine.tapestry.helpers import answer, at, game, ids, prompt, seats, until

RICH = {"coin": 3, "worker": 3, "food": 3, "culture": 3}


def income_with(civ: str, me: dict[str, Any] | None = None, other: dict[str, Any] | None = None, **pos: Any) -> Match:
    """Seat 0 (holding `civ`) takes its second income turn; seat 1 is already in era 2."""
    # Wartime Economy does nothing when laid, so only the civilization changes the state
    spec = {"income_turns": 1, "civs": [civ], "hand": ["wartime_economy"], "resources": dict(RICH), **(me or {})}
    rival = {"income_turns": 2, "resources": dict(RICH), **(other or {})}
    m = at({"players": [spec, rival], **pos})
    answer(m, "income")
    if prompt(m).key == "tapestry.prompt.play_tapestry":  # asked after the civilization's step
        answer(m, "card:wartime_economy")
    return m


class FixedRolls:
    """Dice that roll the given faces in order."""

    def __init__(self, faces: list[str]) -> None:
        self.faces = list(faces)

    def choice(self, seq: Any) -> Any:
        return self.faces.pop(0)


def run(flow: Any) -> None:
    """Run a rules flow that asks nothing."""
    for _ in flow:
        raise AssertionError("the flow asked a question")


def test_the_chosen_start_with_fifteen_vp_per_opponent() -> None:
    some = {"coin": 1}
    m = at({"players": [{"civs": ["the_chosen"], "income_turns": 1, "resources": some}, {"income_turns": 1}, {"income_turns": 1}]}, players=3)
    g = game(m)
    run(civs.adjust(g, 0))
    assert g.players[0].vp == 30


def test_futurists_start_four_spaces_up_every_track_without_landmarks() -> None:
    m = at({"players": [{"civs": ["futurists"], "income_turns": 1}, {"income_turns": 1}]})
    g = game(m)
    assert g.players[0].tracks == {t: [4] for t in ("exploration", "science", "military", "technology")}
    assert "Lighthouse" in g.available_landmarks and g.players[0].landmarks == []


def test_futurists_lose_a_culture_and_a_resource_after_the_first_income_turn() -> None:
    m = at({"players": [{"civs": ["futurists"], "income_turns": 0}, {"income_turns": 0}]})
    # income turn 1 ran; losses wait for the end of it: the culture first (no choice), then any
    assert prompt(m).key == "tapestry.prompt.lose_resource"
    answer(m, "res:coin")
    p = game(m).players[0]
    assert p.res["culture"] == 1 + 1 - 1 and p.res["coin"] == 1 + 1 - 1  # start gift + income - loss


def test_leaders_advance_with_benefit_but_no_bonus() -> None:
    m = income_with("leaders", {"tracks": {"technology": 1}})
    assert prompt(m).key == "tapestry.prompt.leaders"
    answer(m, "track:technology")  # Carpentry: a tapestry card, its bonus not offered
    g = game(m)
    assert g.players[0].tracks["technology"] == [2] and prompt(m).key != "tapestry.prompt.bonus"
    assert g.players[0].civ["leaders:used"] == ["technology"]


def test_militants_conquer_with_outposts_from_their_mat_and_gain_what_they_uncover() -> None:
    m = at({"players": [{"civs": ["militants"], "income_turns": 1, "resources": {"coin": 1}}, {"income_turns": 1}]})
    g = game(m)
    assert g.players[0].outposts == 0 and civs.mat_outposts(g, 0) == 8
    answer(m, "advance:military")
    answer(m, ids(m)[0])  # a territory
    assert prompt(m).key == "tapestry.prompt.militants_outpost"
    answer(m, "row:0")
    assert g.players[0].civ["militants:rows"] == [3, 4]


def test_militants_gain_uncovered_spaces_each_income_turn() -> None:
    m = income_with("militants", civ_state=None)
    g = game(m)
    g.players[0].civ["militants:rows"] = [2, 4]
    flow = civs.militants(g, 0)
    run(flow)
    assert g.players[0].vp == 2 and g.players[0].res["coin"] >= 1  # coin and 2 VP uncovered


def test_alchemists_bust_on_a_repeat_and_take_a_resource() -> None:
    m = at({"players": [{"civs": ["alchemists"], "income_turns": 1, "resources": {"coin": 1}}, {"income_turns": 1}]})
    g = game(m)
    g.rng = FixedRolls(["science", "military", "science"])  # type: ignore[assignment]
    flow = civs.alchemists(g, 0)
    asked = next(flow)
    rolls = 0
    while True:
        spec = asked.specs[0]
        if spec.key == "tapestry.prompt.any_resource":
            break
        rolls += 1
        try:
            asked = flow.send({0: ("yes",)})  # keep rolling until a repeat busts
        except StopIteration:
            raise AssertionError("four different tracks without a bust") from None
    assert rolls == 2 and all(t == [0] for t in g.players[0].tracks.values())


def test_isolationists_score_the_largest_group_of_one_terrain() -> None:
    # tiles 8 and 12 share mountains and deserts; side by side beside the start hex
    sites = [
        {"hex": [-1, -1], "tile": 8, "pieces": [[0, True, "outpost"]]},
        {"hex": [-1, 0], "tile": 12, "pieces": [[0, True, "outpost"]]},
    ]
    m = at({"players": [{"civs": ["isolationists"], "income_turns": 1}, {"income_turns": 1}], "sites": sites})
    g = game(m)
    assert civs.isolation_group(g, 0) == 2
    g.sites[(-1, 0)].pieces = [[1, True, "outpost"]]
    assert civs.isolation_group(g, 0) == 1


def test_architects_score_an_extra_vp_for_a_row_of_one_building_type() -> None:
    grid = ["FFFFFFFFF", "MFMFMFMFM"] + ["........."] * 7
    m = at({"players": [{"civs": ["architects"], "income_turns": 1, "grid": grid}, {"income_turns": 1}]})
    g = game(m)
    from engine.games.tapestry import scoring

    assert scoring.count(g, 0, "capital") == 2 + 1


def test_craftsmen_put_buildings_on_their_mat_and_gain_what_they_cover() -> None:
    m = at({"players": [{"civs": ["craftsmen"], "income_turns": 1, "resources": {"food": 1}, "tracks": {"exploration": 2}}, {"income_turns": 1}]})
    answer(m, "advance:exploration")
    answer(m, "b1")  # a farm
    assert prompt(m).key == "tapestry.prompt.building_where"
    answer(m, "craft:0")  # first column, lowest space: a worker
    g = game(m)
    assert g.players[0].res["worker"] == 1 and g.players[0].placed["farm"] == 1
    assert all("F" not in row for row in m.view(0)["players"][0]["grid"])


def test_nomads_may_claim_an_empty_territory_with_a_building() -> None:
    m = at({"players": [{"civs": ["nomads"], "income_turns": 1, "resources": {"food": 1}, "tracks": {"exploration": 2}}, {"income_turns": 1}]})
    answer(m, "advance:exploration")
    answer(m, "b1")
    assert prompt(m).key == "tapestry.prompt.building_where"
    claim = next(i for i in ids(m) if i.startswith("claim:"))
    answer(m, claim)
    g = game(m)
    x, y = (int(v) for v in claim[6:].split("."))
    assert g.sites[(x, y)].controller() == 0 and g.players[0].placed["farm"] == 1


def test_historians_gain_when_an_opponent_with_their_token_takes_a_landmark() -> None:
    m = at({"players": [{"civs": ["historians"], "income_turns": 1}, {"income_turns": 1, "resources": {"food": 2}, "tracks": {"exploration": 3}}]})
    g = game(m)
    g.players[0].civ["historians:left"] = 3
    g.players[0].civ["historians:given"] = [0, 1]
    g.current = 1
    run(civs.on_landmark(g, 1, "Lighthouse"))
    assert g.players[0].vp == 3  # the first uncovered square


def test_inventors_upgrade_an_opponents_card_and_share_the_benefit() -> None:
    m = income_with("inventors", other={"tech": {"Calendar": 0}})
    assert prompt(m).key == "tapestry.prompt.inventors"
    events = answer(m, "mark:1:Calendar")
    g = game(m)
    assert g.players[1].tech == {"Calendar": 1}
    gains = [(e.seat, e.data["what"]) for e in events if e.kind == "gain"]
    assert gains[:2] == [(1, "culture"), (0, "culture")]  # Calendar's circle, owner first


def test_traders_score_for_neighbouring_opponent_territories() -> None:
    sites = [{"hex": [-1, -1], "tile": 5}, {"hex": [0, -1], "tile": 7, "pieces": [[1, True, "outpost"]]}]
    m = income_with("traders", sites=sites)
    answer(m, "empty:-1.-1")
    g = game(m)
    assert g.sites[(-1, -1)].tokens == [0] and g.players[0].vp == 1


def test_mystics_score_ten_per_exact_prediction() -> None:
    state = {"mystics:tech": 0, "mystics:districts": 0, "mystics:territories": 1, "mystics:tracks": 3}
    m = at({"players": [{"civs": ["mystics"], "income_turns": 1, "civ_state": state}, {"income_turns": 1}]})
    g = game(m)
    run(civs.final_income(g, 0))
    assert g.players[0].vp == 30  # tech 0, districts 0, one territory (the start): three exact


def test_entertainers_move_along_the_stage_and_gain() -> None:
    m = income_with("entertainers")
    assert prompt(m).key == "tapestry.prompt.entertainers"
    assert ids(m) == ["slot:2", "slot:3", "slot:4", "slot:5"]
    events = answer(m, "slot:2")
    assert next(e for e in events if e.kind == "gain").data == {"what": "worker", "count": 1}


def test_merrymakers_move_one_token_up() -> None:
    m = income_with("merrymakers")
    answer(m, "col:2")
    g = game(m)
    assert g.players[0].vp == 5 and g.players[0].civ["merrymakers:at"] == [0, 0, 1]


def test_heralds_copy_a_face_up_when_played_card() -> None:
    m = income_with("heralds")
    assert prompt(m).key != "tapestry.prompt.heralds"  # nothing face up to copy yet
    m = at({"players": [{"civs": ["heralds"], "income_turns": 1, "hand": ["renaissance"], "resources": dict(RICH)}, {"income_turns": 2, "resources": dict(RICH)}]})
    game(m).players[1].mat[1].append(["trap", True])
    answer(m, "income")
    answer(m, next(i for i in ids(m) if i.startswith("copy:")))
    assert game(m).players[0].vp == 10


def test_the_chosen_score_tracks_they_lead() -> None:
    m = income_with("the_chosen", {"tracks": {"exploration": 2, "science": 1}}, {"tracks": {"science": 3}})
    g = game(m)
    # leading exploration, tied military and technology: 3 tracks x 1 opponent
    assert g.players[0].vp == 3
    until(m, "tapestry.prompt.turn")


def test_without_adjustments_the_chosen_start_with_nothing_and_futurists_lose_nothing() -> None:
    seats3 = [{"civs": ["the_chosen"], "income_turns": 1, "resources": {"coin": 1}}, {"income_turns": 1}, {"income_turns": 1}]
    m = Match.from_position("tapestry", seats(3), {"no_civ_adjustments": True}, 0, {"skip_setup": True, "players": seats3})
    g = game(m)
    run(civs.adjust(g, 0))
    assert g.players[0].vp == 0
    futurists = [{"civs": ["futurists"], "income_turns": 0}, {"income_turns": 0}]
    m = Match.from_position("tapestry", seats(2), {"no_civ_adjustments": True}, 0, {"skip_setup": True, "players": futurists})
    p = game(m).players[0]
    assert p.income_turns == 1 and prompt(m).key != "tapestry.prompt.lose_resource"
    assert p.res["culture"] == 1 + 1  # start gift + income, nothing lost
