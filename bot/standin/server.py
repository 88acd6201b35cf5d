"""The StandIn: an aiohttp server on loopback plus the in-process control API tests drive."""

from __future__ import annotations

import asyncio
import mimetypes
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from aiohttp import web

from bot.standin import control, rest
from bot.standin.faults import Faults
from bot.standin.gateway import Gateway, Session, ready_payload
from bot.standin.interactions import (
    APPLICATION_COMMAND,
    ATTACHMENT_SIZE_LIMIT,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    Interaction,
    StandInError,
    base_payload,
    command_data,
    modal_submit_components,
)
from bot.standin.state import (
    DEFAULT_PERMISSIONS,
    JSON,
    Channel,
    Guild,
    Message,
    User,
    Violation,
    snowflake,
)
from bot.standin.validation import SpecValidator, default_validator


@dataclass(frozen=True)
class SentRequest:
    method: str
    path: str
    template: str | None
    body: Any
    status: int


@dataclass(frozen=True)
class Event:
    """A change to a message, in the order the stand-in saw it (for long-polls and the terminal)."""

    seq: int
    kind: str  # "create" | "update" | "delete"
    message: Message


class StandIn:
    """A fake Discord on 127.0.0.1. `await start()`, point the bot at `url`, then drive it."""

    def __init__(
        self,
        token: str = "standin-bot-token",
        bot_name: str = "BoardGamesBot",
        port: int = 0,
        heartbeat_interval_ms: int = 41250,
        reject_invalid: bool = True,
        validator: SpecValidator | None = None,
    ) -> None:
        self.token = token
        self.port = port
        self.reject_invalid = reject_invalid
        self.validator = validator or default_validator()
        self.application_id = snowflake()
        self.bot_user = User(id=self.application_id, name=bot_name, bot=True)
        self.app_permissions = DEFAULT_PERMISSIONS
        # Permissions some members hold beyond @everyone's (e.g. Manage Server), by user id.
        self.member_permissions: dict[str, int] = {}
        self.users: dict[str, User] = {self.bot_user.id: self.bot_user}
        self.guilds: dict[str, Guild] = {}
        self.channels: dict[str, Channel] = {}
        self._messages: dict[str, Message] = {}
        self._channel_messages: dict[str, list[str]] = {}
        self._numbered: dict[int, str] = {}  # message number -> message id
        self.message_count = 0  # numbers handed out so far
        self.global_commands: list[JSON] = []
        self.guild_commands: dict[str, list[JSON]] = {}
        self.interactions: dict[str, Interaction] = {}
        self.interactions_by_token: dict[str, Interaction] = {}
        self.violations: list[Violation] = []
        self.rejections: list[tuple[str, int, JSON]] = []  # (route, status, error body)
        self.requests: list[SentRequest] = []
        self.attachments: dict[str, bytes] = {}
        self.events: list[Event] = []
        self._changed = asyncio.Condition()
        self.clock_offset = 0.0
        # REST faults to inject (429s, 5xx, dropped connections): see bot/standin/faults.py.
        self.faults = Faults()
        # (channel, enforced nonce) -> (message id, when): a repeat returns that message.
        self.nonces: dict[tuple[str, str], tuple[str, float]] = {}
        self.gateway = Gateway(token, self._ready, self._guild_payloads, heartbeat_interval_ms)
        self._runner: web.AppRunner | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.url = ""
        # Called after anything a restart should keep changed (the offline mode saves the world).
        self.on_change: Callable[[], None] | None = None

    # -- lifecycle -----------------------------------------------------------------------

    async def start(self) -> StandIn:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        rest.add_routes(app, self)
        control.add_routes(app, self)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", self.port)
        await site.start()
        server = site._server
        assert server is not None and getattr(server, "sockets", None)
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
        self.url = f"http://127.0.0.1:{self.port}"
        return self

    async def stop(self) -> None:
        await self.gateway.drop(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> StandIn:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def api_base(self) -> str:
        return f"{self.url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def now(self) -> float:
        """Monotonic time as the stand-in sees it; tests may move it forward."""
        return time.monotonic() + self.clock_offset

    def advance_clock(self, seconds: float) -> None:
        """Pretend `seconds` passed (for interaction deadlines) without sleeping."""
        self.clock_offset += seconds

    # -- world ---------------------------------------------------------------------------

    def add_user(self, name: str, locale: str = "en-US", dms_closed: bool = False) -> User:
        user = User(id=snowflake(), name=name, locale=locale, dms_closed=dms_closed)
        self.users[user.id] = user
        for guild in self.guilds.values():
            guild.member_ids.append(user.id)
        self.changed()
        return user

    def set_locale(self, user: User, locale: str) -> None:
        """The user picks another language in their client; interactions carry it from now on."""
        user.locale = locale
        self.changed()

    def set_dms(self, user: User, closed: bool) -> None:
        """The user closes (or opens) direct messages from server members, the bot included."""
        user.dms_closed = closed
        self.changed()

    def changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    def add_guild(self, name: str, locale: str = "en-US") -> Guild:
        owner = next((u for u in self.users.values() if not u.bot), self.bot_user)
        guild = Guild(id=snowflake(), name=name, owner_id=owner.id, locale=locale)
        guild.member_ids = list(self.users)
        self.guilds[guild.id] = guild
        if self.gateway.live_sessions:
            self._spawn(self.gateway.dispatch("GUILD_CREATE", guild.to_json(self.users, self.channels)))
        self.changed()
        return guild

    def add_channel(self, guild: Guild, name: str) -> Channel:
        channel = Channel(id=snowflake(), name=name, guild_id=guild.id, position=len(guild.channel_ids))
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        if self.gateway.live_sessions:
            self._spawn(self.gateway.dispatch("CHANNEL_CREATE", channel.to_json()))
        self.changed()
        return channel

    def grant(self, user: User, permissions: int) -> None:
        """Give `user` these permissions on top of everyone's (a role, as far as commands see)."""
        self.member_permissions[user.id] = self.member_permissions.get(user.id, 0) | permissions
        self.changed()

    def revoke(self, user: User, permissions: int) -> None:
        self.member_permissions[user.id] = self.member_permissions.get(user.id, 0) & ~permissions
        self.changed()

    def permissions_of(self, user: User) -> int:
        """What a member may do in a channel, as interactions report it."""
        return self.app_permissions | self.member_permissions.get(user.id, 0)

    def upload(self, filename: str, content: bytes | str, content_type: str | None = None) -> JSON:
        """A file a user attaches (to a command option), stored where its URL serves it."""
        data = content.encode("utf-8") if isinstance(content, str) else bytes(content)
        if len(data) > ATTACHMENT_SIZE_LIMIT:
            raise StandInError(f"{filename} is larger than the {ATTACHMENT_SIZE_LIMIT} bytes a client may upload")
        att_id = snowflake()
        self.attachments[att_id] = data
        url = f"{self.url}/_standin/attachments/{att_id}/{quote(filename)}"
        kind = content_type or mimetypes.guess_type(filename)[0] or "application/octet-stream"
        return {
            "id": att_id,
            "filename": filename,
            "size": len(data),
            "url": url,
            "proxy_url": url,
            "content_type": kind,
            "ephemeral": True,  # a command's attachment is not posted anywhere
        }

    def dm_channel(self, user: User) -> Channel:
        for channel in self.channels.values():
            if channel.recipient_id == user.id:
                return channel
        channel = Channel(id=snowflake(), name=f"dm-{user.name}", recipient_id=user.id)
        self.channels[channel.id] = channel
        self.changed()
        return channel

    def find_user(self, ref: Any) -> User:
        if isinstance(ref, User):
            return ref
        for user in self.users.values():
            if str(ref) in (user.id, user.name):
                return user
        raise StandInError(f"no user {ref!r}")

    def find_channel(self, ref: Any) -> Channel:
        if isinstance(ref, Channel):
            return ref
        for channel in self.channels.values():
            if str(ref).lstrip("#") in (channel.id, channel.name):
                return channel
        raise StandInError(f"no channel {ref!r}")

    # -- messages ------------------------------------------------------------------------

    def message(self, message_id: str) -> Message | None:
        return self._messages.get(message_id)

    def numbered(self, number: int) -> Message | None:
        """The message with this number (see `Message.number`), deleted or not."""
        mid = self._numbered.get(number)
        return self._messages.get(mid) if mid else None

    def all_messages(self) -> list[Message]:
        """Every message the stand-in holds, deleted ones included, in order of creation."""
        return list(self._messages.values())

    def messages(self, channel: Channel | str, viewer: User | None = None) -> list[Message]:
        """Live messages in a channel, oldest first; with a viewer, only what they can see."""
        ch = self.find_channel(channel)
        out = []
        for mid in self._channel_messages.get(ch.id, []):
            msg = self._messages[mid]
            if msg.deleted or (viewer is not None and msg.visible_to not in (None, viewer.id)):
                continue
            out.append(msg)
        return out

    def dm_messages(self, user: User) -> list[Message]:
        return self.messages(self.dm_channel(user))

    def all_sent_payloads(self) -> list[SentRequest]:
        return [r for r in self.requests if r.body is not None]

    @property
    def commands(self) -> list[JSON]:
        """Every synced command: global ones, then per guild."""
        out = list(self.global_commands)
        for cmds in self.guild_commands.values():
            out.extend(cmds)
        return out

    async def store_message(self, msg: Message, dispatch: bool = True) -> Message:
        self.keep_message(msg)
        if dispatch and not msg.ephemeral:
            await self.gateway.dispatch("MESSAGE_CREATE", self._gateway_message(msg))
        await self._record("create", msg)
        return msg

    async def message_updated(self, msg: Message) -> None:
        if not msg.ephemeral:
            await self.gateway.dispatch("MESSAGE_UPDATE", self._gateway_message(msg))
        await self._record("update", msg)

    async def message_deleted(self, msg: Message) -> None:
        msg.deleted = True
        if not msg.ephemeral:
            data = {"id": msg.id, "channel_id": msg.channel_id}
            if msg.guild_id:
                data["guild_id"] = msg.guild_id
            await self.gateway.dispatch("MESSAGE_DELETE", data)
        await self._record("delete", msg)

    def keep_message(self, msg: Message) -> None:
        """Hold `msg` without telling anyone (what store_message does first; also for loading)."""
        if not msg.number:
            self.message_count += 1
            msg.number = self.message_count
        self.message_count = max(self.message_count, msg.number)
        self._messages[msg.id] = msg
        self._numbered[msg.number] = msg.id
        self._channel_messages.setdefault(msg.channel_id, []).append(msg.id)

    def _gateway_message(self, msg: Message) -> JSON:
        data = msg.to_json()
        if msg.guild_id is not None:
            member = self.guilds[msg.guild_id].member_json(msg.author)
            member.pop("user")
            data["member"] = member
        return data

    async def _record(self, kind: str, msg: Message) -> None:
        async with self._changed:
            self.events.append(Event(len(self.events) + 1, kind, msg))
            self._changed.notify_all()
        self.changed()

    async def wait_until(self, predicate: Callable[[], bool], timeout: float = 5.0) -> None:
        """Wait until `predicate()` holds, re-checking whenever a message changes."""
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(predicate), timeout)

    async def notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def wait_for_message(
        self,
        channel: Channel | str,
        predicate: Callable[[Message], bool] = lambda m: True,
        timeout: float = 5.0,
        viewer: User | None = None,
    ) -> Message:
        """The first live message in `channel` (already there or yet to come) matching `predicate`."""
        found: list[Message] = []

        def check() -> bool:
            found[:] = [m for m in self.messages(channel, viewer) if predicate(m)]
            return bool(found)

        await self.wait_until(check, timeout)
        return found[0]

    async def say(self, user: User, channel: Channel, content: str) -> Message:
        """A user writes a plain message (dispatched as MESSAGE_CREATE)."""
        msg = Message(id=snowflake(), channel_id=channel.id, author=user, content=content, guild_id=channel.guild_id)
        return await self.store_message(msg)

    # -- interactions --------------------------------------------------------------------

    def find_command(self, name: str, guild_id: str | None) -> JSON:
        candidates = list(self.guild_commands.get(guild_id, [])) if guild_id else []
        candidates += self.global_commands
        for cmd in candidates:
            if cmd["name"] == name and cmd.get("type", 1) == 1:
                return cmd
        raise StandInError(f"/{name} is not registered (synced: {sorted(c['name'] for c in candidates)})")

    async def slash(
        self,
        user: User,
        channel: Channel,
        command: str,
        options: dict[str, Any] | None = None,
        locale: str | None = None,
    ) -> Interaction:
        """Run `/command sub ...` with `options` as `user` in `channel`."""
        return await self._command(APPLICATION_COMMAND, user, channel, command, options or {}, None, locale)

    async def autocomplete(
        self,
        user: User,
        channel: Channel,
        command: str,
        options: dict[str, Any],
        focused: str,
        locale: str | None = None,
    ) -> Interaction:
        return await self._command(AUTOCOMPLETE, user, channel, command, options, focused, locale)

    async def _command(
        self, kind: int, user: User, channel: Channel, command: str, options: dict[str, Any], focused: str | None, locale: str | None
    ) -> Interaction:
        name, *path = command.strip().lstrip("/").split()
        definition = self.find_command(name, channel.guild_id)
        payload = base_payload(self, kind, user, channel, locale)
        payload["data"] = command_data(self, definition, path, options, focused, channel.guild_id)
        return await self._dispatch_interaction(payload, user, channel, None)

    async def click(self, user: User, message: Message, custom_id: str) -> Interaction:
        comp = self._usable_component(user, message, custom_id)
        if comp.get("type") != 2:
            raise StandInError(f"{custom_id!r} is not a button")
        return await self._component(user, message, {"custom_id": custom_id, "component_type": 2})

    async def select(self, user: User, message: Message, custom_id: str, values: list[str]) -> Interaction:
        comp = self._usable_component(user, message, custom_id)
        kind = comp.get("type")
        if kind not in (3, 5, 6, 7, 8):
            raise StandInError(f"{custom_id!r} is not a select menu")
        low, high = comp.get("min_values", 1), comp.get("max_values", 1)
        if not low <= len(values) <= high:
            raise StandInError(f"pick between {low} and {high} values, not {len(values)}")
        data: JSON = {"custom_id": custom_id, "component_type": kind, "values": list(values)}
        if kind == 3:
            allowed = {o["value"] for o in comp.get("options") or []}
            bad = [v for v in values if v not in allowed]
            if bad:
                raise StandInError(f"{bad} are not options of {custom_id!r} ({sorted(allowed)})")
        elif kind == 5:
            users = [self.find_user(v) for v in values]
            data["values"] = [u.id for u in users]
            data["resolved"] = {"users": {u.id: u.to_json() for u in users}}
        return await self._component(user, message, data)

    async def forge(
        self,
        user: User,
        message: Message,
        custom_id: str,
        values: list[str] | None = None,
        component_type: int = 2,
        locale: str | None = None,
    ) -> Interaction:
        """A click on a component `message` is made to carry (as an old message, sent by another
        version of the bot, would): no check of the id, of who may see the message, or of the
        values. Discord sends the message with every component interaction, and discord.py
        routes a click only to a component that message holds, so the payload's copy holds it."""
        data: JSON = {"custom_id": custom_id, "component_type": component_type}
        comp: JSON = {"type": component_type, "custom_id": custom_id}
        if component_type == 2:
            comp.update(style=2, label="?")
        else:
            options = [{"label": v or "-", "value": v} for v in dict.fromkeys(values or ["0"])]
            comp.update(options=options, min_values=1, max_values=len(options))
        if values is not None:
            data["values"] = list(values)
        channel = self.channels[message.channel_id]
        payload = base_payload(self, MESSAGE_COMPONENT, user, channel, locale)
        payload["data"] = data
        payload["message"] = {**message.to_json(), "components": [{"type": 1, "components": [comp]}]}
        return await self._dispatch_interaction(payload, user, channel, message)

    async def submit_modal(
        self, user: User, source: Interaction, values: dict[str, Any], custom_id: str | None = None
    ) -> Interaction:
        """Fill in and submit the modal the bot opened in reply to `source`."""
        modal = source.modal
        if modal is None:
            raise StandInError("that interaction was not answered with a modal")
        payload = base_payload(self, MODAL_SUBMIT, user, source.channel, None)
        payload["data"] = {"custom_id": custom_id or modal["custom_id"], "components": modal_submit_components(modal, values)}
        if source.message is not None:
            payload["message"] = source.message.to_json()
        return await self._dispatch_interaction(payload, user, source.channel, source.message)

    def _usable_component(self, user: User, message: Message, custom_id: str) -> JSON:
        live = self.message(message.id)
        if live is None or live.deleted:
            raise StandInError("that message no longer exists")
        if live.visible_to not in (None, user.id):
            raise StandInError(f"{user.name} cannot see that ephemeral message")
        channel = self.channels[live.channel_id]
        if channel.is_dm and channel.recipient_id != user.id:
            raise StandInError(f"{user.name} cannot see another user's DMs")
        comp = live.find_component(custom_id)
        if comp is None:
            raise StandInError(f"no component {custom_id!r} on that message (has {live.custom_ids()})")
        if comp.get("disabled"):
            raise StandInError(f"{custom_id!r} is disabled")
        return comp

    async def _component(self, user: User, message: Message, data: JSON) -> Interaction:
        live = self.message(message.id)
        assert live is not None
        channel = self.channels[live.channel_id]
        payload = base_payload(self, MESSAGE_COMPONENT, user, channel, None)
        payload["data"] = data
        payload["message"] = live.to_json()
        return await self._dispatch_interaction(payload, user, channel, live)

    async def _dispatch_interaction(self, payload: JSON, user: User, channel: Channel, message: Message | None) -> Interaction:
        if not self.gateway.live_sessions:
            raise StandInError("no bot is connected to the gateway")
        inter = Interaction(
            id=payload["id"],
            token=payload["token"],
            type=payload["type"],
            user=user,
            channel=channel,
            payload=payload,
            standin=self,
            message=message,
        )
        self.interactions[inter.id] = inter
        self.interactions_by_token[inter.token] = inter
        inter.dispatched_at = self.now()
        await self.gateway.dispatch("INTERACTION_CREATE", payload)
        return inter

    # -- faults and bookkeeping ------------------------------------------------------------

    async def drop_connections(self, code: int = 4000) -> None:
        """Close the bot's websocket(s) with a resumable code; it should RESUME."""
        await self.gateway.drop(code)

    def force_rate_limit(self, count: int = 1, retry_after: float = 0.05, route: str | None = None) -> None:
        """Answer the next `count` requests (on `route`, a regex) with a per-route 429."""
        self.faults.add("429", route=route, count=count, retry_after=retry_after)

    def violation(self, kind: str, route: str, message: str) -> None:
        self.violations.append(Violation(kind, route, message))

    def _ready(self, session: Session) -> JSON:
        return ready_payload(session, self.bot_user.to_json(), self.application_id, list(self.guilds), self.gateway_url)

    def _guild_payloads(self) -> list[JSON]:
        return [g.to_json(self.users, self.channels) for g in self.guilds.values()]

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


def default_world(standin: StandIn) -> tuple[Guild, Channel, list[User]]:
    """The offline playground: one guild, a #games channel, and alice, bob and carol."""
    users = [standin.add_user(name) for name in ("alice", "bob", "carol")]
    guild = standin.add_guild("Board Game Café")
    channel = standin.add_channel(guild, "games")
    return guild, channel, users


def world_of(standin: StandIn) -> tuple[Guild, Channel, list[User]]:
    """The playground `default_world` made, as found in a world loaded from disk."""
    guild = next(iter(standin.guilds.values()))
    channels = [standin.channels[c] for c in guild.channel_ids]
    channel = next((c for c in channels if c.name == "games"), channels[0])
    return guild, channel, [u for u in standin.users.values() if not u.bot]
