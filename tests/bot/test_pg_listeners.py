"""PostgreSQL's change notifications go out only while another process listens: a process alone
on its database sends none, a process that starts is heard from its first moment of trust, and
the list of listeners forgets processes that died and includes listeners of earlier versions.

Each test has a fresh database of its own (tests.pg); without TEST_DATABASE_URL they skip."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import asyncpg
import pytest

from bot.table import TableService
from storage import Store
from storage.pg import CHANGES_CHANNEL, MATCH_CHANGES_CHANNEL, PostgresDatabase
from tests.bot.conftest import start_game
from tests.pg import postgres_database

OLD_TOKEN = "bgb-0123456789abcdef"  # a listener of a version that does not list itself


class Heard:
    """A plain connection listening on both channels, as any listener may."""

    def __init__(self) -> None:
        self.payloads: list[tuple[str, str]] = []

    def __call__(self, conn: object, pid: int, channel: str, payload: str) -> None:
        self.payloads.append((channel, payload))


@asynccontextmanager
async def listening(url: str, name: str | None = None) -> AsyncIterator[Heard]:
    heard = Heard()
    conn = await asyncpg.connect(url, server_settings={"application_name": name} if name else None)
    try:
        await conn.add_listener(CHANGES_CHANNEL, heard)
        await conn.add_listener(MATCH_CHANGES_CHANNEL, heard)
        yield heard
    finally:
        await conn.close()


async def delivered() -> None:
    """Long enough for a notification sent at a commit to arrive."""
    await asyncio.sleep(0.3)


def pg(store: Store) -> PostgresDatabase:
    assert isinstance(store.db, PostgresDatabase)
    return store.db


async def listed(url: str) -> set[str]:
    conn = await asyncpg.connect(url)
    try:
        return {r["token"] for r in await conn.fetch("SELECT token FROM bgb_listeners")}
    finally:
        await conn.close()


async def test_a_process_alone_notifies_nobody_and_another_one_hears_it() -> None:
    async with postgres_database() as url, listening(url) as heard:
        one = await Store.open(url)
        try:
            table = TableService(one)
            live = await start_game(table)  # match and play-by-post writes
            await one.prefs.set_locale(1001, "pt-BR")
            await delivered()
            assert heard.payloads == []  # nobody else is listed: not one notification

            two = await Store.open(url)
            seen = pg(two).matches_heard, pg(two).heard
            await one.db.execute("UPDATE matches SET updated_at = updated_at + 1 WHERE id = ?", (live.id,))
            await one.prefs.set_locale(1001, "en-US")
            await delivered()
            assert (MATCH_CHANGES_CHANNEL, pg(one).token) in heard.payloads
            assert (CHANGES_CHANNEL, pg(one).token) in heard.payloads
            assert pg(two).matches_heard == seen[0] + 1 and pg(two).heard == seen[1] + 1

            await two.close()  # off the list: alone again
            heard.payloads.clear()
            await one.db.execute("UPDATE matches SET updated_at = updated_at + 1 WHERE id = ?", (live.id,))
            await delivered()
            assert heard.payloads == []
        finally:
            await one.close()


async def test_a_starting_process_trusts_memory_only_after_writes_that_could_not_see_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A write that checked the list before the new process was on it sends no notification; the
    new process serves nothing from memory until that writer's transaction has ended."""
    monkeypatch.setattr(PostgresDatabase, "settle_inline", 0.2)
    async with postgres_database() as url:
        one = await Store.open(url)
        # one's own connection as far as the list goes: alone, so its writes do not notify
        writer: Any = await asyncpg.connect(url, server_settings={"application_name": pg(one).token})
        tx = writer.transaction()
        try:
            live = await start_game(TableService(one))
            listen = PostgresDatabase.listen

            async def write_then_listen(db: PostgresDatabase) -> None:
                # after the new process's migration, before it lists itself: a write in flight
                await tx.start()
                await writer.execute("UPDATE matches SET updated_at = updated_at + 1 WHERE id = $1", live.id)
                await listen(db)

            monkeypatch.setattr(PostgresDatabase, "listen", write_then_listen)
            two = await Store.open(url)
            try:
                assert pg(two).match_generation is None and pg(two).generation is None
                await asyncio.sleep(0.3)
                assert pg(two).match_generation is None  # the writer is still open
                await tx.commit()
                for _ in range(200):
                    if pg(two).match_generation is not None:
                        break
                    await asyncio.sleep(0.01)
                assert pg(two).match_generation is not None and pg(two).generation is not None
            finally:
                await two.close()
        finally:
            await writer.close()
            await one.close()


async def test_a_store_closed_while_it_waits_closes_cleanly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(PostgresDatabase, "settle_inline", 0.05)
    async with postgres_database() as url:
        running: Any = await asyncpg.connect(url)
        tx = running.transaction()
        await tx.start()
        await running.fetchval("SELECT pg_current_xact_id()")  # a transaction the start waits out
        try:
            store = await Store.open(url)
            token = pg(store).token
            assert pg(store).match_generation is None
            await store.close()  # while still waiting: no error
        finally:
            await tx.rollback()
            await running.close()
        after = await Store.open(url)
        try:
            assert token not in await listed(url)  # taken off, or forgotten as a dead store's
        finally:
            await after.close()


async def test_the_list_forgets_dead_processes_and_takes_in_earlier_versions() -> None:
    async with postgres_database() as url, listening(url, OLD_TOKEN + "-l") as old:
        first = await Store.open(url)
        conn = await asyncpg.connect(url)
        try:
            await conn.execute("INSERT INTO bgb_listeners (token) VALUES ('bgb-fedcba9876543210')")
        finally:
            await conn.close()
        second = await Store.open(url)
        try:
            # the dead one is gone; both live stores and the older listener are on the list
            assert await listed(url) == {pg(first).token, pg(second).token, OLD_TOKEN}
            await second.prefs.set_locale(1001, "pt-BR")
            await delivered()
            assert (CHANGES_CHANNEL, pg(second).token) in old.payloads
        finally:
            await second.close()
            await first.close()
        assert await listed(url) == {OLD_TOKEN}
