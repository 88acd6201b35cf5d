"""Turning a finished or abandoned match into a play, and rating it, inside the table's transaction.

The table service calls these while it commits the answer that ended the game (or the abandon),
so the play is as durable as the result. Everything runs in a savepoint: a failure here is logged
and undone without ever stopping a game from finishing; `/leaderboard recompute` picks up any
finished match that has no play yet.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.leaderboard.ratings import apply, unrated_reason
from bot.leaderboard.solo import solo_of, with_server_data
from engine.core.registry import get_game
from storage import Store
from storage.db import Conn
from storage.leaderboard import Play, PlayRepo, SeatResult
from storage.matches import MatchRecord

log = logging.getLogger(__name__)

Replacements = Mapping[int, tuple[int | None, str | None]]


def _at(values: Sequence[Any] | None, i: int) -> Any:
    return values[i] if values is not None and i < len(values) else None


def seats_of(record: MatchRecord, replacements: Replacements) -> list[SeatResult]:
    seats = []
    for i, s in enumerate(record.seats):
        left = replacements.get(i)
        if left is not None and s.kind == "bot":
            # A bot finished this person's game: keep who sat there, and that they left.
            seats.append(
                SeatResult(i, "human", user_id=left[0], name=left[1], policy=s.policy, replaced=True)
            )
        else:
            user = s.user_id if s.kind == "human" else None
            seats.append(SeatResult(i, s.kind, user_id=user, name=s.name or None, policy=s.policy))
    return seats


def play_from_result(
    record: MatchRecord,
    scores: Sequence[int],
    ranks: Sequence[int],
    details: Mapping[str, Any],
    ended_at: float,
    replacements: Replacements,
) -> Play:
    seats = seats_of(record, replacements)
    turns = details.get("turns") if isinstance(details.get("turns"), list) else None
    parts = details.get("breakdown") if isinstance(details.get("breakdown"), list) else None
    for seat in seats:
        seat.score = _at(scores, seat.seat)
        seat.rank = _at(ranks, seat.seat)
        seat.turns = _at(turns, seat.seat)
        part = _at(parts, seat.seat)
        seat.breakdown = dict(part) if isinstance(part, dict) else None
    options = {k: v for k, v in record.options.items() if k != "capacity"}
    automa = next((s for s in seats if s.kind == "automa"), None)
    solo = solo_of(
        record.game,
        options,
        dict(details),
        automa.policy if automa else None,
        automa.score if automa else None,
    )
    if solo is not None:
        solo = replace(solo, opponent=with_server_data(solo.opponent, get_game(record.game).data_sets, options))
    if solo is not None and automa is None and len(seats) == 1:
        # Rugwort-style opponents play without a seat; give them one so records read alike.
        human = seats[0]
        won = solo.won if solo.won is not None else human.rank == 1
        seats.append(
            SeatResult(
                1, "automa", name=solo.opponent, policy=solo.opponent, score=solo.score, rank=2 if won else 1
            )
        )
    kept = {k: v for k, v in details.items() if k not in ("turns", "breakdown")}
    return Play(
        id=0,
        guild_id=record.guild_id,
        game=record.game,
        source="online",
        seats=seats,
        ended_how="replaced" if any(s.replaced for s in seats) else "normal",
        started_at=record.created_at,
        ended_at=ended_at,
        match_id=record.id,
        channel_id=record.channel_id,
        message_id=record.board_message_id,
        options=options,
        turns=max((t for t in (turns or []) if isinstance(t, int)), default=None),
        details=kept,
        solo_opponent=solo.opponent if solo else None,
        solo_level=solo.level if solo else None,
    )


def abandoned_play(record: MatchRecord, replacements: Replacements) -> Play:
    options = {k: v for k, v in record.options.items() if k != "capacity"}
    return Play(
        id=0,
        guild_id=record.guild_id,
        game=record.game,
        source="online",
        seats=seats_of(record, replacements),
        ended_how="abandoned",
        started_at=record.created_at,
        ended_at=time.time(),
        match_id=record.id,
        channel_id=record.channel_id,
        message_id=record.board_message_id,
        options=options,
    )


async def rate_in(conn: Conn, play: Play) -> None:
    """Fold one new play into the stored ratings (the same step a full replay takes)."""
    if play.guild_id is None or unrated_reason(play) is not None:
        return
    if play.id <= await PlayRepo.reset_point_in(conn, play.guild_id):
        return
    keys = [str(s.player) for s in play.humans]
    table = await PlayRepo.ratings_in(conn, play.guild_id, play.game, keys)
    history = apply(table, play)
    await PlayRepo.save_ratings_in(conn, play.guild_id, play.game, [table[k] for k in keys], history)


async def insert_and_rate_in(conn: Conn, play: Play) -> Play:
    await PlayRepo.insert_in(conn, play)
    await rate_in(conn, play)
    return play


async def record_finished_in(
    conn: Conn,
    record: MatchRecord,
    scores: Sequence[int],
    ranks: Sequence[int],
    details: Mapping[str, Any],
    ended_at: float | None = None,
) -> Play | None:
    """Record a finished match (once) and rate it; never raises."""
    try:
        async with PlayRepo.savepoint(conn):
            if await PlayRepo.has_match_in(conn, record.id):
                return None
            replacements = await PlayRepo.replacements_in(conn, record.id)
            play = play_from_result(record, scores, ranks, details, ended_at or time.time(), replacements)
            return await insert_and_rate_in(conn, play)
    except Exception:
        log.exception("could not record the result of match %s", record.id)
        return None


async def record_abandoned_in(conn: Conn, record: MatchRecord) -> Play | None:
    """Record a running game that ended without a result (never rated); never raises."""
    try:
        async with PlayRepo.savepoint(conn):
            if await PlayRepo.has_match_in(conn, record.id):
                return None
            play = abandoned_play(record, await PlayRepo.replacements_in(conn, record.id))
            return await insert_and_rate_in(conn, play)
    except Exception:
        log.exception("could not record abandoned match %s", record.id)
        return None


async def note_replacement_in(
    conn: Conn, match_id: int, seat: int, user_id: int, name: str
) -> None:
    try:
        async with PlayRepo.savepoint(conn):
            await PlayRepo.note_replacement_in(conn, match_id, seat, user_id, name)
    except Exception:
        log.exception("could not note who left match %s", match_id)


async def backfill(store: Store, guild_id: int | None = None) -> int:
    """Record finished matches that have a result but no play; returns how many."""
    done = 0
    for match_id in await store.plays.unrecorded_matches(guild_id):
        record = await store.matches.get(match_id)
        result = await store.results.get(match_id)
        if record is None or result is None:
            continue
        async with store.db.transaction() as conn:
            play = await record_finished_in(
                conn, record, result.scores, result.ranks, result.details, result.ended_at
            )
        done += play is not None
    return done
