"""Finished plays and the skill ratings derived from them.

Ratings are a cache: replaying a server's rated plays in id order rebuilds them exactly, so
everything that writes them takes the caller's connection and runs inside its transaction.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from storage.db import Conn, Database, Row, all_rows, lock_in


@dataclass
class SeatResult:
    seat: int
    kind: str  # human | bot | automa
    user_id: int | None = None
    name: str | None = None
    policy: str | None = None
    score: int | None = None
    rank: int | None = None
    turns: int | None = None
    replaced: bool = False
    anon: str | None = None  # a deleted user's pseudonym
    breakdown: dict[str, int] | None = None

    @property
    def player(self) -> str | None:
        """The rating key of a human seat (None for bots, automa and forgotten seats)."""
        if self.kind != "human":
            return None
        if self.user_id is not None:
            return str(self.user_id)
        return self.anon


@dataclass
class Play:
    id: int
    guild_id: int | None
    game: str
    source: str  # online | table
    seats: list[SeatResult]
    ended_how: str = "normal"  # normal | abandoned | replaced
    started_at: float = field(default_factory=time.time)
    ended_at: float = field(default_factory=time.time)
    match_id: int | None = None
    channel_id: int | None = None
    message_id: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    turns: int | None = None
    details: dict[str, Any] = field(default_factory=dict)
    solo_opponent: str | None = None
    solo_level: int | None = None
    submitted_by: int | None = None

    def seat_of(self, user_id: int) -> SeatResult | None:
        return next((s for s in self.seats if s.kind == "human" and s.user_id == user_id), None)

    @property
    def humans(self) -> list[SeatResult]:
        return [s for s in self.seats if s.kind == "human"]


@dataclass(frozen=True)
class RatingRow:
    player: str
    mu: float
    sigma: float
    games: int
    wins: int
    last_play_id: int


@dataclass(frozen=True)
class HistoryRow:
    player: str
    play_id: int
    mu: float
    sigma: float
    at: float


def _seat_from_row(row: Row) -> SeatResult:
    return SeatResult(
        seat=row["seat"],
        kind=row["kind"],
        user_id=row["user_id"],
        name=row["name"],
        policy=row["policy"],
        score=row["score"],
        rank=row["rank"],
        turns=row["turns"],
        replaced=bool(row["replaced"]),
        anon=row["anon"],
        breakdown=json.loads(row["breakdown"]) if row["breakdown"] else None,
    )


def _play_from_row(row: Row, seats: list[SeatResult]) -> Play:
    return Play(
        id=row["id"],
        guild_id=row["guild_id"],
        game=row["game"],
        source=row["source"],
        seats=seats,
        ended_how=row["ended_how"],
        started_at=row["started_at"],
        ended_at=row["ended_at"],
        match_id=row["match_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        options=json.loads(row["options"]),
        turns=row["turns"],
        details=json.loads(row["details"]),
        solo_opponent=row["solo_opponent"],
        solo_level=row["solo_level"],
        submitted_by=row["submitted_by"],
    )


class PlayRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    @staticmethod
    @asynccontextmanager
    async def savepoint(conn: Conn, name: str = "leaderboard") -> AsyncIterator[None]:
        """A nested unit inside the caller's transaction: on error only this part is undone."""
        await conn.execute(f"SAVEPOINT {name}")
        try:
            yield
        except BaseException:
            await conn.execute(f"ROLLBACK TO {name}")
            await conn.execute(f"RELEASE {name}")
            raise
        await conn.execute(f"RELEASE {name}")

    # -- plays --------------------------------------------------------------------------------
    @staticmethod
    async def insert_in(conn: Conn, play: Play) -> int:
        cur = await conn.execute(
            """INSERT INTO plays (guild_id, game, source, match_id, channel_id, message_id, options, ended_how,
                                  turns, details, solo_opponent, solo_level, submitted_by, started_at, ended_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            (
                play.guild_id,
                play.game,
                play.source,
                play.match_id,
                play.channel_id,
                play.message_id,
                json.dumps(play.options, sort_keys=True),
                play.ended_how,
                play.turns,
                json.dumps(play.details, sort_keys=True),
                play.solo_opponent,
                play.solo_level,
                play.submitted_by,
                play.started_at,
                play.ended_at,
            ),
        )
        play_id = cur.lastrowid
        await cur.close()
        assert play_id is not None
        play.id = play_id
        await conn.executemany(
            """INSERT INTO play_seats (play_id, seat, kind, user_id, anon, name, policy, score, rank, turns,
                                       replaced, breakdown)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            [
                (
                    play_id,
                    s.seat,
                    s.kind,
                    s.user_id,
                    s.anon,
                    s.name,
                    s.policy,
                    s.score,
                    s.rank,
                    s.turns,
                    int(s.replaced),
                    json.dumps(s.breakdown, sort_keys=True) if s.breakdown is not None else None,
                )
                for s in play.seats
            ],
        )
        return play_id

    @staticmethod
    async def has_match_in(conn: Conn, match_id: int) -> bool:
        cur = await conn.execute("SELECT 1 FROM plays WHERE match_id = ?", (match_id,))
        row = await cur.fetchone()
        await cur.close()
        return row is not None

    async def _load(
        self, where: str, params: Sequence[Any], conn: Conn | None = None
    ) -> list[Play]:
        sql = f"SELECT * FROM plays WHERE {where} ORDER BY id"
        seat_sql = f"SELECT * FROM play_seats WHERE play_id IN (SELECT id FROM plays WHERE {where}) ORDER BY play_id, seat"
        if conn is None:
            rows = await self.db.fetchall(sql, params)
            seat_rows = await self.db.fetchall(seat_sql, params)
        else:
            rows = await all_rows(conn, sql, params)
            seat_rows = await all_rows(conn, seat_sql, params)
        seats: dict[int, list[SeatResult]] = {}
        for r in seat_rows:
            seats.setdefault(r["play_id"], []).append(_seat_from_row(r))
        return [_play_from_row(r, seats.get(r["id"], [])) for r in rows]

    async def get(self, play_id: int) -> Play | None:
        found = await self._load("id = ?", (play_id,))
        return found[0] if found else None

    async def by_match(self, match_id: int) -> Play | None:
        found = await self._load("match_id = ?", (match_id,))
        return found[0] if found else None

    async def for_guild(
        self, guild_id: int, game: str | None = None, since: float | None = None, after_id: int = 0
    ) -> list[Play]:
        where = "guild_id = ? AND id > ?"
        params: list[Any] = [guild_id, after_id]
        if game is not None:
            where += " AND game = ?"
            params.append(game)
        if since is not None:
            where += " AND ended_at >= ?"
            params.append(since)
        return await self._load(where, params)

    async def for_guild_in(
        self, conn: Conn, guild_id: int, game: str, after_id: int
    ) -> list[Play]:
        return await self._load("guild_id = ? AND game = ? AND id > ?", (guild_id, game, after_id), conn)

    async def for_user(
        self, user_id: int, guild_id: int | None = None, limit: int | None = None
    ) -> list[Play]:
        where = "id IN (SELECT play_id FROM play_seats WHERE user_id = ?)"
        params: list[Any] = [user_id]
        if guild_id is not None:
            where += " AND guild_id = ?"
            params.append(guild_id)
        plays = await self._load(where, params)
        return plays[-limit:] if limit else plays

    async def solo(self, game: str, opponent: str, level: int | None, guild_id: int | None) -> list[Play]:
        where = "game = ? AND solo_opponent = ?"
        params: list[Any] = [game, opponent]
        if level is not None:
            where += " AND solo_level = ?"
            params.append(level)
        if guild_id is not None:
            where += " AND guild_id = ? AND id > COALESCE((SELECT after_play_id FROM board_resets WHERE guild_id = ?), 0)"
            params += [guild_id, guild_id]
        return await self._load(where, params)

    async def solo_kinds(self, game: str) -> list[tuple[str, int | None]]:
        rows = await self.db.fetchall(
            """SELECT DISTINCT solo_opponent, solo_level FROM plays
               WHERE game = ? AND solo_opponent IS NOT NULL ORDER BY solo_opponent, solo_level NULLS FIRST""",
            (game,),
        )
        return [(r["solo_opponent"], r["solo_level"]) for r in rows]

    async def games_played(self, guild_id: int) -> list[str]:
        rows = await self.db.fetchall(
            "SELECT DISTINCT game FROM plays WHERE guild_id = ? ORDER BY game", (guild_id,)
        )
        return [r["game"] for r in rows]

    async def unrecorded_matches(self, guild_id: int | None = None) -> list[int]:
        """Finished matches with a stored result but no play (finished before plays existed)."""
        sql = """SELECT m.id FROM matches m JOIN results r ON r.match_id = m.id
                 WHERE m.status = 'finished' AND NOT EXISTS (SELECT 1 FROM plays p WHERE p.match_id = m.id)"""
        params: tuple[Any, ...] = ()
        if guild_id is not None:
            sql += " AND m.guild_id = ?"
            params = (guild_id,)
        return [r["id"] for r in await self.db.fetchall(sql + " ORDER BY m.id", params)]

    # -- replacements -------------------------------------------------------------------------
    @staticmethod
    async def note_replacement_in(
        conn: Conn, match_id: int, seat: int, user_id: int, name: str
    ) -> None:
        # The first human to leave a seat is the one the play remembers.
        await conn.execute(
            """INSERT INTO seat_replacements (match_id, seat, user_id, name, replaced_at)
               VALUES (?, ?, ?, ?, ?) ON CONFLICT (match_id, seat) DO NOTHING""",
            (match_id, seat, user_id, name, time.time()),
        )

    @staticmethod
    async def replacements_in(
        conn: Conn, match_id: int
    ) -> dict[int, tuple[int | None, str | None]]:
        rows = await all_rows(
            conn, "SELECT seat, user_id, name FROM seat_replacements WHERE match_id = ?", (match_id,)
        )
        return {r["seat"]: (r["user_id"], r["name"]) for r in rows}

    # -- ratings ------------------------------------------------------------------------------
    @staticmethod
    async def reset_point_in(conn: Conn, guild_id: int) -> int:
        """Where the server's boards start. Every change to its ratings reads this first, so this
        is where concurrent rating updates of one server queue behind each other."""
        await lock_in(conn, f"ratings:{guild_id}")
        rows = await all_rows(conn, "SELECT after_play_id FROM board_resets WHERE guild_id = ?", (guild_id,))
        return int(rows[0]["after_play_id"]) if rows else 0

    async def reset_point(self, guild_id: int) -> int:
        row = await self.db.fetchone("SELECT after_play_id FROM board_resets WHERE guild_id = ?", (guild_id,))
        return int(row["after_play_id"]) if row else 0

    @staticmethod
    async def ratings_in(
        conn: Conn, guild_id: int, game: str, players: Iterable[str] | None = None
    ) -> dict[str, RatingRow]:
        rows = await all_rows(conn, "SELECT * FROM ratings WHERE guild_id = ? AND game = ?", (guild_id, game))
        return _ratings(rows, set(players) if players is not None else None)

    async def ratings(self, guild_id: int, game: str) -> dict[str, RatingRow]:
        rows = await self.db.fetchall(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ?", (guild_id, game)
        )
        return _ratings(rows, None)

    @staticmethod
    async def save_ratings_in(
        conn: Conn,
        guild_id: int,
        game: str,
        rows: Iterable[RatingRow],
        history: Iterable[HistoryRow],
    ) -> None:
        await conn.executemany(
            """INSERT INTO ratings (guild_id, game, player, mu, sigma, games, wins, last_play_id)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT (guild_id, game, player) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,
                   games = excluded.games, wins = excluded.wins, last_play_id = excluded.last_play_id""",
            [(guild_id, game, r.player, r.mu, r.sigma, r.games, r.wins, r.last_play_id) for r in rows],
        )
        await conn.executemany(
            """INSERT INTO rating_history (guild_id, game, player, play_id, mu, sigma, at)
               VALUES (?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT (guild_id, game, player, play_id) DO UPDATE SET mu = excluded.mu,
                   sigma = excluded.sigma, at = excluded.at""",
            [(guild_id, game, h.player, h.play_id, h.mu, h.sigma, h.at) for h in history],
        )

    @staticmethod
    async def clear_ratings_in(conn: Conn, guild_id: int, game: str | None = None) -> None:
        for table in ("ratings", "rating_history"):
            if game is None:
                await conn.execute(f"DELETE FROM {table} WHERE guild_id = ?", (guild_id,))
            else:
                await conn.execute(f"DELETE FROM {table} WHERE guild_id = ? AND game = ?", (guild_id, game))

    async def history(
        self, guild_id: int, player: str, game: str | None = None
    ) -> list[tuple[str, HistoryRow]]:
        sql = "SELECT * FROM rating_history WHERE guild_id = ? AND player = ?"
        params: list[Any] = [guild_id, player]
        if game is not None:
            sql += " AND game = ?"
            params.append(game)
        rows = await self.db.fetchall(sql + " ORDER BY play_id", params)
        return [
            (r["game"], HistoryRow(r["player"], r["play_id"], r["mu"], r["sigma"], r["at"])) for r in rows
        ]

    async def rated_games(self, guild_id: int) -> list[str]:
        rows = await self.db.fetchall(
            "SELECT DISTINCT game FROM ratings WHERE guild_id = ? ORDER BY game", (guild_id,)
        )
        return [r["game"] for r in rows]

    async def reset_boards(self, guild_id: int, by: int | None) -> int:
        """Start the server's boards afresh after its newest play; returns that play id."""
        async with self.db.transaction() as conn:
            rows = await all_rows(conn, "SELECT COALESCE(MAX(id), 0) AS top FROM plays", ())
            top = int(rows[0]["top"])
            await conn.execute(
                """INSERT INTO board_resets (guild_id, after_play_id, reset_by, reset_at) VALUES (?, ?, ?, ?)
                   ON CONFLICT (guild_id) DO UPDATE SET after_play_id = excluded.after_play_id,
                       reset_by = excluded.reset_by, reset_at = excluded.reset_at""",
                (guild_id, top, by, time.time()),
            )
            await self.clear_ratings_in(conn, guild_id)
        return top


def _ratings(rows: Iterable[Row], wanted: set[str] | None) -> dict[str, RatingRow]:
    return {
        r["player"]: RatingRow(r["player"], r["mu"], r["sigma"], r["games"], r["wins"], r["last_play_id"])
        for r in rows
        if wanted is None or r["player"] in wanted
    }

