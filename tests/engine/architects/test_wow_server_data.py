"""Works of Wonder: every value of our own design (Wonders, Contribution and Reward cards, and
the 24 new Buildings' and 24 new Apprentices' costs, VP, skills, Virtue, copies and amounts) is
replaced by a server's printed values, section by section; a bad file is refused naming the field."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.errors import InvalidSetup
from engine.core.match import Match
from engine.games.architects import guildhall, scoring
from engine.games.architects.data import apprentices, buildings
from engine.games.architects.options import normalize_options
from engine.games.architects.wow_data import OURS_SECTIONS, SECTIONS, check, from_text, ours, problems
from tests.engine.architects.helpers import answer, at, digest, game_of, key, seats

BATHS = "buildings:\n  baths: {cost: {clay: 1, wood: 1}, vp: 9, skills: [carpentry], virtue: 2, copies: 3, amount: 5}\n"
KNIGHT = (
    "apprentices:\n"
    "  knight_1: {skills: [tiling, masonry], virtue: 2, copies: 2, location: forest}\n"
    "  officer_2: {skills: [carpentry], virtue: -1, copies: 1, gain: {gold: 1}}\n"
)
WOW: dict[str, Any] = {
    "consequences": ["contribution_2"],
    "contributions": ["contribution_1", "contribution_3"],
}


def table(text: str | None = None, players: int = 2, seed: int = 3) -> Match:
    options: dict[str, Any] = {"works_of_wonder": True}
    if text is not None:
        options["wonders_data"] = text
    return Match("architects", seats(players), normalize_options(options, players), seed)


def test_ours_marks_every_section_ours_and_a_server_file_only_the_sections_it_gives() -> None:
    assert ours().server_sections == () and all(ours().ours(s) for s in SECTIONS)
    data = from_text(BATHS)
    assert data.server_sections == ("buildings",)
    assert not data.ours("buildings") and all(data.ours(s) for s in OURS_SECTIONS if s != "buildings")
    # the sections left out keep ours
    assert data.wonders == ours().wonders and data.contributions == ours().contributions


def test_every_new_card_is_marked_ours_and_has_what_an_upload_replaces() -> None:
    new_b = [b for b in buildings().values() if b.set == "wow"]
    new_a = [a for a in apprentices().values() if a.set == "wow"]
    assert len(new_b) == 24 and len(new_a) == 24
    assert all(b.values == "ours" and b.copies == 1 for b in new_b)
    assert all(a.values == "ours" and a.copies == 1 for a in new_a)
    # a file giving every card our own values is accepted: each field of each card is replaceable
    lines = ["buildings:"]
    for b in new_b:
        amount = f", amount: {b.amount}" if b.amount is not None else ""
        lines.append(
            f"  {b.id}: {{cost: {dict(b.cost)}, vp: {b.vp}, skills: {list(b.skills)}, virtue: {b.virtue},"
            f" copies: 1{amount}}}"
        )
    lines.append("apprentices:")
    for a in new_a:
        params = "".join(f", {k}: {v}" for k, v in a.params.items())
        lines.append(f"  {a.id}: {{skills: {list(a.skills)}, virtue: {a.virtue}, copies: 1{params}}}")
    text = "\n".join(lines).replace("'", "")
    assert check(text) == []
    g = game_of(table(text))
    assert (
        g.building_table["baths"].values == "printed" and g.apprentice_table["knight_1"].values == "printed"
    )
    assert {k: (b.cost, b.vp, b.amount) for k, b in g.building_table.items()} == {
        k: (b.cost, b.vp, b.amount) for k, b in buildings().items()
    }


def test_a_servers_building_values_and_copies_are_played() -> None:
    g = game_of(table(BATHS))
    everything = g.deck + [c for p in g.players for c in p.hand]
    assert everything.count("baths") == 3 and everything.count("court") == 1
    assert g.building("baths").vp == 9 and g.building("baths").skills == ("carpentry",)
    # built with the server's cost and skill: 5 Influence, 2 Virtue, 9 VP
    m = at(
        {
            "players": [
                {
                    "hand": ["baths"],
                    "goods": {"clay": 1, "wood": 1},
                    "apprentices": ["acolyte_card"],
                    "virtue": 5,
                },
                {},
            ],
            "works_of_wonder": WOW,
        },
        2,
        1,
        works_of_wonder=True,
        wonders_data=BATHS,
    )
    answer(m, "guildhall")
    if m.prompts() and key(m) == "guildhall":
        answer(m, "build:0")
    g = game_of(m)
    assert g.players[0].buildings == ["baths"]
    assert g.players[0].influence == 5 and g.players[0].virtue == 7
    assert g.players[0].res["clay"] == 0 and g.players[0].res["wood"] == 0
    assert scoring.breakdown(g, 0)["buildings"] == 9


def test_a_copy_count_of_zero_leaves_the_card_out() -> None:
    text = BATHS.replace("copies: 3", "copies: 0")
    g = game_of(table(text))
    assert "baths" not in g.deck + [c for p in g.players for c in p.hand]


def test_a_servers_apprentice_values_and_copies_are_played() -> None:
    g = game_of(table(KNIGHT))
    cards = (
        g.app_deck
        + [c for row in g.display for c in row if c]
        + [a for p in g.players for a in p.apprentices]
    )
    assert cards.count("knight_1") == 2 and cards.count("officer_2") == 1
    pos = {"players": [{"apprentices": ["knight_1", "officer_2"]}, {}], "works_of_wonder": WOW}
    m = at(pos, 2, 1, works_of_wonder=True, wonders_data=KNIGHT)
    g = game_of(m)
    assert guildhall.skills_of(g, 0) == frozenset({"tiling", "masonry", "carpentry"})
    assert g.apprentice("knight_1").location == "forest"
    assert g.apprentice_gains(0, "build_bonus") == [{"gold": 1}]
    view = m.view(0)
    assert view is not None and view["players"][0]["skills"] == ["carpentry", "masonry", "tiling"]


@pytest.mark.parametrize(
    ("card", "player", "amount", "bonus"),
    [
        ("country_house", {"influence": 7}, 3, 2),
        ("mansion", {"wonders": ["wonder_clay"]}, 5, 5),
        ("strongroom", {"silver": 9}, 3, 3),
        ("wall", {"buildings": ["well", "smithy"], "cathedral": 2}, 5, 1),
    ],
)
def test_end_vp_amounts_come_from_the_servers_values(
    card: str, player: dict[str, Any], amount: int, bonus: int
) -> None:
    b = buildings()[card]
    text = (
        f"buildings:\n  {card}: {{cost: {dict(b.cost)}, vp: {b.vp}, skills: {list(b.skills)},"
        f" virtue: {b.virtue}, copies: 1, amount: {amount}}}\n"
    ).replace("'", "")
    spec = {**player, "buildings": [card, *player.get("buildings", [])]}
    g = game_of(
        at({"players": [spec, {}], "works_of_wonder": WOW}, 2, 1, works_of_wonder=True, wonders_data=text)
    )
    assert scoring.building_bonus(g, 0, card) == bonus


def test_a_game_with_a_servers_values_replays_identically() -> None:
    from engine.core.registry import get_game

    text = BATHS + KNIGHT
    m = table(text, players=3, seed=11)
    policies = {s: get_game("architects").policies["random"](s, 5) for s in range(3)}
    log = []
    for _ in range(400):
        open_ = m.prompts()
        if not open_:
            break
        p = open_[0]
        choice = policies[p.seat].choose(m.view(p.seat) or {}, p)
        log.append((p.seat, choice))
        m.submit(p.seat, choice)
    again = table(text, players=3, seed=11)
    for seat, choice in log:
        again.submit(seat, choice)
    assert digest(again) == digest(m)


@pytest.mark.parametrize(
    ("text", "where", "code"),
    [
        (
            "buildings:\n  baths: {cost: {clay: 3}, vp: many, skills: [tiling], virtue: 1, copies: 1, amount: 2}",
            "buildings.baths.vp",
            "not_a_number",
        ),
        (
            "buildings:\n  spa: {cost: {clay: 3}, vp: 2, skills: [], virtue: 0, copies: 1}",
            "buildings.spa",
            "unknown_card",
        ),
        (
            "buildings:\n  smithy: {cost: {clay: 3}, vp: 2, skills: [], virtue: 0, copies: 1}",
            "buildings.smithy",
            "unknown_card",
        ),
        (
            "buildings:\n  baths: {cost: {clay: 3}, vp: 2, skills: [tiling], virtue: 1, copies: 1}",
            "buildings.baths",
            "amount_needed",
        ),
        (
            "buildings:\n  gaol: {cost: {clay: 3}, vp: 2, skills: [], virtue: 0, copies: 1, amount: 2}",
            "buildings.gaol",
            "amount_unused",
        ),
        (
            "buildings:\n  gaol: {cost: {clay: 3}, vp: 2, skills: [], virtue: 0, copies: 9}",
            "buildings.gaol.copies",
            "too_large",
        ),
        (
            "buildings:\n  gaol: {cost: {clay: 0}, vp: 2, skills: [], virtue: 0, copies: 1}",
            "buildings.gaol.cost",
            "bad_cost",
        ),
        (
            "buildings:\n  gaol: {cost: {sand: 1}, vp: 2, skills: [], virtue: 0, copies: 1}",
            "buildings.gaol.cost.sand",
            "not_one_of",
        ),
        (
            "buildings:\n  gaol: {cost: {clay: 1}, vp: 2, skills: [cooking], virtue: 0, copies: 1}",
            "buildings.gaol.skills.0",
            "not_one_of",
        ),
        (
            "buildings:\n  gaol: {cost: {clay: 1}, vp: 2, skills: [], virtue: 0}",
            "buildings.gaol.copies",
            "missing",
        ),
        (
            "apprentices:\n  knight_1: {skills: [tiling], virtue: 0, copies: 1}",
            "apprentices.knight_1",
            "ability_fields",
        ),
        (
            "apprentices:\n  knight_1: {skills: [tiling], virtue: 0, copies: 1, location: moon}",
            "apprentices.knight_1.location",
            "not_a_location",
        ),
        (
            "apprentices:\n  officer_1: {skills: [tiling], virtue: 0, copies: 1, gain: {fame: 2}}",
            "apprentices.officer_1.gain",
            "bad_gain",
        ),
        (
            "apprentices:\n  officer_1: {skills: [], virtue: 0, copies: 1, gain: {silver: 2}}",
            "apprentices.officer_1.skills",
            "too_few",
        ),
        ("rewards:\n  - {id: a, copies: 0, gain: {silver: 1}}", "rewards.0.copies", "too_small"),
        ("rewards:\n  - {id: a, copies: 1, gain: {fame: 1}}", "rewards.a.gain", "bad_gain"),
        ("wonders: 3", "wonders", "not_a_list"),
        ("treasure: 3", "treasure", "unknown_section"),
        ("source: mine", "", "no_section"),
        ("- 1", "", "not_a_mapping"),
        ("buildings: [1", "", "not_yaml"),
    ],
)
def test_a_bad_file_is_refused_naming_the_field(text: str, where: str, code: str) -> None:
    found = problems(text)
    assert (where, code) in [(p.where, p.code) for p in found], found
    assert check(text)  # the upload refuses it
    with pytest.raises(InvalidSetup):
        normalize_options({"works_of_wonder": True, "wonders_data": text}, 2)


def test_a_solo_lobby_takes_the_servers_file_too() -> None:
    from engine.games.architects.wow_data import DATA_SETS

    (data_set,) = DATA_SETS
    assert data_set.applies({"works_of_wonder": True}) and data_set.applies({"opponent": "executor"})
    assert not data_set.applies({}) and not data_set.applies({"opponent": None})
    options = normalize_options({"opponent": "executor", "wonders_data": BATHS}, 1)
    assert options["wonders_data"] == BATHS and options["works_of_wonder"] is True
