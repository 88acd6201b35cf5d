"""The stand-in's world on disk, for an offline server that is still there after a restart.

One JSON file holds the guilds, channels (DM channels included), users, their permissions and
settings, the registered commands, every live message with its components, and the id counters;
attachment bytes sit beside it in `<name>-files/` (named by attachment id), which also holds the
lock that keeps a second process off the same world. Each save writes a temporary file and
renames it over the old one, so a crash or `kill -9` leaves either the old world or the new one.

Kept out on purpose: interactions and their tokens (a restarted bot never answers old ones),
gateway sessions, ephemeral messages (Discord forgets them when the client reloads), deleted
messages and the request log.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from dataclasses import asdict
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any
from urllib.parse import quote

from bot.standin.state import JSON, Channel, Guild, Message, User, ids_after, last_id

if TYPE_CHECKING:
    from bot.standin.server import StandIn

VERSION = 1
log = logging.getLogger(__name__)


class WorldFileError(Exception):
    """The world file cannot be used (unreadable, from a newer version, or in use)."""


def world_path_for(database_url: str) -> Path | None:
    """Where the offline mode keeps its world for this DATABASE_URL: beside an SQLite file, in
    the current directory for PostgreSQL (named after the database), nowhere for :memory:."""
    from storage.db import is_postgres_url, path_from_url

    if is_postgres_url(database_url):
        name = database_url.rsplit("/", 1)[-1].split("?", 1)[0] or "postgres"
        return Path(f"{name}.standin.json")
    path = path_from_url(database_url)
    if path in ("", ":memory:"):
        return None
    return Path(path + ".standin.json")


class WorldFile:
    """Loads a stand-in's world from `path` and saves it there shortly after every change."""

    def __init__(self, path: Path | str, delay: float = 0.02) -> None:
        self.path = Path(path)
        stem = self.path.name.removesuffix(".json")
        self.files = self.path.with_name(stem + "-files")
        self.delay = delay  # changes within this many seconds are written together
        self.standin: StandIn | None = None
        self._dirty = False
        self._task: asyncio.Task[None] | None = None
        self._on_disk: set[str] = set()  # attachment ids with a file in `files`
        self._lock: IO[bytes] | None = None
        self._warned = False

    # -- opening and closing -------------------------------------------------------------

    def open(self, standin: StandIn) -> bool:
        """Take the lock, load the world into `standin` if there is one (True), and save from
        now on whenever `standin` changes. Call after `standin.start()`: attachment URLs name
        its port."""
        self.files.mkdir(parents=True, exist_ok=True)
        self._take_lock()
        loaded = False
        if self.path.exists():
            try:
                data = json.loads(self.path.read_text(encoding="utf-8"))
                self._load(standin, data)
            except WorldFileError:
                self._release_lock()
                raise
            except (OSError, ValueError, KeyError, TypeError) as exc:
                self._release_lock()
                raise WorldFileError(
                    f"cannot read {self.path} ({type(exc).__name__}: {exc}); move it away to start a fresh server"
                ) from None
            loaded = True
        for leftover in self.files.glob("*.tmp"):  # a save cut short by a crash
            leftover.unlink(missing_ok=True)
        self._on_disk = {p.name for p in self.files.iterdir() if p.is_file() and p.name != "lock"}
        self.standin = standin
        standin.on_change = self.changed
        return loaded

    async def close(self) -> None:
        """Write what is pending and let another process have the world."""
        await self.flush()
        if self.standin is not None:
            self.standin.on_change = None
        self._release_lock()

    def _take_lock(self) -> None:
        try:
            import fcntl
        except ImportError:  # not on this platform: one process at a time is then up to you
            return
        handle = (self.files / "lock").open("wb")
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise WorldFileError(f"another offline session is using {self.path}; quit it first") from None
        self._lock = handle  # the kernel drops the lock if this process dies

    def _release_lock(self) -> None:
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    # -- saving --------------------------------------------------------------------------

    def changed(self) -> None:
        self._dirty = True
        if self._task is not None and not self._task.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.save()
            return
        self._task = loop.create_task(self._saver())

    async def _saver(self) -> None:
        while self._dirty:
            await asyncio.sleep(self.delay)
            self._dirty = False
            write = self._prepare()  # a consistent snapshot, taken on the loop
            try:
                await asyncio.to_thread(write)
            except OSError as exc:
                self._warn(exc)

    async def flush(self) -> None:
        if self._task is not None:
            with contextlib.suppress(Exception):
                await self._task
        if self._dirty:
            self._dirty = False
            self.save()

    def save(self) -> None:
        """Write the world now (blocking)."""
        try:
            self._prepare()()
        except OSError as exc:
            self._warn(exc)

    def _warn(self, exc: OSError) -> None:
        if not self._warned:
            self._warned = True
            log.warning("could not save the offline server to %s: %s", self.path, exc)

    def _prepare(self) -> Any:
        assert self.standin is not None
        data = snapshot(self.standin)
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        wanted = {a["id"] for m in data["messages"] for a in m["attachments"]}
        blobs = {aid: self.standin.attachments[aid] for aid in wanted - self._on_disk if aid in self.standin.attachments}
        gone = self._on_disk - wanted

        def write() -> None:
            for aid, blob in blobs.items():  # files first, so the world never names a missing one
                _write_atomic(self.files / aid, blob)
                self._on_disk.add(aid)
            _write_atomic(self.path, text.encode("utf-8"))
            for aid in gone:
                with contextlib.suppress(FileNotFoundError):
                    (self.files / aid).unlink()
                self._on_disk.discard(aid)

        return write

    # -- loading -------------------------------------------------------------------------

    def _load(self, standin: StandIn, data: JSON) -> None:
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise WorldFileError(
                f"{self.path} was written by another version of the stand-in ({data.get('version') if isinstance(data, dict) else '?'}, "
                f"this one reads {VERSION}); move it away to start a fresh server"
            )
        ids_after(int(data["last_id"]))
        standin.application_id = str(data["application_id"])
        standin.users = {}
        for raw in data["users"]:
            user = User(**raw)
            standin.users[user.id] = user
        standin.bot_user = standin.users[standin.application_id]
        standin.guilds = {g["id"]: Guild(**g) for g in data["guilds"]}
        standin.channels = {c["id"]: Channel(**c) for c in data["channels"]}
        standin.member_permissions = {k: int(v) for k, v in data["member_permissions"].items()}
        standin.app_permissions = int(data["app_permissions"])
        standin.global_commands = list(data["global_commands"])
        standin.guild_commands = {k: list(v) for k, v in data["guild_commands"].items()}
        for raw in data["messages"]:
            fields = dict(raw)
            author = standin.users[fields.pop("author_id")]
            msg = Message(author=author, **fields)
            for att in msg.attachments:
                # The port changes with every start; the bytes are where this world keeps them.
                url = f"{standin.url}/_standin/attachments/{att['id']}/{quote(str(att.get('filename', '')))}"
                att["url"] = att["proxy_url"] = url
                blob = self.files / str(att["id"])
                if blob.is_file():
                    standin.attachments[str(att["id"])] = blob.read_bytes()
            standin.keep_message(msg)
        standin.message_count = max(standin.message_count, int(data["message_count"]))


def snapshot(standin: StandIn) -> JSON:
    """The world as `WorldFile` stores it (plain JSON)."""
    messages = [
        {
            "id": m.id,
            "number": m.number,
            "channel_id": m.channel_id,
            "author_id": m.author.id,
            "content": m.content,
            "embeds": m.embeds,
            "components": m.components,
            "attachments": m.attachments,
            "flags": m.flags,
            "guild_id": m.guild_id,
            "webhook_id": m.webhook_id,
            "interaction_metadata": m.interaction_metadata,
            "timestamp": m.timestamp,
            "edited_timestamp": m.edited_timestamp,
        }
        for m in standin.all_messages()
        if not m.deleted and not m.ephemeral
    ]
    return {
        "version": VERSION,
        "last_id": last_id(),
        "message_count": standin.message_count,
        "application_id": standin.application_id,
        "users": [asdict(u) for u in standin.users.values()],
        "guilds": [asdict(g) for g in standin.guilds.values()],
        "channels": [asdict(c) for c in standin.channels.values()],
        "member_permissions": dict(standin.member_permissions),
        "app_permissions": standin.app_permissions,
        "global_commands": standin.global_commands,
        "guild_commands": standin.guild_commands,
        "messages": messages,
    }


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)
