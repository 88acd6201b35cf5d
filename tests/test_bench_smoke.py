"""The benchmark's smoke mode runs (our engine only: CI does not install the peer engines).

It also drives the real bot process with a few simulated players (`bench/load.py`, 5 matches,
two seconds) on SQLite and, when TEST_DATABASE_URL names a PostgreSQL server, on a fresh database
there, and the same load against the minimal discord.py bot (`bench/floor_bot.py`), alone, with
a table's minimum traffic, and with that traffic carrying the bot's own captured messages; the cache memory probe, the decision timer, random play of every
game and Tapestry's restore, in the table and in the JSON report: no timing is asserted, only that
every part runs and reports."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


RATIOS = (
    "engine_vs_fastest_peer",
    "engine_vs_ceiling",
    "bot_cpu_vs_floor",
    "bot_throughput_vs_floor",
    "bot_throughput_vs_floor_1000",
    "db_round_trips_per_click",
    "rest_calls_per_click",
    "rest_calls_floor",
)


def test_bench_quick_runs_our_part() -> None:
    # --json without a file: the tables on stderr, one JSON object on stdout
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "main.py"), "--quick", "--ours-only", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    out = done.stderr
    report = json.loads(done.stdout)
    assert "| ours (match contract) |" in out
    # the ceiling: the minimal pure-Python game, interleaved with ours; its ratio over the rounds
    assert "| minimal pure-Python game (ceiling) |" in out and "ours / ceiling: **" in out
    assert report["engine_vs_ceiling"] > 0 and len(report["spread"]["engine_vs_ceiling"]) == 2
    assert report["engine_vs_fastest_peer"] is None  # --ours-only: no peer measured
    # every target ratio of the bot, on SQLite (and PostgreSQL, by the same names with pg_)
    for key in RATIOS[2:]:
        assert key in report and f"pg_{key}" in report
        assert isinstance(report[key], int | float) and report[key] > 0, (key, report[key])
        if not os.environ.get("TEST_DATABASE_URL"):
            assert report[f"pg_{key}"] is None  # not measured
    assert report["rest_calls_floor"] >= 1  # at least the callback per click
    # the CPU ratio at the same pace needs the full run's middle load (see the test below)
    assert report["bot_cpu_vs_floor_same_pace"] is None and report["pg_bot_cpu_vs_floor_same_pace"] is None
    # the floor carrying our own messages (captured from a short game of the bot): its cost
    # against the table floor, and ours against it
    assert "carrying our messages (floor)" in out
    for key in ("payload_floor_cpu_vs_floor", "payload_floor_throughput_vs_floor", "bot_cpu_vs_payload_floor"):
        assert isinstance(report[key], int | float) and report[key] > 0, (key, report[key])

    assert "restore 4-player game" in out and "bot decision" in out
    assert "| Everdell heuristic, 2p |" in out and "failed" not in out
    assert "restore 4-player Everdell game" in out and "| Nightweave turn, level 2 solo" in out
    assert "memory per hot match" in out and "MATCH_CACHE_SIZE=5" in out
    # Tapestry: restore of a finished 5-player game, both bots' decision times, random play.
    assert "| restore 5-player Tapestry game from log, CPU time (" in out
    assert "| restore 5-player Tapestry game from log, p99 | " in out
    assert "| Tapestry random, 5p |" in out and "| Tapestry heuristic, 5p |" in out
    games = (
        "Dominion, random kingdoms",
        "Everdell",
        "Architects of the West Kingdom",
        "Tapestry",
        "Everdell Farshore",
    )
    for game in games:
        assert f"| random play decisions per CPU second, {game} | " in out
    assert report["quick"] is True
    assert [r["game"] for r in report["random_play"]] == list(games)
    assert all(r["error"] is None and r["decisions"] > 0 for r in report["random_play"])
    # every game the engine offers has its row (it sizes that game's property tests)
    offered = {
        d.name
        for d in (ROOT / "engine" / "games").iterdir()
        if (d / "__init__.py").exists() and d.name[0] != "_"
    }
    assert {r["id"] for r in report["random_play"]} == offered
    restored = {r["game"]: r for r in report["restore"]}
    assert restored["Tapestry"]["players"] == 5 and restored["Tapestry"]["target_ms"] == 50.0
    assert restored["Tapestry"]["answers"] > 100 and restored["Tapestry"]["p99_ms"] > 0
    policies = {r["policy"]: r for r in report["decisions"]}
    assert (
        policies["Tapestry heuristic, 5p"]["decisions"] > 0 and policies["Tapestry random, 5p"]["p99_ms"] > 0
    )
    assert {"measure", "value", "target", "met"} <= set(report["targets"][0])
    assert any(r["measure"] == "restore 5-player Tapestry game from log, p99" for r in report["targets"])
    # The load run answered clicks through the real bot process, on each database measured.
    rows = {line.split("|")[1].strip(): line for line in out.splitlines() if "| 5 | saturated |" in line}
    measured = ["SQLite", "PostgreSQL"] if os.environ.get("TEST_DATABASE_URL") else ["SQLite"]
    # The same load against the minimal discord.py bot (bench/floor_bot.py) answered clicks too.
    measured.append("the same load, minimal discord.py bot (floor)")
    # And the floor bot causing a table's minimum traffic (a board edit per click, a DM per turn).
    measured.append("the same load, minimal bot with a table's traffic (floor)")
    for name in measured:
        answered = int(rows[name].split("|")[4].strip().replace(",", ""))
        assert answered > 0, rows[name]
    if "PostgreSQL" not in measured:
        assert "| PostgreSQL | not measured" in out
    assert "## Targets" in out
    assert "| bot CPU per click, minimal discord.py bot (floor) | " in out
    assert "| bot CPU per click, minimal bot with a table's traffic (floor) | " in out


def test_floor_with_our_messages_on_our_paths_answers_clicks() -> None:
    """`bench/floor.py --traffic lean-payload`: the floor bot sends the bot's captured messages
    through `bot/postbox.py`, and the table's traffic flows (a board edit per click, a DM per
    turn)."""
    run = subprocess.run(
        [sys.executable, "bench/floor.py", "--traffic", "lean-payload", "--matches", "3", "--seconds", "2"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    [row] = [line for line in run.stdout.splitlines() if line.startswith("| 3 | saturated |")]
    cells = [c.strip() for c in row.split("|")]
    assert int(cells[3].replace(",", "")) > 0, row
    assert "channel patch 1.0" in cells[8] and "DM post 0.5" in cells[8], row
    # the turn passes by DM every second click: the next player's wait for it is measured
    assert cells[7].endswith(" ms") and "nan" not in cells[7], row


def test_the_same_pace_ratio_divides_the_middle_runs() -> None:
    # A full run measures three loads per round: saturated, SAME_PACE offered, 1,000 matches.
    # The same-pace ratio divides the bot's CPU per click at the middle one by the floor's; a
    # run of one size (--quick) has none.
    script = """
import json, sys
sys.path.insert(0, "bench")
import load, main
def run(rate, cpu, clicks):
    return load.LoadResult(matches=100, rate=rate, seconds=10.0, validate=False, acked=clicks, bot_cpu=cpu)
ours = [run(None, 0.9, 4000), run(300.0, 0.75, 3000), run(500.0, 0.9, 4500)]
floor_ = [run(None, 0.9, 9000), run(300.0, 0.5, 3000), run(500.0, 0.7, 5000)]
print(json.dumps([main.bot_ratios("", ours, floor_), main.bot_ratios("pg_", ours[:1], floor_[:1])]))
"""
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-3000:]
    full, quick = json.loads(done.stdout)
    assert full["bot_cpu_vs_floor_same_pace"] == 1.5  # 2.5 ms against 1.667 ms per click
    assert full["bot_cpu_vs_floor"] == 2.25  # the saturated runs: 2.25 ms against 1.0
    assert quick["pg_bot_cpu_vs_floor_same_pace"] is None
