"""Process settings from the environment (and an optional .env file)."""

from __future__ import annotations

import os
import socket

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
    # -- running several processes ------------------------------------------------------------
    # Shards this process connects (e.g. "0,1"), out of SHARD_COUNT; unset: one unsharded client.
    shard_ids: str | None = Field(default=None, alias="SHARD_IDS")
    shard_count: int | None = Field(default=None, ge=1, alias="SHARD_COUNT")
    # How long a claim on a bot turn or a due job lasts without renewal: a process that dies has
    # its work taken over this long after its last renewal.
    lease_seconds: float = Field(default=30.0, gt=0, alias="LEASE_SECONDS")
    # Names this process in leases and logs; defaults to host:pid.
    instance_id: str = Field(default_factory=lambda: f"{socket.gethostname()}:{os.getpid()}", alias="INSTANCE_ID")
    # -- operations ---------------------------------------------------------------------------
    metrics_port: int | None = Field(default=None, ge=0, le=65535, alias="METRICS_PORT")  # off unless set
    metrics_host: str = Field(default="0.0.0.0", alias="METRICS_HOST")
    log_format: str = Field(default="text", pattern="^(text|json)$", alias="LOG_FORMAT")

    def shard_id_list(self) -> list[int] | None:
        if not self.shard_ids:
            return None
        return [int(part) for part in self.shard_ids.replace(" ", "").split(",") if part]

    @property
    def sharded(self) -> bool:
        return self.shard_count is not None or bool(self.shard_ids)
