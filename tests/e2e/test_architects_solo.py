"""Architects' solo mode through the real bot: one person against an engine-run AI opponent
(`/architects new players:1 opponent:executor`) from the lobby to the final scores. The person
answers by the habit of `test_architects.py`; the AI's turns appear as public log lines under its
board's name, no hidden Building reaches the channel, and the game lands in that AI's solo
records."""

from __future__ import annotations

import sqlite3
import time

import pytest

from engine.games.architects.options import WOW_RELEASED
from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import lobby_id, text_of
from tests.e2e.hidden import leaks
from tests.e2e.test_architects import ArchitectsTable, final_scores, is_board, knowledge

pytestmark = pytest.mark.xfail(not WOW_RELEASED, reason="not offered yet", strict=True)


async def test_a_person_plays_the_executor_to_the_end(world: World, start_bot: StartBot) -> None:
    started = time.monotonic()
    standin = world.standin
    bot = await start_bot()
    options = {"players": 1, "opponent": "executor"}
    inter = await standin.slash(world.alice, world.channel, "architects new", options)
    await inter.response()
    lobby = await inter.wait_original()
    assert "Works of Wonder" in text_of({"embeds": lobby.embeds})  # solo implies the expansion
    match_id = lobby_id(lobby)
    click = await standin.click(world.alice, standin.message(lobby.id) or lobby, f"bgb:ls:{match_id}")
    await click.response()
    await standin.wait_for_message(world.channel, is_board, timeout=10)

    table = ArchitectsTable(standin, world.channel, match_id, [world.alice])
    await table.play_to_end(limit=800)
    assert table.actions > 20

    # the AI's turns, one readable line per decision, under its board's name
    logs = [text_of(body) for m in standin.messages(world.channel) if is_board(m) for body in m.history]
    assert any("**🤖 The Executor**" in text and "reveals the Plot card" in text for text in logs)
    assert any("**🤖 The Executor**" in text and "places a worker at" in text for text in logs)
    assert "missing message key" not in bot.output()
    assert "Alice" in [p for p, _ in final_scores(standin, world.channel)]

    # the result is a solo record of the Executor
    with sqlite3.connect(world.db) as db:
        status = db.execute("SELECT status FROM matches WHERE id = ?", (match_id,)).fetchone()[0]
        play = db.execute(
            "SELECT source, solo_opponent, solo_level FROM plays WHERE match_id = ?", (match_id,)
        ).fetchone()
    assert status == "finished" and play == ("online", "executor", None)
    asked = await standin.slash(
        world.carol, world.channel, "leaderboard show", {"game": "architects", "solo_level": "executor"}
    )
    await asked.response()
    shown = await asked.wait_original(lambda m: bool(m.embeds))
    text = text_of({"embeds": shown.embeds})
    assert "The Executor" in text and f"<@{world.alice.id}>" in text, text

    know = await knowledge(world.db, match_id)
    assert leaks(standin, world.channel, [world.alice], know) == []
    print(f"solo against the Executor: {table.actions} actions in {time.monotonic() - started:.1f} s")
