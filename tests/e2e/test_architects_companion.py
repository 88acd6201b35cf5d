"""The Architects AI at a physical table through the real bot: `/automa start architects ai:...`,
turns that reveal Plot cards and ask the table only what the cards need (buttons and a count
menu), an adjustment by hand, undo, status, the final score, and a restart in the middle (the
session is rebuilt from its stored steps)."""

from __future__ import annotations

import time
from collections.abc import Callable

from bot.standin import StandIn
from bot.standin.state import Message
from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import buttons, selects
from tests.e2e.test_companion import EPHEMERAL, slash, text_of


def edited(standin: StandIn, message: Message, seen: int) -> Callable[[], bool]:
    """Has the message been edited since it had `seen` versions?"""
    return lambda: len((standin.message(message.id) or message).history) > seen


async def answer_all(world: World, message: Message, limit: int = 12) -> Message:
    """Answer the turn's questions (yes first, then no; the smallest count above 0) until the
    AI's placement shows."""
    standin = world.standin
    for k in range(limit):
        current = standin.message(message.id) or message
        seen = len(current.history)
        shown = buttons(current)
        menus = selects(current)
        if "Yes" in shown:
            label = "Yes" if k % 2 == 0 else "No"
            click = await standin.click(world.bob, current, shown[label])
            await click.response()
        elif menus:
            menu = menus[0]
            pick = await standin.select(
                world.bob,
                current,
                menu["custom_id"],
                [menu["options"][min(2, len(menu["options"]) - 1)]["value"]],
            )
            await pick.response()
        else:
            return current
        await standin.wait_until(edited(standin, message, seen), 5)
    return standin.message(message.id) or message


async def test_the_executor_at_a_physical_table(world: World, start_bot: StartBot) -> None:
    started = time.monotonic()
    bot = await start_bot()
    _, setup = await slash(world, world.alice, "automa start architects", {"ai": "executor"})
    text = text_of(setup)
    assert "The Executor" in text and "⚠️ Our own AI and Works of Wonder values" in str(
        setup.embeds if setup else ""
    )

    placed = 0
    seen: list[str] = []
    for turn in range(6):
        _, message = await slash(world, world.alice, "automa turn")
        assert message is not None
        done = await answer_all(world, message)
        body = text_of(done)
        assert "Plot card **" in body, body
        seen.append(body)
        if "Place an AI worker at" in body:
            placed += 1
            assert "+1 Influence" in buttons(done)  # adjustments by hand once the turn is done
        if turn == 2:
            await bot.stop()
            bot = await start_bot()
    assert placed >= 4
    assert not any("plot_" in s for s in seen)  # Plot cards by their names, never their ids

    _, message = await slash(world, world.alice, "automa turn")
    assert message is not None
    done = await answer_all(world, message)
    click = await world.standin.click(world.carol, done, buttons(done)["+1 Influence"])
    adjusted = await click.response()
    assert "Adjusted by hand: +1 Influence" in str(adjusted), adjusted

    _, undone = await slash(world, world.alice, "automa undo")
    assert "took back the AI's last step" in text_of(undone)
    status_body, _ = await slash(world, world.alice, "automa status")
    assert status_body["data"]["flags"] & EPHEMERAL
    status = str(status_body["data"].get("embeds"))
    assert "Resource marker" in status and "Power" in status
    _, score = await slash(world, world.alice, "automa score architects", {"debts": 1})
    assert score is not None and "VP" in text_of(score)
    # recording the table game: the /result sheet names the AI, its own solo records
    click = await world.standin.click(world.alice, score, buttons(score)["Record this game"])
    sheet = await click.response()
    assert "The Executor" in str(sheet) and sheet["data"]["flags"] & EPHEMERAL, sheet
    _, stopped = await slash(world, world.alice, "automa stop")
    assert "put the AI away" in text_of(stopped)
    refused, _ = await slash(world, world.alice, "automa turn")
    assert refused["data"]["flags"] & EPHEMERAL
    print(f"the Architects companion: {time.monotonic() - started:.1f} s")
