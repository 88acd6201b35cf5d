"""The solo AI in words for the physical-table companion: its Plot cards, their conditions (as
statements, and as the questions that settle them at a table), the effects of their options and
the places it goes. The online table's log lines are `solo_text.py`'s; both use the same
`architects.ai.*` messages for effects, conditions and Powers."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from engine.games.architects.ai.data import AiData, Condition, Effect, from_text, parse_option


def data_of(options: dict[str, Any]) -> AiData:
    text = options.get("ai_data")
    return from_text(text if isinstance(text, str) else None)


def ai_name(ai: str, locale: str, data: AiData | None = None) -> str:
    found = (data or from_text(None)).opponent(ai)
    return found.name_pt if locale.startswith("pt") else found.name


def plot_name(card_id: str, locale: str, data: AiData | None = None) -> str:
    plot = next((p for p in (data or from_text(None)).plots if p.id == card_id), None)
    if plot is None:
        return card_id
    return plot.name_pt if locale.startswith("pt") else plot.name


def place(location: str, locale: str) -> str:
    """A Plot card's location in words (the figures by their role)."""
    from bot.games.architects.text import name

    key = f"architects.table.ai.where.{location}"
    return (
        t(key, locale)
        if location in ("princess", "profiteer", "black_market", "guildhall")
        else name(location, locale)
    )


def effect_text(effect: Effect, locale: str) -> str:
    n = effect.n + 1 if effect.name == "market" else effect.n  # Black Market spaces counted from 1
    return t(f"architects.ai.effect.{effect.name}", locale, n=n, count=n)


def option_text(option: str | tuple[Effect, ...] | None, locale: str) -> str:
    if option is None:
        return t("architects.ai.nothing", locale)
    effects = parse_option(option) if isinstance(option, str) else option
    return ", ".join(effect_text(e, locale) for e in effects)


def condition_text(condition: Condition, locale: str, question: bool = False) -> str:
    """A Plot card's red condition: a statement ("the AI has 5 or less Influence") or, for a table,
    the question that settles it."""
    key = (
        f"architects.table.ai.question.{condition.kind}"
        if question
        else f"architects.ai.cond.{condition.kind}"
    )
    return t(key, locale, value=condition.value or 0)
