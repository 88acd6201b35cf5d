"""The bot process: a commands.Bot that wires storage, the table service, the notifier and the
bot-seat runner together, and loads the cogs. It never syncs slash commands on start (that is
`python -m bot sync`), so restarts cost no rate-limited API calls."""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.webhook.async_ import async_context

from bot import i18n, plugins
from bot.answering import Answering
from bot.clock import clock_from_settings
from bot.delivery import retry_rest
from bot.drafts import Drafts
from bot.errors import UserError
from bot.herald import DiscordHerald
from bot.i18n import Translator, coarse
from bot.interact import report, unwrap
from bot.metrics import Registry, count_calls, per_click
from bot.notify import Notifier
from bot.ops import InteractionClock, OpsServer
from bot.pbp import PlayByPost
from bot.prefs import PrefsService
from bot.quarantine import Quarantine
from bot.reconcile import Reconciler
from bot.records import Records
from bot.render import ids
from bot.render.items import ComponentRouter, Handler, lighten_game_clicks, route_click
from bot.runner import Runner
from bot.settings import Settings
from bot.shards import ShardKeeper
from bot.table import TableService, keep_views_for
from storage import Store
from storage.pbp import PbpStore

log = logging.getLogger(__name__)

# Young-generation size for the cyclic garbage collector. Python's default (700) promotes every
# object alive at a collection -- the requests and interactions in flight -- to the old generation
# almost at once, which soon triggers a full collection: with a thousand matches cached, that is a
# pause of a second or more on the event loop (missed interaction deadlines, a blocked heartbeat).
# A young collection also costs more the more matches are live, whatever its size: at 1,000 matches
# under load one of 10,000 objects took 23 ms (6% of the process's CPU, one every 0.7 s), one of
# 100,000 took 110 ms (1.4%, one every 10 s). Still far from a deadline, and a fifth of the cost.
GC_YOUNG = 100_000
# Connections the REST client keeps to Discord. discord.py's default is unlimited: a burst of a
# few hundred clicks then opens a few hundred connections at once (each a connect, and on Discord a
# TLS handshake) instead of queueing briefly for the ones already open.
HTTP_CONNECTIONS = 100
# discord.py drops idle rate-limit buckets by scanning all of them each time it creates one, once
# there are 256: with a bucket per channel and per DM, a bot in thousands of channels spent a fifth
# of its time in that scan. Sweep at most this often instead (idle means 5 minutes unused anyway).
BUCKET_SWEEP_SECONDS = 30.0

EXTENSIONS = ("cogs.lobby", "cogs.play", "cogs.prefs", "cogs.pbp", "cogs.admin", "cogs.leaderboard", "cogs.results", "cogs.automa", "cogs.table_tools", "cogs.cards")


