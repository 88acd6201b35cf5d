"""All repositories over one database, handed to the bot as a single object."""

from __future__ import annotations

from storage.bot_turns import BotTurnRepo
from storage.db import Database
from storage.leaderboard import PlayRepo
from storage.leaderboard_pending import PendingRepo
from storage.leaderboard_privacy import PrivacyRepo
from storage.log import LogRepo
from storage.matches import MatchRepo
from storage.prefs import PrefsRepo
from storage.results import ResultRepo


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

    @classmethod
    async def open(cls, url: str) -> Store:
        return cls(await Database.open(url))

    async def close(self) -> None:
        await self.db.close()
