"""Farshore's score sheet for a result typed in from a physical table (it needs no card data):
printed card points, Prosperity bonuses, point tokens plus 2 per Treasure, Maps as "sum/count"
(each Map is worth its value times the Maps owned), and the Boat's space."""

from __future__ import annotations

from collections.abc import Mapping

from bot.leaderboard.calculators import Calculator, Field, total


def farshore(v: Mapping[str, int], level: int | None = None) -> dict[str, int]:
    return total(
        {
            "cards": v["cards"],
            "prosperity": v["prosperity"],
            "tokens": v["tokens"],
            "treasure": 2 * v["treasure"],
            "maps": v["map_sum"] * v["map_count"],
            "boat": v["boat"],
        }
    )


SHEETS = (
    Calculator(
        "farshore",
        (
            Field("cards", "calc.farshore.cards", 0, 200),
            Field("prosperity", "calc.farshore.prosperity", 0, 200),
            Field("tokens", "calc.farshore.tokens", 0, 200, pair=("tokens", "treasure")),
            Field("maps", "calc.farshore.maps", 0, 12, pair=("map_sum", "map_count")),
            Field("boat", "calc.farshore.boat", 0, 60),
        ),
        farshore,
    ),
)
