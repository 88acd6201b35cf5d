"""Physical-table results waiting for the other players to confirm them."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from storage.db import Conn, Database, IntegrityError, Row


class DuplicatePending(Exception):
    """The same game, players and scores are already waiting for confirmation."""


@dataclass
class PendingSeat:
    seat: int
    kind: str  # human | automa
    user_id: int | None
    name: str | None
    score: int
    breakdown: dict[str, int] | None = None
    confirmed: bool = False


@dataclass
class PendingResult:
    id: int
    guild_id: int
    channel_id: int
    game: str
    submitted_by: int
    fingerprint: str
    seats: list[PendingSeat]
    expires_at: float
    created_at: float = field(default_factory=time.time)
    options: dict[str, Any] = field(default_factory=dict)
    solo_opponent: str | None = None
    solo_level: int | None = None
    message_id: int | None = None
    locale: str = "en"  # of the channel the confirmation request is posted in

    @property
    def waiting_for(self) -> list[int]:
        return [
            s.user_id for s in self.seats if s.kind == "human" and s.user_id is not None and not s.confirmed
        ]


class PendingRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def create(self, pending: PendingResult) -> PendingResult:
        try:
            async with self.db.transaction() as conn:
                cur = await conn.execute(
                    """INSERT INTO pending_results (guild_id, channel_id, message_id, game, options, solo_opponent,
                                                    solo_level, submitted_by, fingerprint, created_at, expires_at, locale)
                       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                    (
                        pending.guild_id,
                        pending.channel_id,
                        pending.message_id,
                        pending.game,
                        json.dumps(pending.options, sort_keys=True),
                        pending.solo_opponent,
                        pending.solo_level,
                        pending.submitted_by,
                        pending.fingerprint,
                        pending.created_at,
                        pending.expires_at,
                        pending.locale,
                    ),
                )
                pending.id = cur.lastrowid or 0
                await cur.close()
                await conn.executemany(
                    """INSERT INTO pending_seats (pending_id, seat, kind, user_id, name, score, breakdown, confirmed)
                       VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
                    [
                        (
                            pending.id,
                            s.seat,
                            s.kind,
                            s.user_id,
                            s.name,
                            s.score,
                            json.dumps(s.breakdown, sort_keys=True) if s.breakdown is not None else None,
                            int(s.confirmed),
                        )
                        for s in pending.seats
                    ],
                )
        except IntegrityError as exc:
            raise DuplicatePending(pending.fingerprint) from exc
        return pending

    async def get(self, pending_id: int) -> PendingResult | None:
        row = await self.db.fetchone("SELECT * FROM pending_results WHERE id = ?", (pending_id,))
        if row is None:
            return None
        seats = await self.db.fetchall(
            "SELECT * FROM pending_seats WHERE pending_id = ? ORDER BY seat", (pending_id,)
        )
        return _pending(row, seats)

    async def exists(self, guild_id: int, fingerprint: str) -> bool:
        row = await self.db.fetchone(
            "SELECT 1 FROM pending_results WHERE guild_id = ? AND fingerprint = ?", (guild_id, fingerprint)
        )
        return row is not None

    async def set_message(self, pending_id: int, message_id: int) -> None:
        await self.db.execute(
            "UPDATE pending_results SET message_id = ? WHERE id = ?", (message_id, pending_id)
        )

    async def confirm(self, pending_id: int, user_id: int) -> bool:
        """Mark `user_id`'s seats confirmed; False if they are not listed on it."""
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "UPDATE pending_seats SET confirmed = 1 WHERE pending_id = ? AND user_id = ?",
                (pending_id, user_id),
            )
            changed = cur.rowcount
            await cur.close()
        return changed > 0

    @staticmethod
    async def delete_in(conn: Conn, pending_id: int) -> bool:
        cur = await conn.execute("DELETE FROM pending_results WHERE id = ?", (pending_id,))
        gone = cur.rowcount
        await cur.close()
        return gone > 0

    async def delete(self, pending_id: int) -> bool:
        async with self.db.transaction() as conn:
            return await self.delete_in(conn, pending_id)

    async def expired(self, now: float) -> list[PendingResult]:
        rows = await self.db.fetchall(
            "SELECT id FROM pending_results WHERE expires_at <= ? ORDER BY id", (now,)
        )
        found = [await self.get(r["id"]) for r in rows]
        return [p for p in found if p is not None]


def _pending(row: Row, seats: list[Row]) -> PendingResult:
    return PendingResult(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        game=row["game"],
        options=json.loads(row["options"]),
        solo_opponent=row["solo_opponent"],
        solo_level=row["solo_level"],
        submitted_by=row["submitted_by"],
        fingerprint=row["fingerprint"],
        created_at=row["created_at"],
        expires_at=row["expires_at"],
        locale=row["locale"],
        seats=[
            PendingSeat(
                seat=s["seat"],
                kind=s["kind"],
                user_id=s["user_id"],
                name=s["name"],
                score=s["score"],
                breakdown=json.loads(s["breakdown"]) if s["breakdown"] else None,
                confirmed=bool(s["confirmed"]),
            )
            for s in seats
        ],
    )
