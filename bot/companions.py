"""Which game's companion runs where: the physical-table sessions of every game (each game's UI
declares its own, bot.plugins.CompanionSpec), and the kind stored with a channel's session."""

from __future__ import annotations

from bot import plugins
from bot.plugins import CompanionSpec
from engine.core.registry import game_ids
from storage.companion import CompanionRepo
from storage.db import Database


def offered() -> list[tuple[str, CompanionSpec]]:
    """(game, companion) of every game the bot offers."""
    return [(g, c) for g in game_ids(released_only=True) for c in plugins.ui(g).companions]


class CompanionDirectory:
    def __init__(self, db: Database) -> None:
        self.repo = CompanionRepo(db)

    async def active_kind(self, channel_id: int) -> str | None:
        return await self.repo.active_kind(channel_id)

    async def kind_of(self, companion_id: int) -> str | None:
        return await self.repo.kind_of(companion_id)
