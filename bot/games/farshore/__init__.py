"""Everdell Farshore's table UI: the board embed and picture, the private view with the hand,
a label for every option (payments with Anchors and Treasure, Dock and Lookout picks, production
order, High Tide), Portuguese names from the rulebook, and the physical-table score sheet."""

from __future__ import annotations

from bot.games.farshore import lobby_view, score_sheet, text
from bot.games.farshore.render import FarshoreRenderer
from bot.plugins import GameUI
from bot.wording import Wording

UI = GameUI(
    id="farshore",
    renderer=FarshoreRenderer(),
    wording=Wording(label=text.option_label, params=text.params),
    score_sheets=score_sheet.SHEETS,
    lobby_fields=lobby_view.lobby_fields,
    data_status=lobby_view.data_status,
)
