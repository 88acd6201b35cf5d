"""A table's records as the play-by-post commands read them: the latest finished game of a
channel, a match's answer log, imported replay files kept for the viewer, and ping preferences.
The cogs ask here rather than reaching into the repositories themselves."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from bot.replays import ReplayFile, Reproduction, parse_file, reproduce
from bot.table import Live, TableService
from storage.log import Entry
from storage.pbp import PbpStore, PingPrefs


class Records:
    def __init__(self, table: TableService, pbp: PbpStore) -> None:
        self.table = table
        self.pbp = pbp

    async def last_ended_in(self, channel_id: int) -> Live | None:
        """The channel's latest finished or abandoned game (for /game log and export)."""
        rows = await self.table.store.matches.with_status("finished", "abandoned")
        mine = [r for r in rows if r.channel_id == channel_id]
        return await self.table.get(mine[-1].id) if mine else None

    async def log_entries(self, match_id: int) -> list[Entry]:
        return await self.table.store.log.entries(match_id)

    async def import_replay(self, user_id: int, blob: bytes) -> tuple[int, ReplayFile, Reproduction]:
        """Check and rebuild an uploaded replay file (off the event loop: a long file takes a
        moment), then keep it for the viewer's buttons."""
        parsed = await asyncio.to_thread(parse_file, blob)
        reproduction = await asyncio.to_thread(reproduce, parsed)
        replay_id = await self.pbp.audit.save_replay(user_id, parsed.raw)
        return replay_id, parsed, reproduction

    async def replay_at(self, replay_id: int, step: int) -> tuple[ReplayFile, Reproduction] | None:
        """A kept replay rebuilt up to `step`; None once it is gone."""
        data: dict[str, Any] | None = await self.pbp.audit.replay(replay_id)
        if data is None:
            return None
        parsed = await asyncio.to_thread(parse_file, json.dumps(data).encode("utf-8"))
        return parsed, await asyncio.to_thread(reproduce, parsed, step)

    async def set_pings(self, user_id: int, ping: bool | None, dm_ping: bool | None) -> PingPrefs:
        return await self.pbp.games.set_ping_prefs(user_id, ping, dm_ping)
