"""Several processes on one database, simulated by two stores on the same URL (run on SQLite and,
with TEST_DATABASE_URL, on PostgreSQL): one answer per prompt, stale caches reload, leased jobs
and bot turns are claimed once and taken over after their lease; and every other read-then-write
path raced from both sides: lobby joins and starts, vote ballots, undo, the status message, turn
clocks, vacations and table-result confirmations."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Sequence
from typing import Any

import pytest

from bot.clock import ManualClock
from bot.errors import UserError
from bot.leaderboard.table_results import TableResults
from bot.metrics import Registry, count_calls, per_click
from bot.ops import InteractionClock
from bot.scheduler import Scheduler
from bot.status import StatusBoard
from bot.table import Live, TableService
from bot.timers import TurnTimers
from bot.undo import UndoService
from bot.votes import REPLACE, UNDO, VoteService
from storage import Store
from storage.matches import StaleMatch
from storage.pbp import PbpStore, Vacation
from storage.pg import ddl, placeholders, translate
from tests.bot.conftest import ALICE, BOB, open_dominion_lobby, start_game, user_of
from tests.bot.pbp_fakes import FakeHerald

CAROL = 1003


@pytest.fixture
async def stores(db_path: str) -> AsyncIterator[tuple[Store, Store]]:
    """Two processes' stores on the same database, closed after the test."""
    one, two = await Store.open(db_path), await Store.open(db_path)
    try:
        yield one, two
    finally:
        await one.close()
        await two.close()


async def test_the_same_answer_from_two_processes_lands_once(stores: tuple[Store, Store]) -> None:
    one, two = stores
    a, b = TableService(one), TableService(two)
    live = await start_game(a)
    await b.get(live.id)  # both processes hold the match in memory
    match = live.match
    assert match is not None
    [prompt] = match.prompts()
    user = user_of(live, prompt.seat)
    answer = [prompt.options[0].id] if prompt.min else []
    results = await asyncio.gather(
        a.submit(live.id, user, prompt.pid, answer),
        b.submit(live.id, user, prompt.pid, answer),
        return_exceptions=True,
    )
    refused = [r for r in results if isinstance(r, UserError)]
    assert len(refused) == 1 and refused[0].key == "error.stale_prompt", results
    assert await one.log.count(live.id) == 1
    # Whichever lost, both now act on the current state: the next prompt is accepted by either.
    stored = await one.matches.revision(live.id)
    for service in (a, b):
        current = await service.fresh(live.id)
        assert current.record.revision == stored
        assert current.match is not None and current.match.prompts()[0].pid != prompt.pid


async def test_a_stale_cache_is_reloaded_before_a_change(stores: tuple[Store, Store]) -> None:
    one, two = stores
    a, b = TableService(one), TableService(two)
    live = await start_game(a)
    stale = await b.get(live.id)
    assert live.match is not None
    [prompt] = live.match.prompts()
    await a.submit(
        live.id, user_of(live, prompt.seat), prompt.pid, [o.id for o in prompt.options[: prompt.min]]
    )
    fresh = await b.fresh(live.id)
    assert fresh is not stale and fresh.record.revision == live.record.revision
    assert fresh.match is not None and live.match is not None
    [next_prompt] = fresh.match.prompts()
    answer = [o.id for o in next_prompt.options[: next_prompt.min]]
    await b.submit(live.id, user_of(fresh, next_prompt.seat), next_prompt.pid, answer)
    assert await one.log.count(live.id) == 2


async def _heard_match(store: Store, before: int | None) -> None:
    """Let the store learn of another's match write: a trip (SQLite reads its data version on
    each), or the notification arriving (PostgreSQL)."""
    await store.db.fetchall("SELECT 1")
    for _ in range(200):
        if store.db.match_generation != before:
            return
        await asyncio.sleep(0.01)


