"""/roll with a game's named dice through the real bot process and the stand-in: suggested as you
type, rolled from the channel's seeded sequence (the faces follow from the state stored before
the roll), told in the server's language, and a name no game has refused privately."""

from __future__ import annotations

import json
import random
import sqlite3
from typing import Any

from bot.standin.state import Message
from engine.core.registry import get_game
from tests.e2e.conftest import StartBot, World

EPHEMERAL = 64


def next_rng(world: World) -> random.Random:
    """The channel's dice as the bot stored them: what it rolls next."""
    with sqlite3.connect(world.db) as conn:
        (state,) = conn.execute(
            "SELECT state FROM table_rng WHERE channel_id = ?", (world.channel.id,)
        ).fetchone()
    version, internal, gauss = json.loads(state)
    rng = random.Random()
    rng.setstate((version, tuple(internal), gauss))
    return rng


async def roll(
    world: World, notation: str, locale: str | None = None
) -> tuple[dict[str, Any], Message | None]:
    inter = await world.standin.slash(world.alice, world.channel, "roll", {"notation": notation}, locale)
    body = await inter.response(timeout=10)
    if (body.get("data") or {}).get("flags", 0) & EPHEMERAL:
        return body, None
    return body, await inter.wait_original()


async def test_named_dice_are_suggested_rolled_and_told(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    await start_bot()
    suggested = await standin.autocomplete(
        world.alice, world.channel, "roll", {"notation": "conq"}, focused="notation"
    )
    await suggested.response()
    assert [c["value"] for c in suggested.choices] == ["tapestry:conquest"]
    assert suggested.choices[0]["name"] == "Tapestry: conquest dice (red die + black die)"
    typed = await standin.autocomplete(
        world.alice, world.channel, "roll", {"notation": "2d6"}, focused="notation"
    )
    await typed.response()
    assert [c["value"] for c in typed.choices] == ["2d6"]

    await roll(world, "d6")  # the channel's sequence now exists in the database
    conquest = {d.id: d for d in get_game("tapestry").dice}["conquest"]
    red, black = conquest.dice
    rng = next_rng(world)
    _, message = await roll(world, "tapestry:conquest")
    assert message is not None
    expected_red, expected_black = red.faces[rng.randrange(6)], black.faces[rng.randrange(6)]
    assert message.content.startswith(f"🎲 <@{world.alice.id}> rolled the conquest dice (Tapestry): ")
    assert (
        f"red die **{expected_red.words['en']}** · black die **{expected_black.words['en']}**"
        in message.content
    )

    world.guild.locale = "pt-BR"  # a public roll speaks the server's language
    science = {d.id: d for d in get_game("tapestry").dice}["science"].dice[0]
    rng = next_rng(world)
    _, message = await roll(world, "ciência")
    assert message is not None
    assert (
        f"rolou — dado de ciência (Tapestry): **{science.faces[rng.randrange(4)].words['pt']}**"
        in message.content
    )
    assert "leitura nossa" in message.content
    world.guild.locale = "en-US"

    before = next_rng(world).getstate()
    body, _ = await roll(world, "chess:conquest")
    assert body["data"]["flags"] & EPHEMERAL
    assert body["data"]["content"].startswith("No game has dice called chess:conquest")
    assert next_rng(world).getstate() == before  # refused: the dice did not move
    assert standin.violations == []
