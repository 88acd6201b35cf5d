"""Preferences cached per process: a change made through one process reaches the others once
their cached copy expires, and the process that made it sees it at once."""

from __future__ import annotations

import pytest

import bot.prefs
from bot.clock import ManualClock
from bot.prefs import PrefsService
from storage import Store, UserPrefs
from storage.row_cache import served_from_memory
from tests.bot.conftest import ALICE, BOB
from tests.bot.test_row_cache import heard


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


async def test_the_cache_stays_bounded(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.prefs, "MAX_CACHED_USERS", 3)
    service = PrefsService(store, clock=ManualClock())
    for user in range(10, 20):
        await service.get(user)
        service.saw(user, "pt-BR")
    assert len(service._cache) == 3 and len(service._seen) == 3
    assert set(service._cache) == {17, 18, 19}  # the most recently stored stay


async def test_after_an_answer_an_expired_copy_is_served_while_nobody_else_has_written(db_path: str) -> None:
    one, two = await Store.open(db_path), await Store.open(db_path)
    try:
        clock = ManualClock()
        a, b = PrefsService(one, ttl=30.0, clock=clock), PrefsService(two, ttl=30.0, clock=clock)
        assert (await a.get(BOB)).dm_hands is True
        clock.advance(60.0)
        trips = one.db.round_trips
        with served_from_memory():  # the work that follows this process's own commit
            assert (await a.get(BOB)).dm_hands is True
        assert one.db.round_trips == trips  # the database's generation has not moved: no read
        before = one.db.generation
        await b.set_dm_hands(BOB, False)  # another process writes
        await heard(one.db, before)  # this process's next trip (or notification) tells it
        with served_from_memory():
            assert (await a.get(BOB)).dm_hands is False
        assert one.db.round_trips == trips + 2
    finally:
        await one.close()
        await two.close()


async def test_outside_an_answer_an_expired_copy_is_read_again(store: Store) -> None:
    clock = ManualClock()
    service = PrefsService(store, ttl=30.0, clock=clock)
    await service.get(BOB)
    clock.advance(60.0)
    trips = store.db.round_trips
    await service.get(BOB)  # a command, say: past the ttl the database is asked
    assert store.db.round_trips == trips + 1


async def test_a_read_overlapping_this_process_s_own_write_is_not_kept(store: Store) -> None:
    clock = ManualClock()
    service = PrefsService(store, ttl=30.0, clock=clock)
    old = await store.prefs.get(BOB)
    read = store.prefs.get

    async def slow_read(user_id: int) -> UserPrefs:  # a read that began before the write
        store.prefs.get = read  # type: ignore[method-assign]
        await service.set_dm_hands(BOB, False)
        return old

    store.prefs.get = slow_read  # type: ignore[method-assign]
    assert (await service.get(BOB)).dm_hands is True  # what that read saw
    clock.advance(60.0)
    with served_from_memory():
        assert (await service.get(BOB)).dm_hands is False  # the write's result was kept


async def test_a_read_overlapping_someone_else_s_write_is_kept(store: Store) -> None:
    """Only a write of the same user can make a read stale: a busy start, writing every new
    player's locale, must not leave the others to be read again on each click."""
    clock = ManualClock()
    service = PrefsService(store, ttl=30.0, clock=clock)
    read = store.prefs.get

    async def overlapped_read(user_id: int) -> UserPrefs:
        store.prefs.get = read  # type: ignore[method-assign]
        await service.set_dm_hands(ALICE, False)  # another player's change lands meanwhile
        return await read(user_id)

    store.prefs.get = overlapped_read  # type: ignore[method-assign]
    assert (await service.get(BOB)).dm_hands is True
    trips = store.db.round_trips
    assert (await service.get(BOB)).dm_hands is True  # kept: no second read
    assert (await service.get(ALICE)).dm_hands is False  # the write's own result, kept too
    assert store.db.round_trips == trips


async def test_a_copy_an_answer_found_current_serves_for_a_ttl_from_then(db_path: str) -> None:
    """Past the ttl, the follow-up of an answer finds the copy current (the generation has not
    moved): clicks and commands are served it for a ttl from that moment, until another process's
    write moves the generation."""
    one, two = await Store.open(db_path), await Store.open(db_path)
    try:
        clock = ManualClock()
        a, b = PrefsService(one, ttl=30.0, clock=clock), PrefsService(two, ttl=30.0, clock=clock)
        await a.get(BOB)
        clock.advance(40.0)
        trips = one.db.round_trips
        with served_from_memory():
            await a.get(BOB)  # found current: no read
        clock.advance(20.0)  # 60 s after the read, 20 s after it was found current
        await a.get(BOB)
        assert one.db.round_trips == trips
        clock.advance(15.0)  # 35 s after it was found current
        await a.get(BOB)
        assert one.db.round_trips == trips + 1

        clock.advance(40.0)
        with served_from_memory():
            await a.get(BOB)  # found current again
        before = one.db.generation
        await b.set_dm_hands(BOB, False)  # another process writes
        await heard(one.db, before)
        clock.advance(1.0)
        assert (await a.get(BOB)).dm_hands is False  # the generation moved: read again
    finally:
        await one.close()
        await two.close()