async def test_after_its_own_commit_a_process_trusts_an_untouched_copy(stores: tuple[Store, Store]) -> None:
    one, two = stores
    a, b = TableService(one), TableService(two)
    live = await start_game(a)
    assert live.match is not None
    [prompt] = live.match.prompts()
    await a.submit(
        live.id, user_of(live, prompt.seat), prompt.pid, [o.id for o in prompt.options[: prompt.min]]
    )
    assert live.generation is not None and live.generation == one.db.match_generation
    trips = one.db.round_trips
    assert await a.fresh(live.id, after_own_commit=True) is live
    assert one.db.round_trips == trips  # nobody else wrote: no read
    assert await a.fresh(live.id) is live
    assert one.db.round_trips == trips + 1  # not following a commit: the database is asked
    # Another process answers: its commit moves the match generation, and the copy is reloaded.
    before = one.db.match_generation
    theirs = await b.get(live.id)
    assert theirs.match is not None
    [mine] = theirs.match.prompts()
    await b.submit(live.id, user_of(theirs, mine.seat), mine.pid, [o.id for o in mine.options[: mine.min]])
    await _heard_match(one, before)
    assert one.db.match_generation != before
    current = await a.fresh(live.id, after_own_commit=True)
    assert current is not live and current.record.revision == theirs.record.revision
    assert await one.log.count(live.id) == 2


async def test_a_match_write_leaves_the_cached_rows_of_other_tables_alone(
    stores: tuple[Store, Store],
) -> None:
    """On PostgreSQL matches notify on their own channel: every answer writes a match, and the
    play-by-post rows other processes keep need no reading again for it."""
    one, two = stores
    if one.db.dialect != "postgresql":
        pytest.skip("SQLite's data version covers every table")
    a, b = TableService(one), TableService(two)
    live = await start_game(a)
    rows, matches = one.db.generation, one.db.match_generation
    theirs = await b.get(live.id)
    assert theirs.match is not None
    [prompt] = theirs.match.prompts()
    await b.submit(
        live.id, user_of(theirs, prompt.seat), prompt.pid, [o.id for o in prompt.options[: prompt.min]]
    )
    await _heard_match(one, matches)
    assert one.db.match_generation != matches
    assert one.db.generation == rows


async def test_a_due_job_is_claimed_by_one_process_until_its_lease_ends(stores: tuple[Store, Store]) -> None:
    one, two = stores
    jobs_a, jobs_b = PbpStore(one.db).jobs, PbpStore(two.db).jobs
    for n in range(6):
        await jobs_a.add("remind", due_at=100.0 + n)
    now = time.time()
    got_a, got_b = await asyncio.gather(
        jobs_a.claim_due(200.0, "A", now, lease=30), jobs_b.claim_due(200.0, "B", now, lease=30)
    )
    ids_a, ids_b = {j.id for j in got_a}, {j.id for j in got_b}
    assert not ids_a & ids_b and len(ids_a | ids_b) == 6
    assert await jobs_b.claim_due(200.0, "B", now + 10, lease=30) == []  # leases still live
    # A dies: once its leases run out, B takes its jobs (and its own, whose leases ended too).
    taken = await jobs_b.claim_due(200.0, "B", now + 31, lease=30)
    assert {j.id for j in taken} == ids_a | ids_b
    assert await jobs_b.release("B") == 6


async def test_bot_turn_leases_and_wakes(stores: tuple[Store, Store]) -> None:
    one, two = stores
    table = TableService(one)
    live = await start_game(table)
    a, b = one.turns, two.turns
    await a.queue(live.id)
    wakes = await a.claim(live.id, "A", lease=30)
    assert wakes == 1 and await b.claim(live.id, "B", lease=30) is None
    await b.queue(live.id)  # a new request while A plays
    assert not await a.done(live.id, "A", wakes)  # A must look again
    wakes = await a.claim(live.id, "A", lease=0.05)
    assert wakes == 2 and await a.depth() == 1
    await asyncio.sleep(0.1)  # A died: its lease ran out
    assert await b.orphans() == [live.id]
    assert await b.claim(live.id, "B", lease=30) == 2
    assert await b.done(live.id, "B", 2) and await b.depth() == 0


def test_placeholders_skip_quoted_text() -> None:
    assert placeholders("SELECT '?', \"a?\" FROM t WHERE a = ? AND b = ?") == (
        "SELECT '?', \"a?\" FROM t WHERE a = $1 AND b = $2"
    )


