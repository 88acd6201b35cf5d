"""shard_leases: which process holds each gateway shard. Claims and renewals are compare-and-set
writes, so two live processes never both hold one shard."""

from __future__ import annotations

import time

from storage.db import Database

CLAIM = """INSERT INTO shard_leases (shard_count, shard_id, owner, lease_until) VALUES (?, ?, ?, ?)
           ON CONFLICT (shard_count, shard_id) DO UPDATE
           SET owner = excluded.owner, lease_until = excluded.lease_until
           WHERE shard_leases.owner = excluded.owner OR shard_leases.lease_until < ?"""


class ShardLeaseRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def claim(self, count: int, shard: int, owner: str, lease: float, now: float | None = None) -> bool:
        """Take (or keep) a shard: True if `owner` holds it now (it was free, its lease had run
        out, or `owner` held it already)."""
        now = time.time() if now is None else now
        return await self.db.execute_count(CLAIM, (count, shard, owner, now + lease, now)) == 1

    async def renew(self, count: int, shard: int, owner: str, lease: float, now: float | None = None) -> bool:
        """Extend `owner`'s lease; False if another process took the shard meanwhile."""
        now = time.time() if now is None else now
        changed = await self.db.execute_count(
            "UPDATE shard_leases SET lease_until = ? WHERE shard_count = ? AND shard_id = ? AND owner = ?",
            (now + lease, count, shard, owner),
        )
        return changed == 1

    async def expired(self, count: int, now: float | None = None) -> list[int]:
        """The shards whose holder stopped renewing them (a shard never claimed is nobody's to
        take over: its own process may simply not have started yet)."""
        now = time.time() if now is None else now
        rows = await self.db.fetchall(
            "SELECT shard_id FROM shard_leases WHERE shard_count = ? AND lease_until < ? ORDER BY shard_id",
            (count, now),
        )
        return [int(r["shard_id"]) for r in rows]

    async def holders(self, count: int) -> dict[int, tuple[str, float]]:
        rows = await self.db.fetchall(
            "SELECT shard_id, owner, lease_until FROM shard_leases WHERE shard_count = ?", (count,)
        )
        return {int(r["shard_id"]): (str(r["owner"]), float(r["lease_until"])) for r in rows}
