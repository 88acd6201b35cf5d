"""Under load the answer of a click goes first: its database calls before the follow-ups waiting
for a connection, and the follow-ups of commits (announcements) a bounded number at a time."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.table import Outcome, TableService
from storage import Store
from storage.db import Database
from storage.first_in_line import Gate, first_in_line
from tests.bot.conftest import start_game, user_of


async def test_the_gate_lets_the_first_in_line_in_before_earlier_waiters() -> None:
    gate = Gate(1)
    await gate.acquire()
    order: list[str] = []

    async def wait(name: str, first: bool) -> None:
        await gate.acquire(first)
        order.append(name)
        gate.release()

    waiters = [
        asyncio.create_task(wait("follow-up 1", False)),
        asyncio.create_task(wait("follow-up 2", False)),
        asyncio.create_task(wait("answer", True)),
    ]
    await asyncio.sleep(0)
    assert gate.waiting == 3
    gate.release()
    await asyncio.gather(*waiters)
    assert order == ["answer", "follow-up 1", "follow-up 2"]
    assert gate.free == 1 and gate.waiting == 0


async def test_a_waiter_cancelled_as_its_turn_came_passes_the_place_on() -> None:
    gate = Gate(1)
    await gate.acquire()
    order: list[str] = []

    async def wait(name: str) -> None:
        await gate.acquire()
        order.append(name)
        gate.release()

    unlucky = asyncio.create_task(gate.acquire(True))
    after = asyncio.create_task(wait("after"))
    await asyncio.sleep(0)
    gate.release()  # handed to `unlucky`...
    unlucky.cancel()  # ...which is cancelled before it runs
    assert (await asyncio.gather(unlucky, return_exceptions=True))[0].__class__ is asyncio.CancelledError
    await after
    assert order == ["after"] and gate.free == 1

    # one cancelled while still waiting is skipped
    await gate.acquire()
    skipped = asyncio.create_task(gate.acquire())
    late = asyncio.create_task(wait("late"))
    await asyncio.sleep(0)
    skipped.cancel()
    await asyncio.gather(skipped, return_exceptions=True)
    gate.release()
    await late
    assert order == ["after", "late"] and gate.free == 1


@pytest.fixture
async def one_connection(db_path: str) -> AsyncIterator[Database]:
    """The store's database with a single connection: SQLite's own, or a PostgreSQL pool of one."""
    if db_path.startswith("postgresql"):
        from storage.pg import PostgresDatabase

        db: Database = await PostgresDatabase.connect(db_path, min_size=1, max_size=1)
    else:
        db = await Database.open(db_path)
    try:
        yield db
    finally:
        await db.close()


async def test_a_call_first_in_line_is_served_before_earlier_waiters(one_connection: Database) -> None:
    db = one_connection
    order: list[str] = []

    async def read(name: str) -> None:
        await db.fetchall("SELECT 1 AS x")
        order.append(name)

    async def answer() -> None:
        with first_in_line():
            await read("answer")

    async with db.transaction():  # the one connection is taken
        waiting = [asyncio.create_task(read("follow-up")), asyncio.create_task(answer())]
        await asyncio.sleep(0.05)
        assert order == []
    await asyncio.gather(*waiting)
    assert order == ["answer", "follow-up"]


async def test_an_answer_commits_before_follow_ups_waiting_for_the_database(
    table: TableService, store: Store
) -> None:
    live = await start_game(table)
    prompt = live.match.prompts()[0] if live.match else None
    assert prompt is not None
    seen: list[int] = []  # what the follow-up's read found in the log: the answer's entry or not

    async def follow_up() -> None:
        row = await store.db.fetchone("SELECT COUNT(*) AS n FROM match_log WHERE match_id = ?", (live.id,))
        assert row is not None
        seen.append(int(row["n"]))

    async def answer() -> None:
        await table.submit(live.id, user_of(live, prompt.seat), prompt.pid, [prompt.options[0].id])

    if store.db.dialect != "sqlite":
        # (a pool frees its connections together: the gate's order per call is tested above)
        pytest.skip("the order of whole answers shows with one connection")
    async with store.db.transaction():  # the store's one connection is taken
        waiting = [asyncio.create_task(follow_up()), asyncio.create_task(answer())]
        await asyncio.sleep(0.05)
        assert seen == []
    await asyncio.gather(*waiting)
    assert seen == [1]  # the answer, asked for later, was committed first
    assert await store.log.count(live.id) == 1


async def test_announcements_run_a_bounded_number_at_once_in_order(store: Store) -> None:
    table = TableService(store, told_at_once=2)
    release = asyncio.Event()
    running: list[int] = []
    done: list[int] = []
    most = 0

    async def listener(outcome: Outcome) -> None:
        nonlocal most
        running.append(outcome.match_id)
        most = max(most, len(running))
        await release.wait()
        running.remove(outcome.match_id)
        done.append(outcome.match_id)

    table.listen(listener)
    told = [asyncio.create_task(table.announce(Outcome(i, "answer"))) for i in range(5)]
    await asyncio.sleep(0.05)
    assert running == [0, 1]  # the others wait their turn
    release.set()
    await table.drain(5.0)
    await asyncio.gather(*told)
    assert done == [0, 1, 2, 3, 4] and most == 2
