"""The database behind the repositories: SQLite (aiosqlite, the default) or PostgreSQL (asyncpg),
chosen by the URL, with one small API: `transaction()`, `fetchall`, `fetchone`, `execute`.

Repositories write one portable SQL dialect with `?` placeholders; the PostgreSQL backend
(`storage/pg.py`) translates placeholders and migration types. On SQLite there is one aiosqlite
connection per process: a read, a lone write or a batch runs on the event loop's thread when it
needs no wait, anything else on aiosqlite's worker thread (see `SqliteDatabase._call`);
coroutines could still interleave statements of two transactions, so one asyncio lock around each
unit of work keeps transactions whole and the two threads apart; WAL mode keeps readers in other
processes unblocked.
"""

from __future__ import annotations

import re
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Callable, Hashable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

import aiosqlite

from storage.first_in_line import Gate

if TYPE_CHECKING:
    from storage.answer_groups import AnswerGroups

T = TypeVar("T")

MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")
# `NNN_name.postgres.sql` replaces `NNN_name.sql` on PostgreSQL when a file cannot be portable.
POSTGRES_OVERRIDE = ".postgres.sql"

# Both backends raise this (PostgreSQL's subclass it), so callers catch one type.
IntegrityError = sqlite3.IntegrityError


class Row(Protocol):
    """aiosqlite.Row and asyncpg.Record alike: by column name or position."""

    def __getitem__(self, key: Any) -> Any: ...

    def keys(self) -> Any: ...


class Cursor(Protocol):
    lastrowid: int | None
    rowcount: int

    async def fetchone(self) -> Any: ...

    async def fetchall(self) -> Iterable[Any]: ...

    async def close(self) -> None: ...


class Conn(Protocol):
    """The connection a transaction hands out: an aiosqlite.Connection or its PostgreSQL twin."""

    async def execute(self, sql: str, parameters: Iterable[Any] = ...) -> Any: ...

    async def executemany(self, sql: str, parameters: Iterable[Iterable[Any]]) -> Any: ...


@dataclass(frozen=True)
class Write:
    """One statement of a `write_batch`; `rows`, when set, is how many rows it must touch."""

    sql: str
    params: tuple[Any, ...] = ()
    rows: int | None = None


class RowsMismatch(Exception):
    """A batched write touched another number of rows than required; the batch was rolled back."""

    def __init__(self, index: int, touched: int) -> None:
        super().__init__(f"write {index} touched {touched} rows")
        self.index = index
        self.touched = touched


@dataclass(frozen=True)
class Column:
    """One column of one table, as the privacy scrubber needs it."""

    table: str
    name: str
    notnull: bool
    kind: str  # numeric | text | any (SQLite: decided per value)


def migrations(dialect: str = "sqlite") -> list[tuple[int, str, str]]:
    """(version, file name, SQL) of every bundled migration, in order; on PostgreSQL a
    `.postgres.sql` file of the same name wins over the portable one."""
    files = {entry.name: entry for entry in resources.files("storage.migrations").iterdir()}
    found = []
    for name, entry in files.items():
        m = MIGRATION_NAME.match(name)
        if not m:
            continue
        override = files.get(name[: -len(".sql")] + POSTGRES_OVERRIDE)
        source = override if dialect == "postgresql" and override is not None else entry
        found.append((int(m.group(1)), name, source.read_text(encoding="utf-8")))
    found.sort()
    versions = [v for v, _, _ in found]
    if versions != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migrations must be numbered 001.. without gaps, found {versions}")
    return found


