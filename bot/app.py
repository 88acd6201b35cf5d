"""The bot process: a commands.Bot that wires storage, the table service, the notifier and the
bot-seat runner together, and loads the cogs. It never syncs slash commands on start (that is
`python -m bot sync`), so restarts cost no rate-limited API calls."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.clock import clock_from_settings
from bot.drafts import Drafts
from bot.errors import UserError
from bot.herald import DiscordHerald
from bot.i18n import Translator, coarse
from bot.interact import report, unwrap
from bot.notify import Notifier
from bot.pbp import PlayByPost
from bot.prefs import PrefsService
from bot.render.items import DYNAMIC_ITEMS, ComponentRouter, Handler
from bot.runner import Runner
from bot.settings import Settings
from bot.table import TableService
from storage import Store
from storage.pbp import PbpStore

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.lobby", "cogs.play", "cogs.prefs", "cogs.pbp", "cogs.admin", "cogs.leaderboard", "cogs.results", "cogs.automa", "cogs.table_tools")


class BoardGamesBot(commands.Bot):
    store: Store
    table: TableService
    prefs: PrefsService
    notifier: Notifier
    runner: Runner
    pbp: PlayByPost

    def __init__(self, settings: Settings, *, sync_only: bool = False) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        intents.dm_messages = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            guild_ready_timeout=settings.guild_ready_timeout,
        )
        self.settings = settings
        self.sync_only = sync_only
        self.components = ComponentRouter()
        self.drafts = Drafts()
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        await self.tree.set_translator(Translator())
        if self.sync_only:
            # Only the command tree is needed to sync; no database, no games.
            for name in EXTENSIONS:
                await self.load_extension(name)
            return
        self.store = await Store.open(self.settings.database_url)
        self.table = TableService(self.store, self.settings.match_cache_size)
        self.prefs = PrefsService(self.store)
        clock = clock_from_settings(self.settings.clock_offset_file)
        self.notifier = Notifier(self, self.table, self.prefs, self.settings.board_max_age_seconds, clock)
        self.runner = Runner(self.table, self.settings.bot_pause_seconds, self.notifier.bot_summary)
        self.pbp = PlayByPost(
            self.table,
            PbpStore(self.store.db),
            DiscordHerald(self),
            clock,
            self.settings.scheduler_tick_seconds,
            poke=self.runner.poke,
        )
        self.runner.covers = self.pbp.timers.covers
        self.table.listeners.extend([self.notifier.on_outcome, self.runner.on_outcome, self.pbp.on_outcome])
        for name in EXTENSIONS:
            await self.load_extension(name)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        live = await self.table.rebuild_live()
        log.info("rebuilt %d running matches from their logs", len(live))
        # Bot turns post messages, so they wait for the gateway before resuming.
        self.loop.create_task(self._resume_when_ready())

    async def _resume_when_ready(self) -> None:
        await self.wait_until_ready()
        await self.pbp.start()  # covered seats first: the runner plays them
        await self.runner.resume()
        # Supervisors and tests wait for this line before sending work.
        log.info("ready: %s in %d guild(s)", self.user, len(self.guilds))

    async def close(self) -> None:
        if hasattr(self, "pbp"):
            await self.pbp.stop()
        if hasattr(self, "runner"):
            await self.runner.stop()
        if hasattr(self, "table"):
            await self.table.drain(5.0)  # let answers already committed reach the channel
        await super().close()
        if hasattr(self, "store"):
            await self.store.close()

    # -- components ---------------------------------------------------------------------------
    def on_component(self, kind: str, handler: Handler) -> None:
        """Register a component handler wrapped with the house error reporting."""

        async def guarded(interaction: discord.Interaction[Any], args: list[int], values: list[str]) -> None:
            try:
                await handler(interaction, args, values)
            except Exception as exc:  # noqa: BLE001 - every failure gets an answer
                await report(interaction, unwrap(exc), await self.locale_of(interaction), self._game_of(args))

        self.components.register(kind, guarded)

    def _game_of(self, args: list[int]) -> str | None:
        live = self.table.cached(args[0]) if args else None
        return live.record.game if live else None

    async def locale_of(self, interaction: discord.Interaction[Any]) -> str:
        try:
            return await self.prefs.interaction_locale(interaction)
        except Exception:  # noqa: BLE001 - the locale must never be the reason an error goes unreported
            return coarse(interaction.locale)

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        exc = unwrap(error)
        if isinstance(exc, app_commands.NoPrivateMessage):
            exc = UserError("error.guild_only")
        await report(interaction, exc, await self.locale_of(interaction))
