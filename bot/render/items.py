"""Persistent components. Every game button and select the bot sends is one of these two items,
and a click is routed by its id alone (`route_click`, from the client's `on_interaction`), so
clicks keep working after a restart; the client's router holds a handler per kind, registered by
the cogs. The id is read only when clicked: discord.py's own dispatch of dynamic items would
first rebuild a View of every component on the clicked message and a new item for the click."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Iterable
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


class Components(discord.ui.View):
    """A message's components as the bot sends them. discord.py never keeps one for dispatch:
    game components are routed by id (`route_click`), and the few dynamic items of other kinds
    are registered with the client once, so storing a view per message sent (and registering
    its item classes again) would be work for nothing."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_dispatchable(self) -> bool:
        return False

    def is_finished(self) -> bool:  # (some send paths ask only this before keeping a view)
        return True


# A component as Discord's JSON (what discord.py's items serialize to). A prompt's controls are
# built straight in this form: a buy menu has some forty options, and building an item object for
# each, then turning it back into a dict on every send, was most of a private view's cost.
# Fields left at Discord's defaults are left out (not disabled, not a default option, one value
# to pick): every byte of a prompt is encoded here and decoded by Discord and each client, and
# discord.py's items spelled them out, about a sixth of a buy menu.
Component = dict[str, Any]


def button_dict(
    custom_id: str,
    label: str,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
) -> Component:
    button: Component = {"type": 2, "style": style.value, "label": label, "custom_id": custom_id}
    if disabled:
        button["disabled"] = True
    return button


def option_dict(label: str, value: str, description: str | None = None) -> Component:
    option: Component = {"label": label, "value": value}
    if description:
        option["description"] = description
    return option


def select_dict(
    custom_id: str,
    options: list[Component],
    placeholder: str | None = None,
    min_values: int = 1,
    max_values: int = 1,
) -> Component:
    select: Component = {"type": 3, "custom_id": custom_id, "options": options or [option_dict("-", "0")]}
    if min_values != 1:
        select["min_values"] = min_values
    if max_values != 1:
        select["max_values"] = max_values
    if placeholder:
        select["placeholder"] = placeholder
    return select


def custom_ids(rows: Iterable[dict[str, Any]]) -> set[str]:
    """The custom ids of the components in `rows` (action rows as Discord's JSON)."""
    return {cid for row in rows for c in row.get("components", ()) if (cid := c.get("custom_id"))}


class PlainComponents(Components):
    """Rows of components given as Discord's dicts, sent as they are. `children` builds
    discord.py items from them for whoever reads a view that way; sending never does."""

    # (empty while discord.py's constructor counts the children, before the rows are set)
    rows: tuple[dict[str, Any], ...] = ()

    def __init__(self, rows: list[list[Component]]) -> None:
        # discord.py's own view state (a random id, a future, the children counted) is made only
        # if something asks for it (`__getattr__`): sending reads none of it, and every private
        # view and board would pay for it.
        self.rows = tuple({"type": 1, "components": row} for row in rows if row)

    def __getattr__(self, name: str) -> Any:
        # only for attributes not set yet: discord.py's private ones, made on first need
        if not name.startswith("_") or "_BaseView__timeout" in self.__dict__:
            raise AttributeError(name)
        rows = self.rows
        super().__init__()
        self.rows = rows
        return object.__getattribute__(self, name)

    def to_components(self) -> list[dict[str, Any]]:
        return list(self.rows)

    def has_components_v2(self) -> bool:
        return False

    def custom_ids(self) -> set[str]:
        return custom_ids(self.rows)

    @property
    def children(self) -> list[discord.ui.Item[Any]]:
        # read back as discord.py reads a message's components
        items: list[discord.ui.Item[Any]] = []
        for r, row in enumerate(self.rows):
            for component in discord.ActionRow(row).children:  # type: ignore[arg-type]
                kind = discord.ui.Button if isinstance(component, discord.Button) else discord.ui.Select
                item: discord.ui.Item[Any] = kind.from_component(component)  # type: ignore[arg-type]
                item.row = r
                items.append(item)
        return items


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


_TEMPLATES = (GameButton.__discord_ui_compiled_template__, GameSelect.__discord_ui_compiled_template__)


def game_component(custom_id: object) -> re.Match[str] | None:
    """The id of a game button or select, read (kind and numbers); None for any other id."""
    if isinstance(custom_id, str):
        for template in _TEMPLATES:
            found = template.fullmatch(custom_id)
            if found is not None:
                return found
    return None


# Of the clicked message, what a game component's handler never reads. discord.py builds an
# object for every row, button, select option and embed of it on each click (a buy menu's forty
# options included); only its id, channel and flags are used.
UNREAD_OF_CLICKED = ("components", "embeds", "attachments")


def lighten_game_clicks(parsers: dict[str, Callable[[Any], None]]) -> None:
    """Have discord.py skip the parts of a clicked message nobody reads, for clicks on game
    components (routed by id alone). Clicks on other dynamic items keep the whole message:
    discord.py rebuilds their view from it."""
    parse = parsers["INTERACTION_CREATE"]

    def parse_click(data: dict[str, Any]) -> None:
        message = data.get("message")
        game = data.get("type") == 3 and game_component((data.get("data") or {}).get("custom_id")) is not None
        if game and message is not None:
            data["message"] = {k: v for k, v in message.items() if k not in UNREAD_OF_CLICKED}
        parse(data)

    parsers["INTERACTION_CREATE"] = parse_click


async def route_click(router: ComponentRouter, interaction: discord.Interaction[Any]) -> bool:
    """Hand a click on a game component to its kind's handler; False when the id is not one."""
    data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
    m = game_component(data.get("custom_id"))
    if m is None:
        return False
    values = [str(v) for v in data.get("values", [])]
    await router.dispatch(m["kind"], interaction, read_args(m["args"]), values)
    return True
