"""Architects' score sheet for results typed in from a physical table: a modal holds five
fields, so the two smaller pairs share one field each ("a/b")."""

from __future__ import annotations

from collections.abc import Mapping

from bot.leaderboard.calculators import Calculator, Field, total
from engine.games.architects.data import board

CATHEDRAL_LEVELS = 5
VIRTUE_LOW, VIRTUE_HIGH = -9, 7  # the points the Virtue track prints at 0 and 14


def architects(v: Mapping[str, int], level: int | None = None) -> dict[str, int]:
    """Buildings (printed plus bonuses, Fountain and Gambler's Den included), the Cathedral level
    read off its table, the Virtue track's points as printed, Gold and Marble 1 each, 1 per 10
    Silver, -2 per unpaid Debt and -1 per two workers in Prison. Every empty field counts 0 (the
    Virtue field takes points, not the track's position, so a total typed alone stays a total)."""
    data = board()
    level_no = v["cathedral"]
    return total(
        {
            "buildings": v["buildings"],
            "cathedral": data.cathedral[level_no - 1].vp if level_no else 0,
            "virtue": v["virtue"],
            "gold_marble": v["gold_marble"],
            "silver": v["silver"] // 10,
            "debts": -2 * v["debts"],
            "prison": -(v["prison"] // 2),
        }
    )


SHEETS = (
    Calculator(
        "architects",
        (
            Field("buildings", "calc.architects.buildings", 0, 300),
            Field("cathedral", "calc.architects.cathedral", 0, CATHEDRAL_LEVELS),
            Field("virtue", "calc.architects.virtue", VIRTUE_LOW, VIRTUE_HIGH),
            Field("goods", "calc.architects.goods", 0, 999, pair=("gold_marble", "silver")),
            Field("penalties", "calc.architects.penalties", 0, 99, pair=("debts", "prison")),
        ),
        architects,
    ),
)
