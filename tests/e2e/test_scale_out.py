"""Several bot processes on one PostgreSQL database, against the stand-in.

- Interactions spread over two processes (as behind a load balancer): a double click lands on
  both at once and is applied exactly once.
- kill -9 of the process playing a bot seat: the other takes over the bot's turn once the lease
  runs out, and runs the reminders; nothing acknowledged is lost.
- Shards: two processes split the guilds between them.
Skipped without TEST_DATABASE_URL (CI provides one).
"""

from __future__ import annotations

import asyncio
import json
import socket
import time
import urllib.request
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.standin.gateway import shard_of
from tests.e2e.conftest import StartBot, World, wait_for
from tests.e2e.driver import EN, Table, buttons, decide, is_board, lobby_id, open_table
from tests.e2e.test_pbp import HOUR, status_messages
from tests.pg import needs_postgres, postgres_database

pytestmark = needs_postgres

ALREADY_ACKNOWLEDGED = 40060
UNKNOWN_MESSAGE = 10008
UNKNOWN_INTERACTION = 10062


@pytest.fixture
async def pg_url() -> AsyncIterator[str]:
    async with postgres_database() as url:
        yield url


async def query(url: str, sql: str, *args: Any) -> list[Any]:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        return list(await conn.fetch(sql, *args))
    finally:
        await conn.close()


