"""Everdell against Nightweave through the real bot: chosen in `/<game> new`, her turns run inside
the people's answers with one channel line each, her lair on the board, and her score in the
final standings. Solo (with Personalities) and two people, played from DM prompts to the end."""

from __future__ import annotations

import sqlite3

from bot.standin.state import Message
from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import lobby_id, text_of
from tests.e2e.test_everdell import (
    WORDS,
    EverdellTable,
    board_checks,
    channel_problems,
    is_board,
    stored_result,
)

HER = "**🕸️ Nightweave**"


async def open_against_her(world: World, players: int, **options: object) -> tuple[int, Message]:
    standin = world.standin
    chosen = {"players": players, "opponent": "nightweave", **options}
    inter = await standin.slash(world.alice, world.channel, "everdell new", chosen)
    await inter.response()
    lobby = await inter.wait_original()
    match_id = lobby_id(lobby)
    if players == 2:
        join = await standin.click(world.bob, standin.message(lobby.id) or lobby, f"bgb:lj:{match_id}")
        await join.response()
    start = await standin.click(world.alice, standin.message(lobby.id) or lobby, f"bgb:ls:{match_id}")
    await start.response()
    await standin.wait_for_message(world.channel, is_board, timeout=10)
    return match_id, lobby


def her_lines(world: World) -> list[str]:
    return [m.content for m in world.standin.messages(world.channel) if m.content.startswith(HER)]


def result_text(world: World) -> str:
    for m in world.standin.messages(world.channel):
        if m.embeds and WORDS.result in m.embeds[0].get("title", ""):
            return str(m.embeds[0].get("description", ""))
    raise AssertionError("no final scores")


async def test_solo_game_against_nightweave(world: World, start_bot: StartBot) -> None:
    await start_bot()
    match_id, lobby = await open_against_her(world, 1, nightweave_level=3, modules="personalities")
    lobby_text = text_of(lobby.history[0] if lobby.history else {}) + str(lobby.embeds)
    assert "Nightweave — level 3 (Tormenting)" in lobby_text and "Personalities" in lobby_text

    table = EverdellTable(world.standin, world.channel, match_id, [world.alice])
    await table.play_to_end(limit=600)

    said = her_lines(world)
    assert any("rolled" in line and "plays" in line for line in said), said[:20]
    assert any("prepares for spring" in line for line in said), said[:20]
    description = result_text(world)
    assert "Alice" in description and "🕸️ **Nightweave** (level 3)" in description
    status, _ = stored_result(world, match_id)
    assert status == "finished"
    with sqlite3.connect(world.db) as db:
        row = db.execute("SELECT solo_opponent, solo_level FROM plays WHERE match_id = ?", (match_id,)).fetchone()
    assert row == ("nightweave", 3)
    board_checks(world.standin, world.channel)
    board = [m for m in world.standin.messages(world.channel) if is_board(m)][-1]
    assert any("Lair — level 3" in f["name"] for f in board.embeds[0]["fields"])
    assert channel_problems(world.standin, world.channel, [world.alice]) == []


async def test_two_people_against_nightweave(world: World, start_bot: StartBot) -> None:
    await start_bot()
    match_id, _ = await open_against_her(world, 2, nightweave_level=1)

    table = EverdellTable(world.standin, world.channel, match_id, [world.alice, world.bob])
    await table.play_to_end(limit=900)

    assert any("places a spider" in line for line in her_lines(world))
    description = result_text(world)
    assert "Alice" in description and "Bob" in description and "Nightweave** (level 1)" in description
    status, stored = stored_result(world, match_id)
    assert status == "finished" and len(stored) == 2
    board_checks(world.standin, world.channel)
    assert channel_problems(world.standin, world.channel, [world.alice, world.bob]) == []
