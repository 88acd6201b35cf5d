"""Fixtures: a fresh database (an SQLite file, and a PostgreSQL database when TEST_DATABASE_URL is
set: every test here runs on both), the store on it, and a table service with a started game."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.table import Live, TableService
from engine.core import Match
from storage import MatchRecord, SeatRecord, Store
from tests.pg import empty_tables, needs_postgres, postgres_session_url

ALICE = 1001
BOB = 1002
CHANNEL = 5000


__all__ = ["postgres_session_url"]  # a fixture, shared through this module


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=needs_postgres)])
async def db_path(request: pytest.FixtureRequest, tmp_path: Path, postgres_session_url: str) -> AsyncIterator[str]:
    """The database URL a test opens (an SQLite file path, or a throwaway PostgreSQL database)."""
    if request.param == "sqlite":
        yield str(tmp_path / "test.sqlite3")
        return
    await empty_tables(postgres_session_url)
    yield postgres_session_url


@pytest.fixture
async def store(db_path: str) -> AsyncIterator[Store]:
    s = await Store.open(db_path)
    try:
        yield s
    finally:
        await s.close()


@pytest.fixture
async def table(store: Store) -> TableService:
    return TableService(store, cache_size=8)


async def open_lobbies(store: Store, count: int, first_channel: int) -> list[int]:
    """`count` of Alice's Dominion lobbies, one per channel from `first_channel`: match rows for
    records that hang on a match (play-by-post settings, timers)."""
    table = TableService(store)
    channels = range(first_channel, first_channel + count)
    return [(await open_dominion_lobby(table, channel_id=channel_id)).id for channel_id in channels]


async def open_dominion_lobby(
    table: TableService, kingdom: str = "First Game", capacity: int | None = None, channel_id: int = CHANNEL
) -> Live:
    """Alice's Dominion lobby in `channel_id` (CHANNEL unless told)."""
    return await table.open_lobby(
        guild_id=1,
        channel_id=channel_id,
        game="dominion",
        options={"kingdom": kingdom},
        host_id=ALICE,
        host_name="alice",
        locale="en",
        capacity=capacity,
    )


async def start_game(table: TableService, kingdom: str = "First Game", bot_seat: bool = False) -> Live:
    live = await open_dominion_lobby(table, kingdom)
    if bot_seat:
        await table.add_bot(live.id, ALICE)
    else:
        await table.join(live.id, BOB, "bob")
    return await table.start(live.id, ALICE)


def user_of(live: Live, seat: int) -> int:
    uid = live.record.seats[seat].user_id
    assert uid is not None
    return uid


def decided_out_of_turn(match: Match, steps: Iterator[object], first: int = 6) -> Iterator[list[int]]:
    """Step `steps` (a game played answer by answer) `first` times; after each answer that leaves
    someone other than the current player alone or among others to decide, the deciding seats."""
    for _ in itertools.islice(steps, first):
        acting = sorted({p.seat for p in match.prompts()})
        if acting != [match.view(None)["current"]]:
            yield acting


def live_of(match: Match, match_id: int, locale: str = "en", status: str = "active") -> Live:
    """A table for `match` as storage hands it over: seat i held by user 100 + i, the host user 100;
    a started table has already shown its public opening events."""
    record = MatchRecord(
        id=match_id,
        guild_id=1,
        channel_id=2,
        game=match.game_id,
        engine_version=match.definition.engine_version,
        options=dict(match.options),
        seats=[SeatRecord("human", s.name, None, 100 + i) for i, s in enumerate(match.seats)],
        seed=match.seed,
        status=status,
        host_id=100,
        locale=locale,
    )
    live = Live(record, match)
    if status == "active":
        live.tail.extend(e for e in match.opening_events if e.public)
    return live
