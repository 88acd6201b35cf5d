"""The table service: the only way a match changes.

Each match has an asyncio lock. Under it the service loads the match (rebuilt from seed + log
when not cached), checks the seat and the prompt id, lets the engine judge the answer, and
appends the answer to match_log in one transaction. Only after that commit do listeners
(board, private views, pings, the bot runner) hear about it, so nothing is announced that a
crash could lose. A double click finds the prompt already answered and is refused as stale.

Several processes may share the database, so the asyncio lock is not the whole story: every
write is a compare-and-set on the match's revision, with the (match_id, seq) key of the log as a
second guard. A change is judged on the cached copy without asking the database first (the hot
path of an answer is one transaction, one trip to the database); when the write finds that
another process moved the match on, or a refusal was judged on a copy that turns out to be old,
the copy is reloaded and the change tried again. If its prompt is gone by then, the answer is
refused as stale, so each answer lands once.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import random
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

from bot import faults
from bot.errors import UserError
from bot.leaderboard.recorder import note_replacement_in, record_abandoned_in, record_finished_in
from engine.core import Event, Match, Prompt, SeatSpec
from engine.core.digest import extend_chain, seal, start_chain
from engine.core.errors import EngineError
from engine.core.registry import GameDefinition, get_game
from storage import ChannelBusy, MatchRecord, SeatRecord, Store
from storage.bot_turns import BotTurnRepo
from storage.db import IntegrityError
from storage.first_in_line import first_in_line
from storage.log import DamagedLog, Entry, Stamp
from storage.matches import DamagedMatch, StaleMatch
from storage.quarantine import DAMAGED, RULES

log = logging.getLogger(__name__)

TAIL = 120  # public events kept per match: the board's log, a player's catch-up summary
CONFLICT_RETRIES = 3  # reload-and-retry rounds after losing a write race to another process


class Conflict(UserError):
    """Another process wrote the match first; the cached copy was dropped. Answers retry on the
    reloaded state; anything else reaches the user as a stale click."""

    def __init__(self, match_id: int) -> None:
        super().__init__("error.stale_prompt")
        self.match_id = match_id


# match id -> (match, answers, views by seat) of the matches rendered last, oldest first
_VIEWS: dict[int, tuple[Match, int, dict[int | None, dict[str, Any]]]] = {}
VIEW_CACHE = 64  # at least; a process keeps the views of as many matches as it keeps in memory
_view_limit = VIEW_CACHE


def keep_views_for(matches: int) -> None:
    """Keep the current views of up to `matches` matches (the match cache's size; VIEW_CACHE at
    least). A board edit waits a moment after a step within a turn: with a thousand matches
    under way, a few dozen kept views would be gone by then, and the state viewed again."""
    global _view_limit
    _view_limit = max(VIEW_CACHE, matches)


def views_kept() -> int:
    """How many matches' current views are kept (renders made from them follow it)."""
    return _view_limit


def forget_views() -> None:
    """Drop the kept views: for code that changes a state in place (tests), not by answers."""
    _VIEWS.clear()


@dataclass
class WrittenLines:
    """Event lines the renderers already wrote for a match's tail (bot/render/common.py), kept
    with that copy of the match: by (event id, locale), (event, line); `names` says with which
    seat names and catalogues."""

    names: tuple[Any, ...] = ()
    lines: dict[tuple[int, str], tuple[Event, str]] = field(default_factory=dict)


