"""The effect tables in tables/: every track space (with and without its bonus) and both upgrades
of every tech card, each row asserting what the decision changed (see deltas.py)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine.core.match import Match
from engine.core.prompts import Answer, Prompt
from engine.games.tapestry.data import TRACKS, tech_cards, tracks
from tests.engine.tapestry.deltas import delta, snapshot
from tests.engine.tapestry.helpers import answer, at, game, invariants, prompt

HERE = Path(__file__).parent / "tables"
TABLES = {p.stem: yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted(HERE.glob("*.yaml"))}
ROWS = [(name, key) for name, table in TABLES.items() for key in table["rows"]]


def default(p: Prompt, take_bonus: bool) -> Answer:
    if take_bonus and p.key == "tapestry.prompt.bonus":
        return (p.options[1].id,)  # the first resource offered, after "skip"
    if take_bonus and p.key == "tapestry.prompt.bonus_discard":
        return ("yes",)
    return p.default or (p.options[0].id,)


def advance_turn(m: Match, track: str, take_bonus: bool) -> list[Any]:
    events = answer(m, f"advance:{track}")
    for _ in range(80):
        p = prompt(m)
        if p.key == "tapestry.prompt.turn" and p.seat != 0:
            return events
        events += m.submit(p.seat, default(p, take_bonus))
    raise AssertionError("the turn did not end")


def upgrade(m: Match, card: str) -> None:
    flow = game(m).upgrade(0, only=card, ignore=True)
    try:
        asked = next(flow)
        for _ in range(80):
            spec = asked.specs[0]
            asked = flow.send({spec.seat: spec.default or (spec.options[0].id,)})
    except StopIteration:
        return
    raise AssertionError("the upgrade did not end")


@pytest.mark.parametrize(("table", "key"), ROWS, ids=[f"{t}:{k}" for t, k in ROWS])
def test_row(table: str, key: str) -> None:
    spec = TABLES[table]
    position = copy.deepcopy(spec["position"])
    me = position["players"][0]
    events: list[Any] = []
    if spec["kind"] == "advance":
        track, space = key.split("-")
        me.setdefault("tracks", {})[track] = int(space) - 1
        m = at(position)
        before = snapshot(game(m), 0)
        events = advance_turn(m, track, bool(spec.get("take_bonus")))
    else:
        card, row = key.rsplit("/", 1)
        me["tech"] = {**me.get("tech", {}), card: int(row)}
        m = at(position)
        before = snapshot(game(m), 0)
        upgrade(m, card)
    assert delta(before, snapshot(game(m), 0), events) == spec["rows"][key]
    assert invariants(m) == []


def test_the_tables_cover_every_space_bonus_and_tech_card() -> None:
    spaces = {f"{t}-{s}" for t in TRACKS for s in range(1, 13)}
    assert set(TABLES["track_spaces"]["rows"]) == spaces
    with_bonus = {
        f"{t}-{i}" for t in TRACKS for i, sp in enumerate(tracks()[t].spaces, 1) if sp.bonus is not None
    }
    assert set(TABLES["track_bonuses"]["rows"]) == with_bonus
    assert set(TABLES["tech_cards"]["rows"]) == {f"{c}/{r}" for c, t in tech_cards().items() if t.expansion == "base" for r in (0, 1)}
