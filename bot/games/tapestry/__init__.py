"""Tapestry's table UI: board embed and picture, private views with the hand and the capital,
readable option labels (benefits, hexes, plots), the lobby's variants and a score sheet."""

from __future__ import annotations

from bot.games.tapestry import (
    automa_ui,
    companion_session,
    lobby_view,
    modules_ui,
    placement,
    score_sheet,
    text,
    traps,
    views,
)
from bot.plugins import GameUI
from bot.wording import Wording

UI = GameUI(
    id="tapestry",
    renderer=automa_ui.SoloRenderer(),  # the base board, plus the solo bots where they play
    wording=Wording(label=text.option_label, params=text.params, seat=automa_ui.seat_name),
    lobby_fields=automa_ui.with_opponents(lobby_view.lobby_fields),
    prepare=automa_ui.prepare,
    start=automa_ui.start,
    score_sheets=score_sheet.SHEETS,
    arrange=placement.arrange,
    board_items=views.board_items,
    components={views.VIEWS: views.on_view, traps.LOBBY_TRAPS: traps.on_choose},
    lobby_items=traps.lobby_items,
    on_open=traps.on_open,
    on_join=traps.on_join,
    preferences=(traps.PREFERENCE,),
    hidden_prompts=frozenset({"tapestry.prompt.trap"}),  # asked only of a defender holding Trap
    companions=(companion_session.COMPANION,),
    data_status=modules_ui.data_status,  # the expansion modules' sets: what each brings
)
