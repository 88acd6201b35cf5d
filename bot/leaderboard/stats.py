"""Stats over stored plays: boards, a player's record, head-to-head, solo records. Pure functions."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from bot.leaderboard.ratings import ordinal, provisional
from storage.leaderboard import Play, RatingRow, SeatResult


@dataclass(frozen=True)
class BoardEntry:
    user_id: int
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return provisional(self.games)


def board(table: Mapping[str, RatingRow], hidden: set[int]) -> list[BoardEntry]:
    """Named, visible players, best conservative rating first (ties: more games, then id)."""
    out = [
        BoardEntry(int(r.player), r.mu, r.sigma, r.games, r.wins)
        for r in table.values()
        if r.player.isdigit() and int(r.player) not in hidden
    ]
    out.sort(key=lambda e: (-e.ordinal, -e.games, e.user_id))
    return out


def counted(play: Play, seat: SeatResult) -> bool:
    """A seat whose result speaks for its player: the game finished and they played it out."""
    return play.ended_how != "abandoned" and not seat.replaced and seat.rank is not None


@dataclass
class UserStats:
    games: int = 0
    wins: int = 0
    abandoned: int = 0
    left: int = 0
    scores: list[int] = field(default_factory=list)
    per_game: Counter[str] = field(default_factory=Counter)
    wins_per_game: Counter[str] = field(default_factory=Counter)

    @property
    def average(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None

    def favourites(self, n: int = 3) -> list[tuple[str, int]]:
        return sorted(self.per_game.items(), key=lambda kv: (-kv[1], kv[0]))[:n]


def user_stats(plays: Iterable[Play], user_id: int, game: str | None = None) -> UserStats:
    out = UserStats()
    for play in plays:
        seat = play.seat_of(user_id)
        if seat is None or (game is not None and play.game != game):
            continue
        if play.ended_how == "abandoned":
            out.abandoned += 1
            continue
        if seat.replaced:
            out.left += 1
            continue
        if seat.rank is None:
            continue
        out.games += 1
        out.per_game[play.game] += 1
        if seat.rank == 1:
            out.wins += 1
            out.wins_per_game[play.game] += 1
        if seat.score is not None:
            out.scores.append(seat.score)
    return out


@dataclass(frozen=True)
class HeadToHead:
    games: int
    ahead: int  # the first player finished ahead
    behind: int
    ties: int


def head_to_head(plays: Iterable[Play], a: int, b: int, game: str | None = None) -> HeadToHead:
    games = ahead = behind = ties = 0
    for play in plays:
        if game is not None and play.game != game:
            continue
        sa, sb = play.seat_of(a), play.seat_of(b)
        if sa is None or sb is None or not counted(play, sa) or not counted(play, sb):
            continue
        assert sa.rank is not None and sb.rank is not None
        games += 1
        if sa.rank < sb.rank:
            ahead += 1
        elif sa.rank > sb.rank:
            behind += 1
        else:
            ties += 1
    return HeadToHead(games, ahead, behind, ties)


@dataclass(frozen=True)
class SoloScore:
    user_id: int | None
    name: str | None
    score: int
    won: bool
    play_id: int
    level: int | None
    at: float


@dataclass(frozen=True)
class SoloRate:
    user_id: int
    games: int
    wins: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass
class SoloBoard:
    best: list[SoloScore]
    rates: list[SoloRate]
    games: int


def solo_results(play: Play) -> list[SoloScore]:
    """Each person's score against the automated opponent, and whether they beat it."""
    opponent = next((s for s in play.seats if s.kind == "automa"), None)
    out = []
    for seat in play.humans:
        if not counted(play, seat) or seat.score is None:
            continue
        won = opponent is None or opponent.rank is None or (seat.rank or 99) < opponent.rank
        out.append(
            SoloScore(seat.user_id, seat.name, seat.score, won, play.id, play.solo_level, play.ended_at)
        )
    return out


def solo_board(plays: Iterable[Play], hidden: set[int], top: int = 10) -> SoloBoard:
    scores = [s for play in plays for s in solo_results(play)]
    visible = [s for s in scores if s.user_id is not None and s.user_id not in hidden]
    best = sorted(visible, key=lambda s: (-s.score, s.at))[:top]
    tally: dict[int, list[int]] = {}
    for s in visible:
        assert s.user_id is not None
        games_wins = tally.setdefault(s.user_id, [0, 0])
        games_wins[0] += 1
        games_wins[1] += int(s.won)
    rates = [SoloRate(uid, g, w) for uid, (g, w) in tally.items()]
    rates.sort(key=lambda r: (-r.rate, -r.games, r.user_id))
    return SoloBoard(best, rates[:top], len(scores))
