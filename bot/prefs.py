"""User preferences with a small in-memory cache, plus the last client locale each user showed.

Channel posts and DMs happen outside any interaction, so the locale a user's client sent with
their last interaction is the best guess for their DMs (unless they set one with /settings).
"""

from __future__ import annotations

import discord

from bot.i18n import coarse
from storage import Store, UserPrefs


class PrefsService:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._cache: dict[int, UserPrefs] = {}
        self._seen: dict[int, str] = {}

    async def get(self, user_id: int) -> UserPrefs:
        prefs = self._cache.get(user_id)
        if prefs is None:
            prefs = self._cache[user_id] = await self.store.prefs.get(user_id)
        return prefs

    async def set_dm_hands(self, user_id: int, enabled: bool) -> UserPrefs:
        prefs = self._cache[user_id] = await self.store.prefs.set_dm_hands(user_id, enabled)
        return prefs

    async def set_locale(self, user_id: int, locale: str | None) -> UserPrefs:
        prefs = self._cache[user_id] = await self.store.prefs.set_locale(user_id, locale)
        return prefs

    def forget(self, user_id: int) -> None:
        """Drop what is cached about a user whose data was deleted."""
        self._cache.pop(user_id, None)
        self._seen.pop(user_id, None)

    def saw(self, user_id: int, locale: discord.Locale | str | None) -> None:
        if locale is not None:
            self._seen[user_id] = coarse(locale)

    async def locale_for(self, user_id: int, fallback: str) -> str:
        """The /settings override, else the last client locale seen, else `fallback`."""
        prefs = await self.get(user_id)
        return prefs.locale or self._seen.get(user_id) or fallback

    async def interaction_locale(self, interaction: discord.Interaction[discord.Client]) -> str:
        self.saw(interaction.user.id, interaction.locale)
        prefs = await self.get(interaction.user.id)
        return prefs.locale or coarse(interaction.locale)
