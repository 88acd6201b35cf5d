"""REST API v10: the routes a bot uses, with spec validation, limits and Discord's error codes."""

from __future__ import annotations

import contextlib
import json
import re
import socket
import struct
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from bot.standin import limits
from bot.standin.interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    DEADLINE_SECONDS,
    FOLLOWUP_WINDOW_SECONDS,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    PING,
    Interaction,
)
from bot.standin.state import (
    JSON,
    MESSAGE_FLAG_EPHEMERAL,
    MESSAGE_FLAG_LOADING,
    Channel,
    Message,
    iso_now,
    snowflake,
)

if TYPE_CHECKING:
    from bot.standin.server import StandIn

API_PREFIX = "/api/v10"
# How long Discord holds an enforced nonce ("a few minutes"; our figure).
NONCE_WINDOW_SECONDS = 300.0


class ApiError(Exception):
    def __init__(self, status: int, code: int, message: str, extra: JSON | None = None, kind: str | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.extra = extra or {}
        self.kind = kind  # when set, the error is also a violation of this kind

    def body(self) -> JSON:
        return {"message": self.message, "code": self.code, **self.extra}


@dataclass
class Ctx:
    standin: StandIn
    request: web.Request
    params: dict[str, str]
    body: Any
    files: list[tuple[str, str, bytes]] = field(default_factory=list)  # (field, filename, data)
    content_types: dict[str, str] = field(default_factory=dict)

    @property
    def json(self) -> JSON:
        return self.body if isinstance(self.body, dict) else {}


Handler = Callable[[Ctx], Awaitable[web.StreamResponse]]
_ROUTES: list[tuple[str, re.Pattern[str], Handler]] = []


def route(method: str, template: str) -> Callable[[Handler], Handler]:
    pattern = re.compile("^" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", template) + "$")

    def register(fn: Handler) -> Handler:
        _ROUTES.append((method, pattern, fn))
        return fn

    return register


def add_routes(app: web.Application, standin: StandIn) -> None:
    async def entry(request: web.Request) -> web.StreamResponse:
        return await _handle(standin, request)

    app.router.add_route("*", API_PREFIX + "/{tail:.*}", entry)


def _ratelimit_headers(bucket: str) -> dict[str, str]:
    import time

    return {
        "X-RateLimit-Limit": "50",
        "X-RateLimit-Remaining": "49",
        "X-RateLimit-Reset": f"{time.time() + 1:.3f}",
        "X-RateLimit-Reset-After": "1.000",
        "X-RateLimit-Bucket": bucket,
    }


async def _read_body(request: web.Request, ctx: Ctx) -> None:
    ctype = request.content_type
    if ctype == "multipart/form-data":
        reader = await request.multipart()
        async for part in reader:
            if not isinstance(part, BodyPartReader):
                continue
            name = part.name or ""
            data = await part.read()
            if name == "payload_json":
                ctx.body = json.loads(bytes(data))
            else:
                ctx.files.append((name, part.filename or name, bytes(data)))
                ctx.content_types[name] = part.headers.get("Content-Type", "application/octet-stream")
    elif request.can_read_body:
        raw = await request.read()
        if raw:
            try:
                ctx.body = json.loads(raw)
            except ValueError as exc:
                raise ApiError(400, 50109, "The request body contains invalid JSON.") from exc


async def _handle(standin: StandIn, request: web.Request) -> web.StreamResponse:
    path = "/" + request.match_info["tail"]
    method = request.method
    op = standin.validator.match(method, path)
    template = op.template if op else None
    ctx = Ctx(standin, request, {}, None)
    fault = None
    bucket = (template or path).replace("/", "-")
    headers = _ratelimit_headers(bucket)
    try:
        await _read_body(request, ctx)
        if not (path.startswith("/webhooks/") or path.startswith("/interactions/")) and request.headers.get(
            "Authorization"
        ) != f"Bot {standin.token}":
            raise ApiError(401, 0, "401: Unauthorized")
        fault = standin.faults.pick(method, template or path, path)
        if fault is not None and fault.kind == "drop":
            standin.requests.append(_sent(method, path, template, ctx.body, 0))
            return await _drop(request)
        if fault is not None and fault.status:
            if fault.status == 429 and "X-RateLimit-Bucket" not in fault.headers:
                headers = {}  # a global limit names no bucket
            headers.update(fault.headers)
            standin.requests.append(_sent(method, path, template, ctx.body, fault.status))
            return json_response(fault.body, status=fault.status, headers=headers)
        if op is not None and ctx.body is not None:
            problems = standin.validator.validate(op, ctx.body)
            if problems:
                for problem in problems:
                    standin.violation("schema", f"{method} {template}", problem)
                if standin.reject_invalid:
                    raise ApiError(400, 50035, "Invalid Form Body", {"errors": {"_errors": [{"code": "SCHEMA", "message": p} for p in problems]}})
        for m, pattern, handler in _ROUTES:
            match = pattern.match(path)
            if match and m == method:
                ctx.params = match.groupdict()
                response = await handler(ctx)
                break
        else:
            standin.violation("unknown_route", f"{method} {path}", "route not implemented by Discord or the stand-in")
            raise ApiError(404, 0, "404: Not Found")
    except Exception as exc:  # a stand-in bug: report it without discord.py's 5xx retry loop
        if not isinstance(exc, ApiError):
            standin.violation("standin", f"{method} {path}", f"{type(exc).__name__}: {exc}")
            err = ApiError(400, 0, f"stand-in internal error: {exc}")
        else:
            err = exc
        route_name = f"{method} {template or path}"
        standin.rejections.append((route_name, err.status, err.body()))
        if err.kind:
            standin.violation(err.kind, route_name, f"{err.code} {err.message} {json.dumps(err.extra)[:500]}")
        standin.requests.append(_sent(method, path, template, ctx.body, err.status))
        await standin.notify()
        return json_response(err.body(), status=err.status, headers=headers)
    standin.requests.append(_sent(method, path, template, ctx.body, response.status))
    if method != "GET":
        standin.changed()  # commands synced, messages sent or edited, a DM channel opened...
    if fault is not None and fault.kind == "lost":
        return await _drop(request)  # done, but the answer never reaches the client
    response.headers.update(headers)
    return response


async def _drop(request: web.Request) -> web.StreamResponse:
    """Cut the connection without an answer (a reset, as a dying proxy does)."""
    transport = request.transport
    if transport is not None:
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        transport.abort()
    return web.Response(status=204)  # never written: the connection is gone


def _sent(method: str, path: str, template: str | None, body: Any, status: int) -> Any:
    from bot.standin.server import SentRequest

    return SentRequest(method, path, template, body, status)


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # Exactly "application/json", no charset: discord.py compares the header verbatim.
    return web.Response(body=json.dumps(data).encode(), status=status, content_type="application/json", headers=headers)


_json = json_response


def _no_content() -> web.Response:
    return web.Response(status=204)


def _check_limits(body: JSON, prefix: str = "") -> None:
    problems = limits.check_message(body, prefix)
    if problems:
        raise ApiError(400, 50035, "Invalid Form Body", {"errors": limits.form_error(problems)["errors"]}, kind="limit")


def _attachments(ctx: Ctx, channel_id: str, existing: list[JSON] | None = None) -> list[JSON] | None:
    """New attachment list: kept existing ones (by id) plus uploaded files, or None if unchanged."""
    body = ctx.json
    if not ctx.files and "attachments" not in body:
        return None
    uploads = {}
    for index, (field_name, filename, data) in enumerate(ctx.files):
        m = re.match(r"files\[(\d+)\]", field_name)
        uploads[int(m.group(1)) if m else index] = (field_name, filename, data)
    out: list[JSON] = []
    keep = {str(a.get("id")) for a in body.get("attachments") or []}
    for att in existing or []:
        if att["id"] in keep:
            out.append(att)
    for _, (field_name, filename, data) in sorted(uploads.items()):
        att_id = snowflake()
        ctx.standin.attachments[att_id] = data
        url = f"{ctx.standin.url}/_standin/attachments/{att_id}/{filename}"
        out.append(
            {
                "id": att_id,
                "filename": filename,
                "size": len(data),
                "url": url,
                "proxy_url": url,
                "content_type": ctx.content_types.get(field_name, "application/octet-stream"),
            }
        )
    return out


# -- identity and gateway ----------------------------------------------------------------


@route("GET", "/users/@me")
async def get_me(ctx: Ctx) -> web.StreamResponse:
    return _json(ctx.standin.bot_user.to_json())


@route("GET", "/users/{user_id}")
async def get_user(ctx: Ctx) -> web.StreamResponse:
    user = ctx.standin.users.get(ctx.params["user_id"])
    if user is None:
        raise ApiError(404, 10013, "Unknown User")
    return _json(user.to_json())


@route("GET", "/gateway")
async def get_gateway(ctx: Ctx) -> web.StreamResponse:
    return _json({"url": ctx.standin.gateway_url})


@route("GET", "/gateway/bot")
async def get_gateway_bot(ctx: Ctx) -> web.StreamResponse:
    limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
    return _json({"url": ctx.standin.gateway_url, "shards": 1, "session_start_limit": limit})


@route("GET", "/oauth2/applications/@me")
@route("GET", "/applications/@me")
async def get_application(ctx: Ctx) -> web.StreamResponse:
    s = ctx.standin
    owner = next((u for u in s.users.values() if not u.bot), s.bot_user)
    return _json(
        {
            "id": s.application_id,
            "name": s.bot_user.name,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "bot_public": False,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": 0,
            "owner": owner.to_json(),
            "team": None,
            "bot": s.bot_user.to_json(),
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "tags": [],
        }
    )


# -- application commands -------------------------------------------------------------------


def _command_list(ctx: Ctx) -> list[JSON]:
    s = ctx.standin
    if ctx.params["application_id"] != s.application_id:
        raise ApiError(403, 50001, "Missing Access")
    guild_id = ctx.params.get("guild_id")
    if guild_id is None:
        return s.global_commands
    if guild_id not in s.guilds:
        raise ApiError(403, 50001, "Missing Access")
    return s.guild_commands.setdefault(guild_id, [])


def _stored_command(ctx: Ctx, body: JSON, previous: JSON | None) -> JSON:
    cmd = dict(body)
    cmd["id"] = previous["id"] if previous else snowflake()
    cmd["application_id"] = ctx.standin.application_id
    cmd["version"] = snowflake()
    cmd.setdefault("type", 1)
    cmd.setdefault("description", "")
    cmd.setdefault("options", [])
    cmd.setdefault("default_member_permissions", None)
    cmd.setdefault("nsfw", False)
    if ctx.params.get("guild_id"):
        cmd["guild_id"] = ctx.params["guild_id"]
    return cmd


def _check_command_names(commands: list[JSON]) -> None:
    seen: set[tuple[int, str]] = set()
    for index, cmd in enumerate(commands):
        key = (int(cmd.get("type", 1)), str(cmd.get("name")))
        if key in seen:
            problem = (f"{index}.name", "APPLICATION_COMMANDS_DUPLICATE_NAME", f"Application command names must be unique: {key[1]}")
            raise ApiError(400, 50035, "Invalid Form Body", {"errors": limits.form_error([problem])["errors"]}, kind="limit")
        seen.add(key)


for _tpl in ("/applications/{application_id}/commands", "/applications/{application_id}/guilds/{guild_id}/commands"):

    @route("GET", _tpl)
    async def list_commands(ctx: Ctx) -> web.StreamResponse:
        return _json(_command_list(ctx))

    @route("PUT", _tpl)
    async def overwrite_commands(ctx: Ctx) -> web.StreamResponse:
        current = _command_list(ctx)
        body = ctx.body or []
        _check_command_names(body)
        by_key = {(c.get("type", 1), c["name"]): c for c in current}
        new = [_stored_command(ctx, c, by_key.get((c.get("type", 1), c["name"]))) for c in body]
        current[:] = new
        return _json(new)

    @route("POST", _tpl)
    async def upsert_command(ctx: Ctx) -> web.StreamResponse:
        current = _command_list(ctx)
        body = ctx.json
        previous = next((c for c in current if c["name"] == body.get("name") and c.get("type", 1) == body.get("type", 1)), None)
        cmd = _stored_command(ctx, body, previous)
        if previous:
            current[current.index(previous)] = cmd
            return _json(cmd)
        current.append(cmd)
        return _json(cmd, 201)

    @route("GET", _tpl + "/{command_id}")
    async def get_command(ctx: Ctx) -> web.StreamResponse:
        return _json(_find_command(ctx))

    @route("PATCH", _tpl + "/{command_id}")
    async def edit_command(ctx: Ctx) -> web.StreamResponse:
        cmd = _find_command(ctx)
        cmd.update(ctx.json)
        return _json(cmd)

    @route("DELETE", _tpl + "/{command_id}")
    async def delete_command(ctx: Ctx) -> web.StreamResponse:
        cmd = _find_command(ctx)
        _command_list(ctx).remove(cmd)
        return _no_content()


def _find_command(ctx: Ctx) -> JSON:
    for cmd in _command_list(ctx):
        if cmd["id"] == ctx.params["command_id"]:
            return cmd
    raise ApiError(404, 10063, "Unknown application command")


# -- interaction callbacks and webhooks ---------------------------------------------------------

_ALLOWED_RESPONSES = {
    PING: {1},
    APPLICATION_COMMAND: {4, 5, 9},
    MESSAGE_COMPONENT: {4, 5, 6, 7, 9},
    AUTOCOMPLETE: {8},
    MODAL_SUBMIT: {4, 5, 6, 7},
}


@route("POST", "/interactions/{interaction_id}/{interaction_token}/callback")
async def interaction_callback(ctx: Ctx) -> web.StreamResponse:
    s = ctx.standin
    inter = s.interactions.get(ctx.params["interaction_id"])
    if inter is None or inter.token != ctx.params["interaction_token"]:
        raise ApiError(404, 10062, "Unknown interaction", kind="interaction")
    if inter.acknowledged:
        raise ApiError(400, 40060, "Interaction has already been acknowledged.", kind="interaction")
    late = s.now() - inter.dispatched_at
    if late > DEADLINE_SECONDS:
        raise ApiError(404, 10062, "Unknown interaction", {"late_by_seconds": round(late - DEADLINE_SECONDS, 3)}, kind="interaction")
    body = ctx.json
    kind = int(body.get("type", 0))
    if kind not in _ALLOWED_RESPONSES.get(inter.type, set()) or (kind == 7 and inter.message is None):
        raise ApiError(400, 50035, "Invalid Form Body", {"errors": {"type": {"_errors": [{"code": "INTERACTION_RESPONSE_TYPE_INVALID", "message": f"response type {kind} is not valid for this interaction"}]}}}, kind="interaction")
    data: JSON = body.get("data") or {}
    if kind in (4, 7):
        _check_limits(data, "data")
    elif kind == 9:
        problems = limits.check_modal(data)
        if problems:
            raise ApiError(400, 50035, "Invalid Form Body", {"errors": limits.form_error(problems)["errors"]}, kind="limit")
    message: Message | None = None
    if kind in (4, 5):
        flags = int(data.get("flags") or 0)
        message = _new_bot_message(ctx, inter.channel, inter)
        if flags & MESSAGE_FLAG_EPHEMERAL:
            message.visible_to = inter.user.id
        message.attachments = _attachments(ctx, inter.channel.id) or []
        if kind == 4:
            message.apply(data)
            message.flags |= flags & MESSAGE_FLAG_EPHEMERAL
        else:
            message.flags = MESSAGE_FLAG_LOADING | (flags & MESSAGE_FLAG_EPHEMERAL)
        inter.original_id = message.id
    elif kind in (6, 7) and inter.message is not None:
        message = inter.message
        inter.original_id = message.id
        if kind == 7:
            atts = _attachments(ctx, message.channel_id, message.attachments)
            if atts is not None:
                message.attachments = atts
            message.apply(data)
            message.edited_timestamp = iso_now()
    inter.response_type = kind
    inter.response_body = body
    if kind in (4, 5):
        assert message is not None
        await s.store_message(message)
    elif kind == 7 and message is not None:
        await s.message_updated(message)
    inter._mark_responded()
    await s.notify()
    if ctx.request.query.get("with_response") not in ("1", "true", "True"):
        return _no_content()
    result: JSON = {
        "interaction": {
            "id": inter.id,
            "type": inter.type,
            "response_message_loading": kind == 5,
            "response_message_ephemeral": bool(message and message.ephemeral),
        }
    }
    if message is not None and kind in (4, 5, 7):
        result["interaction"]["response_message_id"] = message.id
        result["resource"] = {"type": kind, "message": message.to_json()}
    return _json(result)


def _new_bot_message(ctx: Ctx, channel: Channel, inter: Interaction | None) -> Message:
    s = ctx.standin
    msg = Message(id=snowflake(), channel_id=channel.id, author=s.bot_user, guild_id=channel.guild_id)
    if inter is not None:
        msg.webhook_id = s.application_id
        meta: JSON = {
            "id": inter.id,
            "type": inter.type,
            "user": inter.user.to_json(),
            "authorizing_integration_owners": inter.payload.get("authorizing_integration_owners", {}),
        }
        if inter.type == APPLICATION_COMMAND:
            meta["name"] = inter.payload["data"]["name"]
            meta["command_type"] = 1
        if inter.message is not None:
            meta["interacted_message_id"] = inter.message.id
        msg.interaction_metadata = meta
    return msg


def _webhook_interaction(ctx: Ctx) -> Interaction:
    s = ctx.standin
    inter = s.interactions_by_token.get(ctx.params["webhook_token"])
    if inter is None or ctx.params["webhook_id"] != s.application_id:
        raise ApiError(404, 10015, "Unknown Webhook", kind="interaction")
    if s.now() - inter.dispatched_at > FOLLOWUP_WINDOW_SECONDS:
        raise ApiError(401, 50027, "Invalid Webhook Token", kind="interaction")
    if not inter.acknowledged:
        raise ApiError(404, 10015, "Unknown Webhook", {"hint": "the interaction was never acknowledged"}, kind="interaction")
    return inter


def _webhook_message(ctx: Ctx, inter: Interaction) -> Message:
    mid = ctx.params["message_id"]
    if mid == "@original":
        msg = inter.original
    elif mid in inter.followup_ids or mid == inter.original_id:
        msg = ctx.standin.message(mid)
    else:
        msg = None
    if msg is None or msg.deleted:
        raise ApiError(404, 10008, "Unknown Message")
    return msg


@route("POST", "/webhooks/{webhook_id}/{webhook_token}")
async def followup_send(ctx: Ctx) -> web.StreamResponse:
    inter = _webhook_interaction(ctx)
    body = ctx.json
    _check_limits(body)
    msg = _new_bot_message(ctx, inter.channel, inter)
    msg.attachments = _attachments(ctx, inter.channel.id) or []
    flags = int(body.get("flags") or 0)
    msg.apply(body)
    # A followup to a deferred, not-yet-edited response replaces the loading message.
    original = inter.original
    if original is not None and original.loading and inter.response_type == 5:
        original.apply(body)
        original.flags &= ~MESSAGE_FLAG_LOADING
        await ctx.standin.message_updated(original)
        await inter._add_followup(original.id)
        return _json(original.to_json()) if ctx.request.query.get("wait") in ("true", "1", "True") else _no_content()
    if flags & MESSAGE_FLAG_EPHEMERAL:
        msg.visible_to = inter.user.id
    await ctx.standin.store_message(msg)
    await inter._add_followup(msg.id)
    return _json(msg.to_json()) if ctx.request.query.get("wait") in ("true", "1", "True") else _no_content()


@route("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
async def webhook_get(ctx: Ctx) -> web.StreamResponse:
    return _json(_webhook_message(ctx, _webhook_interaction(ctx)).to_json())


@route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
async def webhook_edit(ctx: Ctx) -> web.StreamResponse:
    inter = _webhook_interaction(ctx)
    msg = _webhook_message(ctx, inter)
    _check_limits(ctx.json)
    atts = _attachments(ctx, msg.channel_id, msg.attachments)
    if atts is not None:
        msg.attachments = atts
    msg.apply(ctx.json)
    msg.flags &= ~MESSAGE_FLAG_LOADING
    msg.edited_timestamp = iso_now()
    await ctx.standin.message_updated(msg)
    return _json(msg.to_json())


@route("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
async def webhook_delete(ctx: Ctx) -> web.StreamResponse:
    msg = _webhook_message(ctx, _webhook_interaction(ctx))
    await ctx.standin.message_deleted(msg)
    return _no_content()


# -- channels, messages, DMs, guilds -----------------------------------------------------------


def _channel(ctx: Ctx) -> Channel:
    channel = ctx.standin.channels.get(ctx.params["channel_id"])
    if channel is None:
        raise ApiError(404, 10003, "Unknown Channel")
    return channel


def _channel_message(ctx: Ctx) -> Message:
    channel = _channel(ctx)
    msg = ctx.standin.message(ctx.params["message_id"])
    if msg is None or msg.deleted or msg.channel_id != channel.id or msg.ephemeral:
        raise ApiError(404, 10008, "Unknown Message")
    return msg


@route("GET", "/channels/{channel_id}")
async def get_channel(ctx: Ctx) -> web.StreamResponse:
    return _json(_channel(ctx).to_json(ctx.standin.users))


@route("POST", "/channels/{channel_id}/messages")
async def create_message(ctx: Ctx) -> web.StreamResponse:
    channel = _channel(ctx)
    if channel.is_dm and ctx.standin.users[str(channel.recipient_id)].dms_closed:
        raise ApiError(403, 50007, "Cannot send messages to this user")
    body = ctx.json
    if not any(body.get(k) for k in ("content", "embeds", "components", "sticker_ids", "poll")) and not ctx.files:
        raise ApiError(400, 50006, "Cannot send an empty message", kind="limit")
    _check_limits(body)
    # enforce_nonce: a message sent again with the nonce of one already created (a retry after a
    # lost answer) returns that message instead of a copy, as Discord does for a few minutes.
    nonce_key = (channel.id, str(body["nonce"])) if body.get("enforce_nonce") and body.get("nonce") else None
    if nonce_key is not None and nonce_key in ctx.standin.nonces:
        earlier_id, at = ctx.standin.nonces[nonce_key]
        earlier = ctx.standin.message(earlier_id)
        if earlier is not None and ctx.standin.now() - at < NONCE_WINDOW_SECONDS:
            return _json(earlier.to_json())
    msg = _new_bot_message(ctx, channel, None)
    msg.attachments = _attachments(ctx, channel.id) or []
    msg.apply(body)
    if nonce_key is not None:
        ctx.standin.nonces[nonce_key] = (msg.id, ctx.standin.now())
    await ctx.standin.store_message(msg)
    return _json(msg.to_json())


@route("GET", "/channels/{channel_id}/messages")
async def list_messages(ctx: Ctx) -> web.StreamResponse:
    channel = _channel(ctx)
    limit = min(int(ctx.request.query.get("limit", "50")), 100)
    before = ctx.request.query.get("before")
    after = ctx.request.query.get("after")
    msgs = [m for m in ctx.standin.messages(channel) if not m.ephemeral]
    if before:
        msgs = [m for m in msgs if int(m.id) < int(before)]
    if after:
        msgs = [m for m in msgs if int(m.id) > int(after)]
    newest_first = list(reversed(msgs))[:limit]
    return _json([m.to_json() for m in newest_first])


@route("GET", "/channels/{channel_id}/messages/{message_id}")
async def get_message(ctx: Ctx) -> web.StreamResponse:
    return _json(_channel_message(ctx).to_json())


@route("PATCH", "/channels/{channel_id}/messages/{message_id}")
async def edit_message(ctx: Ctx) -> web.StreamResponse:
    msg = _channel_message(ctx)
    if msg.author.id != ctx.standin.bot_user.id:
        raise ApiError(403, 50005, "Cannot edit a message authored by another user")
    _check_limits(ctx.json)
    atts = _attachments(ctx, msg.channel_id, msg.attachments)
    if atts is not None:
        msg.attachments = atts
    msg.apply(ctx.json)
    msg.edited_timestamp = iso_now()
    await ctx.standin.message_updated(msg)
    return _json(msg.to_json())


@route("DELETE", "/channels/{channel_id}/messages/{message_id}")
async def delete_message(ctx: Ctx) -> web.StreamResponse:
    await ctx.standin.message_deleted(_channel_message(ctx))
    return _no_content()


@route("POST", "/users/@me/channels")
async def create_dm(ctx: Ctx) -> web.StreamResponse:
    user = ctx.standin.users.get(str(ctx.json.get("recipient_id")))
    if user is None or user.bot:
        raise ApiError(400, 50033, "Invalid Recipients")
    return _json(ctx.standin.dm_channel(user).to_json(ctx.standin.users))


def _guild(ctx: Ctx) -> Any:
    guild = ctx.standin.guilds.get(ctx.params["guild_id"])
    if guild is None:
        raise ApiError(404, 10004, "Unknown Guild")
    return guild


@route("GET", "/guilds/{guild_id}")
async def get_guild(ctx: Ctx) -> web.StreamResponse:
    data = _guild(ctx).to_json(ctx.standin.users, ctx.standin.channels)
    for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at", "large", "member_count"):
        data.pop(key, None)
    return _json(data)


@route("GET", "/guilds/{guild_id}/channels")
async def get_guild_channels(ctx: Ctx) -> web.StreamResponse:
    guild = _guild(ctx)
    return _json([ctx.standin.channels[c].to_json() for c in guild.channel_ids])


@route("GET", "/guilds/{guild_id}/members")
async def list_members(ctx: Ctx) -> web.StreamResponse:
    guild = _guild(ctx)
    limit = int(ctx.request.query.get("limit", "1"))
    return _json([guild.member_json(ctx.standin.users[u]) for u in guild.member_ids][:limit])


@route("GET", "/guilds/{guild_id}/members/{user_id}")
async def get_member(ctx: Ctx) -> web.StreamResponse:
    guild = _guild(ctx)
    if ctx.params["user_id"] not in guild.member_ids:
        raise ApiError(404, 10007, "Unknown Member")
    return _json(guild.member_json(ctx.standin.users[ctx.params["user_id"]]))
