"""Crashes and impatient fingers: a kill -9 in mid-game loses nothing that was acknowledged and
buttons sent before it keep working; two clicks on one button apply once."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import Table, buttons, decide, open_table, prompt_id

UNKNOWN_MESSAGE = 10008


def human_answers(db: Path, match_id: int, seats: tuple[int, ...] = (0, 1)) -> int:
    marks = ",".join("?" * len(seats))
    with sqlite3.connect(db) as conn:
        row = conn.execute(
            f"SELECT COUNT(*) FROM match_log WHERE match_id = ? AND seat IN ({marks})", (match_id, *seats)
        ).fetchone()
    return int(row[0])


def answers(db: Path, match_id: int) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM match_log WHERE match_id = ?", (match_id,)).fetchone()[0])


async def test_kill_9_mid_game_then_old_buttons_work(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    # A dead process's claim on the bot seats' turns runs out after the lease; keep it short so
    # the new process takes over within the test's patience.
    lease = {"LEASE_SECONDS": "1"}
    bot = await start_bot(**lease)
    match_id, _ = await open_table(standin, world.channel, world.alice, [world.bob], bots=1)
    table = Table(standin, world.channel, match_id, [world.alice, world.bob])
    for _ in range(7):
        assert await table.step()
    # Every answer a player saw acknowledged is committed before the crash.
    assert human_answers(world.db, match_id) == table.actions

    user, message = await table.next_turn()
    await bot.kill()
    # The dead process may have removed a message before it could record that it had; the new
    # one's attempt to remove it again is answered "Unknown Message", which it shrugs off.
    world.tolerated.add(UNKNOWN_MESSAGE)
    await start_bot(**lease)

    # The button on a DM the dead process sent is answered by the new one.
    await table.act(user, message)
    assert human_answers(world.db, match_id) == table.actions
    # Play on: the bot seat's turns resume and the table keeps going.
    bot_before = answers(world.db, match_id) - table.actions
    for _ in range(8):
        assert await table.step()
    assert answers(world.db, match_id) - table.actions > bot_before
    assert human_answers(world.db, match_id) == table.actions


async def test_double_click_applies_once(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    await start_bot()
    match_id, _ = await open_table(standin, world.channel, world.alice, [world.bob])
    table = Table(standin, world.channel, match_id, [world.alice, world.bob])
    user, message = await table.next_turn()
    action = decide(message, table.words)
    assert action is not None and action.custom_id in buttons(message).values()
    before = answers(world.db, match_id)
    old_pid = prompt_id(message, match_id)

    first, second = await asyncio.gather(
        standin.click(user, message, action.custom_id), standin.click(user, message, action.custom_id)
    )
    await asyncio.gather(first.response(), second.response())
    # One of the two gets a polite note, visible to the clicker only; the other none.
    waits = {asyncio.create_task(i.followup()): i for i in (first, second)}
    done, pending = await asyncio.wait(waits, timeout=10, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
    assert len(done) == 1
    note = done.pop().result()
    assert note.ephemeral and note.visible_to == user.id and "out of date" in note.content
    assert answers(world.db, match_id) == before + 1
    # The message now shows the next decision, and it works.
    await standin.wait_until(lambda: prompt_id(table.pending(user), match_id) not in (None, old_pid))
    await table.step()
    assert answers(world.db, match_id) == before + 2
    assert sum(len(i.followup_ids) for i in (first, second)) == 1
