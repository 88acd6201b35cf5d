"""The 12 Fantasies & Futures tech cards: each card's benefits, the charm-or-turn-5 prerequisite,
single use (flipped, then used by nothing), and the Arts choices only with the Arts track."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from engine.core.match import Match
from engine.games.tapestry import civs, effects, tech_ff
from engine.games.tapestry import options as topts
from engine.games.tapestry.data import tech_cards
from engine.games.tapestry.game import TapestryGame
from tests.engine.tapestry.helpers import at, game, seats
from tests.engine.tapestry.test_civs_expansion import drive

FF = (
    "Golem Minions",
    "Levitation",
    "Mind Control",
    "Object Cloning",
    "Perfect Memory",
    "Pyrokinesis",
    "Remote Viewing",
    "Super Speed",
    "Superhuman Strength",
    "Teleportation",
    "Transmogrification",
    "Weather Control",
)
SINGLE = {
    "Levitation",
    "Mind Control",
    "Object Cloning",
    "Perfect Memory",
    "Remote Viewing",
    "Superhuman Strength",
    "Teleportation",
    "Weather Control",
}
RICH = {"coin": 5, "worker": 5, "food": 5, "culture": 5}


def holder(tech: dict[str, int], players: int = 2, arts: bool = False, **me: Any) -> TapestryGame:
    """Seat 0 holds `tech`, in its fifth income turn (so the top row is open to it)."""
    spec = {"income_turns": 5, "tech": tech, "resources": dict(RICH), **me}
    others = [{"income_turns": 4} for _ in range(players - 1)]
    position = {"skip_setup": True, "players": [spec, *others]}
    options = {"arts": True} if arts else {}
    return game(Match.from_position("tapestry", seats(players), options, 0, position))


def square(g: TapestryGame, card: str, answers: list[str]) -> list[str]:
    """Upgrade `card` one row (the upgrade prompt has this one option: the rules answer it)."""
    return drive(g.upgrade(0, only=card), list(answers))


def vp_gain(g: TapestryGame, fn: Any) -> int:
    before = g.players[0].vp
    fn()
    return g.players[0].vp - before


# --------------------------------------------------------------------------------------- the set
def test_the_box_holds_its_twelve_cards_single_use_as_printed_and_time_travel_is_base() -> None:
    ff = [c for c in tech_cards().values() if c.expansion == "ff"]
    assert sorted(c.name for c in ff) == sorted(FF)
    assert {c.name for c in ff if c.single_use} == SINGLE
    assert all(c.requires.charm_or_turn5 for c in ff)
    assert tech_cards()["Time Travel"].expansion == "base"
    assert all(c.name_pt and c.pt_source == "ours" for c in ff)


def test_tech_cards_option_deals_them() -> None:
    deck = topts.tech_deck(topts.normalize({"tech_cards": "ff"}, 2))
    assert set(FF) <= set(deck) and len(deck) == 33 + 12
    assert not set(FF) & set(topts.tech_deck({}))


# --------------------------------------------------------------------------------- prerequisite
def test_charm_or_income_turn_five_is_the_players_own() -> None:
    # the rulebook: whether your neighbours meet this prerequisite is irrelevant
    g = holder({"Pyrokinesis": 1}, players=4)
    for p in g.players:
        p.income_turns = 4
    assert not g.requirement_met(0, "Pyrokinesis")
    g.players[1].income_turns = 5  # a neighbour in income turn 5 does not help
    g.players[3].charmed = True  # nor a neighbour's charm
    assert not g.requirement_met(0, "Pyrokinesis")
    g.players[0].income_turns = 5
    assert g.requirement_met(0, "Pyrokinesis")
    g.players[0].income_turns = 4
    g.players[0].charmed = True
    assert g.requirement_met(0, "Pyrokinesis")


def test_a_visible_charm_meets_it_when_the_player_state_counts_charms() -> None:
    assert tech_ff.charm_or_turn5(SimpleNamespace(charms=1, income_turns=2))
    assert tech_ff.charm_or_turn5(SimpleNamespace(charms=["wizards_guild:left"], income_turns=2))
    assert not tech_ff.charm_or_turn5(SimpleNamespace(charms=0, income_turns=4))
    assert not tech_ff.charm_or_turn5(SimpleNamespace(income_turns=4))  # no charm data set: turn 5 only


# ------------------------------------------------------------------------------ each card's benefits
def test_golem_minions() -> None:
    g = holder({"Golem Minions": 0})
    g.players[0].landmarks = ["Lighthouse", "Forge"]
    assert vp_gain(g, lambda: square(g, "Golem Minions", [])) == 2  # circle: 1 VP per landmark
    g.players[0].tracks["military"] = [3]
    g.available_landmarks = [x for x in g.available_landmarks if x != "Barracks"]
    before = g.players[0].vp
    square(g, "Golem Minions", [])
    assert g.players[0].tracks["military"] == [4]  # no benefit
    assert g.players[0].vp - before == 4  # 1 VP per military space advanced
    assert "Golem Minions" not in g.flipped


def test_levitation_circle_explores_or_gains_a_space_tile_square_explores_one() -> None:
    g = holder({"Levitation": 0}, space=[])
    keys = square(g, "Levitation", ["b1"])
    assert "tapestry.prompt.choose_benefit" in keys and len(g.players[0].space) == 1
    tile = g.players[0].space[0]
    square(g, "Levitation", [f"space:{tile}"])
    assert g.players[0].explored_space == [tile] and "Levitation" in g.flipped


def test_levitation_without_a_space_tile_does_nothing_but_is_used_up() -> None:
    g = holder({"Levitation": 1}, space=[])
    vp = g.players[0].vp
    square(g, "Levitation", [])
    assert g.players[0].vp == vp and g.players[0].explored_space == [] and "Levitation" in g.flipped


@pytest.mark.parametrize(
    ("card", "tracks_"),
    [
        ("Mind Control", ("science", "military")),
        ("Superhuman Strength", ("exploration", "military")),
        ("Teleportation", ("exploration", "technology")),
    ],
)
def test_two_track_cards_advance_on_either(card: str, tracks_: tuple[str, str]) -> None:
    g = holder({card: 0})
    first, second = tracks_
    square(g, card, ["b1"])  # circle: the second track, no benefit
    assert g.players[0].pos(second) == 1 and g.players[0].pos(first) == 0
    square(g, card, ["b0"])  # square: the first track, with its benefit
    assert g.players[0].pos(first) == 1 and card in g.flipped


@pytest.mark.parametrize(("card", "other"), [("Object Cloning", "technology"), ("Perfect Memory", "science")])
def test_arts_choices_only_with_the_arts_track(card: str, other: str) -> None:
    g = holder({card: 0})
    keys = square(g, card, [])
    assert "tapestry.prompt.choose_benefit" not in keys  # the other track only: nothing to choose
    assert g.players[0].pos(other) == 1
    g = holder({card: 0}, arts=True)
    spec = next(g.upgrade(0, only=card)).specs[0]
    assert spec.key == "tapestry.prompt.choose_benefit"
    assert sorted(spec.params["choices"]) == sorted(["adv_nb:arts", f"adv_nb:{other}"])


def test_pyrokinesis() -> None:
    g = holder({"Pyrokinesis": 0})
    square(g, "Pyrokinesis", [])
    assert g.players[0].placed["armory"] == 1  # circle: an armory
    territories = len(g.controlled(0))
    assert vp_gain(g, lambda: square(g, "Pyrokinesis", [])) == territories + 1
    assert "Pyrokinesis" not in g.flipped


def test_remote_viewing() -> None:
    g = holder({"Remote Viewing": 0}, tiles=[])
    keys = square(g, "Remote Viewing", [])
    assert "tapestry.prompt.explore_hex" in keys  # a tile, then explore it anywhere
    assert len([h for h in g.hexes if g.sites[h].tile is not None and not g.sites[h].printed]) == 1
    keys = square(g, "Remote Viewing", ["yes"])
    assert "tapestry.prompt.research_advance" in keys and "Remote Viewing" in g.flipped


def test_super_speed_is_not_single_use() -> None:
    g = holder({"Super Speed": 0}, tiles=[1, 3, 4])
    assert vp_gain(g, lambda: square(g, "Super Speed", [])) == 3  # 1 VP per tile in your supply
    square(g, "Super Speed", [])
    assert len(g.players[0].tiles) == 1 and "Super Speed" not in g.flipped  # explored twice


def test_transmogrification() -> None:
    g = holder({"Transmogrification": 0})
    before = len(g.players[0].tech)
    square(g, "Transmogrification", [])
    assert len(g.players[0].tech) == before + 1  # circle: invent
    square(g, "Transmogrification", ["building:farm"])
    assert g.players[0].placed["farm"] == 1 and "Transmogrification" not in g.flipped


def test_weather_control_repeats_a_space_even_after_academic_research() -> None:
    g = holder({"Weather Control": 1}, tracks={"science": 2})
    g.used_once.add((0, "academic"))  # Academic Research already used this turn
    square(g, "Weather Control", ["space:science:2"])
    assert (0, "science", 2) in g.activated and "Weather Control" in g.flipped


# --------------------------------------------------------------------------------- single use
def test_a_flipped_card_is_not_upgraded_again_even_by_the_recyclers() -> None:
    g = holder({"Mind Control": 1}, civs=["recyclers"])
    square(g, "Mind Control", ["b0"])
    assert g.players[0].tech["Mind Control"] == 2 and "Mind Control" in g.flipped
    assert "Mind Control" not in g.upgradable(0)


def test_a_flipped_card_is_not_copied_by_assembly_line_or_the_spies() -> None:
    g = holder({"Teleportation": 2, "Calendar": 2, "Canned Food": 2})
    g.flipped.add("Teleportation")
    spec = next(effects.token(g, 0, "square_top")).specs[0]
    assert [o.id for o in spec.options] == ["tech:Calendar", "tech:Canned Food"]
    from engine.games.tapestry import civs_more

    copied = civs_more.spy_choices(g, 1, 0, [])
    assert not any(o.id.endswith(":Teleportation") for o in copied)
    assert any(o.id.endswith(":Calendar") for o in copied)


def test_assembly_line_using_a_single_use_card_flips_it() -> None:
    g = holder({"Teleportation": 2})
    drive(effects.token(g, 0, "square_top"), ["b0"])
    assert "Teleportation" in g.flipped


def test_inventors_stealing_a_single_use_card_take_it_flipped() -> None:
    # FAQ: the opponent upgrades the marked card to the top row and gets the square benefit, then
    # the Inventors, who move the card to their bottom row; a single-use card is flipped and
    # cannot be upgraded
    g = holder({}, civs=["inventors"])
    g.players[1].tech = {"Teleportation": 0}
    g.players[1].income_turns = 5  # the top row's prerequisite, for its owner
    g.players[0].civ["inventors:left"] = 4
    g.players[0].civ["inventors:marked"] = []
    drive(civs.inventors(g, 0), ["mark:1:Teleportation", "b0", "b0"])  # to the middle row
    assert g.players[1].tech == {"Teleportation": 1}
    drive(g.upgrade(1, only="Teleportation"), ["b0", "b0"])  # its owner takes it to the top
    assert g.players[0].tech.get("Teleportation") == 0 and "Teleportation" in g.flipped
    assert "Teleportation" not in g.players[1].tech
    assert g.players[1].pos("exploration") == 2 and g.players[0].pos("exploration") == 2
    assert "Teleportation" not in g.upgradable(0)


def test_inventors_do_not_take_an_opponents_single_use_card_to_the_top_row() -> None:
    # nobody else may upgrade your single-use card to the top row: no marker on it in the middle row
    g = holder({"Teleportation": 1}, civs=["inventors"])
    g.players[1].tech = {"Mind Control": 1, "Super Speed": 1, "Levitation": 0}
    g.players[0].civ["inventors:left"] = 4
    g.players[0].civ["inventors:marked"] = []
    flow = civs.inventors(g, 0)
    offered = [o.id for o in next(flow).specs[0].options]
    assert "mark:1:Mind Control" not in offered  # single use, middle row
    assert {"mark:1:Super Speed", "mark:1:Levitation", "mark:0:Teleportation"} <= set(offered)


def test_a_flipped_card_comes_back_face_up_when_gained_again() -> None:
    g = holder({}, civs=["recyclers"])
    g.flipped.add("Teleportation")
    g.tech_discard.append("Teleportation")
    drive(g.invent(0), ["discarded:Teleportation"])
    assert g.players[0].tech["Teleportation"] == 0 and "Teleportation" not in g.flipped


def test_flipped_cards_show_in_the_owners_view() -> None:
    g = holder({"Teleportation": 1})
    square(g, "Teleportation", ["b0"])
    assert g.view(1)["players"][0]["tech_flipped"] == ["Teleportation"]
    assert "tech_flipped" not in game(at({"players": [{}, {}]})).view(0)["players"][0]


def test_card_lookup_has_every_card_in_both_languages() -> None:
    from engine.games.tapestry.catalogue import catalogue

    found = {c.id: c for c in catalogue() if c.kind == "tech"}
    for card in FF:
        info = found[card]
        assert info.set == "ff" and info.names["pt"] == tech_cards()[card].name_pt
        assert "neighbours do not count" in info.text["en"]
        assert ("Single use" in info.text["en"]) == (card in SINGLE)
    assert "may pay its bonus" in found["Weather Control"].text["en"]
