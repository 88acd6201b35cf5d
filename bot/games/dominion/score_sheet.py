"""Dominion's score sheet for results typed in from a physical table: the Victory cards, and the
VP tokens and any other points (Adventures' tokens, a Landmark...) as one number."""

from __future__ import annotations

from collections.abc import Mapping

from bot.leaderboard.calculators import Calculator, Field, total


# -- Dominion: Victory cards in the deck, then everything else ----------------------------------------
def dominion(v: Mapping[str, int], level: int | None = None) -> dict[str, int]:
    return total(
        {
            "provinces": 6 * v["provinces"],
            "duchies": 3 * v["duchies"],
            "estates": v["estates"],
            "curses": -v["curses"],
            "gardens": v["gardens"] * (v["deck"] // 10),  # 1 VP per full 10 cards, per Gardens
            "vp_other": v["vp_other"],
        }
    )


# A modal holds five inputs: Duchies and Estates share one "a/b" field, as Gardens and the deck do.
SHEETS = (
    Calculator(
        "dominion",
        (
            Field("provinces", "calc.dominion.provinces", 0, 12),
            Field("duchies_estates", "calc.dominion.duchies_estates", 0, 30, pair=("duchies", "estates")),
            Field("curses", "calc.dominion.curses", 0, 30),
            Field("gardens_deck", "calc.dominion.gardens", 0, 999, pair=("gardens", "deck")),
            Field("vp_other", "calc.dominion.vp_other", -99, 999),
        ),
        dominion,
    ),
)
