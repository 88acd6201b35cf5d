"""The match contract: replay from the log rebuilds the same state in another process under
another hash seed, and a refused answer changes nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.core.errors import IllegalAnswer
from engine.core.match import Match
from engine.games.architects.scenario import ADAPTER
from tests.engine.architects.helpers import at, digest, seats
from tests.engine.architects.randplay import play, setup_of

ROOT = Path(__file__).resolve().parents[3]


def played(seed: int) -> Match:
    players, options = setup_of(seed)
    match = Match("architects", seats(players), options, seed)
    assert play(match, seed, check_every=False) == []
    return match


def test_replay_in_another_process_with_another_hash_seed() -> None:
    matches = [played(seed) for seed in range(8)]
    # one unfinished game too: its open prompts must match as well
    partial = Match("architects", seats(3), {}, 99)
    for _ in range(40):
        p = partial.prompts()[0]
        partial.submit(p.seat, (p.options[-1].id,))
    matches.append(partial)
    records = [m.record() for m in matches]
    digests = [digest(m) for m in matches]
    code = (
        "import json, sys\n"
        "from engine.core.match import Match\n"
        "from tests.engine.architects.helpers import digest\n"
        "for record in json.load(sys.stdin):\n"
        "    print(digest(Match.from_record(record)))\n"
    )
    for hash_seed in ("1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        out = subprocess.run(
            [sys.executable, "-c", code],
            input=json.dumps(records),
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            check=True,
        )
        assert out.stdout.split() == digests


def snapshot(match: Match) -> dict[str, Any]:
    return {
        "views": [match.view(s) for s in [None, *range(len(match.seats))]],
        "prompts": [p.to_dict() for p in match.prompts()],
        "state": ADAPTER.state(match),
        "log": list(match.log),
    }


def refused(match: Match, seat: int, answer: Any, key: str, pid: int | None = None) -> None:
    before = snapshot(match)
    with pytest.raises(IllegalAnswer) as info:
        match.submit(seat, answer, pid=pid)
    assert info.value.key == key
    assert snapshot(match) == before


def test_refused_answers_change_nothing() -> None:
    m = at({"players": [{"silver": 9, "virtue": 12}], "tax": 0})
    refused(m, 0, ("tax_stand",), "error.unknown_option")  # empty Tax Stand
    refused(m, 0, ("market:0",), "error.unknown_option")  # Virtue too high
    refused(m, 0, ("guildhall",), "error.unknown_option")  # nothing to build
    refused(m, 0, ("mines", "forest"), "error.too_many")
    refused(m, 0, (), "error.too_few")
    refused(m, 1, ("mines",), "error.not_your_prompt")
    refused(m, 0, ("mines",), "error.stale_prompt", pid=m.prompts()[0].pid + 1)
    m.submit(0, ("mines",), pid=m.prompts()[0].pid)
    assert m.prompts()[0].seat == 1


def test_option_ids_are_stable_and_never_name_a_hidden_card() -> None:
    m = at({"players": [{"hand": ["smithy", "well"], "goods": {"clay": 8, "wood": 4, "stone": 2}}]})
    m.submit(0, ("guildhall",))
    assert [o.id for o in m.prompts()[0].options] == ["build:0", "build:1"]
    assert [o.card for o in m.prompts()[0].options] == ["smithy", "well"]
