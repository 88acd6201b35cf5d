"""Several processes on one database, simulated by two stores on the same URL (run on SQLite and,
with TEST_DATABASE_URL, on PostgreSQL): one answer per prompt, stale caches reload, leased jobs
and bot turns are claimed once and taken over after their lease."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.errors import UserError
from bot.metrics import Registry
from bot.table import TableService
from storage import Store
from storage.pbp import PbpStore
from storage.pg import ddl, placeholders, translate
from tests.bot.conftest import start_game, user_of


async def two_stores(db_path: str) -> tuple[Store, Store]:
    return await Store.open(db_path), await Store.open(db_path)


async def test_the_same_answer_from_two_processes_lands_once(db_path: str) -> None:
    one, two = await two_stores(db_path)
    try:
        a, b = TableService(one), TableService(two)
        live = await start_game(a)
        await b.get(live.id)  # both processes hold the match in memory
        match = live.match
        assert match is not None
        [prompt] = match.prompts()
        user = user_of(live, prompt.seat)
        answer = [prompt.options[0].id] if prompt.min else []
        results = await asyncio.gather(
            a.submit(live.id, user, prompt.pid, answer),
            b.submit(live.id, user, prompt.pid, answer),
            return_exceptions=True,
        )
        refused = [r for r in results if isinstance(r, UserError)]
        assert len(refused) == 1 and refused[0].key == "error.stale_prompt", results
        assert await one.log.count(live.id) == 1
        # Whichever lost, both now act on the current state: the next prompt is accepted by either.
        stored = await one.matches.revision(live.id)
        for service in (a, b):
            current = await service.fresh(live.id)
            assert current.record.revision == stored
            assert current.match is not None and current.match.prompts()[0].pid != prompt.pid
    finally:
        await one.close()
        await two.close()


async def test_a_stale_cache_is_reloaded_before_a_change(db_path: str) -> None:
    one, two = await two_stores(db_path)
    try:
        a, b = TableService(one), TableService(two)
        live = await start_game(a)
        stale = await b.get(live.id)
        assert live.match is not None
        [prompt] = live.match.prompts()
        await a.submit(live.id, user_of(live, prompt.seat), prompt.pid, [o.id for o in prompt.options[: prompt.min]])
        fresh = await b.fresh(live.id)
        assert fresh is not stale and fresh.record.revision == live.record.revision
        assert fresh.match is not None and live.match is not None
        [next_prompt] = fresh.match.prompts()
        answer = [o.id for o in next_prompt.options[: next_prompt.min]]
        await b.submit(live.id, user_of(fresh, next_prompt.seat), next_prompt.pid, answer)
        assert await one.log.count(live.id) == 2
    finally:
        await one.close()
        await two.close()


async def test_a_due_job_is_claimed_by_one_process_until_its_lease_ends(db_path: str) -> None:
    one, two = await two_stores(db_path)
    try:
        jobs_a, jobs_b = PbpStore(one.db).jobs, PbpStore(two.db).jobs
        for n in range(6):
            await jobs_a.add("remind", due_at=100.0 + n)
        now = time.time()
        got_a, got_b = await asyncio.gather(
            jobs_a.claim_due(200.0, "A", now, lease=30), jobs_b.claim_due(200.0, "B", now, lease=30)
        )
        ids_a, ids_b = {j.id for j in got_a}, {j.id for j in got_b}
        assert not ids_a & ids_b and len(ids_a | ids_b) == 6
        assert await jobs_b.claim_due(200.0, "B", now + 10, lease=30) == []  # leases still live
        # A dies: once its leases run out, B takes its jobs (and its own, whose leases ended too).
        taken = await jobs_b.claim_due(200.0, "B", now + 31, lease=30)
        assert {j.id for j in taken} == ids_a | ids_b
        assert await jobs_b.release("B") == 6
    finally:
        await one.close()
        await two.close()


async def test_bot_turn_leases_and_wakes(db_path: str) -> None:
    one, two = await two_stores(db_path)
    try:
        table = TableService(one)
        live = await start_game(table)
        a, b = one.turns, two.turns
        await a.queue(live.id)
        wakes = await a.claim(live.id, "A", lease=30)
        assert wakes == 1 and await b.claim(live.id, "B", lease=30) is None
        await b.queue(live.id)  # a new request while A plays
        assert not await a.done(live.id, "A", wakes)  # A must look again
        wakes = await a.claim(live.id, "A", lease=0.05)
        assert wakes == 2 and await a.depth() == 1
        await asyncio.sleep(0.1)  # A died: its lease ran out
        assert await b.orphans() == [live.id]
        assert await b.claim(live.id, "B", lease=30) == 2
        assert await b.done(live.id, "B", 2) and await b.depth() == 0
    finally:
        await one.close()
        await two.close()


def test_placeholders_skip_quoted_text() -> None:
    assert placeholders("SELECT '?', \"a?\" FROM t WHERE a = ? AND b = ?") == (
        "SELECT '?', \"a?\" FROM t WHERE a = $1 AND b = $2"
    )


def test_inserts_into_identity_tables_return_their_id() -> None:
    query = translate("INSERT INTO plays (game) VALUES (?)", frozenset({"plays"}))
    assert query.sql.endswith("RETURNING id") and query.returns_rows and query.returns_id
    plain = translate("INSERT INTO match_log (match_id) VALUES (?)", frozenset({"plays"}))
    assert not plain.returns_rows
    assert translate("SELECT 1", frozenset()).returns_rows


def test_migration_types_for_postgres() -> None:
    sql = ddl("CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, at REAL NOT NULL, n INTEGER) WITHOUT ROWID")
    assert sql == (
        "CREATE TABLE t (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, at DOUBLE PRECISION NOT NULL, n BIGINT)"
    )


@pytest.mark.parametrize("value", [0.003, 0.7, 30.0])
async def test_metrics_text_format(value: float) -> None:
    registry = Registry()
    counter = registry.counter("bgb_things_total", "Things.")
    counter.inc(kind="a")
    histogram = registry.histogram("bgb_wait_seconds", "Waits.")
    histogram.observe(value)
    registry.gauge("bgb_depth", "Depth.", lambda: 3)
    text = await registry.render()
    assert 'bgb_things_total{kind="a"} 1' in text
    assert '# TYPE bgb_wait_seconds histogram' in text and 'bgb_wait_seconds_bucket{le="+Inf"} 1' in text
    below = [line for line in text.splitlines() if line.startswith('bgb_wait_seconds_bucket{le="10"}')]
    assert below == [f'bgb_wait_seconds_bucket{{le="10"}} {int(value <= 10)}']
    assert "bgb_depth 3" in text and text.endswith("\n")
