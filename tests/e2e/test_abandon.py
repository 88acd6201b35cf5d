"""/game abandon asks first (in the asker's language): "Keep playing" changes nothing, "Yes"
ends the game for everyone. Afterwards each player's last private message says the game is over
(its buttons gone), and the host's /stats keeps the abandoned game apart from the games played."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.standin import StandIn
from bot.standin.state import Channel, Message, User
from tests.e2e.conftest import StartBot, World, locale_world
from tests.e2e.driver import EN, PT, Words, buttons, is_board, lobby_id


def status_of(db: Path, match_id: int) -> str:
    with sqlite3.connect(db) as conn:
        (status,) = conn.execute("SELECT status FROM matches WHERE id = ?", (match_id,)).fetchone()
    return str(status)


async def two_player_game(standin: StandIn, channel: Channel, host: User, guest: User, words: Words) -> int:
    opened = await standin.slash(host, channel, "dominion new", {"kingdom": "First Game"})
    await opened.response()
    lobby = await opened.wait_original()
    match_id = lobby_id(lobby)
    for user, kind in ((guest, "lj"), (host, "ls")):
        await (
            await standin.click(user, standin.message(lobby.id) or lobby, f"bgb:{kind}:{match_id}")
        ).response()
    await standin.wait_for_message(channel, lambda m: is_board(m, words), timeout=10)
    await standin.wait_until(lambda: bool(standin.dm_messages(host) or standin.dm_messages(guest)), 10)
    return match_id


async def ask_to_abandon(standin: StandIn, channel: Channel, user: User) -> Message:
    asked = await standin.slash(user, channel, "game abandon")
    body = await asked.response()
    assert body["data"]["flags"] & 64  # only the asker sees the question
    return await asked.wait_original()


async def test_abandon_asks_first_and_closes_every_private_view(world: World, start_bot: StartBot) -> None:
    standin, channel, alice, bob = world.standin, world.channel, world.alice, world.bob
    await start_bot()
    match_id = await two_player_game(standin, channel, alice, bob, EN)

    # Only the host (or a manager) may ask; nothing happens to the game.
    refused = await standin.slash(bob, channel, "game abandon")
    assert "Only the host" in (await refused.response())["data"]["content"]

    question = await ask_to_abandon(standin, channel, alice)
    assert f"End game #{match_id} for everyone" in question.content
    assert set(buttons(question)) == {"Yes, end it", "Keep playing"}
    assert status_of(world.db, match_id) == "active"  # asking changed nothing
    kept = await standin.click(alice, question, buttons(question)["Keep playing"])
    await kept.response()
    assert (standin.message(question.id) or question).content == f"Game #{match_id} goes on."
    assert status_of(world.db, match_id) == "active"

    question = await ask_to_abandon(standin, channel, alice)
    yes = await standin.click(alice, question, buttons(question)["Yes, end it"])
    await yes.response()
    await standin.wait_for_message(
        channel, lambda m: m.content == f"Game #{match_id} was abandoned.", timeout=10
    )
    assert status_of(world.db, match_id) == "abandoned"
    await standin.wait_until(
        lambda: (standin.message(question.id) or question).content == f"Game #{match_id} closed."
    )

    # Whoever had a private view: it now says the game is over, with nothing left to press.
    for user in (alice, bob):
        dms = standin.dm_messages(user)
        if dms:
            await standin.wait_until(
                lambda d=dms[-1]: "was abandoned" in (standin.message(d.id) or d).content, 10
            )  # type: ignore[misc]
            last = standin.message(dms[-1].id) or dms[-1]
            assert last.content == f"🏁 Game #{match_id} was abandoned: nothing more to do here."
            assert last.components == []

    # The host's stats: no game played, one abandoned, kept apart.
    stats = await standin.slash(alice, channel, "stats")
    await stats.response()
    shown = await stats.wait_original(lambda m: bool(m.embeds))
    fields = {f["name"]: f["value"] for f in shown.embeds[0]["fields"]}
    assert fields.get("Unfinished") == "1 abandoned · 0 left to a bot", fields
    assert "0 games" in fields.get("Record", "0 games"), fields


async def test_abandon_asks_in_portuguese(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    _, jogos, (ana, bruno) = locale_world(standin, "pt-BR")
    await start_bot()
    match_id = await two_player_game(standin, jogos, ana, bruno, PT)
    question = await ask_to_abandon(standin, jogos, ana)
    assert f"Encerrar a partida nº {match_id} para todos" in question.content
    assert set(buttons(question)) == {"Sim, encerrar", "Continuar jogando"}
    yes = await standin.click(ana, question, buttons(question)["Sim, encerrar"])
    await yes.response()
    await standin.wait_until(lambda: status_of(world.db, match_id) == "abandoned", 10)
    for user in (ana, bruno):
        dms = standin.dm_messages(user)
        if dms:
            await standin.wait_until(
                lambda d=dms[-1]: "abandonada" in (standin.message(d.id) or d).content, 10
            )  # type: ignore[misc]


async def test_a_stale_confirmation_changes_nothing(world: World, start_bot: StartBot) -> None:
    """Asked twice, confirmed twice: the second "Yes" finds no game and says so; the first
    question's answer stands."""
    standin, channel, alice, bob = world.standin, world.channel, world.alice, world.bob
    await start_bot()
    match_id = await two_player_game(standin, channel, alice, bob, EN)
    first = await ask_to_abandon(standin, channel, alice)
    second = await ask_to_abandon(standin, channel, alice)
    await (await standin.click(alice, first, buttons(first)["Yes, end it"])).response()
    await standin.wait_until(lambda: status_of(world.db, match_id) == "abandoned", 10)
    late = await standin.click(alice, second, buttons(second)["Yes, end it"])
    await late.response()
    refused = await late.followup(timeout=10)
    assert refused.ephemeral and "no game" in refused.content.lower(), refused.content
    assert status_of(world.db, match_id) == "abandoned"


async def test_the_private_views_sent_before_a_restart_are_closed_too(world: World, start_bot: StartBot) -> None:
    """The last DM of each player is remembered with the game, not only in the process: a game
    abandoned after a restart still tells every player, in the DM they were last sent."""
    standin, channel, alice, bob = world.standin, world.channel, world.alice, world.bob
    bot = await start_bot()
    match_id = await two_player_game(standin, channel, alice, bob, EN)
    sent = {u.name: standin.dm_messages(u)[-1] for u in (alice, bob) if standin.dm_messages(u)}
    assert sent, "someone was sent a private view"
    await bot.stop()

    await start_bot()
    question = await ask_to_abandon(standin, channel, alice)
    await (await standin.click(alice, question, buttons(question)["Yes, end it"])).response()
    for dm in sent.values():
        await standin.wait_until(lambda d=dm: "was abandoned" in (standin.message(d.id) or d).content, 10)  # type: ignore[misc]
        last = standin.message(dm.id) or dm
        assert last.content == f"🏁 Game #{match_id} was abandoned: nothing more to do here."
        assert not last.components
