"""One aiosqlite connection per process, versioned migrations, and serialized transactions.

aiosqlite runs every statement of a connection on one worker thread, but coroutines could still
interleave statements of two transactions. A single asyncio lock around each unit of work keeps
transactions whole; SQLite's WAL mode keeps readers in other processes unblocked.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


def migrations() -> list[tuple[int, str, str]]:
    """(version, file name, SQL) of every bundled migration, in order."""
    found = []
    for entry in resources.files("storage.migrations").iterdir():
        m = MIGRATION_NAME.match(entry.name)
        if m:
            found.append((int(m.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    versions = [v for v, _, _ in found]
    if versions != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migrations must be numbered 001.. without gaps, found {versions}")
    return found


def path_from_url(url: str) -> str:
    """Accept `sqlite:///path`, `sqlite://:memory:` or a bare file path."""
    for prefix in ("sqlite+aiosqlite:///", "sqlite:///"):
        if url.startswith(prefix):
            return url[len(prefix) :]
    if url.startswith("sqlite://"):
        return url[len("sqlite://") :] or ":memory:"
    return url


class Database:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, url: str) -> Database:
        path = path_from_url(url)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: we issue BEGIN/COMMIT ourselves so transactions are explicit.
        conn = await aiosqlite.connect(path, isolation_level=None)
        conn.row_factory = aiosqlite.Row
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute("PRAGMA busy_timeout=5000")
        await conn.execute("PRAGMA synchronous=NORMAL")
        db = cls(conn)
        await db.migrate()
        return db

    async def close(self) -> None:
        await self.conn.close()

    # -- units of work ----------------------------------------------------------------------
    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE ... COMMIT, rolled back if the block raises."""
        async with self._lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            await self.conn.execute("COMMIT")

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[aiosqlite.Row]:
        async with self._lock:
            cur = await self.conn.execute(sql, tuple(params))
            rows = await cur.fetchall()
            await cur.close()
            return list(rows)

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> aiosqlite.Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one write in its own transaction; returns lastrowid."""
        async with self.transaction() as conn:
            cur = await conn.execute(sql, tuple(params))
            rowid = cur.lastrowid or 0
            await cur.close()
            return rowid

    # -- schema -------------------------------------------------------------------------------
    async def schema_version(self) -> int:
        row = await self.fetchone("SELECT COALESCE(MAX(version), 0) AS v FROM schema_version")
        return int(row["v"]) if row else 0

    async def migrate(self) -> list[int]:
        """Apply pending migrations, each in its own transaction. Safe to call repeatedly."""
        async with self._lock:
            await self.conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)"
            )
        applied: list[int] = []
        for version, name, sql in migrations():
            async with self.transaction() as conn:
                cur = await conn.execute("SELECT 1 FROM schema_version WHERE version = ?", (version,))
                done = await cur.fetchone()
                await cur.close()
                if done:
                    continue
                # executescript would COMMIT our transaction; run statement by statement instead.
                for statement in split_sql(sql):
                    await conn.execute(statement)
                await conn.execute(
                    "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                    (version, name, time.time()),
                )
                applied.append(version)
        return applied


def split_sql(script: str) -> list[str]:
    """Split a migration into statements (migrations hold no semicolons inside literals)."""
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
