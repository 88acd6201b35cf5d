"""Turn clocks on simulated time: the durable scheduler, reminders, each timeout policy, vacations
and the one status message per game."""

from __future__ import annotations

import pytest

from bot.clock import ManualClock
from bot.scheduler import Scheduler
from bot.table import Outcome
from bot.timers import Passed
from storage import Store
from storage.pbp import PbpStore
from storage.pbp_jobs import Job
from tests.bot.conftest import ALICE, BOB
from tests.bot.pbp_fakes import FakeHerald, current_seat, end_turn, make_rig, started

HOUR = 3600.0


async def test_scheduler_jobs_survive_a_restart(db_path: str) -> None:
    clock = ManualClock()
    store = await Store.open(db_path)
    scheduler = Scheduler(PbpStore(store.db).jobs, clock)
    await scheduler.add("ping", clock.now() + HOUR, {"n": 1}, ref="a")
    await scheduler.add("ping", clock.now() + 2 * HOUR, {"n": 2}, ref="b")
    await scheduler.cancel("b")
    await store.close()

    ran: list[Job] = []

    async def handler(job: Job) -> None:
        ran.append(job)

    store = await Store.open(db_path)
    scheduler = Scheduler(PbpStore(store.db).jobs, clock)
    scheduler.on("ping", handler)
    clock.advance(0.5 * HOUR)
    assert await scheduler.run_due() == 0
    clock.advance(3 * HOUR)
    assert await scheduler.run_due() == 1
    assert [j.payload for j in ran] == [{"n": 1}]
    assert await scheduler.jobs.pending() == []
    await store.close()


async def test_failing_job_is_retried_later(db_path: str) -> None:
    clock = ManualClock()
    store = await Store.open(db_path)
    scheduler = Scheduler(PbpStore(store.db).jobs, clock)
    calls = []

    async def flaky(job: Job) -> None:
        calls.append(job.attempts)
        if len(calls) == 1:
            raise RuntimeError("boom")

    scheduler.on("flaky", flaky)
    await scheduler.add("flaky", clock.now())
    assert await scheduler.run_due() == 1
    assert len(await scheduler.jobs.pending()) == 1
    clock.advance(120)
    await scheduler.run_due()
    assert calls == [0, 1] and await scheduler.jobs.pending() == []
    await store.close()


async def test_reminder_then_timeout_bot_plays_one_turn_across_a_restart(db_path: str) -> None:
    clock = ManualClock()
    herald = FakeHerald()
    rig = await make_rig(db_path, clock, herald)
    live = await started(rig, hours=24, policy="bot_turn")
    seat = current_seat(live)
    user = live.record.seats[seat].user_id
    # One status message, naming the player to act, with its deadline; their prompt reaches
    # them by DM, so the channel does not mention them.
    status = herald.live_posts()
    assert len(status) == 1 and f"<@{user}>" in status[0].content and "<t:" in status[0].content
    assert status[0].mentions == ()

    assert await rig.tick(12.5) == 1  # the 50% reminder: the status moves down, the player hears by DM
    [reposted] = herald.live_posts()
    assert reposted.id != status[0].id and "Reminder" in reposted.content and reposted.mentions == ()
    assert [text for uid, text in herald.dms if uid == user and "Reminder" in text]
    await rig.store.close()

    # A new process on the same database and the same (simulated) time.
    rig = await make_rig(db_path, clock, herald)
    await rig.tick(9)  # the 90% reminder
    await rig.tick(3)  # the deadline
    assert herald.find("ran out of time")
    live = await rig.table.get(live.id)
    assert live.match is not None and current_seat(live) != seat  # the bot finished that turn
    assert live.record.seats[seat].kind == "human"  # for that one turn only
    assert not rig.pbp.timers.covers(live.id, seat)
    # The other player's clock started when their turn did.
    other = await rig.pbp.store.games.timer(live.id, current_seat(live))
    assert other is not None and other.due_at == clock.now() + 24 * HOUR
    await rig.store.close()


async def test_timeout_with_wait_policy_only_reminds(db_path: str) -> None:
    rig = await make_rig(db_path)
    live = await started(rig, hours=12, policy="wait")
    seat = current_seat(live)
    version = live.match.version if live.match else 0
    await rig.tick(12.1)
    live = await rig.table.get(live.id)
    assert live.match is not None and live.match.version == version and current_seat(live) == seat
    assert rig.pbp.herald.find("out of time; the table keeps waiting")  # type: ignore[attr-defined]
    timer = await rig.pbp.store.games.timer(live.id, seat)
    assert timer is not None and timer.due_at is not None and timer.due_at > rig.clock.now()
    await rig.store.close()


