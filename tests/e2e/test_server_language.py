"""The channel's public messages speak the server's language: Discord's preferred locale, or the
language the server's managers chose with /admin language (Discord reports en-US for a server
that never set one, so a chosen language comes first). The choice survives a restart; each
person's own replies stay in their own language."""

from __future__ import annotations

from bot.standin import StandIn
from bot.standin.state import Channel, User
from tests.e2e.conftest import StartBot, World
from tests.e2e.test_refusals import refusal

MANAGE_GUILD = 1 << 5


async def lobby_title(standin: StandIn, channel: Channel, user: User) -> str:
    opened = await standin.slash(user, channel, "dominion new", {"kingdom": "First Game"})
    await opened.response()
    lobby = await opened.wait_original()
    title = str(lobby.embeds[0]["title"])
    closing = await standin.slash(user, channel, "game abandon")
    await closing.response()
    question = await closing.wait_original()
    yes = next(
        c["custom_id"] for row in question.components for c in row["components"] if c.get("style") == 4
    )
    await (await standin.click(user, question, yes)).response()
    await standin.wait_until(lambda: "closed" in (standin.message(question.id) or question).content.lower()
                             or "encerrada" in (standin.message(question.id) or question).content, 10)  # fmt: skip
    return title


async def stats_title(standin: StandIn, channel: Channel, user: User) -> str:
    stats = await standin.slash(user, channel, "stats")
    await stats.response()
    shown = await stats.wait_original(lambda m: bool(m.embeds))
    return str(shown.embeds[0]["title"])


async def test_admin_language_sets_the_public_language(world: World, start_bot: StartBot) -> None:
    standin, channel, alice, bob = world.standin, world.channel, world.alice, world.bob
    bot = await start_bot()
    assert "table #" in await lobby_title(standin, channel, alice)  # Discord's en-US

    # Only a manager may choose.
    text = await refusal(await standin.slash(bob, channel, "admin language", {"language": "pt"}))
    assert "Manage Server" in text
    standin.member_permissions[alice.id] = MANAGE_GUILD
    text = await refusal(await standin.slash(alice, channel, "admin language", {"language": "pt"}))
    assert text == "Public messages in this server are now in Portuguese (Brazil)."  # alice's reply: English
    assert "mesa nº" in await lobby_title(standin, channel, bob)  # bob's lobby, public: Portuguese
    assert await stats_title(standin, channel, bob) == "Estatísticas do jogador"

    # After a restart the server's choice holds.
    await bot.stop()
    await start_bot()
    assert "mesa nº" in await lobby_title(standin, channel, alice)

    # Back to automatic, asked in Portuguese: the reply in Portuguese, the public posts in
    # the server's Discord language again.
    text = await refusal(await standin.slash(alice, channel, "admin language", {"language": "auto"}, "pt-BR"))
    assert text == "As mensagens públicas deste servidor agora seguem o idioma dele no Discord: inglês."
    assert "table #" in await lobby_title(standin, channel, bob)
    assert await stats_title(standin, channel, bob) == "Player stats"
