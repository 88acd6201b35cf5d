"""Tapestry's table UI: board embed and picture, private views with the hand and the capital,
readable option labels (benefits, hexes, plots), the lobby's variants and a score sheet."""

from __future__ import annotations

from bot.games.tapestry import automa_ui, companion_session, lobby_view, score_sheet, text
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
    companions=(companion_session.COMPANION,),
)
