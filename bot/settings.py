"""Process settings from the environment (and an optional .env file)."""

from __future__ import annotations

import fcntl
import os
import re
import socket
import tempfile
from pathlib import Path
from typing import IO

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

# Instance-id slots this process holds, by base name: the open, locked files live as long as the
# process (the OS drops the locks when it dies, however it dies).
_SLOTS: dict[str, tuple[str, IO[bytes]]] = {}
MAX_SLOTS = 64


def stable_instance_id(shard_ids: str | None, shard_count: int | None) -> str:
    """`host:shards#slot`, the same after a restart, never shared by two live processes.

    The host name and the shard range make it stable; the slot keeps two processes on one
    machine with the same shards apart: each holds an exclusive lock on a file named after its id
    (in the temp dir), and takes the lowest slot nobody holds. A process that died, even by
    kill -9, let go of its lock, so its restart gets the same id back and reclaims its leases at
    once. Processes that share a host name but not a temp dir (containers with the host's name)
    cannot see each other's locks: give those an explicit INSTANCE_ID.
    """
    host = socket.gethostname() or "localhost"
    ids = re.sub(r"\s+", "", shard_ids or "")
    shards = "all" if not ids and shard_count is None else f"{ids or 'auto'}of{shard_count or '?'}"
    base = f"{host}:{shards}"
    held = _SLOTS.get(base)
    if held is not None:
        return held[0]
    folder = Path(tempfile.gettempdir()) / "boardgamesbot-instances"
    safe = re.sub(r"[^A-Za-z0-9_.-]", "_", base)
    for slot in range(MAX_SLOTS):
        try:
            folder.mkdir(mode=0o1777, parents=True, exist_ok=True)
            handle = open(folder / f"{safe}#{slot}.lock", "ab")  # noqa: SIM115 (held for the process's life)
        except OSError:
            continue  # another user's file, or no temp dir to write to
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            continue  # a live process holds this slot
        name = f"{base}#{slot}"
        _SLOTS[base] = (name, handle)
        return name
    # No slot could be locked: an id unique to this process (its leases then wait out a restart).
    return f"{base}:pid{os.getpid()}"


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
    # Board edits wait this long so a burst of actions in one match makes one edit (0: edit at
    # once, still at most one edit in flight per board).
    board_edit_delay_seconds: float = Field(default=0.5, ge=0, alias="BOARD_EDIT_DELAY_SECONDS")
    # How long any board change waits while the process is behind (more answers to announce
    # than it keeps up with), a new turn too: fewer edits, each showing more. The end never waits.
    board_edit_delay_busy_seconds: float = Field(default=10.0, ge=0, alias="BOARD_EDIT_DELAY_BUSY_SECONDS")
    # A game's status message is refreshed at most this often after answers: the first change
    # after a quiet spell at once, a burst of quick turns in one refresh (0: after every answer).
    status_edit_interval_seconds: float = Field(default=1.0, ge=0, alias="STATUS_EDIT_INTERVAL_SECONDS")
    # The same while the process is behind; a status that must mention someone is never held back.
    status_edit_interval_busy_seconds: float = Field(
        default=10.0, ge=0, alias="STATUS_EDIT_INTERVAL_BUSY_SECONDS"
    )
    # Play-by-post: how often the scheduler looks for due reminders and timeouts, and (tests only)
    # a file holding seconds to add to the clock, so deadlines can pass without waiting.
    scheduler_tick_seconds: float = Field(default=30.0, gt=0, alias="SCHEDULER_TICK_SECONDS")
    # How often every running match's open prompts are checked against what each seat was sent
    # (bot/reconcile.py), and how long a fresh commit is left to its own announcement first.
    reconcile_seconds: float = Field(default=30.0, gt=0, alias="RECONCILE_SECONDS")
    reconcile_grace_seconds: float = Field(default=5.0, ge=0, alias="RECONCILE_GRACE_SECONDS")
    clock_offset_file: str | None = Field(default=None, alias="CLOCK_OFFSET_FILE")
    # -- running several processes ------------------------------------------------------------
    # Shards this process connects (e.g. "0,1"), out of SHARD_COUNT; unset: one unsharded client.
    shard_ids: str | None = Field(default=None, alias="SHARD_IDS")
    shard_count: int | None = Field(default=None, ge=1, alias="SHARD_COUNT")
    # On PostgreSQL shards are held by lease (bot/shards.py): a standby has no shards of its own
    # and takes over those whose process died; any process takes over while it holds fewer
    # than SHARD_MAX (default: all of them).
    shard_standby: bool = Field(default=False, alias="SHARD_STANDBY")
    shard_max: int | None = Field(default=None, ge=0, alias="SHARD_MAX")
    # How long a claim on a bot turn or a due job lasts without renewal: a process that dies has
    # its work taken over this long after its last renewal.
    lease_seconds: float = Field(default=30.0, gt=0, alias="LEASE_SECONDS")
    # Names this process in leases and logs. Default: host name, shard range and a slot no other
    # live process on this machine holds (see stable_instance_id), so a restarted process takes
    # its own leases back at once instead of waiting LEASE_SECONDS. Set it explicitly (distinct
    # per process!) where processes share a host name but not a temp dir.
    instance_id: str = Field(default="", alias="INSTANCE_ID")
    # Game packages kept outside engine/games and bot/games (comma-separated module names, each
    # with `rules` and optionally `ui` modules and `locales/`), added to the installed ones.
    game_plugins: str = Field(default="", alias="GAME_PLUGINS")
    # -- operations ---------------------------------------------------------------------------
    metrics_port: int | None = Field(default=None, ge=0, le=65535, alias="METRICS_PORT")  # off unless set
    metrics_host: str = Field(default="0.0.0.0", alias="METRICS_HOST")
    log_format: str = Field(default="text", pattern="^(text|json)$", alias="LOG_FORMAT")

    @model_validator(mode="after")
    def _default_instance_id(self) -> Settings:
        if not self.instance_id:
            self.instance_id = stable_instance_id(self.shard_ids, self.shard_count)
        return self

    def shard_id_list(self) -> list[int] | None:
        if self.shard_standby:
            return []
        if not self.shard_ids:
            return None
        return [int(part) for part in self.shard_ids.replace(" ", "").split(",") if part]

    @property
    def sharded(self) -> bool:
        return self.shard_count is not None or bool(self.shard_ids) or self.shard_standby
