"""quarantine: matches held out of play, why, and whether their table has been told."""

from __future__ import annotations

import time
from dataclasses import dataclass

from storage.db import Database, Row

DAMAGED = "damaged"  # cannot be loaded: only a manager's repair (truncate) or abandon helps
RULES = "rules"  # replays legally but comes out otherwise: the host or a manager may continue


@dataclass(frozen=True)
class Held:
    match_id: int
    kind: str
    reason: str
    detail: str
    step: int | None
    engine_version: str | None
    created_at: float
    announced_at: float | None


class QuarantineRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def hold(
        self,
        match_id: int,
        kind: str,
        reason: str,
        detail: str = "",
        step: int | None = None,
        engine_version: str | None = None,
    ) -> bool:
        """Hold a match (a second hold of one already held keeps the first); True if new."""
        added = await self.db.execute_count(
            """INSERT INTO quarantine (match_id, kind, reason, detail, step, engine_version, created_at)
               VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (match_id) DO NOTHING""",
            (match_id, kind, reason, detail[:2000], step, engine_version, time.time()),
        )
        return added == 1

    async def get(self, match_id: int) -> Held | None:
        row = await self.db.fetchone("SELECT * FROM quarantine WHERE match_id = ?", (match_id,))
        return _held(row) if row else None

    async def all(self) -> list[Held]:
        return [_held(r) for r in await self.db.fetchall("SELECT * FROM quarantine ORDER BY match_id")]

    async def claim_announcement(self, match_id: int) -> bool:
        """Compare-and-set: True for the one caller that gets to tell the table."""
        return (
            await self.db.execute_count(
                "UPDATE quarantine SET announced_at = ? WHERE match_id = ? AND announced_at IS NULL",
                (time.time(), match_id),
            )
            == 1
        )

    async def release(self, match_id: int) -> bool:
        return await self.db.execute_count("DELETE FROM quarantine WHERE match_id = ?", (match_id,)) == 1


def _held(row: Row) -> Held:
    return Held(
        match_id=int(row["match_id"]),
        kind=str(row["kind"]),
        reason=str(row["reason"]),
        detail=str(row["detail"]),
        step=int(row["step"]) if row["step"] is not None else None,
        engine_version=row["engine_version"],
        created_at=float(row["created_at"]),
        announced_at=float(row["announced_at"]) if row["announced_at"] is not None else None,
    )
