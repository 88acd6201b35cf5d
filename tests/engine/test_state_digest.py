"""The state digest stored with every answer (engine/core/digest.py), for every game the engine
finds and the plug-in game of the test tree: the same in another process under another
PYTHONHASHSEED, different after every answer, and changed by what an answer did."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli.simulate import make_policies
from engine.core.digest import extend_chain, seal, start_chain
from engine.core.events import Event
from engine.core.match import Match
from engine.core.registry import get_game, register_package, unregister_module
from engine.core.seats import SeatSpec
from tests.engine.test_every_game import PLUGIN, every_game

ROOT = Path(__file__).resolve().parents[2]
STEPS = 120


@pytest.fixture(scope="module", autouse=True)
def plugin_game() -> object:
    definition = register_package(PLUGIN)
    yield
    unregister_module(definition.id)


def digests(game: str, seed: int) -> tuple[dict[str, object], list[str]]:
    """A game's record after up to STEPS bot answers, and the digest after each."""
    definition = get_game(game)
    players = max(definition.min_players, 2) if definition.max_players >= 2 else definition.min_players
    bots = [definition.default_policy] * players
    match = Match(game, [SeatSpec("bot", f"B{i}", b) for i, b in enumerate(bots)], {}, seed)
    policies = make_policies(definition, bots, seed)
    chain = start_chain(match)
    out: list[str] = []
    while not match.finished and len(out) < STEPS:
        prompt = match.prompts()[0]
        answer = tuple(policies[prompt.seat].choose(match.policy_view(prompt.seat), prompt))
        chain = extend_chain(chain, match, prompt.seat, answer, match.submit(prompt.seat, answer))
        out.append(seal(chain, match))
    return match.record(), out


@pytest.mark.parametrize("game", every_game())
def test_the_digest_is_the_same_in_any_process(game: str) -> None:
    record, here = digests(game, seed=5)
    assert len(set(here)) == len(here)  # every answer moves it
    code = (
        "import json, sys\n"
        f"from engine.core.registry import register_package\nregister_package({PLUGIN!r})\n"
        "from engine.core.match import Match\n"
        "from engine.core.digest import extend_chain, seal, start_chain\n"
        "r = json.loads(sys.stdin.read())\n"
        "from engine.core.seats import SeatSpec\n"
        "m = Match(r['game'], [SeatSpec.from_dict(s) for s in r['seats']], r['options'], r['seed'])\n"
        "c, out = start_chain(m), []\n"
        "for seat, answer in r['log']:\n"
        "    c = extend_chain(c, m, seat, answer, m.submit(seat, tuple(answer)))\n"
        "    out.append(seal(c, m))\n"
        "print(json.dumps(out))\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "4242"}
    there = subprocess.run(
        [sys.executable, "-c", code],
        input=json.dumps(record),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=True,
    )
    assert json.loads(there.stdout) == here


def test_what_an_answer_did_is_part_of_the_digest() -> None:
    match = Match("dominion", [SeatSpec("human", "a"), SeatSpec("human", "b")], {"kingdom": "First Game"}, 9)
    chain = start_chain(match)
    prompt = match.prompts()[0]
    answer = tuple(o.id for o in prompt.options[: prompt.min])
    events = match.submit(prompt.seat, answer)
    stored = seal(extend_chain(chain, match, prompt.seat, answer, events), match)
    # The same answer, had the rules made it do something else (one more event), reads otherwise.
    other = [*events, Event("gain", prompt.seat, {"card": "gold"})]
    assert seal(extend_chain(chain, match, prompt.seat, answer, other), match) != stored
