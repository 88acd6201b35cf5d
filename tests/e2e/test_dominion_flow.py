"""A short Dominion game through the real bot: lobby, a bot seat, turns played with DM buttons,
and a restart in the middle that loses nothing (old DM buttons keep working)."""

from __future__ import annotations

import sqlite3
from typing import Any

from bot.standin.state import Message, User
from tests.e2e.conftest import StartBot, World


def components(message: Message) -> list[dict[str, Any]]:
    return [c for row in message.components for c in row.get("components", [])]


def play_all_button(message: Message) -> dict[str, Any] | None:
    for c in components(message):
        if c["type"] == 2 and c.get("label") == "Play all Treasures" and not c.get("disabled"):
            return c
    return None


async def wait_turn(world: World, humans: list[User], timeout: float = 20) -> tuple[User, Message]:
    """The human whose latest DM offers 'Play all Treasures'."""
    found: list[tuple[User, Message]] = []

    def ready() -> bool:
        for user in humans:
            dms = world.standin.dm_messages(user)
            if dms and play_all_button(dms[-1]) is not None:
                found[:] = [(user, dms[-1])]
                return True
        return False

    await world.standin.wait_until(ready, timeout)
    return found[0]


async def play_turn(world: World, humans: list[User], found: tuple[User, Message] | None = None) -> User:
    """Play all Treasures, then buy Silver if affordable, else end the turn."""
    user, dm = found or await wait_turn(world, humans)
    button = play_all_button(dm)
    assert button is not None
    inter = await world.standin.click(user, dm, button["custom_id"])
    await inter.response()
    await world.standin.wait_until(lambda: play_all_button(world.standin.message(dm.id) or dm) is None)
    dm = world.standin.message(dm.id) or dm
    select = next((c for c in components(dm) if c["type"] == 3), None)
    silver = [o for o in (select or {}).get("options", []) if o["label"].startswith("Silver")]
    if select is not None and silver:
        inter = await world.standin.select(user, dm, select["custom_id"], [silver[0]["value"]])
    else:
        end = next(c for c in components(dm) if c["type"] == 2 and c.get("label") == "End turn")
        inter = await world.standin.click(user, dm, end["custom_id"])
    await inter.response()
    # The turn is over: the private message keeps the hand but loses its buttons.
    await world.standin.wait_until(lambda: not (world.standin.message(dm.id) or dm).components, timeout=10)
    return user


async def test_lobby_bot_and_dm_turns_with_restart(world: World, start_bot: StartBot, tmp_path: Any) -> None:
    standin = world.standin
    bot = await start_bot()

    inter = await standin.slash(
        world.alice, world.channel, "game new", {"game": "dominion", "kingdom": "First Game"}
    )
    await inter.response()
    lobby = await inter.wait_original()
    assert lobby.embeds and "Dominion" in lobby.embeds[0]["title"]
    match_id = int(next(c for c in lobby.custom_ids() if c.startswith("bgb:lj:")).split(":")[2])

    # A second game in the same channel is refused, ephemerally.
    busy = await standin.slash(world.bob, world.channel, "game new", {"game": "dominion"})
    reply = await busy.response()
    assert reply["data"]["flags"] & 64 and "already has a game" in reply["data"]["content"]

    for user, kind in ((world.bob, "lj"), (world.alice, "lb")):
        click = await standin.click(user, standin.message(lobby.id) or lobby, f"bgb:{kind}:{match_id}")
        await click.response()
    # Only the host may start.
    refused = await standin.click(world.bob, standin.message(lobby.id) or lobby, f"bgb:ls:{match_id}")
    assert "host" in (await refused.response())["data"]["content"]
    start = await standin.click(world.alice, standin.message(lobby.id) or lobby, f"bgb:ls:{match_id}")
    await start.response()
    await standin.wait_for_message(
        world.channel, lambda m: bool(m.embeds) and "game #" in m.embeds[0].get("title", "")
    )

    humans = [world.alice, world.bob]
    for _ in range(2):
        await play_turn(world, humans)

    # Crash and restart while a player has a decision open: the log is the truth, and the DM
    # buttons the old process sent still work in the new one.
    pending = await wait_turn(world, humans)
    await bot.stop()
    await start_bot()
    await play_turn(world, humans, pending)
    await play_turn(world, humans)

    # The bot seat took its turns and said so in the channel.
    await standin.wait_for_message(world.channel, lambda m: "🤖" in m.content, timeout=10)
    board = [
        m for m in standin.messages(world.channel) if m.embeds and "game #" in m.embeds[0].get("title", "")
    ]
    assert board and any(c.startswith("bgb:h:") for c in board[-1].custom_ids())

    # "My hand" on the board: an ephemeral private view only the clicker sees.
    hand = await standin.click(world.bob, board[-1], f"bgb:h:{match_id}")
    body = await hand.response()
    assert body["data"]["flags"] & 64 and "Hand" in body["data"]["embeds"][0]["description"]

    with sqlite3.connect(tmp_path / "bot.sqlite3") as db:
        (answers,) = db.execute("SELECT COUNT(*) FROM match_log WHERE match_id = ?", (match_id,)).fetchone()
    assert answers >= 8  # four human turns (two answers each) plus the bot's

    assert standin.violations == []
