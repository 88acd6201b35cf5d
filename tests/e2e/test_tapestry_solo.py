"""Tapestry solo through the real bot: `/tapestry new` for one person offers the Automa (the
level and unofficial values in the lobby), the bots move inside the person's answers in the
background, each decision is a line of the board's log, their decks are on the board, the
Automa's score is in the final standings and the play is a solo record at its level. A second
table opened with no size and started by its one person also gets the Automa."""

from __future__ import annotations

import json
import sqlite3

from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import lobby_id
from tests.e2e.hidden import leaks
from tests.e2e.test_tapestry import TapestryTable, final_scores, is_board, tapestry_knowledge


async def test_a_person_plays_tapestry_against_the_automa(world: World, start_bot: StartBot) -> None:
    await start_bot()
    standin = world.standin
    inter = await standin.slash(
        world.alice, world.channel, "tapestry new", {"players": 1, "automa_level": 5}
    )
    await inter.response()
    lobby = await inter.wait_original()
    fields = {f["name"]: f["value"] for f in lobby.embeds[0].get("fields", [])}
    opponents = fields.get("Opponents", "")
    assert "level 5 (Automa the Definitely Awesome)" in opponents, fields
    assert "unofficial values" in opponents and "disputed values" in opponents
    match_id = lobby_id(lobby)
    start = await standin.click(world.alice, standin.message(lobby.id) or lobby, f"bgb:ls:{match_id}")
    await start.response()
    await standin.wait_for_message(world.channel, is_board, timeout=10)

    table = TapestryTable(standin, world.channel, match_id, [world.alice])
    await table.play_to_end(limit=1500)
    # five income turns, advances between most of them (an income comes early when no advance is paid)
    assert table.actions >= 10

    boards = [m for m in standin.messages(world.channel) if is_board(m)]
    know = await tapestry_knowledge(world.db, match_id)  # every public line of the stored game
    lines = " ".join(know.public)
    assert "Decision cards drawn" in lines and "list picks" in lines and "decided by" in lines
    assert any(f["name"] == "Automa and Shadow Empire" for f in boards[-1].embeds[0].get("fields", []))
    result = next(
        m
        for m in standin.messages(world.channel)
        if m.embeds and "Final scores" in m.embeds[0].get("title", "")
    )
    assert "🤖 **Automa** (level 5)" in result.embeds[0]["description"]
    assert [p for p, _ in final_scores(standin, world.channel)] == ["Alice"]
    with sqlite3.connect(world.db) as db:
        status = db.execute("SELECT status FROM matches WHERE id = ?", (match_id,)).fetchone()[0]
        row = db.execute(
            "SELECT solo_opponent, solo_level FROM plays WHERE match_id = ?", (match_id,)
        ).fetchone()
    assert status == "finished" and row == ("tapestry", 5)
    assert leaks(standin, world.channel, [world.alice], know) == []


async def test_one_person_starting_a_plain_table_gets_the_automa(world: World, start_bot: StartBot) -> None:
    await start_bot()
    standin = world.standin
    inter = await standin.slash(world.alice, world.channel, "tapestry new", {})
    await inter.response()
    lobby = await inter.wait_original()
    match_id = lobby_id(lobby)
    start = await standin.click(world.alice, standin.message(lobby.id) or lobby, f"bgb:ls:{match_id}")
    await start.response()
    await standin.wait_for_message(world.channel, is_board, timeout=10)
    with sqlite3.connect(world.db) as db:
        options = db.execute("SELECT options FROM matches WHERE id = ?", (match_id,)).fetchone()[0]
    stored = json.loads(options)
    assert stored["opponent"] == "automa" and stored["automa_level"] == 2
