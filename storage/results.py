"""Final standings, written in the same transaction as the answer that ended the game."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from storage.db import Conn, Database


@dataclass(frozen=True)
class ResultRecord:
    match_id: int
    scores: list[int]
    ranks: list[int]
    details: dict[str, Any]
    ended_how: str
    ended_at: float


class ResultRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    @staticmethod
    async def save_in(
        conn: Conn,
        match_id: int,
        scores: list[int],
        ranks: list[int],
        details: dict[str, Any],
        ended_how: str,
    ) -> None:
        await conn.execute(
            """INSERT INTO results (match_id, scores, ranks, details, ended_how, ended_at)
               VALUES (?, ?, ?, ?, ?, ?)
               ON CONFLICT (match_id) DO UPDATE SET scores = excluded.scores, ranks = excluded.ranks,
                   details = excluded.details, ended_how = excluded.ended_how, ended_at = excluded.ended_at""",
            (match_id, json.dumps(scores), json.dumps(ranks), json.dumps(details), ended_how, time.time()),
        )

    async def get(self, match_id: int) -> ResultRecord | None:
        row = await self.db.fetchone("SELECT * FROM results WHERE match_id = ?", (match_id,))
        if row is None:
            return None
        return ResultRecord(
            match_id=row["match_id"],
            scores=json.loads(row["scores"]),
            ranks=json.loads(row["ranks"]),
            details=json.loads(row["details"]),
            ended_how=row["ended_how"],
            ended_at=row["ended_at"],
        )
