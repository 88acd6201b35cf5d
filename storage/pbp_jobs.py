"""Due jobs for the play-by-post scheduler. A job is deleted once its handler succeeded, so the
table only ever holds work still to do; a restart simply finds it again."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

import aiosqlite

from storage.db import Database


@dataclass(frozen=True)
class Job:
    id: int
    kind: str
    ref: str
    due_at: float
    payload: dict[str, Any] = field(default_factory=dict)
    attempts: int = 0

    @classmethod
    def from_row(cls, row: aiosqlite.Row) -> Job:
        return cls(row["id"], row["kind"], row["ref"], row["due_at"], json.loads(row["payload"]), row["attempts"])


class JobRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def add(self, kind: str, due_at: float, payload: dict[str, Any] | None = None, ref: str = "") -> int:
        return await self.db.execute(
            "INSERT INTO pbp_jobs (kind, ref, due_at, payload, created_at) VALUES (?, ?, ?, ?, ?)",
            (kind, ref, due_at, json.dumps(payload or {}), time.time()),
        )

    async def due(self, now: float, limit: int = 50) -> list[Job]:
        rows = await self.db.fetchall(
            "SELECT * FROM pbp_jobs WHERE due_at <= ? ORDER BY due_at, id LIMIT ?", (now, limit)
        )
        return [Job.from_row(r) for r in rows]

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
            "UPDATE pbp_jobs SET attempts = attempts + 1, last_error = ?, due_at = ? WHERE id = ?",
            (error[:500], retry_at, job_id),
        )

    async def cancel(self, ref: str) -> int:
        async with self.db.transaction() as conn:
            cur = await conn.execute("DELETE FROM pbp_jobs WHERE ref = ?", (ref,))
            count = cur.rowcount
            await cur.close()
            return count

    async def cancel_prefix(self, prefix: str) -> None:
        await self.db.execute("DELETE FROM pbp_jobs WHERE ref LIKE ?", (prefix.replace("%", "") + "%",))
