"""Rewinding a match's log (with an audit of what was removed), the admin audit, table votes and
imported replay files."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from storage.db import Database, Row
from storage.matches import StaleMatch
from storage.row_cache import RowCache


@dataclass
class Vote:
    id: int
    match_id: int
    kind: str  # replace | undo
    seat: int
    target: float
    requested_by: int | None
    voters: list[int]
    ballots: dict[int, bool] = field(default_factory=dict)
    status: str = "open"
    message_id: int | None = None
    created_at: float = 0.0
    log_count: int | None = None  # undo: answers in the log when it was asked
    # The ballots as stored when read: a ballot is written only if they are still the same.
    stamp: str = field(default="{}", compare=False, repr=False)

    @classmethod
    def from_row(cls, row: Row) -> Vote:
        return cls(
            row["id"],
            row["match_id"],
            row["kind"],
            row["seat"],
            row["target"],
            row["requested_by"],
            [int(v) for v in json.loads(row["voters"])],
            {int(k): bool(v) for k, v in json.loads(row["ballots"]).items()},
            row["status"],
            row["message_id"],
            row["created_at"],
            row["log_count"],
            row["ballots"],
        )


@dataclass(frozen=True)
class UndoneAnswer:
    seq: int
    seat: int
    answer: tuple[str, ...]
    undone_by: int | None
    reason: str


class AuditRepo:
    def __init__(self, db: Database) -> None:
        self.db = db
        # match id -> its open votes' rows (usually none), asked after every answer
        self._open: RowCache[int, list[Row]] = RowCache(db)

    # -- rewinding ----------------------------------------------------------------------------------
    async def rewind(
        self, match_id: int, to_step: int, actor: int | None, reason: str, revision: int | None = None
    ) -> int:
        """Move every answer at seq >= to_step into pbp_undone, in one transaction; returns how many.
        With `revision` (the one the caller decided on), raise StaleMatch and change nothing when
        another process wrote the match since."""
        now = time.time()
        async with self.db.transaction() as conn:
            # Bump first: the compare-and-set decides before anything is moved.
            if revision is None:
                cur = await conn.execute(
                    "UPDATE matches SET revision = revision + 1 WHERE id = ?", (match_id,)
                )
            else:
                cur = await conn.execute(
                    "UPDATE matches SET revision = revision + 1 WHERE id = ? AND revision = ?",
                    (match_id, revision),
                )
            won = cur.rowcount
            await cur.close()
            if won != 1:
                raise StaleMatch(match_id)
            cur = await conn.execute(
                "SELECT seq, seat, answer, created_at FROM match_log WHERE match_id = ? AND seq >= ? ORDER BY seq",
                (match_id, to_step),
            )
            rows = list(await cur.fetchall())
            await cur.close()
            for row in rows:
                await conn.execute(
                    """INSERT INTO pbp_undone (match_id, seq, seat, answer, answered_at, undone_at, undone_by, reason)
                       VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
                    (match_id, row["seq"], row["seat"], row["answer"], row["created_at"], now, actor, reason),
                )
            await conn.execute("DELETE FROM match_log WHERE match_id = ? AND seq >= ?", (match_id, to_step))
            # Processes holding this match in memory saw the new revision above and reload it.
            return len(rows)

    async def undone(self, match_id: int) -> list[UndoneAnswer]:
        rows = await self.db.fetchall(
            "SELECT seq, seat, answer, undone_by, reason FROM pbp_undone WHERE match_id = ? ORDER BY id",
            (match_id,),
        )
        return [
            UndoneAnswer(r["seq"], r["seat"], tuple(json.loads(r["answer"])), r["undone_by"], r["reason"])
            for r in rows
        ]

    # -- admin audit --------------------------------------------------------------------------------
    async def admin(
        self, guild_id: int | None, match_id: int | None, actor_id: int, action: str, details: dict[str, Any]
    ) -> int:
        return await self.db.execute(
            """INSERT INTO admin_audit (guild_id, match_id, actor_id, action, details, created_at)
               VALUES (?, ?, ?, ?, ?, ?)""",
            (guild_id, match_id, actor_id, action, json.dumps(details), time.time()),
        )

    async def admin_entries(self, match_id: int) -> list[dict[str, Any]]:
        rows = await self.db.fetchall(
            "SELECT actor_id, action, details FROM admin_audit WHERE match_id = ? ORDER BY id", (match_id,)
        )
        return [{"actor_id": r["actor_id"], "action": r["action"], **json.loads(r["details"])} for r in rows]

    # -- votes --------------------------------------------------------------------------------------
    async def open_vote(
        self,
        match_id: int,
        kind: str,
        seat: int,
        target: float,
        requested_by: int | None,
        voters: list[int],
        log_count: int | None = None,
    ) -> Vote:
        """A new open vote; IntegrityError when one of its kind is already open there (one
        replacement vote per seat, one undo vote per game: unique indexes decide, whichever
        process asks)."""
        async with self._open.writing(match_id):
            vote_id = await self.db.execute(
                """INSERT INTO pbp_votes (match_id, kind, seat, target, requested_by, voters, created_at, log_count)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
                (match_id, kind, seat, target, requested_by, json.dumps(voters), time.time(), log_count),
            )
        vote = await self.vote(vote_id)
        assert vote is not None
        return vote

    async def vote(self, vote_id: int) -> Vote | None:
        row = await self.db.fetchone("SELECT * FROM pbp_votes WHERE id = ?", (vote_id,))
        return Vote.from_row(row) if row else None

    async def open_votes(self, match_id: int, kind: str | None = None) -> list[Vote]:
        rows = await self._open.load(match_id, lambda: self._read_open(match_id))
        votes = [Vote.from_row(r) for r in rows]
        return [v for v in votes if kind is None or v.kind == kind]

    async def _read_open(self, match_id: int) -> list[Row]:
        return await self.db.fetchall(
            "SELECT * FROM pbp_votes WHERE match_id = ? AND status = 'open' ORDER BY id", (match_id,)
        )

    async def record_ballots(self, vote: Vote) -> bool:
        """Store `vote`'s ballots and status if the vote is still open with the ballots it was read
        with (compare-and-set); False: another ballot or a close landed first, read it again."""
        ballots = json.dumps({str(k): v for k, v in sorted(vote.ballots.items())})
        async with self._open.writing(vote.match_id):
            won = await self.db.execute_count(
                """UPDATE pbp_votes SET ballots = ?, status = ?, closed_at = ?
                   WHERE id = ? AND status = 'open' AND ballots = ?""",
                (ballots, vote.status, None if vote.status == "open" else time.time(), vote.id, vote.stamp),
            )
        if won:
            vote.stamp = ballots
        return won == 1

    async def close_vote(self, vote: Vote, status: str) -> bool:
        """Close an open vote (cancelled, or settled without ballots); False if it was closed
        already, by a ballot or by another process."""
        async with self._open.writing(vote.match_id):
            won = await self.db.execute_count(
                "UPDATE pbp_votes SET status = ?, closed_at = ? WHERE id = ? AND status = 'open'",
                (status, time.time(), vote.id),
            )
        if won:
            vote.status = status
        return won == 1

    async def set_vote_message(self, vote: Vote, message_id: int | None) -> None:
        """Only the message column: ballots may already be arriving through its buttons."""
        vote.message_id = message_id
        async with self._open.writing(vote.match_id):
            await self.db.execute("UPDATE pbp_votes SET message_id = ? WHERE id = ?", (message_id, vote.id))

    # -- imported replays ---------------------------------------------------------------------------
    async def save_replay(self, user_id: int, data: dict[str, Any]) -> int:
        return await self.db.execute(
            "INSERT INTO pbp_replays (user_id, data, created_at) VALUES (?, ?, ?)",
            (user_id, json.dumps(data), time.time()),
        )

    async def replay(self, replay_id: int) -> dict[str, Any] | None:
        row = await self.db.fetchone("SELECT data FROM pbp_replays WHERE id = ?", (replay_id,))
        return json.loads(row["data"]) if row else None
