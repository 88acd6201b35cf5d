"""Memory per hot match in the table service's cache, and proof that the cache is bounded.

A SQLite database (temp dir) is seeded with N running 2-player Dominion matches, each in mid-game
(the answers of two Big Money bots up to the given number of answers, distinct seeds), exactly as
the bot stores them: a `matches` row plus its `match_log`. The table service then loads them
(`TableService.get`, i.e. rebuild from seed + log) and Python's tracemalloc measures what the
cache holds:

- per hot match: traced memory after loading N matches with a cache larger than N, divided by N;
- bounded: with MATCH_CACHE_SIZE = B < N, traced memory after loading B, 2B, ... N matches stays
  at about B matches' worth.

    python bench/memory.py --matches 1000 --bound 100
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import shutil
import sys
import tempfile
import time
import tracemalloc
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.table import TableService  # noqa: E402
from engine.cli.simulate import make_policies  # noqa: E402
from engine.core import Match, SeatSpec  # noqa: E402
from engine.core.registry import get_game  # noqa: E402
from storage import SeatRecord, Store  # noqa: E402

BOTS = ["big_money", "big_money"]


def midgame(seed: int, answers: int) -> tuple[dict[str, object], list[tuple[int, tuple[str, ...]]]]:
    """Options and the first `answers` answers of a Big Money mirror on First Game."""
    definition = get_game("dominion")
    match = Match(
        "dominion", [SeatSpec(kind="bot", name=b, policy=b) for b in BOTS], {"kingdom": "First Game"}, seed
    )
    policies = make_policies(definition, BOTS, seed)
    log: list[tuple[int, tuple[str, ...]]] = []
    while not match.finished and len(log) < answers:
        prompt = match.prompts()[0]
        answer = tuple(policies[prompt.seat].choose(match.policy_view(prompt.seat), prompt))
        match.submit(prompt.seat, answer)
        log.append((prompt.seat, answer))
    return dict(match.options), log


async def seed_store(store: Store, matches: int, answers: int) -> list[int]:
    """N active matches with their logs; returns their ids."""
    version = get_game("dominion").engine_version
    ids: list[int] = []
    rows: list[tuple[int, int, int, str, float]] = []
    for i in range(matches):
        options, log = midgame(10_000 + i, answers)
        record = await store.matches.create(
            guild_id=1,
            channel_id=100_000 + i,
            game="dominion",
            engine_version=version,
            options={**options, "capacity": 2},
            seats=[SeatRecord("bot", b, b, None) for b in BOTS],
            seed=10_000 + i,
            host_id=1,
        )
        record.status = "active"
        await store.matches.save(record)
        ids.append(record.id)
        now = time.time()
        rows.extend((record.id, seq, seat, json.dumps(list(a)), now) for seq, (seat, a) in enumerate(log))
    # Bulk seeding of the fixture only; the bot itself appends through LogRepo.
    async with store.db.transaction() as conn:
        await conn.executemany(
            "INSERT INTO match_log (match_id, seq, seat, answer, created_at) VALUES (?, ?, ?, ?, ?)", rows
        )
    return ids


def traced() -> int:
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


@dataclass
class MemoryResult:
    matches: int
    answers: int
    per_match_kb: float = 0.0
    load_ms: float = 0.0  # mean time to rebuild one match from storage (untraced)
    bound: int = 0
    bounded_mb: list[tuple[int, float]] = field(default_factory=list)  # (loaded, MB held)


async def measure(matches: int, bound: int, answers: int) -> MemoryResult:
    result = MemoryResult(matches, answers, bound=bound)
    workdir = Path(tempfile.mkdtemp(prefix="bgb-mem-"))
    store = await Store.open(str(workdir / "mem.sqlite3"))
    try:
        ids = await seed_store(store, matches, answers)
        # Rebuild time, untraced (this also warms imports and card data).
        cold = TableService(store, 1)
        start = time.perf_counter()
        for match_id in ids:
            await cold.get(match_id)
        result.load_ms = 1000 * (time.perf_counter() - start) / matches
        del cold
        tracemalloc.start()
        try:
            table = TableService(store, matches + 1)
            base = traced()
            for match_id in ids:
                live = await table.get(match_id)
                assert live.match is not None and live.broken is None
            result.per_match_kb = (traced() - base) / matches / 1024
            del table, live
            bounded = TableService(store, bound)
            base = traced()
            steps = sorted({min(matches, bound * k) for k in (1, 2, 4)} | {matches})
            loaded = 0
            for step in steps:
                for match_id in ids[loaded:step]:
                    await bounded.get(match_id)
                loaded = step
                result.bounded_mb.append((loaded, (traced() - base) / 2**20))
        finally:
            tracemalloc.stop()
    finally:
        await store.close()
        shutil.rmtree(workdir, ignore_errors=True)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--bound", type=int, default=100, help="MATCH_CACHE_SIZE for the bounded run")
    parser.add_argument("--answers", type=int, default=60, help="answers already in each match's log")
    args = parser.parse_args(argv)
    r = asyncio.run(measure(args.matches, args.bound, args.answers))
    print(
        f"{r.matches} matches ({r.answers} answers each): {r.per_match_kb:.0f} KiB per hot match, "
        f"rebuild {r.load_ms:.2f} ms each"
    )
    print(f"cache bound {r.bound}: " + ", ".join(f"{n} loaded -> {mb:.1f} MiB" for n, mb in r.bounded_mb))
    return 0


if __name__ == "__main__":
    sys.exit(main())
