"""Undo, following Board Game Arena's rule: a player may take back their own actions within their
own turn, but never across another player's action, anything that revealed hidden information
(an event private to someone, a draw, a shuffle, a reveal, a look) or anything random. Going
further needs the table's consent or the host; an admin may rewind a stuck game to any step.

Undo rewinds the answer log: the answers are moved to an audit table and the match is rebuilt by
replay, because the log is the only truth. Whether an answer revealed anything is read from the
events the engine produced for it; the engine marks private events with `to`, and each game
declares which of its public event kinds show hidden information or chance.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.errors import UserError
from bot.replays import Replayed, rebuild
from bot.table import Live, TableService, engine_options, retrying, seat_specs
from engine.core import Event
from engine.core.events import sounds_revealing
from engine.core.registry import get_game
from storage.pbp_audit import AuditRepo


def reveals(event: Event, game: str = "") -> bool:
    """Did this event show hidden information or depend on chance? Each game declares which of
    its event kinds do (engine.core.registry.GameDefinition.revealing_events)."""
    if not game:
        return not event.public or sounds_revealing(event.kind)
    return get_game(game).reveals(event)


@dataclass(frozen=True)
class UndoCheck:
    target: int  # the step the log would be cut back to
    steps: int  # how many answers that removes
    reasons: tuple[str, ...]  # empty: the player may undo on their own

    @property
    def free(self) -> bool:
        return not self.reasons


def undo_target(log: list[tuple[int, tuple[str, ...]]], seat: int, steps: int) -> int | None:
    """The step the log is cut back to so that `seat`'s last `steps` answers are taken back
    (with whatever others answered since); None when the seat has fewer answers than that."""
    own = [i for i, (who, _) in enumerate(log) if who == seat]
    return own[-steps] if 1 <= steps <= len(own) else None


def check_undo(
    game: str, replayed: Replayed, log: list[tuple[int, tuple[str, ...]]], seat: int, steps: int
) -> UndoCheck:
    """Which rules taking back `seat`'s last `steps` answers would break (none: allowed): the
    log goes back to before the earliest of them, so any answer another player gave since goes
    too, and that needs their consent."""
    count = len(log)
    target = undo_target(log, seat, steps)
    if target is None:
        return UndoCheck(count, 0, ("nothing",))
    reasons: list[str] = []
    if any(log[i][0] != seat for i in range(target, count)):
        reasons.append("other_player")
    if any(reveals(e, game) for i in range(target, count) for e in replayed.steps[i]):
        reasons.append("hidden")
    marks = {replayed.marks.get(i) for i in range(target, count + 1)}
    if len(marks) > 1:
        reasons.append("turn")
    return UndoCheck(target, count - target, tuple(reasons))


class UndoRefused(UserError):
    """The player may not undo alone; carries the check so the table can be asked instead."""

    def __init__(self, check: UndoCheck) -> None:
        super().__init__("undo.refused", reasons=", ".join(check.reasons))
        self.check = check


class UndoService:
    def __init__(self, table: TableService, audit: AuditRepo) -> None:
        self.table = table
        self.audit = audit

    async def analyse(self, live: Live, seat: int, steps: int) -> UndoCheck:
        entries = await self.table.store.log.entries(live.id)
        record = live.record
        replayed = rebuild(
            record.game,
            seat_specs(record.seats),
            engine_options(record),
            record.seed,
            entries,
            marks_from=undo_target(entries, seat, steps) or 0,
        )
        return check_undo(record.game, replayed, entries, seat, steps)

    @retrying
    async def undo(self, match_id: int, user_id: int, steps: int = 1) -> tuple[Live, UndoCheck]:
        """Take back the caller's last `steps` answers if the rules allow it on their own."""
        async with self.table.writing(match_id) as live:
            self._require_active(live)
            seat = live.record.seat_of(user_id)
            if seat is None:
                raise UserError("error.not_a_player")
            check = await self.analyse(live, seat, steps)
            if "nothing" in check.reasons:
                raise UserError("undo.nothing")
            if not check.free:
                raise UndoRefused(check)
            live = await self._cut(live, check.target, user_id, "undo")
            return live, check

    @retrying
    async def rewind(
        self, match_id: int, to_step: int, actor: int | None, reason: str, expect_steps: int | None = None
    ) -> tuple[Live, int]:
        """Cut the log back to `to_step` answers (consent, host or admin). `expect_steps` refuses
        the rewind if the game has moved on since it was requested. Returns (live, removed)."""
        async with self.table.writing(match_id) as live:
            self._require_active(live)
            count = await self.table.store.log.count(match_id)
            if expect_steps is not None and count != expect_steps:
                raise UserError("undo.moved_on")
            if not 0 <= to_step < count:
                raise UserError("undo.bad_step", steps=count)
            live = await self._cut(live, to_step, actor, reason)
            return live, count - to_step

    async def _cut(self, live: Live, to_step: int, actor: int | None, reason: str) -> Live:
        # A compare-and-set on the revision this decision was made on: if another process added
        # (or took back) an answer meanwhile, nothing is cut and the whole check runs again on
        # the reloaded match (`retrying`), which then refuses or cuts what is really there.
        await self.audit.rewind(live.id, to_step, actor, reason, revision=live.record.revision)
        # The cached match is ahead of the log now; the next load replays the shortened log.
        self.table.forget(live.id)
        fresh = await self.table.get(live.id)
        if fresh.broken is not None:
            raise UserError("error.match_unavailable")
        return fresh

    @staticmethod
    def _require_active(live: Live) -> None:
        if live.record.status != "active" or live.match is None:
            raise UserError("error.game_over" if live.record.status == "finished" else "error.no_game_here")
