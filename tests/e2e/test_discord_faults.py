"""Discord on a bad day, through the stand-in's faults: rate limits (per route and global), server
errors, dropped connections and answers lost on the way back. The game goes on, nothing is lost
or sent twice, and a player whose click's answer was lost still sees the result."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.standin.state import Message
from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import Table, buttons, decide, open_table, perform, prompt_id

ALREADY_ACKNOWLEDGED = 40060


def answers(db: Path, match_id: int) -> int:
    with sqlite3.connect(db) as conn:
        return int(
            conn.execute("SELECT COUNT(*) FROM match_log WHERE match_id = ?", (match_id,)).fetchone()[0]
        )


def no_twins(messages: list[Message]) -> bool:
    """No message followed by a copy of itself (a send repeated after a lost answer)."""
    shapes = [(m.content, str(m.embeds), str(m.components)) for m in messages]
    return all(a != b for a, b in zip(shapes, shapes[1:], strict=False))


def forget_expected_refusals(world: World) -> None:
    """A callback repeated after its answer was lost is refused as already acknowledged: that
    refusal is how the bot learns the first one arrived."""
    world.tolerated.add(ALREADY_ACKNOWLEDGED)
    world.standin.violations[:] = [
        v for v in world.standin.violations if str(ALREADY_ACKNOWLEDGED) not in v.message
    ]


async def test_rate_limits_and_outages_are_ridden_out(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    bot = await start_bot()
    match_id, _ = await open_table(standin, world.channel, world.alice, [world.bob])
    table = Table(standin, world.channel, match_id, [world.alice, world.bob])
    assert await table.step()

    faults = standin.faults
    faults.add("429", route="POST /channels/", count=3, retry_after=0.05)  # DMs and boards
    faults.add("global", route="PATCH /channels/", count=2, retry_after=0.05)
    faults.add("5xx", route="POST /channels/", count=1, status=502)  # discord.py retries this itself
    faults.add("5xx", route="PATCH /channels/", count=1, status=503)  # this one only the bot retries
    faults.add("drop", route="POST /channels/", count=1)  # nothing done, the connection reset
    faults.add("lost", route="POST /channels/", count=1)  # done, the answer reset
    # A click's callback: discord.py waits a second before sending it again, still in time.
    faults.add("5xx", route="POST /interactions/", count=1, status=500)
    before = answers(world.db, match_id)
    for _ in range(10):
        assert await table.step()
    assert answers(world.db, match_id) == before + 10
    fired = [kind for kind, _ in faults.log]
    assert fired.count("429") == 3 and fired.count("global") == 2 and "drop" in fired and "lost" in fired
    assert fired.count("5xx") == 3
    for user in (world.alice, world.bob):
        assert no_twins(standin.dm_messages(user))
    assert no_twins(standin.messages(world.channel))
    assert "Traceback" not in bot.output()


async def test_a_lost_callback_still_shows_the_result(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    await start_bot()
    match_id, _ = await open_table(standin, world.channel, world.alice, [world.bob])
    table = Table(standin, world.channel, match_id, [world.alice, world.bob])
    for kind in ("lost", "drop"):
        user, message = await table.next_turn()
        pid = prompt_id(message, match_id)
        before = answers(world.db, match_id)
        # The click's callback is carried out, but its answer never reaches the bot (or, with
        # "drop", the connection resets before Discord sees it).
        standin.faults.add(kind, route="POST /interactions/", count=1)
        action = decide(message, table.words)
        assert action is not None
        await perform(standin, user, message, action)
        await standin.wait_until(lambda n=before + 1: answers(world.db, match_id) == n, 10)
        # The clicker sees where the game stands: the clicked message is redrawn (or a new
        # private view arrives), not left showing the decision they took.
        await standin.wait_until(lambda u=user, p=pid: prompt_id(table.pending(u), match_id) != p, 10)
        shown = standin.message(message.id)
        assert shown is not None and (prompt_id(shown, match_id) != pid or buttons(shown) != buttons(message))
        forget_expected_refusals(world)
    # And the game goes on for everyone.
    for _ in range(4):
        assert await table.step()
    assert [k for k, _ in standin.faults.log] == ["lost", "drop"]
