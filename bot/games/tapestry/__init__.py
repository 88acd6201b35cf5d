"""Tapestry's table UI: board embed and picture, private views with the hand and the capital,
readable option labels (benefits, hexes, plots), the lobby's variants and a score sheet."""

from __future__ import annotations

from bot.games.tapestry import lobby_view, score_sheet, text
from bot.games.tapestry.render import TapestryRenderer
from bot.plugins import GameUI
from bot.wording import Wording

UI = GameUI(
    id="tapestry",
    renderer=TapestryRenderer(),
    wording=Wording(label=text.option_label, params=text.params),
    lobby_fields=lobby_view.lobby_fields,
    score_sheets=score_sheet.SHEETS,
    hidden_prompts=frozenset({"tapestry.prompt.trap"}),  # asked only of a defender holding Trap
)
