"""Run the Adventures scenario files (rulebook rulings and the worked example) under pytest."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.scenario import Scenario, collect, run

FOLDER = Path(__file__).parent / "scenarios" / "adventures"
SCENARIOS = collect([FOLDER])


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.id.split("adventures/")[-1] for s in SCENARIOS])
def test_scenario(scenario: Scenario) -> None:
    outcome = run(scenario)
    assert outcome.passed, "\n".join(outcome.failures)
