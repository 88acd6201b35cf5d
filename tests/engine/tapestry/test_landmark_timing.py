"""A track landmark may be placed at once or at the end of the turn (our rulebook, advance turn)."""

from __future__ import annotations

from engine.games.tapestry.game import DEFER
from tests.engine.tapestry.helpers import answer, at, game, ids, prompt, until

NOBODY = {"income_turns": 1}
FULL = "FFFFFFFFF"


def me(**spec: object) -> dict[str, object]:
    return {"income_turns": 1, **spec}


def test_deferring_places_the_landmark_after_the_benefit_at_the_end_of_the_turn() -> None:
    m = at(
        {"players": [me(resources={"worker": 2}, tracks={"science": 3}), NOBODY], "tapestry_deck": ["trap"]}
    )
    answer(m, "advance:science")
    assert prompt(m).key == "tapestry.prompt.place_landmark"
    assert ids(m)[-1] == DEFER and all(i.startswith("lm:") for i in ids(m)[:-1])
    events = answer(m, DEFER)
    g = game(m)
    p = g.players[0]
    # gained now (nobody else can take it), placed later; Medicine's card came in between
    assert p.landmarks == ["Apothecary"] and "Apothecary" not in g.available_landmarks
    assert [e.kind for e in events].index("landmark_deferred") < [e.kind for e in events].index(
        "drew_tapestry"
    )
    assert p.hand == ["trap"]
    assert prompt(m).key == "tapestry.prompt.place_landmark" and prompt(m).seat == 0
    assert DEFER not in ids(m)  # the end of the turn is the last chance
    assert m.view(1)["players"][0]["deferred_landmarks"] == ["Apothecary"]  # public, like the gain
    answer(m, "lm:0.2.0")
    assert p.deferred == [] and p.landmark_spots == [["Apothecary", 0, 2, 0]]
    assert prompt(m).seat == 1  # the next turn began


def test_a_deferred_landmark_completing_a_district_still_gives_its_resource() -> None:
    grid = ["..FFFFFFF", "..FFFFFFF", "FFFFFFFFF", *[FULL] * 6]
    m = at(
        {
            "players": [me(resources={"worker": 2}, tracks={"science": 3}, grid=grid), NOBODY],
            "tapestry_deck": ["trap"],
        }
    )
    answer(m, "advance:science")
    answer(m, DEFER)
    assert "lm:0.0.0" in ids(m)
    answer(m, "lm:0.0.0")
    assert prompt(m).key == "tapestry.prompt.any_resource"
    answer(m, "res:coin")
    assert game(m).players[0].res["coin"] == 1 and 0 in game(m).players[0].districts


def test_with_a_single_spot_the_landmark_is_placed_at_once_without_asking() -> None:
    grid = [".FFFFFFFF", *[FULL] * 8]
    m = at(
        {
            "players": [me(resources={"worker": 2}, tracks={"science": 3}, grid=grid), NOBODY],
            "tapestry_deck": ["trap"],
        }
    )
    events = answer(m, "advance:science")
    assert any(e.kind == "build" and e.data.get("what") == "Apothecary" for e in events)
    assert "landmark_deferred" not in [e.kind for e in events]
    assert game(m).players[0].landmark_spots == [["Apothecary", -1, -1, 0]]


def test_with_no_room_the_landmark_stands_beside_the_capital_at_once() -> None:
    m = at(
        {
            "players": [me(resources={"worker": 2}, tracks={"science": 3}, grid=[FULL] * 9), NOBODY],
            "tapestry_deck": ["trap"],
        }
    )
    events = answer(m, "advance:science")
    assert [e.kind for e in events].count("beside_capital") == 1
    assert game(m).players[0].beside == ["Apothecary"]


def test_several_deferred_landmarks_are_placed_in_the_order_the_player_chooses() -> None:
    # Quantum Physics: two advances, military 3 -> 4 (Barracks) and technology 3 -> 4 (Forge)
    pos = {
        "players": [
            me(resources={"worker": 2}, tracks={"science": 10, "military": 3, "technology": 3}),
            NOBODY,
        ]
    }
    m = at(pos)
    answer(m, "advance:science")
    for _ in range(2):
        p = until(m, "tapestry.prompt.place_landmark")
        assert DEFER in ids(m), p.params
        answer(m, DEFER)
    order = until(m, "tapestry.prompt.deferred_landmark")
    assert sorted(ids(m)) == ["landmark:Barracks", "landmark:Forge"] and order.seat == 0
    answer(m, "landmark:Forge")
    assert prompt(m).key == "tapestry.prompt.place_landmark" and prompt(m).params == {"landmark": "Forge"}
    answer(m, *(prompt(m).default or ()))
    # the last one needs no order question
    assert prompt(m).params == {"landmark": "Barracks"} and DEFER not in ids(m)
    answer(m, *(prompt(m).default or ()))
    g = game(m)
    assert [s[0] for s in g.players[0].landmark_spots] == ["Forge", "Barracks"]
    assert prompt(m).seat == 1


def test_a_landmark_tech_card_is_placed_as_its_benefit_with_no_deferral() -> None:
    m = at({"players": [me(tech={"Bakery": 1}, on_mat={"farm": 0}), NOBODY]})
    until(
        m,
        "tapestry.prompt.upgrade",
        policy=lambda p: ("income",) if p.key == "tapestry.prompt.turn" else p.default or (),
    )
    answer(m, "tech:Bakery")
    assert prompt(m).key == "tapestry.prompt.place_landmark"
    assert DEFER not in ids(m)


def test_a_landmark_gained_on_an_opponents_turn_waits_for_the_end_of_that_turn() -> None:
    rich = {"coin": 5, "worker": 5, "food": 5, "culture": 5}
    m = at(
        {
            "players": [
                {"income_turns": 1, "hand": ["oil_magnate"], "resources": rich},
                {"income_turns": 2, "tracks": {"military": 3}, "resources": {"coin": 1}},
            ]
        }
    )
    answer(m, "income")
    answer(m, "card:oil_magnate")
    answer(m, "track:military")
    p = until(m, "tapestry.prompt.place_landmark")
    assert p.seat == 1 and DEFER in ids(m)
    answer(m, DEFER)
    g = game(m)
    assert g.players[1].deferred == ["Barracks"]
    # seat 0 finishes the income turn; then seat 1 places it, before its own turn
    p = until(m, "tapestry.prompt.place_landmark")
    assert p.seat == 1 and DEFER not in ids(m) and g.players[0].income_turns == 2
    assert g.current == 0
    answer(m, *(p.default or ()))
    assert g.players[1].deferred == [] and [s[0] for s in g.players[1].landmark_spots] == ["Barracks"]
    assert prompt(m).seat == 1 and prompt(m).key == "tapestry.prompt.turn"