def test_inserts_into_identity_tables_return_their_id() -> None:
    query = translate("INSERT INTO plays (game) VALUES (?)", frozenset({"plays"}))
    assert query.sql.endswith("RETURNING id") and query.returns_rows and query.returns_id
    plain = translate("INSERT INTO match_log (match_id) VALUES (?)", frozenset({"plays"}))
    assert not plain.returns_rows
    assert translate("SELECT 1", frozenset()).returns_rows


def test_migration_types_for_postgres() -> None:
    sql = ddl(
        "CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, at REAL NOT NULL, n INTEGER) WITHOUT ROWID"
    )
    assert sql == (
        "CREATE TABLE t (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, at DOUBLE PRECISION NOT NULL, n BIGINT)"
    )


@pytest.mark.parametrize("value", [0.003, 0.7, 30.0])
async def test_metrics_text_format(value: float) -> None:
    registry = Registry()
    counter = registry.counter("bgb_things_total", "Things.")
    counter.inc(kind="a")
    histogram = registry.histogram("bgb_wait_seconds", "Waits.")
    histogram.observe(value)
    registry.gauge("bgb_depth", "Depth.", lambda: 3)
    text = await registry.render()
    assert 'bgb_things_total{kind="a"} 1.0' in text
    assert "# TYPE bgb_wait_seconds histogram" in text and 'bgb_wait_seconds_bucket{le="+Inf"} 1.0' in text
    below = [line for line in text.splitlines() if line.startswith('bgb_wait_seconds_bucket{le="10.0"}')]
    assert below == [f'bgb_wait_seconds_bucket{{le="10.0"}} {float(value <= 10)}']
    assert "bgb_depth 3.0" in text and text.endswith("\n")


async def test_metrics_a_failing_reading_hides_nothing_else() -> None:
    registry = Registry()

    def broken() -> float:
        raise RuntimeError("no database")

    async def later() -> int:
        return 7

    registry.gauge("bgb_broken", "Fails.", broken)
    registry.gauge("bgb_async", "Read by a coroutine.", later)
    registry.gauge("bgb_done_total", "A total kept elsewhere.", lambda: 4, "counter")
    text = await registry.render()
    assert "# bgb_broken unavailable: RuntimeError" in text
    assert "bgb_async 7.0" in text
    assert "# TYPE bgb_done_total counter" in text and "bgb_done_total 4.0" in text
    assert "bgb_done_created" not in text


async def test_per_click_metrics_count_clicks_trips_and_calls() -> None:
    registry = Registry()
    clock = InteractionClock(registry)
    trips = [0]
    registry.gauge(
        "bgb_db_round_trips_per_click", "Trips per click.", per_click(lambda: trips[0], clock.clicks.total)
    )
    calls = registry.counter("bgb_rest_calls_total", "Calls.", ("kind",))

    class Http:
        async def request(self, route: str) -> str:
            return route

    http = Http()
    count_calls(http, "request", calls, kind="api")
    count_calls(http, "request", calls, kind="api")  # wrapped once only
    for i in range(4):
        clock.start(i)
        trips[0] += 3
        assert await http.request("r") == "r"
        clock.finish(i, "component", ok=True)
    clock.start(9)
    clock.finish(9, "command", ok=True)  # not a click
    text = await registry.render()
    assert "bgb_clicks_total 4.0" in text
    assert "bgb_db_round_trips_per_click 3.0" in text
    assert 'bgb_rest_calls_total{kind="api"} 4.0' in text
    assert "bgb_click_seconds_count 4.0" in text and "bgb_click_cpu_seconds_count 4.0" in text
    assert 'bgb_interactions_total{kind="command",outcome="ok"} 1.0' in text


# -- the other read-then-write paths, raced from two processes ---------------------------------------


def refusals(results: Sequence[object]) -> list[str]:
    return [r.key for r in results if isinstance(r, UserError)]


async def play_one(table: TableService, live: Live) -> Live:
    """Answer the current prompt with its first legal choice (the opening plays a Copper)."""
    assert live.match is not None
    [prompt] = live.match.prompts()
    answer = [o.id for o in prompt.options[: max(prompt.min, 1)]]
    await table.submit(live.id, user_of(live, prompt.seat), prompt.pid, answer)
    return await table.get(live.id)


