"""Storage: migrations, the answer log and its duplicate guard, preferences."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

import pytest

from storage import ChannelBusy, SeatRecord, Store
from storage.bot_turns import BotTurnRepo
from storage.db import Database, RowsMismatch, Write, migrations, split_sql
from storage.log import LogRepo
from storage.matches import StaleMatch
from storage.pg import group_statement, one_statement


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


async def test_an_answer_batch_is_all_or_nothing_in_one_round_trip(store: Store) -> None:
    """The answer's batch (the match's compare-and-set, the log entry, the bot-turn request):
    a lost compare-and-set or a taken log step leaves nothing behind, and a batch that lands
    costs one round trip on either database."""
    mid = await _match(store)
    record = await store.matches.get(mid)
    assert record is not None
    trips = store.db.round_trips
    await store.matches.save_with(
        record, [LogRepo.append_write(mid, 0, 0, ("end",)), BotTurnRepo.queue_write(mid)]
    )
    assert store.db.round_trips - trips == 1
    stale = await store.matches.get(mid)
    assert stale is not None
    stale.revision -= 1  # another process saved first
    with pytest.raises(StaleMatch):
        await store.matches.save_with(stale, [LogRepo.append_write(mid, 1, 0, ("lost",))])
    with pytest.raises(sqlite3.IntegrityError):  # step 0 is taken: the save goes with it
        await store.matches.save_with(record, [LogRepo.append_write(mid, 0, 1, ("again",))])
    assert await store.log.entries(mid) == [(0, ("end",))]
    fresh = await store.matches.get(mid)
    assert fresh is not None and fresh.revision == record.revision
    # a required row count is checked wherever it sits in the batch
    with pytest.raises(RowsMismatch) as mismatch:
        await store.db.write_batch(
            [
                LogRepo.append_write(mid, 1, 0, ("kept?",)),
                Write("UPDATE matches SET host_id = ? WHERE id = ?", (9, mid + 1000), rows=1),
            ]
        )
    assert (mismatch.value.index, mismatch.value.touched) == (1, 0)
    assert await store.log.count(mid) == 1


async def test_answers_made_at_once_each_land_or_fail_on_their_own(store: Store) -> None:
    """Answers of several matches committed together (in groups: on PostgreSQL one statement
    each, on SQLite one transaction for those of one pass of the event loop): a stale one among
    them is refused alone and leaves no log entry, the others land with their log entries, and
    the lot costs fewer round trips than answers."""
    mids = [await _match(store, channel=c) for c in range(1, 8)]
    records = [await store.matches.get(mid) for mid in mids]
    assert all(r is not None for r in records)
    live = [r for r in records if r is not None]
    live[3].revision -= 1  # another process saved that match first
    trips = store.db.round_trips
    outcomes = await asyncio.gather(
        *(store.matches.save_with(r, [LogRepo.append_write(r.id, 0, 0, (f"m{r.id}",))]) for r in live),
        return_exceptions=True,
    )
    used = store.db.round_trips - trips
    assert [type(o).__name__ for o in outcomes] == ["NoneType"] * 3 + ["StaleMatch"] + ["NoneType"] * 3
    for r in live:
        entries = await store.log.entries(r.id)
        assert entries == ([] if r is live[3] else [(0, (f"m{r.id}",))])
    # made in one go, the seven go as one group: refused for the stale one, rolled back, then
    # each alone (8 round trips)
    assert used == 8
    fresh = [await store.matches.get(mid) for mid in mids]
    assert [f.revision for f in fresh if f is not None] == [r.revision for r in live[:3]] + [
        live[3].revision + 1
    ] + [r.revision for r in live[4:]]
    # without a stale one, six answers take one round trip
    trips = store.db.round_trips
    await asyncio.gather(
        *(store.matches.save_with(r, [LogRepo.append_write(r.id, 1, 0, ("again",))]) for r in live if r is not live[3])
    )
    assert store.db.round_trips - trips == 1
    assert store.db.answers_grouped == 6  # the refused group counted none
    for r in live:
        assert len(await store.log.entries(r.id)) == (0 if r is live[3] else 2)


def test_answers_as_one_statement_number_their_parameters_through() -> None:
    one = [Write("UPDATE matches SET host_id = ? WHERE id = ?", (1, 2), rows=1), LogRepo.append_write(2, 0, 0, ("a",))]
    two = [Write("UPDATE matches SET host_id = ? WHERE id = ?", (1, 3), rows=1), LogRepo.append_write(3, 0, 0, ("b",))]
    sql = group_statement([one, two])
    assert sql is not None
    assert "a0w0 AS (UPDATE" in sql and "a1w1 AS (INSERT" in sql and "$18" in sql and "$19" not in sql
    assert sql.count("bgb_expect_rows") == 2 and ", 2)" in sql  # the second answer's check: write 2
    reads_other = Write("DELETE FROM pbp_jobs WHERE ref = ? AND NOT EXISTS (SELECT 1 FROM matches)", ("r",))
    assert group_statement([one, [reads_other, *two]]) is None  # one answer cannot be one statement


def test_a_batch_is_one_statement_only_when_its_writes_cannot_see_each_other() -> None:
    timer = Write("DELETE FROM pbp_timers WHERE match_id = ? AND seat = ?", (1, 0))
    jobs = Write("DELETE FROM pbp_jobs WHERE ref = ?", ("t:1:0",))
    sql = one_statement([jobs, timer])
    assert sql is not None and "$3" in sql and "$4" not in sql and sql.count("RETURNING 1") == 2
    reads_other = Write(
        "DELETE FROM pbp_jobs WHERE ref = ? AND NOT EXISTS (SELECT 1 FROM pbp_timers)", ("r",)
    )
    assert one_statement([timer, reads_other]) is None  # it would not see the timer's deletion
    assert one_statement([timer, timer]) is None  # one table twice
    assert one_statement([Write("INSERT INTO matches (a) VALUES (?) RETURNING id", (1,))]) is None
    assert one_statement([Write("SELECT 1")]) is None


async def test_sqlite_statements_wait_for_another_connections_lock_off_the_event_loop(tmp_path: Path) -> None:
    """Short statements run on the event loop's thread only when SQLite needs no wait; one that
    meets another connection's write lock waits on aiosqlite's thread, so the loop (here: the
    holder, which must get on to its COMMIT) keeps running."""
    url = str(tmp_path / "two.sqlite3")
    holder, waiter = await Database.open(url), await Database.open(url)
    try:
        async with holder.transaction() as conn:
            await conn.execute(
                "INSERT INTO user_prefs (user_id, locale, updated_at) VALUES (?, ?, 0)", (1, "en")
            )
            write = asyncio.ensure_future(
                waiter.write_batch(
                    [
                        Write(
                            "INSERT INTO user_prefs (user_id, locale, updated_at) VALUES (?, ?, 0)", (2, "pt")
                        )
                    ]
                )
            )
            started = time.monotonic()
            await asyncio.sleep(0.2)
            assert time.monotonic() - started < 1.0 and not write.done()  # the loop was never held
        await write
        rows = await waiter.fetchall("SELECT user_id FROM user_prefs ORDER BY user_id")
        assert [r["user_id"] for r in rows] == [1, 2]
    finally:
        await holder.close()
        await waiter.close()


def test_a_process_that_never_closes_its_store_still_exits(tmp_path: Path) -> None:
    """A crash's unwinding or a failed test may skip `close()`: the interpreter must not wait
    forever on the database's worker thread."""
    import subprocess
    import sys

    script = (
        "import asyncio\n"
        "from storage import Store\n"
        "async def main():\n"
        f"    store = await Store.open({str(tmp_path / 'open.db')!r})\n"
        "    await store.db.execute('CREATE TABLE IF NOT EXISTS t (x INTEGER)')\n"
        "    return store\n"
        "kept = asyncio.run(main())  # held to the end, as a failed test's traceback holds it\n"
        "print('done')\n"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=20)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "done"


async def test_a_pooled_postgres_connection_goes_back_without_a_reset_query() -> None:
    """Releasing a connection sends nothing (asyncpg's default reset would cost a second round
    trip per statement), which is safe because no store call leaves session state behind: the
    answer's advisory lock ends with its transaction."""
    from storage.db import lock_in
    from storage.pg import PostgresDatabase
    from tests.pg import postgres_database

    async with postgres_database() as url:
        db = await PostgresDatabase.connect(url, min_size=1, max_size=1)  # one connection, reused
        try:
            async with db.transaction() as conn:
                await lock_in(conn, "match:1")
            rows = await db.fetchall(
                "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()"
            )
            assert rows[0]["n"] == 0  # the transaction's lock went with it
            # a session setting made in one call is still there in the next: no reset ran between
            await db.fetchall("SELECT set_config('bgb.probe', 'kept', false) AS v")
            rows = await db.fetchall("SELECT current_setting('bgb.probe', true) AS v")
            assert rows[0]["v"] == "kept"
        finally:
            await db.close()
