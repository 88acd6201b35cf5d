"""The status message after a burst of answers: the first change shows at once, the rest of the
burst in one refresh when the pacing interval is up, showing the game as it is by then."""

from __future__ import annotations

import asyncio

import pytest

from bot.pacing import Pacer
from bot.table import Live, TableService
from tests.bot.conftest import ALICE, BOB
from tests.bot.pbp_fakes import Rig, current_seat, end_turn, make_rig, started

INTERVAL = 0.3


async def test_the_first_run_goes_at_once_and_the_rest_fold_into_one() -> None:
    runs: list[int] = []

    async def run(key: int) -> None:
        runs.append(key)

    pacer = Pacer(INTERVAL, run)
    assert pacer.ready(1)  # nothing ran lately: at once
    assert pacer.ready(2)  # keys are paced apart
    assert not pacer.ready(1) and not pacer.ready(1) and not pacer.ready(1)
    assert pacer.waiting(1) and not pacer.waiting(2)
    await asyncio.sleep(INTERVAL / 3)
    assert runs == []  # not before the interval is up
    await asyncio.sleep(INTERVAL)
    assert runs == [1]  # three asked, one folded run
    # the folded run counts as a run: the next one within the interval waits for it again
    assert not pacer.ready(1)
    await asyncio.sleep(INTERVAL * 1.5)
    assert runs == [1, 1]
    await asyncio.sleep(INTERVAL * 1.5)
    assert pacer.ready(1)  # a quiet spell: at once again
    assert runs == [1, 1]


async def test_shutdown_sends_what_waits_and_then_nothing_waits() -> None:
    runs: list[int] = []

    async def run(key: int) -> None:
        runs.append(key)

    pacer = Pacer(60.0, run)
    assert pacer.ready(7)
    assert not pacer.ready(7)
    await pacer.flush(1.0)
    assert runs == [7] and not pacer.waiting(7)
    assert pacer.ready(7)  # (from now on everything goes at once)


async def test_no_pacing_runs_everything_at_once() -> None:
    async def run(key: int) -> None:
        raise AssertionError("nothing is folded")

    pacer = Pacer(0.0, run)
    assert all(pacer.ready(3) for _ in range(5))


async def test_while_busy_the_longer_interval_holds() -> None:
    runs: list[int] = []

    async def run(key: int) -> None:
        runs.append(key)

    busy = [True]
    pacer = Pacer(0.02, run, busy_interval=INTERVAL, busy=lambda: busy[0])
    assert pacer.ready(1)
    await asyncio.sleep(0.05)  # past the usual interval, well within the busy one
    assert not pacer.ready(1) and pacer.waiting(1)
    await asyncio.sleep(INTERVAL)
    assert runs == [1]  # folded into one run when the busy interval was up
    busy[0] = False
    await asyncio.sleep(0.05)
    assert pacer.ready(1)  # no longer busy: the usual interval


def status_text(rig: Rig) -> str:
    shown = [m for m in rig.herald.live_posts() if "Game #" in m.content]
    assert len(shown) == 1
    return shown[0].content


def names_current(rig: Rig, live: Live) -> bool:
    user = live.record.seats[current_seat(live)].user_id
    return f"<@{user}>" in status_text(rig)


async def test_a_burst_of_turns_edits_the_status_once_more_when_the_interval_is_up(db_path: str) -> None:
    rig = await make_rig(db_path, status_interval=INTERVAL)
    live = await started(rig, hours=None)
    await asyncio.sleep(INTERVAL * 1.5)  # the start's own refresh is well behind us
    edits = rig.herald.edits
    live = await end_turn(rig, live)  # after a quiet spell: shown at once
    assert names_current(rig, live)
    assert rig.herald.edits == edits + 1
    before = status_text(rig)
    for _ in range(3):  # a burst of turns within the interval: nothing edited yet
        live = await end_turn(rig, live)
    assert rig.herald.edits == edits + 1 and status_text(rig) == before
    assert rig.pbp.status_pace.waiting(live.id)
    await asyncio.sleep(INTERVAL * 1.5)
    # one more edit, showing the game as it stands after the burst
    assert rig.herald.edits == edits + 2
    assert names_current(rig, live)
    await rig.store.close()


