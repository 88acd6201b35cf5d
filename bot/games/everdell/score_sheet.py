"""Everdell's score sheets for results typed in from a physical table: the five categories, and
the two automated opponents' own sheets (Rugwort's, and Nightweave's by her difficulty row)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from bot.leaderboard.calculators import Calculator, Field, total
from engine.games.everdell.mistwood.loader import default_scoring


# -- Everdell: the five scoring categories ----------------------------------------------------------
def everdell(v: Mapping[str, int], level: int | None = None) -> dict[str, int]:
    return total({k: v[k] for k in ("cards", "tokens", "prosperity", "events", "journey")})


# -- Rugwort (Everdell solo): 2 per card, 3 per Prosperity card, 3 per event, and per Special
#    Event the player missed 3 points in year 1, 6 in later years -------------------------------------
def rugwort(v: Mapping[str, int], level: int | None = None) -> dict[str, int]:
    prosperity = min(v["prosperity_cards"], v["city_cards"])
    per_missed = 3 if (level or 1) == 1 else 6
    return total(
        {
            "cards": 2 * (v["city_cards"] - prosperity) + 3 * prosperity,
            "tokens": v["tokens"],
            "journey": v["journey"],
            "events": 3 * v["events"] + per_missed * v["missed_specials"],
        }
    )


# -- Nightweave (Mistwood): printed points plus the difficulty row's values --------------------------
@cache
def _nightweave_levels() -> dict[int, tuple[int, int, int]]:
    """level -> (per Special Event, per Prosperity card, per 0-point card)."""
    return {
        row.level: (row.special_event, row.bonus_prosperity, row.bonus_zero_value)
        for row in default_scoring().levels
    }


def nightweave(v: Mapping[str, int], level: int | None = None) -> dict[str, int]:
    special, per_prosperity, per_zero = _nightweave_levels()[level if level is not None else 0]
    return total(
        {
            "cards": v["cards"],
            "tokens": v["tokens_journey"],
            "basic_events": v["basic_events"],
            "special_events": special * v["special_events"],
            # Each city card earns at most one bonus, so the player counts each card once.
            "bonus": per_prosperity * v["prosperity_cards"] + per_zero * v["zero_cards"],
        }
    )



SHEETS = (
    Calculator(
        "everdell",
        (
            Field("cards", "calc.everdell.cards", 0, 200),
            Field("tokens", "calc.everdell.tokens", 0, 150),
            Field("prosperity", "calc.everdell.prosperity", 0, 150),
            Field("events", "calc.everdell.events", 0, 150),
            Field("journey", "calc.everdell.journey", 0, 50),
        ),
        everdell,
    ),
    Calculator(
        "rugwort",
        (
            Field("cards", "calc.rugwort.cards", 0, 30, pair=("city_cards", "prosperity_cards")),
            Field("tokens", "calc.rugwort.tokens", 0, 150),
            Field("journey", "calc.rugwort.journey", 0, 50),
            Field("events", "calc.rugwort.events", 0, 10),
            Field("missed_specials", "calc.rugwort.missed", 0, 4),
        ),
        rugwort,
    ),
    Calculator(
        "nightweave",
        (
            Field("cards", "calc.nightweave.cards", 0, 200),
            Field("tokens_journey", "calc.nightweave.tokens", 0, 200),
            Field("basic_events", "calc.nightweave.basic_events", 0, 100),
            Field("special_events", "calc.nightweave.special_events", 0, 10),
            Field("bonus", "calc.nightweave.bonus", 0, 30, pair=("prosperity_cards", "zero_cards")),
        ),
        nightweave,
    ),
)
