"""Per-user preferences: private views by DM or not, a locale override, and a standing Dominion
reactions mode."""

from __future__ import annotations

import time
from dataclasses import dataclass

from storage.db import Database


@dataclass(frozen=True)
class UserPrefs:
    user_id: int
    dm_hands: bool = True
    locale: str | None = None
    # Dominion reactions in hand, "always" or "ask", for every lobby joined; None: each table's own.
    reactions: str | None = None


class PrefsRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def get(self, user_id: int) -> UserPrefs:
        row = await self.db.fetchone(
            "SELECT dm_hands, locale, dominion_reactions FROM user_prefs WHERE user_id = ?", (user_id,)
        )
        if row is None:
            return UserPrefs(user_id)
        return UserPrefs(user_id, bool(row["dm_hands"]), row["locale"], row["dominion_reactions"])

    async def set_dm_hands(self, user_id: int, enabled: bool) -> UserPrefs:
        await self.db.execute(
            """INSERT INTO user_prefs (user_id, dm_hands, updated_at) VALUES (?, ?, ?)
               ON CONFLICT (user_id) DO UPDATE SET dm_hands = excluded.dm_hands, updated_at = excluded.updated_at""",
            (user_id, int(enabled), time.time()),
        )
        return await self.get(user_id)

    async def set_locale(self, user_id: int, locale: str | None) -> UserPrefs:
        await self.db.execute(
            """INSERT INTO user_prefs (user_id, locale, updated_at) VALUES (?, ?, ?)
               ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale, updated_at = excluded.updated_at""",
            (user_id, locale, time.time()),
        )
        return await self.get(user_id)

    async def set_reactions(self, user_id: int, mode: str | None) -> UserPrefs:
        await self.db.execute(
            """INSERT INTO user_prefs (user_id, dominion_reactions, updated_at) VALUES (?, ?, ?)
               ON CONFLICT (user_id) DO UPDATE SET dominion_reactions = excluded.dominion_reactions,
               updated_at = excluded.updated_at""",
            (user_id, mode, time.time()),
        )
        return await self.get(user_id)
