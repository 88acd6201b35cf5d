"""A table-top session with the Nightweave companion and the table tools, through the real bot
process and the Discord stand-in, with a restart in the middle."""

from __future__ import annotations

from typing import Any

from bot.standin.state import Message
from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import buttons, selects

EPHEMERAL = 64


async def slash(world: World, user: Any, command: str, options: dict[str, Any] | None = None) -> tuple[dict[str, Any], Message | None]:
    inter = await world.standin.slash(user, world.channel, command, options or {})
    body = await inter.response(timeout=10)
    flags = (body.get("data") or {}).get("flags") or 0
    message = None if flags & EPHEMERAL else await inter.wait_original()
    return body, message


def text_of(message: Message | None) -> str:
    assert message is not None
    embeds = "".join((e.get("title") or "") + (e.get("description") or "") for e in message.embeds)
    return (message.content or "") + embeds


async def test_companion_session_survives_a_restart(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    bot = await start_bot()
    _, started = await slash(world, world.alice, "automa start", {"game": "nightweave", "level": 2})
    assert "Nightweave" in text_of(started)

    _, first = await slash(world, world.alice, "automa turn")
    assert first is not None and "Activity card" in text_of(first)
    assert "Undo" in buttons(first)
    if "First action impossible" in buttons(first):
        click = await standin.click(world.bob, first, buttons(first)["First action impossible"])
        await click.response()
        assert "worked out again" in text_of(standin.message(first.id))

    _, menu = await slash(world, world.bob, "automa turn", {"card": "physical"})
    assert menu is not None
    select = selects(menu)[0]
    choice = select["options"][0]["value"]
    pick = await standin.select(world.bob, menu, select["custom_id"], [choice])
    await pick.response()
    assert f"**{choice}**" in text_of(standin.message(menu.id))

    await bot.stop()
    await start_bot()

    for _ in range(3):
        _, step = await slash(world, world.alice, "automa turn")
        assert "Activity card" in text_of(step)
    _, undone = await slash(world, world.alice, "automa undo")
    assert "took back" in text_of(undone)
    body, _ = await slash(world, world.alice, "automa status")
    assert body["data"]["flags"] & EPHEMERAL
    _, score = await slash(world, world.alice, "automa score", {"cards": 20, "special_events": 1})
    assert "final score" in text_of(score)

    _, rolled = await slash(world, world.carol, "roll", {"notation": "2d8+1"})
    assert "rolled `2d8+1`" in text_of(rolled)
    body, _ = await slash(world, world.carol, "roll", {"notation": "9999d6"})
    assert body["data"]["flags"] & EPHEMERAL and "At most" in body["data"]["content"]

    _, created = await slash(world, world.alice, "deck create", {"name": "Plots", "cards": "a, b, c"})
    assert "3 cards" in text_of(created)
    body, _ = await slash(world, world.bob, "deck peek", {"name": "Plots"})
    assert body["data"]["flags"] & EPHEMERAL and "Only the owner" in body["data"]["content"]
    body, _ = await slash(world, world.alice, "deck peek", {"name": "Plots", "count": 2})
    assert body["data"]["flags"] & EPHEMERAL and "Top of" in body["data"]["content"]
    _, drawn = await slash(world, world.bob, "deck draw", {"name": "Plots"})
    assert "drew from" in text_of(drawn)
