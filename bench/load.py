"""The bot under load: the real bot process against a stand-in Discord run in this process.

`python -m bot` runs as a subprocess on a fresh SQLite database, pointed at a StandIn served
from this process. Matches are created the way people create them (/<game> new, the Join and
Start buttons, one channel per match), then simulated players click their DM buttons:

- closed loop (`rate=None`): every player clicks as soon as their DM shows a new prompt, so
  the bot is saturated; the figure is its capacity.
- open loop (`rate=R`): R clicks per second offered, spread over the matches whose player has a
  fresh prompt; the figure is latency at that load.

Latency is stand-in time from the INTERACTION_CREATE dispatch to the interaction callback
(`ack`) and to the edit of the clicked message with the new prompt (`reply`); the turn handover
runs from a click that passed the turn to the other player's prompt reaching them. REST calls
the bot makes during the window are counted by kind and divided by the clicks answered.

Players play money only (Play all Treasures; buy Gold, else Silver, else End turn; never a
Province), so no game ends and the number of live matches stays K for the whole run.

Request-body validation against the OpenAPI spec is off by default here (`validate=False`):
it is a cost of the stand-in, which shares the machine with the bot, not of the bot.

    python bench/load.py --matches 100 --seconds 20 [--rate 500] [--validate] [--profile out.txt]

LOAD_LOG_LEVEL=INFO sets the bot's log level (WARNING by default) and LOAD_KEEP=1 keeps the run's
directory (its database and `bot.log`) in the temp dir; the texts of refused clicks are printed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter, deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.standin import StandIn  # noqa: E402
from bot.standin.interactions import Interaction, StandInError  # noqa: E402
from bot.standin.state import Channel, User  # noqa: E402
from bot.standin.validation import Operation, SpecValidator  # noqa: E402

JSON = dict[str, Any]
DB_TRIPS = "bgb_db_round_trips_total"  # the bot's counter of database round trips (bot/metrics.py)
# Until every player has been shown a prompt once, clicks are offered at REACH_RATE at most (for up
# to REACH_ALL seconds): a player's first prompt costs the bot a DM channel to open, a request on a
# route of its own that the stand-in's rate-limit headers allow 50 times a second. Offered faster,
# those openings queue and the bot starts the measured window behind, on work it does once.
REACH_RATE = 100.0
REACH_ALL = 60.0
BUY_ORDER = ("Gold", "Silver")  # never a Province: games must not end during the run


class NoValidation(SpecValidator):
    """Routes requests like the stand-in always does (so rate-limit buckets stay per route, as on
    Discord) but checks no request body against the schema; route lookups are memoised by shape."""

    _IDS = re.compile(r"/(\d{5,}|itok_[\w-]+)")

    def __init__(self) -> None:
        super().__init__()
        self._shapes: dict[tuple[str, str], Operation | None] = {}

    def match(self, method: str, path: str) -> Operation | None:
        shape = (method, self._IDS.sub("/#", path))
        if shape not in self._shapes:
            self._shapes[shape] = super().match(method, path)
        op = self._shapes[shape]
        return Operation(op.template, op.method, {}) if op is not None else None

    def validate(self, op: Operation, body: Any) -> list[str]:
        return []


# -- what a simulated player clicks --------------------------------------------------------------


def _components(rows: list[JSON]) -> Iterator[JSON]:
    for row in rows:
        yield from row.get("components") or []


def actionable(rows: list[JSON] | None) -> bool:
    return any(c.get("custom_id") and not c.get("disabled") for c in _components(rows or []))


def choose(rows: list[JSON]) -> tuple[str, list[str] | None] | None:
    """(custom_id, select values or None for a button) for a money-only player."""
    buttons = [
        c for c in _components(rows) if c.get("type") == 2 and c.get("custom_id") and not c.get("disabled")
    ]
    selects = [c for c in _components(rows) if c.get("type") == 3 and not c.get("disabled")]
    by_label = {str(b.get("label") or ""): b["custom_id"] for b in buttons}
    if "Play all Treasures" in by_label:
        return by_label["Play all Treasures"], None
    for card in BUY_ORDER:
        for label, custom_id in by_label.items():
            if label.startswith(card):
                return custom_id, None
        for select in selects:
            for option in select.get("options") or []:
                if str(option.get("label", "")).startswith(card):
                    return select["custom_id"], [option["value"]]
    if "End turn" in by_label:
        return by_label["End turn"], None
    # Anything else (a prompt a money player rarely sees): the highlighted button, any button,
    # or the first options of a menu.
    for button in sorted(buttons, key=lambda b: b.get("style") != 3):
        if button["custom_id"].startswith("bgb:pg:"):
            continue
        return button["custom_id"], None
    if selects:
        select = selects[0]
        low = max(1, int(select.get("min_values", 1)))
        return select["custom_id"], [o["value"] for o in (select.get("options") or [])[:low]]
    return None


# -- bookkeeping -----------------------------------------------------------------------------------


@dataclass
class Click:
    user: User
    message_id: str
    inter: Interaction | None = None
    replied_at: float | None = None


@dataclass
class LoadResult:
    matches: int
    rate: float | None  # offered clicks/s; None = closed loop
    seconds: float
    validate: bool
    setup_seconds: float = 0.0
    setup_interactions: int = 0
    clicks: int = 0  # dispatched in the window
    acked: int = 0  # callbacks received for those
    ack_ms: list[float] = field(default_factory=list)
    reply_ms: list[float] = field(default_factory=list)
    # from a click that passed the turn to the other player's prompt shown to them: how long the
    # next player of a match waits for the news (the clicker's own reply is `reply_ms`)
    handover_ms: list[float] = field(default_factory=list)
    starved: int = 0  # offered clicks with no player ready
    errors: int = 0  # refusals and failed clicks
    expired: int = 0  # clicks given up on: no callback within 3.5 s, or no reply within 15 s
    rest: Counter[str] = field(default_factory=Counter)
    bot_cpu: float = 0.0  # share of one core
    harness_cpu: float = 0.0
    bot_rss_mb: float = 0.0
    loadavg: tuple[float, float] = (0.0, 0.0)  # 1-minute load average at start and end of the window
    db_trips: float | None = None  # database round trips in the window (the bot's own metrics)
    refusals: Counter[str] = field(default_factory=Counter)  # what the clicks answered in error read

    @property
    def db_trips_per_click(self) -> float:
        """Database round trips per answered click (NaN for a bot without our metrics)."""
        return self.db_trips / self.acked if self.db_trips is not None and self.acked else float("nan")

    @property
    def bot_ms_per_click(self) -> float:
        """CPU the bot spent per answered click: unlike latency, not inflated by a busy machine."""
        return 1000 * self.bot_cpu * self.seconds / self.acked if self.acked else float("nan")

    @property
    def harness_ms_per_click(self) -> float:
        """CPU the benchmark process (stand-in and simulated players) spent per answered click."""
        return 1000 * self.harness_cpu * self.seconds / self.acked if self.acked else float("nan")

    @property
    def per_second(self) -> float:
        return self.acked / self.seconds if self.seconds else 0.0

    def ms(self, samples: list[float], q: float) -> float:
        if not samples:
            return float("nan")
        ordered = sorted(samples)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    def handover(self) -> str:
        """The turn handover's p50 / p99, or a dash for traffic in which no turn passes."""
        if not self.handover_ms:
            return "-"
        return f"{self.ms(self.handover_ms, 0.5):,.0f} / {self.ms(self.handover_ms, 0.99):,.0f} ms"

    @property
    def rest_per_click(self) -> float:
        return sum(self.rest.values()) / self.acked if self.acked else float("nan")

    @property
    def messages_per_click(self) -> float:
        """Messages posted or edited per player action, outside the interaction callback itself
        (those count against Discord's global rate limit; callbacks do not)."""
        sent = sum(n for kind, n in self.rest.items() if kind != "callback")
        return sent / self.acked if self.acked else float("nan")

    def rest_summary(self) -> str:
        if not self.acked:
            return "-"
        parts = [f"{kind} {n / self.acked:.2f}" for kind, n in self.rest.most_common()]
        return ", ".join(parts)


