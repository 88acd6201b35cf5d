"""In-place status edits are recorded together: the edits of several games made while one
record is being written go in the next, as one conditional update, and each caller learns
whether its message was still the current one."""

from __future__ import annotations

import asyncio

from storage import Store
from storage.pbp import PbpStore
from storage.row_cache import served_from_memory
from tests.bot.conftest import open_lobbies


async def test_edits_of_several_games_share_one_round_trip(store: Store) -> None:
    games = PbpStore(store.db).games
    one, two, three = await open_lobbies(store, 3, 500)
    for match_id, message_id in ((one, 71), (two, 72), (three, 73)):
        await games.save_status(match_id, message_id, "old", ())
    before = store.db.round_trips
    results = await asyncio.gather(
        games.note_status_edit(one, 71, "one's turn", (1001,)),
        games.note_status_edit(two, 72, "two's turn", ()),
        games.note_status_edit(three, 99, "a message replaced meanwhile", ()),
    )
    assert store.db.round_trips - before == 1
    assert results == [True, True, False]
    fresh = {m: await games.settings(m, fresh=True) for m in (one, two, three)}
    assert (fresh[one].status_text, fresh[one].status_pinged) == ("one's turn", (1001,))
    assert (fresh[two].status_text, fresh[two].status_pinged) == ("two's turn", ())
    assert (fresh[three].status_message_id, fresh[three].status_text) == (73, "old")


async def test_a_recorded_edit_is_what_memory_then_serves(store: Store) -> None:
    games = PbpStore(store.db).games
    [match_id] = await open_lobbies(store, 1, 500)
    await games.save_status(match_id, 71, "old", ())
    await games.settings(match_id)  # (kept in memory)
    assert await games.note_status_edit(match_id, 71, "new", (1002,))
    with served_from_memory():
        trips = store.db.round_trips
        settings = await games.settings(match_id)
        assert store.db.round_trips == trips
    assert (settings.status_text, settings.status_pinged) == ("new", (1002,))
