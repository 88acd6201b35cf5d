"""PostgreSQL behind the same API as SQLite (asyncpg, a connection pool).

Translation is deliberately small, because repositories keep to a portable SQL subset:
- placeholders `?` become `$1, $2, ...` (outside quotes);
- an INSERT into a table with a generated `id` gets `RETURNING id`, standing in for lastrowid;
- migrations: INTEGER becomes BIGINT (Discord ids need 64 bits), REAL becomes DOUBLE PRECISION
  (timestamps need more than float4), `INTEGER PRIMARY KEY AUTOINCREMENT` an identity column and
  `WITHOUT ROWID` disappears. Anything beyond that belongs in a `NNN_name.postgres.sql` file.
Constraint violations are raised as `PgIntegrityError`, a subclass of sqlite3.IntegrityError, so
callers catch one exception type whatever the backend.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import uuid
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import asyncpg

from storage.answer_groups import AnswerGroups
from storage.db import Column, Conn, Database, IntegrityError, RowsMismatch, Write, all_rows, split_sql
from storage.first_in_line import Gate

SCHEMA_LOCK = 0x6267_6221  # pg_advisory_xact_lock key that serialises migrations across processes
NUMERIC_TYPES = {"smallint", "integer", "bigint", "real", "double precision", "numeric"}
TEXT_TYPES = {"text", "character varying", "character"}
ROW_STATEMENTS = ("SELECT", "WITH", "VALUES", "SHOW")
# Tables whose rows processes keep in memory (the play-by-post settings, timers, preferences,
# vacations and votes, and each user's settings): a write to one notifies every listening process
# of the writer's token.
WATCHED_TABLES = (
    "pbp_games",
    "pbp_timers",
    "pbp_user_prefs",
    "pbp_vacations",
    "pbp_votes",
    "user_prefs",
    "game_prefs",
)
CHANGES_CHANNEL = "bgb_changes"
# Writes to matches notify on a channel of their own: every answer writes a match, and the rows
# above need not be read again for that; a cached match checks this channel's count instead.
MATCH_CHANGES_CHANNEL = "bgb_match_changes"


# The stores listening, by token. A write notifies only while a store other than its writer's is
# listed: a process alone sends no notifications (each one woke the server's listening backend
# and the process's own listener connection). Unlogged: the rows are worthless after a server
# crash, which drops every listener's connection anyway (each then stops serving from memory).
LISTENERS = "CREATE UNLOGGED TABLE IF NOT EXISTS bgb_listeners (token TEXT PRIMARY KEY)"
# Every store listening on this database now, listed (application_name is shown to every role in
# pg_stat_activity; a listener connection is named after its store's token). Run with the
# trigger functions' replacement, in one transaction: a process of an earlier version listens
# without listing itself, and keeps hearing every write.
LIST_LIVE_LISTENERS = """
INSERT INTO bgb_listeners (token)
SELECT DISTINCT left(application_name, -2) FROM pg_stat_activity
WHERE datname = current_database() AND application_name LIKE 'bgb-%-l'
ON CONFLICT DO NOTHING"""
# The rows of stores whose listener connection is gone (a process killed without closing).
FORGET_DEAD_LISTENERS = """
DELETE FROM bgb_listeners l
WHERE NOT EXISTS (
    SELECT 1 FROM pg_stat_activity a
    WHERE a.datname = current_database() AND a.application_name = l.token || '-l')"""
# Is any transaction that was running when `$1` (a snapshot) was taken not yet visible?
STILL_RUNNING = """
SELECT EXISTS (
    SELECT 1 FROM pg_snapshot_xip($1::text::pg_snapshot) AS x
    WHERE NOT pg_visible_in_snapshot(x, pg_current_snapshot()))"""


def notify_function(name: str, channel: str) -> str:
    """A trigger function that notifies `channel` with the writer's application_name (its token),
    when a store other than the writer's is listening."""
    return f"""
CREATE OR REPLACE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM bgb_listeners WHERE token <> current_setting('application_name')) THEN
        PERFORM pg_notify('{channel}', current_setting('application_name'));
    END IF;
    RETURN NULL;
END
$$"""


CHANGE_TRIGGER = notify_function("bgb_note_change", CHANGES_CHANNEL)
MATCH_CHANGE_TRIGGER = notify_function("bgb_note_match_change", MATCH_CHANGES_CHANNEL)


class PgIntegrityError(IntegrityError):
    """A unique, foreign-key or check constraint refused the write."""


@dataclass(frozen=True)
class Query:
    sql: str
    returns_rows: bool
    returns_id: bool