async def test_a_table_behind_paces_its_status_edits_with_the_busy_interval(
    db_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the table is behind, a turn after a short quiet spell still waits: the busy
    interval holds (a mention never does, see below)."""
    rig = await make_rig(db_path, status_interval=0.01, status_interval_busy=60.0)
    live = await started(rig, hours=None)
    monkeypatch.setattr(TableService, "behind", property(lambda self: True))
    live = await end_turn(rig, live)
    edits = rig.herald.edits
    await asyncio.sleep(0.05)  # past the usual interval
    live = await end_turn(rig, live)
    assert rig.herald.edits == edits and rig.pbp.status_pace.waiting(live.id)
    monkeypatch.undo()
    await asyncio.sleep(0.05)
    live = await end_turn(rig, live)  # (back to the player the status names)
    live = await end_turn(rig, live)  # caught up: the usual interval again, edited at once
    assert rig.herald.edits == edits + 1 and names_current(rig, live)
    await rig.pbp.status_pace.flush(1.0)
    await rig.store.close()


async def test_a_mention_is_never_held_back(db_path: str) -> None:
    """Bob asked for channel mentions: his turn posts the status afresh with his mention at once,
    even in the middle of a burst (a mention is news; only edits in place are paced)."""
    rig = await make_rig(db_path, status_interval=60.0)
    live = await started(rig, hours=None)
    await rig.pbp.store.games.set_ping_prefs(BOB, ping=True, dm_ping=None)
    for _ in range(4):
        live = await end_turn(rig, live)
        if live.record.seats[current_seat(live)].user_id == BOB:
            shown = [m for m in rig.herald.live_posts() if "Game #" in m.content]
            assert len(shown) == 1 and BOB in shown[0].mentions
            assert names_current(rig, live)
            break
    else:
        raise AssertionError("Bob's turn never came")
    await rig.store.close()


async def test_a_mentioned_player_is_mentioned_again_on_each_turn_however_quick(db_path: str) -> None:
    """No DM reaches Bob, so each of his turns posts the status with his mention. The edit that
    ends his turn is recorded at once, paced or not: otherwise his next turn, come within the
    interval, would look like the one he was already mentioned for."""
    rig = await make_rig(db_path, status_interval=60.0)
    rig.no_dm.add(BOB)
    live = await started(rig, hours=None)
    turns = mentioned = 0
    for _ in range(8):  # turns ended at once, all within the interval
        before = len(rig.herald.posts)
        live = await end_turn(rig, live)
        if live.record.seats[current_seat(live)].user_id == BOB:
            turns += 1
            mentioned += len(rig.herald.posts) > before and BOB in rig.herald.posts[-1].mentions
        assert names_current(rig, live)
    assert turns >= 3 and mentioned == turns  # each of his turns, a post with his mention
    await rig.store.close()


async def test_a_game_ended_while_its_refresh_waits_keeps_no_status(db_path: str) -> None:
    rig = await make_rig(db_path, status_interval=INTERVAL)
    live = await started(rig, hours=None)
    await asyncio.sleep(INTERVAL * 1.5)
    live = await end_turn(rig, live)
    live = await end_turn(rig, live)
    assert rig.pbp.status_pace.waiting(live.id)
    await rig.table.abandon(live.id, ALICE, can_manage=False)
    await rig.pbp.follow(await rig.table.get(live.id))  # as the abandon command follows it
    assert [m for m in rig.herald.live_posts() if "Game #" in m.content] == []
    posts = len(rig.herald.posts)
    await asyncio.sleep(INTERVAL * 1.5)  # the folded refresh finds the game over
    assert not rig.pbp.status_pace.waiting(live.id)
    assert len(rig.herald.posts) == posts
    assert [m for m in rig.herald.live_posts() if "Game #" in m.content] == []
    await rig.store.close()
