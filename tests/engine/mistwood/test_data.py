"""Mistwood data files: our shipped data loads, and replacement files are checked precisely."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine.games.everdell.mistwood import loader
from engine.games.everdell.mistwood.activity import SEASONS
from engine.games.everdell.mistwood.loader import MistwoodDataError


def deck_data() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((loader.DATA / "activity.yaml").read_text(encoding="utf-8"))
    return data


def test_our_deck_keeps_every_stated_constraint() -> None:
    deck = loader.default_activity()
    cards = deck.cards
    assert len(cards) == 20
    winter = [c for c in cards if c.season == "winter"]
    assert len(winter) == 9 and sum(c.spider for c in winter) == 5
    assert sum(c.pearlbrook for c in cards) == 2
    assert any(c.newleaf for c in cards)
    assert {c.season for c in cards if not c.pearlbrook} == set(SEASONS)
    for card in cards:
        assert list(card.rows) == list(SEASONS[SEASONS.index(card.season):])
        assert card.default.points is not None


def test_every_season_deck_can_trigger_prepare() -> None:
    deck = loader.default_activity()
    for i, season in enumerate(SEASONS):
        cards = [c for c in deck.cards if SEASONS.index(c.season) <= i and not c.pearlbrook]
        assert sum(c.requires_placement(season) for c in cards) >= len(cards) // 2
        assert any(r.first.kind == "place_nightweave" or r.second.kind == "place_nightweave"
                   for r in (c.row(season) for c in cards))


def test_scoring_table_grows_with_difficulty() -> None:
    table = loader.default_scoring()
    rows = [table.level(n) for n in range(5)]
    for field in ("icon_points", "bonus_zero_value", "bonus_prosperity", "special_event", "adornment", "visitors"):
        values = [getattr(r, field) for r in rows]
        assert values == sorted(values), field
    assert rows[0].bonus_zero_value == rows[0].bonus_prosperity == 0  # the level-0 card has no bonus
    assert [r.icon_points for r in rows] == [0, 1, 2, 3, 4]


def test_module_cards() -> None:
    assert len(loader.personalities().cards) == 8
    assert len(loader.plans().cards) == 13
    plots = loader.plots().cards
    assert len(plots) == 33
    assert sum(p.type == "one_shot" for p in plots) == 15
    assert all(p.thwart for p in plots if p.type == "one_shot")
    for dice in (p for p in plots if p.roll):
        faces = sorted(f for fs in dice.roll.values() for f in fs)  # type: ignore[union-attr]
        assert faces == list(range(1, 9)), dice.id
    assert loader.plans().by_id()["smothering_swarm"].not_at_levels == (0,)


def test_content_lists_what_is_missing() -> None:
    content = loader.content()
    assert len(content.cards) == 15
    assert all(c.missing for c in content.cards)  # no new card has costs or points in the rulebook
    assert {c.ribbon for c in content.cards if c.ribbon} == {"cemetery", "bard"}
    assert len(content.player_powers.powers) == 4
    assert content.farms.count == 8 and "names" in content.farms.missing


def problems(data: Any) -> list[str]:
    with pytest.raises(MistwoodDataError) as info:
        loader.load_activity(data)
    return info.value.problems


def test_unknown_action_is_named_with_its_card_and_row() -> None:
    data = deck_data()
    data["cards"][6]["rows"]["winter"] = "fly / draw"
    assert problems(data) == ["card 7 (nw07): winter row first action: unknown action 'fly'"]


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda c: c["rows"].pop("spring"), "card 1 (nw01): missing spring row"),
        (lambda c: c.update(decider="up"), "card 1 (nw01): decider must be 'cw' (clockwise) or 'ccw', not 'up'"),
        (lambda c: c["rows"].update(winter="draw"), "card 1 (nw01): winter row must read 'first / second', not 'draw'"),
        (lambda c: c["rows"].update(winter="forest:middle / draw"),
         "card 1 (nw01): winter row first action: action 'forest' has unknown target 'middle' "
         "(one of top_left, top_right, bottom_left, bottom_right)"),
        (lambda c: c.update(default="haven"),
         "card 1 (nw01): default action must carry points (e.g. 'haven+difficulty')"),
        (lambda c: c.update(colour="red"), "card 1 (nw01): unknown field 'colour'"),
        (lambda c: c["rows"].update(winter="wonder_adornment / draw"),
         "card 1 (nw01): winter row first action: 'wonder_adornment' may only appear on a card marked pearlbrook"),
    ],
)
def test_bad_cards_are_reported_precisely(change: Any, expected: str) -> None:
    data = deck_data()
    change(data["cards"][0])
    assert expected in problems(data)


def test_points_need_a_worker() -> None:
    data = deck_data()
    data["cards"][5]["rows"]["winter"] = "draw+2 / place_nightweave"  # nw06 has no spider icon
    assert problems(data) == [
        "card 6 (nw06): winter row first action: points are collected after placing a worker, "
        "and 'draw' no worker is placed"
    ]


def test_deck_counts_are_checked() -> None:
    data = deck_data()
    data["cards"] = [c for c in data["cards"] if c["id"] != "nw05"]
    assert problems(data) == [
        "the deck has 19 cards in all; the rulebook's deck has 20",
        "the deck has 8 winter cards (not counting Pearlbrook ones); the rulebook's deck has 9",
        "the deck has 4 winter cards with the spider icon; the rulebook's deck has 5",
    ]
    data = deck_data()
    data["cards"][1]["id"] = "nw01"
    assert problems(data) == ["card id 'nw01' is used twice"]


def test_replacement_files_in_yaml_and_json(tmp_path: Path) -> None:
    data = deck_data()
    data["cards"][0]["decider"] = "ccw"
    as_json = tmp_path / "deck.json"
    as_json.write_text(json.dumps(data), encoding="utf-8")
    assert loader.load_activity(as_json).cards[0].decider == "ccw"
    assert loader.load_activity(str(as_json)).cards[0].decider == "ccw"
    assert loader.load_activity(yaml.safe_dump(data)).cards[0].decider == "ccw"
    with pytest.raises(MistwoodDataError, match="not valid JSON"):
        loader.load_activity("{broken")
    with pytest.raises(MistwoodDataError, match="top-level 'cards:' list"):
        loader.load_activity("cards: 3\n")


def test_replacement_scoring_table(tmp_path: Path) -> None:
    data = yaml.safe_load((loader.DATA / "scoring.yaml").read_text(encoding="utf-8"))
    data["levels"][4]["special_event"] = 9
    path = tmp_path / "table.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert loader.load_scoring(path).level(4).special_event == 9
    data["levels"][2]["adornment"] = -1
    data["levels"].pop(3)
    with pytest.raises(MistwoodDataError) as info:
        loader.load_scoring(data)
    assert info.value.problems == [
        "level 2: adornment must be a whole number 0 or more, not -1",
        "level 3 must appear exactly once (found 0)",
    ]
