"""Whole bot games with every civilization in the deck (`civilizations=all`), every other table
game and every third solo game also with the expansion tech cards (`tech_cards=all` / `ff`).

TAPESTRY_EXP_GAMES games of 2-5 players (default 1000; every seventh also with all the optional
variants) and TAPESTRY_EXP_SOLO games against the Automa at levels 1-6 (default 500: two offers
per game over some 33 allowed civilizations need that many for 10 deals each), in a pool
of at most two processes: each ends within the decision cap with a correct result and conserved
components; no private card leaks; every twentieth game replays identically in fresh processes
under other hash seeds; every civilization (the Automa's allowed ones in solo) is dealt at least
10 times in a full run, and every Fantasies & Futures tech card invented at least 10 times.
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
from engine.core.registry import Policy, get_game
from engine.core.seats import SeatSpec
from engine.games.tapestry.automa.game import SOLO_REMOVED_CIVS
from engine.games.tapestry.data import civilizations, tech_cards
from tests.engine.tapestry.automa import test_automa_property as solo_checks
from tests.engine.tapestry.helpers import digest, digests_elsewhere
from tests.engine.tapestry.randplay import DECISION_CAP, options_of, play, players_of, policy_names, run_pool
from tests.engine.tapestry.test_property import ended_correctly

ROOT = Path(__file__).resolve().parents[3]
GAMES = int(os.environ.get("TAPESTRY_EXP_GAMES", "1000"))
SOLO_GAMES = int(os.environ.get("TAPESTRY_EXP_SOLO", "500"))
ALL = "all"  # typed as in a lobby: the newest edition of the deck, all 41 civilizations
MIN_DEALT = 10
REPLAY_EVERY = 20


@dataclass
class Outcome:
    key: tuple[str, int]
    failures: list[str] = field(default_factory=list)
    dealt: Counter[str] = field(default_factory=Counter)
    invented: Counter[str] = field(default_factory=Counter)
    record: dict[str, Any] | None = None
    digest: str | None = None


def count_dealt(dealt: Counter[str], events: list[Event], invented: Counter[str] | None = None) -> None:
    """A civilization is dealt when offered at setup or drawn during the game (and the tech
    cards invented are counted in `invented`)."""
    for e in events:
        if invented is not None and e.kind == "invent":
            invented[e.data["card"]] += 1
        if e.kind == "civ_offer":
            dealt.update(e.data["civs"])
        elif e.kind in ("gain_civ", "discard_civ"):
            dealt[e.data["civ"]] += 1


def table_game(i: int) -> Outcome:
    out = Outcome(("table", i))
    n = players_of(i)
    names = policy_names(i, n)
    try:
        match = Match(
            "tapestry",
            [SeatSpec("bot", f"B{s}", p) for s, p in enumerate(names)],
            {**options_of(i), "civilizations": ALL, **({"tech_cards": "all"} if i % 2 == 0 else {})},
            90_000 + i,
        )
        count_dealt(out.dealt, match.opening_events)
        bad = play(match, i, names, hook=lambda m, s, events: count_dealt(out.dealt, events, out.invented))
        out.failures = bad or ended_correctly(match)
        if i % REPLAY_EVERY == 3 and not out.failures:
            out.record, out.digest = match.record(), digest(match)
    except Exception as exc:  # any crash fails that game
        out.failures = [f"{type(exc).__name__}: {exc}"]
    out.failures = [f"table game {i} ({n}p {','.join(names)}): {f}" for f in out.failures]
    return out


def solo_game(i: int) -> Outcome:
    out = Outcome(("solo", i))
    level = 1 + i % 6
    opts: dict[str, Any] = {"opponent": "automa", "automa_level": level, "civilizations": ALL}
    if i % 3 == 0:
        opts["tech_cards"] = "ff"
    if level == 6:
        opts["automa_second_civ"] = ("explorers", "scientists", "conquerors", "engineers")[i // 6 % 4]
    name = "heuristic" if i % 2 == 0 else "random"
    try:
        match = Match("tapestry", [SeatSpec("bot", name, name)], opts, 95_000 + i)
        policy: Policy = get_game("tapestry").policies[name](0, i)
        count_dealt(out.dealt, match.opening_events)
        bad = solo_checks.leaks(match.opening_events)
        while not match.finished and not bad:
            if len(match.log) >= solo_checks.CAP:
                bad = [f"no end after {solo_checks.CAP} decisions"]
                break
            prompts = match.prompts()
            if not prompts:
                bad = ["no prompt in an unfinished game"]
                break
            p = prompts[0]
            events = match.submit(p.seat, policy.choose(match.policy_view(p.seat), p), pid=p.pid)
            count_dealt(out.dealt, events, out.invented)
            bad = solo_checks.leaks(events)
        out.failures = bad or solo_checks.invariants(match)
        if not out.failures and match.result() is None:
            out.failures = ["no result"]
        if i % REPLAY_EVERY == 3 and not out.failures:
            out.record, out.digest = match.record(), digest(match)
    except Exception as exc:  # any crash fails that game
        out.failures = [f"{type(exc).__name__}: {exc}"]
    out.failures = [f"solo game {i} (level {level}): {f}" for f in out.failures]
    return out


def one(key: tuple[str, int]) -> Outcome:
    return table_game(key[1]) if key[0] == "table" else solo_game(key[1])


@cache
def outcomes() -> list[Outcome]:
    keys = [("table", i) for i in range(GAMES)] + [("solo", i) for i in range(SOLO_GAMES)]
    return run_pool(one, keys)


def test_every_game_ends_within_the_cap_with_everything_conserved() -> None:
    failures = [f for o in outcomes() for f in o.failures]
    assert failures == [], "\n".join(failures[:20])
    assert DECISION_CAP == solo_checks.CAP


def test_every_civilization_is_dealt_often_enough() -> None:
    table: Counter[str] = Counter()
    solo: Counter[str] = Counter()
    for o in outcomes():
        (table if o.key[0] == "table" else solo).update(o.dealt)
    allowed = {c for c, civ in civilizations().items() if civ.automa and c not in SOLO_REMOVED_CIVS}
    assert set(solo) <= allowed, set(solo) - allowed  # the Automa's game deals only its civilizations
    if GAMES < 1_000 or SOLO_GAMES < 500:
        return  # a short run cannot promise the coverage
    short = {c: table[c] for c in civilizations() if table[c] < MIN_DEALT}
    assert short == {}, f"dealt fewer than {MIN_DEALT} times: {short}"
    short = {c: solo[c] for c in allowed if solo[c] < MIN_DEALT}
    assert short == {}, f"solo: dealt fewer than {MIN_DEALT} times: {short}"


def test_every_fantasies_and_futures_tech_card_is_invented_often_enough() -> None:
    invented: Counter[str] = Counter()
    for o in outcomes():
        invented.update(o.invented)
    if GAMES < 1_000 or SOLO_GAMES < 500:
        return
    ff = [c.name for c in tech_cards().values() if c.expansion == "ff"]
    short = {c: invented[c] for c in ff if invented[c] < MIN_DEALT}
    assert len(ff) == 12 and short == {}, f"invented fewer than {MIN_DEALT} times: {short}"


def test_replay_in_other_processes_under_other_hash_seeds_is_identical() -> None:
    kept = [o for o in outcomes() if o.record is not None]
    assert kept, "no game was kept for replay"
    for hash_seed in ("0", "31337"):
        assert digests_elsewhere([o.record for o in kept], hash_seed) == [o.digest for o in kept]


def test_simulate_with_every_civilization_is_deterministic() -> None:
    cmd = [
        sys.executable,
        "-m",
        "engine",
        "simulate",
        "tapestry",
        "--players",
        "4",
        "--games",
        "3",
        "--seed",
        "7",
    ]
    cmd += ["--option", "civilizations=all", "--option", "tech_cards=all", "--json"]
    runs = []
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        runs.append(subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=env, check=True).stdout)
    assert runs[0] == runs[1] and len(runs[0].splitlines()) == 3
