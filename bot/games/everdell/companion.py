"""Companions for physical tables: an automated opponent's turns, persisted as a step log.

One companion per channel. Each command takes the channel's lock, rebuilds the state by
replaying the stored steps (the engine's own rule functions), appends or amends one step in a
single transaction, then returns what the table has to do. Kinds other than Nightweave plug in
by adding an entry to `KINDS` with the same shape; the tables do not change.
"""

from __future__ import annotations

import asyncio
import secrets
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from bot.errors import UserError
from engine.games.everdell.mistwood.activity import ActivityCard
from engine.games.everdell.mistwood.nightweave.state import NightweaveState
from engine.games.everdell.mistwood.tabletop import Companion, Facts, physical_choices
from storage.companion import CompanionExists, CompanionRepo, CompanionRow
from storage.db import Database

NIGHTWEAVE = "nightweave"
KINDS = (NIGHTWEAVE,)
SPOT_PREFIXES = ("basic_", "forest_", "journey_")
AMEND = {1: "first", 2: "second", 3: "blocked"}


@dataclass(frozen=True)
class Report:
    """What one step did: her public log entries for that step, and her state after it."""

    companion_id: int
    seq: int
    entries: list[dict[str, Any]]
    state: NightweaveState
    level: int
    modules: list[str]
    facts: dict[str, list[str]]

    @property
    def placed_spot(self) -> str | None:
        for entry in self.entries:
            if entry["kind"] == "place" and str(entry["loc"]).startswith(SPOT_PREFIXES):
                return str(entry["loc"])
        return None


def companion_of(row: CompanionRow) -> Companion:
    return Companion.from_dict(row.config, row.steps)


def snapshot(st: NightweaveState) -> dict[str, Any]:
    """A readable summary kept next to the log (never used to rebuild)."""
    return {
        "season": st.season_name,
        "tokens": st.tokens,
        "workers": st.workers,
        "available": st.available,
        "hand": len(st.hand),
        "finished": st.finished,
    }


class CompanionService:
    def __init__(self, db: Database) -> None:
        self.repo = CompanionRepo(db)
        self.locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    async def start(
        self,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        kind: str,
        level: int,
        humans: int,
        modules: list[str],
        deck_text: str | None = None,
    ) -> Report:
        """`deck_text`: the server's own Activity deck (already validated on upload), copied
        into the companion so its replays never depend on a later upload."""
        if kind not in KINDS:
            raise UserError("automa.unknown_game", game=kind)
        if level not in range(5) or humans not in (1, 2):
            raise UserError("automa.bad_setup")
        comp = Companion(level, humans, secrets.randbelow(2**31), deck_text)
        config = {**comp.to_dict(), "modules": modules}
        async with self.locks[channel_id]:
            try:
                cid = await self.repo.create(guild_id, channel_id, kind, config, user_id)
            except CompanionExists:
                raise UserError("automa.already_running") from None
        st, _, _ = comp.replay()
        return Report(cid, 0, list(st.log), st, level, modules, {})

    async def _active(self, channel_id: int) -> CompanionRow:
        row = await self.repo.active(channel_id)
        if row is None:
            raise UserError("automa.none")
        return row

    async def turn(self, channel_id: int, user_id: int, card: str | None = None, expect: int | None = None) -> Report:
        async with self.locks[channel_id]:
            row = await self._active(channel_id)
            comp = companion_of(row)
            if expect is not None and expect != len(comp.steps):
                raise UserError("automa.stale")
            st, _, _ = comp.replay()
            if st.finished:
                raise UserError("automa.finished")
            if card is not None and card not in comp.deck().by_id():
                raise UserError("automa.unknown_card", card=card)
            step: dict[str, Any] = {"card": card, "facts": Facts().to_dict()}
            comp.steps.append(step)
            report = self._report(row, comp)
            await self.repo.push(row.id, len(comp.steps), step, user_id, snapshot(report.state))
            return report

    async def amend(self, channel_id: int, companion_id: int, seq: int, code: int) -> Report:
        """The table corrects the last step: an action was impossible, or her spot was taken."""
        async with self.locks[channel_id]:
            row = await self._active(channel_id)
            comp = companion_of(row)
            if row.id != companion_id or seq != len(comp.steps) or seq == 0:
                raise UserError("automa.stale")
            current = self._report(row, comp)
            facts = Facts.from_dict(comp.steps[-1].get("facts") or {})
            what = AMEND.get(code)
            if what == "blocked":
                spot = current.placed_spot
                if spot is None:
                    raise UserError("automa.nothing_blocked")
                facts.blocked.append(spot)
            elif what in ("first", "second") and what not in facts.ruled_out:
                facts.ruled_out.append(what)
            else:
                raise UserError("automa.stale")
            comp.steps[-1] = {**comp.steps[-1], "facts": facts.to_dict()}
            report = self._report(row, comp)
            await self.repo.replace(row.id, seq, comp.steps[-1], snapshot(report.state))
            return report

    async def undo(self, channel_id: int) -> Report:
        async with self.locks[channel_id]:
            row = await self._active(channel_id)
            comp = companion_of(row)
            if not comp.steps:
                raise UserError("automa.nothing_to_undo")
            comp.steps.pop()
            st, _, _ = comp.replay()
            await self.repo.pop(row.id, len(comp.steps) + 1, snapshot(st))
            return Report(row.id, len(comp.steps), [], st, comp.level, list(row.config.get("modules") or []), {})

    async def status(self, channel_id: int) -> Report:
        row = await self._active(channel_id)
        comp = companion_of(row)
        st, _, _ = comp.replay()
        return Report(row.id, len(comp.steps), [], st, comp.level, list(row.config.get("modules") or []), {})

    async def stop(self, channel_id: int) -> None:
        async with self.locks[channel_id]:
            row = await self._active(channel_id)
            await self.repo.finish(row.id, "stopped")

    async def card_choices(self, channel_id: int) -> tuple[int, int, list[ActivityCard]]:
        """The cards the table may have flipped, from the companion's own deck."""
        row = await self._active(channel_id)
        comp = companion_of(row)
        st, _, _ = comp.replay()
        deck = comp.deck()
        by_id = deck.by_id()
        return row.id, len(comp.steps), [by_id[c] for c in physical_choices(st, deck)]

    def _report(self, row: CompanionRow, comp: Companion) -> Report:
        st, _, starts = comp.replay()
        begin = starts[-1] if starts else 0
        facts = comp.steps[-1].get("facts") or {} if comp.steps else {}
        return Report(row.id, len(comp.steps), st.log[begin:], st, comp.level, list(row.config.get("modules") or []), facts)
