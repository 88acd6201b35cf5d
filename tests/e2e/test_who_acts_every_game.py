"""Every game's status names exactly the players who must act now: Tapestry's and Architects'
openings ask every player at once (civilization and capital; the draft), so both are named and
pinged; once one has answered, only the other is, and the one who answered reads whom the game
waits for in their own view. Everdell's first turn names its one player."""

from __future__ import annotations

import asyncio
import re

import pytest

from bot.standin import StandIn
from bot.standin.state import Channel, Message, User
from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import EN as WORDS
from tests.e2e.driver import decide, lobby_id, perform, prompt_id, text_of

MENTION = re.compile(r"<@(\d+)>")


def named(standin: StandIn, channel: Channel, match_id: int) -> set[str]:
    for message in reversed(standin.messages(channel)):
        if message.content.startswith(f"⏳ **Game #{match_id}**"):
            return set(MENTION.findall(message.content))
    return set()


def open_prompt(standin: StandIn, user: User, match_id: int) -> Message | None:
    dms = [m for m in standin.dm_messages(user) if m.embeds]
    return dms[-1] if dms and prompt_id(dms[-1], match_id) is not None else None


async def start(standin: StandIn, channel: Channel, game: str, host: User, guest: User) -> int:
    opened = await standin.slash(host, channel, f"{game} new", {})
    await opened.response()
    lobby = await opened.wait_original()
    match_id = lobby_id(lobby)
    for user, kind in ((guest, "lj"), (host, "ls")):
        await (
            await standin.click(user, standin.message(lobby.id) or lobby, f"bgb:{kind}:{match_id}")
        ).response()
    return match_id


@pytest.mark.parametrize("game", ["tapestry", "architects"])
async def test_simultaneous_openings_name_everyone_who_must_act(
    world: World, start_bot: StartBot, game: str
) -> None:
    standin, channel, alice, bob = world.standin, world.channel, world.alice, world.bob
    # Who the status names, not how often it is edited: every answer's edit goes at once here,
    # so a moment when both must act is on show before either of them answers.
    await start_bot(STATUS_EDIT_INTERVAL_SECONDS="0")
    match_id = await start(standin, channel, game, alice, bob)
    both = {str(alice.id), str(bob.id)}
    for _ in range(12):  # Architects hires its free apprentices one player at a time first
        await standin.wait_until(lambda: bool(named(standin, channel, match_id)), 15)
        await asyncio.sleep(0.3)  # the status may still be catching up with the last answer
        if named(standin, channel, match_id) == both:
            break
        [user] = [u for u in (alice, bob) if str(u.id) in named(standin, channel, match_id)]
        await standin.wait_until(lambda u=user: open_prompt(standin, u, match_id) is not None, 10)  # type: ignore[misc]
        message = open_prompt(standin, user, match_id)
        assert message is not None
        pid = prompt_id(message, match_id)
        action = decide(message, WORDS)
        assert action is not None
        await perform(standin, user, message, action)
        await standin.wait_until(
            lambda u=user, p=pid: prompt_id(open_prompt(standin, u, match_id), match_id) != p, 10
        )
    assert named(standin, channel, match_id) == both
    await standin.wait_until(lambda: open_prompt(standin, alice, match_id) is not None, 10)
    message = open_prompt(standin, alice, match_id)
    assert message is not None
    action = decide(message, WORDS)
    assert action is not None
    await perform(standin, alice, message, action)
    # alice has answered: only bob is named now, and alice's view says it waits for him
    await standin.wait_until(lambda: named(standin, channel, match_id) == {str(bob.id)}, 10)
    await standin.wait_until(
        lambda: any("Waiting for Bob" in text_of(b) for m in standin.dm_messages(alice) for b in m.history),
        10,
    )


async def test_everdell_names_the_one_player_whose_turn_it_is(world: World, start_bot: StartBot) -> None:
    standin, channel, alice, bob = world.standin, world.channel, world.alice, world.bob
    await start_bot()
    match_id = await start(standin, channel, "everdell", alice, bob)
    await standin.wait_until(lambda: len(named(standin, channel, match_id)) == 1, 15)
    assert named(standin, channel, match_id) <= {str(alice.id), str(bob.id)}
