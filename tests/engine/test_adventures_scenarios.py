"""What the Adventures scenario files cover, and option checks that need no position.

The scenario files themselves run in tests/engine/test_scenarios.py, with the base ones.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.core.errors import InvalidSetup
from engine.core.match import Match
from engine.core.seats import SeatSpec
from engine.games.dominion.cards import cards
from engine.scenario import collect

FOLDER = Path(__file__).parent / "scenarios" / "adventures"


def mentioned(value: Any) -> set[str]:
    """Every string anywhere in a scenario (card names in zones, answers and expectations)."""
    if isinstance(value, str):
        return {value.split(":", 1)[-1]}
    if isinstance(value, dict):
        return set().union(*(mentioned(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(mentioned(v) for v in value)) if value else set()
    return set()


def test_every_adventures_card_and_event_appears_in_some_scenario() -> None:
    names = {c.id for c in cards().values() if c.set == "adventures"}
    assert len(names) == 30 + 8 + 20
    seen: set[str] = set()
    for scenario in collect([FOLDER]):
        seen |= mentioned(scenario.data)
    assert sorted(names - seen) == []


@pytest.mark.parametrize("value", ["sometimes", ["always"], ["always", "never"], 3])
def test_bad_reactions_option_is_refused(value: object) -> None:
    with pytest.raises(InvalidSetup) as info:
        Match("dominion", [SeatSpec(), SeatSpec()], {"reactions": value, "sets": ["adventures"]}, 1)
    assert info.value.key == "error.bad_option"


def test_per_seat_reactions_are_kept() -> None:
    match = Match("dominion", [SeatSpec(), SeatSpec()], {"reactions": ["ask", "always"]}, 1)
    assert match.options["reactions"] == ["ask", "always"]
