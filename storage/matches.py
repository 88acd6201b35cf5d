"""The matches table: who plays what, where, with which options and seed."""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from storage import jsontext
from storage.db import Conn, Database, IntegrityError, Row, RowsMismatch, Write, as_dict

log = logging.getLogger(__name__)

LIVE = ("lobby", "active")


class ChannelBusy(Exception):
    """The channel already hosts a lobby or a running game."""


class DamagedMatch(Exception):
    """A match row that cannot be read as written (garbled JSON, wrong types)."""

    def __init__(self, match_id: int, reason: str) -> None:
        super().__init__(f"match {match_id}: {reason}")
        self.match_id = match_id
        self.reason = reason


@dataclass(frozen=True)
class RowInfo:
    """What can be read of any match row, damaged or not: enough to tell its table."""

    id: int
    guild_id: int | None
    channel_id: int | None
    game: str
    locale: str
    status: str


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
        """The record of a stored row; DamagedMatch when the row is not what the bot wrote."""
        try:
            record = cls._from_row(row)
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            raise DamagedMatch(int(row["id"]), f"{type(exc).__name__}: {exc}") from exc
        if not isinstance(record.options, dict):
            raise DamagedMatch(record.id, "options are not an object")
        if not all(
            isinstance(v, int) and not isinstance(v, bool)
            for v in (record.seed, record.channel_id, record.host_id)
        ):
            raise DamagedMatch(record.id, "seed, channel or host is not a number")
        return record

    @classmethod
    def _from_row(cls, row: Row) -> MatchRecord:
        seats = json.loads(row["seats"])
        if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
            raise ValueError("seats are not a list of objects")
        return cls(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            game=row["game"],
            engine_version=row["engine_version"],
            options=json.loads(row["options"]),
            seats=[SeatRecord.from_dict(s) for s in seats],
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
                        jsontext.dumps(options),
                        jsontext.dumps([s.to_dict() for s in seats]),
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
        """The readable matches in these states; a damaged row is left out (and logged), so one
        broken match never hides the others (see `damaged`)."""
        records, _ = await self.sorted_out(*statuses)
        return records

    async def sorted_out(self, *statuses: str) -> tuple[list[MatchRecord], list[tuple[RowInfo, str]]]:
        """The matches in these states: the readable records, and what can be read of each
        damaged row with why it is damaged."""
        marks = ", ".join("?" for _ in statuses)
        rows = await self.db.fetchall(
            f"SELECT * FROM matches WHERE status IN ({marks}) ORDER BY id", statuses
        )
        records: list[MatchRecord] = []
        damaged: list[tuple[RowInfo, str]] = []
        for row in rows:
            try:
                records.append(MatchRecord.from_row(row))
            except DamagedMatch as exc:
                log.warning("%s", exc)
                damaged.append((row_info(row), exc.reason))
        return records, damaged

    async def info(self, match_id: int) -> RowInfo | None:
        """What can be read of a match row even when it is damaged."""
        row = await self.db.fetchone("SELECT * FROM matches WHERE id = ?", (match_id,))
        return row_info(row) if row else None

    async def raw(self, match_id: int) -> dict[str, Any] | None:
        """The row exactly as stored (inspection and export of a damaged match)."""
        row = await self.db.fetchone("SELECT * FROM matches WHERE id = ?", (match_id,))
        return as_dict(row) if row else None

    async def set_status(self, match_id: int, status: str) -> bool:
        """Set a match's status without reading its other columns (a damaged row cannot be read
        back into a record); bumps the revision so cached copies elsewhere are dropped."""
        changed = await self.db.execute_count(
            "UPDATE matches SET status = ?, updated_at = ?, revision = revision + 1 WHERE id = ?",
            (status, time.time(), match_id),
        )
        return changed == 1

    async def set_engine_version(self, match_id: int, version: str) -> None:
        await self.db.execute_count(
            "UPDATE matches SET engine_version = ?, updated_at = ?, revision = revision + 1 WHERE id = ?",
            (version, time.time(), match_id),
        )

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
        """The compare-and-set save of `record`, then `writes` (rows of this match only), as one
        transaction (on SQLite one trip to the database thread; on PostgreSQL possibly shared
        with other matches' answers, see storage/answer_groups.py): StaleMatch if another process
        wrote the match first, IntegrityError if one of `writes` breaks a key. `record` is
        updated only on commit."""
        write, updated_at = save_write(record)
        try:
            await self.db.write_answer(record.id, [write, *writes])
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
            jsontext.dumps(record.options),
            jsontext.dumps([s.to_dict() for s in record.seats]),
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


def row_info(row: Row) -> RowInfo:
    """The columns a damaged match can still be told by (each one read defensively)."""

    def number(key: str) -> int | None:
        value = row[key]
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def text(key: str, default: str) -> str:
        value = row[key]
        return value if isinstance(value, str) else default

    return RowInfo(
        id=int(row["id"]),
        guild_id=number("guild_id"),
        channel_id=number("channel_id"),
        game=text("game", "?"),
        locale=text("locale", "en"),
        status=text("status", "?"),
    )