async def test_timeout_vote_replaces_the_player_for_good(db_path: str) -> None:
    rig = await make_rig(db_path)
    live = await started(rig, hours=24, policy="vote")
    seat = current_seat(live)
    slow = live.record.seats[seat].user_id
    other = BOB if slow == ALICE else ALICE
    await rig.tick(24.1)
    [vote] = await rig.pbp.store.audit.open_votes(live.id, "replace")
    assert vote.voters == [other] and vote.message_id is not None
    message = next(m for m in rig.herald.posts if m.id == vote.message_id)
    assert message.mentions == (other,) and {b.custom_id for b in message.buttons} == {
        f"bgb:vy:{vote.id}",
        f"bgb:vn:{vote.id}",
    }
    ballot, live = await rig.pbp.cast(vote.id, other, True)
    await rig.settle()
    assert ballot.outcome == "passed"
    live = await rig.table.get(live.id)
    assert live.record.seats[seat].kind == "bot" and live.record.seats[seat].user_id is None
    assert live.match is not None and current_seat(live) != seat  # the bot took the turn at once
    rows = await rig.store.db.fetchall("SELECT seat, user_id FROM seat_replacements WHERE match_id = ?", (live.id,))
    assert [(r["seat"], r["user_id"]) for r in rows] == [(seat, slow)]
    await rig.store.close()


async def test_vote_is_moot_once_the_player_moves(db_path: str) -> None:
    rig = await make_rig(db_path)
    live = await started(rig, hours=24, policy="vote")
    seat = current_seat(live)
    slow = live.record.seats[seat].user_id
    assert slow is not None
    other = BOB if slow == ALICE else ALICE
    await rig.tick(24.1)
    [vote] = await rig.pbp.store.audit.open_votes(live.id, "replace")
    assert live.match is not None
    prompt = live.match.prompt_for(seat)
    assert prompt is not None
    outcome = await rig.table.submit(live.id, slow, prompt.pid, ["end"])
    await rig.table.announce(outcome)
    ballot, live = await rig.pbp.cast(vote.id, other, True)
    assert live.record.seats[seat].kind == "human"
    assert rig.herald.find("has moved in the meantime")
    await rig.store.close()


async def test_vacation_pauses_and_resumes_the_clock(db_path: str) -> None:
    rig = await make_rig(db_path)
    live = await started(rig, hours=24, policy="bot_turn")
    seat = current_seat(live)
    user = live.record.seats[seat].user_id
    assert user is not None
    await rig.tick(6)
    now = rig.clock.now()
    await rig.pbp.plan_vacation(user, now, now + 3 * 24 * HOUR)
    timer = await rig.pbp.store.games.timer(live.id, seat)
    assert timer is not None and timer.due_at is None and abs((timer.paused_left or 0) - 18 * HOUR) < 1
    assert rig.herald.find("is on vacation")
    status = rig.herald.live_posts()[-1]
    assert "paused" in status.content and user not in status.mentions
    await rig.tick(48)  # well past the old deadline: nothing happens
    live = await rig.table.get(live.id)
    assert current_seat(live) == seat
    await rig.tick(25)  # the vacation ends; 18 hours are left
    timer = await rig.pbp.store.games.timer(live.id, seat)
    assert timer is not None and timer.due_at is not None and abs(timer.due_at - rig.clock.now() - 18 * HOUR) < 2
    assert rig.herald.find("is back from vacation")
    await rig.tick(18.1)
    live = await rig.table.get(live.id)
    assert current_seat(live) != seat  # and then the clock ran out as usual
    await rig.store.close()