class BoardGamesBot(commands.Bot):
    store: Store
    table: TableService
    prefs: PrefsService
    notifier: Notifier
    runner: Runner
    pbp: PlayByPost
    answering: Answering
    quarantine: Quarantine
    reconciler: Reconciler

    def __init__(self, settings: Settings, *, sync_only: bool = False, **client_options: Any) -> None:
        # Guilds only: the bot reads no messages (everything arrives as interactions), and the
        # message intents would echo every board edit and DM it makes back at it over the gateway.
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            guild_ready_timeout=settings.guild_ready_timeout,
            # No message cache: the bot reads no messages, and every message it sent would stay
            # alive there and be searched through linearly on every click.
            max_messages=None,
            **client_options,
        )
        self.settings = settings
        self.sync_only = sync_only
        self.registry = Registry()
        self.registry.process()
        self.interactions = InteractionClock(self.registry)
        self.rest_calls = self.registry.counter(
            "bgb_rest_calls_total",
            "Requests to Discord's REST API, by kind (api; interaction callbacks).",
            ("kind",),
        )
        self.ops: OpsServer | None = None
        self.components = ComponentRouter()
        lighten_game_clicks(self._connection.parsers)
        self.component_templates: list[Any] = []  # of every DynamicItem added (see add_dynamic_items)
        self.drafts = Drafts()
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]

    async def login(self, token: str) -> None:
        if self.http.connector is discord.utils.MISSING:
            self.http.connector = aiohttp.TCPConnector(limit=HTTP_CONNECTIONS)
        throttle_bucket_sweeps(self.http)
        retry_rest(self.http)
        count_calls(self.http, "request", self.rest_calls, kind="api")
        count_calls(async_context.get(), "request", self.rest_calls, kind="interaction")
        await super().login(token)

    async def setup_hook(self) -> None:
        plugins.load_plugins(self.settings.game_plugins)  # before the commands are built from them
        await self.tree.set_translator(Translator())
        if self.sync_only:
            # Only the command tree is needed to sync; no database, no games.
            for name in EXTENSIONS:
                await self.load_extension(name)
            return
        self.store = await Store.open(self.settings.database_url)
        self.shard_keeper: ShardKeeper | None = None
        await self._claim_shards()
        # No live process shares this instance id, so whatever is leased under it was held by this
        # process's previous life (killed, say): hand it back now instead of after LEASE_SECONDS.
        if freed := await self.store.release_leases(self.settings.instance_id):
            log.info("took back %d lease(s) held by this instance before its restart", freed)
        for guild_id, locale in (await self.store.guild_settings.locales()).items():
            i18n.set_server_locale(guild_id, locale)  # the languages servers chose for public posts
        # The services call one another in a circle (the table asks the runner whether a bot
        # seat waits, the runner answers through the table; the runner plays the seats
        # play-by-post covers, play-by-post pokes the runner): what a service needs from one
        # built after it is passed as a call looked up when it is made, after setup, never
        # patched onto the service afterwards.
        pbp_store = PbpStore(self.store.db)
        # Views and renders of the current states of the matches kept in memory: each click's
        # renders reuse them (the board's edit comes a moment after a step within a turn).
        keep_views_for(self.settings.match_cache_size)
        self.table = TableService(
            self.store,
            self.settings.match_cache_size,
            bot_waiting=lambda live: self.runner.waiting(live),
            owns=self.owns_guild,
        )
        self.prefs = PrefsService(self.store)
        clock = clock_from_settings(self.settings.clock_offset_file)
        self.notifier = Notifier(
            self,
            self.table,
            self.prefs,
            self.settings.board_max_age_seconds,
            clock,
            board_delay=self.settings.board_edit_delay_seconds,
            board_delay_busy=self.settings.board_edit_delay_busy_seconds,
        )
        owner, lease = self.settings.instance_id, self.settings.lease_seconds
        self.runner = Runner(
            self.table,
            self.settings.bot_pause_seconds,
            self.notifier.bot_summary,
            self.store.turns,
            owner,
            lease,
            covers=lambda match_id, seat: self.pbp.timers.covers(match_id, seat),
            covered_of=pbp_store.games.covered_in,
        )
        self.pbp = PlayByPost(
            self.table,
            pbp_store,
            DiscordHerald(self, self.notifier.dm_channels),
            clock,
            self.settings.scheduler_tick_seconds,
            poke=self.runner.poke,
            owner=owner,
            lease=lease,
            locale_for=self.prefs.locale_for,
            reaches_by_dm=self.notifier.reaches_by_dm,
            status_interval=self.settings.status_edit_interval_seconds,
            status_interval_busy=self.settings.status_edit_interval_busy_seconds,
        )
        self.answering = Answering(self.table, self.notifier, self.drafts)
        self.quarantine = Quarantine(self.table, DiscordHerald(self, self.notifier.dm_channels))
        self.reconciler = Reconciler(
            self.table,
            self.notifier,
            self.settings.reconcile_seconds,
            self.settings.reconcile_grace_seconds,
            announce_held=self.quarantine.announce_pending,
        )
        self.notifier.missed = self.reconciler.soon
        self.records = Records(self.table, pbp_store)
        await self._start_ops()
        # Each service is built on the table, so none exists to be handed to its constructor;
        # they hear every commit in this order: board and private views, bot seats, clocks.
        self.table.listen(self.notifier.on_outcome, self.runner.on_outcome, self.pbp.on_outcome)
        for name in EXTENSIONS:
            await self.load_extension(name)
        self.on_component("", self._stale)
        self.components.fallback = self.components.handlers.pop("")  # unknown kinds, unreadable ids
        live = await self.table.rebuild_live()
        log.info("rebuilt %d running matches from their logs", len(live))
        tune_gc()
        # Bot turns post messages, so they wait for the gateway before resuming.
        self.loop.create_task(self._resume_when_ready())

    async def _claim_shards(self) -> None:
        """Hook for the sharded bot: hold its shards by lease before connecting them."""

    async def _resume_when_ready(self) -> None:
        if self.shard_keeper is None or self.shard_keeper.held:
            await self.wait_until_ready()
        # (a process holding no shard yet, a standby, has no gateway to wait for)
        await self.pbp.start()  # covered seats first: the runner plays them
        await self.runner.resume()
        self.runner.start_sweeping(max(self.settings.lease_seconds / 3, 0.2))
        # Open prompts that never reached their seats (a crash after a commit, a failed DM).
        self.reconciler.start()
        # Supervisors and tests wait for this line before sending work.
        log.info("ready: %s in %d guild(s)", self.user or "standby", len(self.guilds))

    def owns_guild(self, guild_id: int | None) -> bool:
        """Is this guild served by this process's shards? (DMs belong to shard 0, as on Discord)"""
        count = self.settings.shard_count
        ids = self.settings.shard_id_list()
        if self.shard_keeper is not None:
            ids = sorted(self.shard_keeper.held)
        if count is None or ids is None:
            return True
        return ((guild_id >> 22) % count if guild_id else 0) in ids

    async def _start_ops(self) -> None:
        """Health and metrics endpoints, when METRICS_PORT is set."""
        table, store, runner = self.table, self.store, self.runner
        self.registry.gauge("bgb_live_matches", "Matches held in this process's cache.", table.cached_count)
        self.registry.gauge("bgb_automa_queue_depth", "Matches waiting for a bot or automa answer.", store.turns.depth)
        self.registry.gauge("bgb_automa_running", "Matches whose bot seats this process is playing.", lambda: runner.busy)
        self.registry.gauge("bgb_db_errors_total", "Database errors (not conflicts).", lambda: store.db.errors, "counter")
        self.registry.gauge(
            "bgb_db_round_trips_total",
            "Requests sent to the database: statements, BEGIN and COMMIT.",
            lambda: store.db.round_trips,
            "counter",
        )
        clicks = self.interactions.clicks.total
        self.registry.gauge(
            "bgb_db_round_trips_per_click",
            "Database round trips over clicks handled, since the process started.",
            per_click(lambda: store.db.round_trips, clicks),
        )
        self.registry.gauge(
            "bgb_rest_calls_per_click",
            "Discord REST requests (callbacks included) over clicks handled, since the process started.",
            per_click(self.rest_calls.total, clicks),
        )
        self.registry.gauge(
            "bgb_cpu_seconds_per_click",
            "Process CPU time over clicks handled, since the process started.",
            per_click(time.process_time, clicks),
        )
        self.registry.gauge(
            "bgb_db_answers_grouped_total",
            "Answers committed in one statement with other answers (PostgreSQL).",
            lambda: store.db.answers_grouped,
            "counter",
        )
        self.registry.gauge(
            "bgb_db_conflicts_total", "Writes refused by a constraint (lost races, duplicates).", lambda: store.db.conflicts, "counter"
        )
        reconciler = self.reconciler
        self.registry.gauge(
            "bgb_prompts_redelivered_total",
            "Open prompts that had not reached their seat, delivered by reconciliation.",
            lambda: reconciler.delivered,
            "counter",
        )

        async def held() -> int:
            return len(await store.quarantine.all())

        self.registry.gauge("bgb_quarantined_matches", "Matches held out of play.", held)
        if self.settings.metrics_port is None:
            return

        async def alive() -> bool:
            await store.db.fetchone("SELECT 1 AS ok")
            return True

        info = {"instance": self.settings.instance_id, "shards": self.settings.shard_id_list(), "database": store.db.dialect}
        self.ops = OpsServer(self.registry, alive, self.is_ready, info)
        await self.ops.start(self.settings.metrics_host, self.settings.metrics_port)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        self.interactions.start(interaction.id)
        # Any click or command tells us the user's language: their first DM already speaks it.
        try:
            await self.prefs.note_seen(interaction.user.id, interaction.locale)
        except Exception:  # noqa: BLE001 - remembering a language must never break an interaction
            log.exception("could not note the language of user %s", interaction.user.id)
        if interaction.type != discord.InteractionType.component:
            return
        if await route_click(self.components, interaction):
            return
        # A component nothing here takes would be dropped by discord.py without an answer: a
        # button another bot (or an older version of this one) made, or a forged id.
        fallback = self.components.fallback
        if fallback and not self._ours(interaction):
            await fallback(interaction, ids.Args(), [])

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        super().add_dynamic_items(*items)
        self.component_templates += [item.__discord_ui_compiled_template__ for item in items]

    def _ours(self, interaction: discord.Interaction[Any]) -> bool:
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        custom_id = data.get("custom_id")
        return isinstance(custom_id, str) and any(p.fullmatch(custom_id) for p in self.component_templates)

    async def on_app_command_completion(self, interaction: discord.Interaction[Any], command: Any) -> None:
        self.interactions.finish(interaction.id, "command", ok=True)

    async def close(self) -> None:
        if self.ops is not None:
            await self.ops.stop()
        if getattr(self, "shard_keeper", None) is not None:
            await self.shard_keeper.stop()  # type: ignore[union-attr]
        if hasattr(self, "pbp"):
            await self.pbp.stop()
        if hasattr(self, "runner"):
            await self.runner.stop()
        if hasattr(self, "reconciler"):
            await self.reconciler.stop()
        if hasattr(self, "table"):
            await self.table.drain(5.0)  # let answers already committed reach the channel
            await self.notifier.flush(5.0)  # and the board edits still waiting to be coalesced
        await super().close()
        if hasattr(self, "store"):
            await self.store.close()

    # -- components ---------------------------------------------------------------------------
    def on_component(self, kind: str, handler: Handler, arity: tuple[int, ...] | None = None) -> None:
        """Register a component handler wrapped with the house error reporting. `arity`: the
        counts of numbers its ids may carry (the platform's kinds are listed in `ids.ARITY`); an
        id with another count, a number it lacks, or a malformed select value is answered "out of
        date"."""
        expected = arity if arity is not None else ids.ARITY.get(kind)

        async def guarded(interaction: discord.Interaction[Any], args: list[int], values: list[str]) -> None:
            if time.time() - interaction.created_at.timestamp() > TOO_LATE:
                # Discord has already told the user this click failed, and refuses any answer:
                # acting on it would change the game behind their back and cost an overloaded
                # process more work for nothing.
                log.info("component %s: too old to answer, ignored", interaction.id)
                self.interactions.finish(interaction.id, "component", False)
                return
            ok = False
            try:
                if expected is not None and len(args) not in expected:
                    raise ids.StaleComponent(f"{kind} takes {'/'.join(map(str, expected))} numbers, not {len(args)}")
                await handler(interaction, args, values)
                ok = True
            except Exception as exc:  # noqa: BLE001 - every failure gets an answer
                if isinstance(exc, ids.StaleComponent):
                    log.info("component %s: %s", interaction.id, exc)
                    exc = UserError("error.stale_component")
                if expired(exc):
                    # Nothing can answer it any more; a traceback per late click would only make an
                    # overloaded process later still.
                    log.info("component %s: the click expired before it was acknowledged", interaction.id)
                    return
                await report(interaction, unwrap(exc), await self.locale_of(interaction), self._game_of(args))
            finally:
                self.interactions.finish(interaction.id, "component", ok)

        self.components.register(kind, guarded)

    async def _stale(self, interaction: discord.Interaction[Any], args: list[int], values: list[str]) -> None:
        raise ids.StaleComponent("not a component this bot makes")

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
        self.interactions.finish(interaction.id, "command", ok=isinstance(exc, UserError))
        if isinstance(exc, app_commands.NoPrivateMessage):
            exc = UserError("error.guild_only")
        await report(interaction, exc, await self.locale_of(interaction))


