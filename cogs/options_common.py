"""Slash-command parameter helpers shared by the cogs: localized choice lists (`choices`,
`choice_key`), the value of a chosen choice, and Nightweave's modules read from a choice. A game's own `/<game> new` options come from its options model
(cogs/new_game.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from discord import app_commands

from bot.i18n import ls

V = TypeVar("V", str, int)


def choice_key(prefix: str, value: str | int) -> str:
    """The catalogue key of a choice: '<prefix>.<value>', ',' as '_', the empty value as 'none'."""
    return f"{prefix}.{str(value).replace(',', '_') or 'none'}"


def choices(prefix: str, entries: Sequence[tuple[V, str]]) -> list[app_commands.Choice[V]]:
    """Choices from (value, English name) pairs; Portuguese names come from `choice_key`."""
    return [
        app_commands.Choice(name=ls(text, choice_key(prefix, value)), value=value) for value, text in entries
    ]


def value_of(choice: app_commands.Choice[V] | None) -> V | None:
    return None if choice is None else choice.value


def module_list(value: str | None) -> list[str]:
    """Nightweave modules from a choice value: '' means none, 'a,b' two of them."""
    return [m for m in (value or "").split(",") if m]


