"""Recovery, through the real bot process: a kill -9 between an answer's commit and its
announcement leaves no table waiting (the open prompt reaches its player once after the restart),
and damaged matches are held at startup while every other table is served."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable

import pytest
from aiohttp import web

from bot.standin import rest
from bot.standin.state import Message
from tests.e2e.conftest import StartBot, World, wait_for
from tests.e2e.driver import Table, decide, open_table, perform, prompt_id
from tests.e2e.test_resilience import UNKNOWN_MESSAGE, answers

QUICK = {"RECONCILE_SECONDS": "0.3", "RECONCILE_GRACE_SECONDS": "0.2"}


def prompt_dms(world: World, match_id: int, pid: int) -> list[Message]:
    """Every DM, to anyone, that offers this prompt."""
    return [
        m
        for user in (world.alice, world.bob)
        for m in world.standin.dm_messages(user)
        if not m.ephemeral and prompt_id(m, match_id) == pid
    ]


async def test_a_kill_between_commit_and_announce_then_restart_delivers_once(
    world: World, start_bot: StartBot
) -> None:
    standin = world.standin
    bot = await start_bot(**QUICK)
    match_id, _ = await open_table(standin, world.channel, world.alice, [world.bob])
    table = Table(standin, world.channel, match_id, [world.alice, world.bob])
    for _ in range(3):
        assert await table.step()
    await bot.stop()

    # This life dies at its first commit, before anyone hears of it.
    doomed = await start_bot(FAULT_POINTS="after_commit:1", **QUICK)
    user, message = await table.next_turn()
    before = answers(world.db, match_id)
    action = decide(message, table.words)
    assert action is not None
    clicked = asyncio.ensure_future(perform(standin, user, message, action))
    await wait_for(lambda: doomed.proc.returncode is not None, 20, "the fault point kills the process")
    clicked.cancel()
    assert "fault point after_commit" in doomed.output()
    assert answers(world.db, match_id) == before + 1  # committed, never announced

    world.tolerated.add(UNKNOWN_MESSAGE)
    await start_bot(**QUICK)
    # The open prompt reaches whoever must answer it: once, however many rounds pass.
    old = prompt_id(message, match_id)

    def delivered() -> list[tuple[object, int]]:
        pending = [(u, prompt_id(table.pending(u), match_id)) for u in table.players]
        return [(u, p) for u, p in pending if p is not None and p != old]

    await standin.wait_until(lambda: bool(delivered()), 10)
    [(_, pid)] = delivered()
    await asyncio.sleep(1.5)  # several reconciliation rounds
    assert len(prompt_dms(world, match_id, pid)) == 1
    # And the table plays on from there (the clicked message, never answered, is out of date).
    player = next(u for u in table.players if prompt_id(table.pending(u), match_id) == pid)
    pending = table.pending(player)
    assert pending is not None
    await table.act(player, pending)
    assert answers(world.db, match_id) == before + 2


def told_about(match_id: int) -> Callable[[Message], bool]:
    return lambda m: f"Game #{match_id} is on hold" in m.content


def damage(db: str, sql: str, match_id: int) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute(sql, (match_id,))


DAMAGES = {
    "gap": "DELETE FROM match_log WHERE match_id = ? AND seq = 0",
    "garbled answer": "UPDATE match_log SET answer = '[\"unterminated' WHERE match_id = ? AND seq = 1",
    "garbled options": "UPDATE matches SET options = '{not json' WHERE id = ?",
    "wrong types": "UPDATE matches SET seats = '[1, 2]' WHERE id = ?",
    "unknown game": "UPDATE matches SET game = 'no-such-game' WHERE id = ?",
    "failing replay": "UPDATE match_log SET answer = '[\"no-such-option\"]' WHERE match_id = ? AND seq = 1",
}


async def test_damaged_matches_are_held_at_startup_and_the_rest_is_served(
    world: World, start_bot: StartBot
) -> None:
    standin = world.standin
    bot = await start_bot(**QUICK)
    channels = [world.channel, *(standin.add_channel(world.guild, f"games-{i}") for i in range(len(DAMAGES)))]
    tables = []
    for channel in channels:
        match_id, _ = await open_table(standin, channel, world.alice, [world.bob])
        table = Table(standin, channel, match_id, [world.alice, world.bob])
        for _ in range(2):
            assert await table.step()
        tables.append(table)
    await bot.stop()
    healthy, *damaged = tables
    for table, sql in zip(damaged, DAMAGES.values(), strict=True):
        damage(str(world.db), sql, table.match_id)

    await start_bot(**QUICK)
    # The healthy table is served as before.
    for _ in range(3):
        assert await healthy.step()
    # Each damaged table is told, once, in its own channel.
    for table in damaged:
        await standin.wait_for_message(table.channel, told_about(table.match_id), timeout=10)
    await asyncio.sleep(1)
    for table in damaged:
        told = [m for m in standin.messages(table.channel) if told_about(table.match_id)(m)]
        assert len(told) == 1
    assert not [m for m in standin.messages(healthy.channel) if "on hold" in m.content]
    gap = damaged[0]
    # A player there is told why at once, privately.
    reply = await standin.slash(world.alice, gap.channel, "hand")
    await reply.response()
    note = await reply.wait_original()
    assert note.ephemeral and "on hold" in note.content

    # A manager looks at it and cuts it back to what still plays: nothing does, after a gap at the
    # first answer, so the game starts again from its setup and goes on.
    standin.grant(world.alice, 1 << 5)  # Manage Server
    shown = await standin.slash(world.alice, gap.channel, "admin quarantine show", {"game": gap.match_id})
    await shown.response()
    text = (await shown.wait_original()).content
    assert "0 of them still play" in text or "0 of them" in text, text
    cut = await standin.slash(world.alice, gap.channel, "admin quarantine truncate", {"game": gap.match_id})
    await cut.response()
    await cut.wait_original()
    assert answers(world.db, gap.match_id) == 0
    assert await gap.step()


async def test_a_rules_change_waits_for_the_host_then_goes_on(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    bot = await start_bot(**QUICK)
    match_id, _ = await open_table(standin, world.channel, world.alice, [world.bob])
    table = Table(standin, world.channel, match_id, [world.alice, world.bob])
    for _ in range(3):
        assert await table.step()
    await bot.stop()
    # As if the rules had changed since: the stored digests vouch for another state.
    damage(
        str(world.db),
        "UPDATE match_log SET digest = 'older', engine_version = 'dominion-0' WHERE match_id = ?",
        match_id,
    )

    await start_bot(**QUICK)
    notice = await standin.wait_for_message(
        world.channel, lambda m: "rules were updated" in m.content, timeout=10
    )
    assert "dominion-0" in notice.content
    # Nobody plays on meanwhile: the player is told why.
    user, message = await table.next_turn()
    before = answers(world.db, match_id)
    action = decide(message, table.words)
    assert action is not None
    await perform(standin, user, message, action)
    await asyncio.sleep(0.5)
    assert answers(world.db, match_id) == before
    # Bob is not the host; Alice is.
    [button] = [c["custom_id"] for row in notice.components for c in row["components"]]
    refused = await standin.click(world.bob, notice, button)
    await refused.response()
    assert "host" in (await refused.followup()).content
    agreed = await standin.click(world.alice, notice, button)
    await agreed.response()
    await standin.wait_for_message(world.channel, lambda m: "continued game" in m.content, timeout=10)
    for _ in range(3):
        assert await table.step()
    assert answers(world.db, match_id) > before


async def test_a_dm_refused_with_a_server_error_is_delivered_by_reconciliation(
    world: World, start_bot: StartBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord answers a DM with 503 (no retry in discord.py): no channel notice in its place, and
    the next reconciliation round delivers the prompt, once."""
    standin = world.standin
    failing = {"on": False}
    routes = list(rest._ROUTES)
    for i, (method, pattern, handler) in enumerate(routes):
        if method == "POST" and pattern.pattern.endswith("/messages$") and "channel_id" in pattern.pattern:

            async def flaky(ctx: rest.Ctx, handler: rest.Handler = handler) -> web.StreamResponse:
                channel = standin.channels.get(ctx.params.get("channel_id", ""))
                if failing["on"] and channel is not None and channel.is_dm:
                    raise rest.ApiError(503, 0, "503: Service Unavailable")
                return await handler(ctx)

            routes[i] = (method, pattern, flaky)
    monkeypatch.setattr(rest, "_ROUTES", routes)
    world.tolerated.add(0)  # the 503s this test asks for

    await start_bot(**QUICK)
    failing["on"] = True
    match_id, _ = await open_table(standin, world.channel, world.alice, [world.bob])
    table = Table(standin, world.channel, match_id, [world.alice, world.bob])
    await wait_for(lambda: any(r[1] == 503 for r in standin.rejections), 10, "a DM refused")
    await asyncio.sleep(0.5)
    assert table.whose_turn() is None  # nobody got the prompt...
    assert not [
        m for m in standin.messages(world.channel) if "decision to make" in m.content
    ]  # ...nor a notice
    failing["on"] = False
    user, message = await table.next_turn()
    pid = prompt_id(message, match_id)
    assert pid is not None
    await asyncio.sleep(1.0)  # more rounds: still once
    assert len(prompt_dms(world, match_id, pid)) == 1
    for _ in range(3):
        assert await table.step()
