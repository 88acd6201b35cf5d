"""All repositories over one database, handed to the bot as a single object."""

from __future__ import annotations

from storage.bot_turns import BotTurnRepo
from storage.db import Database
from storage.dm_channels import DmChannelRepo
from storage.guild_data import GuildDataRepo
from storage.guild_settings import GuildSettingsRepo
from storage.leaderboard import PlayRepo
from storage.leaderboard_pending import PendingRepo
from storage.leaderboard_privacy import PrivacyRepo
from storage.log import LogRepo
from storage.matches import MatchRepo
from storage.notices import NoticeRepo
from storage.pbp import PbpRepo
from storage.pbp_jobs import JobRepo
from storage.prefs import PrefsRepo
from storage.quarantine import QuarantineRepo
from storage.results import ResultRepo
from storage.shard_leases import ShardLeaseRepo


class Store:
    def __init__(self, db: Database) -> None:
        self.db = db
        self.matches = MatchRepo(db)
        self.log = LogRepo(db)
        self.results = ResultRepo(db)
        self.prefs = PrefsRepo(db)
        self.plays = PlayRepo(db)
        self.pending = PendingRepo(db)
        self.privacy = PrivacyRepo(db)
        self.turns = BotTurnRepo(db)
        self.notices = NoticeRepo(db)
        self.dm_channels = DmChannelRepo(db)
        self.guild_data = GuildDataRepo(db)
        self.quarantine = QuarantineRepo(db)
        self.shards = ShardLeaseRepo(db)
        self.guild_settings = GuildSettingsRepo(db)

    @classmethod
    async def open(cls, url: str) -> Store:
        return cls(await Database.open(url))

    async def release_leases(self, owner: str) -> int:
        """Hand back every lease held under `owner` (bot turns, due jobs, status-message claims);
        returns how many. At startup this frees what this process's previous life held when it
        died: instance ids are never shared by two live processes, so nobody else holds them."""
        freed = await self.turns.release(owner)
        freed += await JobRepo(self.db).release(owner)
        return freed + await PbpRepo(self.db).release_all_status(owner)

    async def close(self) -> None:
        await self.db.close()
