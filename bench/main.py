"""Benchmarks in one run: our Dominion engine against pyminion and pydominion, the real bot
process under load (on SQLite and on a throwaway PostgreSQL cluster) and the same load against a
minimal discord.py bot (the floor), memory per cached match, bot-seat decision times, and per
game: random-play decisions per second (every game) and Tapestry's restore of a 5-player game.

    bash bench/run.sh            # full run (creates bench/.venv with the peers)
    bash bench/run.sh --quick    # tiny sizes, for CI smoke runs; numbers mean nothing
    bash bench/run.sh --json out.json   # also every row as JSON
    bash bench/run.sh --quick --json    # the tables on stderr, the same JSON object on stdout

Prints markdown tables, the last one with every target and whether it was met. Peers that are
not installed are skipped (reported as such).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root

import decisions as bot_decisions  # noqa: E402
import floor  # noqa: E402
import load  # noqa: E402
import memory  # noqa: E402
import minimal  # noqa: E402
import ours  # noqa: E402
import peers  # noqa: E402
import pgcluster  # noqa: E402
import randomplay  # noqa: E402

# Targets for the summary table.
RATE_TARGET = 500.0  # clicks/s answered with 1,000 live matches
# An offered load both the bot and the table floor keep up with: their CPU per click at the same
# pace. Saturated, a process spends less per click the more clicks each turn of its event loop
# handles, and the floor, twice as fast, gains more from that than the bot does.
SAME_PACE = 300.0
P99_TARGET_MS = 100.0  # dispatch -> callback
RESTORE_TARGET_MS = 20.0
TAPESTRY_RESTORE_TARGET_MS = 50.0  # a finished 5-player game
PEER_RATIO_TARGET = 2.0
CEILING_RATIO_TARGET = 0.4  # of the minimal pure-Python game
CEILING = "minimal pure-Python game (ceiling)"
# Big Money: the engines take turns in this many rounds. Fifteen rounds of 80 games: on a machine
# whose pace moves within seconds, single rounds spread 1.1-4.6x against pydominion, and the
# median of fifteen moved about a third as much from one run to the next as the median of five.
ROUNDS = 15
GAMES_PER_ROUND = 80
LOAD_ROUNDS = 5  # the bot's load runs and the table floor's, interleaved


def rate(play: Callable[[int], int], games: int, seed: int) -> tuple[float, float]:
    """(games per second, mean turns per player) over `games` seeded games."""
    play(seed - 1)  # warm caches and imports outside the timing
    start = time.perf_counter()
    turns = [play(seed + i) for i in range(games)]
    elapsed = time.perf_counter() - start
    return games / elapsed, sum(turns) / len(turns)


def interleaved_rates(
    engines: dict[str, Callable[[int], int]], games: int, seed: int, rounds: int
) -> tuple[list[tuple[str, float, float]], list[dict[str, float]]]:
    """(name, games per CPU second, mean turns per player) per engine, the first engine's rate
    over each other's per round. The engines take turns, `games // rounds` seeded games at a
    time, timed in this process's CPU time: neither a drift in the machine's load over the run
    nor another process taking the core favours the engine measured at a quiet moment."""
    chunk = max(1, games // rounds)
    for play in engines.values():
        play(seed - 1)  # warm caches and imports outside the timing
    spent = dict.fromkeys(engines, 0.0)
    turns: dict[str, list[int]] = {name: [] for name in engines}
    per_round: list[dict[str, float]] = []
    first = next(iter(engines))
    for r in range(rounds):
        took: dict[str, float] = {}
        for name, play in engines.items():
            start = time.process_time()
            turns[name] += [play(seed + r * chunk + i) for i in range(chunk)]
            took[name] = time.process_time() - start
            spent[name] += took[name]
        # ours / a peer in games per second = the peer's time / ours, for the same seeds
        per_round.append(
            {name: took[name] / took[first] if took[first] else float("nan") for name in engines}
        )
    rows = [(name, len(turns[name]) / spent[name], sum(turns[name]) / len(turns[name])) for name in engines]
    return rows, per_round


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@contextlib.contextmanager
def postgres_server(quick: bool) -> Iterator[tuple[str, str]]:
    """(server URL, "") for the load runs on PostgreSQL, each of them then on an empty database of
    its own; ("", why not measured) without one. The full run starts its own cluster, the quick
    smoke run only uses a server named by TEST_DATABASE_URL."""
    server = os.environ.get("TEST_DATABASE_URL", "")
    if quick and not server:
        yield "", "not measured: --quick without TEST_DATABASE_URL"
        return
    with contextlib.ExitStack() as stack:
        if not quick:
            server = stack.enter_context(pgcluster.cluster()) or ""
            if not server:
                yield "", "not measured: PostgreSQL not installed"
                return
        yield server, ""


async def _postgres_run(
    server: str, matches: int, seconds: float, rate_: float | None, quick: bool
) -> load.LoadResult:
    async with pgcluster.fresh_database(server) as url:
        previous = os.environ.get("LOAD_DATABASE_URL")
        os.environ["LOAD_DATABASE_URL"] = url  # what bench/load.py hands the bot as DATABASE_URL
        try:
            return await load.run_load(matches, seconds=seconds, rate=rate_, warmup=0.5 if quick else 3.0)
        finally:
            if previous is None:
                os.environ.pop("LOAD_DATABASE_URL", None)
            else:
                os.environ["LOAD_DATABASE_URL"] = previous


def load_table(backends: list[tuple[str, list[load.LoadResult]]], missing: str) -> str:
    """bench/load.py's table with a leading database column: one row per run and backend, or one
    row saying why a backend was not measured."""
    out: list[str] = []
    for name, runs in backends:
        lines = load.table(runs).splitlines()
        header, rule, rows = lines[0], lines[1], lines[2:]
        if not out:
            out += ["| database " + header, "|---" + rule]
        if not rows:
            blanks = " |" * (header.count("|") - 2)
            out.append(f"| {name} | {missing or 'not measured'} |{blanks}")
        out += [f"| {name} " + row for row in rows]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="tiny sizes for a smoke run")
    parser.add_argument("--ours-only", action="store_true", help="skip the peer engines")
    parser.add_argument("--games", type=int, default=0, help="Big Money games per engine")
    parser.add_argument("--no-load", action="store_true", help="skip the bot-process load benchmark")
    parser.add_argument(
        "--json",
        metavar="FILE",
        nargs="?",
        const="-",
        help="also write one JSON object to FILE: the target ratios (engine_vs_fastest_peer, ...) as "
        "top-level keys, their spread, and every row measured; without FILE, print it on stdout "
        "(the tables then go to stderr)",
    )
    args = parser.parse_args(argv)
    if args.json == "-":
        with contextlib.redirect_stdout(sys.stderr):
            measured = run(args)
        print(json.dumps(measured, ensure_ascii=False))
        return 0
    measured = run(args)
    if args.json:
        Path(args.json).write_text(json.dumps(measured, indent=1, ensure_ascii=False) + "\n")
    return 0


def median_spread(values: list[float]) -> tuple[float | None, list[float] | None]:
    """The median and [lowest, highest] of the values measured (None, None when there are none)."""
    finite = sorted(v for v in values if v == v)  # NaN: not measured
    if not finite:
        return None, None
    return round(statistics.median(finite), 4), [round(finite[0], 4), round(finite[-1], 4)]


def run(args: argparse.Namespace) -> dict[str, object]:
    """Every benchmark; prints the tables and returns the --json object: the target ratios as
    top-level keys, their spread (lowest and highest round) where measured in rounds, then every
    section's rows and the targets table."""
    ratios: dict[str, object] = {"quick": args.quick}
    spreads: dict[str, list[float] | None] = {}
    summary: list[tuple[str, str, str, bool | None]] = []  # (measure, value, target, met)
    report: dict[str, list[dict[str, object]]] = {}  # section -> its rows, for --json
    games = args.games or (5 if args.quick else ROUNDS * GAMES_PER_ROUND)
    heuristic_games = 2 if args.quick else 100
    restores = 3 if args.quick else 200
    decision_games = 1 if args.quick else 40

    engines: dict[str, Callable[[int], int]] = {
        "ours (match contract)": ours.runner(["big_money", "big_money"], "First Game")
    }
    skipped: list[str] = []
    if not args.ours_only:
        for name, make in peers.RUNNERS.items():
            try:
                engines[name] = make()
            except ImportError:
                skipped.append(name)
    engines[CEILING] = minimal.runner()
    rows, round_ratios = interleaved_rates(engines, games, seed=1000, rounds=ROUNDS)

    print("## Big Money mirror, 2 players\n")
    print("| engine | games per CPU second | turns/player |")
    print("|---|---:|---:|")
    for name, r, t in rows:
        print(f"| {name} | {r:,.0f} | {t:.1f} |")
    peer_rows = [row for row in rows[1:] if row[0] != CEILING]
    print(
        f"\nCPU time of this process, the engines taking turns in {len(round_ratios)} rounds of "
        f"{max(1, games // len(round_ratios))} games each, so a change in what else runs on the machine "
        "weighs on all of them alike. Each ratio is the median of the rounds' ratios, with their range. "
        f"The ceiling (`bench/minimal.py`): a minimal honest Big Money game in plain Python, the same "
        "shuffle (one RNG call per card), no validation, log, prompts or events."
    )
    ceiling, ceiling_spread = median_spread([r[CEILING] for r in round_ratios])
    ratios["engine_vs_ceiling"], spreads["engine_vs_ceiling"] = ceiling, ceiling_spread
    if ceiling is not None and ceiling_spread is not None:
        print(
            f"\nours / ceiling: **{ceiling:.2f}** (rounds {ceiling_spread[0]:.2f}-{ceiling_spread[1]:.2f}; "
            f"target ≥ {CEILING_RATIO_TARGET:.0%})"
        )
        summary.append(
            (
                "Big Money games/s, ours / minimal pure-Python game",
                f"{ceiling:.2f} ({ceiling_spread[0]:.2f}-{ceiling_spread[1]:.2f})",
                f"≥ {CEILING_RATIO_TARGET:g}",
                ceiling >= CEILING_RATIO_TARGET,
            )
        )
    ratios["engine_vs_fastest_peer"] = None
    if peer_rows:
        name, fastest, _ = max(peer_rows, key=lambda row: row[1])
        ratio, spread = median_spread([r[name] for r in round_ratios])
        ratios["engine_vs_fastest_peer"], spreads["engine_vs_fastest_peer"] = ratio, spread
        assert ratio is not None and spread is not None
        print(
            f"\nours / fastest peer ({name}): **{ratio:.2f}x** (rounds {spread[0]:.2f}-{spread[1]:.2f}x; target 2x)"
        )
        summary.append(
            (
                f"Big Money games/s, ours / {name}",
                f"{ratio:.2f}x ({spread[0]:.2f}-{spread[1]:.2f})",
                "≥ 2x",
                ratio >= PEER_RATIO_TARGET,
            )
        )
    for name in skipped:
        print(f"\n{name}: not installed, skipped")

    h_rate, h_turns = rate(ours.runner(["heuristic", "heuristic"], "random"), heuristic_games, seed=2000)
    record, table_turns = ours.long_game(4, 8 if args.quick else 30, seed=3000)
    restore = ours.restore_times(record, restores)
    ev_record, ev_turns = ours.everdell_game(4, seed=3000)
    ev_restore = ours.restore_times(ev_record, restores)
    tp_record, tp_turns = ours.tapestry_game(5, seed=3000)
    tp_restore = ours.restore_times(tp_record, restores)
    decisions = ours.decision_times(["heuristic", "expert"], decision_games, seed=4000)

    print("\n## Our engine\n")
    print("| measure | value |")
    print("|---|---:|")
    print(f"| heuristic mirror, random kingdoms | {h_rate:,.0f} games/s ({h_turns:.1f} turns/player) |")
    print(
        f"| restore 4-player game from log, CPU time ({table_turns} turns, {len(record['log'])} answers) "
        f"| p50 {1000 * statistics.median(restore):.2f} ms, p99 {1000 * percentile(restore, 0.99):.2f} ms "
        "(target < 20 ms) |"
    )
    print(
        f"| restore 4-player Everdell game from log, CPU time ({ev_turns} turns, {len(ev_record['log'])} answers) "
        f"| p50 {1000 * statistics.median(ev_restore):.2f} ms, p99 {1000 * percentile(ev_restore, 0.99):.2f} ms "
        "(target < 20 ms) |"
    )
    print(
        f"| restore 5-player Tapestry game from log, CPU time ({tp_turns} turns, {len(tp_record['log'])} answers) "
        f"| p50 {1000 * statistics.median(tp_restore):.2f} ms, p99 {1000 * percentile(tp_restore, 0.99):.2f} ms "
        f"(target < {TAPESTRY_RESTORE_TARGET_MS:g} ms) |"
    )
    print(
        f"| bot decision (heuristic, expert; {len(decisions)} decisions) "
        f"| p50 {1e6 * statistics.median(decisions):.0f} µs, p99 {1e6 * percentile(decisions, 0.99):.0f} µs |"
    )
    restore_p99 = 1000 * percentile(restore, 0.99)
    summary.append(
        (
            "restore 4-player game from log, p99",
            f"{restore_p99:.1f} ms",
            "< 20 ms",
            restore_p99 < RESTORE_TARGET_MS,
        )
    )
    ev_restore_p99 = 1000 * percentile(ev_restore, 0.99)
    summary.append(
        (
            "restore 4-player Everdell game from log, p99",
            f"{ev_restore_p99:.1f} ms",
            "< 20 ms",
            ev_restore_p99 < RESTORE_TARGET_MS,
        )
    )
    tp_restore_p99 = 1000 * percentile(tp_restore, 0.99)
    summary.append(
        (
            "restore 5-player Tapestry game from log, p99",
            f"{tp_restore_p99:.1f} ms",
            f"< {TAPESTRY_RESTORE_TARGET_MS:g} ms",
            tp_restore_p99 < TAPESTRY_RESTORE_TARGET_MS,
        )
    )
    report["restore"] = [
        {
            "game": name,
            "players": players,
            "turns": turns,
            "answers": len(rec["log"]),
            "restores": len(times),
            "p50_ms": round(1000 * statistics.median(times), 3),
            "p99_ms": round(1000 * percentile(times, 0.99), 3),
            "target_ms": target,
        }
        for name, players, turns, rec, times, target in (
            ("Dominion", 4, table_turns, record, restore, RESTORE_TARGET_MS),
            ("Everdell", 4, ev_turns, ev_record, ev_restore, RESTORE_TARGET_MS),
            ("Tapestry", 5, tp_turns, tp_record, tp_restore, TAPESTRY_RESTORE_TARGET_MS),
        )
    ]

    print("\n## Bot seats: decision time (thread CPU time, view building excluded)\n")
    print("| policy | decisions | p50 | p99 |")
    print("|---|---:|---:|---:|")
    report["decisions"] = []
    for d in bot_decisions.run(1 if args.quick else 20):
        report["decisions"].append(
            {"policy": d.label, "games": d.games, "decisions": len(d.samples), "error": d.error}
            | ({"p50_ms": round(d.ms(0.5), 4), "p99_ms": round(d.ms(0.99), 4)} if d.samples else {})
        )
        if d.error:
            print(f"| {d.label} | failed: {d.error} | | |")
            summary.append(
                (f"decision p99, {d.label}", "failed", f"< {bot_decisions.TARGET_P99_MS:g} ms", False)
            )
            continue
        print(f"| {d.label} | {len(d.samples):,} | {d.ms(0.5):.3f} ms | {d.ms(0.99):.2f} ms |")
        summary.append(
            (
                f"decision p99, {d.label}",
                f"{d.ms(0.99):.2f} ms",
                f"< {bot_decisions.TARGET_P99_MS:g} ms",
                d.met,
            )
        )

    print("\n## Random play, every game (random seats through the match contract, CPU time)\n")
    print("| game | players | games | decisions | decisions per CPU second | games per CPU second |")
    print("|---|---|---:|---:|---:|---:|")
    played = randomplay.run(2 if args.quick else 60)
    report["random_play"] = [rp.to_dict() for rp in played]
    for rp in played:
        players = f"{rp.players[0]}-{rp.players[-1]}"
        if rp.error:
            print(f"| {rp.label} | {players} | failed: {rp.error} | | | |")
            summary.append((f"random play, {rp.label}", "failed", "plays to the end", False))
            continue
        print(
            f"| {rp.label} | {players} | {rp.games} | {rp.decisions:,} | {rp.per_second:,.0f} | {rp.games_per_second:.1f} |"
        )
        summary.append(
            (f"random play decisions per CPU second, {rp.label}", f"{rp.per_second:,.0f}", "reported", None)
        )

    mem = asyncio.run(memory.measure(20 if args.quick else 1000, 5 if args.quick else 100, 60))
    print(
        f"\n## Table service cache ({mem.matches:,} running 2-player Dominion matches, {mem.answers} answers each)\n"
    )
    print("| measure | value |")
    print("|---|---:|")
    print(f"| memory per hot match (tracemalloc) | {mem.per_match_kb:.0f} KiB |")
    print(f"| rebuild one match from storage (seed + log) | {mem.load_ms:.2f} ms |")
    for loaded, mb in mem.bounded_mb:
        print(f"| MATCH_CACHE_SIZE={mem.bound}, {loaded:,} matches loaded | {mb:.1f} MiB held |")
    held = [mb for _, mb in mem.bounded_mb]
    flat = len(held) > 1 and max(held) <= 1.2 * held[0] + 0.1
    summary.append(("memory per hot match", f"{mem.per_match_kb:.0f} KiB", "reported", None))
    summary.append(
        (
            f"cache bounded (MATCH_CACHE_SIZE={mem.bound}, up to {mem.matches:,} loaded)",
            f"{held[0]:.1f} -> {held[-1]:.1f} MiB",
            "flat",
            flat,
        )
    )

    for key in (*BOT_KEYS, "bot_cpu_vs_payload_floor"):
        ratios[key] = ratios[f"pg_{key}"] = None
    ratios["payload_floor_cpu_vs_floor"] = ratios["payload_floor_throughput_vs_floor"] = None
    if not args.no_load:
        print("\n## The bot process under load (`python -m bot` + stand-in, body validation off)\n")
        if args.quick:
            sizes: list[tuple[int, float, float | None]] = [(5, 2.0, None)]
        else:
            sizes = [(100, 10.0, None), (100, 10.0, SAME_PACE), (1000, 10.0, RATE_TARGET)]
        warmup = 0.5 if args.quick else 3.0
        rounds = 1 if args.quick else LOAD_ROUNDS
        # Round after round, each size: the bot on SQLite, on PostgreSQL, then the table floor, so
        # every ratio divides runs made minutes apart at most, on a machine whose speed moves.
        by_round: list[tuple[list[load.LoadResult], list[load.LoadResult], list[load.LoadResult]]] = []
        with postgres_server(args.quick) as (server, pg_note):
            for _ in range(rounds):
                sqlite_round, pg_round, table_round = [], [], []
                for k, secs, offered in sizes:
                    sqlite_round.append(
                        asyncio.run(load.run_load(k, seconds=secs, rate=offered, warmup=warmup))
                    )
                    if server:
                        pg_round.append(asyncio.run(_postgres_run(server, k, secs, offered, args.quick)))
                    table_round.append(
                        asyncio.run(
                            floor.run_floor(k, seconds=secs, rate=offered, warmup=warmup, traffic="table")
                        )
                    )
                by_round.append((sqlite_round, pg_round, table_round))
        # the tables and the targets below show the median round (by the SQLite CPU ratio); the
        # ratios are the medians of every round's, with their spread
        middle = by_round[
            median_index([_ratio(sq[0].bot_ms_per_click, tb[0].bot_ms_per_click) for sq, _, tb in by_round])
        ]
        sqlite_runs, pg_runs, table_runs = middle
        floor_runs = [
            asyncio.run(floor.run_floor(k, seconds=s, rate=r, warmup=0.5 if args.quick else 3.0))
            for k, s, r in sizes
        ]
        # The table's traffic carrying our bot's own messages: saturated only (what it shows is
        # the cost of the payloads per click, which the offered load does not change).
        payload_runs = [
            asyncio.run(
                floor.run_floor(k, seconds=s, rate=r, warmup=0.5 if args.quick else 3.0, traffic="payload")
            )
            for k, s, r in sizes[:1]
        ]
        floors = [
            (floor.NAME, floor_runs),
            (floor.TABLE_NAME, table_runs),
            (floor.PAYLOAD_NAME, payload_runs),
        ]
        if rounds > 1:
            print(
                f"Every round ({rounds}, interleaved: each size on SQLite, PostgreSQL, then the table floor):\n"
            )
            print(
                load_table(
                    [
                        (f"{name}, round {i + 1}", runs)
                        for i, (sq, pg, tb) in enumerate(by_round)
                        for name, runs in (("SQLite", sq), ("PostgreSQL", pg), (floor.TABLE_NAME, tb))
                    ],
                    pg_note,
                )
            )
            print("\nThe median round (by the SQLite CPU ratio), with the other floors:\n")
        print(load_table([("SQLite", sqlite_runs), ("PostgreSQL", pg_runs), *floors], pg_note))
        print(
            "\nSQLite: a fresh file in a temp dir. PostgreSQL: "
            + (
                "a fresh database on TEST_DATABASE_URL's server. "
                if args.quick
                else "a throwaway local cluster started by the benchmark (initdb in a temp dir, loopback), "
                "with fsync, synchronous_commit and full_page_writes **off** (nothing here needs to "
                "survive a crash), so its commits cost less than on a durable server. "
            )
            + "Each run gets an empty database, migrated by the bot."
        )
        print(
            "\nFloor: `bench/floor_bot.py` instead of the bot, no database: one UPDATE_MESSAGE callback "
            "with a constant message and button per click, through discord.py's own interaction path."
        )
        print(
            "\nFloor with a table's traffic: the same floor bot (FLOOR_TRAFFIC=table) causing the least a "
            "play-by-post table must: per click the callback and one edit of the match's board message; per "
            "turn (two clicks) one new DM prompt to the other player."
        )
        print(
            "\nFloor with our messages: that traffic (FLOOR_TRAFFIC=payload) carrying the board, the prompts "
            "and the waiting view exactly as our bot sent them in a short game before (each built once): "
            "what sending, receiving and parsing what a player must see costs, with no work to produce it. "
            "Of the bot's CPU per click, what lies above this floor is ours."
        )
        for name, runs in (("SQLite", sqlite_runs), ("PostgreSQL", pg_runs)):
            if not runs:
                continue
            big = runs[-1]
            summary.append(
                (
                    f"clicks/s answered, {big.matches:,} live matches, {name}",
                    f"{big.per_second:,.0f}",
                    f"≥ {RATE_TARGET:g}",
                    None if args.quick else big.per_second >= RATE_TARGET,
                )
            )
            p99 = big.ms(big.ack_ms, 0.99)
            summary.append(
                (
                    f"dispatch -> callback p99, {big.matches:,} live matches, {name}",
                    f"{p99:.0f} ms",
                    f"< {P99_TARGET_MS:g} ms",
                    None if args.quick else p99 < P99_TARGET_MS,
                )
            )
            summary.append(
                (
                    f"bot CPU per click (capacity of one core), {name}",
                    f"{big.bot_ms_per_click:.1f} ms ({1000 / big.bot_ms_per_click:,.0f}/s)"
                    if big.acked
                    else "-",
                    f"≤ 2 ms ({RATE_TARGET:g}/s)",
                    None if args.quick or not big.acked else big.bot_ms_per_click <= 2.0,
                )
            )
            summary.append((f"REST calls per click, {name}", f"{big.rest_per_click:.2f}", "reported", None))
            low = runs[0]
            summary.append(
                (
                    f"database round trips per click, {low.matches:,} matches saturated, {name}",
                    f"{low.db_trips_per_click:.2f}",
                    "1-2",
                    None
                    if args.quick or low.db_trips_per_click != low.db_trips_per_click
                    else low.db_trips_per_click <= 2,
                )
            )
        for prefix, index in (("", 0), ("pg_", 1)):
            per_round = [bot_ratios(prefix, rnd[index], rnd[2]) for rnd in by_round if rnd[index]]
            for key in per_round[0] if per_round else ():
                ratios[key], spreads[key] = median_spread([v for r in per_round if (v := r[key]) is not None])
            key = f"{prefix}bot_cpu_vs_floor_same_pace"
            paced, spread = ratios[key], spreads.get(key)
            if paced is not None and spread is not None:
                summary.append(
                    (
                        f"bot CPU per click / the table floor's, both at {SAME_PACE:g}/s offered (100 matches), "
                        + ("SQLite" if not prefix else "PostgreSQL"),
                        f"{paced:.2f} ({spread[0]:.2f}-{spread[1]:.2f})",
                        "reported",
                        None,
                    )
                )
        for prefix, runs in (("", sqlite_runs), ("pg_", pg_runs)):
            if runs:
                ratios[f"{prefix}bot_cpu_vs_payload_floor"] = _ratio(
                    runs[0].bot_ms_per_click, payload_runs[0].bot_ms_per_click
                )
        ratios["payload_floor_cpu_vs_floor"] = _ratio(
            payload_runs[0].bot_ms_per_click, table_runs[0].bot_ms_per_click
        )
        ratios["payload_floor_throughput_vs_floor"] = _ratio(
            payload_runs[0].per_second, table_runs[0].per_second
        )
        for label, runs in (
            ("minimal discord.py bot", floor_runs),
            ("minimal bot with a table's traffic", table_runs),
            ("minimal bot with a table's traffic and our messages", payload_runs),
        ):
            low = runs[0]  # saturated: no click expires there to add failed callbacks to the cost
            summary.append(
                (
                    f"bot CPU per click, {label} (floor)",
                    f"{low.bot_ms_per_click:.1f} ms + stand-in {low.harness_ms_per_click:.1f} ms "
                    f"({low.matches:,} matches, saturated, {low.rest_per_click:.2f} REST calls per click)"
                    if low.acked
                    else "-",
                    "reported",
                    None,
                )
            )

    print("\n## Targets\n")
    print("| measure | value | target | met |")
    print("|---|---:|---|---|")
    for measure, value, target, met in summary:
        verdict = "-" if met is None else ("met" if met else "**missed**")
        print(f"| {measure} | {value} | {target} | {verdict} |")
    if args.quick:
        print("\n(--quick: tiny sizes; the numbers mean nothing)")
    report["targets"] = [
        {"measure": measure, "value": value, "target": target, "met": met}
        for measure, value, target, met in summary
    ]
    ratios["spread"] = spreads
    return {**ratios, **report}


