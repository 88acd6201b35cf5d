"""Every message reaches its reader in their own language from the first one: a Portuguese
speaker at an English server's table gets even their first DM (the hand dealt at the start) in
Portuguese, an English speaker at a Brazilian server's table in English, while the channel speaks
the server's language."""

from __future__ import annotations

from bot.standin import StandIn
from bot.standin.state import Channel, User
from tests.e2e.conftest import StartBot, World, locale_world
from tests.e2e.driver import EN, PT, Table, Words, is_board, lobby_id


async def first_dm(standin: StandIn, channel: Channel, host: User, guest: User, words: Words) -> str:
    """The host opens a table, the guest joins with a click, the host starts (and plays a turn
    if the host goes first): the guest's first DM."""
    opened = await standin.slash(host, channel, "dominion new", {"kingdom": "First Game"})
    await opened.response()
    lobby = await opened.wait_original()
    match_id = lobby_id(lobby)
    for user, kind in ((guest, "lj"), (host, "ls")):
        click = await standin.click(user, standin.message(lobby.id) or lobby, f"bgb:{kind}:{match_id}")
        await click.response()
    await standin.wait_for_message(channel, lambda m: is_board(m, words), timeout=10)
    host_side = Table(standin, channel, match_id, [host], words)
    for _ in range(10):
        await standin.wait_until(
            lambda: bool(standin.dm_messages(guest)) or host_side.whose_turn() is not None, 10
        )
        if standin.dm_messages(guest):
            break
        await host_side.step()
    first = standin.dm_messages(guest)[0]
    return first.content + " ".join(str(e) for e in first.embeds)


async def test_the_first_dm_is_in_the_readers_language(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    ana = standin.add_user("ana", locale="pt-BR")
    _, jogos, (bruno, _) = locale_world(standin, "pt-BR")
    eve = standin.add_user("eve", locale="en-US")
    await start_bot()

    text = await first_dm(standin, world.channel, world.alice, ana, EN)
    assert "Sua mão" in text and "Your hand" not in text, text
    assert not any("Sua mão" in str(m.embeds) for m in standin.messages(world.channel))
    text = await first_dm(standin, jogos, bruno, eve, PT)
    assert "Your hand" in text and "Sua mão" not in text, text
    assert not any("Your hand" in str(m.embeds) for m in standin.messages(jogos))


async def test_the_readers_language_survives_a_restart(world: World, start_bot: StartBot) -> None:
    """ana joins with a click, the bot restarts, the game starts: her first DM, sent by a process
    that never saw her, still speaks Portuguese."""
    standin, channel, alice = world.standin, world.channel, world.alice
    ana = standin.add_user("ana", locale="pt-BR")
    bot = await start_bot()
    opened = await standin.slash(alice, channel, "dominion new", {"kingdom": "First Game"})
    await opened.response()
    lobby = await opened.wait_original()
    match_id = lobby_id(lobby)
    await (await standin.click(ana, standin.message(lobby.id) or lobby, f"bgb:lj:{match_id}")).response()
    await bot.stop()
    await start_bot()
    await (await standin.click(alice, standin.message(lobby.id) or lobby, f"bgb:ls:{match_id}")).response()
    await standin.wait_for_message(channel, lambda m: is_board(m, EN), timeout=10)
    host_side = Table(standin, channel, match_id, [alice], EN)
    for _ in range(10):
        await standin.wait_until(
            lambda: bool(standin.dm_messages(ana)) or host_side.whose_turn() is not None, 10
        )
        if standin.dm_messages(ana):
            break
        await host_side.step()
    first = standin.dm_messages(ana)[0]
    assert "Sua mão" in str(first.embeds) and "Your hand" not in str(first.embeds)
