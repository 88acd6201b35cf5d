"""private_notices: which prompt each seat was last sent privately. Any process may deliver a
seat's private view; the row lets one that knows nothing of the match yet (a takeover, a restart)
skip a prompt another process already delivered."""

from __future__ import annotations

import time

from storage.db import Database, Write

RECORD = """INSERT INTO private_notices (match_id, seat, pid, sent_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (match_id, seat) DO UPDATE SET pid = excluded.pid, sent_at = excluded.sent_at"""


class NoticeRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def sent(self, match_id: int, seat: int) -> int | None:
        """The prompt id last delivered to this seat, if any."""
        row = await self.db.fetchone(
            "SELECT pid FROM private_notices WHERE match_id = ? AND seat = ?", (match_id, seat)
        )
        return int(row["pid"]) if row else None

    async def record(self, match_id: int, seat: int, pid: int) -> None:
        await self.db.write_batch([Write(RECORD, (match_id, seat, pid, time.time()))])
