"""One scenario per entry of AUTOMA_RULINGS.md not already pinned in test_automa_rules.py, the
server data set of open values, the lobby options, and the two-people Shadow Empire game."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from engine.core.errors import InvalidSetup
from engine.core.match import Match
from engine.core.registry import get_game
from engine.core.seats import SeatSpec
from engine.games.tapestry import tapestries
from engine.games.tapestry.automa import data as adata
from engine.games.tapestry.automa import datasets, income
from engine.games.tapestry.automa.game import AutomaGame
from engine.games.tapestry.data import TRACKS
from tests.engine.tapestry.automa.helpers import duo, game, run, solo
from tests.engine.tapestry.automa.test_automa_rules import answering, fresh

MYAUTOMA_HARD = {
    "territories_and_landmarks": [2, 3, 3, 4],
    "military_and_science": [1, 2, 2, 3],
    "exploration_and_technology": [2, 2, 3, 4],
    "first_to_era_vp": {2: 4, 3: 4, 4: 5},
}


def server_file(**changes: Any) -> str:
    raw = yaml.safe_load(adata.open_values_text())
    for path, value in changes.items():
        node = raw
        keys = path.split("__")
        for k in keys[:-1]:
            node = node[int(k) if k.isdigit() else k]
        node[int(keys[-1]) if keys[-1].isdigit() else keys[-1]] = value
    return yaml.safe_dump(raw)


# ------------------------------------------------------------------ 1-2: the server data set
def test_the_data_set_is_declared_and_checked() -> None:
    d = get_game("tapestry")
    ds = next(x for x in d.data_sets if x.kind == "automa_rules")  # Arts & Architecture and the modules declare theirs too
    assert (ds.kind, ds.option) == ("automa_rules", "automa_rules")
    assert ds.applies({"opponent": "automa"}) and ds.applies({"opponent": "shadow"}) and not ds.applies({})
    assert ds.check(adata.open_values_text()) == []
    assert (
        ds.check("mats: 3") and ds.check("[") and ds.check(server_file(mats__normal__first_to_era_vp={2: 1}))
    )
    assert d.automa[0].uses == (datasets.KIND,) and d.automa[0].levels == (1, 2, 3, 4, 5, 6)


def test_the_unofficial_values_are_named() -> None:
    assert adata.default_open_values().unofficial() == [
        "first_income_advances (unofficial)",
        "mats.hard (disputed)",
    ]
    official = server_file(first_income_advances__source="official", mats__hard__source="official")
    assert adata.parse_open_values(official).unofficial() == []


def test_a_server_file_changes_the_first_income_advances() -> None:
    text = server_file(first_income_advances__levels__2__you=["science", "science"])
    g = game(solo(2, 0, {"players": [{"income_turns": 1, "resources": {"coin": 2}}]}, automa_rules=text))
    g.players[0].income_turns = 0
    g.take_events()
    answering(g.income_turn(0))
    assert [e.data["track"] for e in g.take_events() if e.kind == "automa_level_advance"] == [
        "science",
        "science",
    ]


def test_a_server_file_changes_the_hard_mat() -> None:
    text = server_file(mats__hard=dict(MYAUTOMA_HARD, source="unofficial"))
    g = game(solo(5, 0, {"players": [{"income_turns": 1, "resources": {"coin": 2}}]}, automa_rules=text))
    for i in range(3):
        g.players[g.automa].mat[i + 1].append(["academia", False])
    g.take_events()
    income.score(g, 5)
    assert next(e for e in g.take_events() if e.kind == "automa_vp").data["multipliers"] == [4, 3, 4]


# ------------------------------------------------------------------ 3: the person's effects
def test_gifts_never_reach_the_bots() -> None:
    g = fresh()
    before = [(sum(p.res.values()), list(p.tiles), dict(p.tech)) for p in g.players[1:]]
    answering(tapestries.diplomacy(g, 0))
    answering(tapestries.coal_baron(g, 0))
    answering(tapestries.steam_tycoon(g, 0))
    assert [(sum(p.res.values()), list(p.tiles), dict(p.tech)) for p in g.players[1:]] == before


def test_age_of_discovery_moves_the_bots_without_benefit() -> None:
    g = fresh()
    answering(tapestries.age_of_discovery(g, 0))
    events = g.take_events()
    track = next(e.data["face"] for e in events if e.kind == "roll")
    assert [g.players[b].pos(track) for b in g.bots] == [1, 1]
    assert not [e for e in events if e.kind.startswith("automa_hex")]


def test_the_bots_count_as_neighbours_for_the_era_bonus() -> None:
    g = fresh()
    assert g.neighbours(0) == [1, 2] and g.opponents(0) == [1, 2]
    g.players[g.automa].income_turns = 2
    assert not all(g.players[o].income_turns < 2 for o in g.neighbours(0))


def test_a_bot_declines_every_offer_and_takes_defaults() -> None:
    g = fresh()
    assert run(g.confirm(g.automa, "tapestry.prompt.free_bonus")) is False


# ------------------------------------------------------------------ 4: two people + the Shadow
def test_shadow_game_setup_and_seats() -> None:
    m = duo(3)
    g = game(m)
    while m.prompts() and m.prompts()[0].key == "tapestry.prompt.setup":
        for p in m.prompts():
            m.submit(p.seat, p.default or (p.options[0].id,))
    assert (g.mode, g.automa, g.shadow, g.bots, g.n) == ("shadow", -1, 2, [2], 3)
    assert sorted(g.deck + g.discard + g.pair) == list(range(1, 13)) and g.progress == []
    assert "alliance" in g.tapestry_deck + [c for p in g.players for c in p.hand]
    assert g.favorite[g.shadow] in TRACKS


def test_shadow_game_the_shadow_moves_alone_and_income_on_an_empty_deck() -> None:
    g = game(
        duo(
            0,
            {
                "players": [{"income_turns": 1, "resources": {"coin": 3}}, {"income_turns": 1}],
                "automa": {
                    "deck": [1, 2, 4, 5, 7, 8, 9, 10, 11, 12, 6, 3],
                    "players": {"2": {"income_turns": 1}},
                },
            },
        )
    )
    g.take_events()
    run(g.take_turn(g.shadow))
    moves = [e.data for e in g.take_events() if e.kind == "automa_track"]
    assert [m["bot"] for m in moves] == ["shadow"]
    g.discard.extend(g.deck)  # the rest of the deck was played
    g.deck = []
    run(g.take_turn(g.shadow))
    events = g.take_events()
    assert any(e.kind == "income_turn" and e.data["why"] == "empty_deck" for e in events)
    assert len(g.deck) == 12


def test_shadow_game_landmarks_go_out_of_play() -> None:
    g = game(
        duo(
            0,
            {
                "players": [{"income_turns": 1, "resources": {"coin": 3}}, {"income_turns": 1}],
                "automa": {"players": {"2": {"tracks": {"science": 3}}}},
            },
        )
    )
    run(g.advance(g.shadow, "science", "benefit"))
    assert g.players[g.shadow].landmarks == ["Apothecary"] and g.players[g.shadow].vp == 0


def test_shadow_game_ends_with_the_people() -> None:
    m = duo(1)
    from tests.engine.tapestry.helpers import play

    play(m, 1)
    g = game(m)
    r = m.result()
    assert r is not None and len(r.scores) == 2 and g.players[g.shadow].finished
    assert r.details["shadow"]["landmarks"] == g.players[g.shadow].landmarks


def test_dictatorship_closes_a_track_to_the_shadow() -> None:
    from engine.games.tapestry.automa import turns
    from engine.games.tapestry.automa.data import cards

    g = game(
        duo(
            0,
            {
                "players": [{"income_turns": 1, "resources": {"coin": 3}}, {"income_turns": 1}],
                "automa": {"shadow_favorite": "military"},
            },
        )
    )
    g.blocks.append(("military", 0, g.players[0].turns + 2))
    track, valid, _ = turns.choose_track(g, g.shadow, "all", cards()[7])
    assert "military" not in valid and track != "military"
    assert run(g.advance(g.shadow, "military", "none")) is False


# ------------------------------------------------------------------ 5: first player
def test_solo_first_player_is_the_person_or_the_pair() -> None:
    firsts = set()
    for seed in range(12):
        m = solo(2, seed)
        p = m.prompts()[0]
        m.submit(p.seat, p.default or (p.options[0].id,))
        firsts.add(game(m).first)
    assert firsts == {0, 1}


# ------------------------------------------------------------------ lobby options
@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"opponent": "automa"}),
        (1, {"opponent": "shadow"}),
        (1, {}),
        (1, {"opponent": "automa", "automa_level": 7}),
        (1, {"opponent": "automa", "automa_level": 6}),
        (1, {"opponent": "automa", "automa_level": 3, "automa_second_civ": "engineers"}),
        (2, {"opponent": "shadow", "automa_level": 3}),
        (2, {"automa_level": 3}),
        (1, {"opponent": "automa", "automa_rules": "mats: 1"}),
        (1, {"opponent": "nightweave"}),
    ],
)
def test_bad_lobby_options_are_refused(players: int, options: dict[str, Any]) -> None:
    seats = [SeatSpec("bot", f"B{i}", "random") for i in range(players)]
    with pytest.raises(InvalidSetup):
        Match("tapestry", seats, options, 1)


def test_options_are_canonical() -> None:
    d = get_game("tapestry")
    assert d.normalize_options({"opponent": "automa"}, 1) == {"opponent": "automa", "automa_level": 2}
    assert d.normalize_options({"opponent": "none"}, 3) == {}
    assert d.parse_options(
        {"opponent": "automa", "automa_level": "6", "automa_second_civ": "scientists"}, 1
    ) == {
        "opponent": "automa",
        "automa_level": 6,
        "automa_second_civ": "scientists",
    }
    assert isinstance(game(solo(3, 0)), AutomaGame)
