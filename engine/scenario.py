"""Scenario files: a position set up in a few lines, answers fed in, the state asserted.

The format is described in engine/SCENARIOS.md. This module is game-agnostic: it creates the
match through `Match.from_position`, feeds answers, and checks prompts, events, errors and results.
Zone and counter expectations are read from the game's scenario adapter
(`engine.games.<game>.scenario.ADAPTER`), which exposes the full state as plain data.
"""

from __future__ import annotations

import importlib
import json
import re
import traceback
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import yaml

from engine.core.errors import EngineError, IllegalAnswer
from engine.core.events import Event
from engine.core.match import Match
from engine.core.prompts import Prompt
from engine.core.seats import SeatSpec

SCENARIO_KEYS = {"name", "description", "game", "players", "options", "seed", "position", "steps"}
STEP_KEYS = {"seat", "answer", "pid", "error", "expect", "note"}
VALUE_FORMS = {"any_order", "includes", "excludes", "count", "top"}
PROMPT_ORDERED: frozenset[str] = frozenset()
RESULT_ORDERED = frozenset({"scores", "ranks", "turns", "winners"})


class _Loader(yaml.SafeLoader):
    """YAML 1.2 booleans: only true/false. `yes`, `no`, `on`, `off` stay strings (option ids)."""


_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
for _first in "tTfF":
    _Loader.add_implicit_resolver(
        "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), [_first]
    )


class ScenarioError(Exception):
    """The scenario file itself is malformed (as opposed to a failed expectation)."""


class Adapter(Protocol):
    """What a game offers scenario files: its whole state as plain data."""

    ordered: frozenset[str]  # list fields compared in order; other lists compare as multisets

    def state(self, match: Match) -> dict[str, Any]: ...


class ViewAdapter:
    """Fallback for games without an adapter: the spectator view."""

    ordered: frozenset[str] = frozenset()

    def state(self, match: Match) -> dict[str, Any]:
        return match.view(None)


@dataclass(slots=True)
class Scenario:
    name: str
    source: str
    data: dict[str, Any]

    @property
    def id(self) -> str:
        return f"{self.source}::{self.name}"


@dataclass(slots=True)
class Outcome:
    scenario: Scenario
    failures: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures


# ==============================================================================================
# Loading
# ==============================================================================================
def merge(base: Any, over: Any) -> Any:
    """Deep-merge mappings (scenario values win); anything else is replaced."""
    if isinstance(base, Mapping) and isinstance(over, Mapping):
        out = dict(base)
        for key, value in over.items():
            out[key] = merge(base[key], value) if key in base else value
        return out
    return over


def load_file(path: str | Path) -> list[Scenario]:
    """A file holds a list of scenarios, or {defaults: {...}, scenarios: [...]}."""
    path = Path(path)
    raw = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)
    defaults: dict[str, Any] = {}
    if isinstance(raw, dict):
        unknown = set(raw) - {"defaults", "scenarios"}
        if unknown:
            raise ScenarioError(f"{path}: unknown top-level keys {sorted(unknown)}")
        defaults = raw.get("defaults") or {}
        items = raw.get("scenarios") or []
    else:
        items = raw or []
    if not isinstance(items, list):
        raise ScenarioError(f"{path}: expected a list of scenarios")
    out: list[Scenario] = []
    seen: set[str] = set()
    for i, item in enumerate(items):
        if not isinstance(item, dict) or "name" not in item:
            raise ScenarioError(f"{path}: scenario #{i + 1} needs a name")
        data = merge(defaults, item)
        unknown = set(data) - SCENARIO_KEYS
        if unknown:
            raise ScenarioError(f"{path}: {item['name']}: unknown keys {sorted(unknown)}")
        name = str(item["name"])
        if name in seen:
            raise ScenarioError(f"{path}: duplicate scenario name {name!r}")
        seen.add(name)
        out.append(Scenario(name, str(path), data))
    return out


