"""Prompt options, built once and shared: options are immutable, and the same few hundred recur
turn after turn, so a cached constructor saves building a frozen dataclass per offer."""

from __future__ import annotations

from functools import cache

from engine.core.prompts import Option


@cache
def opt(
    option_id: str, label: str, card: str | None = None, group: str = "main", cost: int | None = None
) -> Option:
    return Option(option_id, label, card=card, group=group, cost=cost)
