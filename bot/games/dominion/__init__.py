"""Dominion's table UI: board and hand embeds, the lobby's kingdom fields and each player's own
reactions choice, kingdom suggestions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.dominion import lobby, lobby_view, score_sheet
from bot.games.dominion.render import DominionRenderer
from bot.plugins import GameUI, Interaction, Preference


async def on_reactions(bot: Any, interaction: Interaction, args: list[int], values: list[str]) -> None:
    """A seated player's own mode for reactions in hand (the select shows no selection
    afterwards; the embed lists every seat's mode)."""
    from bot.lobby import refresh

    await lobby.choose_reactions(bot.table, args[0], interaction.user.id, values[0] if values else "")
    await refresh(bot, interaction, args[0])


def _standing(standing: Mapping[str, str]) -> str | None:
    return standing.get("reactions")


# /settings dominion_reactions: the lobby's own picks, as a standing default for every new table.
REACTIONS = Preference(
    "reactions",
    lobby.REACTION_MODES,
    "my_reactions",
    "Dominion: your Moat and Caravan Guard in every new table — used at once, or asked",
)


UI = GameUI(
    id="dominion",
    renderer=DominionRenderer(),
    lobby_fields=lobby_view.dominion_fields,
    lobby_items=lobby_view.lobby_items,
    components={lobby_view.LOBBY_REACTIONS: on_reactions},
    on_open=lambda options, user_id, standing: lobby.standing_options(options, "dominion", user_id, _standing(standing)),
    on_join=lambda user_id, standing: lobby.adopt_standing(user_id, _standing(standing)),
    start=lobby.start_with_choices,
    preferences=(REACTIONS,),
    suggest={"kingdom": lobby.kingdom_suggestions},
    score_sheets=score_sheet.SHEETS,
    # asked only of a player holding Moat or Caravan Guard (with reactions "ask")
    hidden_prompts=frozenset({"dominion.prompt.reveal_moat", "dominion.prompt.caravan_guard"}),
)
