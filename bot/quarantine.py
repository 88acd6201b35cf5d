"""Matches held out of play (`storage/quarantine.py`): telling their tables, and what managers do
with them.

A match that cannot be loaded (a gap in its log, a garbled or wrongly typed row, an unknown game,
an answer the rules refuse) is held as damaged by the table service the moment it fails, and the
rest of the bot goes on. A match whose answers all still play but whose state comes out otherwise
than stored (the rules changed under it) is held until its host or a manager continues under the
current rules (the button of the table's notice). Each table is told once, in its channel, in
the server's language. Managers (`/admin quarantine`) list, inspect and export held matches, and
abandon one or cut its log back to the last answer that still plays.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

from bot.errors import UserError
from bot.herald import Button, Herald
from bot.i18n import t
from bot.render import ids
from bot.table import Live, TableService, engine_options, seat_specs
from engine.core import Match
from engine.core.registry import get_game
from storage.log import read_entry
from storage.matches import RowInfo
from storage.quarantine import DAMAGED, RULES, Held

log = logging.getLogger(__name__)

CONTINUE = "rc"  # button: match; continue under the current rules (host or manager)


@dataclass(frozen=True)
class Inspection:
    held: Held
    game: str
    status: str
    channel_id: int | None
    answers: int  # rows stored
    playable: int  # how many of them, from the first, still play
    recorded: str  # the engine version the match was recorded with
    current: str | None  # the game's engine version now (None: unknown game)


class Quarantine:
    def __init__(self, table: TableService, herald: Herald) -> None:
        self.table = table
        self.herald = herald
        self.store = table.store

    async def announce_pending(self) -> None:
        """Tell each held match's table, once (a compare-and-set: one process, one message)."""
        for held in await self.store.quarantine.all():
            if held.announced_at is not None:
                continue
            info = await self.store.matches.info(held.match_id)
            if info is None or info.channel_id is None or not self.table.owns(info.guild_id):
                continue
            if not await self.store.quarantine.claim_announcement(held.match_id):
                continue
            buttons: tuple[Button, ...] = ()
            if held.kind == RULES:
                current = get_game(info.game).engine_version
                text = t(
                    "quarantine.rules",
                    info.locale,
                    id=held.match_id,
                    step=held.step or "?",
                    old=held.engine_version or "?",
                    new=current,
                )
                buttons = (
                    Button(
                        ids.button(CONTINUE, held.match_id), t("quarantine.continue", info.locale), "primary"
                    ),
                )
            elif held.step is not None:
                text = t("quarantine.damaged", info.locale, id=held.match_id, step=held.step)
            else:
                text = t("quarantine.damaged_nostep", info.locale, id=held.match_id)
            await self.herald.post(info.channel_id, info.guild_id, text, buttons=buttons)

    # -- managers ----------------------------------------------------------------------------------
    async def held_in(self, guild_id: int) -> list[tuple[Held, int | None, str]]:
        """(hold, channel, game) of every held match of this server."""
        out = []
        for held in await self.store.quarantine.all():
            info = await self.store.matches.info(held.match_id)
            if info is not None and info.guild_id == guild_id:
                out.append((held, info.channel_id, info.game))
        return out

    async def _held(self, guild_id: int, match_id: int) -> Held:
        held = await self.store.quarantine.get(match_id)
        info = await self.store.matches.info(match_id)
        if held is None or info is None or info.guild_id != guild_id:
            raise UserError("quarantine.not_found", id=match_id)
        return held

    async def inspect(self, guild_id: int, match_id: int) -> Inspection:
        held = await self._held(guild_id, match_id)
        raw = await self.store.matches.raw(match_id) or {}
        info = await self.store.matches.info(match_id)
        assert info is not None
        rows = await self.store.log.raw(match_id)
        try:
            current: str | None = get_game(info.game).engine_version
        except Exception:  # noqa: BLE001 - an unknown game is one of the things inspected
            current = None
        return Inspection(
            held,
            info.game,
            info.status,
            info.channel_id,
            len(rows),
            await self.playable(match_id),
            str(raw.get("engine_version") or "?"),
            current,
        )

    async def export(self, guild_id: int, match_id: int) -> bytes:
        """The match and its log exactly as stored, with the hold, as JSON (for a bug report or a
        repair by hand)."""
        held = await self._held(guild_id, match_id)
        data: dict[str, Any] = {
            "quarantine": held.__dict__,
            "match": await self.store.matches.raw(match_id),
            "log": await self.store.log.raw(match_id),
        }
        return json.dumps(data, indent=1, default=str, ensure_ascii=False).encode("utf-8")

    async def playable(self, match_id: int) -> int:
        """How many answers, from the first, still play under the current rules (0 when the
        match itself cannot be set up)."""
        try:
            record = await self.store.matches.get(match_id)
        except Exception:  # noqa: BLE001 - a damaged row: nothing of it plays
            return 0
        if record is None:
            return 0
        try:
            match = Match(record.game, seat_specs(record.seats), engine_options(record), record.seed)
        except Exception:  # noqa: BLE001 - unknown game, options the rules refuse
            return 0
        count = 0
        for expected, row in enumerate(await self.store.log.raw(match_id)):
            entry = read_entry(row["seat"], row["answer"])
            if row["seq"] != expected or entry is None:
                break
            try:
                match.submit(*entry)
            except Exception:  # noqa: BLE001 - the first answer that no longer plays ends the count
                break
            count += 1
        return count

    async def abandon(self, guild_id: int, match_id: int) -> RowInfo:
        """Abandon a held match (its channel is free again); what can be read of it, to tell
        its table."""
        await self._held(guild_id, match_id)
        await self.store.matches.set_status(match_id, "abandoned")
        await self.store.quarantine.release(match_id)
        self.table.forget(match_id)
        info = await self.store.matches.info(match_id)
        assert info is not None
        return info

    async def truncate(self, guild_id: int, match_id: int) -> tuple[Live, int, int]:
        """Cut the log back to the answers that still play and take the match up again from
        there; (live, kept, removed). Refused when the match itself cannot be set up."""
        held = await self._held(guild_id, match_id)
        if held.kind != DAMAGED:
            raise UserError("quarantine.not_held")
        try:
            record = await self.store.matches.get(match_id)
        except Exception as exc:  # noqa: BLE001 - a damaged match row cannot be taken up again
            raise UserError("quarantine.cannot_truncate", id=match_id) from exc
        if record is None or record.status != "active":
            raise UserError("quarantine.cannot_truncate", id=match_id)
        try:
            Match(record.game, seat_specs(record.seats), engine_options(record), record.seed)
        except Exception as exc:  # noqa: BLE001
            raise UserError("quarantine.cannot_truncate", id=match_id) from exc
        keep = await self.playable(match_id)
        removed = await self.store.log.truncate(match_id, keep)
        await self.store.matches.set_status(match_id, "active")  # bumps the revision
        await self.store.quarantine.release(match_id)
        self.table.forget(match_id)
        live = await self.table.get(match_id)
        if live.held is not None or live.broken is not None:
            raise UserError("quarantine.cannot_truncate", id=match_id)
        return live, keep, removed

    async def continue_rules(self, match_id: int, user_id: int, can_manage: bool) -> Live:
        """The host or a manager continues a match held for a rules change."""
        held = await self.store.quarantine.get(match_id)
        if held is None or held.kind != RULES:
            raise UserError("quarantine.not_held")
        record = await self.store.matches.get(match_id)
        if record is None:
            raise UserError("error.no_match")
        if user_id != record.host_id and not can_manage:
            raise UserError("quarantine.host_or_manager")
        return await self.table.continue_rules(match_id)


