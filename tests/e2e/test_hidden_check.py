"""The leak check itself must catch leaks: fed a channel that shows a hand, an unexplained card
or an answer button, it complains; fed only public text, it does not."""

from __future__ import annotations

from typing import Any

from bot.standin import StandIn
from bot.standin.server import default_world
from bot.standin.state import Channel, Message, snowflake
from tests.e2e.hidden import Knowledge, leaks


async def post(standin: StandIn, channel: Channel, body: dict[str, Any], flags: int = 0) -> None:
    message = Message(id=snowflake(), channel_id=channel.id, author=standin.bot_user, guild_id=channel.guild_id)
    message.apply(body)
    message.flags = flags
    await standin.store_message(message, dispatch=False)


async def test_the_leak_check_catches_leaks() -> None:
    standin = StandIn()
    _, channel, (alice, _, _) = default_world(standin)
    dm = standin.dm_channel(alice)
    know = Knowledge(
        public={"**Alice** plays Gold", "Gold · $6 · 29"},
        private={"You draw Gold, Estate"},
        names={"Gold": "Gold", "Estate": "Estate", "Silver": "Silver"},
    )
    await post(standin, dm, {"embeds": [{"description": "**Hand:** Silver, Estate\nmore"}]})
    await post(standin, channel, {"content": "Turn 3", "embeds": [{"description": "• **Alice** plays Gold"}]})
    await post(standin, channel, {"embeds": [{"fields": [{"name": "Supply", "value": "Gold · $6 · 29"}]}]})
    await post(standin, channel, {"content": "**Hand:** Silver, Estate"}, flags=64)  # ephemeral: fine
    assert leaks(standin, channel, [alice], know) == []

    await post(standin, channel, {"content": "Alice is holding **Hand:** Silver, Estate"})
    await post(standin, channel, {"content": "You draw Gold, Estate"})
    await post(standin, channel, {"content": "Alice will surely buy Silver"})
    await post(standin, channel, {"components": [{"type": 1, "components": [{"type": 2, "custom_id": "bgb:o:1:4:2", "label": "x", "style": 1}]}]})
    found = leaks(standin, channel, [alice], know)
    assert any("private text '**Hand:** Silver, Estate'" in p for p in found)
    assert any("You draw Gold, Estate" in p for p in found)
    assert any("'Silver' shown" in p for p in found)
    assert any("bgb:o:1:4:2" in p for p in found)
