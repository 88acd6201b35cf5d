"""A persistent user select (`bgu:<kind>:<n>...`), routed like the game buttons and selects."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.render.items import ComponentRouter, read_args

USER_SELECT_TEMPLATE = r"bgu:(?P<kind>[a-z]+):(?P<args>\d+(?::\d+)*)"


def user_select_id(kind: str, *args: int) -> str:
    return ":".join(["bgu", kind, *(str(int(a)) for a in args)])


class UserPick(discord.ui.DynamicItem[discord.ui.UserSelect[Any]], template=USER_SELECT_TEMPLATE):
    def __init__(
        self,
        custom_id: str,
        placeholder: str | None = None,
        min_values: int = 1,
        max_values: int = 1,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.UserSelect(
                custom_id=custom_id, placeholder=placeholder, min_values=min_values, max_values=max_values
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
    ) -> UserPick:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        router = getattr(interaction.client, "components", None)
        if not isinstance(router, ComponentRouter):
            raise RuntimeError("client has no component router")
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        await router.dispatch(self.kind, interaction, self.args, [str(v) for v in data.get("values", [])])
