"""Score calculators for results entered from a physical table: what to count, and the arithmetic.

Each calculator is data (at most five fields: one Discord modal) plus a function from the counted
values to a breakdown whose "total" is the score. An empty field counts as 0, so anyone who already
knows a total can type it into the first field. A "pair" field takes two numbers as "a/b".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache

from bot.errors import UserError
from bot.i18n import t
from engine.games.everdell.mistwood.loader import default_scoring

MAX_FIELDS = 5  # a modal holds five inputs


@dataclass(frozen=True)
class Field:
    id: str
    label_key: str
    low: int = 0
    high: int = 99
    pair: tuple[str, str] | None = None  # ids of the two numbers in an "a/b" field


Compute = Callable[[Mapping[str, int], int | None], dict[str, int]]


@dataclass(frozen=True)
class Calculator:
    id: str
    fields: tuple[Field, ...]
    compute: Compute


def _total(parts: dict[str, int]) -> dict[str, int]:
    parts["total"] = sum(parts.values())
    return parts


# -- Dominion: Victory cards in the deck ------------------------------------------------------------
def dominion(v: Mapping[str, int], level: int | None = None) -> dict[str, int]:
    return _total(
        {
            "provinces": 6 * v["provinces"],
            "duchies": 3 * v["duchies"],
            "estates": v["estates"],
            "curses": -v["curses"],
            "gardens": v["gardens"] * (v["deck"] // 10),  # 1 VP per full 10 cards, per Gardens
        }
    )


# -- Everdell: the five scoring categories ----------------------------------------------------------
def everdell(v: Mapping[str, int], level: int | None = None) -> dict[str, int]:
    return _total({k: v[k] for k in ("cards", "tokens", "prosperity", "events", "journey")})


# -- Rugwort (Everdell solo): 2 per card, 3 per Prosperity card, 3 per event, and per Special
#    Event the player missed 3 points in year 1, 6 in later years -------------------------------------
def rugwort(v: Mapping[str, int], level: int | None = None) -> dict[str, int]:
    prosperity = min(v["prosperity_cards"], v["city_cards"])
    per_missed = 3 if (level or 1) == 1 else 6
    return _total(
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
    return _total(
        {
            "cards": v["cards"],
            "tokens": v["tokens_journey"],
            "basic_events": v["basic_events"],
            "special_events": special * v["special_events"],
            # Each city card earns at most one bonus, so the player counts each card once.
            "bonus": per_prosperity * v["prosperity_cards"] + per_zero * v["zero_cards"],
        }
    )


def plain(v: Mapping[str, int], level: int | None = None) -> dict[str, int]:
    return {"total": v["score"]}


CALCULATORS: dict[str, Calculator] = {
    c.id: c
    for c in (
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
        Calculator("plain", (Field("score", "calc.score", -999, 9999),), plain),
    )
}


def calculator(calc_id: str | None) -> Calculator:
    return CALCULATORS.get(calc_id or "plain") or CALCULATORS["plain"]


def _number(text: str, label: str, low: int, high: int) -> int:
    try:
        value = int(text.strip() or "0")
    except ValueError:
        raise UserError("calc.error.not_number", field=label, value=text.strip()) from None
    if not low <= value <= high:
        raise UserError("calc.error.range", field=label, low=low, high=high, value=value)
    return value


def read(calc: Calculator, raw: Mapping[str, str], locale: str) -> dict[str, int]:
    """The typed texts as numbers, checked field by field; UserError names the bad field."""
    values: dict[str, int] = {}
    for f in calc.fields:
        text = raw.get(f.id, "") or ""
        label = t(f.label_key, locale)
        if f.pair is None:
            values[f.id] = _number(text, label, f.low, f.high)
            continue
        first, _, second = text.replace(",", "/").partition("/")
        values[f.pair[0]] = _number(first, label, f.low, f.high)
        values[f.pair[1]] = _number(second, label, f.low, f.high)
    return values


def calculate(calc: Calculator, raw: Mapping[str, str], level: int | None, locale: str) -> dict[str, int]:
    """Breakdown with "total" from the typed texts."""
    return calc.compute(read(calc, raw, locale), level)
