"""Architects of the West Kingdom's table UI: the board embed and picture, the private view
with the Building hand, labels for every option (captures, payments, hires), the lobby's side,
promo and BGA-rule fields, and the physical-table score sheet."""

from __future__ import annotations

from bot.games.architects import companion, data_view, lobby_view, score_sheet, solo_lobby, solo_text, text
from bot.games.architects.render import ArchitectsRenderer
from bot.plugins import GameUI
from bot.wording import Wording

UI = GameUI(
    id="architects",
    renderer=ArchitectsRenderer(),
    wording=Wording(label=text.option_label, params=text.params, seat=solo_text.seat_name),
    lobby_fields=lobby_view.lobby_fields,
    prepare=solo_lobby.prepare,
    score_sheets=score_sheet.SHEETS,
    data_status=data_view.data_status,
    data_problems=data_view.data_problems,
    companions=(companion.COMPANION,),
)
