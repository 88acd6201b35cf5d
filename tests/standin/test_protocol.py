"""The stand-in's wire protocol and control API, exercised without discord.py."""

from __future__ import annotations

import json
import zlib
from typing import Any

import aiohttp

from tests.standin.conftest import World


def _auth(world: World) -> dict[str, str]:
    return {"Authorization": f"Bot {world.standin.token}"}


async def test_openapi_validation_catches_malformed_body(world: World) -> None:
    url = f"{world.standin.api_base}/channels/{world.channel.id}/messages"
    async with aiohttp.ClientSession() as http:
        async with http.post(url, json={"content": 5, "tts": "yes"}, headers=_auth(world)) as resp:
            assert resp.status == 400
            assert (await resp.json())["code"] == 50035
        async with http.post(f"{world.standin.api_base}/channels/1/not-a-route", json={}, headers=_auth(world)) as resp:
            assert resp.status == 404 and (await resp.json())["code"] == 0
        async with http.get(f"{world.standin.api_base}/users/@me") as resp:
            assert resp.status == 401
    kinds = [v.kind for v in world.standin.violations]
    assert kinds.count("schema") == 2 and "unknown_route" in kinds
    assert any("content" in v.message for v in world.standin.violations)
    assert world.standin.messages(world.channel) == []


async def test_rate_limit_headers_and_forced_429(world: World) -> None:
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{world.standin.api_base}/users/@me", headers=_auth(world)) as resp:
            assert resp.status == 200 and resp.headers["X-RateLimit-Limit"] == "50"
            assert resp.headers["Content-Type"] == "application/json"
        world.standin.force_rate_limit(1, retry_after=0.01)
        async with http.get(f"{world.standin.api_base}/users/@me", headers=_auth(world)) as resp:
            assert resp.status == 429 and (await resp.json())["retry_after"] == 0.01


async def _receive(ws: aiohttp.ClientWebSocketResponse, inflator: Any = None) -> dict[str, Any]:
    msg = await ws.receive(timeout=5)
    if inflator is None:
        return json.loads(msg.data)
    assert msg.data.endswith(b"\x00\x00\xff\xff")
    return json.loads(inflator.decompress(msg.data))


async def test_gateway_plain_and_zlib_stream(world: World) -> None:
    async with aiohttp.ClientSession() as http:
        for compress in (None, "zlib-stream"):
            query = "?v=10&encoding=json" + (f"&compress={compress}" if compress else "")
            inflator = zlib.decompressobj() if compress else None
            async with http.ws_connect(world.standin.gateway_url + query) as ws:
                hello = await _receive(ws, inflator)
                assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] == 30000
                await ws.send_json({"op": 1, "d": None})
                assert (await _receive(ws, inflator))["op"] == 11
                await ws.send_json({"op": 2, "d": {"token": world.standin.token, "intents": 3243773, "properties": {}}})
                ready = await _receive(ws, inflator)
                assert ready["t"] == "READY" and ready["s"] == 1
                assert ready["d"]["resume_gateway_url"] == world.standin.gateway_url
                guild = await _receive(ws, inflator)
                assert guild["t"] == "GUILD_CREATE" and guild["d"]["channels"][0]["name"] == "games"


async def test_gateway_rejects_bad_token_and_unknown_resume(world: World) -> None:
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(world.standin.gateway_url + "?v=10&encoding=json") as ws:
            await _receive(ws)
            await ws.send_json({"op": 6, "d": {"token": world.standin.token, "session_id": "nope", "seq": 3}})
            assert (await _receive(ws)) == {"op": 9, "d": False, "s": None, "t": None}
        async with http.ws_connect(world.standin.gateway_url + "?v=10&encoding=json") as ws:
            await _receive(ws)
            await ws.send_json({"op": 2, "d": {"token": "wrong"}})
            await ws.receive(timeout=5)
            assert ws.close_code == 4004


async def test_control_http_api(world: World, run_bot: Any) -> None:
    import discord

    def setup(bot: Any) -> None:
        @bot.tree.command(name="ping", description="Ping")
        async def ping(inter: discord.Interaction) -> None:
            await inter.response.send_message("pong")

    bot = await run_bot(setup)
    await bot.tree.sync()
    base = f"{world.standin.url}/_standin"
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{base}/slash", json={"user": "alice", "channel": "games", "command": "ping", "wait": 5}) as resp:
            body = await resp.json()
            assert body["response"]["data"]["content"] == "pong" and body["original"]["content"] == "pong"
        async with http.get(f"{base}/messages", params={"channel": "games"}) as resp:
            assert [m["content"] for m in await resp.json()] == ["pong"]
        async with http.get(f"{base}/events", params={"after": "0", "timeout": "1"}) as resp:
            events = await resp.json()
            assert events["events"][0]["kind"] == "create" and events["next"] == 1
        async with http.post(f"{base}/slash", json={"user": "alice", "channel": "games", "command": "nope"}) as resp:
            assert resp.status == 400 and "not registered" in (await resp.json())["error"]
        async with http.get(f"{base}/violations") as resp:
            assert await resp.json() == []
        async with http.get(f"{base}/commands") as resp:
            assert [c["name"] for c in await resp.json()] == ["ping"]


async def test_gateway_sends_only_what_the_intents_ask_for(world: World) -> None:
    """Two sessions: one asks for guilds only, the other for guild and direct messages too. A
    channel message and a DM reach only the second; an interaction reaches both."""
    guilds, guild_messages, direct_messages = 1 << 0, 1 << 9, 1 << 12
    async with aiohttp.ClientSession() as http:
        sockets = []
        for intents in (guilds, guilds | guild_messages | direct_messages):
            ws = await http.ws_connect(world.standin.gateway_url + "?v=10&encoding=json")
            await _receive(ws)  # HELLO
            await ws.send_json({"op": 2, "d": {"token": world.standin.token, "intents": intents, "properties": {}}})
            assert (await _receive(ws))["t"] == "READY"
            assert (await _receive(ws))["t"] == "GUILD_CREATE"
            sockets.append(ws)
        await world.standin.say(world.alice, world.channel, "hello table")
        await world.standin.say(world.alice, world.standin.dm_channel(world.alice), "hello bot")
        await world.standin.gateway.dispatch("INTERACTION_CREATE", {"id": "1", "type": 1})
        few, many = sockets
        assert [(await _receive(many))["t"] for _ in range(3)] == ["MESSAGE_CREATE", "MESSAGE_CREATE", "INTERACTION_CREATE"]
        assert (await _receive(few))["t"] == "INTERACTION_CREATE"
        for ws in sockets:
            await ws.close()
