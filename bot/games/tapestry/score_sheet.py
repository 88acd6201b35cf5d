"""Tapestry's score sheet for results typed in from a physical table: the VP track without the
civilizations' end-of-game VP (Isolationists, Mystics, the Islanders' island, the Artificers'
buildings: scored in the fifth income turn, asked apart so they are counted once), those VP, and
any correction."""

from __future__ import annotations

from collections.abc import Mapping

from bot.leaderboard.calculators import Calculator, Field, total


def tapestry(v: Mapping[str, int], level: int | None = None) -> dict[str, int]:
    return total({"track": v["track"], "civilization": v["civilization"], "other": v["other"]})


SHEETS = (
    Calculator(
        "tapestry",
        (
            Field("track", "calc.tapestry.track", 0, 400),
            Field("civilization", "calc.tapestry.civilization", 0, 100),
            Field("other", "calc.tapestry.corrections", -99, 99),
        ),
        tapestry,
    ),
)
