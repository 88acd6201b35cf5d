"""Chaos: the real bot process on SQLite, live tables played by simulated people and bot seats,
killed with SIGKILL at random moments (and by its own fault point between an answer's commit
and its announcement), restarted, while Discord's REST side answers with 429s, 5xx and dropped
connections now and then.

What it reports (targets: all 0 but the first two):
- `acknowledged`: clicks the bot answered with the clicked message redrawn (the player saw it taken);
- `kills`: SIGKILLs, ours and the fault point's;
- `lost`: acknowledged clicks whose answer is not in the log;
- `duplicates`: a prompt answered twice in the log, or sent to its seat as a new DM twice;
- `stalled`: once the last process has reconciled, a running match whose open prompt for a person
  is not the one their latest private view shows, or whose bot seat never moved;
- `crashes`: processes that died without being killed (no SIGKILL, no fault-point line).

    python -m tests.e2e.chaos [--kills 10] [--tables 4] [--seed 1] [--json]
(`bash bench/chaos.sh [--json]` runs the full size; tests/e2e/test_chaos.py a quick one.)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import copy
import json
import os
import random
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from bot.standin import StandIn
from bot.standin.interactions import Interaction, StandInError
from bot.standin.server import default_world
from bot.standin.state import JSON, Message, User
from engine.core import Match, SeatSpec
from tests.e2e.conftest import READY_LINE, ROOT, bot_env, sync_commands_async
from tests.e2e.driver import Table, decide, join_and_start, lobby_id, prompt_id

FAULT_LINE = "fault point"  # what bot/faults.py writes to stderr before it kills the process
# Discord's bad moments, rare enough that play goes on.
REST_FAULTS = (
    "429 route=POST.*/channels/ rate=0.03 retry_after=0.05; "
    "global route=PATCH rate=0.01 retry_after=0.05; "
    "5xx route=PATCH rate=0.02 status=503; "
    "drop route=POST.*/channels/ rate=0.01; "
    "lost route=POST.*/channels/ rate=0.01"
)


SETTLE = 30.0  # seconds the verdict waits at most for reconciliation to reach every seat


@dataclass
class Report:
    acknowledged: int = 0
    kills: int = 0
    lost: int = 0
    stalled: int = 0
    duplicates: int = 0
    crashes: int = 0
    restarts: int = 0
    answers: int = 0
    clicks: int = 0
    tables: int = 0
    settle_seconds: float = 0.0  # how long after the pause the last seat's prompt took to arrive
    details: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "details"} | {"details": self.details[:20]}


@dataclass
class Click:
    match_id: int
    seat: int
    pid: int


class Chaos:
    def __init__(self, kills: int, tables: int, seed: int, workdir: Path, commands: list[JSON]) -> None:
        self.kills_wanted = kills
        self.tables_wanted = tables
        self.rng = random.Random(seed)
        self.seed = seed
        self.workdir = workdir
        self.commands = commands
        self.db = workdir / "bot.sqlite3"
        self.report = Report()
        self.acked: list[Click] = []
        self.proc: asyncio.subprocess.Process | None = None
        self.logs: list[Path] = []
        self.tables: list[Table] = []
        self.standin = StandIn()
        self.people: list[User] = []
        self.seats: dict[int, list[dict[str, Any]]] = {}
        self.moments: list[str] = []  # kills, by the message count at the time (to read duplicates)

    # -- the bot process ---------------------------------------------------------------------------
    async def start_bot(self, faults: bool = True) -> None:
        """`faults`: with the fault point between commit and announcement armed (not for the
        process that settles the run: it must live to reconcile)."""
        log = self.workdir / f"bot-{len(self.logs)}.log"
        self.logs.append(log)
        env = bot_env(
            self.standin,
            self.db,
            LEASE_SECONDS="1",
            RECONCILE_SECONDS="2",
            RECONCILE_GRACE_SECONDS="1",
            FAULT_POINTS="after_commit:p0.04" if faults else "",
            FAULT_SEED=str(self.seed * 1000 + len(self.logs)),
        )
        with log.open("wb") as handle:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bot",
                cwd=ROOT,
                env=env,
                stdout=handle,
                stderr=asyncio.subprocess.STDOUT,
            )
        for _ in range(600):
            if READY_LINE in log.read_text(errors="replace") or self.proc.returncode is not None:
                break
            await asyncio.sleep(0.05)
        if READY_LINE not in log.read_text(errors="replace"):
            raise RuntimeError(f"the bot did not start:\n{log.read_text(errors='replace')[-3000:]}")

    async def kill_bot(self) -> None:
        proc = self.proc
        if proc is not None and proc.returncode is None:
            proc.kill()
            await proc.wait()
            self.report.kills += 1
            self.moments.append(f"kill -9 after message {self.standin.message_count}")

    def died(self) -> bool:
        return self.proc is not None and self.proc.returncode is not None

    async def after_death(self) -> None:
        """The process ended by itself: its fault point (a kill), or a crash."""
        text = self.logs[-1].read_text(errors="replace")
        if FAULT_LINE in text.split(READY_LINE, 1)[-1]:
            self.report.kills += 1
            self.moments.append(f"fault point after message {self.standin.message_count}")
        else:
            self.report.crashes += 1
            self.report.details.append(f"crash: {text[-800:]}")

    # -- tables ------------------------------------------------------------------------------------
    async def open_table(self) -> None:
        guild = next(iter(self.standin.guilds.values()))
        channel = self.standin.add_channel(guild, f"chaos-{len(self.tables) + 1}")
        host, guest = self.rng.sample(self.people, 2)
        inter = await self.standin.slash(host, channel, "dominion new", {"kingdom": "First Game"})
        await inter.response(10)
        lobby = await inter.wait_original(timeout=10)
        match_id = lobby_id(lobby)
        await join_and_start(self.standin, channel, lobby, host, [guest], bots=1)
        self.tables.append(Table(self.standin, channel, match_id, [host, guest]))
        self.report.tables += 1

    async def play(self, seconds: float) -> None:
        """People act on their latest private views for a while, all tables at once."""
        loop = asyncio.get_running_loop()
        until = loop.time() + seconds
        while loop.time() < until and not self.died():
            moves = [t.whose_turn() for t in self.tables if not t.finished()]
            ready = [(t, m) for t, m in zip(self.tables, moves, strict=False) if m is not None]
            if not ready:
                await asyncio.sleep(0.05)
                continue
            await asyncio.gather(*(self.act(t, user, message) for t, (user, message) in ready))
            await asyncio.sleep(0.01)
            for table in list(self.tables):
                if table.finished():
                    self.tables.remove(table)
                    await self.open_table()

    async def act(self, table: Table, user: User, message: Message) -> None:
        pid = prompt_id(message, table.match_id)
        action = decide(message, table.words)
        if pid is None or action is None:
            return
        seat = table.players.index(user)
        live = self.standin.message(message.id) or message
        before = live.edited_timestamp
        try:
            if action.is_button:
                inter = await self.standin.click(user, live, action.custom_id)
            else:
                inter = await self.standin.select(user, live, action.custom_id, list(action.values or ()))
        except StandInError:
            return  # the bot is not connected right now, or the message changed meanwhile
        self.report.clicks += 1
        try:
            body = await inter.response(4)
            if body["type"] == 6:  # deferred: taken once the clicked message is redrawn
                await self.standin.wait_until(
                    lambda: (self.standin.message(message.id) or live).edited_timestamp != before, 4
                )
        except TimeoutError:
            return
        self.replied(table.match_id, seat, pid, inter)
        if body["type"] in (6, 7):
            self.acked.append(Click(table.match_id, seat, pid))
            # Wait for the prompt to move on (or for the process to die) before the next click.
            with contextlib.suppress(TimeoutError):
                await self.standin.wait_until(
                    lambda: prompt_id(table.pending(user), table.match_id) != pid or self.died(), 3
                )

    def replied(self, match_id: int, seat: int, pid: int, inter: Interaction) -> None:
        """A click was answered (a subclass may look at how)."""

    # -- the run -----------------------------------------------------------------------------------
    async def run(self) -> Report:
        await self.standin.start()
        self.standin.global_commands = [
            {**copy.deepcopy(c), "application_id": self.standin.application_id} for c in self.commands
        ]
        _, _, self.people = default_world(self.standin)
        self.people += [self.standin.add_user(f"player{i}") for i in range(4)]
        try:
            await self.start_bot()
            for _ in range(self.tables_wanted):
                await self.open_table()
            self.standin.faults.rng.seed(self.seed)
            self.standin.faults.load(REST_FAULTS)
            while self.report.kills < self.kills_wanted:
                await self.play(self.rng.uniform(0.5, 3.0))
                if self.died():
                    await self.after_death()
                else:
                    await self.kill_bot()
                self.report.restarts += 1
                await self.start_bot()
            # Play a little more, then stop and let the last process reconcile: one without the
            # fault point (a process killed while settling would leave every seat waiting).
            await self.play(2.0)
            self.standin.faults.clear()
            if self.died():
                await self.after_death()
            else:
                await self.kill_bot()
            self.report.restarts += 1
            await self.start_bot(faults=False)
            await asyncio.sleep(6)  # reconciliation rounds every 2 s, a fresh commit's grace 1 s
            await self.settled_verdict()
        finally:
            if self.proc is not None and self.proc.returncode is None:
                self.proc.send_signal(2)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.proc.wait(), 10)
                if self.proc.returncode is None:
                    self.proc.kill()
            await self.standin.stop()
        return self.report

    # -- the verdict -------------------------------------------------------------------------------
    async def settled_verdict(self) -> None:
        """`check`, again every 2 s while it finds a stalled seat, for at most SETTLE seconds: a
        machine busy with other work restarts and reconciles more slowly than the fixed pause
        allows, and a prompt delivered late is not a stalled one. One still open after that is."""
        start = time.monotonic()
        base = replace(self.report, details=list(self.report.details))
        while True:
            self.check(*await self.stored())
            self.report.settle_seconds = round(time.monotonic() - start, 1)
            if self.report.stalled == 0 or time.monotonic() - start >= SETTLE:
                return
            self.report = replace(base, details=list(base.details))
            await asyncio.sleep(2)

    async def stored(self) -> tuple[list[tuple[Any, ...]], dict[int, list[tuple[Any, ...]]]]:
        """Running and finished matches (id, game, seats, options, seed, status) and each one's
        log (seat, answer, created_at), from the database."""
        with sqlite3.connect(self.db) as conn:
            rows = conn.execute(
                "SELECT id, game, seats, options, seed, status FROM matches WHERE status IN ('active', 'finished')"
            ).fetchall()
            logs = {
                r[0]: conn.execute(
                    "SELECT seat, answer, created_at FROM match_log WHERE match_id = ? ORDER BY seq", (r[0],)
                ).fetchall()
                for r in rows
            }
        return rows, logs

    def check(self, rows: list[tuple[Any, ...]], logs: dict[int, list[tuple[Any, ...]]]) -> None:
        report = self.report
        answered: dict[int, Counter[tuple[int, int]]] = {}
        open_prompts: dict[int, dict[int, int]] = {}
        self.seats = {r[0]: json.loads(r[2]) for r in rows}
        self.answered_at: dict[tuple[int, int, int], float] = {}
        for match_id, game, seats, options, seed, status in rows:
            specs = [SeatSpec(kind=s["kind"], name=s["name"], policy=s["policy"]) for s in json.loads(seats)]
            opts = {k: v for k, v in json.loads(options).items() if k != "capacity"}
            match = Match(game, specs, opts, seed)
            done: Counter[tuple[int, int]] = Counter()
            log = logs[match_id]
            for seat, answer, created_at in log:
                prompt = match.prompt_for(seat)
                assert prompt is not None, (match_id, seat)
                done[(seat, prompt.pid)] += 1
                self.answered_at[(match_id, seat, prompt.pid)] = float(created_at)
                match.submit(seat, json.loads(answer))
            report.answers += len(log)
            answered[match_id] = done
            if status == "active" and not match.finished:
                open_prompts[match_id] = {p.seat: p.pid for p in match.prompts()}
                bots = [i for i, s in enumerate(specs) if s.kind != "human"]
                if any(seat in bots for seat in open_prompts[match_id]):
                    report.stalled += 1
                    report.details.append(f"stalled: match {match_id} waits on its bot seat")
        report.acknowledged = len(self.acked)
        for click in self.acked:
            if answered.get(click.match_id, Counter())[(click.seat, click.pid)] == 0:
                report.lost += 1
                report.details.append(f"lost: match {click.match_id} seat {click.seat} prompt {click.pid}")
        for done in answered.values():
            report.duplicates += sum(n - 1 for n in done.values() if n > 1)
        # Every person's open prompt is what their latest private view shows; no prompt came twice.
        tables = {t.match_id: t for t in self.all_tables()}
        for match_id, prompts in open_prompts.items():
            table = tables.get(match_id)
            if table is None:
                continue
            for seat, pid in prompts.items():
                if seat >= len(table.players):
                    continue
                shown = prompt_id(table.pending(table.players[seat]), match_id)
                if shown != pid:
                    report.stalled += 1
                    report.details.append(
                        f"stalled: match {match_id} seat {seat} waits on prompt {pid}, sees {shown}"
                    )
        nonces = {mid: key[1] for key, (mid, _) in self.standin.nonces.items()}
        nonce_of: dict[int, str] = {}
        for user in self.people:
            sent: dict[tuple[str, int | None], list[int]] = {}
            for message in self.standin.dm_messages(user):
                title = message.embeds[0].get("title", "") if message.embeds else ""
                pids = {
                    prompt_id(message, t.match_id)
                    for t in tables.values()
                    if title.endswith(f"#{t.match_id}")
                }
                for shown_pid in pids - {None}:
                    sent.setdefault((title, shown_pid), []).append(message.number)
                    nonce_of[message.number] = nonces.get(message.id, "-")
            for (title, repeated), numbers in sent.items():
                if len(numbers) > 1:
                    report.duplicates += len(numbers) - 1
                    report.details.append(
                        f"duplicates: {user.name} got {title} prompt {repeated} as messages {numbers}"
                        f" (nonces {[nonce_of.get(n) for n in numbers]}; {'; '.join(self.moments)})"
                    )

    def all_tables(self) -> list[Table]:
        """Every table opened (finished ones were replaced in `tables`), rebuilt from the channels."""
        out = list(self.tables)
        known = {t.match_id for t in out}
        for channel in self.standin.channels.values():
            if not channel.name.startswith("chaos-"):
                continue
            for message in self.standin.messages(channel):
                for cid in message.custom_ids():
                    if cid.startswith("bgb:h:"):
                        match_id = int(cid.split(":")[2])
                        if match_id not in known:
                            known.add(match_id)
                            out.append(Table(self.standin, channel, match_id, self.players_of(match_id)))
        return out

    def players_of(self, match_id: int) -> list[User]:
        ids = [s.get("user_id") for s in self.seats.get(match_id, [])]
        by_id = {int(u.id): u for u in self.people}
        return [by_id[i] for i in ids if i is not None and i in by_id]


async def run_chaos(kills: int, tables: int, seed: int, workdir: Path | None = None) -> Report:
    with tempfile.TemporaryDirectory(prefix="chaos-") as tmp:
        where = workdir or Path(tmp)
        commands = await sync_commands_async(where / "sync.sqlite3")
        return await Chaos(kills, tables, seed, where, commands).run()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--kills", type=int, default=10)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--keep", type=Path, default=None, help="keep the database and bot logs in this directory"
    )
    args = parser.parse_args(argv)
    if args.keep is not None:
        args.keep.mkdir(parents=True, exist_ok=True)
    report = asyncio.run(run_chaos(args.kills, args.tables, args.seed, args.keep))
    if args.json:
        print(json.dumps(report.as_json(), indent=2))
    else:
        for key in (
            "acknowledged",
            "kills",
            "lost",
            "stalled",
            "duplicates",
            "crashes",
            "restarts",
            "answers",
            "clicks",
            "tables",
        ):
            print(f"{key:>13}: {getattr(report, key)}")
        for line in report.details[:20]:
            print(f"  {line}")
    bad = report.lost + report.stalled + report.duplicates + report.crashes
    return 1 if bad else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    raise SystemExit(main())
