"""Changing who plays a seat mid-game, and the admin actions built on it.

Any such change (a bot replacing a timed-out player, an admin moving a seat to someone else) is
noted as a seat replacement in the same commit, so the recorded play is flagged as replaced and
ratings leave it out: nobody played that seat from start to finish.
"""

from __future__ import annotations

from bot.errors import UserError
from bot.leaderboard.recorder import note_replacement_in, record_abandoned_in
from bot.table import Live, TableService, default_policy
from storage import SeatRecord
from storage.pbp_audit import AuditRepo


async def reseat(table: TableService, match_id: int, seat: int, new: SeatRecord | None) -> Live:
    """Give `seat` to `new` (None: the game's default bot); the play is flagged as replaced."""
    async with table.writing(match_id) as live:
        record = live.record
        if record.status != "active":
            raise UserError("error.no_game_here")
        if not 0 <= seat < len(record.seats):
            raise UserError("error.not_a_seat")
        old = record.seats[seat]
        if new is None:
            policy = default_policy(live.definition)
            if policy is None:
                raise UserError("error.no_bots")
            new = SeatRecord("bot", old.name, policy, None)
        elif new.user_id is not None and record.seat_of(new.user_id) is not None:
            raise UserError("admin.already_seated")
        record.seats[seat] = new
        if not any(s.kind == "human" for s in record.seats):
            record.status = "abandoned"
        async with table.store.db.transaction() as conn:
            await table.store.matches.save_in(conn, record)
            if old.kind == "human" and old.user_id is not None:
                await note_replacement_in(conn, match_id, seat, old.user_id, old.name)
            if record.status == "abandoned":
                await record_abandoned_in(conn, record)
        return live


class Moderation:
    """Admin actions (Manage Server): each one is written to the admin audit."""

    def __init__(self, table: TableService, audit: AuditRepo) -> None:
        self.table = table
        self.audit = audit

    async def force_end(self, match_id: int, actor_id: int) -> Live:
        live = await self.table.abandon(match_id, actor_id, can_manage=True)
        await self.audit.admin(live.record.guild_id, match_id, actor_id, "force_end", {})
        return live

    async def transfer(
        self, match_id: int, actor_id: int, seat: int, user_id: int | None, name: str | None
    ) -> Live:
        """Move a seat to another user, or to a bot when `user_id` is None."""
        new = SeatRecord("human", name or "", None, user_id) if user_id is not None else None
        live = await reseat(self.table, match_id, seat, new)
        spec = live.record.seats[seat]
        await self.audit.admin(
            live.record.guild_id,
            match_id,
            actor_id,
            "transfer",
            {"seat": seat, "to_user": user_id, "to_kind": spec.kind},
        )
        return live

    async def log_rewind(self, live: Live, actor_id: int, step: int, removed: int) -> None:
        await self.audit.admin(live.record.guild_id, live.id, actor_id, "rewind", {"step": step, "removed": removed})
