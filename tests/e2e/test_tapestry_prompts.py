"""Tapestry's placement prompts through the real bot: a person plays against a bot seat until a
capital placement with more than 25 legal choices reaches their DMs. It comes as a two-step pick
(an area of the capital, then the placement) with a preview picture; the second menu still
answers after the bot restarts, and no custom id anywhere carries anything but numbers."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from bot.standin.state import Message
from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import GROUP_MENU, Action, Words, buttons, lobby_id, perform, prompt_id, selects

WORDS = Words("", "", "", (), "Tapestry — game #", "Final scores")
REDRAWS = ("bgb:pg:", "bgb:x:")  # page and reset buttons
CUSTOM_ID = re.compile(r"^bg[bs]:[a-z]+:\d+(:\d+)*$")


def is_board(message: Message) -> bool:
    title = message.embeds[0].get("title", "") if message.embeds else ""
    return WORDS.board in title


def pending(world: World, match_id: int) -> Message | None:
    for message in reversed(world.standin.dm_messages(world.alice)):
        if message.embeds and not message.ephemeral and f"#{match_id}" in message.embeds[0].get("title", ""):
            return message if prompt_id(message, match_id) is not None else None
    return None


def is_over(world: World) -> bool:
    return any(
        m.embeds and WORDS.result in m.embeds[0].get("title", "")
        for m in world.standin.messages(world.channel)
    )


def moved_on(world: World, match_id: int, message: Message) -> Callable[[], bool]:
    """Whether Alice's open decision is no longer the one `message` shows, or that message was
    drawn again (another page of the same decision, or picks gathered toward it)."""
    pid, seen = prompt_id(message, match_id), len(message.history)

    def moved() -> bool:
        if prompt_id(pending(world, match_id), match_id) != pid:
            return True
        current = world.standin.message(message.id)
        return current is None or len(current.history) > seen

    return moved


def habit(message: Message, turn: int) -> Action:
    """Advance whenever offered (placements come from the tracks), else the default answer."""
    btns = buttons(message)
    # turning a page or forgetting picks shows the same decision again: never the habit's answer
    choices = [(label, Action(cid)) for label, cid in btns.items() if not cid.startswith(REDRAWS)]
    for menu in selects(message):
        # a menu that takes several values at least is answered with the first ones it offers
        count = max(1, menu.get("min_values", 1))
        if count > 1:
            choices.append(
                ("", Action(menu["custom_id"], tuple(o["value"] for o in menu["options"][:count])))
            )
            continue
        choices += [(o["label"], Action(menu["custom_id"], (o["value"],))) for o in menu["options"]]
    advances = [action for label, action in choices if label.startswith("Advance:")]
    if advances:
        return advances[turn % len(advances)]
    default = [
        c["custom_id"]
        for row in message.components
        for c in row.get("components", [])
        if c.get("style") == 3 and not c.get("disabled")
    ]
    if default:
        return Action(default[0])
    assert choices, message.components
    return choices[0][1]


async def test_a_long_placement_is_a_two_step_pick_with_a_preview_across_a_restart(
    world: World, start_bot: StartBot
) -> None:
    standin = world.standin
    bot = await start_bot()
    inter = await standin.slash(world.alice, world.channel, "tapestry new", {"players": 2})
    await inter.response()
    lobby = await inter.wait_original()
    match_id = lobby_id(lobby)
    for kind in ("lb", "ls"):
        click = await standin.click(world.alice, standin.message(lobby.id) or lobby, f"bgb:{kind}:{match_id}")
        await click.response()
    board = await standin.wait_for_message(world.channel, is_board, timeout=10)

    # The board's menu of views answers only the one who asks, with the capital as a picture.
    menu = next(m for m in selects(board) if m["custom_id"] == f"bgs:tv:{match_id}")
    assert [o["value"] for o in menu["options"]] == ["p0", "p1", "tech", "landmarks", "achievements"]

    message: Message | None = None
    for turn in range(400):
        await standin.wait_until(lambda: pending(world, match_id) is not None or is_over(world), 20)
        message = pending(world, match_id)
        assert message is not None, "the game ended without a long placement"
        if any(m["custom_id"].startswith(GROUP_MENU) for m in selects(message)):
            break
        moved = moved_on(world, match_id, message)
        action = habit(message, turn)
        reply = await perform(standin, world.alice, message, action)
        try:
            await standin.wait_until(moved, 10)
        except TimeoutError:
            pytest.fail(f"no move on after {action} (answered {reply}) on {message.components}")
    else:
        pytest.fail("no placement with more than 25 choices came")
    assert message is not None
    pid = prompt_id(message, match_id)
    description = message.embeds[0].get("description", "")
    assert "Where in your capital" in description and "The picture shows" in description
    assert [a["filename"] for a in message.attachments] == ["board.png"]

    # Step one: an area of the capital (completing placements first, if any).
    groups = next(m for m in selects(message) if m["custom_id"].startswith(GROUP_MENU))
    assert 1 < len(groups["options"]) <= 25
    area = groups["options"][-1]
    await perform(standin, world.alice, message, Action(groups["custom_id"], (area["value"],)))
    shown = standin.message(message.id)
    assert shown is not None and prompt_id(shown, match_id) == pid
    picks = [m for m in selects(shown) if m["custom_id"].startswith("bgs:a:")]
    assert len(picks) == 1 and 0 < len(picks[0]["options"]) <= 25
    assert "◀ Back to the list" in buttons(shown)
    assert [a["filename"] for a in shown.attachments] == ["board.png"]

    # The old message's second menu still answers after a restart.
    await bot.stop()
    await start_bot()
    choice = picks[0]["options"][0]["value"]
    await perform(standin, world.alice, shown, Action(picks[0]["custom_id"], (choice,)))
    await standin.wait_until(lambda: prompt_id(pending(world, match_id), match_id) != pid, 10)

    # Anyone may look at a player's capital and cards; only they see the answer.
    board = [m for m in standin.messages(world.channel) if is_board(m)][-1]
    look = await standin.select(world.bob, board, f"bgs:tv:{match_id}", ["p0"])
    await look.response()
    shown_view = await look.wait_original()
    assert shown_view.ephemeral and shown_view.visible_to == world.bob.id
    assert [a["filename"] for a in shown_view.attachments] == ["capital.png"]
    assert "Civilizations" in str(shown_view.embeds)

    # Nothing but numbers in any custom id, in the channel or in DMs.
    for m in [*standin.messages(world.channel), *standin.dm_messages(world.alice)]:
        for cid in m.custom_ids():
            if cid.startswith("bg"):
                assert CUSTOM_ID.match(cid), cid
    # the benefit queue and previews are private: the channel never shows them
    channel_text = " ".join(
        (e.get("description") or "") for m in standin.messages(world.channel) for e in m.embeds
    )
    assert "Resolving:" not in channel_text and "The picture shows" not in channel_text
