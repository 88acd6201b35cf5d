"""Shards held by lease (SQLite, and PostgreSQL with TEST_DATABASE_URL): a process claims its own
shards, renews them, loses one it stopped renewing to a process that takes it over, and then lets
it go; nobody takes over a shard never claimed, or beyond its room."""

from __future__ import annotations

import asyncio

from bot.shards import EXPIRY, ShardKeeper
from storage import Store

LEASE = 10.0


class Gateway:
    """What a keeper connects and disconnects, recorded."""

    def __init__(self) -> None:
        self.connected: list[int] = []
        self.dropped: list[int] = []

    async def connect(self, shard: int, first: bool) -> None:
        self.connected.append(shard)

    async def disconnect(self, shard: int) -> None:
        self.dropped.append(shard)


def keeper(
    store: Store, owner: str, own: list[int], gateway: Gateway, most: int | None = None
) -> ShardKeeper:
    return ShardKeeper(store.shards, 2, owner, LEASE, own, gateway.connect, gateway.disconnect, most=most)


async def settle(k: ShardKeeper) -> None:
    for task in list(k._bringing):
        await task


async def test_a_dead_process_shard_is_taken_over_and_the_old_holder_lets_go(store: Store) -> None:
    now = 1000.0
    a_net, b_net, c_net = Gateway(), Gateway(), Gateway()
    a = keeper(store, "A", [0], a_net)
    b = keeper(store, "B", [1], b_net)
    standby = keeper(store, "T", [], c_net)
    assert await a.claim_own(now) == [0] and await b.claim_own(now) == [1]
    assert await keeper(store, "A2", [0], Gateway()).claim_own(now) == []  # held by a live process
    # Nobody takes over a live shard, nor one never claimed (a third shard count is another world).
    assert await standby.tick(now=1000.0 + 1) == []

    # A stops renewing (it died); B goes on.
    later = now + LEASE * EXPIRY + 1
    await b.tick(now=later - 2)
    assert await standby.tick(now=later) == [0]
    await settle(standby)
    assert c_net.connected == [0] and standby.held == {0}
    # A comes back to life (it was only paused): its renewal fails and it lets the shard go.
    await a.tick(now=later + 1)
    assert a.held == set() and a_net.dropped == [0]
    # A process restarted under A's id finds its shard taken and waits.
    assert await keeper(store, "A", [0], Gateway()).claim_own(later + 1) == []


async def test_a_live_process_takes_over_within_its_room_own_shards_first(store: Store) -> None:
    now = 1000.0
    x_net = Gateway()
    x = keeper(store, "X", [1], x_net, most=1)
    assert await keeper(store, "Y", [0], Gateway()).claim_own(now) == [0]
    assert await x.claim_own(now) == [1]
    later = now + LEASE * EXPIRY + 1
    await x.tick(now=later - 1)  # X renews; Y never does
    assert await x.tick(now=later + LEASE) == []  # shard 0 expired, but X has no room
    roomy = keeper(store, "Z", [], Gateway(), most=2)
    assert await roomy.tick(now=later + LEASE) == [0]
    await asyncio.sleep(0)
