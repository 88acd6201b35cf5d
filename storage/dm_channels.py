"""dm_channels: the direct-message channel of each user the bot has written to.

Discord gives a bot and a user one DM channel for good, but discord.py keeps it only in memory:
after a restart every user's next DM would open it again, through an endpoint with a rate limit
of its own, so a big bot's first minutes would queue behind it. Kept here, it is opened once."""

from __future__ import annotations

import asyncio
import time

from storage.db import Database
from storage.group_commit import GroupCommit

Row = tuple[int, int, float]  # (user id, channel id, opened at)
MAX_ROWS = 300  # per statement: 3 parameters a row stays far below either database's limit


def insert_sql(rows: int) -> str:
    values = ", ".join(["(?, ?, ?)"] * rows)
    return (
        f"INSERT INTO dm_channels (user_id, channel_id, opened_at) VALUES {values}"
        " ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id, opened_at = excluded.opened_at"
    )


class DmChannelRepo:
    def __init__(self, db: Database) -> None:
        self.db = db
        # Channels opened together are written in one statement (see storage.group_commit).
        self._writer: GroupCommit[int, Row, None] = GroupCommit(self._insert, per_write=MAX_ROWS)

    async def _insert(self, rows: list[Row]) -> None:
        await self.db.execute(insert_sql(len(rows)), [v for row in rows for v in row])

    async def channel_of(self, user_id: int) -> int | None:
        row = await self.db.fetchone("SELECT channel_id FROM dm_channels WHERE user_id = ?", (user_id,))
        return int(row["channel_id"]) if row else None

    def remember(self, user_id: int, channel_id: int) -> asyncio.Future[None]:
        """Record an opened channel without waiting: the future is done once written."""
        return self._writer.put_nowait(user_id, (user_id, channel_id, time.time()))
