"""Every YAML scenario in `scenarios/` runs through the shared scenario runner."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.scenario import Scenario, collect, run

SCENARIOS = collect([Path(__file__).parent / "scenarios"])


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.name for s in SCENARIOS])
def test_scenario(scenario: Scenario) -> None:
    outcome = run(scenario)
    assert outcome.passed, "\n".join(outcome.failures)
