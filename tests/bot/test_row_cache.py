"""Play-by-post rows served from memory: only while no other store can have changed them.

Two stores on one database stand for two processes (one SQLite file, or one PostgreSQL database).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.table import TableService
from storage.db import Database
from storage.pbp import PbpStore, Timer
from storage.row_cache import served_from_memory
from storage.store import Store
from tests.bot.conftest import ALICE, BOB, start_game

ANN = ALICE


@pytest.fixture
async def two(db_path: str) -> AsyncIterator[tuple[Store, Store, int]]:
    one = await Store.open(db_path)
    other = await Store.open(db_path)
    try:
        live = await start_game(TableService(one))
        yield one, other, live.id
    finally:
        await other.close()
        await one.close()


async def heard(db: Database, before: int | None) -> None:
    """Let the store learn of the other's commit: a trip (SQLite reads its data version on every
    trip), or the notification arriving (PostgreSQL)."""
    await db.fetchall("SELECT 1")
    for _ in range(200):
        if db.generation != before:
            return
        await asyncio.sleep(0.01)


def timer(match: int, seat: int, started_at: float) -> Timer:
    return Timer(match, seat, ANN, started_at, 3600.0, started_at + 3600.0, None, False)


async def test_rows_come_from_memory_only_where_allowed(two: tuple[Store, Store, int]) -> None:
    one, _, match = two
    games = PbpStore(one.db).games
    await games.save_clock(match, 24, "wait")
    assert one.db.generation is not None  # both backends can tell when to forget
    with served_from_memory():
        first = await games.settings(match)
        trips = one.db.round_trips
        again = await games.settings(match)
        assert one.db.round_trips == trips  # from memory
        assert again == first and again is not first  # a copy: callers change theirs freely
    trips = one.db.round_trips
    await games.settings(match)
    assert one.db.round_trips == trips + 1  # outside: the database's word


async def test_own_writes_keep_memory_current(two: tuple[Store, Store, int]) -> None:
    one, _, match = two
    games = PbpStore(one.db).games
    with served_from_memory():
        assert await games.timers(match) == {}
        assert (await games.settings(match)).status_message_id is None
        assert await games.add_timer(timer(match, 0, 100.0))
        await games.save_status(match, 42, "status", (ANN,))
        trips = one.db.round_trips
        assert (await games.timers(match))[0].started_at == 100.0
        settings = await games.settings(match)
        assert (settings.status_message_id, settings.status_pinged) == (42, (ANN,))
        assert one.db.round_trips == trips  # both from memory
        await games.drop_timer(match, 0)
        trips = one.db.round_trips
        assert await games.timers(match) == {}
        assert one.db.round_trips == trips
        # A write that changed nothing (another turn's timer) leaves the row to be read again.
        assert not await games.move_deadline(timer(match, 1, 5.0), 99.0)
        assert await games.timers(match) == {}


async def test_another_stores_write_is_seen_after_its_commit(two: tuple[Store, Store, int]) -> None:
    one, other, match = two
    mine, theirs = PbpStore(one.db).games, PbpStore(other.db).games
    mine_votes, their_votes = PbpStore(one.db).audit, PbpStore(other.db).audit
    await mine.save_clock(match, 24, "wait")
    with served_from_memory():
        assert (await mine.settings(match)).turn_hours == 24
        assert await mine.timers(match) == {}
        assert (await mine.ping_prefs(ANN)).ping is False
        assert await mine_votes.open_votes(match) == []
        assert await mine.vacation(ANN) is None
    before = one.db.generation
    await theirs.save_clock(match, 48, "vote")
    assert await theirs.add_timer(timer(match, 1, 7.0))
    await theirs.set_ping_prefs(ANN, True, None)
    await their_votes.open_vote(match, "undo", 0, 3, ANN, [BOB])
    await heard(one.db, before)
    with served_from_memory():
        assert (await mine.settings(match)).turn_hours == 48
        assert set(await mine.timers(match)) == {1}
        assert (await mine.ping_prefs(ANN)).ping is True
        assert [v.kind for v in await mine_votes.open_votes(match)] == ["undo"]
    # Outside the block the database answers at once, without waiting to hear of it.
    await theirs.drop_timers(match)
    assert await mine.timers(match) == {}


async def test_a_read_overlapping_an_own_write_is_not_kept(two: tuple[Store, Store, int]) -> None:
    one, _, match = two
    games = PbpStore(one.db).games
    with served_from_memory():
        read = asyncio.ensure_future(games.timers(match))
        await asyncio.sleep(0)
        assert await games.add_timer(timer(match, 0, 1.0))
        await read
        assert set(await games.timers(match)) == {0}
