"""Every YAML scenario under tests/engine/scenarios runs as its own test; plus the runner's own checks."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine.cli import main as cli_main
from engine.core.match import Match
from engine.core.seats import SeatSpec
from engine.games.dominion.cards import cards
from engine.scenario import Scenario, ScenarioError, collect, load_file, run

HERE = Path(__file__).parent / "scenarios"
ROOT = HERE / "dominion"
SCENARIOS = collect([ROOT, HERE / "adventures", HERE / "everdell"])


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.id.split("scenarios/", 1)[-1] for s in SCENARIOS])
def test_scenario(scenario: Scenario) -> None:
    outcome = run(scenario)
    assert outcome.passed, "\n".join(outcome.failures)


def test_every_base_kingdom_card_is_played_in_some_scenario() -> None:
    base = {c.id for c in cards().values() if c.kind == "kingdom" and c.set == "base"}
    assert len(base) == 26
    held: set[str] = set()
    for scenario in SCENARIOS:
        for player in (scenario.data.get("position") or {}).get("players") or []:
            for zone in ("hand", "deck"):
                held.update((player or {}).get(zone) or [])
    assert sorted(base - held) == []


# ---------------------------------------------------------------------------------- the runner
def _scenario(tmp_path: Path, text: str) -> Scenario:
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    (scenario,) = load_file(path)
    return scenario


BASE = """
- name: case
  players: 2
  position:
    kingdom: [Smithy]
    players:
      - hand: [Smithy]
        deck: [Copper, Silver, Gold, Estate]
  steps:
"""


def test_runner_reports_a_wrong_expectation(tmp_path: Path) -> None:
    outcome = run(_scenario(tmp_path, BASE + "    - {answer: [Smithy], expect: {players: {0: {deck: [Gold]}}}}\n"))
    assert outcome.failures == ["step 1: players[0].deck: expected (in order) [Gold], got [Estate]"]


def test_runner_compares_hands_as_multisets_and_decks_in_order(tmp_path: Path) -> None:
    ok = "    - {answer: [Smithy], expect: {players: {0: {hand: [Gold, Copper, Silver], deck: [Estate]}}}}\n"
    assert run(_scenario(tmp_path, BASE + ok)).passed
    bad = "    - {answer: [Smithy], expect: {players: {0: {hand: [Gold, Copper, Copper]}}}}\n"
    assert not run(_scenario(tmp_path, BASE + bad)).passed


def test_runner_reports_an_accepted_answer_that_should_be_refused(tmp_path: Path) -> None:
    outcome = run(_scenario(tmp_path, BASE + "    - {answer: [Smithy], error: error.unknown_option}\n"))
    assert "accepted, expected refusal error.unknown_option" in outcome.failures[0]


def test_runner_reports_the_wrong_refusal(tmp_path: Path) -> None:
    outcome = run(_scenario(tmp_path, BASE + "    - {answer: [Gold], error: error.too_many}\n"))
    assert "refused with error.unknown_option, expected error.too_many" in outcome.failures[0]


def test_runner_reports_missing_events_and_prompts(tmp_path: Path) -> None:
    step = "    - {answer: [Smithy], expect: {events: [{kind: shuffle}], prompt: {key: other}}}\n"
    failures = run(_scenario(tmp_path, BASE + step)).failures
    assert any("events: no" in f for f in failures)
    assert any("prompt.key: expected other" in f for f in failures)


def test_runner_rejects_unknown_keys(tmp_path: Path) -> None:
    outcome = run(_scenario(tmp_path, BASE + "    - {answer: [Smithy], expect: {hnad: []}}\n"))
    assert outcome.failures == ["scenario error: unknown expectation 'hnad'"]
    outcome = run(_scenario(tmp_path, BASE + "    - {anwser: [Smithy]}\n"))
    assert "unknown keys" in outcome.failures[0]
    with pytest.raises(ScenarioError):
        _scenario(tmp_path, "- {name: x, stpes: []}\n")


def test_runner_keeps_yes_and_no_as_strings(tmp_path: Path) -> None:
    scenario = _scenario(tmp_path, "- {name: x, steps: [{answer: [yes, no, on, off, true]}]}\n")
    assert scenario.data["steps"][0]["answer"] == ["yes", "no", "on", "off", True]


def test_defaults_merge_into_each_scenario(tmp_path: Path) -> None:
    path = tmp_path / "d.yaml"
    path.write_text(
        yaml.safe_dump(
            {
                "defaults": {"players": 3, "position": {"kingdom": ["Smithy"], "coins": 2}},
                "scenarios": [{"name": "a", "position": {"coins": 5}}],
            }
        )
    )
    (scenario,) = load_file(path)
    assert scenario.data["players"] == 3
    assert scenario.data["position"] == {"kingdom": ["Smithy"], "coins": 5}


def test_cli_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.yaml"
    good.write_text(BASE + "    - {answer: [Smithy], expect: {actions: 0}}\n")
    bad = tmp_path / "bad.yaml"
    bad.write_text(BASE + "    - {answer: [Smithy], expect: {actions: 5}}\n")
    assert cli_main(["scenario", str(good)]) == 0
    assert cli_main(["scenario", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "PASS" in out and "FAIL" in out and "actions: expected 5, got 0" in out


def test_position_is_part_of_the_record() -> None:
    position = {"kingdom": ["Smithy"], "players": [{"hand": ["Smithy"], "deck": ["Gold"] * 4}]}
    seats = [SeatSpec(), SeatSpec()]
    match = Match.from_position("dominion", seats, {}, 7, position)
    match.submit(0, ("Smithy",))
    record = match.record()
    assert record["position"] == position
    copy = Match.from_record(record)
    assert copy.view(0) == match.view(0) and copy.log == match.log
    assert "position" not in Match("dominion", seats, {}, 7).record()