def listing(held: list[tuple[Held, int | None, str]], locale: str) -> str:
    """One line per held match of a server (or that there is none)."""
    if not held:
        return t("quarantine.none", locale)
    lines = [
        t(
            "quarantine.line",
            locale,
            id=h.match_id,
            game=game,
            channel=channel or "?",
            kind=t(f"quarantine.kind.{h.kind}", locale),
            reason=h.reason,
            step=_at(h.step, locale),
        )
        for h, channel, game in held
    ]
    return "\n".join(lines)


def describe(seen: Inspection, locale: str) -> str:
    held = seen.held
    detail = f"\n`{held.detail[:1500]}`" if held.detail else ""
    return t(
        "quarantine.show",
        locale,
        id=held.match_id,
        game=seen.game,
        status=seen.status,
        channel=seen.channel_id or "?",
        kind=t(f"quarantine.kind.{held.kind}", locale),
        reason=held.reason,
        step=_at(held.step, locale),
        answers=seen.answers,
        playable=seen.playable,
        old=held.engine_version or seen.recorded,
        new=seen.current or "?",
        detail=detail,
    )


def _at(step: int | None, locale: str) -> str:
    return t("quarantine.at_step", locale, step=step) if step is not None else ""


__all__ = ["CONTINUE", "Inspection", "Quarantine", "describe", "listing"]
