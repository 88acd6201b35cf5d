"""match_log: the ordered answers of a match. (match_id, seq) is the key, so a replayed or
duplicated append fails instead of forking the game."""

from __future__ import annotations

import json
import time

from storage.db import Conn, Database, Write

Entry = tuple[int, tuple[str, ...]]


class LogRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    @staticmethod
    def append_write(match_id: int, seq: int, seat: int, answer: tuple[str, ...]) -> Write:
        """The append as a statement for a batch (see MatchRepo.save_with)."""
        return Write(
            "INSERT INTO match_log (match_id, seq, seat, answer, created_at) VALUES (?, ?, ?, ?, ?)",
            (match_id, seq, seat, json.dumps(list(answer)), time.time()),
        )

    @staticmethod
    async def append_in(conn: Conn, match_id: int, seq: int, seat: int, answer: tuple[str, ...]) -> None:
        write = LogRepo.append_write(match_id, seq, seat, answer)
        await conn.execute(write.sql, write.params)

    async def append(self, match_id: int, seq: int, seat: int, answer: tuple[str, ...]) -> None:
        async with self.db.transaction() as conn:
            await self.append_in(conn, match_id, seq, seat, answer)

    async def entries(self, match_id: int) -> list[Entry]:
        rows = await self.db.fetchall(
            "SELECT seq, seat, answer FROM match_log WHERE match_id = ? ORDER BY seq", (match_id,)
        )
        out: list[Entry] = []
        for expected, row in enumerate(rows):
            if row["seq"] != expected:
                raise RuntimeError(f"match {match_id}: log has a gap at seq {expected}")
            out.append((int(row["seat"]), tuple(json.loads(row["answer"]))))
        return out

    async def count(self, match_id: int) -> int:
        row = await self.db.fetchone("SELECT COUNT(*) AS n FROM match_log WHERE match_id = ?", (match_id,))
        return int(row["n"]) if row else 0
