"""Per-user preferences: private views by DM or not, a locale override, and each game's standing
preferences (`game_prefs`: game -> key -> value, declared by the game's UI plug-in)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from storage.db import Database

_NONE: Mapping[str, str] = MappingProxyType({})


@dataclass(frozen=True)
class UserPrefs:
    user_id: int
    dm_hands: bool = True
    locale: str | None = None
    # game -> key -> value; a missing key leaves each table's own setting in charge.
    games: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    seen_locale: str | None = None  # the Discord language their last interaction carried

    def of(self, game: str) -> Mapping[str, str]:
        """The standing preferences for `game` (empty when none is set)."""
        return self.games.get(game, _NONE)


class PrefsRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def get(self, user_id: int) -> UserPrefs:
        # One query: prefs are read for every DM (behind a cache), so a miss should cost one trip.
        rows = await self.db.fetchall(
            """SELECT 'user' AS part, dm_hands, locale, seen_locale, NULL AS game, NULL AS key, NULL AS value
                 FROM user_prefs WHERE user_id = ?
               UNION ALL
               SELECT 'game', NULL, NULL, NULL, game, key, value FROM game_prefs WHERE user_id = ?""",
            (user_id, user_id),
        )
        dm_hands, locale, seen = True, None, None
        games: dict[str, dict[str, str]] = {}
        for row in rows:
            if row["part"] == "user":
                dm_hands, locale, seen = bool(row["dm_hands"]), row["locale"], row["seen_locale"]
            else:
                games.setdefault(str(row["game"]), {})[str(row["key"])] = str(row["value"])
        return UserPrefs(user_id, dm_hands, locale, games, seen)

    async def set_seen_locale(self, user_id: int, locale: str) -> UserPrefs:
        await self.db.execute(
            """INSERT INTO user_prefs (user_id, seen_locale, updated_at) VALUES (?, ?, ?)
               ON CONFLICT (user_id) DO UPDATE SET seen_locale = excluded.seen_locale,
               updated_at = excluded.updated_at""",
            (user_id, locale, time.time()),
        )
        return await self.get(user_id)

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

    async def set_game_pref(self, user_id: int, game: str, key: str, value: str | None) -> UserPrefs:
        """Set one standing preference of `game`; None removes it (each table decides again)."""
        if value is None:
            await self.db.execute(
                "DELETE FROM game_prefs WHERE user_id = ? AND game = ? AND key = ?", (user_id, game, key)
            )
        else:
            await self.db.execute(
                """INSERT INTO game_prefs (user_id, game, key, value, updated_at) VALUES (?, ?, ?, ?, ?)
                   ON CONFLICT (user_id, game, key) DO UPDATE SET value = excluded.value,
                   updated_at = excluded.updated_at""",
                (user_id, game, key, value, time.time()),
            )
        return await self.get(user_id)