def rest_kind(method: str, path: str, dm_channels: set[str]) -> str:
    if path.startswith("/interactions/"):
        return "callback"
    if path.startswith("/webhooks/"):
        return "followup" if method == "POST" else f"webhook {method}"
    if path == "/users/@me/channels":
        return "DM open"
    m = re.match(r"^/channels/(\d+)/messages", path)
    if m:
        where = "DM" if m.group(1) in dm_channels else "channel"
        return f"{where} {'post' if method == 'POST' else method.lower()}"
    return f"{method} other"


def py_spy_binary() -> str:
    here = Path(sys.executable).with_name("py-spy")
    found = here if here.exists() else shutil.which("py-spy") or ROOT / "bench" / ".venv" / "bin" / "py-spy"
    return str(found)


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# -- the harness ---------------------------------------------------------------------------------


class Load:
    def __init__(self, matches: int, validate: bool, cache_size: int | None, workdir: Path) -> None:
        self.k = matches
        self.validate = validate
        self.cache_size = cache_size or max(64, matches + 16)
        self.workdir = workdir
        self.standin = StandIn(validator=None if validate else NoValidation())
        self.channels: list[Channel] = []
        self.pairs: list[tuple[User, User]] = []
        self.dm_owner: dict[str, User] = {}  # DM channel id -> its user
        self.ready: deque[tuple[User, str]] = deque()  # (player, message with a fresh prompt)
        self.fresh: dict[str, str] = {}  # user id -> message id with a prompt not yet clicked
        self.reached: set[str] = set()  # players shown a prompt at least once
        self.cpu_sample: Path | None = None  # the bot's CPU-time stacks of the window go here
        # the measured window (stand-in clock), set once the warm-up is over (see `run_load`)
        self.record_from = math.inf
        self.until = math.inf
        self.offered: float | None = None  # clicks/s offered now (open loop)
        self.inflight: dict[str, Click] = {}  # user id -> their pending click
        self.clicks: list[Click] = []
        self.errors = 0
        self.expired = 0  # clicks never answered (Discord's 3 s window passed) or never replied to
        self.wake = asyncio.Event()
        self.proc: subprocess.Popen[bytes] | None = None
        self.metrics_port: int | None = free_port()  # the bot's /metrics (None: a bot without them)
        self.tasks: set[asyncio.Task[Any]] = set()
        self.opponent: dict[str, str] = {}  # user id -> the other player of their match
        self.clicked_at: dict[str, float] = {}  # user id -> when they last clicked (stand-in clock)
        self.handover_ms: list[float] = []  # in the window (see LoadResult.handover_ms)

    # -- world and bot --------------------------------------------------------------------------
    async def start(self, profile: Path | None = None) -> None:
        s = self.standin
        await s.start()
        users = [s.add_user(f"player{i}") for i in range(2 * self.k)]
        guild = s.add_guild("Load Test")
        self.channels = [s.add_channel(guild, f"table-{i}") for i in range(self.k)]
        self.pairs = [(users[2 * i], users[2 * i + 1]) for i in range(self.k)]
        for a, b in self.pairs:
            self.opponent[a.id], self.opponent[b.id] = b.id, a.id
        for user in users:
            self.dm_owner[s.dm_channel(user).id] = user
        s.gateway.on_dispatch = self.on_dispatch
        env = dict(os.environ)
        env.update(
            DISCORD_TOKEN=s.token,
            DISCORD_API_BASE=s.url,
            DATABASE_URL=os.environ.get("LOAD_DATABASE_URL") or str(self.workdir / "load.sqlite3"),
            BOT_PAUSE_SECONDS="0",
            GUILD_READY_TIMEOUT="0.05",
            LOG_LEVEL=os.environ.get("LOAD_LOG_LEVEL", "WARNING"),
            MATCH_CACHE_SIZE=str(self.cache_size),
            PYTHONUNBUFFERED="1",
            METRICS_HOST="127.0.0.1",
            METRICS_PORT=str(self.metrics_port),
        )
        await self.prepare(env)
        log = (self.workdir / "bot.log").open("wb")
        cmd = self.bot_command(profile)
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while not s.gateway.live_sessions:
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"bot did not connect:\n{self.bot_log()}")
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)  # READY, GUILD_CREATE, resume of bot seats

    async def counter(self, name: str) -> float | None:
        """A counter's value from the bot's /metrics (summed over labels), None when it has none."""
        if self.metrics_port is None:
            return None
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", self.metrics_port)
            writer.write(b"GET /metrics HTTP/1.0\r\nHost: localhost\r\n\r\n")
            body = (await asyncio.wait_for(reader.read(), 5)).decode(errors="replace")
            writer.close()
        except (TimeoutError, OSError):
            return None
        values = [
            float(line.rsplit(" ", 1)[1])
            for line in body.splitlines()
            if line.startswith(name) and line[len(name) : len(name) + 1] in ("{", " ")
        ]
        return sum(values) if values else None

    async def prepare(self, env: dict[str, str]) -> None:
        """Register the slash commands with the stand-in, as `python -m bot sync` does."""
        sync = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            "sync",
            cwd=ROOT,
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        out, _ = await asyncio.wait_for(sync.communicate(), 120)
        if sync.returncode != 0:
            raise RuntimeError(f"command sync failed:\n{out.decode()}")

    def bot_command(self, profile: Path | None) -> list[str]:
        if profile is not None:
            return [sys.executable, "-m", "cProfile", "-o", str(profile), "-m", "bot"]
        if self.cpu_sample is not None:
            return [sys.executable, str(ROOT / "bench" / "cpu_sampler.py"), str(self.cpu_sample), "-m", "bot"]
        return [sys.executable, "-m", "bot"]

    def bot_log(self) -> str:
        path = self.workdir / "bot.log"
        return path.read_text(errors="replace")[-4000:] if path.exists() else ""

    async def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                await asyncio.to_thread(self.proc.wait, 30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        await self.standin.stop()

    # -- creating the matches ------------------------------------------------------------------
    async def create_matches(self, concurrency: int = 8) -> int:
        """/<game> new, Join, Start in every channel; returns the interactions it took."""
        gate = asyncio.Semaphore(concurrency)
        count = 0

        async def one(i: int) -> None:
            nonlocal count
            host, guest = self.pairs[i]
            s = self.standin
            async with gate:
                inter = await s.slash(
                    host,
                    self.channels[i],
                    "dominion new",
                    {"kingdom": "First Game", "players": 2},
                )
                await inter.response(timeout=60)
                lobby = await inter.wait_original(timeout=60)
                match_id = next(c for c in lobby.custom_ids() if c.startswith("bgb:lj:")).split(":")[2]
                for user, kind in ((guest, "lj"), (host, "ls")):
                    message = s.message(lobby.id) or lobby
                    click = await s.click(user, message, f"bgb:{kind}:{match_id}")
                    await click.response(timeout=60)
                    if kind == "ls":
                        await click.wait_original(lambda m: not m.custom_ids(), timeout=60)
                count += 3

        await asyncio.gather(*(one(i) for i in range(self.k)))
        await self.standin.wait_until(lambda: len(self.fresh) >= self.k, timeout=60)
        return count

    # -- players -----------------------------------------------------------------------------
    def on_dispatch(self, event: str, data: JSON) -> None:
        """Every message the bot creates or edits passes here (after the stand-in stored it)."""
        if event not in ("MESSAGE_CREATE", "MESSAGE_UPDATE"):
            return
        user = self.dm_owner.get(str(data.get("channel_id")))
        if user is None:
            return
        message_id = str(data["id"])
        pending = self.inflight.get(user.id)
        if pending is not None and pending.message_id == message_id and pending.replied_at is None:
            pending.replied_at = self.standin.now()
            del self.inflight[user.id]
        fresh = self.fresh.get(user.id) != message_id
        if fresh and user.id not in self.inflight and actionable(data.get("components")):
            self.note_handover(user.id)
            self.reached.add(user.id)
            self.fresh[user.id] = message_id
            self.ready.append((user, message_id))
            self.wake.set()

    def note_handover(self, user_id: str) -> None:
        """A prompt reached `user_id`: if the other player clicked since this one last did, the
        turn passed to them with that click."""
        other = self.opponent.get(user_id)
        passed_at = self.clicked_at.get(other) if other is not None else None
        if passed_at is None or passed_at < self.clicked_at.get(user_id, -math.inf):
            return
        if passed_at >= self.record_from:
            self.handover_ms.append(1000 * (self.standin.now() - passed_at))

    def expire(self, now: float) -> None:
        """A click the bot let time out is given up on; the player clicks their message again."""
        for user_id, c in list(self.inflight.items()):
            inter = c.inter
            if inter is None:
                continue
            late = inter.responded_at is None and now - inter.dispatched_at > 3.5
            if late or now - inter.dispatched_at > 15:
                del self.inflight[user_id]
                self.expired += 1
                self.fresh[user_id] = c.message_id
                self.ready.append((c.user, c.message_id))

    def next_ready(self) -> tuple[User, str] | None:
        while self.ready:
            user, message_id = self.ready.popleft()
            if self.fresh.get(user.id) == message_id and user.id not in self.inflight:
                return user, message_id
        return None

    def click(self, user: User, message_id: str, record: bool) -> None:
        message = self.standin.message(message_id)
        self.fresh.pop(user.id, None)
        choice = choose(message.components) if message is not None else None
        if message is None or choice is None:
            self.errors += 1
            return
        pending = Click(user, message_id)
        self.clicked_at[user.id] = self.standin.now()
        self.inflight[user.id] = pending
        if record:
            self.clicks.append(pending)
        custom_id, values = choice

        async def send() -> None:
            try:
                if values is None:
                    pending.inter = await self.standin.click(user, message, custom_id)
                else:
                    pending.inter = await self.standin.select(user, message, custom_id, values)
            except StandInError:
                self.errors += 1
                self.inflight.pop(user.id, None)

        task = asyncio.get_running_loop().create_task(send())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def players(self) -> int:
        """How many players the traffic ever shows a prompt (both seats of every match)."""
        return 2 * self.k

    async def drive(self, rate: float | None) -> int:
        """Click until `self.until`, recording from `self.record_from` (stand-in clock, both set
        when the warm-up ends); returns offered clicks that found nobody ready in the window."""
        starved = 0
        now = self.standin.now
        if rate is None:
            while now() < self.until:
                self.wake.clear()
                self.expire(now())
                while (found := self.next_ready()) is not None:
                    self.click(*found, record=now() >= self.record_from)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), min(0.5, max(0.0, self.until - now())))
            return 0
        debt, last = 0.0, now()
        while now() < self.until:
            await asyncio.sleep(0.004)
            t = now()
            self.expire(t)
            debt += (t - last) * (self.offered or rate)
            last = t
            while debt >= 1:
                found = self.next_ready()
                if found is None:
                    if t >= self.record_from:
                        starved += int(debt)
                    debt = 0.0
                    break
                self.click(*found, record=t >= self.record_from)
                debt -= 1
        return starved


