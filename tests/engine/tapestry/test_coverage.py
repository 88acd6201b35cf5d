"""Every track space, tech card, space tile and civilization resolves from a plain position,
answering each question with its default: nothing crashes and the state stays consistent."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.events import Event
from engine.core.match import Match
from engine.games.tapestry import effects
from engine.games.tapestry.data import TRACKS, civilizations, space_tiles, tech_cards
from tests.engine.tapestry.helpers import answer, at, game, invariants, prompt

RICH = {"coin": 5, "worker": 5, "food": 5, "culture": 5}
ALL_SPACES = [(t, s) for t in TRACKS for s in range(1, 13)]


def finish_turn(m: Match, seat: int = 0, limit: int = 60) -> list[Event]:
    """Answer defaults until another seat's turn prompt opens; the events on the way."""
    events: list[Event] = []
    for _ in range(limit):
        p = prompt(m)
        if p.key == "tapestry.prompt.turn" and p.seat != seat:
            return events
        events += m.submit(p.seat, p.default or (p.options[0].id,))
    raise AssertionError("the turn did not end")


def run_defaults(flow: Any, limit: int = 60) -> None:
    """Drive a rules flow to its end, answering every question with its default."""
    try:
        asked = next(flow)
        for _ in range(limit):
            spec = asked.specs[0]
            asked = flow.send({spec.seat: spec.default or (spec.options[0].id,)})
    except StopIteration:
        return
    raise AssertionError("the flow did not end")


def rich_position(**me: object) -> dict[str, object]:
    spec = {"income_turns": 2, "resources": dict(RICH), "tiles": [5, 7], "hand": ["trap", "dark_ages"], "space": [13], "tech": {"Paper": 0, "Calendar": 1, "Radio": 2}}
    spec.update(me)
    return {"players": [spec, {"income_turns": 2, "resources": dict(RICH)}]}


@pytest.mark.parametrize(("track", "space"), ALL_SPACES, ids=[f"{t}-{s}" for t, s in ALL_SPACES])
def test_every_track_space_resolves(track: str, space: int) -> None:
    m = at(rich_position(tracks={track: space - 1}))
    events = answer(m, f"advance:{track}") + finish_turn(m)
    assert {"track": track, "space": space} in [e.data for e in events if e.kind == "advance" and e.seat == 0]
    assert game(m).players[0].turns == 1
    assert invariants(m) == []


@pytest.mark.parametrize("card", sorted(c for c, t in tech_cards().items() if t.expansion == "base"))
@pytest.mark.parametrize("row", [0, 1])
def test_every_tech_card_upgrade_resolves(card: str, row: int) -> None:
    m = at(rich_position(tech={card: row}, tracks={t: 10 for t in TRACKS}))
    g = game(m)
    g.players[0].era_card = "golden_age"  # requirements ignored: every square is reached
    run_defaults(g.upgrade(0, only=card))
    # the card moved up a row (or, as Inventors' prize, left; never the case here)
    assert g.players[0].tech[card] == row + 1
    assert invariants(m) == []


@pytest.mark.parametrize("tile", sorted(space_tiles()))
def test_every_space_tile_resolves(tile: int) -> None:
    m = at(rich_position(space=[tile]))
    g = game(m)
    run_defaults(effects.explore_space(g, 0))
    assert g.players[0].explored_space == [tile]
    assert invariants(m) == []


@pytest.mark.parametrize("civ", sorted(civilizations()))
def test_every_civilization_takes_income_turns(civ: str) -> None:
    m = at(rich_position(civs=[civ], civ_state={"mystics:tech": 3, "mystics:districts": 1, "mystics:territories": 2, "mystics:tracks": 0}))
    answer(m, "income")
    finish_turn(m)
    g = game(m)
    assert g.players[0].income_turns == 3
    assert invariants(m) == []
