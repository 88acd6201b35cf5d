"""Bad input gets a short ephemeral answer in the user's language, and changes nothing."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.standin import StandIn
from bot.standin.interactions import Interaction, StandInError
from engine.core.registry import game_ids, get_game
from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import Table, buttons, is_board, open_table

BAD_KINGDOM = "Cellar, Moat, Village, Smithy, Market, Mine, Festival, Library, Dragonfly, Teapot"


def snapshot(db: Path) -> tuple[Any, ...]:
    """Everything a refusal must leave alone."""
    with sqlite3.connect(db) as conn:
        matches = conn.execute("SELECT id, status, seats, options FROM matches ORDER BY id").fetchall()
        log = conn.execute("SELECT COUNT(*) FROM match_log").fetchone()
    return tuple(matches), log


async def refusal(inter: Interaction) -> str:
    """The ephemeral text the user got, whether replied at once or after deferring."""
    body = await inter.response()
    if body["type"] == 4:
        assert body["data"]["flags"] & 64, body
        return str(body["data"]["content"])
    if body["type"] == 5:
        message = await inter.wait_original(lambda m: bool(m.content))
    else:
        message = await inter.followup()
    assert message.ephemeral, message
    return message.content


async def test_refusals_are_ephemeral_localized_and_harmless(world: World, start_bot: StartBot) -> None:
    standin: StandIn = world.standin
    alice, bob, carol = world.alice, world.bob, world.carol
    await start_bot()

    # Unknown kingdom cards: named back, in English and in Portuguese; no table is opened.
    text = await refusal(await standin.slash(alice, world.channel, "dominion new", {"kingdom": BAD_KINGDOM}))
    assert "Unknown Kingdom cards" in text and "Dragonfly" in text and "Teapot" in text
    pt = await refusal(
        await standin.slash(alice, world.channel, "dominion new", {"kingdom": BAD_KINGDOM}, locale="pt-BR")
    )
    assert "Cartas de Reino desconhecidas" in pt
    assert not standin.messages(world.channel, viewer=bob)  # nothing public was posted

    # More seats than the game allows.
    small = [g for g in game_ids(released_only=True) if get_game(g).max_players < 6]
    if small:
        game = small[0]
        # Each game's command carries its own seat range, so Discord itself refuses more.
        with pytest.raises(StandInError, match="outside the allowed range"):
            await standin.slash(alice, world.channel, f"{game} new", {"players": 6})
    # A game the bot does not offer has no command: Discord cannot send it.
    with pytest.raises((StandInError, ValueError), match="/chess is not registered"):
        await standin.slash(alice, world.channel, "chess new", {})
    assert snapshot(world.db)[0] == ()

    match_id, board = await open_table(standin, world.channel, alice, [bob])
    table = Table(standin, world.channel, match_id, [alice, bob])
    mover, dm = await table.next_turn()
    other = bob if mover is alice else alice
    before = snapshot(world.db)

    # Someone who is not playing presses "My hand" on the board.
    text = await refusal(await standin.click(carol, board, f"bgb:h:{match_id}"))
    assert text == "You are not playing in this game."
    # The other player answers the mover's decision with /play (the value autocomplete gave the mover).
    ac = await standin.autocomplete(mover, world.channel, "play", {"choice": "play"}, focused="choice")
    await ac.response()
    value = ac.choices[0]["value"]
    text = await refusal(await standin.slash(other, world.channel, "play", {"choice": value}))
    assert text == "It is not your turn to decide."
    # A /play choice that is no option at all.
    text = await refusal(await standin.slash(mover, world.channel, "play", {"choice": "Platinum"}, locale="pt-BR"))
    assert text == "“Platinum” não é uma das suas opções."
    # A non-host without Manage Server cannot abandon the game (asked in Portuguese).
    host_only = await refusal(await standin.slash(bob, world.channel, "game abandon", locale="pt-BR"))
    assert host_only.startswith("Só o anfitrião")
    assert snapshot(world.db) == before

    # A stale button: the mover opens "My hand" (an ephemeral copy of the decision), then answers
    # in the DM; the ephemeral copy's buttons are now out of date.
    opened = await standin.click(mover, board, f"bgb:h:{match_id}")
    await opened.response()
    copy = await opened.wait_original()
    await table.act(mover, dm)
    after_one = snapshot(world.db)
    stale = buttons(copy)
    assert stale
    text = await refusal(await standin.click(mover, copy, next(iter(stale.values()))))
    assert text == "That button is out of date — the game has moved on."
    assert snapshot(world.db) == after_one

    # The board is still the only public message besides the lobby: refusals are never posted.
    public = [m for m in standin.messages(world.channel) if not m.ephemeral]
    assert len([m for m in public if is_board(m, table.words)]) == 1
