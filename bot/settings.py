"""Process settings from the environment (and an optional .env file)."""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str | None = Field(default=None, alias="DISCORD_TOKEN")
    database_url: str = Field(default="boardgamesbot.sqlite3", alias="DATABASE_URL")
    # Point discord.py at another Discord-compatible endpoint (the local stand-in in tests).
    discord_api_base: str | None = Field(default=None, alias="DISCORD_API_BASE")
    bot_pause_seconds: float = Field(default=1.0, ge=0, alias="BOT_PAUSE_SECONDS")
    log_level: str = Field(default="INFO", alias="LOG_LEVEL")
    match_cache_size: int = Field(default=64, ge=1, alias="MATCH_CACHE_SIZE")
    # A board message older than this is left alone and a fresh one posted (keeps it in view).
    # How long discord.py waits for more GUILD_CREATEs before READY; the stand-in needs none.
    guild_ready_timeout: float = Field(default=2.0, ge=0, alias="GUILD_READY_TIMEOUT")
    board_max_age_seconds: float = Field(default=3600.0, gt=0, alias="BOARD_MAX_AGE_SECONDS")
    # Play-by-post: how often the scheduler looks for due reminders and timeouts, and (tests only)
    # a file holding seconds to add to the clock, so deadlines can pass without waiting.
    scheduler_tick_seconds: float = Field(default=30.0, gt=0, alias="SCHEDULER_TICK_SECONDS")
    clock_offset_file: str | None = Field(default=None, alias="CLOCK_OFFSET_FILE")
