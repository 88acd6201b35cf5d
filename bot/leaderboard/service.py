"""What the leaderboard commands ask for: boards, recomputes, solo records, stats, privacy."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass

from bot.errors import UserError
from bot.leaderboard.ratings import ordinal, replay
from bot.leaderboard.recorder import backfill
from bot.leaderboard.stats import (
    BoardEntry,
    HeadToHead,
    SoloBoard,
    UserStats,
    board,
    head_to_head,
    solo_board,
    user_stats,
)
from storage import Store
from storage.leaderboard import Play, PlayRepo, RatingRow
from storage.leaderboard_privacy import ForgetReport, StillPlaying

DAY = 86400.0


@dataclass(frozen=True)
class Profile:
    stats: UserStats
    ratings: dict[str, RatingRow]  # game -> current rating on this server
    series: dict[str, list[float]]  # game -> conservative rating after each rated game


class LeaderboardService:
    def __init__(self, store: Store) -> None:
        self.store = store

    # -- boards -----------------------------------------------------------------------------------
    async def board(
        self, guild_id: int, game: str, days: int | None = None, now: float | None = None
    ) -> list[BoardEntry]:
        """The server's ratings; with `days`, ratings replayed from that window's games only."""
        hidden = await self.store.privacy.hidden()
        if days is None:
            return board(await self.store.plays.ratings(guild_id, game), hidden)
        since = (now or time.time()) - days * DAY
        after = await self.store.plays.reset_point(guild_id)
        plays = await self.store.plays.for_guild(guild_id, game, since=since, after_id=after)
        return board(replay(plays).table, hidden)

    async def recompute(self, guild_id: int) -> dict[str, int]:
        """Rebuild the server's ratings from its stored plays; returns rated plays per game."""
        await backfill(self.store, guild_id)
        games = sorted(
            set(await self.store.plays.games_played(guild_id))
            | set(await self.store.plays.rated_games(guild_id))
        )
        counts: dict[str, int] = {}
        async with self.store.db.transaction() as conn:
            after = await PlayRepo.reset_point_in(conn, guild_id)
            for game in games:
                result = replay(await self.store.plays.for_guild_in(conn, guild_id, game, after))
                await PlayRepo.clear_ratings_in(conn, guild_id, game)
                await PlayRepo.save_ratings_in(conn, guild_id, game, result.table.values(), result.history)
                counts[game] = result.rated
        return counts

    async def reset(self, guild_id: int, by: int) -> None:
        await self.store.plays.reset_boards(guild_id, by)

    async def solo(self, game: str, opponent: str, level: int | None, guild_id: int | None) -> SoloBoard:
        plays = await self.store.plays.solo(game, opponent, level, guild_id)
        return solo_board(plays, await self.store.privacy.hidden())

    # -- players ----------------------------------------------------------------------------------
    async def profile(self, guild_id: int, user_id: int) -> Profile:
        plays = await self.store.plays.for_user(user_id, guild_id)
        stats = user_stats(plays, user_id)
        ratings: dict[str, RatingRow] = {}
        for game in stats.per_game:
            row = (await self.store.plays.ratings(guild_id, game)).get(str(user_id))
            if row is not None:
                ratings[game] = row
        series: dict[str, list[float]] = {}
        for game, h in await self.store.plays.history(guild_id, str(user_id)):
            series.setdefault(game, []).append(ordinal(h.mu, h.sigma))
        return Profile(stats, ratings, series)

    async def head_to_head(self, guild_id: int, a: int, b: int) -> HeadToHead:
        return head_to_head(await self.store.plays.for_user(a, guild_id), a, b)

    async def history(self, guild_id: int, user_id: int, limit: int = 10) -> list[Play]:
        return list(reversed(await self.store.plays.for_user(user_id, guild_id, limit=limit)))

    async def visible(self, user_id: int) -> bool:
        return not await self.store.privacy.is_hidden(user_id)

    async def hidden(self) -> set[int]:
        return await self.store.privacy.hidden()

    # -- privacy ----------------------------------------------------------------------------------
    async def hide(self, user_id: int, hidden: bool) -> None:
        await self.store.privacy.set_hidden(user_id, hidden)

    async def forget(self, user_id: int) -> ForgetReport:
        """Delete everything that names `user_id`; their seats stay under a random pseudonym."""
        try:
            return await self.store.privacy.forget(user_id, "anon:" + secrets.token_hex(8))
        except StillPlaying as exc:
            raise UserError("privacy.error.playing", games=", ".join(f"#{m}" for m in exc.match_ids)) from exc
