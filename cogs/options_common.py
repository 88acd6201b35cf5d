"""Slash-command parameter helpers shared by the cogs: localized choice lists (`choices`,
`choice_key`), the value of a chosen choice, the channel's locale, and the companion's Nightweave
level and modules. A game's own `/game new <game>` options come from its options model
(cogs/new_game.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeAlias, TypeVar

import discord
from discord import app_commands

from bot.i18n import coarse, ls

V = TypeVar("V", str, int)

# Nightweave's difficulty, 0 (tame) to 4 (terrifying), in /game new and /automa start.
NightweaveLevel: TypeAlias = app_commands.Range[int, 0, 4]


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


def channel_locale(interaction: discord.Interaction[Any]) -> str:
    """The locale of posts everyone reads: the server's, else the caller's."""
    return coarse(interaction.guild_locale or interaction.locale)
