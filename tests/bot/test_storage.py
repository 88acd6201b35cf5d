"""Storage: migrations, the answer log and its duplicate guard, preferences."""

from __future__ import annotations

import sqlite3

import pytest

from storage import ChannelBusy, SeatRecord, Store
from storage.db import Database, migrations, split_sql


async def test_migrations_apply_once_and_are_idempotent(db_path: str) -> None:
    db = await Database.open(db_path)
    assert await db.schema_version() == len(migrations())
    assert await db.migrate() == []  # nothing left to apply
    await db.close()
    db = await Database.open(db_path)  # a restart re-runs migrate() harmlessly
    assert await db.schema_version() == len(migrations())
    rows = await db.fetchall("SELECT version FROM schema_version")
    assert [r["version"] for r in rows] == list(range(1, len(migrations()) + 1))
    await db.close()


async def test_pragmas(store: Store) -> None:
    if store.db.dialect != "sqlite":
        pytest.skip("SQLite settings")
    row = await store.db.fetchone("PRAGMA journal_mode")
    assert row is not None and row[0] == "wal"
    row = await store.db.fetchone("PRAGMA foreign_keys")
    assert row is not None and row[0] == 1


def test_split_sql_ignores_comments() -> None:
    assert split_sql("-- a; b\nCREATE TABLE x (a INT); -- c\nSELECT 1;") == [
        "CREATE TABLE x (a INT)",
        "SELECT 1",
    ]


async def _match(store: Store, channel: int = 1) -> int:
    record = await store.matches.create(
        guild_id=1,
        channel_id=channel,
        game="dominion",
        engine_version="v",
        options={},
        seats=[SeatRecord("human", "alice", None, 7)],
        seed=42,
        host_id=7,
    )
    return record.id


async def test_log_append_and_read_back(store: Store) -> None:
    mid = await _match(store)
    await store.log.append(mid, 0, 0, ("play_all",))
    await store.log.append(mid, 1, 0, ("buy:Silver",))
    assert await store.log.entries(mid) == [(0, ("play_all",)), (0, ("buy:Silver",))]
    assert await store.log.count(mid) == 2


async def test_duplicate_seq_is_refused_and_rolled_back(store: Store) -> None:
    mid = await _match(store)
    await store.log.append(mid, 0, 0, ("end",))
    with pytest.raises(sqlite3.IntegrityError):
        await store.log.append(mid, 0, 1, ("other",))
    assert await store.log.entries(mid) == [(0, ("end",))]
    await store.log.append(mid, 1, 1, ("next",))  # the connection is usable after the rollback


async def test_one_live_match_per_channel(store: Store) -> None:
    first = await _match(store, channel=9)
    with pytest.raises(ChannelBusy):
        await _match(store, channel=9)
    record = await store.matches.get(first)
    assert record is not None
    record.status = "finished"
    await store.matches.save(record)
    await _match(store, channel=9)  # a finished game frees the channel


async def test_match_round_trip(store: Store) -> None:
    mid = await _match(store)
    record = await store.matches.get(mid)
    assert record is not None
    record.seats.append(SeatRecord("bot", "Bot 1", "big_money", None))
    record.board_message_id = 123
    record.board_posted_at = 1.5
    await store.matches.save(record)
    again = await store.matches.get(mid)
    assert again is not None
    assert again.seats[1] == SeatRecord("bot", "Bot 1", "big_money", None)
    assert (again.board_message_id, again.board_posted_at) == (123, 1.5)
    assert again.seat_of(7) == 0 and again.seat_of(8) is None


async def test_prefs(store: Store) -> None:
    assert (await store.prefs.get(5)).dm_hands is True
    assert (await store.prefs.set_dm_hands(5, False)).dm_hands is False
    prefs = await store.prefs.set_locale(5, "pt")
    assert (prefs.dm_hands, prefs.locale) == (False, "pt")


async def test_results(store: Store) -> None:
    mid = await _match(store)
    async with store.db.transaction() as conn:
        await store.results.save_in(conn, mid, [10, 3], [1, 2], {"x": 1}, "provinces")
    result = await store.results.get(mid)
    assert result is not None and result.ranks == [1, 2] and result.ended_how == "provinces"
