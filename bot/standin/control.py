"""HTTP control API under /_standin/ for clients outside the stand-in's process.

Users, channels and messages may be referred to by id or by name. Actions answer with the
interaction id; GET /_standin/interactions/{id}?wait=5 returns the bot's response.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from aiohttp import web

from bot.standin.faults import FaultSpecError
from bot.standin.interactions import Interaction, StandInError
from bot.standin.state import JSON, Message

if TYPE_CHECKING:
    from bot.standin.server import StandIn

PREFIX = "/_standin"


def interaction_json(inter: Interaction) -> JSON:
    return {
        "id": inter.id,
        "type": inter.type,
        "user": inter.user.name,
        "channel_id": inter.channel.id,
        "response": inter.response_body,
        "original": inter.original.to_json() if inter.original else None,
        "followups": [m.to_json() for m in inter.followups],
    }


def message_json(msg: Message) -> JSON:
    data = msg.to_json()
    data["visible_to"] = msg.visible_to
    data["deleted"] = msg.deleted
    return data


def add_routes(app: web.Application, standin: StandIn) -> None:
    def action(fn: Callable[[JSON], Awaitable[Any]]) -> Callable[[web.Request], Awaitable[web.Response]]:
        async def handler(request: web.Request) -> web.Response:
            body: JSON = await request.json() if request.can_read_body else {}
            try:
                result = await fn(body)
            except StandInError as exc:
                return web.json_response({"error": str(exc)}, status=400)
            if isinstance(result, Interaction):
                if body.get("wait"):
                    with contextlib.suppress(TimeoutError):
                        await result.response(float(body["wait"]))
                return web.json_response(interaction_json(result))
            return web.json_response(result)

        return handler

    s = standin

    def msg(ref: Any) -> Message:
        found = s.message(str(ref))
        if found is None:
            raise StandInError(f"no message {ref!r}")
        return found

    async def slash(b: JSON) -> Any:
        return await s.slash(s.find_user(b["user"]), s.find_channel(b["channel"]), b["command"], b.get("options"), b.get("locale"))

    async def autocomplete(b: JSON) -> Any:
        return await s.autocomplete(s.find_user(b["user"]), s.find_channel(b["channel"]), b["command"], b.get("options") or {}, b["focused"])

    async def click(b: JSON) -> Any:
        return await s.click(s.find_user(b["user"]), msg(b["message"]), b["custom_id"])

    async def select(b: JSON) -> Any:
        return await s.select(s.find_user(b["user"]), msg(b["message"]), b["custom_id"], list(b["values"]))

    async def modal(b: JSON) -> Any:
        source = s.interactions.get(str(b["interaction"]))
        if source is None:
            raise StandInError(f"no interaction {b['interaction']!r}")
        return await s.submit_modal(s.find_user(b["user"]), source, b.get("values") or {}, b.get("custom_id"))

    async def say(b: JSON) -> Any:
        return message_json(await s.say(s.find_user(b["user"]), s.find_channel(b["channel"]), b["content"]))

    async def add_user(b: JSON) -> Any:
        user = s.add_user(b["name"], b.get("locale", "en-US"), bool(b.get("dms_closed", False)))
        return user.to_json()

    async def add_guild(b: JSON) -> Any:
        guild = s.add_guild(b["name"], b.get("locale", "en-US"))
        return {"id": guild.id, "name": guild.name}

    async def add_channel(b: JSON) -> Any:
        channel = s.add_channel(s.guilds[str(b["guild"])], b["name"])
        return channel.to_json()

    async def drop(b: JSON) -> Any:
        await s.drop_connections(int(b.get("code", 4000)))
        return {"dropped": True}

    async def faults(b: JSON) -> Any:
        """Add REST faults: {spec: "429 count=2; 5xx rate=0.1"} or one rule's fields; {clear: true}."""
        try:
            if b.get("clear"):
                s.faults.clear()
            if b.get("spec"):
                s.faults.load(str(b["spec"]))
            elif b.get("kind"):
                fields = ("route", "count", "rate", "retry_after", "status")
                s.faults.add(str(b["kind"]), **{k: b[k] for k in fields if k in b})
        except (FaultSpecError, TypeError) as exc:
            raise StandInError(str(exc)) from exc
        return {"rules": [r.to_json() for r in s.faults.rules], "injected": len(s.faults.log)}

    for name, fn in {
        "slash": slash,
        "autocomplete": autocomplete,
        "click": click,
        "select": select,
        "modal": modal,
        "say": say,
        "users": add_user,
        "guilds": add_guild,
        "channels": add_channel,
        "drop": drop,
        "faults": faults,
    }.items():
        app.router.add_post(f"{PREFIX}/{name}", action(fn))

    async def state(request: web.Request) -> web.Response:
        return web.json_response(
            {
                "application_id": s.application_id,
                "bot_user": s.bot_user.to_json(),
                "users": [{**u.to_json(), "dms_closed": u.dms_closed, "locale": u.locale} for u in s.users.values()],
                "guilds": [{"id": g.id, "name": g.name, "channel_ids": g.channel_ids} for g in s.guilds.values()],
                "channels": [c.to_json(s.users) for c in s.channels.values()],
                "connected": any(x.connection is not None for x in s.gateway.live_sessions),
            }
        )

    async def messages(request: web.Request) -> web.Response:
        try:
            viewer = s.find_user(request.query["user"]) if "user" in request.query else None
            if "dm" in request.query:
                channel = s.dm_channel(s.find_user(request.query["dm"]))
            else:
                channel = s.find_channel(request.query["channel"])
            return web.json_response([message_json(m) for m in s.messages(channel, viewer)])
        except (StandInError, KeyError) as exc:
            return web.json_response({"error": str(exc)}, status=400)

    async def interaction(request: web.Request) -> web.Response:
        inter = s.interactions.get(request.match_info["id"])
        if inter is None:
            return web.json_response({"error": "no such interaction"}, status=404)
        wait = float(request.query.get("wait", "0"))
        if wait:
            with contextlib.suppress(TimeoutError):
                await inter.response(wait)
        return web.json_response(interaction_json(inter))

    async def events(request: web.Request) -> web.Response:
        """Long-poll: message events after `after` (a sequence number), waiting up to `timeout`."""
        after = int(request.query.get("after", "0"))
        timeout = float(request.query.get("timeout", "25"))
        with contextlib.suppress(TimeoutError):
            await s.wait_until(lambda: len(s.events) > after, timeout)
        out = [{"seq": e.seq, "kind": e.kind, "message": message_json(e.message)} for e in s.events[after:]]
        return web.json_response({"events": out, "next": len(s.events)})

    async def fault_plan(request: web.Request) -> web.Response:
        injected = [{"kind": k, "request": r} for k, r in s.faults.log]
        return web.json_response({"rules": [r.to_json() for r in s.faults.rules], "injected": injected})

    async def violations(request: web.Request) -> web.Response:
        return web.json_response([asdict(v) for v in s.violations])

    async def commands(request: web.Request) -> web.Response:
        return web.json_response(s.commands)

    async def payloads(request: web.Request) -> web.Response:
        return web.json_response([asdict(r) for r in s.all_sent_payloads()])

    async def attachment(request: web.Request) -> web.Response:
        data = s.attachments.get(request.match_info["id"])
        if data is None:
            return web.json_response({"error": "no such attachment"}, status=404)
        return web.Response(body=data)

    app.router.add_get(f"{PREFIX}/state", state)
    app.router.add_get(f"{PREFIX}/messages", messages)
    app.router.add_get(f"{PREFIX}/interactions/{{id}}", interaction)
    app.router.add_get(f"{PREFIX}/events", events)
    app.router.add_get(f"{PREFIX}/violations", violations)
    app.router.add_get(f"{PREFIX}/faults", fault_plan)
    app.router.add_get(f"{PREFIX}/commands", commands)
    app.router.add_get(f"{PREFIX}/payloads", payloads)
    app.router.add_get(f"{PREFIX}/attachments/{{id}}/{{filename}}", attachment)


__all__ = ["add_routes"]
