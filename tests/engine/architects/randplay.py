"""Random legal play of whole games, with the invariants checked after every answer."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from engine.core.events import Event
from engine.core.match import Match
from engine.games.architects.bots import RandomBot
from engine.games.architects.data import apprentices, buildings
from engine.games.architects.state import WORKERS
from tests.engine.architects.helpers import game_of

MAX_ANSWERS = 20_000
Hook = Callable[[Match, int, list[Event]], None]


def setup_of(i: int) -> tuple[int, dict[str, Any]]:
    """Player count and options of game i: 2-5 players in turn, both sides, promos, BGA rules."""
    rng = random.Random(i * 2_654_435_761 % 2**32)
    side = "B" if rng.random() < 0.5 else "A"
    options: dict[str, Any] = {
        "architect_side": side,
        "promo_cards": rng.random() < 0.5,
        "virtue_debt": rng.random() < 0.8,
        "draft": rng.random() < 0.8,
        "hand_limit": rng.choice([6, 6, 6, 0, 4]),
        "tax_stand_start": rng.choice([4, 4, 0, 2]),
        "guildhall_after_end": rng.random() < 0.7,
    }
    if side == "B" and rng.random() < 0.5:
        options["promo_architects"] = True
    return 2 + i % 4, options


def totals(match: Match) -> tuple[Counter[str], Counter[str]]:
    """Every Building and Apprentice card, wherever it is."""
    g = game_of(match)
    b: Counter[str] = Counter(g.deck)
    a: Counter[str] = Counter(g.app_deck)
    a.update(c for row in g.display for c in row if c is not None)
    for p in g.players:
        b.update(p.hand)
        b.update(p.buildings)
        a.update(p.apprentices)
    return b, a


def quick_invariants(match: Match) -> list[str]:
    """Cheap enough for every answer: all workers accounted for, no holding out of range."""
    g = game_of(match)
    n = g.n
    placed = sum(p.supply for p in g.players) + sum(sum(v) for v in g.at.values())
    placed += sum(1 for s in g.market if s is not None) + len(g.guildhall) + sum(g.prison)
    placed += sum(sum(p.captives) for p in g.players)
    out = [] if placed == WORKERS * n else [f"{placed} workers in play"]
    for p in g.players:
        if not 0 <= p.virtue <= 14 or p.silver < 0 or p.debts < 0:
            out.append(f"seat {p.seat}: virtue {p.virtue} silver {p.silver} debts {p.debts}")
    return out


def invariants(match: Match) -> list[str]:
    g = game_of(match)
    out = []
    for p in g.players:
        if g.workers_out(p.seat) != WORKERS:
            out.append(f"seat {p.seat} has {g.workers_out(p.seat)} workers")
        if not 0 <= p.virtue <= 14:
            out.append(f"virtue {p.virtue}")
        if p.silver < 0 or min(p.res.values()) < 0 or p.debts < 0:
            out.append(f"negative holdings {p}")
        if len(p.apprentices) > g.apprentice_limit(p.seat):
            out.append("too many apprentices")
    if len(g.guildhall) > g.guildhall_size and not (
        g.final_left is not None and g.options["guildhall_after_end"]
    ):
        out.append("Guildhall overfilled")
    return out


def play(match: Match, seed: int, hook: Hook | None = None, check_every: bool = True) -> list[str]:
    """Random answers to the end; returns what went wrong."""
    g = game_of(match)
    bots = [RandomBot(i, seed) for i in range(len(match.seats))]
    want_b = Counter(k for k, v in buildings().items() if g.promo_ok(v.set))
    want_a = Counter(k for k, v in apprentices().items() if g.promo_ok(v.set))
    failures: list[str] = []
    while not match.finished:
        if len(match.log) >= MAX_ANSWERS:
            return [f"seed {seed}: no end after {MAX_ANSWERS} answers"]
        prompts = match.prompts()
        if not prompts:
            return [f"seed {seed}: no prompt in an unfinished game"]
        p = prompts[(len(match.log) * 31 + seed) % len(prompts)]
        if check_every and len(match.log) % 4 == 0:
            ids = [o.id for o in p.options]
            if len(set(ids)) != len(ids) or len(ids) < 2 and p.min == p.max == 1:
                return [f"seed {seed}: prompt {p.key} offers {ids}"]  # duplicates, or nothing to decide
            if p.default is not None and not set(p.default) <= set(ids):
                return [f"seed {seed}: prompt {p.key} defaults to {p.default}, not offered"]
        events = match.submit(p.seat, bots[p.seat].choose({}, p), pid=p.pid)
        if hook is not None:
            hook(match, p.seat, events)
        if check_every:
            step = len(match.log)
            bad = invariants(match) if step % 16 == 0 else quick_invariants(match) if step % 4 == 0 else []
            if bad:
                return [f"seed {seed} answer {len(match.log)}: {b}" for b in bad]
    b, a = totals(match)
    if b != want_b or a != want_a:
        failures.append(f"seed {seed}: cards not conserved")
    return failures


def run_pool(fn: Callable[[int], list[str]], seeds: list[int]) -> list[str]:
    """Map `fn` over the seeds in a process pool of at most two workers (one per core)."""
    import multiprocessing
    import os
    from concurrent.futures import ProcessPoolExecutor

    workers = max(1, min(2, os.cpu_count() or 1))
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        results = pool.map(fn, seeds, chunksize=max(1, len(seeds) // (workers * 8)))
        return [f for failures in results for f in failures]
