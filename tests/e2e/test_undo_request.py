"""An undo that crosses another player's answer: the refusal (in the asker's language) carries a
button that asks the table; the others get a ballot with an Agree button in the channel, and
their agreement takes the game back."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from bot.standin.state import Message
from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import EN, Table, buttons, is_board, lobby_id


def answers(db: Path, match_id: int) -> list[int]:
    """The seat of each answer in the log, oldest first."""
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT seat FROM match_log WHERE match_id = ? ORDER BY seq", (match_id,)
        ).fetchall()
    return [int(seat) for (seat,) in rows]


async def test_the_table_approves_an_undo_with_a_button(world: World, start_bot: StartBot) -> None:
    standin, channel, alice, bob = world.standin, world.channel, world.alice, world.bob
    await start_bot()
    opened = await standin.slash(alice, channel, "dominion new", {"kingdom": "First Game"})
    await opened.response()
    lobby = await opened.wait_original()
    match_id = lobby_id(lobby)
    for user, kind in ((bob, "lj"), (alice, "ls")):
        await (
            await standin.click(user, standin.message(lobby.id) or lobby, f"bgb:{kind}:{match_id}")
        ).response()
    await standin.wait_for_message(channel, lambda m: is_board(m, EN), timeout=10)
    table = Table(standin, channel, match_id, [alice, bob])
    with sqlite3.connect(world.db) as conn:
        seats = json.loads(conn.execute("SELECT seats FROM matches WHERE id = ?", (match_id,)).fetchone()[0])
    bob_seat = next(i for i, s in enumerate(seats) if str(s.get("user_id")) == str(bob.id))

    # Play until bob has answered and alice has answered after him: bob's last answer is then
    # behind another player's.
    for _ in range(40):
        log = answers(world.db, match_id)
        if bob_seat in log and log[-1] != bob_seat:
            break
        await table.step()
    log = answers(world.db, match_id)
    assert bob_seat in log and log[-1] != bob_seat

    # In Portuguese, bob is told why and offered the button.
    asked = await standin.slash(bob, channel, "game undo", {}, "pt-BR")
    await asked.response()
    refusal = await asked.followup(timeout=10)
    assert (
        "Você não pode desfazer isso sozinho(a)" in refusal.content and "outros jogadores" in refusal.content
    )
    assert "Pedir à mesa" in buttons(refusal)
    # In English, the same; he presses it.
    asked = await standin.slash(bob, channel, "game undo")
    await asked.response()
    refusal = await asked.followup(timeout=10)
    assert "The button below asks the other players" in refusal.content
    press = await standin.click(bob, refusal, buttons(refusal)["Ask the table"])
    await press.response()
    assert "The other players have been asked." in (await press.followup(timeout=10)).content

    def ballot() -> Message | None:
        for m in reversed(standin.messages(channel)):
            if "asks to take back" in m.content:
                return m
        return None

    await standin.wait_until(lambda: ballot() is not None, 10)
    vote = ballot()
    assert vote is not None and f"<@{alice.id}>" in vote.content and "Agree" in buttons(vote)
    # bob may not vote on his own request; alice agrees.
    own = await standin.click(bob, vote, buttons(vote)["Agree"])
    await own.response()
    assert "for the other players" in (await own.followup(timeout=10)).content
    log = answers(world.db, match_id)
    kept = log[: len(log) - 1 - log[::-1].index(bob_seat)]  # everything before bob's last answer
    agree = await standin.click(alice, vote, buttons(vote)["Agree"])
    await agree.response()
    await standin.wait_until(lambda: "The table agreed" in (standin.message(vote.id) or vote).content, 10)
    assert answers(world.db, match_id) == kept, (
        log,
        kept,
        bob_seat,
        (standin.message(vote.id) or vote).content,
    )
