"""/card through the real bot: suggestions (the channel's game first), a private embed in the
user's language, and a localized refusal for a name no game has."""

from __future__ import annotations

from typing import Any

from bot.standin.interactions import Interaction
from tests.e2e.conftest import StartBot, World

EPHEMERAL = 64


async def embed_reply(inter: Interaction) -> dict[str, Any]:
    body = await inter.response()
    assert body["type"] == 4, body
    assert body["data"]["flags"] & EPHEMERAL, body
    (embed,) = body["data"]["embeds"]
    return dict(embed)


async def text_reply(inter: Interaction) -> str:
    body = await inter.response()
    assert body["type"] == 4 and body["data"]["flags"] & EPHEMERAL, body
    return str(body["data"]["content"])


def fields(embed: dict[str, Any]) -> dict[str, str]:
    return {f["name"]: f["value"] for f in embed.get("fields", [])}


async def suggestions(world: World, current: str, locale: str | None = None) -> list[dict[str, Any]]:
    inter = await world.standin.autocomplete(
        world.alice, world.channel, "card", {"name": current}, focused="name", locale=locale
    )
    await inter.response()
    return inter.choices


async def test_card_lookup_in_english_and_portuguese(world: World, start_bot: StartBot) -> None:
    standin, alice, channel = world.standin, world.alice, world.channel
    await start_bot()

    # No game in the channel: every game is searched, both Chapels are offered.
    found = await suggestions(world, "chap")
    values = [c["value"] for c in found]
    assert {"dominion:Chapel", "everdell:chapel"} <= set(values)
    assert len(found) <= 25

    # A name typed in Portuguese, without its accent, in a Portuguese client.
    pt = await suggestions(world, "provincia", locale="pt-BR")
    assert pt[0]["value"] == "dominion:Province" and pt[0]["name"].startswith("Província")

    # An Everdell lobby in the channel: its cards come first.
    lobby = await standin.slash(alice, channel, "everdell new", {})
    await lobby.response()
    found = await suggestions(world, "chap")
    assert found[0]["value"] == "everdell:chapel"

    embed = await embed_reply(await standin.slash(alice, channel, "card", {"name": found[0]["value"]}))
    assert embed["title"] == "Chapel"
    assert fields(embed)["Game"] == "Everdell · Card" and "Construction" in fields(embed)["Types"]
    assert embed["footer"]["text"]

    # The same card typed by name; in the channel's game, so Everdell's Chapel and not Dominion's.
    embed = await embed_reply(await standin.slash(alice, channel, "card", {"name": "capela"}, locale="pt-BR"))
    assert embed["title"] == "Capela"
    assert fields(embed)["Jogo"] == "Everdell · Carta" and fields(embed)["Nome em inglês"] == "Chapel"
    assert "Construção" in fields(embed)["Tipos"]

    embed = await embed_reply(await standin.slash(alice, channel, "card", {"name": "dominion:Artisan"}, locale="pt-BR"))
    assert embed["title"] == "Artesão" and "nome em português" in embed["footer"]["text"]

    # Nothing by that name: a private refusal in the user's language.
    text = await text_reply(await standin.slash(alice, channel, "card", {"name": "Dragonfly"}))
    assert text.startswith("No card is called") and "Dragonfly" in text
    text = await text_reply(await standin.slash(alice, channel, "card", {"name": "Libélula"}, locale="pt-BR"))
    assert text.startswith("Nenhuma carta se chama") and "Libélula" in text