async def test_two_joins_for_the_last_seat(stores: tuple[Store, Store]) -> None:
    one, two = stores
    a, b = TableService(one), TableService(two)
    lobby = await open_dominion_lobby(a, capacity=2)
    await b.get(lobby.id)
    results = await asyncio.gather(
        a.join(lobby.id, BOB, "bob"), b.join(lobby.id, CAROL, "carol"), return_exceptions=True
    )
    assert refusals(results) == ["error.lobby_full"], results
    stored = await one.matches.get(lobby.id)
    assert stored is not None and len(stored.seats) == 2


async def test_a_lobby_starts_once(stores: tuple[Store, Store]) -> None:
    one, two = stores
    a, b = TableService(one), TableService(two)
    for service in (a, b):
        service.bot_waiting = lambda live: True  # the start queues the bot seat's turn
    lobby = await open_dominion_lobby(a)
    await a.add_bot(lobby.id, ALICE)
    await b.get(lobby.id)
    results = await asyncio.gather(a.start(lobby.id, ALICE), b.start(lobby.id, ALICE), return_exceptions=True)
    assert refusals(results) == ["error.lobby_closed"], results
    stored = await one.matches.get(lobby.id)
    assert stored is not None and stored.status == "active"
    assert await one.turns.claim(lobby.id, "check", lease=30) == 1  # queued by one start only


async def test_ballots_cast_at_once_both_count_and_one_closes_the_vote(stores: tuple[Store, Store]) -> None:
    one, two = stores
    live = await start_game(TableService(one))
    va, vb = VoteService(PbpStore(one.db).audit), VoteService(PbpStore(two.db).audit)
    vote = await va.open(live.id, UNDO, 0, 0, ALICE, [BOB, CAROL], log_count=0)
    ballots = await asyncio.gather(va.cast(vote.id, BOB, True, None), vb.cast(vote.id, CAROL, True, None))
    assert sorted(b.outcome for b in ballots) == ["open", "passed"]
    stored = await va.audit.vote(vote.id)
    assert stored is not None and stored.ballots == {BOB: True, CAROL: True} and stored.status == "passed"


async def test_a_cancel_and_the_deciding_ballot_race_for_one_outcome(stores: tuple[Store, Store]) -> None:
    one, two = stores
    live = await start_game(TableService(one))
    va, vb = VoteService(PbpStore(one.db).audit), VoteService(PbpStore(two.db).audit)
    vote = await va.open(live.id, UNDO, 0, 0, ALICE, [BOB], log_count=0)
    cancelled, cast = await asyncio.gather(
        va.cancel_all(live.id, UNDO), vb.cast(vote.id, BOB, True, None), return_exceptions=True
    )
    stored = await va.audit.vote(vote.id)
    assert stored is not None
    if isinstance(cast, UserError):  # the cancel won: the ballot finds the vote closed
        assert cast.key == "vote.closed" and stored.status == "cancelled" and cancelled
    else:  # the ballot won: the cancel closes nothing, so nobody says "moved on"
        assert stored.status == "passed" and cancelled == []


async def test_one_open_vote_per_seat_and_per_game(stores: tuple[Store, Store]) -> None:
    one, two = stores
    live = await start_game(TableService(one))
    va, vb = VoteService(PbpStore(one.db).audit), VoteService(PbpStore(two.db).audit)
    first, second = await asyncio.gather(
        va.open(live.id, REPLACE, 1, 5.0, None, [ALICE]), vb.open(live.id, REPLACE, 1, 5.0, None, [ALICE])
    )
    assert first.id == second.id
    await asyncio.gather(
        va.open(live.id, UNDO, 0, 0, ALICE, [BOB], log_count=0),
        vb.open(live.id, UNDO, 0, 0, ALICE, [BOB], log_count=0),
    )
    assert len(await va.audit.open_votes(live.id, UNDO)) == 1


