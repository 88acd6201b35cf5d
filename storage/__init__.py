"""Persistence: repositories over SQLite or PostgreSQL, and versioned migrations. The only package that
writes SQL."""

from storage.db import Database
from storage.matches import ChannelBusy, MatchRecord, SeatRecord
from storage.prefs import UserPrefs
from storage.results import ResultRecord
from storage.store import Store

__all__ = ["ChannelBusy", "Database", "MatchRecord", "ResultRecord", "SeatRecord", "Store", "UserPrefs"]
