"""The Everdell scenario files document every card's power and every event: each card type is
set up in some scenario, and each event is claimed in one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.games.everdell.data import cards, events
from engine.scenario import collect

HERE = Path(__file__).resolve().parents[1] / "scenarios" / "everdell"
SCENARIOS = collect([HERE])


def _names(entries: list[Any]) -> set[str]:
    return {e if isinstance(e, str) else e["card"] for e in entries}


def test_every_card_type_is_set_up_in_some_scenario() -> None:
    seen: set[str] = set()
    for scenario in SCENARIOS:
        for player in (scenario.data.get("position") or {}).get("players") or []:
            seen |= set((player or {}).get("hand") or []) | _names((player or {}).get("city") or [])
    assert sorted(set(cards()) - seen) == []


def test_every_event_is_claimed_in_some_scenario() -> None:
    claimed: set[str] = set()
    for scenario in SCENARIOS:
        for step in scenario.data.get("steps") or []:
            answer = step.get("answer") or []
            for option in [answer] if isinstance(answer, str) else answer:
                if str(option).startswith("place:event:"):
                    claimed.add(str(option)[12:])
    every = {e.id for e in events().basic} | {e.id for e in events().special}
    assert sorted(every - claimed) == []
