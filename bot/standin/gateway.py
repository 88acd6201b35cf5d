"""Gateway v10 over a websocket: HELLO, IDENTIFY/READY, heartbeats, RESUME and dispatch.

Sessions outlive their connections so that a client which drops can RESUME and receive every
event it missed, by sequence number, exactly as on Discord.

A session that identified with `shard: [id, count]` gets only its guilds' events, routed as
Discord does: `(guild_id >> 22) % count`; events outside any guild (DMs) go to shard 0.
With `spread_interactions` on, each interaction goes to one connected session in turn instead of
all of them, as a load balancer in front of several bot processes would spread them.

Events are filtered by the intents the session identified with, as Discord does: guild and
channel events need GUILDS, messages need GUILD_MESSAGES or DIRECT_MESSAGES depending on where
they were posted; interactions and session events always arrive.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

JSON = dict[str, Any]
_log = logging.getLogger(__name__)

OP_DISPATCH, OP_HEARTBEAT, OP_IDENTIFY, OP_RESUME, OP_INVALID_SESSION, OP_HELLO, OP_HEARTBEAT_ACK = 0, 1, 2, 6, 9, 10, 11
REPLAY_BUFFER = 5000

GUILDS, GUILD_MESSAGES, DIRECT_MESSAGES = 1 << 0, 1 << 9, 1 << 12


class Connection:
    """One websocket; serialises sends because a zlib stream must be written in order."""

    def __init__(self, ws: web.WebSocketResponse, compress: bool) -> None:
        self.ws = ws
        self._zlib = zlib.compressobj() if compress else None
        self._lock = asyncio.Lock()

    async def send(self, payload: JSON) -> None:
        text = json.dumps(payload, separators=(",", ":"))
        async with self._lock:
            if self.ws.closed:
                return
            if self._zlib is None:
                await self.ws.send_str(text)
            else:
                # One shared stream for the connection; each message ends on a sync flush,
                # which is the 00 00 ff ff suffix discord.py waits for before inflating.
                data = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(data)


@dataclass
class Session:
    id: str
    seq: int = 0
    connection: Connection | None = None
    buffer: list[JSON] = field(default_factory=list)
    identify: JSON = field(default_factory=dict)


class Gateway:
    def __init__(
        self,
        token: str,
        ready_payload: Callable[[Session], JSON],
        guild_payloads: Callable[[], list[JSON]],
        heartbeat_interval_ms: int = 41250,
    ) -> None:
        self.token = token
        self._ready_payload = ready_payload
        self._guild_payloads = guild_payloads
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.sessions: dict[str, Session] = {}
        self.identified = asyncio.Event()
        self.connections = 0  # total websocket connections accepted, for tests
        self.resumes = 0
        # Called with (event name, data) right after each dispatch is written or buffered.
        self.on_dispatch: Callable[[str, JSON], None] | None = None
        self.spread_interactions = False
        self._turn = 0

    @property
    def live_sessions(self) -> list[Session]:
        return list(self.sessions.values())

    async def dispatch(self, event: str, data: JSON) -> None:
        targets = [s for s in self.live_sessions if routes_to(s, event, data) and wants(s, event, data)]
        if event == "INTERACTION_CREATE" and self.spread_interactions:
            connected = [s for s in targets if s.connection is not None]
            if connected:
                targets = [connected[self._turn % len(connected)]]
                self._turn += 1
        for session in targets:
            await self._dispatch_to(session, event, data)
        if self.on_dispatch is not None:
            self.on_dispatch(event, data)

    async def _dispatch_to(self, session: Session, event: str, data: JSON) -> None:
        session.seq += 1
        payload = {"op": OP_DISPATCH, "t": event, "s": session.seq, "d": data}
        session.buffer.append(payload)
        del session.buffer[:-REPLAY_BUFFER]
        if session.connection is not None:
            await session.connection.send(payload)

    async def drop(self, code: int = 4000) -> None:
        """Close every connection with a resumable close code, as Discord does on restarts."""
        for session in self.live_sessions:
            conn, session.connection = session.connection, None
            if conn is not None:
                await conn.ws.close(code=code, message=b"stand-in dropped the connection")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        encoding = request.query.get("encoding", "json")
        compress = request.query.get("compress")
        if encoding != "json" or compress not in (None, "zlib-stream"):
            return web.json_response({"message": f"unsupported encoding/compress: {encoding}/{compress}", "code": 0}, status=400)
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self.connections += 1
        conn = Connection(ws, compress == "zlib-stream")
        session: Session | None = None
        await conn.send({"op": OP_HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}, "s": None, "t": None})
        try:
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                payload = json.loads(msg.data)
                op, data = payload.get("op"), payload.get("d")
                if op == OP_HEARTBEAT:
                    await conn.send({"op": OP_HEARTBEAT_ACK, "d": None, "s": None, "t": None})
                elif op == OP_IDENTIFY:
                    session = await self._identify(conn, data or {})
                    if session is None:
                        break
                elif op == OP_RESUME:
                    session = await self._resume(conn, data or {})
                    if session is None:
                        break
                else:
                    _log.debug("ignoring gateway op %s", op)
        finally:
            if session is not None and session.connection is conn:
                session.connection = None
        return ws

    async def _identify(self, conn: Connection, data: JSON) -> Session | None:
        if data.get("token") != self.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return None
        session = Session(id=secrets.token_hex(16), identify=data)
        self.sessions[session.id] = session
        session.connection = conn
        ready = self._ready_payload(session)
        ready["guilds"] = [g for g in ready.get("guilds", []) if routes_to(session, "GUILD_CREATE", g)]
        if session.identify.get("shard"):
            ready["shard"] = session.identify["shard"]
        await self._dispatch_to(session, "READY", ready)
        for guild in self._guild_payloads():
            if routes_to(session, "GUILD_CREATE", guild):
                await self._dispatch_to(session, "GUILD_CREATE", guild)
        self.identified.set()
        return session

    async def _resume(self, conn: Connection, data: JSON) -> Session | None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self.token:
            await conn.send({"op": OP_INVALID_SESSION, "d": False, "s": None, "t": None})
            return None
        last_seen = int(data.get("seq") or 0)
        session.connection = conn
        self.resumes += 1
        for payload in list(session.buffer):
            if payload["s"] > last_seen:
                await conn.send(payload)
        await self._dispatch_to(session, "RESUMED", {})
        return session


def shard_of(guild_id: int | str, count: int) -> int:
    return (int(guild_id) >> 22) % count


def routes_to(session: Session, event: str, data: JSON) -> bool:
    """Does this event belong to the session's shard? (Unsharded sessions get everything.)"""
    shard = session.identify.get("shard")
    if not shard:
        return True
    shard_id, count = int(shard[0]), int(shard[1])
    guild_id = data.get("guild_id")
    if guild_id is None and event.startswith("GUILD_"):
        guild_id = data.get("id")
    if guild_id is None:
        return shard_id == 0
    return shard_of(guild_id, count) == shard_id


