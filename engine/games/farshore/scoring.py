"""Final scoring and the tie-break (rulebook p11, Treasure p9, Maps p7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.farshore.content import RESOURCES

if TYPE_CHECKING:
    from engine.games.farshore.game import FarshoreGame

TREASURE_POINTS = 2


def map_points(values: list[int]) -> int:
    """Each Map is worth its face value times the number of Maps owned (that one included)."""
    return sum(values) * len(values)


def breakdown(game: FarshoreGame, seat: int) -> dict[str, int]:
    pl = game.players[seat]
    cards = [game.card(v.card) for v in pl.village]
    prosperity = sum(points * game.count(seat, per) for c in cards for per, points in c.scoring)
    return {
        "cards": sum(c.points for c in cards),
        "prosperity": prosperity,
        "tokens": pl.tokens,
        "treasure": TREASURE_POINTS * pl.treasure,
        "maps": map_points(list(pl.maps.values())),
        "boat": game.content.track_points[pl.boat],
    }


def tiebreak(game: FarshoreGame, seat: int, score: int) -> tuple[int, int, int, int, int]:
    """Points, then the Boat farthest, most Maps, most Treasure, most resources left."""
    pl = game.players[seat]
    return (score, pl.boat, len(pl.maps), pl.treasure, sum(pl.res[r] for r in RESOURCES))
