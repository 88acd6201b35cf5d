"""A server's own data files for its games, one of each kind per game and guild: the text as
uploaded (already checked by the bot against the game's data set), with who uploaded it and when."""

from __future__ import annotations

import time
from dataclasses import dataclass

from storage.db import Database, Row


@dataclass(frozen=True)
class GuildDataFile:
    guild_id: int
    game: str
    kind: str  # one of the game's data-set kinds
    filename: str
    content: str
    size: int  # bytes as uploaded
    uploaded_by: int | None  # None once that member's data was forgotten
    uploaded_at: float


class GuildDataRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def put(
        self,
        guild_id: int,
        game: str,
        kind: str,
        filename: str,
        content: str,
        size: int,
        user_id: int,
        at: float | None = None,
    ) -> GuildDataFile:
        """Store `content` as the guild's file of `kind` for `game`, replacing any earlier one."""
        when = time.time() if at is None else at
        await self.db.execute(
            """INSERT INTO guild_data (guild_id, game, kind, filename, content, size, uploaded_by, uploaded_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT (guild_id, game, kind) DO UPDATE SET filename = excluded.filename,
               content = excluded.content, size = excluded.size, uploaded_by = excluded.uploaded_by,
               uploaded_at = excluded.uploaded_at""",
            (guild_id, game, kind, filename, content, size, user_id, when),
        )
        return GuildDataFile(guild_id, game, kind, filename, content, size, user_id, when)

    async def get(self, guild_id: int, game: str, kind: str) -> GuildDataFile | None:
        row = await self.db.fetchone(
            """SELECT guild_id, game, kind, filename, content, size, uploaded_by, uploaded_at
               FROM guild_data WHERE guild_id = ? AND game = ? AND kind = ?""",
            (guild_id, game, kind),
        )
        return None if row is None else _file(row)

    async def all(self, guild_id: int, game: str | None = None) -> list[GuildDataFile]:
        """The guild's files (of one game, or of all), by game and kind."""
        if game is None:
            rows = await self.db.fetchall(
                """SELECT guild_id, game, kind, filename, content, size, uploaded_by, uploaded_at
                   FROM guild_data WHERE guild_id = ?""",
                (guild_id,),
            )
        else:
            rows = await self.db.fetchall(
                """SELECT guild_id, game, kind, filename, content, size, uploaded_by, uploaded_at
                   FROM guild_data WHERE guild_id = ? AND game = ?""",
                (guild_id, game),
            )
        return sorted((_file(r) for r in rows), key=lambda f: (f.game, f.kind))

    async def texts(self, guild_id: int, game: str) -> dict[str, str]:
        """kind -> text of every file the guild has for `game` (what a new lobby copies)."""
        return {f.kind: f.content for f in await self.all(guild_id, game)}

    async def remove(self, guild_id: int, game: str, kind: str) -> bool:
        """Forget the guild's file of `kind` for `game`; False when there was none."""
        return (
            await self.db.execute_count(
                "DELETE FROM guild_data WHERE guild_id = ? AND game = ? AND kind = ?", (guild_id, game, kind)
            )
            > 0
        )


def _file(row: Row) -> GuildDataFile:
    by = row["uploaded_by"]
    return GuildDataFile(
        guild_id=int(row["guild_id"]),
        game=str(row["game"]),
        kind=str(row["kind"]),
        filename=str(row["filename"]),
        content=str(row["content"]),
        size=int(row["size"]),
        uploaded_by=None if by is None else int(by),
        uploaded_at=float(row["uploaded_at"]),
    )