@pytest.mark.parametrize(
    ("bob_wants", "bob_by_dm", "bob_mentioned"),
    [(None, True, False), (True, True, True), (False, False, True)],
    ids=["prompt-by-dm", "asked-for-mentions", "no-dm"],
)
async def test_status_message_is_one_and_mentions_who_must_hear_of_it(
    db_path: str, bob_wants: bool | None, bob_by_dm: bool, bob_mentioned: bool
) -> None:
    """Bob is mentioned in the channel on his turns when he asked for it, or when no DM reaches
    him (whatever his preference); otherwise the status names him in an edit."""
    rig = await make_rig(db_path)
    await rig.pbp.store.games.set_ping_prefs(BOB, ping=bob_wants, dm_ping=True)
    if not bob_by_dm:
        rig.no_dm.add(BOB)
    live = await started(rig, hours=None)
    bob_named = 0
    for _ in range(6):  # several turns change hands
        live = await end_turn(rig, live)
        status = [m for m in rig.herald.live_posts() if "Game #" in m.content]
        assert len(status) == 1
        named = f"<@{BOB}>" in status[0].content
        bob_named += named
        if named:  # (an edit keeps the mentions of the post it edits: it notifies nobody)
            assert (BOB in status[0].mentions) == bob_mentioned
        assert ALICE not in status[0].mentions  # her prompts go by DM and she asked for nothing
    assert bob_named >= 2
    # A status posted once and edited ever after, unless Bob must be mentioned on his turns.
    posted = [m for m in rig.herald.posts if "Game #" in m.content]
    assert (len(posted) == 1) == (not bob_mentioned), len(posted)
    assert any(uid == BOB and "your turn" in text for uid, text in rig.herald.dms)
    await rig.store.close()


async def test_a_named_player_whose_timer_is_still_starting_is_pinged_in_the_same_post(db_path: str) -> None:
    """Another answer's follow-up may read the timers before this turn's are started: the player
    the status names is pinged at once (not named now and pinged by a second post later), unless
    they are away."""
    rig = await make_rig(db_path)
    try:
        live = await started(rig, hours=None)
        assert live.match is not None
        user = live.record.seats[live.match.prompts()[0].seat].user_id
        assert user is not None
        rig.no_dm.add(user)  # the status is how they hear of their turn
        settings = await rig.pbp.store.games.settings(live.id)
        line = await rig.pbp.status.compose(live, {}, settings, None)
        assert f"<@{user}>" in line.text and line.mentions == (user,)
        await rig.pbp.plan_vacation(user, rig.clock.now() - 1, rig.clock.now() + 5 * HOUR)
        await rig.tick(0.01)  # the vacation's start job runs
        line = await rig.pbp.status.compose(live, {}, settings, None)
        assert f"<@{user}>" in line.text and line.mentions == ()
    finally:
        await rig.store.close()


async def test_a_turn_that_ends_and_comes_back_before_its_follow_up_starts_afresh(db_path: str) -> None:
    """Bob ends his turn and Alice plays hers before the follow-up of Bob's answer runs (a busy
    process): the follow-up sees Bob to act again, but it is a new turn. His clock starts again
    and the status mentions him anew (his prompt reaches him only through it)."""
    rig = await make_rig(db_path)
    try:
        rig.no_dm.add(BOB)
        live = await started(rig, hours=24)
        if live.record.seats[current_seat(live)].user_id != BOB:
            live = await end_turn(rig, live)
        seat = current_seat(live)
        assert live.record.seats[seat].user_id == BOB
        before = await rig.pbp.store.games.timer(live.id, seat)
        assert before is not None
        pings = len([m for m in rig.herald.posts if BOB in m.mentions])
        rig.clock.advance(HOUR)

        async def answer(user: int) -> Outcome:
            match = (await rig.table.get(live.id)).match
            assert match is not None
            prompt = match.prompt_for(current_seat(await rig.table.get(live.id)))
            assert prompt is not None and any(o.id == "end" for o in prompt.options)
            return await rig.table.submit(live.id, user, prompt.pid, ["end"])

        bobs = await answer(BOB)
        alices = await answer(ALICE)
        await rig.table.announce(bobs)
        await rig.table.announce(alices)
        await rig.settle()

        after = await rig.pbp.store.games.timer(live.id, seat)
        assert after is not None and after.started_at == rig.clock.now() > before.started_at
        assert after.due_at == rig.clock.now() + 24 * HOUR
        assert len([m for m in rig.herald.posts if BOB in m.mentions]) == pings + 1
        status = [m for m in rig.herald.live_posts() if "Game #" in m.content]
        assert len(status) == 1 and BOB in status[0].mentions
        # The follow-up of Alice's answer, which sees the game as it is, changes nothing more.
        assert await rig.pbp.store.games.timer(live.id, seat) == after
        # Bob's answer followed up late once more (as another process might): the timer was
        # begun after that answer, so it stays.
        rig.clock.advance(HOUR)
        assert bobs.revision is not None and bobs.waiting is not None
        late = await rig.pbp.timers.sync(await rig.table.get(live.id), Passed(bobs.revision, bobs.waiting))
        assert late.started == () and late.ended == ()
        assert await rig.pbp.store.games.timer(live.id, seat) == after
    finally:
        await rig.store.close()
