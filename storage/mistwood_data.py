"""A server's own Mistwood data files, one of each kind per guild: the text as uploaded (already
checked by the bot), with who uploaded it and when."""

from __future__ import annotations

import time
from dataclasses import dataclass

from storage.db import Database, Row

KINDS = ("deck", "scoring", "cards")


@dataclass(frozen=True)
class GuildDataFile:
    guild_id: int
    kind: str  # one of KINDS
    filename: str
    content: str
    size: int  # bytes as uploaded
    uploaded_by: int | None  # None once that member's data was forgotten
    uploaded_at: float


class MistwoodDataRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def put(
        self, guild_id: int, kind: str, filename: str, content: str, size: int, user_id: int, at: float | None = None
    ) -> GuildDataFile:
        """Store `content` as the guild's file of `kind`, replacing any earlier one."""
        if kind not in KINDS:
            raise ValueError(f"unknown Mistwood data kind {kind!r}")
        when = time.time() if at is None else at
        await self.db.execute(
            """INSERT INTO guild_mistwood_data (guild_id, kind, filename, content, size, uploaded_by, uploaded_at)
               VALUES (?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT (guild_id, kind) DO UPDATE SET filename = excluded.filename,
               content = excluded.content, size = excluded.size, uploaded_by = excluded.uploaded_by,
               uploaded_at = excluded.uploaded_at""",
            (guild_id, kind, filename, content, size, user_id, when),
        )
        return GuildDataFile(guild_id, kind, filename, content, size, user_id, when)

    async def get(self, guild_id: int, kind: str) -> GuildDataFile | None:
        row = await self.db.fetchone(
            """SELECT guild_id, kind, filename, content, size, uploaded_by, uploaded_at
               FROM guild_mistwood_data WHERE guild_id = ? AND kind = ?""",
            (guild_id, kind),
        )
        return None if row is None else _file(row)

    async def all(self, guild_id: int) -> list[GuildDataFile]:
        """The guild's files in KINDS order."""
        rows = await self.db.fetchall(
            """SELECT guild_id, kind, filename, content, size, uploaded_by, uploaded_at
               FROM guild_mistwood_data WHERE guild_id = ?""",
            (guild_id,),
        )
        files = [_file(r) for r in rows]
        return sorted(files, key=lambda f: KINDS.index(f.kind))

    async def texts(self, guild_id: int) -> dict[str, str]:
        """kind -> text of every file the guild has (what a new lobby copies)."""
        return {f.kind: f.content for f in await self.all(guild_id)}

    async def remove(self, guild_id: int, kind: str) -> bool:
        """Forget the guild's file of `kind`; False when there was none."""
        return (
            await self.db.execute_count(
                "DELETE FROM guild_mistwood_data WHERE guild_id = ? AND kind = ?", (guild_id, kind)
            )
            > 0
        )


def _file(row: Row) -> GuildDataFile:
    by = row["uploaded_by"]
    return GuildDataFile(
        guild_id=int(row["guild_id"]),
        kind=str(row["kind"]),
        filename=str(row["filename"]),
        content=str(row["content"]),
        size=int(row["size"]),
        uploaded_by=None if by is None else int(by),
        uploaded_at=float(row["uploaded_at"]),
    )
