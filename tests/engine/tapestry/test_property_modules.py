"""Whole bot games with every expansion module on, each with its test set (`module_data/`,
invented fixtures) and every civilization in the deck.

TAPESTRY_MODULE_GAMES games (default 300) of 2-5 players, random and heuristic seats mixed, in
a pool of at most two processes: each ends within the decision cap with a correct result and
conserved components (the sets' cards and landmarks included); no private card, landmark-card
draft included, leaks into a public event; every module's mechanism is met (charms, reserved
items used, triggers, response cards, explored set tiles, landmark goals met, overlays dealt); every tenth game
replays identically in fresh processes under other hash seeds.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.events import Event
from engine.core.match import Match
from engine.core.seats import SeatSpec
from engine.games.tapestry import GAME
from tests.engine.tapestry.helpers import digest, digests_elsewhere
from tests.engine.tapestry.module_sets import options
from tests.engine.tapestry.randplay import (
    DECISION_CAP,
    SHOWN,
    options_of,
    play,
    players_of,
    policy_names,
    run_pool,
)
from tests.engine.tapestry.test_property import ended_correctly

ROOT = Path(__file__).resolve().parents[3]
GAMES = int(os.environ.get("TAPESTRY_MODULE_GAMES", "300"))
REPLAY_EVERY = 10
# what each module's mechanism shows in the events (all met in a full run)
MECHANISMS = (
    "charm",
    "reserve",
    "use_reserved",
    "ability",
    "response",
    "counter_trap",
    "landmark_goal",
    "landmark_card",
    "advanced_capital",
    "build_on_card",
    "overlay",
)


@dataclass
class Outcome:
    index: int
    failures: list[str] = field(default_factory=list)
    seen: Counter[str] = field(default_factory=Counter)
    set_cards_laid: Counter[str] = field(default_factory=Counter)
    record: dict[str, Any] | None = None
    digest: str | None = None


@cache
def set_cards() -> frozenset[str]:
    from engine.games.tapestry import modules

    c = modules.content(GAME.normalize_options(options(), 2))
    return frozenset([*c.cards, *c.responses, *c.landmark_cards])


def module_leaks(events: list[Event]) -> list[str]:
    """A set's card is named publicly only as it is laid, used or shown at the end of the draft."""
    shown = SHOWN | {"landmark_card", "landmark_goal", "build_on_card"}
    bad = []
    for e in events:
        if (
            e.to is None
            and e.kind not in shown
            and any(type(v) is str and v in set_cards() for v in e.data.values())
        ):
            bad.append(f"public event names a set card: {e}")
    return bad


def count(out: Outcome, events: list[Event]) -> None:
    for e in events:
        if e.kind in MECHANISMS:
            out.seen[e.kind] += 1
        if e.kind == "explore_space" and e.data.get("tile", 0) >= 16:
            out.seen["set_space_tile"] += 1
        if e.kind == "play_tapestry" and e.data.get("card") in set_cards():
            out.set_cards_laid[e.data["card"]] += 1
    out.failures += module_leaks(events)


def one_game(i: int) -> Outcome:
    out = Outcome(i)
    n = players_of(i)
    names = policy_names(i, n)
    try:
        opts = GAME.normalize_options({**options_of(i), **options(), "civilizations": "all"}, n)
        match = Match(
            "tapestry", [SeatSpec("bot", f"B{s}", p) for s, p in enumerate(names)], opts, 70_000 + i
        )
        count(out, match.opening_events)
        bad = play(match, i, names, hook=lambda m, s, events: count(out, events))
        out.failures = out.failures or bad or ended_correctly(match)
        if i % REPLAY_EVERY == 3 and not out.failures:
            out.record, out.digest = match.record(), digest(match)
    except Exception as exc:  # any crash fails that game
        out.failures = [f"{type(exc).__name__}: {exc}"]
    out.failures = [f"game {i} ({n}p {','.join(names)}): {f}" for f in out.failures]
    return out


@cache
def outcomes() -> list[Outcome]:
    return run_pool(one_game, list(range(GAMES)))


def test_every_game_with_every_module_ends_within_the_cap_with_everything_conserved() -> None:
    failures = [f for o in outcomes() for f in o.failures]
    assert failures == [], "\n".join(failures[:20])
    assert DECISION_CAP <= 2_500


def test_every_module_mechanism_is_met() -> None:
    seen: Counter[str] = Counter()
    laid: Counter[str] = Counter()
    for o in outcomes():
        seen.update(o.seen)
        laid.update(o.set_cards_laid)
    if GAMES < 300:
        return  # a short run cannot promise the coverage
    missing = [k for k in (*MECHANISMS, "set_space_tile") if seen[k] == 0]
    assert missing == [], (missing, seen)
    from engine.games.tapestry import modules

    c = modules.content(GAME.normalize_options(options(), 2))
    assert set(c.cards) <= set(laid), set(c.cards) - set(laid)


def test_replay_in_other_processes_under_other_hash_seeds_is_identical() -> None:
    kept = [o for o in outcomes() if o.record is not None]
    assert kept, "no game was kept for replay"
    for hash_seed in ("0", "31337"):
        assert digests_elsewhere([o.record for o in kept], hash_seed) == [o.digest for o in kept]
