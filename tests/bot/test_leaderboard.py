"""Plays, ratings and recompute: openskill's own numbers, unrated cases, and the table's hook."""

from __future__ import annotations

import time

import pytest
from openskill.models import PlackettLuce

from bot.leaderboard.ratings import PROVISIONAL_GAMES, ordinal, replay, unrated_reason
from bot.leaderboard.recorder import insert_and_rate_in
from bot.leaderboard.service import LeaderboardService
from bot.table import Live, TableService
from engine.core.registry import get_game
from storage import Store
from storage.leaderboard import Play, SeatResult
from tests.bot.conftest import ALICE, BOB, start_game, user_of

GUILD = 1
A, B, C, D = 810000000000000001, 810000000000000002, 810000000000000003, 810000000000000004


def play(ranks: dict[int, int], game: str = "dominion", **kw: object) -> Play:
    seats = [
        SeatResult(i, "human", user_id=uid, name=f"p{uid % 10}", score=100 - 10 * r, rank=r)
        for i, (uid, r) in enumerate(ranks.items())
    ]
    return Play(id=0, guild_id=GUILD, game=game, source="table", seats=seats, **kw)  # type: ignore[arg-type]


async def record(store: Store, p: Play) -> Play:
    async with store.db.transaction() as conn:
        return await insert_and_rate_in(conn, p)


SEQUENCE = [
    {A: 1, B: 2},
    {A: 2, B: 1, C: 3},
    {A: 1, B: 1, C: 3, D: 4},  # a tie for first
    {C: 1, D: 2},
    {B: 1, D: 2, A: 3},
    {A: 1, C: 2, D: 2},  # a tie for second
]


def openskill_reference(sequence: list[dict[int, int]]) -> dict[int, tuple[float, float]]:
    """The same games rated directly with openskill, player by player."""
    model = PlackettLuce()
    current: dict[int, object] = {}
    for game in sequence:
        players = list(game)
        teams = [[current.get(p) or model.rating()] for p in players]
        rated = model.rate(teams, ranks=[float(game[p]) for p in players])  # type: ignore[arg-type]
        for p, team in zip(players, rated, strict=True):
            current[p] = team[0]
    return {p: (r.mu, r.sigma) for p, r in current.items()}  # type: ignore[attr-defined]


async def test_ratings_match_openskill_and_recompute_gives_the_same_table(store: Store) -> None:
    for game in SEQUENCE:
        await record(store, play(game))
    stored = await store.plays.ratings(GUILD, "dominion")
    expected = openskill_reference(SEQUENCE)
    assert set(stored) == {str(p) for p in expected}
    for p, (mu, sigma) in expected.items():
        row = stored[str(p)]
        assert row.mu == pytest.approx(mu, abs=1e-12) and row.sigma == pytest.approx(sigma, abs=1e-12)
    assert stored[str(A)].games == 5 and stored[str(A)].wins == 3

    service = LeaderboardService(store)
    board_before = await service.board(GUILD, "dominion")
    counts = await service.recompute(GUILD)
    assert counts == {"dominion": len(SEQUENCE)}
    assert await store.plays.ratings(GUILD, "dominion") == stored  # bit-for-bit the same
    board_after = await service.board(GUILD, "dominion")
    assert board_after == board_before
    assert [e.user_id for e in board_after] == sorted(expected, key=lambda p: -ordinal(*expected[p]))
    assert all(e.provisional == (e.games < PROVISIONAL_GAMES) for e in board_after)

    # Ratings over a period are the same replay restricted to that period.
    assert await service.board(GUILD, "dominion", days=30) == board_before
    assert await service.board(GUILD, "dominion", days=30, now=time.time() + 60 * 86400) == []


async def test_unrated_plays_are_recorded_but_change_nothing(store: Store) -> None:
    with_bot = play({A: 1, B: 2})
    with_bot.seats.append(SeatResult(2, "bot", policy="big_money", score=40, rank=3))
    abandoned = play({A: 1, B: 2}, ended_how="abandoned")
    replaced = play({A: 1, B: 2}, ended_how="replaced")
    replaced.seats[1].replaced = True
    solo = play({A: 1})
    solo.seats.append(SeatResult(1, "automa", name="Rugwort", policy="rugwort", score=30, rank=2))
    solo.solo_opponent, solo.solo_level = "rugwort", 2
    unrated = [with_bot, abandoned, replaced, solo]
    assert [unrated_reason(p) for p in unrated] == ["bots", "abandoned", "replaced", "bots"]
    for p in unrated:
        await record(store, p)
    assert await store.plays.ratings(GUILD, "dominion") == {}
    assert len(await store.plays.for_guild(GUILD)) == 4
    rated = await record(store, play({A: 2, B: 1}))
    assert unrated_reason(rated) is None
    assert set(await store.plays.ratings(GUILD, "dominion")) == {str(A), str(B)}
    assert replay(await store.plays.for_guild(GUILD)).rated == 1


