"""A whole Dominion game through the real bot: two people and a bot seat, from /<game> new to the
final scores, with DM buttons and selects, /play with autocomplete, and the stored result.
Every channel message of the game is then searched for cards the rules never made public."""

from __future__ import annotations

import json
import re
import sqlite3

from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import Table, is_board, open_table, result_message
from tests.e2e.hidden import leaks, replay_knowledge

SCORE_LINE = re.compile(r"\*\*(?P<player>.+?)\*\* — (?P<score>-?\d+) VP \((?P<turns>\d+) turns?\)")


async def test_complete_game_with_a_bot(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    await start_bot()
    match_id, _ = await open_table(standin, world.channel, world.alice, [world.bob], bots=1)

    table = Table(standin, world.channel, match_id, [world.alice, world.bob], by_command={world.bob.id})
    await table.play_to_end()
    assert table.commands > 0 and table.selects > 0  # both ways of answering were used

    # Final scores, best first, for every seat; the board says the game is over.
    result = result_message(standin, world.channel, table.words)
    assert result is not None
    lines = [SCORE_LINE.search(line) for line in result.embeds[0]["description"].splitlines()]
    posted = [m for m in lines if m]
    assert sorted(m["player"] for m in posted) == sorted(["Alice", "Bob", "🤖 Bot 1"])
    scores = [int(m["score"]) for m in posted]
    assert scores == sorted(scores, reverse=True)
    assert "Provinces ran out" in result.embeds[0]["description"] or "piles" in result.embeds[0]["description"]
    boards = [m for m in standin.messages(world.channel) if is_board(m, table.words)]
    assert len(boards) == 1 and "Game over" in boards[0].embeds[0]["description"]
    assert boards[0].components == []  # no "My hand" once it is over
    # Each player's last private message says the game is over, with nothing left to press.
    for user in (world.alice, world.bob):
        dms = standin.dm_messages(user)
        await standin.wait_until(lambda d=dms[-1]: "is over" in (standin.message(d.id) or d).content, 10)  # type: ignore[misc]
        last = standin.message(dms[-1].id) or dms[-1]
        assert last.content == f"🏁 Game #{match_id} is over: the final scores are in the channel."
        assert last.components == []

    # The stored result agrees with what was posted, and the match is closed.
    with sqlite3.connect(world.db) as db:
        status = db.execute("SELECT status FROM matches WHERE id = ?", (match_id,)).fetchone()[0]
        row = db.execute("SELECT scores, ranks, ended_how FROM results WHERE match_id = ?", (match_id,)).fetchone()
    assert status == "finished"
    stored_scores, ranks, ended_how = json.loads(row[0]), json.loads(row[1]), row[2]
    assert sorted(stored_scores, reverse=True) == scores
    assert sorted(ranks)[0] == 1 and ended_how in ("provinces", "piles")

    # Old DM buttons now answer politely instead of acting.
    live, know = await replay_knowledge(world.db, match_id)
    assert live.match is not None and live.match.finished
    assert leaks(standin, world.channel, [world.alice, world.bob], know) == []
