"""Chaos on PostgreSQL: two processes holding one gateway shard each plus a standby, one
database, one stand-in; any of them (the one holding shard 0, which gets every DM click, too) is
killed with SIGKILL at random moments and comes back as a standby. Besides the SQLite run's
figures (see tests/e2e/chaos.py) it reports:
- `wrong_refusals`: "It is not your turn to decide" answered to a click on a prompt that was
  still open (the log answers it later, or never);
- `takeover_seconds`: for each kill of a process that held shards, how long until every one of
  them had a gateway session again (`null`: not within three leases).

    python -m tests.e2e.chaos_cluster [--kills 6] [--tables 4] [--seed 1] [--json]
Needs PostgreSQL: TEST_DATABASE_URL (a fresh database is made there), else a throwaway cluster
from the installed binaries (bench/pgcluster.py).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import copy
import json
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.i18n import t
from bot.standin.gateway import shard_of
from bot.standin.interactions import Interaction
from bot.standin.server import default_world
from tests.e2e.chaos import Chaos, Report
from tests.e2e.conftest import READY_LINE, ROOT, bot_env, sync_commands_async
from tests.e2e.driver import Table, join_and_start, lobby_id

LEASE = 3.0
NOT_YOUR_TURN = t("error.not_your_turn", "en")


@dataclass
class ClusterReport(Report):
    wrong_refusals: int = 0
    takeover_seconds: list[float | None] = field(default_factory=list)


class ClusterChaos(Chaos):
    def __init__(
        self, kills: int, tables: int, seed: int, workdir: Path, commands: list[Any], url: str
    ) -> None:
        super().__init__(kills, tables, seed, workdir, commands)
        self.url = url
        self.cluster = ClusterReport()
        self.report = self.cluster
        self.procs: dict[str, asyncio.subprocess.Process] = {}
        self.answers_seen: list[tuple[int, int, int, float, Interaction]] = []

    # -- processes ---------------------------------------------------------------------------------
    async def start_named(self, name: str, **env: str) -> None:
        log = self.workdir / f"{name}.log"
        self.logs.append(log)
        full = bot_env(
            self.standin,
            self.db,
            DATABASE_URL=self.url,
            INSTANCE_ID=name,
            SHARD_COUNT="2",
            LEASE_SECONDS=str(LEASE),
            RECONCILE_SECONDS="2",
            RECONCILE_GRACE_SECONDS="1",
            **env,
        )
        with log.open("wb") as handle:
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bot",
                cwd=ROOT,
                env=full,
                stdout=handle,
                stderr=asyncio.subprocess.STDOUT,
            )
        self.procs[name] = proc
        for _ in range(600):
            if READY_LINE in log.read_text(errors="replace") or proc.returncode is not None:
                break
            await asyncio.sleep(0.05)
        if READY_LINE not in log.read_text(errors="replace"):
            raise RuntimeError(f"{name} did not start:\n{log.read_text(errors='replace')[-3000:]}")

    def died(self) -> bool:
        return False  # a kill is ours; a process that ends by itself is counted at the end

    def shard_sessions(self) -> dict[int, int]:
        """Shard id -> id of its live gateway session."""
        out = {}
        for session in self.standin.gateway.live_sessions:
            shard = session.identify.get("shard")
            if shard and session.connection is not None:
                out[int(shard[0])] = id(session)
        return out

    async def kill_one(self, number: int) -> None:
        name = self.rng.choice(sorted(n for n, p in self.procs.items() if p.returncode is None))
        before = self.shard_sessions()
        proc = self.procs[name]
        proc.kill()
        await proc.wait()
        self.report.kills += 1
        died = time.monotonic()
        await asyncio.sleep(0.2)
        lost = [s for s, sid in before.items() if self.shard_sessions().get(s) != sid]
        if lost:
            took: float | None = None
            while time.monotonic() - died < 3 * LEASE:
                now = self.shard_sessions()
                if all(s in now and now[s] != before[s] for s in lost):
                    took = round(time.monotonic() - died, 2)
                    break
                await asyncio.sleep(0.05)
            self.cluster.takeover_seconds.append(took)
            self.moments.append(f"killed {name} (shards {lost}) after message {self.standin.message_count}")
        else:
            self.moments.append(f"killed {name} (no shards) after message {self.standin.message_count}")
        self.report.restarts += 1
        await self.start_named(f"T{number}", SHARD_STANDBY="1", SHARD_MAX="1")

    # -- tables across both shards -------------------------------------------------------------------
    async def open_table(self) -> None:
        guilds = list(self.standin.guilds.values())
        guild = guilds[len(self.tables) % len(guilds)]
        channel = self.standin.add_channel(guild, f"chaos-{len(self.tables) + 1}")
        host, guest = self.rng.sample(self.people, 2)
        inter = await self.standin.slash(host, channel, "dominion new", {"kingdom": "First Game"})
        await inter.response(10)
        lobby = await inter.wait_original(timeout=10)
        match_id = lobby_id(lobby)
        await join_and_start(self.standin, channel, lobby, host, [guest], bots=1)
        self.tables.append(Table(self.standin, channel, match_id, [host, guest]))
        self.report.tables += 1

    def replied(self, match_id: int, seat: int, pid: int, inter: Interaction) -> None:
        self.answers_seen.append((match_id, seat, pid, time.time(), inter))

    # -- the run -----------------------------------------------------------------------------------
    async def run(self) -> Report:
        await self.standin.start()
        self.standin.global_commands = [
            {**copy.deepcopy(c), "application_id": self.standin.application_id} for c in self.commands
        ]
        first, _, self.people = default_world(self.standin)
        self.people += [self.standin.add_user(f"player{i}") for i in range(4)]
        while {shard_of(g.id, 2) for g in self.standin.guilds.values()} != {0, 1}:
            await asyncio.sleep(0.002)
            self.standin.add_guild("Back Room")
        try:
            for shard in (0, 1):
                await self.start_named(f"S{shard}", SHARD_IDS=str(shard), SHARD_MAX="1")
            await self.start_named("T0", SHARD_STANDBY="1", SHARD_MAX="1")
            for _ in range(self.tables_wanted):
                await self.open_table()
            for number in range(1, self.kills_wanted + 1):
                await self.play(self.rng.uniform(1.0, 3.0))
                await self.kill_one(number)
            await self.play(3.0)
            await asyncio.sleep(6)
            for name, proc in self.procs.items():
                if proc.returncode is not None and proc.returncode != -9:
                    self.report.crashes += 1
                    self.report.details.append(f"crash: {name} exited with {proc.returncode}")
            await self.settled_verdict()
            self.judge_refusals()
        finally:
            for proc in self.procs.values():
                if proc.returncode is None:
                    proc.send_signal(2)
            for proc in self.procs.values():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(proc.wait(), 10)
                if proc.returncode is None:
                    proc.kill()
            await self.standin.stop()
        return self.report

    async def stored(self) -> tuple[list[tuple[Any, ...]], dict[int, list[tuple[Any, ...]]]]:
        import asyncpg

        conn = await asyncpg.connect(self.url)
        try:
            rows = [
                tuple(r)
                for r in await conn.fetch(
                    "SELECT id, game, seats, options, seed, status FROM matches WHERE status IN ('active', 'finished')"
                )
            ]
            logs = {
                r[0]: [
                    tuple(x)
                    for x in await conn.fetch(
                        "SELECT seat, answer, created_at FROM match_log WHERE match_id = $1 ORDER BY seq",
                        r[0],
                    )
                ]
                for r in rows
            }
        finally:
            await conn.close()
        return rows, logs

    def judge_refusals(self) -> None:
        report = self.cluster
        for match_id, seat, pid, at, inter in self.answers_seen:
            texts = [str((inter.response_body or {}).get("data", {}).get("content") or "")]
            texts += [m.content for m in inter.followups]
            if not any(NOT_YOUR_TURN in text for text in texts):
                continue
            answered = self.answered_at.get((match_id, seat, pid))
            if answered is None or answered > at:
                report.wrong_refusals += 1
                report.details.append(f"wrong refusal: match {match_id} seat {seat} prompt {pid}")


async def run_cluster_chaos(kills: int, tables: int, seed: int, workdir: Path | None = None) -> ClusterReport:
    from tests.pg import TEST_DATABASE_URL, create_database, drop_database

    with tempfile.TemporaryDirectory(prefix="chaos-pg-") as tmp:
        where = workdir or Path(tmp)
        commands = await sync_commands_async(where / "sync.sqlite3")
        if TEST_DATABASE_URL:
            url = await create_database()
            try:
                report = await ClusterChaos(kills, tables, seed, where, commands, url).run()
            finally:
                await drop_database(url)
            assert isinstance(report, ClusterReport)
            return report
        sys.path.insert(0, str(ROOT / "bench"))
        from pgcluster import cluster

        with cluster() as url:
            if url is None:
                raise SystemExit("PostgreSQL is not available (set TEST_DATABASE_URL or install it)")
            report = await ClusterChaos(kills, tables, seed, where, commands, url).run()
        assert isinstance(report, ClusterReport)
        return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--kills", type=int, default=6)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--keep", type=Path, default=None)
    args = parser.parse_args(argv)
    if args.keep is not None:
        args.keep.mkdir(parents=True, exist_ok=True)
    report = asyncio.run(run_cluster_chaos(args.kills, args.tables, args.seed, args.keep))
    data = report.as_json()
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        for key, value in data.items():
            if key != "details":
                print(f"{key:>17}: {value}")
        for line in report.details[:20]:
            print(f"  {line}")
    taken = report.takeover_seconds
    bad = report.lost + report.stalled + report.duplicates + report.crashes + report.wrong_refusals
    return 1 if bad or any(s is None for s in taken) else 0


if __name__ == "__main__":
    raise SystemExit(main())