@dataclass
class Live:
    """A match as the bot holds it: the stored record and, once started, the engine state."""

    record: MatchRecord
    match: Match | None = None
    tail: deque[Event] = field(default_factory=lambda: deque(maxlen=TAIL))
    broken: str | None = None  # why the log could not be replayed, if it could not
    # Held out of play (storage/quarantine.py): "damaged" (it cannot be loaded) or "rules" (it
    # replays, but its state comes out otherwise than stored: the host or a manager decides).
    held: str | None = None
    chain: bytes = b""  # the digest chain at the current answer (engine/core/digest.py)
    board_turn: Any = None  # the turn the channel board was last asked to show (the notifier's)
    # The database's match generation when this copy was last known to be what is stored (read
    # or committed with no other writer heard of meanwhile); None: unknown. See TableService.fresh.
    generation: int | None = None
    lines: WrittenLines = field(default_factory=lambda: WrittenLines())

    @property
    def id(self) -> int:
        return self.record.id

    def view(self, seat: int | None) -> dict[str, Any]:
        """The match's view for `seat` (None: public), built once per state: rendering after a
        commit asks for the same views many times (each Buy option reads the Supply counts).
        Read only. A state is a match object at a number of answers (undo replaces the object);
        the views of the matches rendered last are kept (`keep_views_for`), not of every match."""
        views = self.views()
        found = views.get(seat)
        if found is None:
            match = self.match
            assert match is not None
            if seat is not None and match.shares_public_view:
                # a board, a menu's pile counts or the status read the public view of most states
                # anyway: the seat's view is built on it
                found = match.seat_view(self.view(None), seat)
            else:
                found = match.view(seat)
            views[seat] = found
        return found

    def views(self) -> dict[int | None, dict[str, Any]]:
        """The kept views of the current state, by seat: a new dict whenever the state changes
        (or `forget_views` drops them), so what is derived from the views can be kept with it."""
        match = self.match
        assert match is not None, "no view before the match starts"
        hit = _VIEWS.get(self.record.id)
        if hit is None or hit[0] is not match or hit[1] != match.version:
            _VIEWS.pop(self.record.id, None)  # to the end: the oldest entries go first
            hit = _VIEWS[self.record.id] = (match, match.version, {})
            while len(_VIEWS) > _view_limit:
                del _VIEWS[next(iter(_VIEWS))]
        return hit[2]

    @property
    def definition(self) -> GameDefinition:
        return get_game(self.record.game)

    def prompt_for(self, seat: int) -> Prompt | None:
        return self.match.prompt_for(seat) if self.match is not None else None


@dataclass(frozen=True)
class Outcome:
    """What listeners hear after a commit."""

    match_id: int
    kind: str  # answer | start | abandon | leave
    seat: int | None = None
    events: tuple[Event, ...] = ()
    via: str = "command"  # command | component | bot | system
    actor_id: int | None = None
    finished: bool = False
    # The table as committed (and the number of answers then): listeners read it without a
    # lookup while it still stands at that commit (see TableService.live_of).
    live: Live | None = field(default=None, compare=False, repr=False)
    version: int | None = None
    # The match's revision after the answer, and the seats with an open prompt then: a follow-up
    # that runs after the game moved on can still tell whose turn ended here (TurnTimers.sync).
    revision: int | None = None
    waiting: frozenset[int] | None = None


class KeyedLocks:
    """One asyncio lock per key (a match id), kept only while somebody holds or awaits it, so
    the table of locks stays as small as the work under way."""

    def __init__(self) -> None:
        self._held: dict[int, _KeyedLock] = {}

    def hold(self, key: int) -> _KeyedLock:
        """`async with locks.hold(key):` (every answer takes a few: a plain context manager, no
        generator behind it)."""
        entry = self._held.get(key)
        if entry is None:
            entry = self._held[key] = _KeyedLock(self._held, key)
        return entry

    def __len__(self) -> int:
        return len(self._held)


class _KeyedLock:
    """A key's lock and how many hold or await it; the last one out drops it from the table."""

    __slots__ = ("lock", "users", "table", "key")

    def __init__(self, table: dict[int, _KeyedLock], key: int) -> None:
        self.lock = asyncio.Lock()
        self.users = 0
        self.table = table
        self.key = key

    async def __aenter__(self) -> None:
        self.users += 1
        try:
            await self.lock.acquire()
        except BaseException:
            self._leave()
            raise

    async def __aexit__(self, *exc: object) -> None:
        self.lock.release()
        self._leave()

    def _leave(self) -> None:
        self.users -= 1
        if not self.users:
            del self.table[self.key]


Listener = Callable[[Outcome], Awaitable[None]]
T = TypeVar("T")
P = ParamSpec("P")


