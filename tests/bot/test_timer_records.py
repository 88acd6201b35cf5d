"""Turn timers are written together: the timers that start (and those that stop) in several
games while one write is under way go in the next, one statement for the starts and one
transaction for the stops, and each caller learns what became of its own."""

from __future__ import annotations

import asyncio

from bot.timers import timer_ref
from storage import Store
from storage.pbp import PbpStore, Timer
from tests.bot.conftest import ALICE, BOB, open_lobbies


def _timer(match_id: int, seat: int, started_at: float, user_id: int = ALICE) -> Timer:
    return Timer(match_id, seat, user_id, started_at, 3600.0, started_at + 3600.0, None, False)


async def test_timers_started_together_share_one_round_trip(store: Store) -> None:
    games = PbpStore(store.db).games
    one, two = await open_lobbies(store, 2, 600)
    assert await games.add_timer(_timer(two, 1, 50.0))  # already running: a later start loses
    before = store.db.round_trips
    results = await asyncio.gather(
        games.add_timer(_timer(one, 0, 100.0)),
        games.add_timer(_timer(one, 1, 100.0, BOB)),
        games.add_timer(_timer(two, 1, 100.0)),
    )
    assert store.db.round_trips - before == 1
    assert results == [True, True, False]
    assert {s: t.started_at for s, t in (await games.timers(one, fresh=True)).items()} == {0: 100.0, 1: 100.0}
    assert (await games.timers(two, fresh=True))[1].started_at == 50.0


async def test_of_two_starts_of_one_seat_in_one_write_the_first_lands(store: Store) -> None:
    games = PbpStore(store.db).games
    [match_id] = await open_lobbies(store, 1, 600)
    first, second = _timer(match_id, 0, 100.0), _timer(match_id, 0, 101.0)
    assert await asyncio.gather(games.add_timer(first), games.add_timer(second)) == [True, False]
    assert (await games.timers(match_id, fresh=True))[0] == first


async def test_timers_stopped_together_go_with_their_jobs_in_one_round_trip(store: Store) -> None:
    pbp = PbpStore(store.db)
    games = pbp.games
    one, two = await open_lobbies(store, 2, 600)
    for match_id in (one, two):
        for seat in (0, 1):
            assert await games.add_timer(_timer(match_id, seat, 100.0))
            await pbp.jobs.add(
                "timeout", 3700.0, {"match_id": match_id, "seat": seat}, timer_ref(match_id, seat)
            )
    before = store.db.round_trips
    await asyncio.gather(
        games.drop_timer(one, 0, timer_ref(one, 0)),
        games.drop_timer(two, 1, timer_ref(two, 1)),
        games.drop_timer(two, 0),  # the jobs kept
    )
    assert store.db.round_trips - before == 1
    assert set(await games.timers(one, fresh=True)) == {1}
    assert await games.timers(two, fresh=True) == {}
    left = {job.ref for job in await pbp.jobs.pending()}
    assert left == {timer_ref(one, 1), timer_ref(two, 0)}