async def test_reset_starts_boards_afresh_but_keeps_history(store: Store) -> None:
    await record(store, play({A: 1, B: 2}))
    service = LeaderboardService(store)
    await service.reset(GUILD, by=C)
    assert await service.board(GUILD, "dominion") == []
    assert await service.recompute(GUILD) == {"dominion": 0}
    assert await service.board(GUILD, "dominion") == []
    await record(store, play({A: 2, B: 1}))
    board = await service.board(GUILD, "dominion")
    assert [e.user_id for e in board] == [B, A] and all(e.games == 1 for e in board)
    profile = await service.profile(GUILD, A)
    assert profile.stats.games == 2  # history outlives the reset


async def play_out(table: TableService, live: Live) -> None:
    """Both humans follow the big-money bot's advice until the game ends."""
    definition = get_game("dominion")
    policies = {seat: definition.policies["big_money"](seat, 7) for seat in range(len(live.record.seats))}
    assert live.match is not None
    for _ in range(5000):
        if live.match.finished:
            return
        prompt = live.match.prompts()[0]
        answer = policies[prompt.seat].choose(live.match.view(prompt.seat), prompt)
        await table.submit(live.id, user_of(live, prompt.seat), prompt.pid, list(answer))
    raise AssertionError("the game did not end")


async def test_finishing_a_match_records_and_rates_it(table: TableService, store: Store) -> None:
    live = await start_game(table)
    await play_out(table, live)
    p = await store.plays.by_match(live.id)
    assert p is not None and p.source == "online" and p.ended_how == "normal"
    result = await store.results.get(live.id)
    assert result is not None
    assert [s.score for s in p.seats] == result.scores and [s.rank for s in p.seats] == result.ranks
    assert {s.user_id for s in p.seats} == {ALICE, BOB}
    assert p.turns and p.options.get("kingdom") and "capacity" not in p.options
    assert p.details.get("ended_by") and p.details.get("winners") is not None
    ratings = await store.plays.ratings(1, "dominion")
    assert set(ratings) == {str(ALICE), str(BOB)}
    history = await store.plays.history(1, str(ALICE))
    assert [h.play_id for _, h in history] == [p.id]


async def test_a_bot_game_and_a_replaced_player_are_recorded_unrated(
    table: TableService, store: Store
) -> None:
    live = await start_game(table, bot_seat=True)
    live2 = await table.abandon(live.id, ALICE, can_manage=False)
    assert live2.record.status == "abandoned"
    abandoned = await store.plays.by_match(live.id)
    assert abandoned is not None and abandoned.ended_how == "abandoned"
    assert [s.kind for s in abandoned.seats] == ["human", "bot"]

    from tests.bot.conftest import CHANNEL

    lobby = await table.open_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        game="dominion",
        options={},
        host_id=ALICE,
        host_name="alice",
        locale="en",
    )
    await table.join(lobby.id, BOB, "bob")
    await table.add_bot(lobby.id, ALICE)
    started = await table.start(lobby.id, ALICE)
    await table.hand_to_bot(started.id, BOB)
    assert started.match is not None
    # Alice plays on against two bots (one of them in Bob's old seat) to the end.
    policies = {s: get_game("dominion").policies["big_money"](s, 3) for s in range(3)}
    for _ in range(20000):
        if started.match.finished:
            break
        prompt = started.match.prompts()[0]
        answer = list(policies[prompt.seat].choose(started.match.view(prompt.seat), prompt))
        if started.record.seats[prompt.seat].kind == "human":
            await table.submit(started.id, ALICE, prompt.pid, answer)
        else:
            await table.submit_seat(started.id, prompt.seat, prompt.pid, answer)
    p = await store.plays.by_match(started.id)
    assert p is not None and p.ended_how == "replaced"
    bob = p.seat_of(BOB)
    assert bob is not None and bob.replaced and bob.policy
    assert unrated_reason(p) == "replaced"
    assert await store.plays.ratings(1, "dominion") == {}


async def test_recompute_backfills_finished_matches_without_a_play(table: TableService, store: Store) -> None:
    live = await start_game(table)
    await play_out(table, live)
    async with store.db.transaction() as conn:
        await conn.execute("DELETE FROM plays")
        await conn.execute("DELETE FROM ratings")
    service = LeaderboardService(store)
    assert await service.recompute(1) == {"dominion": 1}
    assert set(await store.plays.ratings(1, "dominion")) == {str(ALICE), str(BOB)}


def test_an_online_solo_game_against_rugwort_keeps_his_score() -> None:
    from bot.leaderboard.recorder import play_from_result
    from storage.matches import MatchRecord, SeatRecord

    record = MatchRecord(
        id=9,
        guild_id=GUILD,
        channel_id=3,
        game="everdell",
        engine_version="x",
        options={"rugwort_year": 2},
        seats=[SeatRecord("human", "ana", None, A)],
        seed=1,
        status="finished",
        host_id=A,
    )
    details = {
        "turns": [14],
        "rugwort": {"year": 2, "score": 41, "won": True},
        "breakdown": [{"cards": 30, "total": 52}],
    }
    p = play_from_result(record, [52], [1], details, 100.0, {})
    assert (p.solo_opponent, p.solo_level) == ("rugwort", 2)
    assert [(s.kind, s.score, s.rank) for s in p.seats] == [("human", 52, 1), ("automa", 41, 2)]
    assert p.seats[0].breakdown == {"cards": 30, "total": 52} and p.turns == 14
    assert unrated_reason(p) == "bots"
