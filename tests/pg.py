"""Throwaway PostgreSQL databases for tests, from TEST_DATABASE_URL (a server tests may create
databases on). Without it, PostgreSQL tests skip: a developer without a server still runs the suite;
CI sets it (see .ci/run)."""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import AsyncIterator, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import pytest

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "")

T = TypeVar("T")

needs_postgres = pytest.mark.skipif(not TEST_DATABASE_URL, reason="TEST_DATABASE_URL is not set")


def _with_database(url: str, name: str) -> str:
    base, _, query = url.partition("?")
    root = base.rsplit("/", 1)[0] if base.count("/") > 2 else base
    return f"{root}/{name}" + (f"?{query}" if query else "")


async def create_database() -> str:
    """A fresh, empty database on the test server; returns its URL."""
    import asyncpg

    name = f"bgb_test_{secrets.token_hex(6)}"
    admin = await asyncpg.connect(TEST_DATABASE_URL)
    try:
        await admin.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
    finally:
        await admin.close()
    return _with_database(TEST_DATABASE_URL, name)


async def drop_database(url: str) -> None:
    import asyncpg

    name = url.partition("?")[0].rsplit("/", 1)[1]
    admin = await asyncpg.connect(TEST_DATABASE_URL)
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


@asynccontextmanager
async def postgres_database() -> AsyncIterator[str]:
    """A fresh database for one test, dropped afterwards; skips without a server."""
    if not TEST_DATABASE_URL:
        pytest.skip("TEST_DATABASE_URL is not set")
    url = await create_database()
    try:
        yield url
    finally:
        await drop_database(url)


async def empty_tables(url: str) -> None:
    """Delete every row but the schema's own bookkeeping, so a migrated database is fresh again."""
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch(
            # (the list of listening stores is the stores' own: one still open stays on it)
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
            " AND tablename NOT IN ('schema_version', 'bgb_listeners')"
        )
        if rows:
            names = ", ".join(f'"{r["tablename"]}"' for r in rows)
            await conn.execute(f"TRUNCATE {names} RESTART IDENTITY CASCADE")
    finally:
        await conn.close()


def _run(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to completion from sync code, even inside a running event loop."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


@pytest.fixture(scope="session")
def postgres_session_url() -> Iterator[str]:
    """One database for a whole test session (migrated by its first user, emptied per test):
    creating a database and migrating it costs about a second, emptying it a few milliseconds.
    Empty when no server is configured."""
    if not TEST_DATABASE_URL:
        yield ""
        return
    url = _run(create_database())
    try:
        yield url
    finally:
        _run(drop_database(url))
