"""Private-notice records are written together: records made while one write is under way go in
the next, as one statement, and each caller returns once its record is stored."""

from __future__ import annotations

import asyncio

from bot.table import TableService
from storage import Store
from tests.bot.conftest import start_game


async def _match(store: Store) -> int:
    live = await start_game(TableService(store))
    return live.id


async def test_records_made_together_share_one_round_trip(store: Store) -> None:
    match_id = await _match(store)
    before = store.db.round_trips
    await asyncio.gather(
        store.notices.record_dm(match_id, 0, 11, 3, 500, 900),
        store.notices.record(match_id, 1, 12, 3, "notice"),
        store.notices.record(match_id, 2, 13, 4, "reply"),
    )
    assert store.db.round_trips - before == 1
    found = await store.notices.of_match(match_id)
    assert {seat: (d.pid, d.step, d.via) for seat, d in found.items()} == {
        0: (11, 3, "dm"),
        1: (12, 3, "notice"),
        2: (13, 4, "reply"),
    }
    assert await store.notices.last_dms(match_id) == {0: (500, 900)}


async def test_a_later_record_keeps_the_seats_last_dm(store: Store) -> None:
    """In one write (both made together) or in two, a reply after a DM leaves the DM's ids."""
    match_id = await _match(store)
    await asyncio.gather(
        store.notices.record_dm(match_id, 0, 11, 3, 500, 900),
        store.notices.record(match_id, 0, 12, 4, "reply"),
    )
    await store.notices.record_dm(match_id, 1, 21, 3, 501, 901)
    await store.notices.record(match_id, 1, 22, 5, "reply")
    found = await store.notices.of_match(match_id)
    assert (found[0].pid, found[0].via, found[1].pid, found[1].step) == (12, "reply", 22, 5)
    assert await store.notices.last_dms(match_id) == {0: (500, 900), 1: (501, 901)}
    # a newer DM replaces the ids
    await store.notices.record_dm(match_id, 0, 13, 6, 500, 902)
    assert (await store.notices.last_dms(match_id))[0] == (500, 902)


async def test_a_failed_write_fails_every_record_it_carried(store: Store) -> None:
    """No record is reported stored when its write failed (no such match: the key refuses it)."""
    results = await asyncio.gather(
        store.notices.record(987654, 0, 1, 1, "dm"),
        store.notices.record(987654, 1, 2, 1, "dm"),
        return_exceptions=True,
    )
    assert all(isinstance(r, Exception) for r in results), results