def collect(paths: Iterable[str | Path]) -> list[Scenario]:
    """Scenarios from files and (recursively) directories of *.yaml / *.yml files."""
    out: list[Scenario] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files = sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml"))
        elif path.exists():
            files = [path]
        else:
            raise ScenarioError(f"{path}: no such file or directory")
        for file in files:
            out.extend(load_file(file))
    return out


def adapter_for(game_id: str) -> Adapter:
    try:
        module = importlib.import_module(f"engine.games.{game_id}.scenario")
    except ModuleNotFoundError:
        return ViewAdapter()
    adapter: Adapter = module.ADAPTER
    return adapter


# ==============================================================================================
# Comparing expected values with actual ones
# ==============================================================================================
def _show(value: Any) -> str:
    """Compact, YAML-like rendering for messages (and multiset keys)."""
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, str):
        return value
    return json.dumps(value)


def _counter(items: Iterable[Any]) -> Counter[str]:
    return Counter(_show(i) for i in items)


def compare(path: str, expected: Any, actual: Any, ordered: frozenset[str]) -> list[str]:
    """Return mismatch messages. Mappings match partially; lists by order or as multisets."""
    name = path.rsplit(".", 1)[-1].split("[", 1)[0]
    if isinstance(actual, list) and isinstance(expected, Mapping) and all(isinstance(k, int) for k in expected):
        out = []
        for index, sub in expected.items():
            if not 0 <= index < len(actual):
                out.append(f"{path}[{index}]: no such entry (length {len(actual)})")
            elif sub is not None:
                out.extend(compare(f"{path}[{index}]", sub, actual[index], ordered))
        return out
    if isinstance(actual, list) and isinstance(expected, Mapping):
        unknown = set(expected) - VALUE_FORMS
        if unknown:
            raise ScenarioError(f"{path}: unknown list matchers {sorted(unknown)}")
        out = []
        have = _counter(actual)
        if "any_order" in expected and have != _counter(expected["any_order"]):
            out.append(f"{path}: expected (any order) {_show(expected['any_order'])}, got {_show(actual)}")
        if "includes" in expected and _counter(expected["includes"]) - have:
            out.append(f"{path}: expected to include {_show(expected['includes'])}, got {_show(actual)}")
        if "excludes" in expected:
            present = [e for e in expected["excludes"] if _show(e) in have]
            if present:
                out.append(f"{path}: expected none of {_show(present)}, got {_show(actual)}")
        if "count" in expected and len(actual) != expected["count"]:
            out.append(f"{path}: expected {expected['count']} entries, got {len(actual)}: {_show(actual)}")
        if "top" in expected:
            top = list(expected["top"])
            if actual[: len(top)] != top:
                out.append(f"{path}: expected to start with {_show(top)}, got {_show(actual)}")
        return out
    if isinstance(actual, list) and isinstance(expected, list):
        if name in ordered:
            if actual != expected:
                return [f"{path}: expected (in order) {_show(expected)}, got {_show(actual)}"]
        elif _counter(actual) != _counter(expected):
            return [f"{path}: expected {_show(expected)}, got {_show(actual)}"]
        return []
    if isinstance(actual, Mapping) and isinstance(expected, Mapping):
        out = []
        for key, sub in expected.items():
            if key not in actual:
                out.append(f"{path}.{key}: no such field (have {sorted(actual)})")
            else:
                out.extend(compare(f"{path}.{key}", sub, actual[key], ordered))
        return out
    if expected != actual:
        return [f"{path}: expected {_show(expected)}, got {_show(actual)}"]
    return []


def prompt_data(prompt: Prompt) -> dict[str, Any]:
    return {
        "pid": prompt.pid,
        "seat": prompt.seat,
        "kind": prompt.kind,
        "key": prompt.key,
        "options": [o.id for o in prompt.options],
        "min": prompt.min,
        "max": prompt.max,
        "ordered": prompt.ordered,
        "params": dict(prompt.params),
        "default": list(prompt.default) if prompt.default is not None else None,
    }


