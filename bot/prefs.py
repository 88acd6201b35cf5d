"""User preferences with a small in-memory cache, plus the last client locale each user showed.

Channel posts and DMs happen outside any interaction, so the locale a user's client sent with
their last interaction is the best guess for their DMs (unless they set one with /settings).

Several processes may serve the same user, and each keeps its own cache. A change is written
through (this process sees it at once); the others see it once their cached copy expires, so a
change made through one process reaches every other within `ttl` seconds (PREFS_TTL by default).
Preferences are read for every DM, so a cached read costs no query; a miss costs one.
In the work that follows an answer this process just committed (`served_from_memory`), an expired
copy is still served while the database's generation has not moved since it was read: nobody
else can have written it (storage.row_cache), so a busy process does not read every player's
preferences again each `ttl`. Found current so, a copy serves the clicks and commands that follow
for `ttl` from that moment while the generation stays put: a player who keeps playing is not read
again every `ttl` either, and a change from elsewhere still shows within `ttl` of its commit.
"""

from __future__ import annotations

from collections.abc import Awaitable

import discord

from bot.clock import Clock, SystemClock
from bot.i18n import coarse
from storage import Store, UserPrefs
from storage.row_cache import WriteStamps, from_memory

PREFS_TTL = 30.0  # seconds a cached copy is trusted: the bound on staleness across processes
MAX_CACHED_USERS = 20_000  # both per-user maps stay bounded however many users a process meets


class PrefsService:
    def __init__(self, store: Store, ttl: float = PREFS_TTL, clock: Clock | None = None) -> None:
        self.store = store
        self.ttl = ttl
        self.clock: Clock = clock or SystemClock()
        # user id -> (prefs, read at, the database's generation after that read, when last found
        # current in the work that follows an answer)
        self._cache: dict[int, tuple[UserPrefs, float, int | None, float]] = {}
        self._seen: dict[int, str] = {}
        # Writes through this service, per user: a read overlapping a write of that user may return
        # the row from before it, and is not kept (the write's own result is). Per user, so the
        # stream of first-seen locales that a busy start writes leaves everyone else's reads kept.
        self._written: WriteStamps[int] = WriteStamps(MAX_CACHED_USERS)

    async def get(self, user_id: int) -> UserPrefs:
        cached = self._cache.get(user_id)
        now = self.clock.now()
        if cached is not None:
            prefs, read_at, generation, found_current_at = cached
            if now - read_at < self.ttl:
                return prefs
            if generation is not None and generation == self.store.db.generation:
                if from_memory():
                    # current as of the trip that just committed
                    self._cache[user_id] = (prefs, read_at, generation, now)
                    return prefs
                if now - found_current_at < self.ttl:
                    return prefs
        written = self._written.of(user_id)
        prefs = await self.store.prefs.get(user_id)
        if written == self._written.of(user_id):
            self._remember(user_id, prefs, now)
        return prefs

    async def set_dm_hands(self, user_id: int, enabled: bool) -> UserPrefs:
        return await self._write(user_id, self.store.prefs.set_dm_hands(user_id, enabled))

    async def set_locale(self, user_id: int, locale: str | None) -> UserPrefs:
        return await self._write(user_id, self.store.prefs.set_locale(user_id, locale))

    async def set_game_pref(self, user_id: int, game: str, key: str, value: str | None) -> UserPrefs:
        """One of `game`'s standing preferences (its UI plug-in declares them); None removes it."""
        return await self._write(user_id, self.store.prefs.set_game_pref(user_id, game, key, value))

    async def _write(self, user_id: int, write: Awaitable[UserPrefs]) -> UserPrefs:
        """Run a change (written through: its result is what stays cached)."""
        self._written.note(user_id)
        prefs = await write
        self._remember(user_id, prefs, self.clock.now())
        return prefs

    def _remember(self, user_id: int, prefs: UserPrefs, now: float) -> None:
        self._cache.pop(user_id, None)  # re-insert: dict order is then least recently stored first
        self._cache[user_id] = (prefs, now, self.store.db.generation, now)
        if len(self._cache) > MAX_CACHED_USERS:
            del self._cache[next(iter(self._cache))]

    def forget(self, user_id: int) -> None:
        """Drop what is cached about a user whose data was deleted."""
        self._cache.pop(user_id, None)
        self._seen.pop(user_id, None)

    def saw(self, user_id: int, locale: discord.Locale | str | None) -> None:
        if locale is not None:
            self._seen.pop(user_id, None)
            self._seen[user_id] = coarse(locale)
            if len(self._seen) > MAX_CACHED_USERS:
                del self._seen[next(iter(self._seen))]

    async def note_seen(self, user_id: int, locale: discord.Locale | str | None) -> None:
        """Remember the language an interaction carried, in storage too when it changed, so the
        user's DMs speak it after a restart (or from another process) as well."""
        if locale is None:
            return
        self.saw(user_id, locale)
        seen = coarse(locale)
        prefs = await self.get(user_id)
        if prefs.seen_locale != seen:
            await self._write(user_id, self.store.prefs.set_seen_locale(user_id, seen))

    async def locale_for(self, user_id: int, fallback: str) -> str:
        """The /settings override, else the last client locale seen, else `fallback`."""
        prefs = await self.get(user_id)
        return prefs.locale or self._seen.get(user_id) or prefs.seen_locale or fallback

    async def interaction_locale(self, interaction: discord.Interaction[discord.Client]) -> str:
        self.saw(interaction.user.id, interaction.locale)
        prefs = await self.get(interaction.user.id)
        return prefs.locale or coarse(interaction.locale)
