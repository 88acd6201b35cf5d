"""Results of games played at a physical table: a draft the submitter fills in, then a pending
result every other listed player must confirm before it counts.

Drafts live in memory (losing one on restart costs a few clicks); pending results are stored,
so confirmations keep working across restarts. A rejection or the deadline discards a result.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bot.errors import UserError
from bot.leaderboard.calculators import Calculator, calculate, calculator
from bot.leaderboard.games import TableGame, table_game
from bot.leaderboard.recorder import insert_and_rate_in
from bot.leaderboard.solo import opponent, opponent_name, parse_choice
from engine.core.result import rank_by
from storage import Store
from storage.leaderboard import Play, SeatResult
from storage.leaderboard_pending import DuplicatePending, PendingResult, PendingSeat

CONFIRM_SECONDS = 48 * 3600.0
DRAFT_SECONDS = 3600.0


@dataclass
class DraftSeat:
    kind: str  # human | automa
    user_id: int | None
    name: str
    score: int | None = None
    breakdown: dict[str, int] | None = None


@dataclass
class Draft:
    id: int
    guild_id: int
    channel_id: int
    submitted_by: int
    game: TableGame
    opponent: str | None = None
    level: int | None = None
    seats: list[DraftSeat] = field(default_factory=list)
    opponent_score: int | None = None  # known already (a companion scored her), still editable
    created_at: float = field(default_factory=time.time)

    def calculator(self, seat: int) -> Calculator:
        s = self.seats[seat]
        if s.kind == "automa":
            return calculator(self.opponent)  # the opponent's own sheet, if its game has one
        return calculator(self.game.calculator)

    @property
    def complete(self) -> bool:
        return bool(self.seats) and all(s.score is not None for s in self.seats)


def ranks_for(scores: Sequence[int], kinds: Sequence[str]) -> list[int]:
    """Competition ranking by score; against an automated opponent, a tie goes to the opponent."""
    if "automa" in kinds:
        keys = [(score, 1 if kind == "automa" else 0) for score, kind in zip(scores, kinds, strict=True)]
        return list(rank_by(keys))
    return list(rank_by([(s,) for s in scores]))


def fingerprint(
    game: str, opponent_id: str | None, level: int | None, seats: Sequence[DraftSeat | PendingSeat]
) -> str:
    """Same game, same people, same scores: the same result (hashed: the row names nobody)."""
    people = sorted([s.user_id or 0, s.kind, s.score] for s in seats)
    raw = json.dumps([game, opponent_id, level, people])
    return hashlib.sha256(raw.encode()).hexdigest()


class TableResults:
    def __init__(self, store: Store, confirm_seconds: float = CONFIRM_SECONDS) -> None:
        self.store = store
        self.confirm_seconds = confirm_seconds
        self._drafts: OrderedDict[int, Draft] = OrderedDict()
        self._next = int(time.time()) % 100000 * 100  # ids that differ across restarts

    # -- drafts ---------------------------------------------------------------------------------
    def start(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        game_id: str,
        solo: str | None,
        opponent_score: int | None = None,
    ) -> Draft:
        game = table_game(game_id)
        if game is None:
            raise UserError("result.error.unknown_game", game=game_id)
        opponent_id, level = None, None
        if solo:
            parsed = parse_choice(solo)
            found = opponent(parsed[0]) if parsed else None
            if parsed is None or found is None or found.game != game.id:
                raise UserError("result.error.unknown_opponent", value=solo)
            fallback = found.levels[0] if found.levels else None  # no levels: one record
            opponent_id, level = parsed[0], parsed[1] if parsed[1] is not None else fallback
        self._next += 1
        draft = Draft(self._next, guild_id, channel_id, user_id, game, opponent_id, level)
        draft.opponent_score = opponent_score if opponent_id is not None else None
        self._drafts[draft.id] = draft
        self._prune()
        return draft

    def draft(self, draft_id: int, user_id: int) -> Draft:
        draft = self._drafts.get(draft_id)
        if draft is None or time.time() - draft.created_at > DRAFT_SECONDS:
            raise UserError("result.error.draft_gone")
        if draft.submitted_by != user_id:
            raise UserError("result.error.not_yours")
        return draft

    def drop(self, draft_id: int) -> None:
        self._drafts.pop(draft_id, None)

    def set_players(
        self, draft_id: int, user_id: int, players: Sequence[tuple[int, str]], locale: str
    ) -> Draft:
        """Who played (already checked to be members of the server, and people)."""
        draft = self.draft(draft_id, user_id)
        ids = [uid for uid, _ in players]
        if len(set(ids)) != len(ids):
            raise UserError("result.error.duplicate_player")
        game = draft.game
        if draft.opponent is not None:
            found = opponent(draft.opponent)
            if len(players) not in (found.humans if found else (1,)):
                raise UserError("result.error.solo_players")
        elif not max(2, game.min_players) <= len(players) <= game.max_players:
            raise UserError("result.error.player_count", min=max(2, game.min_players), max=game.max_players)
        old = {s.user_id: s for s in draft.seats if s.kind == "human"}
        seats = [old.get(uid) or DraftSeat("human", uid, name) for uid, name in players]
        if draft.opponent is not None:
            bot_seat = next((s for s in draft.seats if s.kind == "automa"), None)
            name = opponent_name(draft.opponent, locale)
            seats.append(bot_seat or DraftSeat("automa", None, name, score=draft.opponent_score))
        draft.seats = seats
        return draft

    def score(self, draft_id: int, user_id: int, seat: int, raw: Mapping[str, str], locale: str) -> Draft:
        draft = self.draft(draft_id, user_id)
        if not 0 <= seat < len(draft.seats):
            raise UserError("result.error.draft_gone")
        parts = calculate(draft.calculator(seat), raw, draft.level, locale)
        total = parts["total"]
        if not draft.game.low <= total <= draft.game.high:
            raise UserError("result.error.score_range", score=total, low=draft.game.low, high=draft.game.high)
        draft.seats[seat].score = total
        draft.seats[seat].breakdown = parts if len(parts) > 1 else None
        return draft

    # -- pending results --------------------------------------------------------------------------
    async def submit(
        self, draft_id: int, user_id: int, locale: str = "en", now: float | None = None
    ) -> tuple[PendingResult, Play | None]:
        """Store the draft for confirmation; with nobody else to ask, it counts at once."""
        draft = self.draft(draft_id, user_id)
        if not draft.complete:
            raise UserError("result.error.incomplete")
        now = now or time.time()
        seats = [
            PendingSeat(
                i, s.kind, s.user_id, s.name, s.score or 0, s.breakdown, confirmed=s.user_id == user_id
            )
            for i, s in enumerate(draft.seats)
        ]
        pending = PendingResult(
            id=0,
            guild_id=draft.guild_id,
            channel_id=draft.channel_id,
            game=draft.game.id,
            submitted_by=user_id,
            fingerprint=fingerprint(draft.game.id, draft.opponent, draft.level, draft.seats),
            seats=seats,
            expires_at=now + self.confirm_seconds,
            created_at=now,
            solo_opponent=draft.opponent,
            solo_level=draft.level,
            locale=locale,
        )
        try:
            await self.store.pending.create(pending)
        except DuplicatePending as exc:
            raise UserError("result.error.duplicate") from exc
        self.drop(draft_id)
        play = await self._finish(pending) if not pending.waiting_for else None
        return pending, play

    async def set_message(self, pending_id: int, message_id: int) -> None:
        await self.store.pending.set_message(pending_id, message_id)

    async def _live(self, pending_id: int, now: float | None) -> PendingResult:
        pending = await self.store.pending.get(pending_id)
        if pending is None:
            raise UserError("result.error.gone")
        if pending.expires_at <= (now or time.time()):
            await self.store.pending.delete(pending_id)
            raise UserError("result.error.expired")
        return pending

    async def confirm(
        self, pending_id: int, user_id: int, now: float | None = None
    ) -> tuple[PendingResult, Play | None]:
        pending = await self._live(pending_id, now)
        if user_id not in [s.user_id for s in pending.seats]:
            raise UserError("result.error.not_listed")
        await self.store.pending.confirm(pending_id, user_id)
        pending = await self._live(pending_id, now)
        play = await self._finish(pending) if not pending.waiting_for else None
        return pending, play

    async def reject(self, pending_id: int, user_id: int, now: float | None = None) -> PendingResult:
        pending = await self._live(pending_id, now)
        if user_id not in [s.user_id for s in pending.seats]:
            raise UserError("result.error.not_listed")
        # The last confirmation (perhaps in another process) may have recorded it meanwhile: only
        # the call that deletes the row may tell the table it was rejected.
        if not await self.store.pending.delete(pending_id):
            raise UserError("result.error.gone")
        return pending

    async def expire(self, now: float | None = None) -> list[PendingResult]:
        """Discard every result whose deadline passed; returns them so their messages can say so."""
        gone = await self.store.pending.expired(now or time.time())
        for pending in gone:
            await self.store.pending.delete(pending.id)
        return gone

    async def _finish(self, pending: PendingResult) -> Play | None:
        """Turn a fully confirmed result into a play (once, even if two confirmations race)."""
        scores = [s.score for s in pending.seats]
        ranks = ranks_for(scores, [s.kind for s in pending.seats])
        play = Play(
            id=0,
            guild_id=pending.guild_id,
            game=pending.game,
            source="table",
            seats=[
                SeatResult(
                    s.seat,
                    s.kind,
                    user_id=s.user_id,
                    name=s.name,
                    policy=pending.solo_opponent if s.kind == "automa" else None,
                    score=s.score,
                    rank=rank,
                    breakdown=s.breakdown,
                )
                for s, rank in zip(pending.seats, ranks, strict=True)
            ],
            started_at=pending.created_at,
            ended_at=pending.created_at,
            channel_id=pending.channel_id,
            message_id=pending.message_id,
            options={"solo_level": pending.solo_level} if pending.solo_opponent else {},
            solo_opponent=pending.solo_opponent,
            solo_level=pending.solo_level,
            submitted_by=pending.submitted_by,
        )
        async with self.store.db.transaction() as conn:
            if not await self.store.pending.delete_in(conn, pending.id):
                return None
            return await insert_and_rate_in(conn, play)

    def _prune(self) -> None:
        now = time.time()
        for key in [k for k, d in self._drafts.items() if now - d.created_at > DRAFT_SECONDS]:
            del self._drafts[key]
        while len(self._drafts) > 500:
            self._drafts.popitem(last=False)
