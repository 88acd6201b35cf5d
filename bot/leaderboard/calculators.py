"""Score calculators for results entered from a physical table: what to count, and the arithmetic.

Each calculator is data (at most five fields: one Discord modal) plus a function from the counted
values to a breakdown whose "total" is the score. An empty field counts as 0, so anyone who already
knows a total can type it into the first field. A "pair" field takes two numbers as "a/b".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from bot.errors import UserError
from bot.i18n import t

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


def total(parts: dict[str, int]) -> dict[str, int]:
    parts["total"] = sum(parts.values())
    return parts


def plain(v: Mapping[str, int], level: int | None = None) -> dict[str, int]:
    return {"total": v["score"]}


_PLAIN = Calculator("plain", (Field("score", "calc.score", -999, 9999),), plain)


def _sheets() -> dict[str, Calculator]:
    """Every game's score sheets (its UI plug-in), by id, and the plain total."""
    from bot import plugins

    found = {sheet.id: sheet for game_id in plugins.ui_ids() for sheet in plugins.ui(game_id).score_sheets}
    return {**found, _PLAIN.id: _PLAIN}


def calculator(calc_id: str | None) -> Calculator:
    return _sheets().get(calc_id or "plain") or _PLAIN


def part_names(calc: Calculator) -> tuple[str, ...]:
    """The breakdown's parts in the sheet's own order (the order its function writes them)."""
    zeros = {n: 0 for f in calc.fields for n in (f.pair or (f.id,))}
    for level in (None, 1):  # a sheet priced by level may need one
        try:
            return tuple(calc.compute(zeros, level))
        except (KeyError, ValueError, ZeroDivisionError):
            continue
    return ()


def in_sheet_order(breakdown: Mapping[str, int]) -> dict[str, int]:
    """`breakdown` in the order of the sheet that produced it. Stored breakdowns come back with
    their keys sorted, so the order is taken from the sheet whose parts they are (the one with
    exactly these parts, else the first that has them all); unknown parts keep their place, last."""
    keys = set(breakdown)
    orders = [part_names(calc) for calc in _sheets().values()]
    order = next((o for o in orders if set(o) == keys), None) or next((o for o in orders if keys <= set(o)), ())
    ranked = {k: i for i, k in enumerate(order)}
    return dict(sorted(breakdown.items(), key=lambda kv: ranked.get(kv[0], len(ranked))))


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