def placeholders(sql: str) -> str:
    """`?` -> `$n`, leaving quoted text and identifiers alone."""
    return numbered(sql, 0)[0]


def numbered(sql: str, start: int) -> tuple[str, int]:
    """`?` -> `$n` numbered after `start` (outside quotes), and the last number used."""
    out: list[str] = []
    n = start
    quote: str | None = None
    for ch in sql:
        if quote is not None:
            if ch == quote:
                quote = None
        elif ch in ("'", '"'):
            quote = ch
        elif ch == "?":
            n += 1
            out.append(f"${n}")
            continue
        out.append(ch)
    return "".join(out), n


INSERT_INTO = re.compile(r"^\s*INSERT\s+INTO\s+\"?(\w+)\"?", re.IGNORECASE)
WRITE_TARGET = re.compile(r"^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+\"?(\w+)\"?", re.IGNORECASE)
# Raised inside a one-statement batch when a write touched another number of rows than it must:
# the error aborts the whole statement, so nothing of the batch lands (as a ROLLBACK would do).
EXPECT_ROWS = """
CREATE OR REPLACE FUNCTION bgb_expect_rows(got BIGINT, want BIGINT, idx INTEGER) RETURNS BIGINT
LANGUAGE plpgsql AS $$
BEGIN
    IF got <> want THEN
        RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = format('bgb-rows %s %s', idx, got);
    END IF;
    RETURN got;
END
$$"""
ROWS_MESSAGE = re.compile(r"^bgb-rows (\d+) (\d+)$")
RETURNING = re.compile(r"\bRETURNING\b", re.IGNORECASE)


@lru_cache(maxsize=2048)
def translate(sql: str, serial_tables: frozenset[str]) -> Query:
    text = placeholders(sql)
    head = text.lstrip().split(None, 1)[0].upper() if text.strip() else ""
    returning = RETURNING.search(text) is not None
    returns_id = False
    m = INSERT_INTO.match(text)
    if m and not returning and m.group(1).lower() in serial_tables:
        text = text.rstrip().rstrip(";") + " RETURNING id"
        returning = returns_id = True
    return Query(text, head in ROW_STATEMENTS or returning, returns_id)


def one_statement(writes: Sequence[Write]) -> str | None:
    """`writes` as one statement (each a data-modifying WITH clause, row counts checked by
    `bgb_expect_rows`), or None when they cannot be: a write that returns rows, or one that
    reads or writes a table another of them writes (the clauses share one snapshot, so a later
    one would not see an earlier one's changes)."""
    return _composed((_shape(writes),))


def group_statement(groups: Sequence[Sequence[Write]]) -> str | None:
    """Several answers' writes as one statement, each answer's as `one_statement` would take
    them, or None when one of them cannot be. Answers may write the same tables: each writes
    rows of its own match only (storage/answer_groups.py keeps two of one match apart), so no
    clause needs to see another answer's changes."""
    return _composed(tuple(_shape(writes) for writes in groups))


def _shape(writes: Sequence[Write]) -> tuple[tuple[str, int | None], ...]:
    return tuple((w.sql, w.rows) for w in writes)


@lru_cache(maxsize=256)
def _composed(shapes: tuple[tuple[tuple[str, int | None], ...], ...]) -> str | None:
    """The statement for answers of these statements and row counts (a hot path sends a few)."""
    clauses, checks, n, k = [], [], 0, 0
    for a, shape in enumerate(shapes):
        if not _composable(shape):
            return None
        for i, (sql, rows) in enumerate(shape):
            name = f"a{a}w{i}"
            body, n = numbered(sql.strip().rstrip(";"), n)
            clauses.append(f"{name} AS ({body} RETURNING 1)")
            if rows is not None:
                checks.append(f"bgb_expect_rows((SELECT count(*) FROM {name}), {int(rows)}, {k})")
            k += 1
    return f"WITH {', '.join(clauses)} SELECT {', '.join(checks) or '1'}"


@lru_cache(maxsize=256)
def _composable(shape: tuple[tuple[str, int | None], ...]) -> bool:
    """Whether one answer's writes can share a statement (see `one_statement`)."""
    targets = []
    for sql, _ in shape:
        m = WRITE_TARGET.match(sql)
        if m is None or RETURNING.search(sql):
            return False
        targets.append(m.group(1).lower())
    if len(set(targets)) != len(targets):
        return False
    for i, (sql, _) in enumerate(shape):
        lowered = sql.lower()
        if any(re.search(rf"\b{t}\b", lowered) for j, t in enumerate(targets) if j != i):
            return False
    return True


