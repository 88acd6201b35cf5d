"""REST faults as Discord sends them: discord.py's own client waits out 429s (per route and
global) and 5xx and succeeds; a dropped connection reaches it as an error, a lost answer too,
though the request was carried out."""

from __future__ import annotations

import asyncio
import io
import time

import aiohttp
import discord
import pytest
from discord.ext import commands

from bot.standin.faults import FaultSpecError, parse_spec
from bot.standin.terminal import Terminal
from tests.standin.conftest import World


def _auth(world: World) -> dict[str, str]:
    return {"Authorization": f"Bot {world.standin.token}"}


def _noop(bot: commands.Bot) -> None:
    return None


async def test_429_has_discords_shape(world: World) -> None:
    s = world.standin
    url = f"{s.api_base}/channels/{world.channel.id}/messages"
    async with aiohttp.ClientSession() as http:
        s.faults.add("429", route="POST /channels/", retry_after=1.5)
        async with http.post(url, json={"content": "hi"}, headers=_auth(world)) as resp:
            body = await resp.json()
            assert resp.status == 429 and resp.headers["Via"] and resp.content_type == "application/json"
            assert body == {
                "message": "You are being rate limited.",
                "retry_after": 1.5,
                "global": False,
                "code": 0,
            }
            assert resp.headers["Retry-After"] == "2" and resp.headers["X-RateLimit-Remaining"] == "0"
            assert resp.headers["X-RateLimit-Scope"] == "user" and "X-RateLimit-Bucket" in resp.headers
        s.faults.add("global", retry_after=0.2)
        async with http.get(f"{s.api_base}/users/@me", headers=_auth(world)) as resp:
            body = await resp.json()
            assert (
                resp.status == 429 and body["global"] is True and resp.headers["X-RateLimit-Global"] == "true"
            )
            assert "X-RateLimit-Bucket" not in resp.headers and resp.headers["Via"]
        s.faults.add("5xx", status=503)
        async with http.get(f"{s.api_base}/users/@me", headers=_auth(world)) as resp:
            assert resp.status == 503 and (await resp.json())["code"] == 0
    assert s.messages(world.channel) == []  # refused requests did nothing
    assert [k for k, _ in s.faults.log] == ["429", "global", "5xx"]
    assert s.violations == []


async def test_discord_py_retries_rate_limits_and_server_errors(world: World, run_bot) -> None:  # type: ignore[no-untyped-def]
    bot = await run_bot(_noop)
    s = world.standin
    channel = bot.get_channel(int(world.channel.id))
    assert isinstance(channel, discord.TextChannel)
    s.faults.add("429", route="POST /channels/", count=2, retry_after=0.05)
    s.faults.add("global", route="POST /channels/", count=1, retry_after=0.05)
    s.faults.add("5xx", route="POST /channels/", count=1, status=502)
    started = time.monotonic()
    sent = await channel.send("still here")
    assert time.monotonic() - started >= 1.0  # discord.py waits a second before retrying a 502
    assert [m.content for m in s.messages(world.channel)] == ["still here"]
    assert sent.content == "still here"
    statuses = [
        r.status for r in s.requests if r.method == "POST" and r.template and "/messages" in r.template
    ]
    assert statuses == [429, 429, 429, 502, 200]


async def test_dropped_and_lost(world: World, run_bot) -> None:  # type: ignore[no-untyped-def]
    bot = await run_bot(_noop)
    s = world.standin
    channel = bot.get_channel(int(world.channel.id))
    assert isinstance(channel, discord.TextChannel)
    s.faults.add("drop", route="POST /channels/")
    with pytest.raises((aiohttp.ClientError, OSError)):
        await channel.send("never arrives")
    assert s.messages(world.channel) == []
    s.faults.add("lost", route="POST /channels/")
    with pytest.raises((aiohttp.ClientError, OSError)):
        await channel.send("arrives unseen")
    assert [m.content for m in s.messages(world.channel)] == ["arrives unseen"]
    await channel.send("and the next one is fine")
    assert len(s.messages(world.channel)) == 2
    assert s.violations == []


async def test_random_faults_are_seeded_and_counted(world: World) -> None:
    s = world.standin
    s.faults.load("5xx status=500 rate=0.5 route=GET")
    async with aiohttp.ClientSession() as http:
        statuses = []
        for _ in range(40):
            async with http.get(f"{s.api_base}/users/@me", headers=_auth(world)) as resp:
                statuses.append(resp.status)
    assert 5 < statuses.count(500) < 35 and statuses.count(200) + statuses.count(500) == 40
    assert s.faults.rules[0].fired == statuses.count(500)


async def test_control_api_and_spec_text(world: World) -> None:
    s = world.standin
    async with aiohttp.ClientSession() as http:
        async with http.post(
            f"{s.url}/_standin/faults", json={"spec": "429 count=2 retry_after=0.5; lost route=callback"}
        ) as resp:
            plan = await resp.json()
        assert [(r["kind"], r["count"]) for r in plan["rules"]] == [("429", 2), ("lost", 1)]
        async with http.post(f"{s.url}/_standin/faults", json={"kind": "teapot"}) as resp:
            assert resp.status == 400 and "unknown fault" in (await resp.json())["error"]
        async with http.post(f"{s.url}/_standin/faults", json={"clear": True}) as resp:
            assert (await resp.json())["rules"] == []
    rules = parse_spec("global retry_after=2\n5xx status=503 rate=0.1 route=PATCH")
    assert (rules[0].kind, rules[0].retry_after, rules[0].count) == ("global", 2.0, 1)
    assert (rules[1].status, rules[1].count, rules[1].route) == (503, None, "PATCH")
    for bad in ("5xx status=404", "429 rate=2", "drop when=now", "429 count=x", "drop route=("):
        with pytest.raises(FaultSpecError):
            parse_spec(bad)
    await asyncio.sleep(0)


async def test_the_terminal_sets_and_clears_faults(world: World) -> None:
    out = io.StringIO()
    term = Terminal(world.standin, world.channel, world.alice, out)
    await term.handle("faults 429 count=2 route=POST; 5xx status=503 rate=0.1")
    assert [r.kind for r in world.standin.faults.rules] == ["429", "5xx"]
    await term.handle("faults teapot")
    await term.handle("faults off")
    assert world.standin.faults.rules == []
    text = out.getvalue()
    assert "fault 429 on POST: rate 1.0, 2 more" in text and "! unknown fault 'teapot'" in text
    assert "no REST faults in force" in text
