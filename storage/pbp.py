"""Play-by-post state: per-game clock settings and status message, turn timers, user ping
preferences and vacations."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

from storage.db import Database, Row

POLICIES = ("wait", "bot_turn", "vote")


@dataclass
class GameSettings:
    match_id: int
    turn_hours: float | None = None
    timeout_policy: str = "bot_turn"
    status_message_id: int | None = None
    status_text: str | None = None
    status_pinged: tuple[int, ...] = ()


@dataclass(frozen=True)
class Timer:
    match_id: int
    seat: int
    user_id: int
    started_at: float
    total: float | None
    due_at: float | None
    paused_left: float | None
    covered: bool

    @property
    def paused(self) -> bool:
        return self.paused_left is not None


@dataclass(frozen=True)
class PingPrefs:
    user_id: int
    ping: bool = True
    dm_ping: bool = False


@dataclass(frozen=True)
class Vacation:
    user_id: int
    starts_at: float
    ends_at: float
    active: bool


class PbpRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    # -- game settings --------------------------------------------------------------------------
    async def settings(self, match_id: int) -> GameSettings:
        row = await self.db.fetchone("SELECT * FROM pbp_games WHERE match_id = ?", (match_id,))
        if row is None:
            return GameSettings(match_id)
        return GameSettings(
            match_id,
            row["turn_hours"],
            row["timeout_policy"],
            row["status_message_id"],
            row["status_text"],
            tuple(json.loads(row["status_pinged"])),
        )

    async def save_settings(self, s: GameSettings) -> None:
        if s.timeout_policy not in POLICIES:
            raise ValueError(f"unknown timeout policy {s.timeout_policy!r}")
        await self.db.execute(
            """INSERT INTO pbp_games (match_id, turn_hours, timeout_policy, status_message_id, status_text,
                                      status_pinged)
               VALUES (?, ?, ?, ?, ?, ?)
               ON CONFLICT (match_id) DO UPDATE SET turn_hours = excluded.turn_hours,
                   timeout_policy = excluded.timeout_policy, status_message_id = excluded.status_message_id,
                   status_text = excluded.status_text, status_pinged = excluded.status_pinged""",
            (
                s.match_id,
                s.turn_hours,
                s.timeout_policy,
                s.status_message_id,
                s.status_text,
                json.dumps(list(s.status_pinged)),
            ),
        )

    # -- timers -----------------------------------------------------------------------------------
    @staticmethod
    def _timer(r: Row) -> Timer:
        return Timer(
            r["match_id"],
            r["seat"],
            r["user_id"],
            r["started_at"],
            r["total"],
            r["due_at"],
            r["paused_left"],
            bool(r["covered"]),
        )

    async def timers(self, match_id: int) -> dict[int, Timer]:
        rows = await self.db.fetchall("SELECT * FROM pbp_timers WHERE match_id = ?", (match_id,))
        return {int(r["seat"]): self._timer(r) for r in rows}

    async def timer(self, match_id: int, seat: int) -> Timer | None:
        row = await self.db.fetchone(
            "SELECT * FROM pbp_timers WHERE match_id = ? AND seat = ?", (match_id, seat)
        )
        return self._timer(row) if row else None

    async def timers_of_user(self, user_id: int) -> list[Timer]:
        rows = await self.db.fetchall("SELECT * FROM pbp_timers WHERE user_id = ?", (user_id,))
        return [self._timer(r) for r in rows]

    async def covered_seats(self) -> set[tuple[int, int]]:
        rows = await self.db.fetchall("SELECT match_id, seat FROM pbp_timers WHERE covered = 1")
        return {(int(r["match_id"]), int(r["seat"])) for r in rows}

    async def covered_in(self, match_id: int) -> set[int]:
        """Seats of one match a substitute bot plays, as stored (whichever process covered them)."""
        rows = await self.db.fetchall("SELECT seat FROM pbp_timers WHERE match_id = ? AND covered = 1", (match_id,))
        return {int(r["seat"]) for r in rows}

    async def put_timer(self, t: Timer) -> None:
        await self.db.execute(
            """INSERT INTO pbp_timers
                   (match_id, seat, user_id, started_at, total, due_at, paused_left, covered)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT (match_id, seat) DO UPDATE SET user_id = excluded.user_id,
                   started_at = excluded.started_at, total = excluded.total, due_at = excluded.due_at,
                   paused_left = excluded.paused_left, covered = excluded.covered""",
            (t.match_id, t.seat, t.user_id, t.started_at, t.total, t.due_at, t.paused_left, int(t.covered)),
        )

    async def drop_timer(self, match_id: int, seat: int) -> None:
        await self.db.execute("DELETE FROM pbp_timers WHERE match_id = ? AND seat = ?", (match_id, seat))

    async def drop_timers(self, match_id: int) -> None:
        await self.db.execute("DELETE FROM pbp_timers WHERE match_id = ?", (match_id,))

    # -- user preferences ---------------------------------------------------------------------------
    async def ping_prefs(self, user_id: int) -> PingPrefs:
        row = await self.db.fetchone("SELECT ping, dm_ping FROM pbp_user_prefs WHERE user_id = ?", (user_id,))
        if row is None:
            return PingPrefs(user_id)
        return PingPrefs(user_id, bool(row["ping"]), bool(row["dm_ping"]))

    async def set_ping_prefs(self, user_id: int, ping: bool | None, dm_ping: bool | None) -> PingPrefs:
        current = await self.ping_prefs(user_id)
        new = PingPrefs(
            user_id,
            current.ping if ping is None else ping,
            current.dm_ping if dm_ping is None else dm_ping,
        )
        await self.db.execute(
            """INSERT INTO pbp_user_prefs (user_id, ping, dm_ping, updated_at) VALUES (?, ?, ?, ?)
               ON CONFLICT (user_id) DO UPDATE SET ping = excluded.ping, dm_ping = excluded.dm_ping,
                   updated_at = excluded.updated_at""",
            (user_id, int(new.ping), int(new.dm_ping), time.time()),
        )
        return new

    # -- vacations ----------------------------------------------------------------------------------
    async def vacation(self, user_id: int) -> Vacation | None:
        row = await self.db.fetchone("SELECT * FROM pbp_vacations WHERE user_id = ?", (user_id,))
        if row is None:
            return None
        return Vacation(row["user_id"], row["starts_at"], row["ends_at"], bool(row["active"]))

    async def put_vacation(self, v: Vacation) -> None:
        await self.db.execute(
            "INSERT INTO pbp_vacations (user_id, starts_at, ends_at, active) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET starts_at = excluded.starts_at, ends_at = excluded.ends_at, "
            "active = excluded.active",
            (v.user_id, v.starts_at, v.ends_at, int(v.active)),
        )

    async def drop_vacation(self, user_id: int) -> None:
        await self.db.execute("DELETE FROM pbp_vacations WHERE user_id = ?", (user_id,))


class PbpStore:
    """The play-by-post repositories over the bot's one database."""

    def __init__(self, db: Database) -> None:
        from storage.pbp_audit import AuditRepo
        from storage.pbp_jobs import JobRepo

        self.db = db
        self.games = PbpRepo(db)
        self.jobs = JobRepo(db)
        self.audit = AuditRepo(db)
