"""A table-top session with the Nightweave companion and the table tools, through the real bot
process and the Discord stand-in, with a restart in the middle."""

from __future__ import annotations

import re
import sqlite3
from typing import Any

from bot.standin.state import Message
from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import buttons, selects

EPHEMERAL = 64


async def slash(world: World, user: Any, command: str, options: dict[str, Any] | None = None) -> tuple[dict[str, Any], Message | None]:
    inter = await world.standin.slash(user, world.channel, command, options or {})
    body = await inter.response(timeout=10)
    flags = (body.get("data") or {}).get("flags") or 0
    message = None if flags & EPHEMERAL else await inter.wait_original()
    return body, message


def deck_row(world: World) -> list[tuple[object, ...]]:
    with sqlite3.connect(world.db) as conn:
        decks = conn.execute("SELECT * FROM table_decks").fetchall()
        rngs = conn.execute("SELECT * FROM table_rng").fetchall()
    return [*decks, *rngs]


def text_of(message: Message | None) -> str:
    assert message is not None
    embeds = "".join((e.get("title") or "") + (e.get("description") or "") for e in message.embeds)
    return (message.content or "") + embeds


async def test_companion_session_survives_a_restart(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    bot = await start_bot()
    _, started = await slash(world, world.alice, "automa start nightweave", {"level": 2})
    assert "Nightweave" in text_of(started)

    _, first = await slash(world, world.alice, "automa turn")
    assert first is not None and "Activity card **" in text_of(first)
    assert not re.search(r"\bnw\d\d\b", text_of(first))  # named by what it does, not by its code
    assert "Undo" in buttons(first)
    if "First action impossible" in buttons(first):
        click = await standin.click(world.bob, first, buttons(first)["First action impossible"])
        await click.response()
        assert "worked out again" in text_of(standin.message(first.id))

    _, menu = await slash(world, world.bob, "automa turn", {"card": "physical"})
    assert menu is not None
    select = selects(menu)[0]
    choice = select["options"][0]["value"]
    named = select["options"][0]["label"].split(" — ")[0]
    assert not re.search(r"\bnw\d\d\b", named)
    pick = await standin.select(world.bob, menu, select["custom_id"], [choice])
    await pick.response()
    assert f"**{named}**" in text_of(standin.message(menu.id))

    await bot.stop()
    await start_bot()

    for _ in range(3):
        _, step = await slash(world, world.alice, "automa turn")
        assert "Activity card" in text_of(step)
    _, undone = await slash(world, world.alice, "automa undo")
    assert "took back" in text_of(undone)
    body, _ = await slash(world, world.alice, "automa status")
    assert body["data"]["flags"] & EPHEMERAL
    _, score = await slash(world, world.alice, "automa score nightweave", {"cards": 20, "special_events": 1})
    assert "final score" in text_of(score)

    _, rolled = await slash(world, world.carol, "roll", {"notation": "2d8+1"})
    assert "rolled `2d8+1`" in text_of(rolled)
    body, _ = await slash(world, world.carol, "roll", {"notation": "9999d6"})
    assert body["data"]["flags"] & EPHEMERAL and "At most" in body["data"]["content"]

    _, created = await slash(world, world.alice, "deck create", {"name": "Plots", "cards": "a, b, c"})
    assert "3 cards" in text_of(created)
    body, _ = await slash(world, world.bob, "deck peek", {"name": "Plots"})
    assert body["data"]["flags"] & EPHEMERAL and "Only the owner" in body["data"]["content"]
    body, _ = await slash(world, world.alice, "deck peek", {"name": "Plots", "count": 2})
    assert body["data"]["flags"] & EPHEMERAL and "Top of" in body["data"]["content"]
    _, drawn = await slash(world, world.bob, "deck draw", {"name": "Plots"})
    assert "drew from" in text_of(drawn)
    before = deck_row(world)
    body, _ = await slash(world, world.bob, "deck reshuffle", {"name": "Plots"})
    assert body["data"]["flags"] & EPHEMERAL
    assert body["data"]["content"] == "Only the owner of Plots or a server manager may reshuffle it."
    inter = await standin.slash(world.bob, world.channel, "deck reshuffle", {"name": "Plots"}, "pt-BR")
    body = await inter.response(timeout=10)
    assert body["data"]["flags"] & EPHEMERAL
    assert body["data"]["content"] == "Só o dono de Plots ou quem gerencia o servidor pode reembaralhá-lo."
    assert deck_row(world) == before  # refused: the deck and the channel's RNG did not move
    standin.grant(world.carol, 1 << 5)  # Manage Server
    _, shuffled = await slash(world, world.carol, "deck reshuffle", {"name": "Plots"})
    assert "reshuffled **Plots** (3 cards)" in text_of(shuffled)
    _, shuffled = await slash(world, world.alice, "deck reshuffle", {"name": "Plots"})
    assert "reshuffled **Plots** (3 cards)" in text_of(shuffled)


async def test_her_score_opens_a_table_result(world: World, start_bot: StartBot) -> None:
    """After /automa score one button opens the /result record sheet with her level and score in;
    the people are picked and the result counts as for any table result."""
    standin = world.standin
    await start_bot()
    await slash(world, world.alice, "automa start nightweave", {"level": 3})
    for _ in range(2):
        await slash(world, world.alice, "automa turn")
    _, score = await slash(world, world.alice, "automa score nightweave", {"cards": 30, "basic_events": 6})
    assert score is not None and "Record this game" in buttons(score)
    total = int(re.search(r"final score: (\d+)", text_of(score)).group(1))  # type: ignore[union-attr]

    click = await standin.click(world.alice, score, buttons(score)["Record this game"])
    await click.response()
    sheet = await click.wait_original()
    assert sheet.ephemeral and "Nightweave" in str(sheet.embeds)
    pick = f"bgu:lbpl:{sheet.custom_ids()[0].split(':')[2]}"
    chosen = await standin.select(world.alice, standin.message(sheet.id) or sheet, pick, [world.alice.id])
    await chosen.response()
    current = standin.message(sheet.id) or sheet
    assert f"**{total}**" in str(current.embeds)  # her seat is already scored
    button = next(c for c in current.custom_ids() if c.startswith("bgb:lbsc:") and c.endswith(":0"))
    opened = await standin.click(world.alice, current, button)
    await opened.response()
    done = await standin.submit_modal(world.alice, opened, {"cards": str(total + 10)})
    await done.response()
    current = standin.message(sheet.id) or sheet
    submit = next(c for c in current.custom_ids() if c.startswith("bgb:lbsub:"))
    sent = await standin.click(world.alice, current, submit)
    await sent.response()
    await standin.wait_until(lambda: db_row(world) is not None, timeout=10)
    assert db_row(world) == ("table", "nightweave", 3)
    with sqlite3.connect(world.db) as db:
        scores = [r[0] for r in db.execute("SELECT score FROM play_seats ORDER BY seat")]
    assert scores[1] == total


def db_row(world: World) -> tuple[str, str, int] | None:
    with sqlite3.connect(world.db) as db:
        row = db.execute("SELECT source, solo_opponent, solo_level FROM plays").fetchone()
    return tuple(row) if row else None  # type: ignore[return-value]
