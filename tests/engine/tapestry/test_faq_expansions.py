"""The rulebook's FAQ rulings on the expansions (digest §6.8, numbered as in its FAQ pages) and the
track reference FAQs on them: where each is pinned, and the scenarios no other module holds.

Index (FAQ -> test; the first test of a line is the one that pins the ruling):

* 3 (F&F: income turn 5 uses the reserved items; Elders and Mermaids go on playing) ->
  test_modules.py::test_a_reserved_farm_leaves_the_mat_now_and_is_built_at_income_turn_five,
  test_civs_expansion.py::test_elder_ones_play_on_after_the_fifth_income_turn_with_ten_vp_landmarks,
  test_civs_expansion.py::test_merfolk_cards_return_at_income_five_and_they_play_on
* 9 and 10 (A&A: with the capital full, a free plot of a card must take the building) ->
  test_faq_expansions.py::test_faq9_10_a_full_capital_sends_the_building_to_a_cards_free_plot
* 14 (F&F: the Inventors take a single-use card flipped) ->
  test_tech_ff.py::test_inventors_stealing_a_single_use_card_take_it_flipped
* 17 (P&P: the Recyclers' move back is its own upgrade) ->
  test_civs_expansion.py::test_recyclers_move_a_top_row_card_back_for_five_vp
* 18 (A&A: Urban Planners' waiting landmarks, two in one turn) ->
  test_civs_expansion.py::test_urban_planners_may_build_two_waiting_landmarks_in_one_turn
* 19 (F&F: a card giving two draws to the Psionics: draw 2 keep 1, twice) ->
  test_faq_expansions.py::test_faq19_psionics_draw_two_keep_one_for_each_gain_of_a_card
* 20 (F&F: Werefolk explore only after a real regress) ->
  test_civs_expansion.py::test_werefolk_face_up_with_every_token_at_the_start_only_score
* 27 (P&P: Trap, counter-trap and a conquest response never all in one turn) ->
  test_modules.py::test_faq_27_after_a_counter_trap_the_defender_has_no_further_answer
* 29 (A&A: Espionage copying a card does not take its landmark) ->
  test_faq_expansions.py::test_faq29_copying_a_card_never_takes_its_landmark
* 30 (A&A: buildings and landmarks on a card's plots, the landmark off its grid) ->
  test_modules.py::test_buildings_and_landmarks_may_stand_on_a_cards_plots
* 31 (A&A: Dark Ages with the Arts track) ->
  test_arts.py::test_dark_ages_with_the_arts_track_regresses_three_and_advances_one_of_the_other_two
* 32 (F&F: a reserving card laid in era 5 builds at once) ->
  test_modules.py::test_a_reserving_card_laid_in_era_five_builds_at_once
* 33 (F&F: Age of Sail with the Psionics: draw 2 keep 1, three times) ->
  test_faq_expansions.py::test_faq33_age_of_sail_with_the_psionics_keeps_one_of_two_three_times
* track reference (A&A): Arts tier II costs two different resources ->
  test_arts.py::test_tier_two_costs_two_different_resources; single-use masterpieces ->
  test_arts.py::test_single_use_masterpieces_flip_and_are_spent

* 28 (A&A: National Parks: choose a die, roll it, gain its face) ->
  test_faq_expansions.py::test_faq28_a_card_rolls_the_die_its_owner_chooses_and_gives_its_face
  (the effect word `roll_die`; our reading: a conquer die's territory face gives nothing outside a
  conquest, and the science die is a research with benefit)

FAQ 4's masterpiece half
follows the civilization half (test_faq.py::test_faq4_a_card_laid_in_the_civilization_step_goes_on_the_new_eras_space):
masterpieces resolve in the same step.
"""

from __future__ import annotations

import importlib
import random
import re
from pathlib import Path
from typing import Any

from engine.core.match import Match
from engine.games.tapestry import GAME, modules
from tests.engine.tapestry.helpers import game, seats
from tests.engine.tapestry.module_sets import options
from tests.engine.tapestry.test_modules import at, drive

RICH = {"coin": 3, "worker": 3, "food": 3, "culture": 3}


def test_every_indexed_test_exists() -> None:
    named = re.findall(r"(test_[a-z_0-9]+)\.py::(test_[a-z_0-9]+)", __doc__ or "")
    assert len(named) >= 17
    here = Path(__file__).parent
    for module, test in named:
        assert (here / f"{module}.py").exists(), module
        loaded = importlib.import_module(f"tests.engine.tapestry.{module}")
        assert callable(getattr(loaded, test, None)), f"{module}::{test}"
    for faq in (3, 9, 14, 17, 18, 19, 20, 27, 29, 30, 31, 32, 33):
        assert re.search(rf"^\* {faq}\b", __doc__ or "", re.M), faq


def with_set(module: str, body: str, players: list[dict[str, Any]]) -> Match:
    """A position with one module whose set is `body` (an invented test set, never content)."""
    opts = GAME.normalize_options({"modules": module, modules.option_of(module): "format: 1\n" + body}, 2)
    return Match.from_position("tapestry", seats(2), opts, 0, {"skip_setup": True, "players": players})