def retrying(method: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
    """Run a change again on the reloaded match when another process wrote it first; the change
    re-checks everything (seat, prompt, lobby state) against the new state."""

    @functools.wraps(method)
    async def run(*args: P.args, **kwargs: P.kwargs) -> T:
        for _ in range(CONFLICT_RETRIES - 1):
            try:
                return await method(*args, **kwargs)
            except Conflict as exc:
                log.info("match %s: lost a write race, retrying on the current state", exc.match_id)
        return await method(*args, **kwargs)

    return run


# Announcements (boards, DMs, status lines: the follow-ups of a commit) under way at once; the rest
# wait their turn, in order. Unbounded, a process offered more clicks than it can serve ran every
# follow-up at once: each pass of the event loop grew with them, so the clicks themselves were
# read and acknowledged later and later, past Discord's 3-second window, and the players clicked
# again. Bounded, a click is still answered at once; what waits is the news of it, and with it the
# next player's prompt, so an overloaded process slows the games down instead of failing clicks.
TOLD_AT_ONCE = 32


class TableService:
    def __init__(
        self,
        store: Store,
        cache_size: int = 64,
        *,
        bot_waiting: Callable[[Live], bool] | None = None,
        owns: Callable[[int | None], bool] | None = None,
        told_at_once: int = TOLD_AT_ONCE,
    ) -> None:
        self.store = store
        self.cache_size = cache_size
        self._cache: OrderedDict[int, Live] = OrderedDict()
        self.locks = KeyedLocks()
        self.listeners: list[Listener] = []
        # Does a bot seat now wait on this match? (the runner's answer; default: no bots) Such
        # answers queue the match for the runner in the answer's own transaction, so no crash
        # can lose the bot's turn.
        self.bot_waiting: Callable[[Live], bool] = bot_waiting or (lambda live: False)
        # Which guilds this process serves (its shards; default: all); catching up after a start
        # covers only those, other processes catch up theirs.
        self.owns: Callable[[int | None], bool] = owns or (lambda guild_id: True)
        # match id -> loop time of this process's last commit: reconciliation leaves a match alone
        # while the commit's own announcement may still be under way.
        self.committed: dict[int, float] = {}
        self._announcing = 0
        self._told_at_once = told_at_once
        self._quiet = asyncio.Event()
        self._telling = asyncio.Semaphore(told_at_once)  # announcements under way (TOLD_AT_ONCE)
        self._quiet.set()

    # -- loading --------------------------------------------------------------------------------
    async def get(self, match_id: int) -> Live:
        """The live match, from the cache or rebuilt from storage. Raises UserError if unknown."""
        live = self._cache.get(match_id)
        if live is not None:
            self._cache.move_to_end(match_id)
            return live
        generation = self.store.db.match_generation
        try:
            record = await self.store.matches.get(match_id)
        except DamagedMatch as exc:
            await self.hold(match_id, DAMAGED, "row", exc.reason)
            raise UserError("error.match_quarantined", id=match_id) from exc
        if record is None:
            raise UserError("error.no_match")
        live = await self._rebuild(record)
        # Another coroutine may have loaded it while we awaited; keep the first copy.
        existing = self._cache.get(match_id)
        if existing is not None:
            return existing
        self._vouch(live, generation)
        self._remember(live)
        return live

    async def fresh(self, match_id: int, after_own_commit: bool = False) -> Live:
        """The live match, reloaded first if another process wrote it since it was cached.
        `after_own_commit`: the caller follows a commit this process just made (its trip read the
        database's generation), so a copy no other writer can have touched since it was last read
        or written (the match generation has not moved) is taken without asking the database."""
        live = self._cache.get(match_id)
        if live is not None:
            if (
                after_own_commit
                and live.generation is not None
                and live.generation == self.store.db.match_generation
            ):
                self._cache.move_to_end(match_id)
                return live
            generation = self.store.db.match_generation
            if await self.store.matches.revision(match_id) == live.record.revision:
                self._vouch(live, generation)
                self._cache.move_to_end(match_id)
                return live
            self.forget(match_id)
        return await self.get(match_id)

    @asynccontextmanager
    async def writing(self, match_id: int) -> AsyncIterator[Live]:
        """The match's lock and its copy (the cached one as is: the write's compare-and-set
        catches a copy another process made old). A refusal keeps the copy unless it was judged
        on an old one (then: reload and retry); a lost race or any other failure drops it, since
        memory may have moved ahead of what was stored."""
        async with self.locks.hold(match_id):
            live = await self.get(match_id)
            revision = live.record.revision
            generation = self.store.db.match_generation
            try:
                yield live
            except (UserError, EngineError) as exc:
                if not isinstance(exc, Conflict) and await self._outdated(live):
                    self.forget(match_id)
                    raise Conflict(match_id) from exc
                raise
            except (StaleMatch, IntegrityError) as exc:  # (IntegrityError: the log key)
                if isinstance(exc, StaleMatch):
                    # A lost compare-and-set is a conflict like a refused key (which the
                    # database layer counts itself), for bgb_db_conflicts_total.
                    self.store.db.conflicts += 1
                self.forget(match_id)
                raise Conflict(match_id) from exc
            except BaseException:
                self.forget(match_id)
                raise
            if live.record.revision != revision:  # committed: a compare-and-set that held
                self._vouch(live, generation)

    def _vouch(self, live: Live, generation: int | None) -> None:
        """`live` was read or committed since `generation` was current: it is what is stored as
        of the database's generation now, unless that moved meanwhile (then: not known)."""
        live.generation = generation if generation == self.store.db.match_generation else None

    async def _outdated(self, live: Live) -> bool:
        """Has another process written the match since this copy was loaded? (Only asked when a
        change is refused, which is rare, so answers that go through never wait on a read.)"""
        return await self.store.matches.revision(live.id) != live.record.revision

    async def for_channel(self, channel_id: int, fresh: bool = False) -> Live:
        """The channel's lobby or game (`fresh`: reloaded first if another process moved it on,
        for reads that decide what a player may do)."""
        try:
            record = await self.store.matches.live_in_channel(channel_id)
        except DamagedMatch as exc:
            await self.hold(exc.match_id, DAMAGED, "row", exc.reason)
            raise UserError("error.match_quarantined", id=exc.match_id) from exc
        if record is None:
            raise UserError("error.no_game_here")
        return await (self.fresh(record.id) if fresh else self.get(record.id))

    def _remember(self, live: Live) -> None:
        self._cache[live.id] = live
        self._cache.move_to_end(live.id)
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)

    def cached_count(self) -> int:
        return len(self._cache)

    def cached(self, match_id: int) -> Live | None:
        return self._cache.get(match_id)

    def forget(self, match_id: int) -> None:
        self._cache.pop(match_id, None)

    async def _rebuild(self, record: MatchRecord) -> Live:
        """The match from its seed and log. Whatever keeps it from loading (a damaged log, an
        unknown game, options or an answer the rules refuse) holds it as damaged; a state that
        comes out otherwise than its last answer's digest holds it until the host or a manager
        continues under the current rules. Either way the live copy says so and is not played."""
        live = Live(record)
        if record.status not in ("active", "finished"):
            return live
        held = await self.store.quarantine.get(record.id)
        try:
            # (a database that fails to answer is not the match's fault: that propagates)
            stamped = await self.store.log.stamped(record.id)
        except DamagedLog as exc:
            return await self._damaged(live, exc.reason, str(exc), exc.step)
        try:
            definition = get_game(record.game)
            match = Match(record.game, seat_specs(record.seats), engine_options(record), record.seed)
            live.tail.extend(e for e in match.opening_events if e.public)
            chain = start_chain(match)
            for step, ((seat, answer), _) in enumerate(stamped, 1):
                try:
                    events = match.submit(seat, answer)
                except EngineError as exc:
                    raise Replay(step, exc) from exc
                chain = extend_chain(chain, match, seat, answer, events)
                live.tail.extend(e for e in events if e.public)
        except Exception as exc:  # noqa: BLE001 - whatever the rules make of it holds this match alone
            at = exc.step if isinstance(exc, Replay) else None
            reason = exc.reason if isinstance(exc, Replay) else type(exc).__name__
            live.broken = getattr(exc, "key", None) or reason
            return await self._damaged(live, reason, str(exc), at)
        live.match = match
        live.chain = chain
        if held is not None:
            live.held = held.kind
        elif stamped and record.status == "active":
            stored = stamped[-1][1]
            if stored.digest is not None and stored.digest != seal(chain, match):
                differs = first_difference(record, [e for e, _ in stamped], [s for _, s in stamped])
                log.warning(
                    "match %s: state differs from the stored one from answer %s (recorded with %s, now %s)",
                    record.id,
                    differs,
                    stored.engine_version or record.engine_version,
                    definition.engine_version,
                )
                live.held = RULES
                await self.hold(
                    record.id, RULES, "digest", "", differs, stored.engine_version or record.engine_version
                )
        return live

    async def _damaged(self, live: Live, reason: str, detail: str, step: int | None) -> Live:
        log.error("match %s cannot be loaded (answer %s): %s", live.id, step, detail)
        live.broken = live.broken or reason
        live.held = DAMAGED
        if live.record.status == "active":
            await self.hold(live.id, DAMAGED, reason, detail, step)
        return live

    async def hold(
        self,
        match_id: int,
        kind: str,
        reason: str,
        detail: str = "",
        step: int | None = None,
        version: str | None = None,
    ) -> None:
        """Quarantine a match (kept in storage, so its table is told once and managers see it);
        never raises: a failure here must not become the failure of the whole load."""
        try:
            if await self.store.quarantine.hold(match_id, kind, reason, detail, step, version):
                log.warning("match %s held out of play (%s: %s, answer %s)", match_id, kind, reason, step)
        except Exception:
            log.exception("match %s could not be quarantined", match_id)

    async def rebuild_live(self) -> list[int]:
        """Load every running match this process serves (checks each log still replays); one
        that cannot be loaded is quarantined, the others go on. Returns the playable ids."""
        ids = []
        records, damaged = await self.store.matches.sorted_out("active")
        for info, reason in damaged:
            if self.owns(info.guild_id):
                await self.hold(info.id, DAMAGED, "row", reason)
        for record in records:
            if not self.owns(record.guild_id):
                continue
            try:
                live = await self.get(record.id)
            except Exception:  # noqa: BLE001 - (a damaged match was held on the way; not a failing database)
                log.exception("match %s could not be loaded", record.id)
                continue
            if live.broken is None and live.held is None:
                ids.append(record.id)
        return ids

    async def continue_rules(self, match_id: int) -> Live:
        """The host or a manager agreed to go on under the current rules: every stored digest is
        replaced by what the rules give now, the engine version recorded, the hold lifted."""
        async with self.locks.hold(match_id):
            held = await self.store.quarantine.get(match_id)
            if held is None or held.kind != RULES:
                raise UserError("quarantine.not_held")
            record = await self.store.matches.get(match_id)
            if record is None:
                raise UserError("error.no_match")
            entries = await self.store.log.entries(match_id)
            stamps = stamps_of(record, entries)
            version = get_game(record.game).engine_version
            await self.store.log.restamp(match_id, [Stamp(d, version) for d in stamps])
            await self.store.matches.set_engine_version(match_id, version)
            await self.store.quarantine.release(match_id)
            self.forget(match_id)
        return await self.get(match_id)

    # -- answers --------------------------------------------------------------------------------
    async def submit(
        self, match_id: int, user_id: int, pid: int, answer: Sequence[str], via: str = "command"
    ) -> Outcome:
        """A human answers by option ids."""
        return await self._submit(match_id, pid, via, user_id=user_id, resolve=lambda p: tuple(answer))

    async def submit_indices(
        self, match_id: int, user_id: int, pid: int, indices: Sequence[int], via: str = "component"
    ) -> Outcome:
        """A human answers by option positions (what buttons and selects carry)."""

        def resolve(prompt: Prompt) -> tuple[str, ...]:
            if any(not 0 <= i < len(prompt.options) for i in indices):
                raise UserError("error.stale_prompt")
            return tuple(prompt.options[i].id for i in indices)

        return await self._submit(match_id, pid, via, user_id=user_id, resolve=resolve)

    async def submit_seat(
        self, match_id: int, seat: int, pid: int, answer: Sequence[str], via: str = "bot", cover: bool = False
    ) -> Outcome:
        """A bot or automa seat answers (the runner); no user ownership to check. `cover`: a
        substitute bot plays a human seat whose turn timed out."""
        return await self._submit(match_id, pid, via, seat=seat, resolve=lambda p: tuple(answer), cover=cover)

    async def _submit(
        self,
        match_id: int,
        pid: int,
        via: str,
        resolve: Callable[[Prompt], tuple[str, ...]],
        user_id: int | None = None,
        seat: int | None = None,
        cover: bool = False,
    ) -> Outcome:
        # On a lost race the next round either applies the answer to the newer state or finds its
        # prompt gone and refuses it as stale. Its database calls go before the follow-ups of
        # answers already committed: a click waits for this one.
        with first_in_line():
            return await self._submit_once(match_id, pid, via, resolve, user_id, seat, cover)

    @retrying
    async def _submit_once(
        self,
        match_id: int,
        pid: int,
        via: str,
        resolve: Callable[[Prompt], tuple[str, ...]],
        user_id: int | None,
        seat: int | None,
        cover: bool,
    ) -> Outcome:
        async with self.writing(match_id) as live:
            match = self._playable(live)
            if seat is None:
                assert user_id is not None
                seat = live.record.seat_of(user_id)
                if seat is None:
                    raise UserError("error.not_a_player")
            elif live.record.seats[seat].kind == "human" and not cover:
                raise UserError("error.not_your_prompt")
            prompt = match.prompt_for(seat)
            if prompt is None:
                raise UserError("error.not_your_turn")
            if prompt.pid != pid:
                raise UserError("error.stale_prompt")
            answer = resolve(prompt)
            events = match.submit(seat, answer, pid=pid)  # IllegalAnswer leaves the state unchanged
            chain = extend_chain(live.chain, match, seat, answer, events)
            try:
                await self._commit_answer(
                    live, seat, answer, Stamp(seal(chain, match), match.definition.engine_version)
                )
            except BaseException:
                # The engine already moved on in memory; drop it so the next load replays the log.
                self.forget(match_id)
                raise
            live.chain = chain
            self.committed[match_id] = asyncio.get_running_loop().time()
            faults.point("after_commit")  # tests kill the process here: committed, not announced
            live.tail.extend(e for e in events if e.public)
            return Outcome(
                match_id,
                "answer",
                seat,
                tuple(events),
                via,
                user_id,
                match.finished,
                live=live,
                version=match.version,
                revision=live.record.revision,
                waiting=frozenset(p.seat for p in match.prompts()),
            )

    def _playable(self, live: Live) -> Match:
        status = live.record.status
        if status == "finished":
            raise UserError("error.game_over")
        if status != "active":
            raise UserError("error.not_started" if status == "lobby" else "error.no_game_here")
        if live.held == RULES:
            raise UserError("error.match_rules_hold", id=live.id)
        if live.held is not None:
            raise UserError("error.match_quarantined", id=live.id)
        if live.broken is not None or live.match is None:
            raise UserError("error.match_unavailable")
        return live.match

    async def _commit_answer(self, live: Live, seat: int, answer: tuple[str, ...], stamp: Stamp) -> None:
        match = live.match
        assert match is not None
        record = live.record
        if not match.finished:
            # The common case in one batch: the log append (its key refuses a second answer at
            # this step), the revision compare-and-set, the bot-turn request if one is due.
            append = self.store.log.append_write(record.id, match.version - 1, seat, answer, stamp)
            queue = [BotTurnRepo.queue_write(record.id)] if self.bot_waiting(live) else []
            await self.store.matches.save_with(record, [append, *queue])
            return
        async with self.store.db.transaction() as conn:
            # The (match_id, seq) key refuses a second answer at this step (IntegrityError).
            await self.store.log.append_in(conn, record.id, match.version - 1, seat, answer, stamp)
            if match.finished:
                result = match.result()
                record.status = "finished"
                if result is not None:
                    details = {**result.details, "turns": list(result.turns), "winners": list(result.winners)}
                    await self.store.results.save_in(
                        conn,
                        record.id,
                        list(result.scores),
                        list(result.ranks),
                        details,
                        str(result.details.get("ended_by") or "finished"),
                    )
                    # The play and its rating land in the same commit as the result.
                    await record_finished_in(conn, record, result.scores, result.ranks, details)
            await self.store.matches.save_in(conn, record)
            if not match.finished and self.bot_waiting(live):
                await BotTurnRepo.queue_in(conn, record.id)

    # -- lobby ----------------------------------------------------------------------------------
    async def open_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        host_id: int,
        host_name: str,
        locale: str,
        capacity: int | None = None,
    ) -> Live:
        definition = get_game(game)
        size = capacity or definition.max_players
        fewest = definition.players_needed(options)
        if not fewest <= size <= definition.max_players:
            raise UserError("error.player_count", min=fewest, max=definition.max_players, count=size)
        # Validate now so the host hears about a bad kingdom before anyone joins.
        definition.normalize_options(dict(options), max(definition.min_players, 1))
        try:
            record = await self.store.matches.create(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game,
                engine_version=definition.engine_version,
                options={**options, "capacity": size},
                seats=[SeatRecord("human", host_name, None, host_id)],
                seed=random.SystemRandom().randrange(1, 2**53),
                host_id=host_id,
                locale=locale,
            )
        except ChannelBusy as exc:
            raise UserError("error.channel_busy") from exc
        live = Live(record)
        self._remember(live)
        return live

    @retrying
    async def join(
        self, match_id: int, user_id: int, name: str, seated: Callable[[MatchRecord], None] | None = None
    ) -> Live:
        """Seat a player; `seated` may add what the player brings to the lobby (a standing
        preference) to the record, so it is stored in the same write as the seat."""
        async with self.writing(match_id) as live:
            self._require_lobby(live)
            record = live.record
            if record.seat_of(user_id) is not None:
                raise UserError("error.already_joined")
            if len(record.seats) >= capacity(record):
                raise UserError("error.lobby_full")
            record.seats.append(SeatRecord("human", name, None, user_id))
            if seated is not None:
                seated(record)
            await self.store.matches.save(record)
            return live

    @retrying
    async def leave_lobby(self, match_id: int, user_id: int) -> Live:
        async with self.writing(match_id) as live:
            self._require_lobby(live)
            record = live.record
            seat = record.seat_of(user_id)
            if seat is None:
                raise UserError("error.not_a_player")
            del record.seats[seat]
            humans = [s for s in record.seats if s.kind == "human" and s.user_id is not None]
            if not humans:
                record.status = "abandoned"
            elif user_id == record.host_id:
                record.host_id = humans[0].user_id or record.host_id
            await self.store.matches.save(record)
            return live

    @retrying
    async def add_bot(self, match_id: int, user_id: int, policy: str | None = None) -> Live:
        async with self.writing(match_id) as live:
            self._require_lobby(live)
            record = live.record
            if user_id != record.host_id:
                raise UserError("error.host_only")
            if len(record.seats) >= capacity(record):
                raise UserError("error.lobby_full")
            definition = live.definition
            chosen = policy or default_policy(definition)
            if chosen is None:
                raise UserError("error.no_bots")
            number = sum(1 for s in record.seats if s.kind != "human") + 1
            record.seats.append(SeatRecord("bot", f"Bot {number}", chosen, None))
            await self.store.matches.save(record)
            return live

    @retrying
    async def start(self, match_id: int, user_id: int) -> Live:
        async with self.writing(match_id) as live:
            self._require_lobby(live)
            record = live.record
            if user_id != record.host_id:
                raise UserError("error.host_only")
            # InvalidSetup (say, too few players) propagates to the host as a localized refusal.
            match = Match(record.game, seat_specs(record.seats), engine_options(record), record.seed)
            record.options = {**match.options, "capacity": capacity(record)}
            record.engine_version = match.definition.engine_version
            record.status = "active"
            live.match = match
            live.chain = start_chain(match)
            async with self.store.db.transaction() as conn:
                await self.store.matches.save_in(conn, record)
                if self.bot_waiting(live):
                    await BotTurnRepo.queue_in(conn, record.id)
            live.tail.extend(e for e in match.opening_events if e.public)
            self.committed[match_id] = asyncio.get_running_loop().time()
            return live

    @staticmethod
    def _require_lobby(live: Live) -> None:
        if live.record.status != "lobby":
            raise UserError("error.lobby_closed")

    # -- leaving a running game -----------------------------------------------------------------
    @retrying
    async def hand_to_bot(self, match_id: int, user_id: int) -> tuple[Live, int]:
        """A player leaves a running game; a bot takes over the seat so the others can finish."""
        async with self.writing(match_id) as live:
            self._playable(live)
            seat = live.record.seat_of(user_id)
            if seat is None:
                raise UserError("error.not_a_player")
            old = live.record.seats[seat]
            live.record.seats[seat] = SeatRecord("bot", old.name, default_policy(live.definition), None)
            if not any(s.kind == "human" for s in live.record.seats):
                live.record.status = "abandoned"
            async with self.store.db.transaction() as conn:
                await self.store.matches.save_in(conn, live.record)
                await note_replacement_in(conn, match_id, seat, user_id, old.name)
                if live.record.status == "abandoned":
                    await record_abandoned_in(conn, live.record)
            return live, seat

    @retrying
    async def abandon(self, match_id: int, user_id: int, can_manage: bool) -> Live:
        async with self.writing(match_id) as live:
            if not live.record.live:
                raise UserError("error.no_game_here")
            if user_id != live.record.host_id and not can_manage:
                raise UserError("error.host_only")
            was_running = live.record.status == "active"
            live.record.status = "abandoned"
            async with self.store.db.transaction() as conn:
                await self.store.matches.save_in(conn, live.record)
                if was_running:
                    await record_abandoned_in(conn, live.record)
            return live

    @retrying
    async def set_board(
        self, match_id: int, message_id: int | None, posted_at: float | None, expect: int | None = None
    ) -> bool:
        """Record the board message only if the stored one is still `expect` (None: no board
        yet); False if another process recorded its own board first. The save is a
        compare-and-set on the revision, so a lost race reloads and compares again."""
        async with self.writing(match_id) as live:
            if live.record.board_message_id != expect:
                return False
            live.record.board_message_id = message_id
            live.record.board_posted_at = posted_at
            await self.store.matches.save(live.record)
            return True

    @retrying
    async def set_lobby_message(self, match_id: int, message_id: int) -> None:
        async with self.writing(match_id) as live:
            live.record.lobby_message_id = message_id
            await self.store.matches.save(live.record)

    # -- announcing -----------------------------------------------------------------------------
    def listen(self, *listeners: Listener) -> None:
        """Have `listeners` hear every announced outcome, in the order given."""
        self.listeners.extend(listeners)

    async def live_of(self, outcome: Outcome) -> Live:
        """The table an outcome is about: the one it carries while that is still the cached table
        at the committed answer count (nothing moved on, no failed write dropped it), else the
        table as the cache or the log has it now."""
        live = outcome.live
        if (
            live is not None
            and live.match is not None
            and live.match.version == outcome.version
            and self._cache.get(outcome.match_id) is live
        ):
            self._cache.move_to_end(outcome.match_id)
            return live
        return await self.get(outcome.match_id)

    async def announce(self, outcome: Outcome) -> None:
        """Tell every listener; one failing listener must not silence the others."""
        self._announcing += 1
        self._quiet.clear()
        try:
            async with self._telling:
                for listener in list(self.listeners):
                    try:
                        await listener(outcome)
                    except Exception:
                        log.exception("listener %r failed for %s", listener, outcome)
        finally:
            self._announcing -= 1
            if not self._announcing:
                self._quiet.set()

    @property
    def behind(self) -> bool:
        """Is news of answers waiting for a slot (all TOLD_AT_ONCE taken)? The process then has
        more to announce than it keeps up with, so what may wait (a board edit, a status edit in
        place) waits longer and more of it is folded into one request."""
        return self._announcing > self._told_at_once

    async def drain(self, timeout: float) -> None:
        """Wait (at most `timeout`) for announcements under way, so a shutdown does not cut a
        board update or a DM in half."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._quiet.wait(), timeout)


def capacity(record: MatchRecord) -> int:
    definition = get_game(record.game)
    return int(record.options.get("capacity") or definition.max_players)


def engine_options(record: MatchRecord) -> dict[str, Any]:
    """The stored options minus what only the lobby uses (the table size)."""
    return {k: v for k, v in record.options.items() if k != "capacity"}


def default_policy(definition: GameDefinition) -> str | None:
    if definition.default_policy in definition.policies:
        return definition.default_policy
    return next(iter(definition.policies), None)


def seat_specs(seats: list[SeatRecord]) -> list[SeatSpec]:
    return [SeatSpec(kind=s.kind, name=s.name, policy=s.policy) for s in seats]  # type: ignore[arg-type]


class Replay(Exception):
    """An answer of the log that the rules refuse now; `step` is its 1-based place."""

    def __init__(self, step: int, error: EngineError) -> None:
        super().__init__(f"answer {step}: {error.key}")
        self.step = step
        self.reason = "replay"
        self.key = error.key


def stamps_of(record: MatchRecord, entries: Sequence[Entry]) -> list[str]:
    """The digest after every answer, as the current rules give them (a slow path: the prompts
    are listed at each step)."""
    match = Match(record.game, seat_specs(record.seats), engine_options(record), record.seed)
    chain = start_chain(match)
    out = []
    for seat, answer in entries:
        chain = extend_chain(chain, match, seat, answer, match.submit(seat, answer))
        out.append(seal(chain, match))
    return out


def first_difference(record: MatchRecord, entries: Sequence[Entry], stamps: Sequence[Stamp]) -> int | None:
    """The first answer (1-based) whose state differs from its stored digest."""
    for step, (digest, stamp) in enumerate(zip(stamps_of(record, entries), stamps, strict=True), 1):
        if stamp.digest is not None and stamp.digest != digest:
            return step
    return None
