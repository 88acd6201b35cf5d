"""Everdell's table UI (with Mistwood and Nightweave): board embed and image, readable DM
controls, the lobby's opponent and Mistwood fields, Nightweave's channel lines."""

from __future__ import annotations

from bot.games.everdell import companion_session, lair, lobby, lobby_view, mistwood_data, score_sheet, text
from bot.games.everdell.render import EverdellRenderer
from bot.plugins import GameUI
from bot.wording import Wording

UI = GameUI(
    id="everdell",
    renderer=EverdellRenderer(),
    wording=Wording(label=text.option_label, params=text.params, seat=text.seat, summary=lair.summary),
    lobby_fields=lobby_view.lobby_fields,
    prepare=lobby.prepare,
    data_status=lambda kind, text, locale: mistwood_data.pack_status(text, locale) if kind == "cards" else None,
    score_sheets=score_sheet.SHEETS,
    companions=(companion_session.COMPANION,),
)
