"""Dominion's table UI: board and hand embeds, the lobby's kingdom fields and each player's own
reactions choice, kingdom suggestions."""

from __future__ import annotations

from typing import Any

from bot.games.dominion import lobby, lobby_view, score_sheet
from bot.games.dominion.render import DominionRenderer
from bot.plugins import GameUI, Interaction


async def on_reactions(bot: Any, interaction: Interaction, args: list[int], values: list[str]) -> None:
    """A seated player's own mode for reactions in hand (the select shows no selection
    afterwards; the embed lists every seat's mode)."""
    from bot.lobby import refresh

    await lobby.choose_reactions(bot.table, args[0], interaction.user.id, values[0] if values else "")
    await refresh(bot, interaction, args[0])


def _standing(prefs: Any) -> str | None:
    return getattr(prefs, "reactions", None)


UI = GameUI(
    id="dominion",
    renderer=DominionRenderer(),
    lobby_fields=lobby_view.dominion_fields,
    lobby_items=lobby_view.lobby_items,
    components={lobby_view.LOBBY_REACTIONS: on_reactions},
    on_open=lambda options, user_id, prefs: lobby.standing_options(options, "dominion", user_id, _standing(prefs)),
    on_join=lambda user_id, prefs: lobby.adopt_standing(user_id, _standing(prefs)),
    start=lobby.start_with_choices,
    suggest={"kingdom": lobby.kingdom_suggestions},
    score_sheets=score_sheet.SHEETS,
)