async def test_two_processes_take_back_the_same_answer_once(stores: tuple[Store, Store]) -> None:
    one, two = stores
    a, b = TableService(one), TableService(two)
    live = await play_one(a, await start_game(a))
    live = await play_one(a, live)
    await b.get(live.id)
    ua, ub = UndoService(a, PbpStore(one.db).audit), UndoService(b, PbpStore(two.db).audit)
    results = await asyncio.gather(
        ua.rewind(live.id, 1, ALICE, "host", expect_steps=2),
        ub.rewind(live.id, 1, ALICE, "host", expect_steps=2),
        return_exceptions=True,
    )
    assert refusals(results) == ["undo.moved_on"], results
    assert await one.log.count(live.id) == 1
    assert len(await PbpStore(one.db).audit.undone(live.id)) == 1
    # A rewind decided on an old revision changes nothing.
    stored = await one.matches.revision(live.id)
    assert stored is not None
    with pytest.raises(StaleMatch):
        await PbpStore(two.db).audit.rewind(live.id, 0, ALICE, "host", revision=stored - 1)
    assert await one.log.count(live.id) == 1


async def test_the_status_message_is_posted_once(stores: tuple[Store, Store]) -> None:
    one, two = stores
    live = await start_game(TableService(one))
    herald = FakeHerald()  # one Discord channel, seen by both processes
    clock = ManualClock()
    boards = [
        StatusBoard(herald, PbpStore(store.db).games, clock, owner=name, lease=30)
        for store, name in ((one, "A"), (two, "B"))
    ]
    await asyncio.gather(*(board.refresh(live, {}) for board in boards))
    assert len(herald.posts) == 1, herald.posts
    # A repost asked on both sides at once (a reminder, say) replaces it once, not twice. "At
    # once": both have read the current status before either posts (with a fast database one
    # process could otherwise finish before the other begins, and a later repost is a new one).
    both_read = asyncio.Barrier(2)
    for board in boards:
        read = board.repo.settings

        async def first_read_waits(
            match_id: int, fresh: bool = False, read: Any = read, board: Any = board
        ) -> Any:
            board.repo.settings = read  # only the first read waits for the other side's
            out = await read(match_id, fresh)
            await both_read.wait()
            return out

        board.repo.settings = first_read_waits  # type: ignore[method-assign]
    await asyncio.gather(*(board.refresh(live, {}, repost=True) for board in boards))
    assert len(herald.posts) == 2 and len(herald.live_posts()) == 1
    settings = await PbpStore(one.db).games.settings(live.id)
    assert settings.status_message_id == herald.live_posts()[0].id
    await asyncio.gather(*(board.close(live) for board in boards))
    assert herald.live_posts() == []


async def test_a_dead_holder_of_the_status_claim_is_waited_out(db_path: str) -> None:
    store = await Store.open(db_path)
    try:
        live = await start_game(TableService(store))
        games = PbpStore(store.db).games
        assert await games.claim_status(live.id, "dead", lease=0.2)
        assert not await games.claim_status(live.id, "B", lease=30)
        herald = FakeHerald()
        await StatusBoard(herald, games, ManualClock(), owner="B", lease=0.2).refresh(live, {})
        assert len(herald.posts) == 1  # posted once the dead process's claim ran out
        assert await games.claim_status(live.id, "C", lease=30)  # and B released its own
    finally:
        await store.close()


def turn_timers(store: Store, clock: ManualClock, owner: str) -> TurnTimers:
    pbp = PbpStore(store.db)
    return TurnTimers(pbp.games, Scheduler(pbp.jobs, clock, owner=owner), clock)


async def test_a_turn_clock_starts_and_times_out_once(stores: tuple[Store, Store]) -> None:
    one, two = stores
    live = await start_game(TableService(one))
    clock = ManualClock()
    ta, tb = turn_timers(one, clock, "A"), turn_timers(two, clock, "B")
    await PbpStore(one.db).games.save_clock(live.id, 24.0, "bot_turn")
    syncs = await asyncio.gather(ta.sync(live), tb.sync(live))
    assert sorted(len(s.started) for s in syncs) == [0, 1]  # one "your turn" ping, not two
    jobs = await PbpStore(one.db).jobs.pending()
    assert sorted(j.kind for j in jobs) == ["remind", "remind", "timeout"]
    [timer] = (await PbpStore(one.db).games.timers(live.id)).values()
    covered = await asyncio.gather(ta.cover(timer), tb.cover(timer))
    assert sorted(covered) == [False, True]
    # A process acting on a turn that has ended changes nothing.
    await PbpStore(two.db).games.drop_timer(live.id, timer.seat)
    assert not await ta.extend(timer, 3600) and not await ta.cover(timer)
    assert await PbpStore(one.db).games.timers(live.id) == {}


