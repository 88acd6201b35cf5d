"""The solo AI's log lines in words: its seat's name, the Plot card, the condition it tested,
the option it carried out, its Power (see `locales/*/solo.json`)."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from bot.render.common import BOT_MARK
from bot.table import Live
from engine.games.architects.ai.data import opponent_name

AI_SEAT = 1


def seat_name(live: Live, seat: int) -> str | None:
    """The AI is seat 1 of a solo table, beyond the match's one seat."""
    ai = live.record.options.get("opponent")
    if seat != AI_SEAT or not isinstance(ai, str):
        return None
    return f"{BOT_MARK} {opponent_name(ai, 'en')}"


def _effect(text: str, locale: str) -> str:
    name, _, amount = text.partition(":")
    n = int(amount) if amount.isdigit() else 1
    if name == "market":
        n += 1  # spaces are counted from 1 in words
    return t(f"architects.ai.effect.{name}", locale, n=n, count=n)


def params(data: dict[str, Any], locale: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if isinstance(data.get("ai"), str):
        out["ai"] = opponent_name(data["ai"], locale)
    if "option" in data and "upper" in data:  # an ai_plot line
        option = data["option"]
        out["option"] = (
            t("architects.ai.nothing", locale)
            if not isinstance(option, str)
            else " + ".join(_effect(e, locale) for e in option.split("+"))
        )
        if data.get("focus"):
            out["option"] = f"{t('architects.ai.focus', locale)}: {out['option']}"
        out["test"] = ""
        condition = data.get("condition")
        if isinstance(condition, str):
            from engine.games.architects.ai.data import ours

            card = next((c for c in ours().plots if c.id == data.get("card")), None)
            value = card.condition.value if card is not None and card.condition is not None else None
            words = t(f"architects.ai.cond.{condition}", locale, value=value if value is not None else "")
            out["test"] = t(
                "architects.ai.test_yes" if data.get("held") else "architects.ai.test_no",
                locale,
                condition=words,
            )
    if isinstance(data.get("power"), str):
        out["power"] = t(f"architects.ai.power.{data['power']}", locale)
    if isinstance(data.get("steps"), int):
        out["steps"] = t("architects.ai.steps", locale, count=data["steps"])
        marble = data.get("marble") or 0
        out["marble"] = t("architects.ai.track_marble", locale, count=marble) if marble else ""
    if isinstance(data.get("slots"), list):
        out["slots"] = ", ".join(str(s) for s in data["slots"])
    return out