async def answers(url: str, match_id: int) -> list[tuple[int, int]]:
    rows = await query(url, "SELECT seq, seat FROM match_log WHERE match_id = $1 ORDER BY seq", match_id)
    return [(r["seq"], r["seat"]) for r in rows]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def http_get(port: int, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as reply:
            return reply.status, reply.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def env_for(name: str, url: str, offset: Path, port: int, **more: str) -> dict[str, str]:
    return {
        "DATABASE_URL": url,
        "INSTANCE_ID": name,
        "LEASE_SECONDS": "2",
        "BOT_PAUSE_SECONDS": "2",
        "CLOCK_OFFSET_FILE": str(offset),
        "SCHEDULER_TICK_SECONDS": "0.1",
        "METRICS_PORT": str(port),
        "METRICS_HOST": "127.0.0.1",
        **more,
    }


async def open_clocked_table(world: World) -> int:
    """alice against one bot seat, 24 hours per turn."""
    standin = world.standin
    options = {"kingdom": "First Game", "clock": "24"}
    inter = await standin.slash(world.alice, world.channel, "game new dominion", options)
    await inter.response()
    lobby = await inter.wait_original()
    match_id = lobby_id(lobby)
    start = f"bgb:ls:{match_id}"
    click = await standin.click(world.alice, standin.message(lobby.id) or lobby, f"bgb:lb:{match_id}")
    await click.response()
    # Start is enabled once the lobby message shows two seats.
    await standin.wait_until(lambda: start in buttons(standin.message(lobby.id) or lobby).values(), timeout=10)
    click = await standin.click(world.alice, standin.message(lobby.id) or lobby, start)
    await click.response()
    await standin.wait_for_message(world.channel, lambda m: is_board(m, EN), timeout=15)
    return match_id


async def test_two_processes_share_a_game_then_one_dies(
    pg_url: str, world: World, start_bot: StartBot, tmp_path: Path
) -> None:
    standin = world.standin
    world.tolerated |= {ALREADY_ACKNOWLEDGED, UNKNOWN_MESSAGE, UNKNOWN_INTERACTION}
    offset = tmp_path / "clock-offset"
    offset.write_text("0", encoding="utf-8")
    ports = {"A": free_port(), "B": free_port()}
    bots = {name: await start_bot(**env_for(name, pg_url, offset, port)) for name, port in ports.items()}
    standin.gateway.spread_interactions = True

    match_id = await open_clocked_table(world)
    table = Table(standin, world.channel, match_id, [world.alice])

    # A double click: the two interactions go to different processes, one answer lands.
    await standin.wait_until(lambda: table.whose_turn() is not None, timeout=15)
    found = table.whose_turn()
    assert found is not None
    user, message = found
    action = decide(message, table.words)
    assert action is not None and action.custom_id in buttons(message).values()
    before = len(await answers(pg_url, match_id))
    first, second = await asyncio.gather(
        standin.click(user, message, action.custom_id), standin.click(user, message, action.custom_id)
    )
    await asyncio.gather(first.response(timeout=10), second.response(timeout=10))
    await standin.wait_until(lambda: sum(len(i.followup_ids) for i in (first, second)) >= 1, timeout=10)
    assert len(await answers(pg_url, match_id)) == before + 1
    table.actions += 1

    # Play until the bot seat is thinking, then kill the process that holds its turn.
    holder = None
    for _ in range(40):
        assert await table.step(timeout=40)
        if table.whose_turn() is not None:
            continue  # still alice's turn
        rows = await query(pg_url, "SELECT claimed_by FROM bot_turns WHERE match_id = $1", match_id)
        if rows and rows[0]["claimed_by"]:
            holder = rows[0]["claimed_by"]
            break
    assert holder in bots, "the bot seat never got a turn"
    survivor = next(name for name in bots if name != holder)
    log_before = await answers(pg_url, match_id)
    killed_at = time.time()  # the shared clock's offset is still 0: bot time is wall time
    await bots[holder].kill()

    # The survivor takes the bot's turn over once the lease runs out, and alice is up again.
    await standin.wait_until(lambda: table.whose_turn() is not None, timeout=30)
    assert "taking over its bot seats" in bots[survivor].output()
    log_after = await answers(pg_url, match_id)
    assert len(log_after) > len(log_before)
    assert [seq for seq, _ in log_after] == list(range(len(log_after)))  # no gap, no duplicate

    # alice's prompt can reach her before her turn clock is stored: moving the clock before
    # then would start the clock after the jump, and no reminder would ever come due.
    async def clock_started() -> bool:
        rows = await query(
            pg_url, "SELECT started_at FROM pbp_timers WHERE match_id = $1 AND seat = 0", match_id
        )
        return bool(rows) and float(rows[0]["started_at"]) >= killed_at

    for _ in range(300):
        if await clock_started():
            break
        await asyncio.sleep(0.1)
    assert await clock_started(), "alice's turn clock was never started"

    # Its scheduler runs the reminders now: half the turn time passes on the shared clock.
    offset.write_text(str(12.5 * HOUR), encoding="utf-8")
    try:
        await standin.wait_until(lambda: any("Reminder" in m.content for m in status_messages(world)), timeout=30)
    except TimeoutError:
        print("jobs", await query(pg_url, "SELECT * FROM pbp_jobs"))
        print("timers", await query(pg_url, "SELECT * FROM pbp_timers"))
        print("status", [m.content for m in status_messages(world)])
        raise

    # Play on against the survivor alone; every acknowledged human answer is in the log.
    for _ in range(4):
        assert await table.step(timeout=40)
    humans = [seat for _, seat in await answers(pg_url, match_id) if seat == 0]
    assert len(humans) == table.actions

    status, body = http_get(ports[survivor], "/healthz")
    assert status == 200 and json.loads(body)["database"] == "postgresql"
    status, metrics = http_get(ports[survivor], "/metrics")
    assert status == 200
    assert 'bgb_interactions_total{kind="component",outcome="ok"}' in metrics
    assert "bgb_interaction_seconds_count" in metrics and "bgb_automa_queue_depth" in metrics


def handled(port: int, kind: str) -> int:
    """Interactions of `kind` a process reports as handled, from its metrics."""
    _, metrics = http_get(port, "/metrics")
    total = 0
    for line in metrics.splitlines():
        if line.startswith(f'bgb_interactions_total{{kind="{kind}"'):
            total += int(float(line.rsplit(" ", 1)[1]))
    return total


async def test_shards_split_the_guilds(pg_url: str, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    standin = world.standin
    # A second guild on the other shard of two (guild ids carry a millisecond timestamp).
    first_shard = shard_of(world.guild.id, 2)
    other = standin.add_guild("Back Room")
    while shard_of(other.id, 2) == first_shard:
        await asyncio.sleep(0.002)
        other = standin.add_guild("Back Room")
    back_room = standin.add_channel(other, "games")
    offset = tmp_path / "clock-offset"
    offset.write_text("0", encoding="utf-8")
    ports = [free_port(), free_port()]
    procs = [
        await start_bot(**env_for(f"S{shard}", pg_url, offset, ports[shard], SHARD_COUNT="2", SHARD_IDS=str(shard)))
        for shard in (0, 1)
    ]
    shards = sorted(tuple(s.identify.get("shard") or ()) for s in standin.gateway.live_sessions)
    assert shards == [(0, 2), (1, 2)]
    for shard, proc in enumerate(procs):
        mine = sum(1 for gid in standin.guilds if shard_of(gid, 2) == shard)
        assert f"in {mine} guild(s)" in proc.output(), proc.output()[-2000:]

    # Each guild's commands reach the process of its shard, and only that one.
    for channel, shard in ((world.channel, first_shard), (back_room, 1 - first_shard)):
        before = [handled(port, "command") for port in ports]
        inter = await standin.slash(world.alice, channel, "game new dominion", {})
        await inter.response(timeout=10)
        lobby = await inter.wait_original()
        assert lobby_id(lobby) > 0
        port, want = ports[shard], before[shard] + 1
        await wait_for(lambda: handled(port, "command") == want, 5, "the command's metric")  # noqa: B023
        assert handled(ports[1 - shard], "command") == before[1 - shard]


async def test_commands_read_what_the_other_shard_moved_on(
    pg_url: str, world: World, start_bot: StartBot, tmp_path: Path
) -> None:
    """A game outside shard 0 is written by two processes: its DM clicks reach shard 0's, its
    channel commands its own shard's. `/play`, `/hand` and the autocomplete judge the stored
    state, never a copy the other process has moved on."""
    standin = world.standin
    first_shard = shard_of(world.guild.id, 2)
    other = standin.add_guild("Back Room")
    while shard_of(other.id, 2) == 0:
        await asyncio.sleep(0.002)
        other = standin.add_guild("Back Room")
    back_room = standin.add_channel(other, "games")
    offset = tmp_path / "clock-offset"
    offset.write_text("0", encoding="utf-8")
    for shard in (0, 1):
        await start_bot(
            **env_for(f"S{shard}", pg_url, offset, free_port(), SHARD_COUNT="2", SHARD_IDS=str(shard))
        )
    assert first_shard in (0, 1)
    inter = await standin.slash(world.alice, back_room, "game new dominion", {"kingdom": "First Game"})
    await inter.response(timeout=10)
    lobby = await inter.wait_original()
    match_id = lobby_id(lobby)
    for user, kind in ((world.bob, "lj"), (world.alice, "ls")):
        click = await standin.click(user, standin.message(lobby.id) or lobby, f"bgb:{kind}:{match_id}")
        await click.response(timeout=10)
    await standin.wait_for_message(back_room, lambda m: is_board(m, EN), timeout=15)
    players = [world.alice, world.bob]
    table = Table(standin, back_room, match_id, players, by_command={u.id for u in players})
    refusals = 0
    for _ in range(16):
        user, message = await table.next_turn()
        # Whose turn it is asks for their hand in the channel first (the other shard's process).
        hand = await standin.slash(user, back_room, "hand", {})
        await hand.response(timeout=10)
        reply = await hand.wait_original()
        refusals += "not your turn" in reply.content
        assert reply.embeds, reply.content
        await table.act(user, message)
    assert refusals == 0
    assert table.commands > 0  # some answers went by /play through the channel's process


async def test_a_standby_takes_over_a_dead_process_shards(
    pg_url: str, world: World, start_bot: StartBot, tmp_path: Path
) -> None:
    """The process holding shard 0 (every DM, and here the game's guild) dies; the standby
    connects it within LEASE_SECONDS (the live process has no room: SHARD_MAX=1), and DM buttons
    and channel commands are served again."""
    standin = world.standin
    world.tolerated |= {UNKNOWN_MESSAGE, UNKNOWN_INTERACTION}
    guild = world.guild
    while shard_of(guild.id, 2) != 0:
        await asyncio.sleep(0.002)
        guild = standin.add_guild("Front Room")
    channel = standin.add_channel(guild, "games") if guild is not world.guild else world.channel
    offset = tmp_path / "clock-offset"
    offset.write_text("0", encoding="utf-8")
    lease = 3.0
    procs = [
        await start_bot(
            **env_for(
                f"S{s}",
                pg_url,
                offset,
                free_port(),
                SHARD_COUNT="2",
                SHARD_IDS=str(s),
                SHARD_MAX="1",
                LEASE_SECONDS=str(lease),
            )
        )
        for s in (0, 1)
    ]
    standby = await start_bot(
        **env_for(
            "T", pg_url, offset, free_port(), SHARD_COUNT="2", SHARD_STANDBY="1", LEASE_SECONDS=str(lease)
        )
    )
    match_id, _ = await open_table(standin, channel, world.alice, [world.bob])
    table = Table(standin, channel, match_id, [world.alice, world.bob])
    assert await table.step()
    before = {id(s) for s in standin.gateway.live_sessions}

    def taken_over() -> bool:
        """A session for shard 0 that did not exist before the kill."""
        return any(
            tuple(s.identify.get("shard") or ()) == (0, 2)
            for s in standin.gateway.live_sessions
            if id(s) not in before
        )

    await procs[0].kill()
    died = time.monotonic()
    await wait_for(taken_over, 3 * lease, "shard 0 connected again")
    took = time.monotonic() - died
    print(f"shard 0 served again {took:.2f} s after its process died (LEASE_SECONDS={lease})")
    assert took < lease, took
    assert "taking over shard 0" in standby.output()
    assert "taking over" not in procs[1].output()
    # DM buttons (shard 0) and the channel's commands are served again.
    for _ in range(3):
        assert await table.step(timeout=20)
    inter = await standin.slash(world.alice, channel, "game status", {})
    await inter.response(timeout=10)