async def run_load(
    matches: int,
    seconds: float,
    rate: float | None = None,
    warmup: float = 3.0,
    validate: bool = False,
    cache_size: int | None = None,
    profile: Path | None = None,
    py_spy: Path | None = None,
    harness: type[Load] | None = None,
    cpu_sample: Path | None = None,
) -> LoadResult:
    """One run; `harness` replaces the bot and how matches are set up (bench/floor.py)."""
    workdir = Path(tempfile.mkdtemp(prefix="bgb-load-"))
    load = (harness or Load)(matches, validate, cache_size, workdir)
    load.cpu_sample = cpu_sample
    result = LoadResult(matches, rate, seconds, validate)
    try:
        await load.start(profile)
        t0 = time.perf_counter()
        result.setup_interactions = await load.create_matches()
        result.setup_seconds = time.perf_counter() - t0
        s = load.standin
        # Warm-up: every player shown a prompt once (see REACH_RATE), then `warmup` seconds at the
        # offered rate; then the window.
        load.offered = None if rate is None else min(rate, REACH_RATE)
        drive = asyncio.create_task(load.drive(rate))
        with contextlib.suppress(TimeoutError):
            await s.wait_until(lambda: len(load.reached) >= load.players(), timeout=REACH_ALL)
        load.offered = rate
        await asyncio.sleep(warmup)
        start = s.now()
        load.record_from, load.until = start, start + seconds
        assert load.proc is not None
        spy = None
        if py_spy is not None:  # sample the bot for the measured window only
            spy = subprocess.Popen(
                [
                    py_spy_binary(),
                    "record",
                    "--format",
                    "raw",
                    "--rate",
                    "200",
                    "--duration",
                    str(int(seconds) - 1),
                    "--pid",
                    str(load.proc.pid),
                    "-o",
                    str(py_spy),
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        if cpu_sample is not None:  # the sampler in the bot process: the measured window only
            os.kill(load.proc.pid, signal.SIGUSR1)
        s.requests.clear()
        trips0 = await load.counter(DB_TRIPS)
        cpu0, harness0, load0 = cpu_seconds(load.proc.pid), time.process_time(), os.getloadavg()[0]
        result.starved = await drive
        cpu1, harness1 = cpu_seconds(load.proc.pid), time.process_time()
        if cpu_sample is not None:
            os.kill(load.proc.pid, signal.SIGUSR2)
        trips1 = await load.counter(DB_TRIPS)
        if trips0 is not None and trips1 is not None:
            result.db_trips = trips1 - trips0
        result.loadavg = (load0, os.getloadavg()[0])
        requests = list(s.requests)
        result.bot_cpu = (cpu1 - cpu0) / seconds
        result.harness_cpu = (harness1 - harness0) / seconds
        result.bot_rss_mb = rss_mb(load.proc.pid)
        await asyncio.sleep(1.0)  # let the last clicks of the window be answered
        if spy is not None:
            await asyncio.to_thread(spy.wait, 30)
        dm = set(load.dm_owner)
        for r in requests:
            result.rest[rest_kind(r.method, r.path, dm)] += 1
        result.clicks = len(load.clicks)
        result.handover_ms = list(load.handover_ms)
        result.expired = load.expired
        for c in load.clicks:
            inter = c.inter
            if inter is None or inter.responded_at is None:
                continue
            result.acked += 1
            result.ack_ms.append(1000 * (inter.responded_at - inter.dispatched_at))
            if c.replied_at is not None:
                result.reply_ms.append(1000 * (c.replied_at - inter.dispatched_at))
        for c in load.clicks:  # the refusals' texts, to tell what went wrong (`errors`)
            for followup in c.inter.followup_ids if c.inter is not None else ():
                shown = s.message(followup)
                result.refusals[(shown.content if shown else "?")[:120]] += 1
        result.errors = load.errors + sum(
            1 for c in load.clicks if c.inter is not None and c.inter.followup_ids
        )
        problems = [v for v in s.violations if v.kind != "schema" or validate]
        if problems:
            print(f"stand-in violations: {problems[:5]}", file=sys.stderr)
    except BaseException:
        print(f"--- bot log (tail) ---\n{load.bot_log()}", file=sys.stderr)
        raise
    finally:
        await load.stop()
        if not os.environ.get("LOAD_KEEP"):
            shutil.rmtree(workdir, ignore_errors=True)
    return result


def table(results: list[LoadResult]) -> str:
    lines = [
        "| matches | offered | clicks/s answered | given up | ack p50 / p99 | reply p50 / p99 | turn handover p50 / p99 "
        "| REST calls per click | bot CPU | bot CPU per click | stand-in CPU | stand-in CPU per click | load avg |",
        "|---:|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        offered = "saturated" if r.rate is None else f"{r.rate:,.0f}/s"
        lines.append(
            f"| {r.matches:,} | {offered} | {r.per_second:,.0f} | {r.expired:,} | "
            f"{r.ms(r.ack_ms, 0.5):.1f} / {r.ms(r.ack_ms, 0.99):.1f} ms | "
            f"{r.ms(r.reply_ms, 0.5):.1f} / {r.ms(r.reply_ms, 0.99):.1f} ms | "
            f"{r.handover()} | "
            f"{r.rest_per_click:.2f} ({r.rest_summary()}) | {100 * r.bot_cpu:.0f}% | {r.bot_ms_per_click:.2f} ms | "
            f"{100 * r.harness_cpu:.0f}% | {r.harness_ms_per_click:.1f} ms | "
            f"{r.loadavg[0]:.1f} / {r.loadavg[1]:.1f} |"
        )
    return "\n".join(lines)


def run_arguments(description: str | None) -> argparse.ArgumentParser:
    """The options every load run takes (this script's and bench/floor.py's)."""
    parser = argparse.ArgumentParser(
        description=description, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--rate", type=float, default=None, help="offered clicks/s (default: saturate)")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = run_arguments(__doc__)
    parser.add_argument("--validate", action="store_true", help="validate request bodies against the spec")
    parser.add_argument(
        "--cache-size", type=int, default=None, help="MATCH_CACHE_SIZE (default: matches + 16)"
    )
    parser.add_argument("--profile", type=Path, default=None, help="cProfile the bot into this file")
    parser.add_argument("--py-spy", type=Path, default=None, help="sample the bot with py-spy (raw stacks)")
    parser.add_argument(
        "--cpu-sample",
        type=Path,
        default=None,
        help="sample the bot's own CPU time into this file (raw stacks, bench/cpu_sampler.py)",
    )
    parser.add_argument(
        "--database-url",
        default=None,
        help="the bot's DATABASE_URL, e.g. postgresql://... (default: fresh SQLite)",
    )
    args = parser.parse_args(argv)
    if args.database_url:
        os.environ["LOAD_DATABASE_URL"] = args.database_url
    result = asyncio.run(
        run_load(
            args.matches,
            args.seconds,
            args.rate,
            args.warmup,
            args.validate,
            args.cache_size,
            args.profile,
            args.py_spy,
            cpu_sample=args.cpu_sample,
        )
    )
    print(table([result]))
    print(
        f"\nsetup: {result.setup_interactions} interactions in {result.setup_seconds:.1f} s; "
        f"clicks {result.clicks}, answered {result.acked}, starved {result.starved}, errors {result.errors}, "
        f"given up {result.expired}, "
        f"messages sent per action {result.messages_per_click:.2f}, "
        f"database round trips per click {result.db_trips_per_click:.2f}, "
        f"bot RSS {result.bot_rss_mb:.0f} MB"
    )
    for text, count in result.refusals.most_common(5):
        print(f"refused {count}x: {text}")
    if args.profile is not None:
        import pstats

        pstats.Stats(str(args.profile)).sort_stats("cumulative").print_stats(40)
    return 0


if __name__ == "__main__":
    sys.exit(main())
