"""Bot play of whole games (random and heuristic seats), with the invariants checked as it goes."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any, TypeVar

from engine.core.events import Event
from engine.core.match import Match
from engine.core.registry import Policy
from engine.games.architects import GAME
from engine.games.architects.data import apprentices, buildings
from engine.games.architects.state import ORDINARY, WORKERS
from tests.engine.architects.helpers import game_of

MAX_ANSWERS = 20_000
DECISION_CAP = 4_000  # every game must end well within this; reaching it is a failure
Hook = Callable[[Match, int, list[Event]], None]
T = TypeVar("T")
R = TypeVar("R")

BUILDINGS = frozenset(buildings())
# every place a worker can go, counted from `place` events (Black Market spaces one by one)
LOCATIONS = (*ORDINARY, "black_market:0", "black_market:1", "black_market:2", "guildhall")
VERSUS = 5  # games i % 5 == 0 seat one heuristic bot against random ones
PRIVATE_KINDS = frozenset({"drew", "discarded", "looked", "draft_packet"})


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


@cache
def wanted(promos: bool, wow: bool = False) -> tuple[Counter[str], Counter[str]]:
    """Every Building and Apprentice of a game, once each."""
    ok = {"base", "promo"} if promos else {"base"}
    if wow:
        ok.add("wow")
    b = Counter(k for k, v in buildings().items() if v.set in ok)
    return b, Counter(k for k, v in apprentices().items() if v.set in ok)


def quick_invariants(match: Match) -> list[str]:
    """Cheap enough for every few answers: all workers accounted for, no holding out of range."""
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
    if min(min(row) for row in g.coins) < 0:
        out.append("negative coins on the display")
    open_prompts = match.prompts()
    keys = {q.key.rsplit(".", 1)[-1] for q in open_prompts}
    if "draft" not in keys:  # packets being drafted are in no pile
        buildings_now, apprentices_now = totals(match)
        for q in open_prompts:
            if q.key.endswith(".keep_one"):  # Buildings being looked at are in no pile either
                buildings_now.update(o.card for o in q.options if o.card is not None)
        if (buildings_now, apprentices_now) != wanted(bool(g.options["promo_cards"]), g.wow is not None):
            out.append("cards not conserved")
    if len(g.guildhall) > g.guildhall_size and not (
        g.final_left is not None and g.options["guildhall_after_end"]
    ):
        out.append("Guildhall overfilled")
    return out


class Ledger:
    """Goods, Silver, Debts and the Tax Stand rebuilt from events alone: resources come from and
    go to the supply only through `gain` and `pay`, Silver also moves through display coins."""

    def __init__(self, match: Match) -> None:
        g = game_of(match)
        self.holdings = [{"silver": p.silver, **p.res} for p in g.players]
        self.debts = [p.debts for p in g.players]
        self.tax = g.tax

    def apply(self, e: Event) -> None:
        kind = e.kind
        if kind == "gain":
            mine = self.holdings[e.seat or 0]
            for k, v in e.data["goods"].items():
                mine[k] += v
            if e.data["why"] == "tax_stand":
                self.tax -= e.data["goods"].get("silver", 0)
        elif kind == "pay":
            mine = self.holdings[e.seat or 0]
            for k, v in e.data["goods"].items():
                mine[k] -= v
            mine["silver"] -= e.data["silver"] + e.data["tax"]
            self.tax += e.data["tax"]
        elif kind == "hire":
            self.holdings[e.seat or 0]["silver"] += e.data["coins"]
        elif kind == "coins_on_display":
            self.holdings[e.seat or 0]["silver"] -= e.data["count"]
        elif kind == "debt":
            self.debts[e.seat or 0] += 1
        elif kind in ("debt_paid", "debt_destroyed"):
            self.debts[e.seat or 0] -= e.data.get("count", 1)

    def differences(self, match: Match) -> list[str]:
        g = game_of(match)
        out = []
        for p, mine, debts in zip(g.players, self.holdings, self.debts, strict=True):
            actual = {"silver": p.silver, **p.res}
            if actual != mine or p.debts != debts:
                out.append(f"seat {p.seat}: holds {actual} debts {p.debts}, events say {mine} {debts}")
        if g.tax != self.tax:
            out.append(f"Tax Stand {g.tax}, events say {self.tax}")
        return out


def named_cards(value: Any, out: set[str]) -> None:
    """Building ids anywhere in an event's data (dict keys included)."""
    kind = type(value)
    if kind is str:
        if value in BUILDINGS:
            out.add(value)
    elif kind is dict:
        for k, v in value.items():
            if k in BUILDINGS:
                out.add(k)
            if type(v) is not int:
                named_cards(v, out)
    elif kind is list or kind is tuple:
        for v in value:
            if type(v) is not int:
                named_cards(v, out)


