"""Dominion engine benchmark: our engine against pyminion and pydominion, in one run.

    bash bench/run.sh            # full run (creates bench/.venv with the peers)
    bash bench/run.sh --quick    # tiny sizes, for CI smoke runs; numbers mean nothing

Prints a markdown table. Peers that are not installed are skipped (reported as such).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root

import ours  # noqa: E402
import peers  # noqa: E402


def rate(play: Callable[[int], int], games: int, seed: int) -> tuple[float, float]:
    """(games per second, mean turns per player) over `games` seeded games."""
    play(seed - 1)  # warm caches and imports outside the timing
    start = time.perf_counter()
    turns = [play(seed + i) for i in range(games)]
    elapsed = time.perf_counter() - start
    return games / elapsed, sum(turns) / len(turns)


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="tiny sizes for a smoke run")
    parser.add_argument("--ours-only", action="store_true", help="skip the peer engines")
    parser.add_argument("--games", type=int, default=0, help="Big Money games per engine")
    args = parser.parse_args(argv)
    games = args.games or (3 if args.quick else 400)
    heuristic_games = 2 if args.quick else 100
    restores = 3 if args.quick else 200
    decision_games = 1 if args.quick else 40

    rows: list[tuple[str, float, float]] = []
    ours_rate, ours_turns = rate(ours.runner(["big_money", "big_money"], "First Game"), games, seed=1000)
    rows.append(("ours (match contract)", ours_rate, ours_turns))
    skipped: list[str] = []
    if not args.ours_only:
        for name, make in peers.RUNNERS.items():
            try:
                play = make()
            except ImportError:
                skipped.append(name)
                continue
            r, t = rate(play, games, seed=1000)
            rows.append((name, r, t))

    print("## Big Money mirror, 2 players\n")
    print("| engine | games/s | turns/player |")
    print("|---|---:|---:|")
    for name, r, t in rows:
        print(f"| {name} | {r:,.0f} | {t:.1f} |")
    peer_rows = rows[1:]
    if peer_rows:
        name, fastest, _ = max(peer_rows, key=lambda row: row[1])
        print(f"\nours / fastest peer ({name}): **{ours_rate / fastest:.2f}x** (target 2x)")
    for name in skipped:
        print(f"\n{name}: not installed, skipped")

    h_rate, h_turns = rate(ours.runner(["heuristic", "heuristic"], "random"), heuristic_games, seed=2000)
    record, table_turns = ours.long_game(4, 8 if args.quick else 30, seed=3000)
    restore = ours.restore_times(record, restores)
    decisions = ours.decision_times(["heuristic", "expert"], decision_games, seed=4000)

    print("\n## Our engine\n")
    print("| measure | value |")
    print("|---|---:|")
    print(f"| heuristic mirror, random kingdoms | {h_rate:,.0f} games/s ({h_turns:.1f} turns/player) |")
    print(
        f"| restore 4-player game from log ({table_turns} turns, {len(record['log'])} answers) "
        f"| p50 {1000 * statistics.median(restore):.2f} ms, p99 {1000 * percentile(restore, 0.99):.2f} ms "
        "(target < 20 ms) |"
    )
    print(
        f"| bot decision (heuristic, expert; {len(decisions)} decisions) "
        f"| p50 {1e6 * statistics.median(decisions):.0f} µs, p99 {1e6 * percentile(decisions, 0.99):.0f} µs |"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
