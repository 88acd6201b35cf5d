"""Whole bot games with Arts & Architecture (`arts=true`, `tech_cards=all`).

TAPESTRY_ARTS_GAMES games of 2-5 players (default 300; every seventh also with the optional
variants) in a pool of at most two processes: each ends within the decision cap with a correct
result and every component conserved (masterpieces and landmarks on cards included; every third
game with the test inspiration tiles of data/inspiration_tiles_test.yaml); no private
card leaks; every tenth game replays identically in fresh processes under other hash seeds; in a
full run every Arts space, every masterpiece and every Arts & Architecture tech card is used.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.events import Event
from engine.core.match import Match
from engine.core.seats import SeatSpec
from engine.games.tapestry.data import masterpieces, tech_cards
from tests.engine.tapestry.helpers import digest, digests_elsewhere
from tests.engine.tapestry.randplay import options_of, play, players_of, policy_names, run_pool
from tests.engine.tapestry.test_property import ended_correctly

ROOT = Path(__file__).resolve().parents[3]
GAMES = int(os.environ.get("TAPESTRY_ARTS_GAMES", "300"))
FULL = 240
REPLAY_EVERY = 10
OPTIONS = {"arts": True, "tech_cards": "all"}
# every third game with the test inspiration tiles (a test data set, not the printed tiles)
TILES = (Path(__file__).parent / "data" / "inspiration_tiles_test.yaml").read_text(encoding="utf-8")


@dataclass
class Outcome:
    i: int
    failures: list[str] = field(default_factory=list)
    used: Counter[str] = field(default_factory=Counter)
    decisions: int = 0
    record: dict[str, Any] | None = None
    digest: str | None = None


def count_used(used: Counter[str], events: list[Event]) -> None:
    """An Arts space by `advance`; a masterpiece by having its benefit gained (`masterpiece`) or
    being created; a tech card by reaching its top row; a landmark put on a card."""
    for e in events:
        if e.kind == "advance" and e.data["track"] == "arts":
            used[f"arts:{e.data['space']}"] += 1
        elif e.kind == "masterpiece":
            used[f"mp:{e.data['card']}"] += 1
            if e.data.get("flipped"):
                used[f"flip:{e.data['card']}"] += 1
            if e.data["owner"] != e.seat:
                used["streamed_from_neighbour"] += 1
        elif e.kind == "create":
            used[f"create:{e.data['card']}"] += 1
        elif e.kind == "upgrade" and e.data["card"] in AA_CARDS:
            used[f"tech:{e.data['card']}:{e.data['row']}"] += 1
        elif e.kind in (
            "landmark_on_card",
            "inspiration",
            "inspiration_unavailable",
            "refresh_masterpieces",
            "broadcast_nothing",
        ):
            used[e.kind] += 1
        elif e.kind == "roll" and e.data.get("die") == "science" and e.data.get("face") == "arts":
            used["d20_arts"] += 1


AA_CARDS = frozenset(c for c, card in tech_cards().items() if card.expansion == "aa")


def extra_options(i: int) -> dict[str, Any]:
    """Every third game with the test inspiration tiles, every fourth with the either-die variant."""
    out: dict[str, Any] = {"inspiration_tiles": TILES} if i % 3 == 0 else {}
    return {**out, "either_science_die": True} if i % 4 == 1 else out


def one(i: int) -> Outcome:
    out = Outcome(i)
    n = players_of(i)
    names = policy_names(i, n)
    try:
        match = Match(
            "tapestry",
            [SeatSpec("bot", f"B{s}", p) for s, p in enumerate(names)],
            {**options_of(i), **OPTIONS, **extra_options(i)},
            70_000 + i,
        )
        count_used(out.used, match.opening_events)
        bad = play(match, i, names, hook=lambda m, s, events: count_used(out.used, events))
        out.failures = bad or ended_correctly(match)
        out.decisions = len(match.log)
        if i % REPLAY_EVERY == 3 and not out.failures:
            out.record, out.digest = match.record(), digest(match)
    except Exception as exc:  # any crash fails that game
        out.failures = [f"{type(exc).__name__}: {exc}"]
    out.failures = [f"arts game {i} ({n}p {','.join(names)}): {f}" for f in out.failures]
    return out


@cache
def outcomes() -> list[Outcome]:
    return run_pool(one, list(range(GAMES)))


def test_every_arts_game_ends_within_the_cap_with_everything_conserved() -> None:
    failures = [f for o in outcomes() for f in o.failures]
    assert failures == [], "\n".join(failures[:20])


def test_every_arts_space_masterpiece_and_aa_tech_card_is_used() -> None:
    used: Counter[str] = Counter()
    for o in outcomes():
        used.update(o.used)
    if GAMES < FULL:
        return  # a short run cannot promise the coverage
    wanted = [f"arts:{s}" for s in range(1, 13)]
    wanted += [f"mp:{m}" for m in masterpieces()] + [f"create:{m}" for m in masterpieces()]
    wanted += [f"flip:{m}" for m, mp in masterpieces().items() if mp.single_use]
    wanted += [f"tech:{c}:{r}" for c in sorted(AA_CARDS) for r in (1, 2)]
    wanted += [
        "landmark_on_card",
        "inspiration",
        "inspiration_unavailable",
        "streamed_from_neighbour",
        "d20_arts",
    ]
    missing = [w for w in wanted if used[w] == 0]
    assert missing == [], f"never used: {missing}"


def test_arts_games_replay_identically_in_fresh_processes() -> None:
    kept = [o for o in outcomes() if o.record is not None]
    assert kept, "no game was kept for replay"
    for hash_seed in ("0", "31337"):
        assert digests_elsewhere([o.record for o in kept], hash_seed) == [o.digest for o in kept]


def test_simulate_with_arts_is_deterministic() -> None:
    cmd = [
        sys.executable,
        "-m",
        "engine",
        "simulate",
        "tapestry",
        "--players",
        "3",
        "--games",
        "3",
        "--seed",
        "7",
    ]
    cmd += ["--option", "arts=true", "--option", "tech_cards=aa", "--json"]
    runs = []
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        runs.append(subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=env, check=True).stdout)
    assert runs[0] == runs[1] and len(runs[0].splitlines()) == 3
