"""Closed DMs fall back to a neutral channel notice plus ephemeral views; /play works by name."""

from __future__ import annotations

from typing import Any

from bot.standin.state import Message, User
from tests.e2e.conftest import StartBot, World


def buttons(message: Message) -> dict[str, str]:
    """label -> custom_id of the enabled buttons."""
    out = {}
    for row in message.components:
        for c in row.get("components", []):
            if c["type"] == 2 and not c.get("disabled"):
                out[c["label"]] = c["custom_id"]
    return out


async def open_game(world: World, guest: User) -> int:
    standin = world.standin
    inter = await standin.slash(
        world.alice, world.channel, "game new", {"game": "dominion", "kingdom": "Silver & Gold"}
    )
    await inter.response()
    lobby = await inter.wait_original()
    match_id = int(next(c for c in lobby.custom_ids() if c.startswith("bgb:lj:")).split(":")[2])
    for user, kind in ((guest, "lj"), (world.alice, "ls")):
        click = await standin.click(user, standin.message(lobby.id) or lobby, f"bgb:{kind}:{match_id}")
        await click.response()
    return match_id


async def carol_turn_via_ephemeral(world: World, match_id: int) -> None:
    standin, carol = world.standin, world.carol
    notice = await standin.wait_for_message(
        world.channel, lambda m: f"<@{carol.id}>" in m.content, timeout=10
    )
    assert "Copper" not in notice.content and "Estate" not in notice.content  # says nothing about the hand
    opened = await standin.click(carol, notice, f"bgb:h:{match_id}")
    body = await opened.response()
    assert body["data"]["flags"] & 64
    view = await opened.wait_original()
    assert view.visible_to == carol.id
    play = await standin.click(carol, view, buttons(view)["Play all Treasures"])
    await play.response()
    await standin.wait_until(lambda: "Play all Treasures" not in buttons(standin.message(view.id) or view))
    view = standin.message(view.id) or view
    end = await standin.click(carol, view, buttons(view)["End turn"])
    await end.response()
    await standin.wait_until(lambda: not (standin.message(view.id) or view).components)
    # Another player cannot use carol's ephemeral message at all.
    assert (standin.message(view.id) or view).visible_to == carol.id


async def alice_turn_via_play(world: World) -> None:
    standin, alice = world.standin, world.alice
    ac = await standin.autocomplete(alice, world.channel, "play", {"choice": "play all"}, focused="choice")
    await ac.response()
    choices: list[dict[str, Any]] = ac.choices
    assert [c["name"] for c in choices] == ["Play all Treasures"]
    done = await standin.slash(alice, world.channel, "play", {"choice": choices[0]["value"]})
    await done.response()
    reply = await done.wait_original()
    assert reply.content == "Done." and reply.ephemeral
    by_name = await standin.slash(alice, world.channel, "play", {"choice": "end turn"})
    await by_name.response()
    await by_name.wait_original(lambda m: m.content == "Done.")
    # A stale pick (the prompt id of a decision already taken) is refused politely.
    stale = await standin.slash(alice, world.channel, "play", {"choice": choices[0]["value"]})
    await stale.response()
    text = (await stale.wait_original(lambda m: bool(m.content))).content
    assert "not your turn" in text or "out of date" in text


async def test_closed_dms_and_slash_play(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    world.carol.dms_closed = True
    await start_bot()
    match_id = await open_game(world, world.carol)
    board = await standin.wait_for_message(
        world.channel, lambda m: bool(m.embeds) and "game #" in m.embeds[0].get("title", "")
    )
    first = board.embeds[0]["description"].split("**")[1]
    if first == "Carol":
        await carol_turn_via_ephemeral(world, match_id)
        await alice_turn_via_play(world)
    else:
        await alice_turn_via_play(world)
        await carol_turn_via_ephemeral(world, match_id)
    assert standin.dm_messages(world.carol) == []

    settings = await standin.slash(world.alice, world.channel, "settings", {"dm": "off"})
    await settings.response()
    assert "Hands by DM: off" in (await settings.wait_original()).content
    assert standin.violations == []
