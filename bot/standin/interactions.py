"""Interactions: building INTERACTION_CREATE payloads as Discord's client would, and the handle a
test holds to read the bot's answer."""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.standin.state import JSON, Channel, Message, User, snowflake

if TYPE_CHECKING:
    from bot.standin.server import StandIn

PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
# Application command option types.
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11

DEADLINE_SECONDS = 3.0
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024  # what a client may upload in a server without boosts
FOLLOWUP_WINDOW_SECONDS = 15 * 60


class StandInError(ValueError):
    """The requested user action is impossible in a real Discord client."""


@dataclass
class Interaction:
    """One interaction as dispatched to the bot; `await response()` to read the bot's answer."""

    id: str
    token: str
    type: int
    user: User
    channel: Channel
    payload: JSON
    standin: StandIn
    message: Message | None = None  # the message a component lives on
    dispatched_at: float = 0.0
    responded_at: float | None = None  # stand-in clock when the callback arrived
    response_type: int | None = None
    response_body: JSON | None = None
    original_id: str | None = None
    followup_ids: list[str] = field(default_factory=list)
    _responded: asyncio.Event = field(default_factory=asyncio.Event)
    _followed: asyncio.Condition = field(default_factory=asyncio.Condition)

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def modal(self) -> JSON | None:
        """The modal the bot opened in reply (response type 9), if any."""
        if self.response_type == 9 and self.response_body is not None:
            data: JSON = self.response_body.get("data") or {}
            return data
        return None

    @property
    def choices(self) -> list[JSON]:
        """Autocomplete choices returned by the bot (response type 8)."""
        if self.response_type == 8 and self.response_body is not None:
            return list((self.response_body.get("data") or {}).get("choices") or [])
        return []

    async def response(self, timeout: float = 5.0) -> JSON:
        """The callback body the bot sent (type and data), waiting for it if needed."""
        await asyncio.wait_for(self._responded.wait(), timeout)
        assert self.response_body is not None
        return self.response_body

    @property
    def original(self) -> Message | None:
        """The message the response created or edited, with later edits applied."""
        return self.standin.message(self.original_id) if self.original_id else None

    @property
    def followups(self) -> list[Message]:
        msgs = (self.standin.message(mid) for mid in self.followup_ids)
        return [m for m in msgs if m is not None]

    async def followup(self, index: int = 0, timeout: float = 5.0) -> Message:
        """The `index`-th followup message, waiting until it exists."""
        async with self._followed:
            await asyncio.wait_for(self._followed.wait_for(lambda: len(self.followup_ids) > index), timeout)
        msg = self.standin.message(self.followup_ids[index])
        assert msg is not None
        return msg

    async def wait_original(self, predicate: Any = None, timeout: float = 5.0) -> Message:
        """The original response message once `predicate(message)` holds (default: not loading)."""
        check = predicate or (lambda m: not m.loading)

        def ready() -> bool:
            msg = self.original
            return msg is not None and bool(check(msg))

        await self.standin.wait_until(ready, timeout)
        assert self.original is not None
        return self.original

    def _mark_responded(self) -> None:
        self.responded_at = self.standin.now()
        self._responded.set()

    async def _add_followup(self, message_id: str) -> None:
        async with self._followed:
            self.followup_ids.append(message_id)
            self._followed.notify_all()
        # The message itself was announced just before; wake `wait_until` checks on followups too.
        await self.standin.notify()


def new_token() -> str:
    return "itok_" + secrets.token_urlsafe(32)


