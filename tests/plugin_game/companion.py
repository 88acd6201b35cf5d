"""The Moth: Lanterns' automated opponent for a physical table. Each turn it hangs the next
lantern of a deck shuffled from the session's seed; its steps are kept by the platform's
companion tables, so a restart or an undo rebuilds it from them."""

from __future__ import annotations

import random
import secrets
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any

import discord
from pydantic import Field

from bot.errors import UserError
from bot.i18n import coarse, t
from bot.plugins import CompanionSpec, Reply
from engine.core.options import GameOptions
from storage.companion import CompanionExists, CompanionRepo, CompanionRow
from tests.plugin_game.rules import DECK, card_id, card_name

if TYPE_CHECKING:
    from bot.app import BoardGamesBot

Interaction = discord.Interaction[Any]
MOTH = "moth"


class MothOptions(GameOptions):
    level: int = Field(ge=1, le=2, description="1: it hangs what it draws; 2: it draws two and keeps the brighter")


class MothScore(GameOptions):
    bonuses: int | None = Field(None, ge=0, le=15, description="Bonuses the Moth won")


def hung(row: CompanionRow) -> list[int]:
    """The lanterns the Moth has hung so far, rebuilt from its seed and step count."""
    deck = list(DECK)
    random.Random(int(row.config["seed"])).shuffle(deck)
    draws = 2 if int(row.config["level"]) == 2 else 1
    out = []
    for step in range(len(row.steps)):
        out.append(max(deck[(step * draws) % len(deck) : (step * draws) % len(deck) + draws]))
    return out


class MothSession:
    def __init__(self, bot: BoardGamesBot) -> None:
        self.repo = CompanionRepo(bot.store.db)

    async def _row(self, interaction: Interaction) -> CompanionRow:
        row = await self.repo.active(interaction.channel_id or 0)
        if row is None:
            raise UserError("automa.none")
        return row

    async def start(self, interaction: Interaction, options: dict[str, Any]) -> Reply:
        config = {"level": int(options["level"]), "seed": secrets.randbelow(2**31)}
        try:
            await self.repo.create(interaction.guild_id, interaction.channel_id or 0, MOTH, config, interaction.user.id)
        except CompanionExists:
            raise UserError("automa.already_running") from None
        return Reply(t("lanterns.moth.started", coarse(interaction.locale), level=config["level"]))

    async def turn(self, interaction: Interaction, physical: bool) -> Reply:
        row = await self._row(interaction)
        await self.repo.push(row.id, len(row.steps) + 1, {}, interaction.user.id, {})
        row = await self._row(interaction)
        card = card_name(card_id(hung(row)[-1]), coarse(interaction.locale))
        return Reply(t("lanterns.moth.hangs", coarse(interaction.locale), card=card))

    async def undo(self, interaction: Interaction) -> Reply:
        row = await self._row(interaction)
        if not row.steps:
            raise UserError("automa.nothing_to_undo")
        await self.repo.pop(row.id, len(row.steps), {})
        return Reply(t("lanterns.moth.undone", coarse(interaction.locale)))

    async def status(self, interaction: Interaction) -> Reply:
        row = await self._row(interaction)
        total = sum(hung(row))
        return Reply(t("lanterns.moth.status", coarse(interaction.locale), count=len(row.steps), total=total), private=True)

    async def score(self, interaction: Interaction, counts: dict[str, Any]) -> Reply:
        row = await self._row(interaction)
        total = sum(hung(row)) + int(counts.get("bonuses") or 0)
        return Reply(t("lanterns.moth.score", coarse(interaction.locale), total=total))

    async def stop(self, interaction: Interaction) -> Reply:
        row = await self._row(interaction)
        await self.repo.finish(row.id, "stopped")
        return Reply(t("lanterns.moth.stopped", coarse(interaction.locale)))

    def components(self) -> Mapping[str, Callable[[Interaction, list[int], list[str]], Awaitable[None]]]:
        return {}


COMPANION = CompanionSpec(MOTH, MothOptions, MothSession, MothScore)
