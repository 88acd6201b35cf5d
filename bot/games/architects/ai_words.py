"""The solo AI in words: its Plot cards, their conditions (as statements for the game's log and as
questions for a physical table), the effects of their options, its Power, and its seat's name.
Used by the online table's log lines and by the physical-table companion."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from bot.render.common import BOT_MARK
from bot.table import Live
from engine.games.architects.ai.data import COUNTED, AiData, Condition, Effect, from_text, parse_option

AI_SEAT = 1  # the engine seats the AI after the one person


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

    key = f"architects.ai.where.{location}"
    return (
        t(key, locale)
        if location in ("princess", "profiteer", "black_market", "guildhall")
        else name(location, locale)
    )


def effect_text(effect: Effect, locale: str) -> str:
    if effect.name == "market":
        return t("architects.ai.effect.market", locale, space=t(f"architects.market.{effect.n}", locale))
    if effect.name in COUNTED:
        return t(f"architects.ai.effect.{effect.name}", locale, count=effect.n)
    return t(f"architects.ai.effect.{effect.name}", locale)


def option_text(option: str | tuple[Effect, ...] | None, locale: str) -> str:
    if option is None:
        return t("architects.ai.nothing", locale)
    effects = parse_option(option) if isinstance(option, str) else option
    return ", ".join(effect_text(e, locale) for e in effects)


def condition_text(condition: Condition, locale: str, question: bool = False) -> str:
    """A Plot card's red condition: a statement ("the AI has 5 or less Influence") or, for a table,
    the question that settles it."""
    kind = "question" if question else "condition"
    return t(f"architects.ai.{kind}.{condition.kind}", locale, value=condition.value or 0)


def seat_name(live: Live, seat: int) -> str | None:
    """The AI's seat in a solo game: its board's name."""
    ai = live.record.options.get("opponent")
    if not isinstance(ai, str) or seat != AI_SEAT:
        return None
    return f"{BOT_MARK} {ai_name(ai, live.record.locale or 'en', data_of(dict(live.record.options)))}"


def params(live: Live | None, data: dict[str, Any], locale: str) -> dict[str, Any]:
    """The AI events' parameters in words (`architects.event.ai_*`)."""
    out: dict[str, Any] = {}
    options = dict(live.record.options) if live is not None else {}
    if not options.get("opponent"):
        return out
    ai = data_of(options)
    card = data.get("card")
    if isinstance(card, str) and any(p.id == card for p in ai.plots):
        out["card"] = plot_name(card, locale, ai)
        out["future"] = t("architects.ai.future_added", locale, card=out["card"])
    elif "card" in data and card is None:
        out["future"] = t("architects.ai.future_none", locale)
    if isinstance(data.get("slots"), list):
        out["slots"] = ", ".join(str(s) for s in data["slots"])
    if "upper" in data and isinstance(data.get("location"), str):
        out["where"] = place(data["location"], locale)
        out["option"] = option_text(data.get("option"), locale)
        cond = data.get("condition")
        out["test"] = ""
        if isinstance(cond, str):
            plot = next((p for p in ai.plots if p.id == card), None)
            if plot is not None and plot.condition is not None:
                held = t("architects.ai.yes" if data.get("held") else "architects.ai.no", locale)
                out["test"] = " " + t(
                    "architects.ai.tested",
                    locale,
                    condition=condition_text(plot.condition, locale),
                    held=held,
                )
        out["focus"] = (" " + t("architects.ai.focus", locale)) if data.get("focus") else ""
    if isinstance(data.get("power"), str):
        out["power"] = t(f"architects.ai.power.{data['power']}", locale)
    if isinstance(data.get("ai"), str):
        out["ai"] = ai_name(data["ai"], locale, ai)
    if "marble" in data and isinstance(data.get("marble"), int):
        out["marble"] = (
            t("architects.ai.track_marble", locale, count=data["marble"]) if data["marble"] else ""
        )
    return out
