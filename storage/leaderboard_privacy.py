"""Privacy: hiding a user from boards, and forgetting a user everywhere in the database.

Forgetting keeps the games: each of the user's seats stays, with its score and rank, under one
random pseudonym, so the other players' ratings replay to the same values and nobody is named.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field

from storage.db import Column, Conn, Database, all_rows

# Columns outside this module's knowledge that hold a user id: rows keyed by them are the user's.
USER_COLUMN_SUFFIX = "user_id"
HANDLED = {
    "matches",
    "play_seats",
    "plays",
    "ratings",
    "rating_history",
    "board_resets",
    "pending_results",
    "pending_seats",
    "seat_replacements",
    "privacy",
    "user_prefs",
    "game_prefs",
}


class StillPlaying(Exception):
    """The user sits in a lobby or a running game; their seat cannot be emptied under it."""

    def __init__(self, match_ids: list[int]) -> None:
        super().__init__(match_ids)
        self.match_ids = match_ids


@dataclass
class ForgetReport:
    seats: int = 0
    matches: int = 0
    pending: int = 0
    other_rows: dict[str, int] = field(default_factory=dict)


class PrivacyRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def hidden(self) -> set[int]:
        rows = await self.db.fetchall("SELECT user_id FROM privacy WHERE hidden = 1")
        return {int(r["user_id"]) for r in rows}

    async def is_hidden(self, user_id: int) -> bool:
        row = await self.db.fetchone("SELECT hidden FROM privacy WHERE user_id = ?", (user_id,))
        return bool(row and row["hidden"])

    async def set_hidden(self, user_id: int, hidden: bool) -> None:
        await self.db.execute(
            """INSERT INTO privacy (user_id, hidden, updated_at) VALUES (?, ?, ?)
               ON CONFLICT (user_id) DO UPDATE SET hidden = excluded.hidden, updated_at = excluded.updated_at""",
            (user_id, int(hidden), time.time()),
        )

    async def forget(self, user_id: int, pseudonym: str) -> ForgetReport:
        """Remove `user_id` from every table in one transaction. Raises StillPlaying first if seated."""
        report = ForgetReport()
        text = str(user_id)
        async with self.db.transaction() as conn:
            rows = await all_rows(
                conn,
                "SELECT id, status, seats, host_id FROM matches WHERE seats LIKE ? OR host_id = ?",
                (f"%{text}%", user_id),
            )
            seated = [
                r["id"]
                for r in rows
                if r["status"] in ("lobby", "active")
                and any(s.get("user_id") == user_id for s in json.loads(r["seats"]))
            ]
            if seated:
                raise StillPlaying(seated)
            for r in rows:
                seats = json.loads(r["seats"])
                for s in seats:
                    if s.get("user_id") == user_id:
                        s["user_id"], s["name"] = None, ""
                await conn.execute(
                    "UPDATE matches SET seats = ?, host_id = CASE WHEN host_id = ? THEN 0 ELSE host_id END,"
                    " revision = revision + 1 WHERE id = ?",
                    (json.dumps(seats), user_id, r["id"]),
                )
                report.matches += 1
            report.seats = await _count(
                conn,
                "UPDATE play_seats SET user_id = NULL, name = NULL, anon = ? WHERE user_id = ?",
                (pseudonym, user_id),
            )
            await conn.execute("UPDATE plays SET submitted_by = NULL WHERE submitted_by = ?", (user_id,))
            for table in ("ratings", "rating_history"):
                await conn.execute(f"UPDATE {table} SET player = ? WHERE player = ?", (pseudonym, text))
            await conn.execute("UPDATE board_resets SET reset_by = NULL WHERE reset_by = ?", (user_id,))
            report.pending = await _count(
                conn,
                """DELETE FROM pending_results WHERE submitted_by = ?
                   OR id IN (SELECT pending_id FROM pending_seats WHERE user_id = ?)""",
                (user_id, user_id),
            )
            await conn.execute(
                "UPDATE seat_replacements SET user_id = NULL, name = NULL WHERE user_id = ?", (user_id,)
            )
            await conn.execute("DELETE FROM privacy WHERE user_id = ?", (user_id,))
            await conn.execute("DELETE FROM user_prefs WHERE user_id = ?", (user_id,))
            await conn.execute("DELETE FROM game_prefs WHERE user_id = ?", (user_id,))
            for column in await self.db.columns(conn):
                if column.table not in HANDLED and column.table != "schema_version":
                    gone = await _scrub_column(conn, column, user_id)
                    if gone:
                        report.other_rows[f"{column.table}.{column.name}"] = gone
        return report

    async def mentions(self, user_id: int) -> list[str]:
        """Every table.column that still holds `user_id` (as a number, or inside text)."""
        found = []
        async with self.db.transaction() as conn:
            for column in await self.db.columns(conn):
                number, number_args = _numeric_match(column, user_id)
                text, text_args = _text_match(column, user_id)
                rows = await all_rows(
                    conn,
                    f'SELECT COUNT(*) AS n FROM "{column.table}" WHERE ({number}) OR ({text})',
                    (*number_args, *text_args),
                )
                if rows[0]["n"]:
                    found.append(f"{column.table}.{column.name}")
        return found


def _numeric_match(column: Column, user_id: int) -> tuple[str, tuple[object, ...]]:
    """A condition (and its parameters) for "this column holds the number user_id"."""
    c = f'"{column.name}"'
    if column.kind == "any":  # SQLite: the type belongs to each value
        return f"typeof({c}) IN ('integer', 'real') AND {c} = ?", (user_id,)
    if column.kind == "numeric":
        return f"{c} = ?", (user_id,)
    return "1 = 0", ()


def _text_match(column: Column, user_id: int) -> tuple[str, tuple[object, ...]]:
    """A condition for "this column's text contains user_id"."""
    c = f'"{column.name}"'
    if column.kind == "any":
        return f"typeof({c}) = 'text' AND instr({c}, ?) > 0", (str(user_id),)
    if column.kind == "text":
        return f"{c} LIKE ?", (f"%{user_id}%",)
    return "1 = 0", ()


async def _count(conn: Conn, sql: str, params: tuple[object, ...]) -> int:
    cur = await conn.execute(sql, params)
    n = cur.rowcount
    await cur.close()
    return max(n, 0)


async def _scrub_column(conn: Conn, column: Column, user_id: int) -> int:
    """Remove `user_id` from one column of a table this module does not know in detail.

    Discord ids are unique across users, channels and messages, so a column holding this number
    holds this user: rows owned through a `*user_id` column go; other id columns are cleared
    (0 where NULL is not allowed); text, JSON or not, loses every occurrence.
    """
    table, name = column.table, column.name
    if name.endswith(USER_COLUMN_SUFFIX) and column.kind != "text":
        return await _count(conn, f'DELETE FROM "{table}" WHERE "{name}" = ?', (user_id,))
    blank = 0 if column.notnull else None
    number, number_args = _numeric_match(column, user_id)
    changed = 0
    if number_args:
        changed = await _count(conn, f'UPDATE "{table}" SET "{name}" = ? WHERE {number}', (blank, *number_args))
    text, text_args = _text_match(column, user_id)
    if not text_args:
        return changed
    texts = await all_rows(conn, f'SELECT DISTINCT "{name}" AS v FROM "{table}" WHERE {text}', text_args)
    for row in texts:
        old = str(row["v"])
        await conn.execute(
            f'UPDATE "{table}" SET "{name}" = ? WHERE "{name}" = ?', (scrub_text(old, user_id), old)
        )
        changed += 1
    return changed


def scrub_text(text: str, user_id: int) -> str:
    """`text` without `user_id`: JSON keeps its shape (lists drop it, maps lose its key)."""
    try:
        return json.dumps(_scrub_json(json.loads(text), user_id))
    except ValueError:
        return text.replace(str(user_id), "0")


def _scrub_json(value: object, user_id: int) -> object:
    mark = str(user_id)
    if isinstance(value, list):
        return [_scrub_json(v, user_id) for v in value if v not in (user_id, mark)]
    if isinstance(value, dict):
        return {k: _scrub_json(v, user_id) for k, v in value.items() if k != mark}
    if value in (user_id, mark):
        return None
    if isinstance(value, str) and mark in value:
        return value.replace(mark, "0")
    return value
