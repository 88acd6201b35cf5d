"""Leaderboards through the real bot: a finished game between two people shows up in
/leaderboard, /stats (with a chart) and /history; a table result counts only once confirmed."""

from __future__ import annotations

import io
import sqlite3
from typing import Any

from PIL import Image

from bot.leaderboard.charts import HEIGHT, MARGIN_BOTTOM, MARGIN_TOP, MAX_BAR, PALETTE, WIDTH
from bot.standin.state import Message
from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import Table, open_table


def chart_pixels(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def coloured(image: Image.Image, colour: tuple[int, int, int]) -> list[tuple[int, int]]:
    """Where `colour` is drawn inside the plot (below the title and legend)."""
    return [
        (x, y) for y in range(MARGIN_TOP, HEIGHT - MARGIN_BOTTOM) for x in range(WIDTH) if image.getpixel((x, y)) == colour
    ]


def embed_text(body: dict[str, Any]) -> str:
    parts = [str(body.get("content") or "")]
    for e in body.get("embeds") or []:
        parts += [e.get("title") or "", e.get("description") or ""]
        parts += [f"{f.get('name')}\n{f.get('value')}" for f in e.get("fields") or []]
        parts.append((e.get("footer") or {}).get("text") or "")
    return "\n".join(parts)


async def answer(inter: Any) -> dict[str, Any]:
    """The message an interaction ended with: its reply, or the edited original after a defer."""
    body = await inter.response()
    if body.get("type") == 5:
        message = await inter.wait_original(lambda m: bool(m.embeds or m.content))
        return {
            "content": message.content,
            "embeds": message.embeds,
            "attachments": message.attachments,
            "flags": 64 if message.ephemeral else 0,
        }
    return dict(body.get("data") or {})


async def test_a_finished_game_shows_on_the_leaderboard_and_in_stats(
    world: World, start_bot: StartBot
) -> None:
    standin = world.standin
    await start_bot()
    match_id, _ = await open_table(standin, world.channel, world.alice, [world.bob])
    table = Table(standin, world.channel, match_id, [world.alice, world.bob])
    await table.play_to_end()

    with sqlite3.connect(world.db) as db:
        plays = db.execute(
            "SELECT id, ended_how, source FROM plays WHERE match_id = ?", (match_id,)
        ).fetchall()
        rated = db.execute("SELECT player, games FROM ratings ORDER BY player").fetchall()
    assert len(plays) == 1 and plays[0][1:] == ("normal", "online")
    assert sorted(p for p, _ in rated) == sorted([world.alice.id, world.bob.id])

    board = await answer(
        await standin.slash(world.carol, world.channel, "leaderboard show", {"game": "dominion"})
    )
    text = embed_text(board)
    assert "Dominion leaderboard" in text and "provisional" in text
    assert f"<@{world.alice.id}>" in text and f"<@{world.bob.id}>" in text
    assert not board.get("flags", 0) & 64  # a board is for everyone to see

    asked = await standin.slash(world.carol, world.channel, "stats", {"user": world.bob})
    text = embed_text(await answer(asked))
    assert "1 game ·" in text and "1 games" not in text and "Dominion" in text
    attachments = (await asked.wait_original()).attachments
    assert {a["filename"] for a in attachments} == {"rating.png", "scores.png"}
    assert all(0 < a["size"] < 40_000 for a in attachments)
    # One game: the rating is one marked point mid-chart, the scores one bar of bounded width.
    charts = {a["filename"]: chart_pixels(standin.attachments[str(a["id"])]) for a in attachments}
    marked = [x for x, _ in coloured(charts["rating.png"], PALETTE[0])]
    assert marked and WIDTH * 0.4 < sum(marked) / len(marked) < WIDTH * 0.6
    bar = {x for x, y in coloured(charts["scores.png"], PALETTE[0]) if y == HEIGHT - MARGIN_BOTTOM - 3}
    assert 0 < len(bar) <= MAX_BAR + 1

    # A public post speaks the server's language, whatever the asker's client uses.
    asked = await standin.slash(world.carol, world.channel, "stats", {"user": world.bob}, "pt-BR")
    text = embed_text(await answer(asked))
    assert "1 game ·" in text and "partida" not in text
    world.guild.locale = "pt-BR"
    asked = await standin.slash(world.alice, world.channel, "stats", {"user": world.bob})
    text = embed_text(await answer(asked))
    assert "1 partida ·" in text and ("1 vitória" in text or "0 vitória" in text)
    assert "games" not in text
    world.guild.locale = "en-US"

    history = await answer(await standin.slash(world.alice, world.channel, "history", {}))
    assert f"https://discord.com/channels/{world.guild.id}/{world.channel.id}" in embed_text(history)

    h2h = await answer(
        await standin.slash(world.alice, world.channel, "stats", {"user": world.alice, "other": world.bob})
    )
    assert "1 game together" in embed_text(h2h)

    # Unknown games are refused, privately.
    bad = await answer(await standin.slash(world.alice, world.channel, "leaderboard show", {"game": "chess"}))
    assert bad["flags"] & 64 and "chess" in bad["content"]
    assert standin.violations == []


def latest(standin: Any, message: Message) -> Message:
    return standin.message(message.id) or message


async def test_a_table_result_counts_once_confirmed(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    await start_bot()
    outsider = standin.add_user("dave")
    world.guild.member_ids.remove(outsider.id)

    start = await standin.slash(world.alice, world.channel, "result record", {"game": "dominion"})
    await start.response()
    sheet = await start.wait_original()
    assert sheet.ephemeral
    pick = f"bgu:lbpl:{sheet.custom_ids()[0].split(':')[2]}"

    refused = await standin.select(world.alice, latest(standin, sheet), pick, [world.alice.id, outsider.id])
    body = await refused.response()
    assert body["data"]["flags"] & 64 and "not a member" in body["data"]["content"]
    # The bot asked Discord whether dave is a member; that 404 is the expected answer.
    standin.rejections[:] = [
        r for r in standin.rejections if r[0] != "GET /guilds/{guild_id}/members/{user_id}"
    ]

    chosen = await standin.select(world.alice, latest(standin, sheet), pick, [world.alice.id, world.bob.id])
    await chosen.response()
    for seat, sheet_values in enumerate(
        (
            {"provinces": "5", "duchies_estates": "1/3", "vp_other": "4"},
            {"provinces": "3", "gardens_deck": "1/30"},
        )
    ):
        current = latest(standin, sheet)
        button = next(c for c in current.custom_ids() if c.startswith("bgb:lbsc:") and c.endswith(f":{seat}"))
        opened = await standin.click(world.alice, current, button)
        await opened.response()
        assert opened.modal is not None
        done = await standin.submit_modal(world.alice, opened, sheet_values)
        await done.response()
    current = latest(standin, sheet)
    drafted = embed_text({"embeds": current.embeds})
    assert "**40** (Provinces 30, Duchies 3, Estates 3, VP tokens and other 4)" in drafted
    assert "**21** (Provinces 18, Gardens 3)" in drafted

    submit = next(c for c in current.custom_ids() if c.startswith("bgb:lbsub:"))
    sent = await standin.click(world.alice, current, submit)
    await sent.response()
    request = await standin.wait_for_message(
        world.channel, lambda m: any(c.startswith("bgb:lbok:") for c in m.custom_ids()), timeout=10
    )
    assert f"<@{world.bob.id}>" in request.content

    with sqlite3.connect(world.db) as db:
        assert db.execute("SELECT COUNT(*) FROM plays").fetchone()[0] == 0  # not until bob confirms

    confirm = next(c for c in request.custom_ids() if c.startswith("bgb:lbok:"))
    stranger = await standin.click(world.carol, request, confirm)
    assert "Only the listed players" in (await stranger.response())["data"]["content"]
    ok = await standin.click(world.bob, request, confirm)
    await ok.response()
    await standin.wait_until(lambda: not latest(standin, request).components, timeout=10)
    recorded = embed_text({"embeds": latest(standin, request).embeds})
    assert "recorded" in recorded
    # the stored breakdown reads in the sheet's order, as it did before the confirmation
    assert "**40** (Provinces 30, Duchies 3, Estates 3, VP tokens and other 4)" in recorded
    assert "**21** (Provinces 18, Gardens 3)" in recorded

    board = await answer(
        await standin.slash(world.bob, world.channel, "leaderboard show", {"game": "dominion"})
    )
    lines = embed_text(board).splitlines()
    first = next(line for line in lines if line.startswith("`1.`"))
    assert f"<@{world.alice.id}>" in first
    assert standin.violations == []