def event_matches(expected: Mapping[str, Any], event: Event) -> bool:
    for key, value in expected.items():
        if key == "kind":
            actual: Any = event.kind
        elif key in ("seat", "to"):
            actual = getattr(event, key)
        elif key in event.data:
            actual = event.data[key]
        else:
            return False
        if compare(key, value, actual, frozenset()):
            return False
    return True


# ==============================================================================================
# Running
# ==============================================================================================
class Runner:
    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        data = scenario.data
        self.game_id = str(data.get("game", "dominion"))
        self.adapter = adapter_for(self.game_id)
        position = data.get("position")
        count = data.get("players", len((position or {}).get("players") or []) or 2)
        self.seats = [SeatSpec("human", f"P{i}") for i in range(int(count))]
        options, seed = data.get("options") or {}, int(data.get("seed", 0))
        if position is None:  # no position: the game's own setup
            self.match = Match(self.game_id, self.seats, options, seed)
        else:
            self.match = Match.from_position(self.game_id, self.seats, options, seed, position)
        self.events: list[Event] = list(self.match.opening_events)

    # -- snapshots ------------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        m = self.match
        return {
            "state": self.adapter.state(m),
            "views": [m.view(s) for s in [None, *range(len(self.seats))]],
            "log": list(m.log),
            "prompts": [prompt_data(p) for p in m.prompts()],
        }

    # -- expectations ---------------------------------------------------------------------------
    def check(self, expect: Mapping[str, Any]) -> list[str]:
        m = self.match
        out: list[str] = []
        state: dict[str, Any] | None = None
        for key, value in expect.items():
            if key == "prompt":
                out.extend(self.check_prompt(value))
            elif key == "prompts":
                out.extend(self.check_prompts(value))
            elif key == "events":
                out.extend(self.check_events(value))
            elif key == "events_absent":
                for item in value:
                    hits = [e for e in self.events if event_matches(item, e)]
                    if hits:
                        out.append(f"events: expected no {_show(item)}, got {_show(hits[0].to_dict())}")
            elif key == "finished":
                out.extend(compare("finished", value, m.finished, frozenset()))
            elif key == "log_length":
                out.extend(compare("log_length", value, len(m.log), frozenset()))
            elif key == "result":
                result = m.result()
                if result is None:
                    out.append("result: the game is not over")
                else:
                    out.extend(compare("result", value, result.to_dict(), RESULT_ORDERED))
            else:
                if state is None:
                    state = self.adapter.state(m)
                if key not in state:
                    raise ScenarioError(f"unknown expectation {key!r}")
                out.extend(compare(key, value, state[key], self.adapter.ordered))
        self.events = []
        return out

    def check_prompt(self, expected: Any) -> list[str]:
        open_prompts = self.match.prompts()
        if expected is None:
            return [f"prompt: expected none, got {_show(prompt_data(open_prompts[0]))}"] if open_prompts else []
        if "seat" in expected:
            prompt = self.match.prompt_for(int(expected["seat"]))
            if prompt is None:
                seats = [p.seat for p in open_prompts]
                return [f"prompt: seat {expected['seat']} has no open prompt (open: {seats})"]
        elif len(open_prompts) != 1:
            return [f"prompt: expected exactly one open prompt, got {len(open_prompts)}"]
        else:
            prompt = open_prompts[0]
        return compare("prompt", expected, prompt_data(prompt), PROMPT_ORDERED)

    def check_prompts(self, expected: list[Mapping[str, Any]]) -> list[str]:
        open_prompts = self.match.prompts()
        if len(open_prompts) != len(expected):
            seats = [p.seat for p in open_prompts]
            return [f"prompts: expected {len(expected)} open prompts, got {len(open_prompts)} (seats {seats})"]
        out: list[str] = []
        for item in expected:
            out.extend(self.check_prompt(item))
        return out

    def check_events(self, expected: list[Mapping[str, Any]]) -> list[str]:
        """Each expected event must match an emitted one, in this order (others may come between)."""
        at = 0
        for item in expected:
            while at < len(self.events) and not event_matches(item, self.events[at]):
                at += 1
            if at == len(self.events):
                emitted = [e.to_dict() for e in self.events]
                return [f"events: no {_show(item)} (in order) among {_show(emitted)}"]
            at += 1
        return []

    # -- steps ----------------------------------------------------------------------------------
    def step(self, number: int, step: Mapping[str, Any]) -> list[str]:
        unknown = set(step) - STEP_KEYS
        if unknown:
            raise ScenarioError(f"step {number}: unknown keys {sorted(unknown)}")
        out: list[str] = []
        if "answer" in step:
            out.extend(self.answer(step))
            if out:
                return out
        elif "error" in step or "seat" in step:
            raise ScenarioError(f"step {number}: `seat`/`error` need an `answer`")
        if "expect" in step:
            out.extend(self.check(step["expect"] or {}))
        return out

    def answer(self, step: Mapping[str, Any]) -> list[str]:
        m = self.match
        raw = step["answer"]
        answer = (str(raw),) if isinstance(raw, str) else tuple(str(a) for a in raw or [])
        if "seat" in step:
            seat = int(step["seat"])
        else:
            open_prompts = m.prompts()
            if len(open_prompts) != 1:
                return [f"answer {list(answer)}: give a seat ({len(open_prompts)} prompts are open)"]
            seat = open_prompts[0].seat
        pid = step.get("pid")
        if "error" in step:
            before = self.snapshot()
            try:
                self.events.extend(m.submit(seat, answer, pid=pid))
            except IllegalAnswer as exc:
                out = []
                if exc.key != step["error"]:
                    out.append(f"answer {list(answer)} by seat {seat}: refused with {exc.key}, expected {step['error']}")
                after = self.snapshot()
                for part in before:
                    if before[part] != after[part]:
                        out.append(f"answer {list(answer)} by seat {seat}: refused but {part} changed")
                return out
            return [f"answer {list(answer)} by seat {seat}: accepted, expected refusal {step['error']}"]
        try:
            self.events.extend(m.submit(seat, answer, pid=pid))
        except IllegalAnswer as exc:
            prompt = m.prompt_for(seat)
            shown = _show(prompt_data(prompt)) if prompt else "none"
            return [f"answer {list(answer)} by seat {seat}: refused ({exc}); open prompt: {shown}"]
        return []

    def replay_check(self) -> list[str]:
        """The record (position included) must rebuild the identical state."""
        copy = Match.from_record(self.match.record())
        if self.adapter.state(copy) != self.adapter.state(self.match):
            return ["replay: the record does not rebuild the same state"]
        if [prompt_data(p) for p in copy.prompts()] != [prompt_data(p) for p in self.match.prompts()]:
            return ["replay: the record does not rebuild the same prompts"]
        return []


def run(scenario: Scenario) -> Outcome:
    outcome = Outcome(scenario)
    try:
        runner = Runner(scenario)
        for number, step in enumerate(scenario.data.get("steps") or [], start=1):
            if not isinstance(step, Mapping):
                raise ScenarioError(f"step {number}: expected a mapping")
            failures = runner.step(number, step)
            if failures:
                outcome.failures.extend(f"step {number}: {f}" for f in failures)
                return outcome
        outcome.failures.extend(runner.replay_check())
    except ScenarioError as exc:
        outcome.failures.append(f"scenario error: {exc}")
    except EngineError as exc:
        outcome.failures.append(f"engine error: {exc}")
    except Exception as exc:  # a crash in the rules is a failure of this scenario, not of the runner
        where = traceback.extract_tb(exc.__traceback__)[-1]
        outcome.failures.append(f"crash: {type(exc).__name__}: {exc} at {where.filename}:{where.lineno}")
    return outcome
