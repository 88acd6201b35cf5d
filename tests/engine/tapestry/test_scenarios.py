"""Every YAML scenario in tests/engine/tapestry/scenarios runs as its own test."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.scenario import Scenario, collect, run

SCENARIOS = collect([Path(__file__).parent / "scenarios"])


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.id.split("scenarios/", 1)[-1] for s in SCENARIOS])
def test_scenario(scenario: Scenario) -> None:
    outcome = run(scenario)
    assert outcome.passed, "\n".join(outcome.failures)


def test_the_scenarios_are_found() -> None:
    assert len(SCENARIOS) >= 4
