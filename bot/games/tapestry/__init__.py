"""Tapestry's table UI: board embed and picture, private views with the hand and the capital,
readable option labels (benefits, hexes, plots), the lobby's variants and a score sheet."""

from __future__ import annotations

from bot.games.tapestry import lobby_view, placement, score_sheet, text, traps, views
from bot.games.tapestry.render import TapestryRenderer
from bot.plugins import GameUI
from bot.wording import Wording

UI = GameUI(
    id="tapestry",
    renderer=TapestryRenderer(),
    wording=Wording(label=text.option_label, params=text.params),
    lobby_fields=lobby_view.lobby_fields,
    score_sheets=score_sheet.SHEETS,
    arrange=placement.arrange,
    board_items=views.board_items,
    components={views.VIEWS: views.on_view, traps.LOBBY_TRAPS: traps.on_choose},
    lobby_items=traps.lobby_items,
    on_open=traps.on_open,
    on_join=traps.on_join,
    start=traps.start,
    preferences=(traps.PREFERENCE,),
    hidden_prompts=frozenset({"tapestry.prompt.trap"}),  # asked only of a defender holding Trap
)
