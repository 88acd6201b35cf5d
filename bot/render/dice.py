"""A /roll result in words: each die shown, dropped ones struck through, and the total."""

from __future__ import annotations

from bot.i18n import t
from bot.render.limits import CONTENT, clip
from engine.tools.dice import RollResult


def roll_text(result: RollResult, user: str, locale: str) -> str:
    parts = []
    for term in result.terms:
        if term.term.count == 0:
            parts.append(f"{'-' if term.term.sign < 0 else '+'}{term.term.constant}")
            continue
        shown = ", ".join(f"**{r}**" if r in term.kept else f"~~{r}~~" for r in term.rolls)
        sign = "-" if term.term.sign < 0 else "+"
        parts.append(f"{sign}{term.term.count}d{term.term.faces} [{shown}]")
    detail = " ".join(parts).lstrip("+")
    return clip(t("dice.result", locale, user=user, notation=result.notation, detail=detail, total=result.total), CONTENT)
