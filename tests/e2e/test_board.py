"""The board is edited in place while it is recent; once it is an hour old a fresh one is posted
(so it stays in view) and the old one loses its buttons."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.standin.state import Message
from tests.e2e.conftest import StartBot, World, wait_for
from tests.e2e.driver import Table, is_board, open_table


async def test_an_hour_old_board_is_reposted(world: World, start_bot: StartBot, tmp_path: Path) -> None:
    standin = world.standin
    clock = tmp_path / "clock-offset"
    clock.write_text("0")
    await start_bot(CLOCK_OFFSET_FILE=str(clock))
    match_id, first = await open_table(standin, world.channel, world.alice, [world.bob])
    table = Table(standin, world.channel, match_id, [world.alice, world.bob])

    def boards() -> list[Message]:
        return [m for m in standin.messages(world.channel) if is_board(m, table.words)]

    edits = len(first.history)
    assert await table.step()
    await standin.wait_until(lambda: len(first.history) > edits)
    assert boards() == [first]  # recent: edited in place

    clock.write_text("3601")  # an hour later, as far as the bot can tell
    assert await table.step()
    await standin.wait_until(lambda: len(boards()) == 2)
    old, new = boards()
    assert old.id == first.id and old.components == []  # history keeps it, without buttons
    assert any(c.startswith("bgb:h:") for c in new.custom_ids())

    def stored() -> str:
        with sqlite3.connect(world.db) as db:
            row = db.execute("SELECT board_message_id FROM matches WHERE id = ?", (match_id,)).fetchone()
        return str(row[0])

    await wait_for(lambda: stored() == new.id, 5, "the new board recorded")  # written just after posting

    # The new board is recent again: the next answers edit it.
    edits = len(new.history)
    assert await table.step()
    await standin.wait_until(lambda: len(new.history) > edits)
    assert len(boards()) == 2