def test_faq9_10_a_full_capital_sends_the_building_to_a_cards_free_plot() -> None:
    spec = {"mat": [[], [["test_aa_hall", True]], [], []], "income_turns": 2}
    g = game(at({"players": [spec, {"income_turns": 2}]}, "aa_tapestry"))
    p = g.players[0]
    p.grid = [["H"] * 9 for _ in range(9)]  # no free plot in the capital
    from engine.games.tapestry.effects import do

    drive(do(g, 0, ["farm"]), {})  # the card is the only place: taken without a question
    assert p.card_plots == {"1:test_aa_hall": ["farm"]} and p.beside == []  # never beside the capital
    p.card_plots["1:test_aa_hall"].append("house")  # now the card is full too
    drive(do(g, 0, ["market"]), {})
    assert p.beside == ["market"]  # no room anywhere: beside the capital (FAQ 9)


def test_faq19_psionics_draw_two_keep_one_for_each_gain_of_a_card() -> None:
    body = (
        "cards:\n  - {id: test_two_tiles, name: Test Two Tiles, name_pt: Duas Peças de Teste,"
        " kind: played, when_played: [tile, tile]}\n"
    )
    m = with_set(
        "pp_tapestry",
        body,
        [{"civs": ["psionics"], "income_turns": 2, "resources": dict(RICH)}, {"income_turns": 2}],
    )
    g = game(m)
    bag = len(g.tile_bag)
    from engine.games.tapestry.modules import play

    asked = drive(play.when_played(g, 0, "test_two_tiles"), {})
    assert asked == ["tapestry.prompt.psionics_keep"] * 2
    assert len(g.players[0].tiles) == 2 and len(g.tile_bag) == bag - 2  # each time one goes back


def test_faq29_copying_a_card_never_takes_its_landmark() -> None:
    body = (
        "cards:\n  - {id: test_arena, name: Test Arena, name_pt: Arena de Teste, kind: played,"
        " when_played: ['landmark:Forge', 'vp:2']}\n"
    )
    m = with_set(
        "aa_tapestry",
        body,
        [{"income_turns": 2}, {"income_turns": 2, "mat": [[], [["test_arena", True]], [], []]}],
    )
    g = game(m)
    drive(g.gain_landmark(1, "Forge"), {})  # the card's owner took its landmark when laying it
    from engine.games.tapestry import tapestries

    vp = g.players[0].vp
    drive(tapestries.espionage(g, 0), {"tapestry.prompt.espionage": "copy:1:test_arena"})  # the only card
    assert g.players[0].vp == vp + 2 and "Forge" not in g.players[0].landmarks
    assert "Forge" in g.players[1].landmarks


def test_faq33_age_of_sail_with_the_psionics_keeps_one_of_two_three_times() -> None:
    from engine.games.tapestry import tapestries

    m = at(
        {"players": [{"civs": ["psionics"], "income_turns": 2}, {"income_turns": 2}]},
        "ff_tapestry",
    )
    g = game(m)
    bag = len(g.tile_bag)
    asked = drive(tapestries.age_of_sail(g, 0), {"tapestry.prompt.age_of_sail": "keep"})
    assert asked == ["tapestry.prompt.psionics_keep"] * 3 + ["tapestry.prompt.age_of_sail"]
    assert len(g.players[0].tiles) == 3 and len(g.tile_bag) == bag - 3


def test_the_fixture_sets_are_the_ones_the_module_scenarios_use() -> None:
    assert set(options()["modules"].split(",")) == set(modules.MODULES)


NATIONAL_PARKS = (
    "cards:\n  - {id: test_parks, name: Test Parks, name_pt: Parques de Teste, kind: played,"
    " when_played: [roll_die]}\n"
)


def test_faq28_a_card_rolls_the_die_its_owner_chooses_and_gives_its_face() -> None:
    from engine.games.tapestry.data import board
    from engine.games.tapestry.modules import play

    for die, faces in (("red", board().dice.red), ("black", board().dice.black)):
        for seed in range(12):  # every face of the die comes up
            m = with_set("aa_tapestry", NATIONAL_PARKS, [{"income_turns": 2}, {"income_turns": 2}])
            g = game(m)
            g.rng.seed(seed)
            face = random.Random(seed).choice(faces)
            p = g.players[0]
            before = (p.vp, dict(p.res), len(p.tiles))
            asked = drive(play.when_played(g, 0, "test_parks"), {"tapestry.prompt.roll_which_die": f"die:{die}"})
            assert asked[0] == "tapestry.prompt.roll_which_die"
            if face == "territory":  # no territory was conquered: nothing
                assert (p.vp, dict(p.res), len(p.tiles)) == before
            elif face.startswith("vp:"):
                assert p.vp == before[0] + int(face[3:])
            elif face.startswith("vpx:"):
                assert p.vp == before[0] + len(g.controlled(0))
            else:
                assert p.res[face] == before[1][face] + 1
    m = with_set("aa_tapestry", NATIONAL_PARKS, [{"income_turns": 2}, {"income_turns": 2}])
    g = game(m)
    before_tracks = {t: list(v) for t, v in g.players[0].tracks.items()}
    asked = drive(play.when_played(g, 0, "test_parks"), {"tapestry.prompt.roll_which_die": "die:science"})
    moved = [t for t, v in g.players[0].tracks.items() if v != before_tracks[t]]
    assert asked[0] == "tapestry.prompt.roll_which_die" and moved  # a research: the rolled track advanced
