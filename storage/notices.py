"""private_notices: which prompt each seat was last sent privately, and at which step of the
match. Any process may deliver a seat's private view; the row lets one that knows nothing of the
match yet (a takeover, a restart) skip a prompt already delivered, and lets reconciliation find
the seats whose open prompt never reached them (a crash between a commit and its announcement, a
direct message Discord refused)."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass

from storage.db import Database
from storage.group_commit import GroupCommit

COLUMNS = "match_id, seat, pid, step, via, sent_at, dm_channel_id, dm_message_id"
# Only a DM names its message; a reply or a channel notice keeps the last DM's ids (still the
# seat's latest private message in their DMs).
UPSERT = """ON CONFLICT (match_id, seat) DO UPDATE
            SET pid = excluded.pid, step = excluded.step, via = excluded.via, sent_at = excluded.sent_at,
                dm_channel_id = COALESCE(excluded.dm_channel_id, private_notices.dm_channel_id),
                dm_message_id = COALESCE(excluded.dm_message_id, private_notices.dm_message_id)"""
ROW = "(?, ?, ?, ?, ?, ?, ?, ?)"
MAX_ROWS = 500  # per statement: 8 parameters a row stays far below either database's limit

Key = tuple[int, int]  # (match id, seat)
Row = tuple[int, int, int, "int | None", str, float, "int | None", "int | None"]


def _merged(old: Row | None, new: Row) -> Row:
    """Two records of one seat in one write: the later one, with the earlier DM's ids if the
    later names none (as two writes in a row would leave it)."""
    if old is None or new[6] is not None:
        return new
    return (*new[:6], old[6], old[7])


def insert_sql(rows: int) -> str:
    return f"INSERT INTO private_notices ({COLUMNS}) VALUES {', '.join([ROW] * rows)} {UPSERT}"


@dataclass(frozen=True)
class Delivered:
    """The prompt a seat was last sent: its id, the step (answers in the log) it was sent at
    (None: recorded before steps were), and how (dm | notice | reply)."""

    pid: int
    step: int | None
    via: str

    def covers(self, pid: int, step: int) -> bool:
        """Does this delivery stand for prompt `pid` open at `step`? A prompt keeps its id while
        other seats answer, so any step from the delivery's on counts; a rewind below it brings
        the prompt back as new (its message was moved on meanwhile)."""
        return self.pid == pid and (self.step is None or self.step <= step)


class NoticeRepo:
    def __init__(self, db: Database) -> None:
        self.db = db
        # Records made together go in one statement (see storage.group_commit).
        self._writer: GroupCommit[Key, Row, None] = GroupCommit(self._insert, _merged, MAX_ROWS)

    async def _insert(self, rows: list[Row]) -> None:
        await self.db.execute(insert_sql(len(rows)), [v for row in rows for v in row])

    async def sent(self, match_id: int, seat: int) -> int | None:
        """The prompt id last delivered to this seat, if any."""
        found = await self.delivered(match_id, seat)
        return found.pid if found else None

    async def delivered(self, match_id: int, seat: int) -> Delivered | None:
        row = await self.db.fetchone(
            "SELECT pid, step, via FROM private_notices WHERE match_id = ? AND seat = ?", (match_id, seat)
        )
        return _delivered(row) if row else None

    async def of_match(self, match_id: int) -> dict[int, Delivered]:
        """Every seat's last delivery in one read (reconciliation)."""
        rows = await self.db.fetchall(
            "SELECT seat, pid, step, via FROM private_notices WHERE match_id = ?", (match_id,)
        )
        return {int(r["seat"]): _delivered(r) for r in rows}

    async def record(
        self, match_id: int, seat: int, pid: int, step: int | None = None, via: str = "dm"
    ) -> None:
        await self.queue(match_id, seat, pid, step, via)

    async def record_dm(
        self, match_id: int, seat: int, pid: int, step: int | None, channel_id: int, message_id: int
    ) -> None:
        """A delivery by direct message, naming the message that carried it."""
        await self.queue(match_id, seat, pid, step, "dm", (channel_id, message_id))

    def queue(
        self,
        match_id: int,
        seat: int,
        pid: int,
        step: int | None,
        via: str,
        dm: tuple[int, int] | None = None,
    ) -> asyncio.Future[None]:
        """`record` (or with `dm`, `record_dm`) without waiting: the future is done once written."""
        channel_id, message_id = dm if dm is not None else (None, None)
        row = (match_id, seat, pid, step, via, time.time(), channel_id, message_id)
        return self._writer.put_nowait((match_id, seat), row)

    async def last_dms(self, match_id: int) -> dict[int, tuple[int, int]]:
        """Each seat's last private DM in this match, as (channel id, message id)."""
        rows = await self.db.fetchall(
            "SELECT seat, dm_channel_id, dm_message_id FROM private_notices"
            " WHERE match_id = ? AND dm_message_id IS NOT NULL",
            (match_id,),
        )
        return {int(r["seat"]): (int(r["dm_channel_id"]), int(r["dm_message_id"])) for r in rows}


def _delivered(row: object) -> Delivered:
    step = row["step"]  # type: ignore[index]
    return Delivered(int(row["pid"]), int(step) if step is not None else None, str(row["via"]))  # type: ignore[index]