def wants(session: Session, event: str, data: JSON) -> bool:
    """Did the session ask for this event with its intents? (No intents given: everything.)"""
    intents = session.identify.get("intents")
    if intents is None:
        return True
    needed = intent_of(event, data)
    return needed is None or bool(int(intents) & needed)


def intent_of(event: str, data: JSON) -> int | None:
    """The intent bit an event needs (None: sent whatever the intents)."""
    if event.startswith(("GUILD_", "CHANNEL_", "THREAD_")):
        return GUILDS
    if event.startswith("MESSAGE_"):
        return GUILD_MESSAGES if data.get("guild_id") else DIRECT_MESSAGES
    return None


def ready_payload(session: Session, user: JSON, application_id: str, guild_ids: list[str], resume_url: str) -> JSON:
    return {
        "v": 10,
        "user": user,
        "guilds": [{"id": gid, "unavailable": True} for gid in guild_ids],
        "session_id": session.id,
        "session_type": "normal",
        "resume_gateway_url": resume_url,
        "application": {"id": application_id, "flags": 0},
        "private_channels": [],
        "relationships": [],
        "presences": [],
        "user_settings": {},
        "guild_join_requests": [],
        "geo_ordered_rtc_regions": [],
        "_trace": [f"standin-gateway@{int(time.time())}"],
    }
