"""The matches table: who plays what, where, with which options and seed."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from storage.db import Conn, Database, IntegrityError, Row, RowsMismatch, Write

LIVE = ("lobby", "active")


class ChannelBusy(Exception):
    """The channel already hosts a lobby or a running game."""


class StaleMatch(Exception):
    """Another process changed the match since this copy was loaded; reload and try again."""


@dataclass
class SeatRecord:
    kind: str = "human"  # human | bot | automa
    name: str = ""
    policy: str | None = None
    user_id: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "policy": self.policy, "user_id": self.user_id}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatRecord:
        uid = data.get("user_id")
        return cls(
            kind=str(data.get("kind") or "human"),
            name=str(data.get("name") or ""),
            policy=data.get("policy"),
            user_id=int(uid) if uid is not None else None,
        )


@dataclass
class MatchRecord:
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    engine_version: str
    options: dict[str, Any]
    seats: list[SeatRecord]
    seed: int
    status: str
    host_id: int
    locale: str = "en"
    lobby_message_id: int | None = None
    board_message_id: int | None = None
    board_posted_at: float | None = None
    created_at: float = field(default_factory=time.time)
    updated_at: float = field(default_factory=time.time)
    # Bumped by every write; a write that finds another revision than the one it loaded loses.
    revision: int = 0

    @property
    def live(self) -> bool:
        return self.status in LIVE

    def seat_of(self, user_id: int) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.kind == "human" and seat.user_id == user_id:
                return i
        return None

    @classmethod
    def from_row(cls, row: Row) -> MatchRecord:
        return cls(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            game=row["game"],
            engine_version=row["engine_version"],
            options=json.loads(row["options"]),
            seats=[SeatRecord.from_dict(s) for s in json.loads(row["seats"])],
            seed=row["seed"],
            status=row["status"],
            host_id=row["host_id"],
            locale=row["locale"],
            lobby_message_id=row["lobby_message_id"],
            board_message_id=row["board_message_id"],
            board_posted_at=row["board_posted_at"],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            revision=row["revision"],
        )


class MatchRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def create(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        engine_version: str,
        options: dict[str, Any],
        seats: list[SeatRecord],
        seed: int,
        host_id: int,
        locale: str = "en",
    ) -> MatchRecord:
        now = time.time()
        try:
            async with self.db.transaction() as conn:
                cur = await conn.execute(
                    """INSERT INTO matches (guild_id, channel_id, game, engine_version, options, seats, seed,
                                            status, host_id, locale, created_at, updated_at)
                       VALUES (?, ?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?)""",
                    (
                        guild_id,
                        channel_id,
                        game,
                        engine_version,
                        json.dumps(options),
                        json.dumps([s.to_dict() for s in seats]),
                        seed,
                        host_id,
                        locale,
                        now,
                        now,
                    ),
                )
                match_id = cur.lastrowid
                await cur.close()
        except IntegrityError as exc:
            raise ChannelBusy(str(exc)) from exc
        assert match_id is not None
        record = await self.get(match_id)
        assert record is not None
        return record

    async def get(self, match_id: int) -> MatchRecord | None:
        row = await self.db.fetchone("SELECT * FROM matches WHERE id = ?", (match_id,))
        return MatchRecord.from_row(row) if row else None

    async def live_in_channel(self, channel_id: int) -> MatchRecord | None:
        row = await self.db.fetchone(
            "SELECT * FROM matches WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        )
        return MatchRecord.from_row(row) if row else None

    async def with_status(self, *statuses: str) -> list[MatchRecord]:
        marks = ", ".join("?" for _ in statuses)
        rows = await self.db.fetchall(
            f"SELECT * FROM matches WHERE status IN ({marks}) ORDER BY id", statuses
        )
        return [MatchRecord.from_row(r) for r in rows]

    async def save(self, record: MatchRecord) -> None:
        async with self.db.transaction() as conn:
            await self.save_in(conn, record)

    async def revision(self, match_id: int) -> int | None:
        """The stored revision (None: no such match), to tell whether a cached copy is current."""
        row = await self.db.fetchone("SELECT revision FROM matches WHERE id = ?", (match_id,))
        return int(row["revision"]) if row else None

    @staticmethod
    async def save_in(conn: Conn, record: MatchRecord) -> None:
        """Write the mutable columns of `record` inside the caller's transaction, if nobody else
        wrote the match since `record` was read (compare-and-set on the revision); else raise
        StaleMatch and let the caller's transaction roll back."""
        write, updated_at = save_write(record)
        cur = await conn.execute(write.sql, write.params)
        changed = cur.rowcount
        await cur.close()
        if changed != 1:
            raise StaleMatch(record.id)
        # The caller's transaction may still roll back; the copy then is dropped and reloaded.
        saved(record, updated_at)

    async def save_with(self, record: MatchRecord, writes: list[Write]) -> None:
        """The compare-and-set save of `record`, then `writes`, as one transaction (on SQLite one
        trip to the database thread): StaleMatch if another process wrote the match first,
        IntegrityError if one of `writes` breaks a key. `record` is updated only on commit."""
        write, updated_at = save_write(record)
        try:
            await self.db.write_batch([write, *writes])
        except RowsMismatch as exc:
            raise StaleMatch(record.id) from exc
        saved(record, updated_at)


def save_write(record: MatchRecord) -> tuple[Write, float]:
    """The compare-and-set UPDATE of a match's mutable columns, and the updated_at it sets."""
    updated_at = time.time()
    write = Write(
        """UPDATE matches SET engine_version = ?, host_id = ?, options = ?, seats = ?, status = ?, locale = ?,
                              lobby_message_id = ?, board_message_id = ?, board_posted_at = ?,
                              updated_at = ?, revision = revision + 1
           WHERE id = ? AND revision = ?""",
        (
            record.engine_version,
            record.host_id,
            json.dumps(record.options),
            json.dumps([s.to_dict() for s in record.seats]),
            record.status,
            record.locale,
            record.lobby_message_id,
            record.board_message_id,
            record.board_posted_at,
            updated_at,
            record.id,
            record.revision,
        ),
        rows=1,
    )
    return write, updated_at


def saved(record: MatchRecord, updated_at: float) -> None:
    """Bring the in-memory record in line with the row just written."""
    record.updated_at = updated_at
    record.revision += 1
