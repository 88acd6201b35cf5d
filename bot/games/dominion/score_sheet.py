"""Dominion's score sheet for results typed in from a physical table: the Victory cards."""

from __future__ import annotations

from collections.abc import Mapping

from bot.leaderboard.calculators import Calculator, Field, total


# -- Dominion: Victory cards in the deck ------------------------------------------------------------
def dominion(v: Mapping[str, int], level: int | None = None) -> dict[str, int]:
    return total(
        {
            "provinces": 6 * v["provinces"],
            "duchies": 3 * v["duchies"],
            "estates": v["estates"],
            "curses": -v["curses"],
            "gardens": v["gardens"] * (v["deck"] // 10),  # 1 VP per full 10 cards, per Gardens
        }
    )



SHEETS = (
    Calculator(
        "dominion",
        (
            Field("provinces", "calc.dominion.provinces", 0, 12),
            Field("duchies", "calc.dominion.duchies", 0, 12),
            Field("estates", "calc.dominion.estates", 0, 30),
            Field("curses", "calc.dominion.curses", 0, 30),
            Field("gardens_deck", "calc.dominion.gardens", 0, 999, pair=("gardens", "deck")),
        ),
        dominion,
    ),
)
