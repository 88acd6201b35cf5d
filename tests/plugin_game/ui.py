"""Lanterns' table UI: the generic board and hand, a lobby field and a score sheet."""

from __future__ import annotations

from collections.abc import Mapping

import discord

from bot.i18n import t
from bot.leaderboard.calculators import Calculator, Field, total
from bot.plugins import GameUI
from bot.table import Live
from tests.plugin_game.companion import COMPANION


def lobby_fields(embed: discord.Embed, live: Live, locale: str) -> None:
    rounds = live.record.options.get("rounds", 3)
    embed.add_field(name=t("lanterns.lobby.rounds", locale), value=str(rounds), inline=False)


def sheet(values: Mapping[str, int], level: int | None = None) -> dict[str, int]:
    return total({"hung": values["hung"], "bonuses": values["bonuses"]})


UI = GameUI(
    id="lanterns",
    lobby_fields=lobby_fields,
    score_sheets=(
        Calculator(
            "lanterns",
            (Field("hung", "lanterns.calc.hung", 0, 27), Field("bonuses", "lanterns.calc.bonuses", 0, 15)),
            sheet,
        ),
    ),
    companions=(COMPANION,),
)