class ShardedBoardGamesBot(BoardGamesBot, commands.AutoShardedBot):
    """The same bot on an AutoShardedClient: one process connects the shards SHARD_IDS of
    SHARD_COUNT, so several processes split the guilds between them. On PostgreSQL it holds them
    by lease and takes over the shards of a process that died (bot/shards.py)."""

    _launched: asyncio.Event

    async def _claim_shards(self) -> None:
        self._launched = asyncio.Event()
        settings, count = self.settings, self.shard_count
        if not self.store.db.shared or count is None:
            return
        own = settings.shard_id_list()
        keeper = ShardKeeper(
            self.store.shards,
            count,
            settings.instance_id,
            settings.lease_seconds,
            list(range(count)) if own is None else own,
            self._connect_shard,
            self._disconnect_shard,
            most=settings.shard_max,
            taken=self._took_shards,
        )
        self.shard_ids = await keeper.claim_own()
        self.shard_keeper = keeper
        log.info("holding shard(s) %s of %s", self.shard_ids, count)
        keeper.start()

    async def launch_shards(self) -> None:
        try:
            if self.shard_ids == [] and self.shard_count is not None:
                # No shard to connect yet (a standby): discord.py would connect them all.
                self._connection.shard_count = self.shard_count
                self._connection.shard_ids = []
                return
            await super().launch_shards()
        finally:
            self._launched.set()

    async def _connect_shard(self, shard_id: int, first: bool) -> None:
        """Connect a shard taken over while running. The first of a batch identifies at once
        (discord.py waits 5 s before every other identify, as Discord asks of one bot)."""
        await self._launched.wait()  # the first shards are launched by connect() itself
        ids = sorted({*(self.shard_ids or []), shard_id})
        self.shard_ids = ids
        self._connection.shard_ids = ids
        await self.launch_shard(DiscordWebSocket.DEFAULT_GATEWAY, shard_id, initial=first)

    async def _disconnect_shard(self, shard_id: int) -> None:
        self.shard_ids = [s for s in self.shard_ids or [] if s != shard_id]
        self._connection.shard_ids = self.shard_ids
        info = self.get_shard(shard_id)
        if info is not None:
            await info.disconnect()

    async def _took_shards(self, shards: list[int]) -> None:
        """Catch up the games of guilds now served here, as after a start: clocks and status
        messages; reconciliation delivers what their players never got."""
        log.info("serving shard(s) %s now", shards)
        await self.pbp.start(run_loop=False)
        self.reconciler.soon(0)