def is_postgres_url(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://", "postgresql+asyncpg://"))


def path_from_url(url: str) -> str:
    """Accept `sqlite:///path`, `sqlite://:memory:` or a bare file path."""
    for prefix in ("sqlite+aiosqlite:///", "sqlite:///"):
        if url.startswith(prefix):
            return url[len(prefix) :]
    if url.startswith("sqlite://"):
        return url[len("sqlite://") :] or ":memory:"
    return url


class Database:
    """What repositories see. `Database.open(url)` picks the backend."""

    dialect = "sqlite"

    def __init__(self) -> None:
        self.errors = 0  # driver failures other than constraint conflicts (a metric)
        self.conflicts = 0  # constraint conflicts: duplicates refused, lost races
        self.round_trips = 0  # requests sent to the database (a metric): statements, BEGIN, COMMIT

    @property
    def generation(self) -> int | None:
        """A token that changes whenever another connection (another process, or another store
        on the same database) may have committed since: what in-memory caches of rows check
        before they answer. None: this backend cannot tell, so nothing may be served from memory.
        It moves only with what this connection hears (each trip to the database reads it), so a
        cached row is as fresh as a read made on the last trip."""
        return None

    @property
    def match_generation(self) -> int | None:
        """Like `generation`, for the matches table: it moves when another connection may have
        written a match since (what a cached match checks before it is trusted without a read).
        None: this backend cannot tell."""
        return None

    @classmethod
    async def open(cls, url: str) -> Database:
        db: Database
        if is_postgres_url(url):
            from storage.pg import PostgresDatabase

            db = await PostgresDatabase.connect(url)
        else:
            db = await SqliteDatabase.connect(url)
        await db.migrate()
        return db

    @property
    def shared(self) -> bool:
        """True when several processes are expected on this database (PostgreSQL)."""
        return self.dialect == "postgresql"

    async def close(self) -> None:
        raise NotImplementedError

    def transaction(self) -> AbstractAsyncContextManager[Conn]:
        """Yields a Conn: committed on exit, rolled back if the block raises."""
        raise NotImplementedError

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        raise NotImplementedError

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Any | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one write in its own transaction; returns the new row's id for an INSERT."""
        async with self.transaction() as conn:
            cur = await conn.execute(sql, tuple(params))
            rowid = cur.lastrowid or 0
            await cur.close()
            return int(rowid)

    async def execute_count(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one write in its own transaction; returns how many rows it touched."""
        async with self.transaction() as conn:
            cur = await conn.execute(sql, tuple(params))
            count = cur.rowcount
            await cur.close()
            return max(int(count), 0)

    async def write_batch(self, writes: Sequence[Write]) -> None:
        """Run `writes` in one transaction, in order; RowsMismatch (all rolled back) when one
        touches another number of rows than it requires."""
        async with self.transaction() as conn:
            for index, write in enumerate(writes):
                cur = await conn.execute(write.sql, write.params)
                touched = cur.rowcount
                await cur.close()
                if write.rows is not None and touched != write.rows:
                    raise RowsMismatch(index, touched)

    # Answers made close together, committed in one go (storage/answer_groups.py), where the
    # backend groups them; None: each alone.
    answers: AnswerGroups[Hashable, Sequence[Write]] | None = None

    @property
    def answers_grouped(self) -> int:
        """Answers committed in one go with other answers (see `write_answer`)."""
        return self.answers.grouped if self.answers is not None else 0

    async def write_answer(self, key: Hashable, writes: Sequence[Write]) -> None:
        """An answer's writes, as `write_batch`, each touching rows of `key` (its match) only.
        A backend may commit answers made close together in one go (`answers`)."""
        if self.answers is None:
            await self.write_batch(writes)
        else:
            await self.answers.write(key, writes)

    async def columns(self, conn: Conn) -> list[Column]:
        """Every column of every application table, ordered by table then position."""
        raise NotImplementedError

    # -- schema -------------------------------------------------------------------------------
    async def schema_version(self) -> int:
        row = await self.fetchone("SELECT COALESCE(MAX(version), 0) AS v FROM schema_version")
        return int(row["v"]) if row else 0

    async def _lock_schema(self, conn: Conn) -> None:
        """Keep two processes from migrating at once (a no-op where writers already queue)."""

    def _statements(self, sql: str) -> list[str]:
        return split_sql(sql)

    async def migrate(self) -> list[int]:
        """Apply pending migrations, each in its own transaction. Safe to call repeatedly."""
        async with self.transaction() as conn:
            await self._lock_schema(conn)
            for statement in self._statements(
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)"
            ):
                await conn.execute(statement)
        applied: list[int] = []
        for version, name, sql in migrations(self.dialect):
            async with self.transaction() as conn:
                await self._lock_schema(conn)
                cur = await conn.execute("SELECT 1 FROM schema_version WHERE version = ?", (version,))
                done = await cur.fetchone()
                await cur.close()
                if done:
                    continue
                # executescript would COMMIT our transaction; run statement by statement instead.
                for statement in self._statements(sql):
                    await conn.execute(statement)
                await conn.execute(
                    "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                    (version, name, time.time()),
                )
                applied.append(version)
        await self._after_migrate()
        return applied

    async def _after_migrate(self) -> None:
        """Backends that need to learn about the schema (PostgreSQL's serial tables) do it here."""


class _Counted:
    """The connection a SQLite transaction block sees: each statement is a trip to aiosqlite's
    thread, counted in the database's round trips; everything else is the connection's own."""

    def __init__(self, conn: aiosqlite.Connection, db: Database) -> None:
        self._conn = conn
        self._db = db

    def execute(self, *args: Any, **kwargs: Any) -> Any:
        self._db.round_trips += 1
        return self._conn.execute(*args, **kwargs)

    def executemany(self, *args: Any, **kwargs: Any) -> Any:
        self._db.round_trips += 1
        return self._conn.executemany(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


class SqliteDatabase(Database):
    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection) -> None:
        super().__init__()
        self.conn = conn
        self._lock = Gate(1)  # one connection: answers first (storage/first_in_line.py)
        # PRAGMA data_version as last read: it changes when another connection commits (never
        # for this connection's own commits). Read in the same thread hop as every read and
        # commit, so keeping it costs no round trip.
        self.data_version = -1
        # Answers committed in one loop pass go in one transaction (storage/answer_groups.py): a
        # statement here runs on the loop's own thread, so the group is what the pass produced.
        from storage.answer_groups import AnswerGroups  # (it needs RowsMismatch from here)

        self.answers = AnswerGroups(self._write_group, self.write_batch, per_group=ANSWERS_PER_GROUP)

    @property
    def generation(self) -> int | None:
        return self.data_version if self.data_version >= 0 else None

    @property
    def match_generation(self) -> int | None:
        return self.generation  # (the data version covers every table)

    @classmethod
    async def connect(cls, url: str) -> SqliteDatabase:
        path = path_from_url(url)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: we issue BEGIN/COMMIT ourselves so transactions are explicit.
        # check_same_thread=False: short statements run on the event loop's thread (see `_call`),
        # the rest on aiosqlite's; the database's lock keeps them from ever overlapping.
        pending = aiosqlite.connect(path, isolation_level=None, check_same_thread=False)
        # A process that ends without closing its store (a crash's unwinding, a failed test) must
        # still exit: aiosqlite's worker thread would otherwise keep the interpreter waiting.
        # Nothing is lost by that: an unfinished transaction rolls back, as on a crash.
        worker = getattr(pending, "_thread", None)
        if isinstance(worker, threading.Thread):
            worker.daemon = True
        conn = await pending
        conn.row_factory = aiosqlite.Row
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute("PRAGMA busy_timeout=0")  # waiting for a lock happens off the loop
        await conn.execute("PRAGMA synchronous=NORMAL")
        return cls(conn)

    async def close(self) -> None:
        # Under the lock: a statement on the loop's thread must not meet the close on aiosqlite's.
        async with self._lock:
            await self.conn.close()

    def _count(self, exc: BaseException) -> None:
        if isinstance(exc, sqlite3.IntegrityError):
            self.conflicts += 1
        elif isinstance(exc, sqlite3.Error):
            self.errors += 1

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Conn]:
        """BEGIN IMMEDIATE ... COMMIT, rolled back if the block raises."""
        async with self._lock:
            self.round_trips += 2  # BEGIN, then COMMIT or ROLLBACK
            await self.conn._execute(_patiently, self.conn._conn, _begin, ())
            try:
                yield cast(Conn, _Counted(self.conn, self))
            except BaseException as exc:
                self._count(exc)
                await self.conn.execute("ROLLBACK")
                raise
            self.data_version = await self.conn._execute(_commit, self.conn._conn)

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(connection, *args)`, a statement or a short batch, under the caller's hold of the
        lock: on the event loop's own thread when SQLite can run it without waiting for another
        connection's lock (a trip to aiosqlite's thread costs more than such a statement), else
        on aiosqlite's thread, waiting up to BUSY_MS for the lock."""
        try:
            return fn(self.conn._conn, *args)
        except sqlite3.OperationalError as exc:
            if not _busy(exc):
                raise
        return await self.conn._execute(_patiently, self.conn._conn, fn, args)

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        # One call (execute, fetch and close together), not three.
        async with self._lock:
            self.round_trips += 1
            try:
                self.data_version, rows = await self._call(_fetch, sql, tuple(params))
            except sqlite3.Error as exc:
                self._count(exc)
                raise
            return rows

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        return (await self._write_one(sql, tuple(params)))[1]

    async def execute_count(self, sql: str, params: Iterable[Any] = ()) -> int:
        return max((await self._write_one(sql, tuple(params)))[0], 0)

    async def _write_one(self, sql: str, params: tuple[Any, ...]) -> tuple[int, int]:
        """One write in its own transaction, in one trip to aiosqlite's worker thread (BEGIN,
        the statement and COMMIT there): (rows touched, new row id)."""
        async with self._lock:
            self.round_trips += 1
            try:
                count, rowid, self.data_version = await self._call(_run_one, sql, params)
            except BaseException as exc:
                self._count(exc)
                raise
            return count, rowid

    async def write_batch(self, writes: Sequence[Write]) -> None:
        """The whole transaction in one call (see `_call`), not an await per statement: a hot
        answer path should pay for one."""
        async with self._lock:
            self.round_trips += 1
            try:
                self.data_version = await self._call(_run_batch, tuple(writes))
            except BaseException as exc:
                self._count(exc)
                raise

    async def _write_group(self, groups: list[Sequence[Write]]) -> bool:
        await self.write_batch([write for writes in groups for write in writes])
        return True

    async def columns(self, conn: Conn) -> list[Column]:
        tables = await all_rows(
            conn,
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
            (),
        )
        out = []
        for t in tables:
            for col in await all_rows(conn, f'PRAGMA table_info("{t["name"]}")', ()):
                out.append(Column(str(t["name"]), str(col["name"]), bool(col["notnull"]), "any"))
        return out


ANSWERS_PER_GROUP = 32  # one commit for up to this many answers (each keeps its own statements)
BUSY_MS = 5000  # how long a statement waits for another connection's write lock


def _busy(exc: sqlite3.OperationalError) -> bool:
    """SQLITE_BUSY or SQLITE_LOCKED (any extended code): another connection holds a lock."""
    return getattr(exc, "sqlite_errorcode", 0) & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _patiently(conn: sqlite3.Connection, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
    """On aiosqlite's thread: `fn` allowed to wait for locks, the connection then back to
    failing at once (the event loop's thread must never wait)."""
    conn.execute(f"PRAGMA busy_timeout={BUSY_MS}")
    try:
        return fn(conn, *args)
    finally:
        conn.execute("PRAGMA busy_timeout=0")


def _begin(conn: sqlite3.Connection) -> None:
    conn.execute("BEGIN IMMEDIATE")


def _data_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA data_version").fetchone()[0])


def _fetch(conn: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> tuple[int, list[Any]]:
    """The data version, then the rows. Read first, the version can
    only be older than the rows (a commit landing in between shows up on the next trip)."""
    version = _data_version(conn)
    return version, conn.execute(sql, params).fetchall()


def _commit(conn: sqlite3.Connection) -> int:
    conn.execute("COMMIT")
    return _data_version(conn)


def _run_one(conn: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> tuple[int, int, int]:
    """BEGIN IMMEDIATE, the statement, COMMIT (ROLLBACK if it
    fails); (rows touched, new row id, data version after the commit)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        cur = conn.execute(sql, params)
        count, rowid = cur.rowcount, cur.lastrowid or 0
        cur.close()
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return count, int(rowid), _commit(conn)


def _run_batch(conn: sqlite3.Connection, writes: tuple[Write, ...]) -> int:
    """BEGIN IMMEDIATE, the writes, COMMIT (ROLLBACK on any
    failure); returns the data version after the commit."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        for index, write in enumerate(writes):
            touched = conn.execute(write.sql, write.params).rowcount
            if write.rows is not None and touched != write.rows:
                raise RowsMismatch(index, touched)
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return _commit(conn)


async def lock_in(conn: Conn, key: str) -> None:
    """Serialise transactions that read, then write, the same data (until this one ends). SQLite's
    BEGIN IMMEDIATE already runs one writer at a time; on PostgreSQL this takes an advisory lock."""
    lock = getattr(conn, "advisory_lock", None)
    if lock is not None:
        await lock(key)


async def all_rows(conn: Conn, sql: str, params: Sequence[Any]) -> list[Any]:
    cur = await conn.execute(sql, tuple(params))
    rows = await cur.fetchall()
    await cur.close()
    return list(rows)


def as_dict(row: Row) -> dict[str, Any]:
    """A row as {column: value} (both drivers' rows iterate over values, not names)."""
    names = list(row.keys())
    return {name: row[name] for name in names}


def split_sql(script: str) -> list[str]:
    """Split a migration into statements (migrations hold no semicolons inside literals)."""
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