async def test_a_vacation_ending_while_it_starts_leaves_no_clock_paused(stores: tuple[Store, Store]) -> None:
    one, two = stores
    live = await start_game(TableService(one))
    clock = ManualClock()
    ta, tb = turn_timers(one, clock, "A"), turn_timers(two, clock, "B")
    await PbpStore(one.db).games.save_clock(live.id, 24.0, "bot_turn")
    await ta.sync(live)
    [timer] = (await PbpStore(one.db).games.timers(live.id)).values()
    now = clock.now()
    await PbpStore(one.db).games.put_vacation(Vacation(timer.user_id, now, now + 86400, active=False))
    # The start job (one process) and the player ending it early (another), at once.
    await asyncio.gather(ta.pause_user(timer.user_id), tb.resume_user(timer.user_id))
    [after] = (await PbpStore(one.db).games.timers(live.id)).values()
    assert not after.paused and after.due_at is not None
    assert await PbpStore(one.db).games.vacation(timer.user_id) is None
    # Once it has ended, a late start pauses nothing.
    assert await ta.pause_user(timer.user_id) == []


async def test_a_table_result_is_recorded_once_and_a_late_reject_is_refused(
    stores: tuple[Store, Store],
) -> None:
    one, two = stores
    ra, rb = TableResults(one), TableResults(two)
    d = ra.start(7, 70, ALICE, "dominion", None)
    ra.set_players(d.id, ALICE, [(ALICE, "a"), (BOB, "b"), (CAROL, "c")], "en")
    for seat, score in enumerate((5, 4, 3)):
        ra.score(d.id, ALICE, seat, {"vp_other": str(score)}, "en")
    pending, _ = await ra.submit(d.id, ALICE)
    done = await asyncio.gather(
        ra.confirm(pending.id, BOB), rb.confirm(pending.id, CAROL), return_exceptions=True
    )
    plays = [r[1] for r in done if isinstance(r, tuple) and r[1] is not None]
    assert len(plays) == 1, done
    assert len(await one.plays.for_guild(7)) == 1
    with pytest.raises(UserError, match="result.error.gone"):
        await rb.reject(pending.id, BOB)


async def test_a_restarted_instance_takes_its_leases_back_at_once(db_path: str) -> None:
    old, other = await Store.open(db_path), await Store.open(db_path)
    try:
        live = await start_game(TableService(old))
        me = "host:0of2#0"  # the stable default id: a restart has the same one
        await old.turns.queue(live.id)
        assert await old.turns.claim(live.id, me, lease=30) == 1
        jobs = PbpStore(old.db).jobs
        await jobs.add("remind", due_at=1.0)
        assert len(await jobs.claim_due(2.0, me, time.time(), lease=30)) == 1
        assert await PbpStore(old.db).games.claim_status(live.id, me, lease=30)
        await old.close()  # killed: nothing handed back
        assert await other.turns.claim(live.id, "B", lease=30) is None
        restarted = await Store.open(db_path)
        try:
            assert await restarted.release_leases(me) == 3
        finally:
            await restarted.close()
        # Nobody waits out LEASE_SECONDS: the work is free for whichever process gets to it.
        assert await other.turns.claim(live.id, "B", lease=30) == 1
        assert len(await PbpStore(other.db).jobs.claim_due(2.0, "B", time.time(), lease=30)) == 1
        assert await PbpStore(other.db).games.claim_status(live.id, "B", lease=30)
    finally:
        await other.close()


async def test_two_preference_changes_at_once_both_stay(stores: tuple[Store, Store]) -> None:
    one, two = stores
    a, b = PbpStore(one.db).games, PbpStore(two.db).games
    await a.set_ping_prefs(BOB, ping=True, dm_ping=False)
    await asyncio.gather(a.set_ping_prefs(BOB, False, None), b.set_ping_prefs(BOB, None, True))
    prefs = await a.ping_prefs(BOB)
    assert (prefs.ping, prefs.dm_ping) == (False, True)
    # A first change for someone without a row keeps the defaults it does not name.
    assert (await b.set_ping_prefs(CAROL, None, True)).ping is False