# The bot's ratios to the floor with a table's traffic, under the same names on each database.
BOT_KEYS = (
    "bot_cpu_vs_floor",
    "bot_throughput_vs_floor",
    "bot_throughput_vs_floor_1000",
    "bot_cpu_vs_floor_same_pace",
    "db_round_trips_per_click",
    "rest_calls_per_click",
    "rest_calls_floor",
)


def _ratio(a: float, b: float) -> float | None:
    return round(a / b, 4) if b and a == a and b == b else None


def median_index(values: list[float | None]) -> int:
    """Where the median of `values` is (the lower middle of an even count; unmeasured last)."""
    order = sorted(range(len(values)), key=lambda i: (values[i] is None, values[i] or 0.0))
    measured = sum(v is not None for v in values)
    return order[(max(measured, 1) - 1) // 2]


def bot_ratios(
    prefix: str, ours: list[load.LoadResult], floor_: list[load.LoadResult]
) -> dict[str, float | None]:
    """The bot against the table floor of the same round: CPU per click and clicks/s answered,
    saturated (the first run) and at the largest size (the last: 1,000 matches, 500/s offered, in
    the full run); CPU per click at the same pace (100 matches, SAME_PACE offered: the middle
    run of the full run); REST calls and database round trips per click of the saturated run."""
    low, floor_low = ours[0], floor_[0]
    big, floor_big = ours[-1], floor_[-1]
    paced = (ours[1], floor_[1]) if len(ours) > 2 and len(floor_) > 2 else None
    return {
        f"{prefix}bot_cpu_vs_floor": _ratio(low.bot_ms_per_click, floor_low.bot_ms_per_click),
        f"{prefix}bot_cpu_vs_floor_same_pace": _ratio(paced[0].bot_ms_per_click, paced[1].bot_ms_per_click)
        if paced
        else None,
        f"{prefix}bot_throughput_vs_floor": _ratio(low.per_second, floor_low.per_second),
        f"{prefix}bot_throughput_vs_floor_1000": _ratio(big.per_second, floor_big.per_second),
        f"{prefix}db_round_trips_per_click": round(low.db_trips_per_click, 3)
        if low.db_trips_per_click == low.db_trips_per_click
        else None,
        f"{prefix}rest_calls_per_click": round(low.rest_per_click, 3) if low.acked else None,
        f"{prefix}rest_calls_floor": round(floor_low.rest_per_click, 3) if floor_low.acked else None,
    }


if __name__ == "__main__":
    sys.exit(main())
