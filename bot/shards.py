"""Gateway shards held by lease (`storage/shard_leases.py`), so a dead process's shards are served
again without anyone restarting it.

Each process of a sharded deployment on PostgreSQL claims its own shards (`SHARD_IDS`) before it
connects, and connects only those it got; it renews their leases every `lease * RENEW` seconds,
the lease running `lease * EXPIRY` seconds from each renewal. A standby (`SHARD_STANDBY`: no shards
of its own) or a live process with room (fewer than `SHARD_MAX` shards) claims any shard whose
lease ran out and connects it while running: shard 0 too, which carries every DM. So a shard is
served again within about `lease * (EXPIRY + RENEW)` seconds of its holder's death, inside
`LEASE_SECONDS`, plus the time to connect. A process that finds it lost a lease (it was taken for
dead: paused, cut off from the database) disconnects that shard at once, so no two sessions ever
serve one shard; a restarted process whose shards another took waits, as a standby, for a lease to
run out. A shard never claimed by anyone is not taken over: its own process may just be starting.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

from storage.shard_leases import ShardLeaseRepo

log = logging.getLogger(__name__)

EXPIRY = 0.5  # a lease runs this share of LEASE_SECONDS from each renewal
RENEW = 0.1  # renewals (and the watch for shards to take over) every this share of it

ShardAction = Callable[[int], Awaitable[None]]
Connect = Callable[[int, bool], Awaitable[None]]  # (shard, first of a batch)


class ShardKeeper:
    def __init__(
        self,
        repo: ShardLeaseRepo,
        count: int,
        owner: str,
        lease: float,
        own: list[int],
        connect: Connect,
        disconnect: ShardAction,
        *,
        most: int | None = None,
        taken: Callable[[list[int]], Awaitable[None]] | None = None,
    ) -> None:
        self.repo = repo
        self.count = count
        self.owner = owner
        self.lease = lease
        self.own = list(own)
        self.connect = connect
        self.disconnect = disconnect
        self.most = most if most is not None else count
        self.taken = taken
        self.held: set[int] = set()
        self._task: asyncio.Task[None] | None = None
        self._bringing: set[asyncio.Task[None]] = set()  # shards being connected

    @property
    def _hold(self) -> float:
        return self.lease * EXPIRY

    async def claim_own(self, now: float | None = None) -> list[int]:
        """Before connecting: the process's own shards that nobody else holds."""
        for shard in self.own:
            if await self.repo.claim(self.count, shard, self.owner, self._hold, now):
                self.held.add(shard)
            else:
                log.warning("shard %s is held by another process; waiting for its lease to run out", shard)
        return sorted(self.held)

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._loop(), name="shard-leases")

    async def stop(self) -> None:
        for task in [self._task, *self._bringing]:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    async def _loop(self) -> None:
        while True:
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("shard lease round failed")
            await asyncio.sleep(self.lease * RENEW)

    async def tick(self, now: float | None = None) -> list[int]:
        """Renew what is held (dropping what was lost), then take over expired shards: this
        process's own first, others while there is room. Returns the shards newly taken."""
        now = time.time() if now is None else now
        for shard in sorted(self.held):
            if not await self.repo.renew(self.count, shard, self.owner, self._hold, now):
                self.held.discard(shard)
                log.error("lost the lease on shard %s to another process: disconnecting it", shard)
                await self.disconnect(shard)
        taken = []
        expired = await self.repo.expired(self.count, now)
        for shard in sorted(expired, key=lambda s: (s not in self.own, s)):
            if shard not in self.own and len(self.held) >= self.most:
                break
            if await self.repo.claim(self.count, shard, self.owner, self._hold, now):
                log.warning("taking over shard %s: its process stopped renewing its lease", shard)
                self.held.add(shard)
                taken.append(shard)
        if taken:
            # Connecting takes a while (an identify, the guilds arriving); renewals go on meanwhile.
            task = asyncio.create_task(self._bring_up(taken), name="shard-takeover")
            self._bringing.add(task)
            task.add_done_callback(self._bringing.discard)
        return taken

    async def _bring_up(self, shards: list[int]) -> None:
        try:
            for i, shard in enumerate(shards):
                await self.connect(shard, i == 0)
            if self.taken is not None:
                await self.taken(shards)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("could not bring up shard(s) %s", shards)
