"""match_log: the ordered answers of a match. (match_id, seq) is the key, so a replayed or
duplicated append fails instead of forking the game. Each answer carries a digest of the state it
led to (and the rules' version that judged it), written in the same statement, so a rebuild under
changed rules is noticed. A log that cannot be read as it was written (a gap, a garbled or wrongly
typed row) raises DamagedLog, naming the first step at fault."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from storage import jsontext
from storage.db import Conn, Database, Write, as_dict

Entry = tuple[int, tuple[str, ...]]


class DamagedLog(Exception):
    """The stored log cannot be read back as written; `step` is the 1-based answer at fault."""

    def __init__(self, match_id: int, step: int, reason: str) -> None:
        super().__init__(f"match {match_id}: answer {step}: {reason}")
        self.match_id = match_id
        self.step = step
        self.reason = reason


@dataclass(frozen=True)
class Progress:
    """A running match as reconciliation sees it: answers stored, when it last changed, its
    guild, and how many answers carry a digest (none: not one answer since digests began)."""

    answers: int
    changed_at: float
    guild_id: int | None
    stamped: int


@dataclass(frozen=True)
class Stamp:
    """What an answer's row says of the state it led to (None: written before digests were)."""

    digest: str | None
    engine_version: str | None


class LogRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    @staticmethod
    def append_write(
        match_id: int, seq: int, seat: int, answer: tuple[str, ...], stamp: Stamp | None = None
    ) -> Write:
        """The append as a statement for a batch (see MatchRepo.save_with)."""
        stamp = stamp or Stamp(None, None)
        return Write(
            """INSERT INTO match_log (match_id, seq, seat, answer, created_at, digest, engine_version)
               VALUES (?, ?, ?, ?, ?, ?, ?)""",
            (match_id, seq, seat, jsontext.dumps(list(answer)), time.time(), stamp.digest, stamp.engine_version),
        )

    @staticmethod
    async def append_in(
        conn: Conn, match_id: int, seq: int, seat: int, answer: tuple[str, ...], stamp: Stamp | None = None
    ) -> None:
        write = LogRepo.append_write(match_id, seq, seat, answer, stamp)
        await conn.execute(write.sql, write.params)

    async def append(
        self, match_id: int, seq: int, seat: int, answer: tuple[str, ...], stamp: Stamp | None = None
    ) -> None:
        async with self.db.transaction() as conn:
            await self.append_in(conn, match_id, seq, seat, answer, stamp)

    async def entries(self, match_id: int) -> list[Entry]:
        return [entry for entry, _ in await self.stamped(match_id)]

    async def stamped(self, match_id: int) -> list[tuple[Entry, Stamp]]:
        """The answers in order with what each row says of its state; DamagedLog if a row is
        missing, unreadable or wrongly typed."""
        rows = await self.db.fetchall(
            """SELECT seq, seat, answer, digest, engine_version FROM match_log
               WHERE match_id = ? ORDER BY seq""",
            (match_id,),
        )
        out: list[tuple[Entry, Stamp]] = []
        for expected, row in enumerate(rows):
            if row["seq"] != expected:
                raise DamagedLog(match_id, expected + 1, "gap")
            entry = read_entry(row["seat"], row["answer"])
            if entry is None:
                raise DamagedLog(match_id, expected + 1, "unreadable")
            out.append((entry, Stamp(row["digest"], row["engine_version"])))
        return out

    async def raw(self, match_id: int) -> list[dict[str, Any]]:
        """The rows exactly as stored (inspection and export of a damaged match)."""
        rows = await self.db.fetchall(
            """SELECT seq, seat, answer, created_at, digest, engine_version FROM match_log
               WHERE match_id = ? ORDER BY seq""",
            (match_id,),
        )
        return [as_dict(row) for row in rows]

    async def restamp(self, match_id: int, stamps: list[Stamp]) -> None:
        """Replace every answer's digest and engine version (continuing under new rules)."""
        await self.db.write_batch(
            [
                Write(
                    "UPDATE match_log SET digest = ?, engine_version = ? WHERE match_id = ? AND seq = ?",
                    (stamp.digest, stamp.engine_version, match_id, seq),
                )
                for seq, stamp in enumerate(stamps)
            ]
        )

    async def truncate(self, match_id: int, keep: int) -> int:
        """Drop every answer after the first `keep`; returns how many went."""
        return await self.db.execute_count(
            "DELETE FROM match_log WHERE match_id = ? AND seq >= ?", (match_id, keep)
        )

    async def progress(self) -> dict[int, Progress]:
        """Every running match's progress, in one read. Every answer and every start also writes
        the match row, so its updated_at is the time of the last change."""
        rows = await self.db.fetchall(
            """SELECT m.id AS match_id, m.guild_id AS guild_id, m.updated_at AS at,
                      COUNT(l.seq) AS n, COUNT(l.digest) AS stamped
               FROM matches m LEFT JOIN match_log l ON l.match_id = m.id
               WHERE m.status = 'active' GROUP BY m.id, m.guild_id, m.updated_at"""
        )
        out: dict[int, Progress] = {}
        for r in rows:
            guild = r["guild_id"]
            out[int(r["match_id"])] = Progress(
                int(r["n"]),
                float(r["at"] or 0.0),
                guild if isinstance(guild, int) else None,
                int(r["stamped"]),
            )
        return out

    async def count(self, match_id: int) -> int:
        row = await self.db.fetchone("SELECT COUNT(*) AS n FROM match_log WHERE match_id = ?", (match_id,))
        return int(row["n"]) if row else 0


def read_entry(seat: Any, answer: Any) -> Entry | None:
    """A stored (seat, answer) as the engine takes it, or None when the row is not what an answer
    row must be (a seat number; a JSON list of option ids)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not isinstance(answer, str):
        return None
    try:
        ids = json.loads(answer)
    except ValueError:
        return None
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        return None
    return seat, tuple(ids)
