"""What a click costs on the wire: an answer that commits quickly comes back as the click's own
UPDATE_MESSAGE callback (the clicked DM shows the next decision, no follow-up edit), and the bot
receives only the gateway events its intents ask for (no echo of its own messages)."""

from __future__ import annotations

from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import Table, decide, open_table, prompt_id

UPDATE_MESSAGE = 7


async def test_a_quick_answer_is_one_callback(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    await start_bot()
    match_id, _ = await open_table(standin, world.channel, world.alice, [world.bob])
    table = Table(standin, world.channel, match_id, [world.alice, world.bob])
    user, message = await table.next_turn()
    old_pid = prompt_id(message, match_id)
    action = decide(message, table.words)
    assert action is not None and action.is_button
    start = len(standin.requests)
    click = await standin.click(user, message, action.custom_id)
    body = await click.response()
    assert body["type"] == UPDATE_MESSAGE
    # The callback itself carried the refreshed view: the clicked DM moved on without a webhook edit.
    await standin.wait_until(lambda: prompt_id(standin.message(message.id), match_id) != old_pid)
    token = click.token
    assert not [r for r in standin.requests[start:] if token in r.path and r.method == "PATCH"]
    # The game goes on from that message.
    assert await table.step()


async def test_the_bot_hears_no_echo_of_its_messages(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    await start_bot()
    match_id, _ = await open_table(standin, world.channel, world.alice, [world.bob])
    table = Table(standin, world.channel, match_id, [world.alice, world.bob])
    for _ in range(3):
        assert await table.step()
    [session] = standin.gateway.live_sessions
    sent = {payload["t"] for payload in session.buffer}
    assert "INTERACTION_CREATE" in sent
    assert not sent & {"MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_DELETE"}
