"""Companions (config + step log), per-channel RNG states and named decks for physical tables."""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from typing import Any

from storage.db import Database

ACTIVE = "active"


@dataclass(frozen=True)
class CompanionRow:
    id: int
    channel_id: int
    kind: str
    config: dict[str, Any]
    steps: list[dict[str, Any]]


class CompanionExists(Exception):
    """The channel already has an active companion."""


class CompanionRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def create(self, guild_id: int | None, channel_id: int, kind: str, config: dict[str, Any], user_id: int) -> int:
        now = time.time()
        try:
            return await self.db.execute(
                """INSERT INTO companions (guild_id, channel_id, kind, config, created_by, created_at, updated_at)
                   VALUES (?, ?, ?, ?, ?, ?, ?)""",
                (guild_id, channel_id, kind, json.dumps(config), user_id, now, now),
            )
        except sqlite3.IntegrityError:
            raise CompanionExists from None

    async def active(self, channel_id: int) -> CompanionRow | None:
        row = await self.db.fetchone(
            "SELECT id, channel_id, kind, config FROM companions WHERE channel_id = ? AND status = ?",
            (channel_id, ACTIVE),
        )
        if row is None:
            return None
        steps = await self.db.fetchall(
            "SELECT step FROM companion_steps WHERE companion_id = ? ORDER BY seq", (row["id"],)
        )
        return CompanionRow(
            int(row["id"]), int(row["channel_id"]), row["kind"], json.loads(row["config"]), [json.loads(s["step"]) for s in steps]
        )

    async def active_kind(self, channel_id: int) -> str | None:
        """The kind of the channel's active companion, without its steps."""
        row = await self.db.fetchone(
            "SELECT kind FROM companions WHERE channel_id = ? AND status = ?", (channel_id, ACTIVE)
        )
        return None if row is None else str(row["kind"])

    async def kind_of(self, companion_id: int) -> str | None:
        row = await self.db.fetchone("SELECT kind FROM companions WHERE id = ?", (companion_id,))
        return None if row is None else str(row["kind"])

    async def push(self, companion_id: int, seq: int, step: dict[str, Any], user_id: int, snapshot: dict[str, Any]) -> None:
        """Append step `seq` (1-based); the primary key refuses a second writer of the same seq."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO companion_steps (companion_id, seq, step, user_id, created_at) VALUES (?, ?, ?, ?, ?)",
                (companion_id, seq, json.dumps(step), user_id, time.time()),
            )
            await conn.execute(
                "UPDATE companions SET snapshot = ?, updated_at = ? WHERE id = ?",
                (json.dumps(snapshot), time.time(), companion_id),
            )

    async def replace(self, companion_id: int, seq: int, step: dict[str, Any], snapshot: dict[str, Any]) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                "UPDATE companion_steps SET step = ? WHERE companion_id = ? AND seq = ?",
                (json.dumps(step), companion_id, seq),
            )
            await conn.execute(
                "UPDATE companions SET snapshot = ?, updated_at = ? WHERE id = ?",
                (json.dumps(snapshot), time.time(), companion_id),
            )

    async def pop(self, companion_id: int, seq: int, snapshot: dict[str, Any]) -> None:
        async with self.db.transaction() as conn:
            await conn.execute("DELETE FROM companion_steps WHERE companion_id = ? AND seq = ?", (companion_id, seq))
            await conn.execute(
                "UPDATE companions SET snapshot = ?, updated_at = ? WHERE id = ?",
                (json.dumps(snapshot), time.time(), companion_id),
            )

    async def finish(self, companion_id: int, status: str = "finished") -> None:
        await self.db.execute(
            "UPDATE companions SET status = ?, updated_at = ? WHERE id = ?", (status, time.time(), companion_id)
        )

    # -- table tools ----------------------------------------------------------------------------
    async def rng_state(self, channel_id: int) -> Any | None:
        row = await self.db.fetchone("SELECT state FROM table_rng WHERE channel_id = ?", (channel_id,))
        return json.loads(row["state"]) if row else None

    async def save_rng(self, channel_id: int, state: Any) -> None:
        await self.db.execute(
            """INSERT INTO table_rng (channel_id, state, updated_at) VALUES (?, ?, ?)
               ON CONFLICT (channel_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at""",
            (channel_id, json.dumps(state), time.time()),
        )

    async def deck(self, channel_id: int, name: str) -> tuple[int, dict[str, Any]] | None:
        row = await self.db.fetchone(
            "SELECT owner_id, data FROM table_decks WHERE channel_id = ? AND name = ?", (channel_id, name)
        )
        return (int(row["owner_id"]), json.loads(row["data"])) if row else None

    async def save_deck(self, channel_id: int, name: str, owner_id: int, data: dict[str, Any], rng: Any) -> None:
        """The deck and the RNG state that shuffled it, in one transaction."""
        now = time.time()
        async with self.db.transaction() as conn:
            await conn.execute(
                """INSERT INTO table_decks (channel_id, name, owner_id, data, updated_at) VALUES (?, ?, ?, ?, ?)
                   ON CONFLICT (channel_id, name) DO UPDATE SET owner_id = excluded.owner_id,
                   data = excluded.data, updated_at = excluded.updated_at""",
                (channel_id, name, owner_id, json.dumps(data), now),
            )
            await conn.execute(
                """INSERT INTO table_rng (channel_id, state, updated_at) VALUES (?, ?, ?)
                   ON CONFLICT (channel_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at""",
                (channel_id, json.dumps(rng), now),
            )

    async def deck_names(self, channel_id: int) -> list[str]:
        rows = await self.db.fetchall("SELECT name FROM table_decks WHERE channel_id = ? ORDER BY name", (channel_id,))
        return [r["name"] for r in rows]
