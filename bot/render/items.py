"""Persistent components. Every button and select the bot sends is one of these two DynamicItems,
so clicks keep working after a restart; the callback hands the parsed id to the client's router,
where cogs registered a handler per kind."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.render import ids

log = logging.getLogger(__name__)

Handler = Callable[[discord.Interaction[Any], list[int], list[str]], Awaitable[None]]


class ComponentRouter:
    """Kind -> handler. Cogs register on load; unknown kinds get a polite refusal."""

    def __init__(self) -> None:
        self.handlers: dict[str, Handler] = {}
        self.fallback: Handler | None = None

    def register(self, kind: str, handler: Handler) -> None:
        self.handlers[kind] = handler

    def unregister(self, kind: str) -> None:
        self.handlers.pop(kind, None)

    async def dispatch(
        self, kind: str, interaction: discord.Interaction[Any], args: list[int] | None, values: list[str]
    ) -> None:
        """`args` None: the id's numbers could not be read (see ids.parse_args)."""
        handler = self.handlers.get(kind) if args is not None else None
        if handler is None and self.fallback is not None:
            handler = self.fallback
        if handler is None:
            log.warning("no handler for component kind %r", kind)
            return
        await handler(interaction, args if args is not None else [], values)


def read_args(text: str) -> list[int] | None:
    """An id's numbers, or None when they are not ones this bot makes (the click is then
    answered "out of date" rather than failing inside discord.py with no answer at all)."""
    try:
        return ids.parse_args(text)
    except ids.StaleComponent:
        return None


def _router(interaction: discord.Interaction[Any]) -> ComponentRouter:
    router = getattr(interaction.client, "components", None)
    if not isinstance(router, ComponentRouter):
        raise RuntimeError("client has no component router")
    return router


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.BUTTON_TEMPLATE):
    def __init__(
        self,
        custom_id: str,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        emoji: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=custom_id, disabled=disabled, emoji=emoji),
            row=row,
        )
        m = self.template.fullmatch(custom_id)
        assert m is not None
        self.kind = m["kind"]
        self.args = read_args(m["args"])

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameButton:
        button = item if isinstance(item, discord.ui.Button) else None
        return cls(match.string, button.label or "" if button else "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _router(interaction).dispatch(self.kind, interaction, self.args, [])


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.SELECT_TEMPLATE):
    def __init__(
        self,
        custom_id: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        min_values: int = 1,
        max_values: int = 1,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id,
                options=options or [discord.SelectOption(label="-", value="0")],
                placeholder=placeholder,
                min_values=min_values,
                max_values=max_values,
            ),
            row=row,
        )
        m = self.template.fullmatch(custom_id)
        assert m is not None
        self.kind = m["kind"]
        self.args = read_args(m["args"])

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameSelect:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        values = [str(v) for v in data.get("values", [])]
        await _router(interaction).dispatch(self.kind, interaction, self.args, values)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (GameButton, GameSelect)
