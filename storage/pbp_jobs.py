"""Due jobs for the play-by-post scheduler. A job is deleted once its handler succeeded, so the
table only ever holds work still to do; a restart simply finds it again.

Several processes may share the table: a process claims a due job with a lease (claimed_by,
lease_until, on the wall clock) before running it, and the claim is a compare-and-set, so one
process runs it. When a process dies mid-job, its lease runs out and another process claims it."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from storage.db import Database, Row


@dataclass(frozen=True)
class Job:
    id: int
    kind: str
    ref: str
    due_at: float
    payload: dict[str, Any] = field(default_factory=dict)
    attempts: int = 0

    @classmethod
    def from_row(cls, row: Row) -> Job:
        return cls(
            row["id"], row["kind"], row["ref"], row["due_at"], json.loads(row["payload"]), row["attempts"]
        )


class JobRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def add(
        self, kind: str, due_at: float, payload: dict[str, Any] | None = None, ref: str = ""
    ) -> int:
        return await self.db.execute(
            "INSERT INTO pbp_jobs (kind, ref, due_at, payload, created_at) VALUES (?, ?, ?, ?, ?)",
            (kind, ref, due_at, json.dumps(payload or {}), time.time()),
        )

    async def due(self, now: float, limit: int = 50) -> list[Job]:
        rows = await self.db.fetchall(
            "SELECT * FROM pbp_jobs WHERE due_at <= ? ORDER BY due_at, id LIMIT ?", (now, limit)
        )
        return [Job.from_row(r) for r in rows]

    async def claim_due(
        self, now: float, owner: str, wall: float, lease: float, limit: int = 50
    ) -> list[Job]:
        """Due jobs (on the job clock `now`) that this process now holds until `wall + lease`."""
        rows = await self.db.fetchall(
            """SELECT * FROM pbp_jobs WHERE due_at <= ? AND (lease_until IS NULL OR lease_until < ?)
               ORDER BY due_at, id LIMIT ?""",
            (now, wall, limit),
        )
        claimed = []
        for row in rows:
            won = await self.db.execute_count(
                """UPDATE pbp_jobs SET claimed_by = ?, lease_until = ?
                   WHERE id = ? AND (lease_until IS NULL OR lease_until < ?)""",
                (owner, wall + lease, row["id"], wall),
            )
            if won:
                claimed.append(Job.from_row(row))
        return claimed

    async def release(self, owner: str) -> int:
        """Hand back every job `owner` holds (a clean shutdown), so others need not wait."""
        return await self.db.execute_count(
            "UPDATE pbp_jobs SET claimed_by = NULL, lease_until = NULL WHERE claimed_by = ?", (owner,)
        )

    async def pending(self, ref: str | None = None) -> list[Job]:
        if ref is None:
            rows = await self.db.fetchall("SELECT * FROM pbp_jobs ORDER BY due_at, id")
        else:
            rows = await self.db.fetchall("SELECT * FROM pbp_jobs WHERE ref = ? ORDER BY due_at, id", (ref,))
        return [Job.from_row(r) for r in rows]

    async def next_due(self) -> float | None:
        row = await self.db.fetchone("SELECT MIN(due_at) AS d FROM pbp_jobs")
        return float(row["d"]) if row and row["d"] is not None else None

    async def done(self, job_id: int) -> None:
        await self.db.execute("DELETE FROM pbp_jobs WHERE id = ?", (job_id,))

    async def failed(self, job_id: int, error: str, retry_at: float | None) -> None:
        """Keep a failing job for a later retry, or drop it for good once retries run out."""
        if retry_at is None:
            await self.done(job_id)
            return
        await self.db.execute(
            """UPDATE pbp_jobs SET attempts = attempts + 1, last_error = ?, due_at = ?, claimed_by = NULL,
                                   lease_until = NULL WHERE id = ?""",
            (error[:500], retry_at, job_id),
        )

    async def cancel(self, ref: str) -> int:
        return await self.db.execute_count("DELETE FROM pbp_jobs WHERE ref = ?", (ref,))

    async def cancel_prefix(self, prefix: str) -> None:
        await self.db.execute("DELETE FROM pbp_jobs WHERE ref LIKE ?", (prefix.replace("%", "") + "%",))
