"""Turn timers are written together: the timers that start (and those that stop) in several
games while one write is under way go in the next, one statement for the starts and one
transaction for the stops, and each caller learns what became of its own. An answer that ends a
seat's turn drops its timer in the answer's own commit."""

from __future__ import annotations

import asyncio

import pytest

from bot.table import Live, Outcome
from bot.timers import timer_ref
from storage import Store
from storage.pbp import PbpStore, Timer
from storage.row_cache import served_from_memory
from tests.bot.conftest import ALICE, BOB, open_lobbies, user_of
from tests.bot.pbp_fakes import Rig, current_seat, make_rig, started


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


async def _answer_once(rig: Rig, live: Live) -> int:
    """The current prompt answered with its first options; returns the seat that answered."""
    assert live.match is not None
    [prompt] = live.match.prompts()
    await rig.table.submit(
        live.id, user_of(live, prompt.seat), prompt.pid, [o.id for o in prompt.options[: max(prompt.min, 1)]]
    )
    return prompt.seat


async def test_an_answer_that_ends_a_turn_drops_its_timer_in_its_own_commit(db_path: str) -> None:
    rig = await make_rig(db_path)
    try:
        live = await started(rig, hours=24)
        jobs = PbpStore(rig.store.db).jobs
        games = rig.pbp.store.games
        seat = current_seat(live)
        assert set(await games.timers(live.id, fresh=True)) == {seat}
        assert await jobs.pending(timer_ref(live.id, seat))  # its reminders and timeout
        while current_seat(live) == seat:
            before = rig.store.db.round_trips
            await _answer_once(rig, live)
            assert rig.store.db.round_trips - before == 1  # the answer, with whatever it drops
        # The turn passed in that commit: the seat's timer and jobs are gone before anyone follows.
        assert await games.timers(live.id, fresh=True) == {}
        assert await jobs.pending(timer_ref(live.id, seat)) == []
        await rig.table.announce(Outcome(live.id, "answer", seat))
        await rig.settle()
        assert set(await games.timers(live.id, fresh=True)) == {current_seat(live)}
    finally:
        await rig.store.close()


async def test_a_failed_commit_leaves_the_timer(db_path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rig = await make_rig(db_path)
    try:
        live = await started(rig, hours=24)
        games = rig.pbp.store.games
        seat = current_seat(live)
        assert live.match is not None
        while True:  # up to the answer that would pass the turn
            [prompt] = live.match.prompts()
            ids = [o.id for o in prompt.options[: max(prompt.min, 1)]]
            trial = live.match.from_record(live.match.record())  # the same state, to look ahead
            trial.submit(prompt.seat, ids)
            if trial.view(None)["current"] != seat:
                break
            await _answer_once(rig, live)

        async def refused(*args: object, **kwargs: object) -> None:
            raise RuntimeError("the database went away")

        monkeypatch.setattr(rig.store.matches, "save_with", refused)
        with pytest.raises(RuntimeError):
            await rig.table.submit(live.id, user_of(live, prompt.seat), prompt.pid, ids)
        with served_from_memory():  # memory keeps no timer the failed commit would have dropped
            assert set(await games.timers(live.id)) == {seat}
        assert set(await games.timers(live.id, fresh=True)) == {seat}
    finally:
        await rig.store.close()
