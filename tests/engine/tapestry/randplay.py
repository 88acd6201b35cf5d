"""Bot play of whole games (random and heuristic seats mixed), with the invariants checked as it goes."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from engine.core.events import Event
from engine.core.match import Match
from engine.core.registry import Policy
from engine.games.tapestry import GAME
from engine.games.tapestry.data import TRACKS, civilizations, tapestry_cards, tech_cards
from tests.engine.tapestry.helpers import VARIANTS, game, invariants, seats

DECISION_CAP = 2_500  # games end in a few hundred decisions; reaching the cap is a failure
TURN = "tapestry.prompt.turn"
VERSUS = 5  # games i % 5 == 0 seat one heuristic bot among random ones
PRIVATE_KINDS = frozenset({"drew_tapestry", "civ_offer", "landmark_cards_seen"})
# public events that may name a tapestry card: it is face up for everyone at that moment
SHOWN = frozenset(
    {"play_tapestry", "copy_card", "reveal", "trap", "era_ends", "vp", "charm", "counter_trap", "response"}
)
CARDS = frozenset(tapestry_cards())
Hook = Callable[[Match, int, list[Event]], None]
T = TypeVar("T")
R = TypeVar("R")


def players_of(i: int) -> int:
    return 2 + (i // VERSUS) % 4 if i % VERSUS == 0 else 2 + i % 4


def options_of(i: int) -> dict[str, Any]:
    """Games i % 7 == 6 play with every optional variant."""
    return dict(VARIANTS) if i % 7 == 6 else {}


def policy_names(i: int, players: int) -> tuple[str, ...]:
    """Every fifth game is one heuristic seat among random ones; the others mix both at random
    (all-random and all-heuristic tables included)."""
    if i % VERSUS == 0:
        hero = (i // VERSUS) % players
        return tuple("heuristic" if s == hero else "random" for s in range(players))
    rng = random.Random(i * 40_503 + 17)
    return tuple("heuristic" if rng.random() < 0.5 else "random" for _ in range(players))


def new_game(i: int) -> tuple[Match, tuple[str, ...]]:
    n = players_of(i)
    names = policy_names(i, n)
    return Match("tapestry", seats(n), options_of(i), 50_000 + i), names


def leaks(events: Iterable[Event]) -> list[str]:
    """Private events go to their owner only; public ones name a tapestry card only as it is shown."""
    bad = []
    for e in events:
        if e.kind in PRIVATE_KINDS:
            if e.to is None or e.to != e.seat:
                bad.append(f"private event made public: {e}")
        elif e.to is not None:
            bad.append(f"unexpected private event {e}")
        elif e.kind not in SHOWN and any(type(v) is str and v in CARDS for v in e.data.values()):
            bad.append(f"public event names a tapestry card: {e}")
    return bad


def prompt_faults(match: Match) -> list[str]:
    """Every open prompt offers something, without duplicates, and defaults to what it offers."""
    bad = []
    for p in match.prompts():
        ids = [o.id for o in p.options]
        if not ids:
            bad.append(f"prompt {p.key} has no options")
        elif len(set(ids)) != len(ids):
            bad.append(f"prompt {p.key} offers duplicates {ids}")
        elif p.default is not None and not set(p.default) <= set(ids):
            bad.append(f"prompt {p.key} defaults to {p.default}, not offered")
        elif not 0 <= p.min <= p.max or p.min > len(ids):
            bad.append(f"prompt {p.key} asks {p.min}..{p.max} of {len(ids)}")
    return bad


def play(match: Match, seed: int, policies: Sequence[str], hook: Hook | None = None, cap: int = DECISION_CAP) -> list[str]:
    """Bot answers to the end; returns what went wrong. Heuristic seats read only their own view."""
    bots: list[Policy] = [GAME.policies[name](s, seed) for s, name in enumerate(policies)]
    views = [name != "random" for name in policies]
    empty: dict[str, Any] = {}
    bad = leaks(match.opening_events)
    turns = 0
    while not match.finished and not bad:
        if len(match.log) >= cap:
            return [f"no end after {cap} decisions"]
        prompts = match.prompts()
        if not prompts:
            return ["no prompt in an unfinished game"]
        bad = prompt_faults(match)
        if bad:
            break
        p = prompts[(len(match.log) * 31 + seed) % len(prompts)]
        view = match.policy_view(p.seat) if views[p.seat] else empty
        events = match.submit(p.seat, bots[p.seat].choose(view, p), pid=p.pid)
        if hook is not None:
            hook(match, p.seat, events)
        bad = leaks(events)
        if not bad and (opened := match.prompts()) and opened[0].key == TURN:
            turns += 1
            if turns % 3 == 0:  # between turns (mid-action an outpost may be in hand)
                bad = invariants(match)
    return bad or invariants(match)


def count_reached(reached: Counter[str], events: Iterable[Event]) -> None:
    """A track space is reached by `advance`, a tech card by `invent`, a tapestry card by being
    laid face up, a civilization by being chosen at setup or gained later."""
    for e in events:
        kind = e.kind
        if kind == "advance":
            reached[f"space:{e.data['track']}:{e.data['space']}"] += 1
        elif kind == "invent":
            reached[f"tech:{e.data['card']}"] += 1
        elif kind == "play_tapestry":
            reached[f"tapestry:{e.data['card']}"] += 1
        elif (kind == "setup" or kind == "gain_civ") and e.data.get("civ"):
            reached[f"civ:{e.data['civ']}"] += 1


def everything() -> list[str]:
    """Every name `count_reached` can count."""
    return (
        [f"space:{t}:{s}" for t in TRACKS for s in range(1, 13)]
        + [f"tech:{c}" for c, card in tech_cards().items() if card.expansion == "base"]  # the default deck
        + [f"tapestry:{c}" for c in tapestry_cards()]
        + [f"civ:{c}" for c, civ in civilizations().items() if civ.expansion == "base"]  # the default deck
    )


def run_pool(fn: Callable[[T], R], items: Sequence[T], spawn: bool = False) -> list[R]:
    """Map `fn` over the items in a pool of at most two workers (one per core); `spawn` starts
    fresh interpreters (they read PYTHONHASHSEED from the environment)."""
    import multiprocessing
    import os
    from concurrent.futures import ProcessPoolExecutor

    workers = max(1, min(2, os.cpu_count() or 1))
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("spawn" if spawn or "fork" not in methods else "fork")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        return list(pool.map(fn, items, chunksize=max(1, len(items) // (workers * 8))))


def vp_of(match: Match) -> list[int]:
    return [p.vp for p in game(match).players]