def base_payload(standin: StandIn, kind: int, user: User, channel: Channel, locale: str | None) -> JSON:
    payload: JSON = {
        "id": snowflake(),
        "application_id": standin.application_id,
        "type": kind,
        "token": new_token(),
        "version": 1,
        "channel_id": channel.id,
        "channel": channel.to_json(standin.users),
        "locale": locale or user.locale,
        "app_permissions": str(standin.app_permissions),
        "entitlements": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    if channel.guild_id is not None:
        guild = standin.guilds[channel.guild_id]
        member = guild.member_json(user)
        member["permissions"] = str(standin.permissions_of(user))
        payload.update(
            guild_id=guild.id,
            guild_locale=guild.locale,
            member=member,
            authorizing_integration_owners={"0": guild.id},
            context=0,
            guild={"id": guild.id, "locale": guild.locale, "features": []},
        )
    else:
        payload.update(user=user.to_json(), authorizing_integration_owners={"0": "0"}, context=1)
    return payload


def command_data(
    standin: StandIn,
    command: JSON,
    path: list[str],
    options: dict[str, Any],
    focused: str | None,
    guild_id: str | None,
) -> JSON:
    """Resolve `path` (subcommand group/subcommand names) and typed option values for `command`."""
    resolved: dict[str, dict[str, JSON]] = {}
    node = command
    wrappers: list[JSON] = []
    for name in path:
        sub = next((o for o in node.get("options") or [] if o["name"] == name and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None)
        if sub is None:
            raise StandInError(f"/{command['name']} has no subcommand {name!r}")
        wrappers.append({"type": sub["type"], "name": name, "options": []})
        node = sub
    if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in node.get("options") or []):
        raise StandInError(f"/{' '.join([command['name'], *path])} needs a subcommand")
    defs = {o["name"]: o for o in node.get("options") or []}
    leaf: list[JSON] = []
    for name, raw in options.items():
        if name not in defs:
            raise StandInError(f"unknown option {name!r}; expected one of {sorted(defs)}")
        opt = {"name": name, "type": defs[name]["type"], "value": _convert(standin, defs[name], raw, name == focused, resolved, guild_id)}
        if name == focused:
            opt["focused"] = True
        leaf.append(opt)
    if focused is None:
        missing = [n for n, d in defs.items() if d.get("required") and n not in options]
        if missing:
            raise StandInError(f"missing required option(s): {', '.join(missing)}")
    elif focused not in options:
        raise StandInError(f"focused option {focused!r} must be given a (partial) value")
    # Nest: group -> subcommand -> options.
    inner = leaf
    for wrapper in reversed(wrappers):
        wrapper["options"] = inner
        inner = [wrapper]
    data: JSON = {"id": command["id"], "name": command["name"], "type": command.get("type", 1), "options": inner}
    if command.get("guild_id"):
        data["guild_id"] = command["guild_id"]
    if resolved:
        data["resolved"] = resolved
    return data


def _convert(standin: StandIn, definition: JSON, raw: Any, focused: bool, resolved: dict[str, dict[str, JSON]], guild_id: str | None) -> Any:
    kind = definition["type"]
    if focused:
        return str(raw)  # a partially typed value is always sent as text
    if kind == STRING:
        value: Any = str(raw)
    elif kind == INTEGER:
        try:
            value = int(raw)
        except (TypeError, ValueError):
            raise StandInError(f"option {definition['name']} takes a whole number, not {raw!r}") from None
    elif kind == NUMBER:
        try:
            value = float(raw)
        except (TypeError, ValueError):
            raise StandInError(f"option {definition['name']} takes a number, not {raw!r}") from None
    elif kind == BOOLEAN:
        value = raw if isinstance(raw, bool) else str(raw).lower() in ("1", "true", "yes", "on")
    elif kind in (USER, MENTIONABLE):
        user = standin.find_user(raw)
        value = user.id
        resolved.setdefault("users", {})[user.id] = user.to_json()
        if guild_id is not None:
            member = standin.guilds[guild_id].member_json(user)
            member.pop("user")
            member["permissions"] = str(standin.permissions_of(user))
            resolved.setdefault("members", {})[user.id] = member
    elif kind == CHANNEL:
        channel = standin.find_channel(raw)
        value = channel.id
        entry = channel.to_json(standin.users)
        entry["permissions"] = str(standin.app_permissions)
        resolved.setdefault("channels", {})[channel.id] = entry
    elif kind == ROLE:
        if guild_id is None:
            raise StandInError("role options need a guild")
        role = standin.guilds[guild_id].everyone_role()
        value = role["id"]
        resolved.setdefault("roles", {})[role["id"]] = role
    elif kind == ATTACHMENT:
        attachment = _attachment(standin, raw)
        value = attachment["id"]
        resolved.setdefault("attachments", {})[attachment["id"]] = attachment
    else:
        raise StandInError(f"option type {kind} is not supported by the stand-in")
    choices = definition.get("choices")
    if choices:
        by_name = {c["name"]: c["value"] for c in choices}
        values = [c["value"] for c in choices]
        if value not in values and str(raw) in by_name:
            value = by_name[str(raw)]
        if value not in values:
            raise StandInError(f"{value!r} is not one of the choices {values}")
    for bound, test in (("min_value", lambda v, b: v < b), ("max_value", lambda v, b: v > b)):
        if bound in definition and kind in (INTEGER, NUMBER) and test(value, definition[bound]):
            raise StandInError(f"{value} is outside the allowed range")
    return value


def _attachment(standin: StandIn, raw: Any) -> JSON:
    """The file a user attaches to an option, uploaded the way a client does before it sends the
    command: an attachment `standin.upload` made, (filename, bytes or text), {"filename",
    "content"} (the HTTP control API), or the path of a local file (the terminal)."""
    if isinstance(raw, dict) and raw.get("id") in standin.attachments:
        return dict(raw)
    if isinstance(raw, dict) and "filename" in raw:
        return standin.upload(str(raw["filename"]), raw.get("content") or "")
    if isinstance(raw, tuple | list) and len(raw) == 2:
        return standin.upload(str(raw[0]), raw[1])
    if isinstance(raw, str | Path):
        path = Path(raw).expanduser()
        if not path.is_file():
            raise StandInError(f"no file {str(raw)!r} to attach")
        return standin.upload(path.name, path.read_bytes())
    raise StandInError(f"cannot attach {raw!r}: give a file path, (filename, content) or an upload")


def modal_submit_components(modal: JSON, values: dict[str, Any]) -> list[JSON]:
    """Mirror a modal's layout with the user's answers, as Discord sends it back."""

    def answer(comp: JSON) -> JSON:
        cid = comp.get("custom_id")
        if comp.get("type") == 4:
            return {"type": 4, "id": comp.get("id", 0), "custom_id": cid, "value": str(values.get(str(cid), comp.get("value") or ""))}
        picked = values.get(str(cid), [])
        return {"type": comp["type"], "id": comp.get("id", 0), "custom_id": cid, "values": list(picked) if isinstance(picked, list | tuple) else [picked]}

    out: list[JSON] = []
    for top in modal.get("components") or []:
        if top.get("type") == 1:
            out.append({"type": 1, "id": top.get("id", 0), "components": [answer(c) for c in top.get("components") or []]})
        elif top.get("type") == 18 and isinstance(top.get("component"), dict):
            out.append({"type": 18, "id": top.get("id", 0), "component": answer(top["component"])})
    known = {c.get("custom_id") for c in _modal_inputs(modal)}
    unknown = set(values) - known
    if unknown:
        raise StandInError(f"modal has no inputs {sorted(unknown)}; it has {sorted(k for k in known if k)}")
    return out


def _modal_inputs(modal: JSON) -> list[JSON]:
    out: list[JSON] = []
    for top in modal.get("components") or []:
        out.extend(top.get("components") or [])
        if isinstance(top.get("component"), dict):
            out.append(top["component"])
    return out
