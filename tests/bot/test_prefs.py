"""Preferences cached per process: a change made through one process reaches the others once
their cached copy expires, and the process that made it sees it at once."""

from __future__ import annotations

import pytest

import bot.prefs
from bot.clock import ManualClock
from bot.prefs import PrefsService
from storage import Store
from tests.bot.conftest import BOB


async def test_a_change_in_one_process_reaches_the_other_within_the_ttl(db_path: str) -> None:
    one, two = await Store.open(db_path), await Store.open(db_path)
    try:
        clock = ManualClock()
        a, b = PrefsService(one, ttl=30.0, clock=clock), PrefsService(two, ttl=30.0, clock=clock)
        assert (await a.get(BOB)).dm_hands is True  # cached in the first process
        assert (await a.locale_for(BOB, "en")) == "en"
        await b.set_dm_hands(BOB, False)
        await b.set_locale(BOB, "pt")
        assert (await b.get(BOB)).dm_hands is False  # written through where it was changed
        clock.advance(30.0)
        assert (await a.get(BOB)).dm_hands is False
        assert (await a.locale_for(BOB, "en")) == "pt"
    finally:
        await one.close()
        await two.close()


async def test_the_cache_stays_bounded(db_path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.prefs, "MAX_CACHED_USERS", 3)
    store = await Store.open(db_path)
    try:
        service = PrefsService(store, clock=ManualClock())
        for user in range(10, 20):
            await service.get(user)
            service.saw(user, "pt-BR")
        assert len(service._cache) == 3 and len(service._seen) == 3
        assert set(service._cache) == {17, 18, 19}  # the most recently stored stay
    finally:
        await store.close()
