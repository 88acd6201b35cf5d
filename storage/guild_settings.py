"""A server's own settings for the bot (one row per guild): the language of its public posts."""

from __future__ import annotations

import time

from storage.db import Database


class GuildSettingsRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def set_locale(self, guild_id: int, locale: str | None, at: float | None = None) -> None:
        """The language of the server's public messages; None: Discord's preferred locale."""
        await self.db.execute(
            """INSERT INTO guild_settings (guild_id, locale, updated_at) VALUES (?, ?, ?)
               ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale, updated_at = excluded.updated_at""",
            (guild_id, locale, time.time() if at is None else at),
        )

    async def locale(self, guild_id: int) -> str | None:
        row = await self.db.fetchone("SELECT locale FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return None if row is None or row["locale"] is None else str(row["locale"])

    async def locales(self) -> dict[int, str]:
        """guild id -> language of every server that chose one."""
        rows = await self.db.fetchall("SELECT guild_id, locale FROM guild_settings WHERE locale IS NOT NULL")
        return {int(r["guild_id"]): str(r["locale"]) for r in rows}
