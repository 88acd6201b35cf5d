"""Skill ratings with openskill's Plackett–Luce model, replayed from stored plays.

Only games between people count: a bot or automa at the table, an abandoned game or a player
replaced mid-game says little about skill, so those plays are recorded but never rated. Replaying
rated plays in id order is the definition of the ratings; the stored table is a cache of it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

from storage.leaderboard import HistoryRow, Play, RatingRow

PROVISIONAL_GAMES = 5  # fewer rated games than this: the rating is shown as provisional
Z = 3.0  # the conservative estimate subtracts Z standard deviations


def model() -> PlackettLuce:
    return PlackettLuce()


def ordinal(mu: float, sigma: float) -> float:
    return mu - Z * sigma


def provisional(games: int) -> bool:
    return games < PROVISIONAL_GAMES


def unrated_reason(play: Play) -> str | None:
    """Why a play does not change ratings, or None if it does."""
    if play.ended_how != "normal":
        return play.ended_how  # abandoned | replaced
    if any(s.kind != "human" for s in play.seats):
        return "bots"
    humans = play.humans
    if len(humans) < 2:
        return "solo"
    if any(s.rank is None for s in humans):
        return "no_ranks"
    keys = [s.player for s in humans]
    if None in keys or len(set(keys)) != len(keys):
        return "players"
    return None


def apply(
    table: dict[str, RatingRow], play: Play, rating_model: PlackettLuce | None = None
) -> list[HistoryRow]:
    """Rate one play (which must be rated) into `table`; returns the new history rows."""
    m = rating_model or model()
    humans = play.humans
    keys = [str(s.player) for s in humans]
    before = [table.get(k) for k in keys]
    teams = [[m.rating(mu=r.mu, sigma=r.sigma) if r else m.rating()] for r in before]
    ranks = [float(s.rank or 0) for s in humans]
    after = m.rate(teams, ranks=ranks)
    history = []
    for key, seat, old, team in zip(keys, humans, before, after, strict=True):
        new = team[0]
        table[key] = RatingRow(
            player=key,
            mu=new.mu,
            sigma=new.sigma,
            games=(old.games if old else 0) + 1,
            wins=(old.wins if old else 0) + (1 if seat.rank == 1 else 0),
            last_play_id=play.id,
        )
        history.append(HistoryRow(key, play.id, new.mu, new.sigma, play.ended_at))
    return history


@dataclass
class Replay:
    table: dict[str, RatingRow] = field(default_factory=dict)
    history: list[HistoryRow] = field(default_factory=list)
    rated: int = 0
    skipped: int = 0


def replay(plays: Iterable[Play]) -> Replay:
    """Ratings from nothing, rating every rated play in id order."""
    out = Replay()
    m = model()
    for play in sorted(plays, key=lambda p: p.id):
        if unrated_reason(play) is None:
            out.history.extend(apply(out.table, play, m))
            out.rated += 1
        else:
            out.skipped += 1
    return out