def leaks(match: Match, events: Iterable[Event]) -> list[str]:
    """Private events go to their owner only; public ones name no Building that is not built."""
    out = []
    named: set[str] = set()
    for e in events:
        if e.kind in PRIVATE_KINDS:
            if e.to is None or e.to != e.seat:
                out.append(f"private event {e} shown to {e.to}")
        elif e.to is not None:
            out.append(f"unexpected private event {e}")
        else:
            named_cards(e.data, named)
    if named:
        built = {b for p in game_of(match).players for b in p.buildings}
        out.extend(f"public event names the unbuilt {c}" for c in sorted(named - built))
    return out


def count_uses(uses: Counter[str], events: Iterable[Event]) -> None:
    """A location is used when a worker is placed there, a Building when it is built, an
    Apprentice when it is hired; the Cathedral counts its climbs."""
    for e in events:
        kind = e.kind
        if kind == "place":
            loc = e.data["location"]
            uses[f"{loc}:{e.data['space']}" if loc == "black_market" else loc] += 1
        elif kind == "build" or kind == "hire":
            uses[e.data["card"]] += 1
        elif kind == "cathedral":
            uses["cathedral"] += 1


def policy_names(i: int, players: int) -> tuple[str, ...]:
    """Seat policies of game i: every fifth game is one heuristic seat among random ones (2-4
    players), the others mix both at random (all-random and all-heuristic tables included)."""
    if i % VERSUS == 0:
        hero = (i // VERSUS) % players
        return tuple("heuristic" if s == hero else "random" for s in range(players))
    rng = random.Random(i * 40_503 + 17)
    return tuple("heuristic" if rng.random() < 0.5 else "random" for _ in range(players))


def players_of(i: int) -> int:
    return 2 + (i // VERSUS) % 3 if i % VERSUS == 0 else 2 + i % 4


def play(
    match: Match,
    seed: int,
    hook: Hook | None = None,
    check_every: bool = True,
    policies: Sequence[str] | None = None,
    cap: int = MAX_ANSWERS,
) -> list[str]:
    """Bot answers to the end (random seats unless `policies` says otherwise); returns what went
    wrong. Heuristic seats read only their own view."""
    g = game_of(match)
    names = list(policies) if policies is not None else ["random"] * len(match.seats)
    bots: list[Policy] = [GAME.policies[name](i, seed) for i, name in enumerate(names)]
    views = [name != "random" for name in names]
    failures: list[str] = []
    empty: dict[str, Any] = {}
    while not match.finished:
        if len(match.log) >= cap:
            return [f"seed {seed}: no end after {cap} answers"]
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
        view = match.policy_view(p.seat) if views[p.seat] else empty
        events = match.submit(p.seat, bots[p.seat].choose(view, p), pid=p.pid)
        if hook is not None:
            hook(match, p.seat, events)
        if check_every:
            step = len(match.log)
            bad = invariants(match) if step % 32 == 0 else quick_invariants(match) if step % 8 == 0 else []
            if bad:
                return [f"seed {seed} answer {len(match.log)}: {b}" for b in bad]
    if totals(match) != wanted(bool(g.options["promo_cards"]), g.wow is not None):
        failures.append(f"seed {seed}: cards not conserved")
    return failures


def run_pool(fn: Callable[[T], R], items: Sequence[T], spawn: bool = False) -> list[R]:
    """Map `fn` over the items in a process pool of at most two workers (one per core); `spawn`
    starts fresh interpreters (they read PYTHONHASHSEED from the environment)."""
    import multiprocessing
    import os
    from concurrent.futures import ProcessPoolExecutor

    workers = max(1, min(2, os.cpu_count() or 1))
    methods = multiprocessing.get_all_start_methods()
    method = "spawn" if spawn or "fork" not in methods else "fork"
    context = multiprocessing.get_context(method)
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        return list(pool.map(fn, items, chunksize=max(1, len(items) // (workers * 8))))


def failures_of(fn: Callable[[int], list[str]], seeds: list[int]) -> list[str]:
    return [f for failures in run_pool(fn, seeds) for f in failures]
