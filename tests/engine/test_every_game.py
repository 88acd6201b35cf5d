"""The match contract, checked for every game the engine finds (released or not) and for the
test-tree game that joins as a plug-in: bots play a game to its end; the log replays to the same
views in another process under another PYTHONHASHSEED; a refused answer changes nothing; no public
event is addressed to a seat; options parse from text and normalize to a fixed point."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.cli.simulate import make_policies
from engine.core.errors import IllegalAnswer
from engine.core.match import Match
from engine.core.registry import game_ids, get_game, register_package, unregister_module
from engine.core.seats import SeatSpec

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = "tests.plugin_game"
MAX_DECISIONS = 60_000


@pytest.fixture(scope="module", autouse=True)
def plugin_game() -> Any:
    definition = register_package(PLUGIN)
    yield
    unregister_module(definition.id)


def every_game() -> list[str]:
    return sorted({*game_ids(), "lanterns"})


def digest(match: Match) -> str:
    views = [match.view(seat) for seat in (None, *range(len(match.seats)))]
    return hashlib.sha256(json.dumps(views, sort_keys=True, default=str).encode()).hexdigest()


def played(game: str, seed: int) -> Match:
    if game == "lanterns" and game not in game_ids():
        register_package(PLUGIN)
    definition = get_game(game)
    players = max(definition.min_players, 2) if definition.max_players >= 2 else definition.min_players
    bots = [definition.default_policy] * players
    match = Match(game, [SeatSpec("bot", f"B{i}", b) for i, b in enumerate(bots)], {}, seed)
    policies = make_policies(definition, bots, seed)
    for event in match.opening_events:
        assert event.to is None or 0 <= event.to < players
    decisions = 0
    while not match.finished:
        prompts = match.prompts()
        assert prompts, f"{game}: no prompt and not finished"
        for prompt in prompts:
            answer = policies[prompt.seat].choose(match.policy_view(prompt.seat), prompt)
            for event in match.submit(prompt.seat, answer):
                assert event.to is None or 0 <= event.to < players
            decisions += 1
            # a game's own turn marker says what its public view shows
            assert match.turn_marker() == match.view(None).get("turn"), game
            # a seat's view built on the public one is the seat's view
            if match.shares_public_view:
                public = match.view(None)
                for seat in range(players):
                    assert match.seat_view(public, seat) == match.view(seat), (game, seat)
        assert decisions < MAX_DECISIONS, f"{game}: no end after {decisions} decisions"
    return match


@pytest.mark.parametrize("game", every_game())
def test_bots_finish_a_game_and_the_log_replays_elsewhere(game: str) -> None:
    match = played(game, seed=7)
    result = match.result()
    assert result is not None and len(result.scores) == len(match.seats)
    assert sorted(result.ranks)[0] == 1
    record = json.dumps(match.record())
    code = (
        "import json, sys, hashlib\n"
        f"from engine.core.registry import register_package\nregister_package({PLUGIN!r})\n"
        "from engine.core.match import Match\n"
        "m = Match.from_record(json.loads(sys.stdin.read()))\n"
        "views = [m.view(s) for s in (None, *range(len(m.seats)))]\n"
        "print(hashlib.sha256(json.dumps(views, sort_keys=True, default=str).encode()).hexdigest())\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", code], input=record, capture_output=True, text=True, cwd=ROOT, env=env, check=True
    )
    assert out.stdout.strip() == digest(match)


@pytest.mark.parametrize("game", every_game())
def test_a_refused_answer_changes_nothing(game: str) -> None:
    if game == "lanterns" and game not in game_ids():
        register_package(PLUGIN)
    definition = get_game(game)
    players = max(definition.min_players, 2)
    match = Match(game, [SeatSpec("bot", f"B{i}", definition.default_policy) for i in range(players)], {}, 3)
    prompt = match.prompts()[0]
    before = digest(match)
    with pytest.raises(IllegalAnswer):
        match.submit(prompt.seat, ("no-such-option",))
    others = [s for s in range(players) if match.prompt_for(s) is None]
    if others:
        with pytest.raises(IllegalAnswer):
            match.submit(others[0], (prompt.options[0].id,) if prompt.options else ())
    assert digest(match) == before and match.log == []


@pytest.mark.parametrize("game", every_game())
def test_options_parse_and_normalize_to_a_fixed_point(game: str) -> None:
    if game == "lanterns" and game not in game_ids():
        register_package(PLUGIN)
    definition = get_game(game)
    players = max(definition.min_players, 2)
    once = definition.parse_options({}, players)
    assert definition.normalize_options(dict(once), players) == once