DDL_RULES = (
    (
        re.compile(r"\bINTEGER\s+PRIMARY\s+KEY\s+AUTOINCREMENT\b", re.I),
        "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
    ),
    (re.compile(r"\)\s*WITHOUT\s+ROWID\s*$", re.I), ")"),
    (re.compile(r"\bINTEGER\b", re.I), "BIGINT"),
    (re.compile(r"\bREAL\b", re.I), "DOUBLE PRECISION"),
)


def ddl(statement: str) -> str:
    """A portable migration statement in PostgreSQL's types."""
    for pattern, replacement in DDL_RULES:
        statement = pattern.sub(replacement, statement)
    return statement


def affected(status: str) -> int:
    """Rows touched, from a command tag such as 'UPDATE 3' or 'INSERT 0 1'."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PgCursor:
    def __init__(self, rows: list[asyncpg.Record], rowcount: int, lastrowid: int | None) -> None:
        self._rows = rows
        self._next = 0
        self.rowcount = rowcount
        self.lastrowid = lastrowid

    async def fetchone(self) -> asyncpg.Record | None:
        if self._next >= len(self._rows):
            return None
        self._next += 1
        return self._rows[self._next - 1]

    async def fetchall(self) -> list[asyncpg.Record]:
        rest, self._next = self._rows[self._next :], len(self._rows)
        return rest

    async def close(self) -> None:
        return None


class PgConn:
    """One pooled connection, speaking the aiosqlite subset the repositories use."""

    def __init__(self, raw: asyncpg.Connection, db: PostgresDatabase) -> None:
        self.raw = raw
        self.db = db

    async def execute(self, sql: str, parameters: Iterable[Any] = ()) -> PgCursor:
        query = translate(sql, self.db.serial_tables)
        args = tuple(parameters)
        self.db.round_trips += 1
        try:
            if query.returns_rows:
                rows = await self.raw.fetch(query.sql, *args)
                lastrowid = int(rows[0]["id"]) if query.returns_id and rows else None
                return PgCursor(list(rows), len(rows), lastrowid)
            status = await self.raw.execute(query.sql, *args)
        except asyncpg.IntegrityConstraintViolationError as exc:
            self.db.conflicts += 1
            raise PgIntegrityError(str(exc)) from exc
        except asyncpg.RaiseError as exc:
            rows = ROWS_MESSAGE.match(str(exc))  # a batch's row count refused (`one_statement`)
            if rows is None:
                self.db.errors += 1
                raise
            raise RowsMismatch(int(rows.group(1)), int(rows.group(2))) from None
        except (asyncpg.PostgresError, OSError):
            self.db.errors += 1
            raise
        return PgCursor([], affected(status), None)

    async def advisory_lock(self, key: str) -> None:
        """Held until the transaction ends; other transactions asking for `key` wait."""
        await self.execute("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", (key,))

    async def executemany(self, sql: str, parameters: Iterable[Iterable[Any]]) -> None:
        rows = [tuple(p) for p in parameters]
        if not rows:
            return
        query = translate(sql, frozenset())  # no RETURNING: executemany discards results
        self.db.round_trips += 1
        try:
            await self.raw.executemany(query.sql, rows)
        except asyncpg.IntegrityConstraintViolationError as exc:
            self.db.conflicts += 1
            raise PgIntegrityError(str(exc)) from exc
        except (asyncpg.PostgresError, OSError):
            self.db.errors += 1
            raise


async def keep_session(conn: asyncpg.Connection) -> None:
    """A pooled connection goes back to the pool as it is. asyncpg's default reset sends a query
    on every release (unlock advisory locks, close cursors, UNLISTEN, RESET ALL): a second round
    trip for each statement. Our pooled connections hold none of that between uses: advisory
    locks are taken for the transaction only, cursors never outlive a call, nothing is SET, and
    LISTEN runs on a connection of its own. An open transaction is still rolled back by asyncpg
    before this is called."""


class PostgresDatabase(Database):
    dialect = "postgresql"
    # How long opening waits for the writes that may not have notified it (`listen`) before
    # leaving the rest of that wait to the background.
    settle_inline = 2.0

    def __init__(self, pool: asyncpg.Pool, dsn: str = "", token: str = "") -> None:
        super().__init__()
        self.pool = pool
        # as many places as the pool has connections: the pool itself never keeps anyone waiting,
        # the gate does, answers first (storage/first_in_line.py)
        self._gate = Gate(pool.get_max_size())
        self.dsn = dsn
        self.token = token  # this store's application_name: the notifications of its own writes
        self.serial_tables: frozenset[str] = frozenset()
        # Notifications heard from other writers of the watched tables (LISTEN), and the
        # connection listening; without a live listener nothing is served from memory.
        self.heard = 0
        self.matches_heard = 0  # the same for writes to matches
        self._listener: asyncpg.Connection | None = None
        self._trusted = False  # set once the writes that may not have notified are over (`listen`)
        self._settling: asyncio.Task[None] | None = None  # waiting out writes that did not notify
        # At most 8 answers to a statement: each mix of write shapes and count is a statement of
        # its own to prepare, and each connection keeps 100 prepared.
        self.answers = AnswerGroups(self._write_group, self.write_batch, per_group=8)

    @classmethod
    async def connect(cls, url: str, min_size: int = 1, max_size: int = 10) -> PostgresDatabase:
        dsn = url.replace("postgresql+asyncpg://", "postgresql://", 1)
        token = f"bgb-{uuid.uuid4().hex[:16]}"
        pool = await asyncpg.create_pool(
            dsn,
            min_size=min_size,
            max_size=max_size,
            server_settings={"application_name": token},
            reset=keep_session,
            # kept open however long idle: otherwise every release arms a timer and every
            # acquire cancels it, for a pool of a few connections that never needs trimming
            max_inactive_connection_lifetime=0,
        )
        return cls(pool, dsn, token)

    @property
    def generation(self) -> int | None:
        return self._while_listening(self.heard)

    @property
    def match_generation(self) -> int | None:
        return self._while_listening(self.matches_heard)

    def _while_listening(self, count: int) -> int | None:
        """`count` of notifications heard, or None when no listener is live (nothing is heard)."""
        listener = self._listener
        return None if not self._trusted or listener is None or listener.is_closed() else count

    async def listen(self) -> None:
        """Listen for other stores' writes to the watched tables (after migrating: the trigger).
        A notification is sent at its writer's commit and heard here a moment later: a cached
        row is then as fresh as a read that just missed that commit, which every guard written
        as a conditional update already allows for.

        Writers notify only while another store is listed in `bgb_listeners`, so this store lists
        itself, and serves nothing from memory until every transaction that was running when it
        did has ended: such a writer may have checked the list before this store was on it. Any
        transaction that starts writing after that sees the row. That wait is short (answers
        commit in milliseconds); a long unrelated transaction on the server is waited out in the
        background after `settle_inline` seconds, while this store reads everything afresh."""
        listener = await asyncpg.connect(self.dsn, server_settings={"application_name": self.token + "-l"})
        self._listener = listener
        listener.add_termination_listener(self._lost)
        await listener.add_listener(CHANGES_CHANNEL, self._heard)
        await listener.add_listener(MATCH_CHANGES_CHANNEL, self._heard)
        await listener.execute(FORGET_DEAD_LISTENERS)
        await listener.execute("INSERT INTO bgb_listeners (token) VALUES ($1) ON CONFLICT DO NOTHING", self.token)
        listed_at = await listener.fetchval("SELECT pg_current_snapshot()::text")
        self._settling = asyncio.ensure_future(self._settle(listener, listed_at))
        # (shielded: a timeout leaves the wait running in the background)
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._settling), self.settle_inline)

    async def _settle(self, listener: asyncpg.Connection, listed_at: str) -> None:
        """Serve from memory once the transactions running at `listed_at` are all visible. (If the
        connection is lost meanwhile, nothing is ever served from memory: `_lost`.)"""
        try:
            while await listener.fetchval(STILL_RUNNING, listed_at):
                await asyncio.sleep(0.005)
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
            return
        self._trusted = not listener.is_closed()

    def _heard(self, conn: object, pid: int, channel: str, payload: str) -> None:
        if payload == self.token:
            return  # this store's own write
        if channel == MATCH_CHANGES_CHANNEL:
            self.matches_heard += 1
        else:
            self.heard += 1

    def _lost(self, conn: object) -> None:
        self.heard += 1
        self.matches_heard += 1
        self._listener = None
        self._trusted = False

    async def close(self) -> None:
        settling, self._settling = self._settling, None
        if settling is not None and not settling.done():
            settling.cancel()
        listener, self._listener, self._trusted = self._listener, None, False
        if listener is not None and not listener.is_closed():
            # off the list first: the others' writes stop notifying a store that is gone
            # (a wait cancelled mid-query leaves the connection busy: the next store's start then
            # forgets the row, as a dead process's)
            with contextlib.suppress(asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
                await listener.execute("DELETE FROM bgb_listeners WHERE token = $1", self.token)
            await listener.close()
        await self.pool.close()

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[asyncpg.Connection]:
        async with self._gate, self.pool.acquire() as raw:
            yield raw

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Conn]:
        async with self._connection() as raw, raw.transaction():
            self.round_trips += 2  # BEGIN, then COMMIT or ROLLBACK
            yield PgConn(raw, self)

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        """One write on its own: PostgreSQL commits a lone statement itself (one round trip
        instead of BEGIN, the statement and COMMIT)."""
        async with self._connection() as raw:
            cur = await PgConn(raw, self).execute(sql, params)
            return int(cur.lastrowid or 0)

    async def execute_count(self, sql: str, params: Iterable[Any] = ()) -> int:
        async with self._connection() as raw:
            cur = await PgConn(raw, self).execute(sql, params)
            return max(int(cur.rowcount), 0)

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        async with self._connection() as raw:
            cur = await PgConn(raw, self).execute(sql, params)
            return await cur.fetchall()

    async def write_batch(self, writes: Sequence[Write]) -> None:
        """One round trip where the writes allow it (see `one_statement`): PostgreSQL runs a
        lone statement as its own transaction, all of it or nothing. Otherwise BEGIN, each
        write, COMMIT."""
        sql = one_statement(writes) if writes else None
        if sql is None:
            await super().write_batch(writes)
            return
        await self._run_composed(sql, writes)

    async def _run_composed(self, sql: str, writes: Iterable[Write]) -> None:
        """A composed statement (`one_statement`, `group_statement`) with its writes' parameters."""
        async with self._connection() as raw:
            await PgConn(raw, self).execute(sql, [p for w in writes for p in w.params])

    async def _write_group(self, groups: list[Sequence[Write]]) -> bool:
        # in a canonical order: one statement text per mix of shapes, whatever the arrival order
        groups = sorted(groups, key=lambda writes: tuple(w.sql for w in writes))
        sql = group_statement(groups)
        if sql is None:
            return False
        await self._run_composed(sql, [w for writes in groups for w in writes])
        return True

    async def _lock_schema(self, conn: Conn) -> None:
        await conn.execute(f"SELECT pg_advisory_xact_lock({SCHEMA_LOCK})")

    def _statements(self, sql: str) -> list[str]:
        return [ddl(s) for s in split_sql(sql)]

    async def _after_migrate(self) -> None:
        rows = await self.fetchall(
            """SELECT table_name FROM information_schema.columns
               WHERE table_schema = current_schema() AND column_name = 'id'
                 AND (is_identity = 'YES' OR column_default LIKE 'nextval%')"""
        )
        self.serial_tables = frozenset(str(r["table_name"]) for r in rows)
        # (a database migrated only part of the way, as an upgrade test makes, lacks later tables)
        present = {
            str(r["table_name"])
            for r in await self.fetchall(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
            )
        }
        async with self.transaction() as conn:
            await self._lock_schema(conn)
            await conn.execute(LISTENERS)
            await conn.execute(LIST_LIVE_LISTENERS)
            await conn.execute(CHANGE_TRIGGER)
            await conn.execute(EXPECT_ROWS)
            for table in (t for t in WATCHED_TABLES if t in present):
                await conn.execute(
                    f"CREATE OR REPLACE TRIGGER bgb_changes AFTER INSERT OR UPDATE OR DELETE ON {table} "
                    "FOR EACH STATEMENT EXECUTE FUNCTION bgb_note_change()"
                )
            await conn.execute(MATCH_CHANGE_TRIGGER)
            await conn.execute(
                "CREATE OR REPLACE TRIGGER bgb_match_changes AFTER INSERT OR UPDATE OR DELETE ON matches "
                "FOR EACH STATEMENT EXECUTE FUNCTION bgb_note_match_change()"
            )
        await self.listen()

    async def columns(self, conn: Conn) -> list[Column]:
        rows = await all_rows(
            conn,
            """SELECT table_name, column_name, is_nullable, data_type FROM information_schema.columns
               WHERE table_schema = current_schema() AND table_name <> 'bgb_listeners'
               ORDER BY table_name, ordinal_position""",
            (),
        )
        out = []
        for r in rows:
            kind = (
                "numeric"
                if r["data_type"] in NUMERIC_TYPES
                else "text"
                if r["data_type"] in TEXT_TYPES
                else "other"
            )
            out.append(Column(str(r["table_name"]), str(r["column_name"]), r["is_nullable"] == "NO", kind))
        return out
