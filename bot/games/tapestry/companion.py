"""The Automa and the Shadow Empire at a physical table (`/automa start tapestry`): a step log per
channel (the platform's companion tables) replayed by `engine.games.tapestry.automa.tabletop`.

Each command takes the channel's lock, replays the steps, appends, amends or removes one step in
one transaction, and reports what the bots did this step in board terms."""

from __future__ import annotations

import asyncio
import secrets
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from bot.errors import UserError
from engine.games.tapestry.automa.tabletop import BotsState, Facts, TableCompanion
from engine.games.tapestry.data import landmarks
from storage.companion import CompanionExists, CompanionRepo, CompanionRow
from storage.db import Database

KIND = "tapestry"
# amendments of the last step, by button code
FAILED, AHEAD_AUTOMA, AHEAD_SHADOW, PERSON_FIRST, UNDO, TRAP_HELD = 1, 2, 3, 4, 5, 6


@dataclass(frozen=True)
class Report:
    companion_id: int
    seq: int
    entries: list[dict[str, Any]]
    state: BotsState
    level: int
    facts: Facts
    step_kind: str = "turn"


def snapshot(st: BotsState) -> dict[str, Any]:
    """A readable summary kept next to the log (never used to rebuild)."""
    return {"vp": st.vp, "income_turns": st.income_turns, "tracks": st.pos, "finished": st.finished}


class TapestryCompanionService:
    def __init__(self, db: Database) -> None:
        self.repo = CompanionRepo(db)
        self.locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    async def start(
        self,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        level: int,
        second: str | None,
        rules_text: str | None,
    ) -> Report:
        if level not in range(1, 7) or (level == 6) != (second is not None):
            raise UserError("error.tapestry.second_civ" if level == 6 else "error.tapestry.second_civ_level")
        comp = TableCompanion(level, secrets.randbelow(2**31), second, rules_text)
        async with self.locks[channel_id]:
            try:
                cid = await self.repo.create(guild_id, channel_id, KIND, comp.to_dict(), user_id)
            except CompanionExists:
                raise UserError("automa.already_running") from None
        st, _ = comp.replay()
        return Report(cid, 0, list(st.log), st, level, Facts())

    async def _active(self, channel_id: int) -> tuple[CompanionRow, TableCompanion]:
        row = await self.repo.active(channel_id)
        if row is None:
            raise UserError("automa.none")
        return row, TableCompanion.from_dict(row.config, row.steps)

    def _report(self, row: CompanionRow, comp: TableCompanion) -> Report:
        st, starts = comp.replay()
        begin = starts[-1] if starts else 0
        last = comp.steps[-1] if comp.steps else {}
        return Report(
            row.id,
            len(comp.steps),
            st.log[begin:],
            st,
            comp.level,
            Facts.from_dict(last.get("facts") or {}),
            str(last.get("kind") or "turn"),
        )

    async def turn(self, channel_id: int, user_id: int) -> Report:
        return await self._push(channel_id, user_id, "turn")

    async def trap(self, channel_id: int, user_id: int) -> Report:
        return await self._push(channel_id, user_id, "trap")

    async def _push(self, channel_id: int, user_id: int, kind: str) -> Report:
        async with self.locks[channel_id]:
            row, comp = await self._active(channel_id)
            st, _ = comp.replay()
            if st.finished and kind == "turn":
                raise UserError("automa.finished")
            if kind == "trap" and st.territories == 0:
                raise UserError("tapestry.companion.no_territory")
            step: dict[str, Any] = {"kind": kind, "facts": Facts().to_dict()}
            comp.steps.append(step)
            report = self._report(row, comp)
            await self.repo.push(row.id, len(comp.steps), step, user_id, snapshot(report.state))
            return report

    async def amend(
        self, channel_id: int, companion_id: int, seq: int, code: int, taken: list[str] | None = None
    ) -> Report:
        """The table corrects the last step's facts (see `Facts`)."""
        async with self.locks[channel_id]:
            row, comp = await self._active(channel_id)
            if row.id != companion_id or seq != len(comp.steps) or seq == 0:
                raise UserError("automa.stale")
            facts = Facts.from_dict(comp.steps[-1].get("facts") or {})
            if taken is not None:
                known = set(landmarks())
                if any(name not in known for name in taken):
                    raise UserError("automa.stale")
                facts.taken = sorted(set(taken))
            elif code == FAILED:
                facts.failed_conquests += 1
            elif code in (AHEAD_AUTOMA, AHEAD_SHADOW):
                bot = "automa" if code == AHEAD_AUTOMA else "shadow"
                facts.ahead = (
                    [b for b in facts.ahead if b != bot] if bot in facts.ahead else [*facts.ahead, bot]
                )
            elif code == PERSON_FIRST:
                facts.person_first = not facts.person_first
            elif code == TRAP_HELD:
                facts.trap_held = not facts.trap_held
            else:
                raise UserError("automa.stale")
            comp.steps[-1] = {**comp.steps[-1], "facts": facts.to_dict()}
            report = self._report(row, comp)
            await self.repo.replace(row.id, seq, comp.steps[-1], snapshot(report.state))
            return report

    async def undo(self, channel_id: int) -> Report:
        async with self.locks[channel_id]:
            row, comp = await self._active(channel_id)
            if not comp.steps:
                raise UserError("automa.nothing_to_undo")
            comp.steps.pop()
            st, _ = comp.replay()
            await self.repo.pop(row.id, len(comp.steps) + 1, snapshot(st))
            return Report(row.id, len(comp.steps), [], st, comp.level, Facts())

    async def status(self, channel_id: int) -> Report:
        row, comp = await self._active(channel_id)
        st, _ = comp.replay()
        return Report(row.id, len(comp.steps), [], st, comp.level, Facts())

    async def stop(self, channel_id: int) -> None:
        async with self.locks[channel_id]:
            row, _ = await self._active(channel_id)
            await self.repo.finish(row.id, "stopped")
