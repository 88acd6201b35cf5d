"""Everdell's opponent choice in `/game new`: none, Rugwort (solo) or Nightweave (1 or 2 people),
turned into match options and a table size before the lobby opens."""

from __future__ import annotations

from typing import Any

from bot.errors import UserError

NONE, RUGWORT, NIGHTWEAVE = "none", "rugwort", "nightweave"
OPPONENTS = (NONE, RUGWORT, NIGHTWEAVE)
MODULE_CHOICES = ("", "personalities", "plans", "plots", "personalities,plans", "personalities,plots")
SOLO_ONLY = ("plans", "plots")
DEFAULT_LEVEL = 1


def everdell_setup(
    opponent: str | None, year: int | None, level: int | None, modules: str | None, players: int | None
) -> tuple[dict[str, Any], int | None]:
    """(options, table size) for the lobby; a level or modules alone mean Nightweave."""
    chosen = [m for m in (modules or "").split(",") if m]
    if opponent is None:
        opponent = NIGHTWEAVE if level is not None or chosen else (RUGWORT if year is not None else None)
    if opponent is None:
        return {}, players
    if opponent == NONE:
        if players == 1:
            raise UserError("error.everdell.solo_needs_opponent")
        return {}, players
    if opponent == RUGWORT:
        if players not in (None, 1):
            raise UserError("error.everdell.rugwort_seats", count=players)
        return ({"rugwort_year": year} if year is not None else {}), 1
    if players not in (None, 1, 2):
        raise UserError("error.nightweave.humans", count=players)
    size = players or 1
    if size == 2 and any(m in SOLO_ONLY for m in chosen):
        raise UserError("error.nightweave.solo_only_modules")
    options = {
        "opponent": NIGHTWEAVE,
        "nightweave_level": DEFAULT_LEVEL if level is None else level,
        "modules": chosen,
    }
    return options, size
