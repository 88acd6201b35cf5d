"""The durable queue of matches whose bot or automa seats must answer, with leases.

A row means "some bot seat of this match may have a decision to make". Whoever commits an answer
that leaves a bot seat waiting queues the match in the same transaction, so the request survives
any crash. One process at a time holds a row's lease and plays; it renews the lease while it
works and deletes the row when nothing is left to play. A row whose lease ran out (its holder
died) is claimed by another process. `wakes` is bumped by every new request, and the holder only
deletes the row if no request arrived since it looked, so no request is lost to a race.
"""

from __future__ import annotations

import time

from storage.db import Conn, Database, Write

QUEUE = """INSERT INTO bot_turns (match_id, wakes, queued_at) VALUES (?, 1, ?)
           ON CONFLICT (match_id) DO UPDATE SET wakes = bot_turns.wakes + 1, queued_at = excluded.queued_at"""


class BotTurnRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    @staticmethod
    async def queue_in(conn: Conn, match_id: int) -> None:
        await conn.execute(QUEUE, (match_id, time.time()))

    @staticmethod
    def queue_write(match_id: int) -> Write:
        """The queueing as a statement for a batch (see MatchRepo.save_with)."""
        return Write(QUEUE, (match_id, time.time()))

    async def queue(self, match_id: int) -> None:
        await self.db.execute(QUEUE, (match_id, time.time()))

    async def claim(self, match_id: int, owner: str, lease: float) -> int | None:
        """Take (or renew) the lease; returns the wake count seen, or None if another process
        holds a live lease or the match is not queued."""
        now = time.time()
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                """UPDATE bot_turns SET claimed_by = ?, lease_until = ?
                   WHERE match_id = ? AND (claimed_by IS NULL OR claimed_by = ? OR lease_until < ?)""",
                (owner, now + lease, match_id, owner, now),
            )
            won = cur.rowcount
            await cur.close()
            if won != 1:
                return None
            cur = await conn.execute("SELECT wakes FROM bot_turns WHERE match_id = ?", (match_id,))
            row = await cur.fetchone()
            await cur.close()
            return int(row["wakes"]) if row else None

    async def done(self, match_id: int, owner: str, wakes: int) -> bool:
        """Drop the row if no new request came since `wakes` was read; False: look again."""
        gone = await self.db.execute_count(
            "DELETE FROM bot_turns WHERE match_id = ? AND claimed_by = ? AND wakes = ?", (match_id, owner, wakes)
        )
        return gone == 1

    async def release(self, owner: str) -> int:
        """A clean shutdown hands its leases back so another process can go on at once."""
        return await self.db.execute_count(
            "UPDATE bot_turns SET claimed_by = NULL, lease_until = NULL WHERE claimed_by = ?", (owner,)
        )

    async def orphans(self, grace: float = 0.0) -> list[int]:
        """Queued matches nobody holds: their holder's lease ran out, or nobody claimed them within
        `grace` seconds (the process that queued one normally claims it at once)."""
        now = time.time()
        rows = await self.db.fetchall(
            """SELECT match_id FROM bot_turns
               WHERE (claimed_by IS NULL AND queued_at < ?) OR lease_until < ? ORDER BY queued_at""",
            (now - grace, now),
        )
        return [int(r["match_id"]) for r in rows]

    async def depth(self) -> int:
        row = await self.db.fetchone("SELECT COUNT(*) AS n FROM bot_turns")
        return int(row["n"]) if row else 0