UNKNOWN_INTERACTION = 10062
# Seconds after which Discord takes no answer to an interaction (3), plus leeway for clocks.
TOO_LATE = 3.2


def throttle_bucket_sweeps(http: Any) -> None:
    """Let discord.py's sweep of idle rate-limit buckets run at most every BUCKET_SWEEP_SECONDS
    (see there); the buckets it keeps meanwhile are only a little memory."""
    sweep = getattr(http, "_try_clear_expired_ratelimits", None)
    if sweep is None:  # another discord.py: nothing to throttle
        return
    due = [0.0]

    def throttled() -> None:
        now = time.monotonic()
        if now >= due[0]:
            due[0] = now + BUCKET_SWEEP_SECONDS
            sweep()

    http._try_clear_expired_ratelimits = throttled


def expired(exc: BaseException) -> bool:
    """Did Discord refuse to hear about this interaction at all (its 3-second window closed)?"""
    return isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_INTERACTION


def tune_gc() -> None:
    """Once started: what exists now (modules, card data, the matches just rebuilt) lives as long
    as the process, so keep it out of every future collection; and collect the young generation
    less often, so fewer short-lived objects get promoted and full collections stay rare."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(GC_YOUNG, middle, old)


def make_bot(settings: Settings) -> BoardGamesBot:
    if not settings.sharded:
        return BoardGamesBot(settings)
    return ShardedBoardGamesBot(settings, shard_count=settings.shard_count, shard_ids=settings.shard_id_list())
