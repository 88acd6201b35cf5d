"""A server's own Mistwood data through the real bot: server managers upload, list and remove the
files (every reply ephemeral, a bad file changes nothing), new Everdell lobbies copy them into the
match options, and the card packs are refused, naming what is missing, until the card data is
complete."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.standin.interactions import Interaction, StandInError
from bot.standin.terminal import Terminal
from tests.bot.test_data_sets import completion
from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import lobby_id, match_options
from tests.e2e.test_refusals import refusal, snapshot

ROOT = Path(__file__).resolve().parents[2]
SHIPPED_DECK = ROOT / "engine" / "games" / "everdell" / "mistwood" / "data" / "activity.yaml"
MANAGE_GUILD = 1 << 5
BAD_DECK = "cards:\n  - id: nw01\n    season: spring\n"


def stored(db: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT guild_id, kind, filename, content, uploaded_by FROM guild_data WHERE game = 'everdell'").fetchall()


async def reply_embed(inter: Interaction) -> dict[str, Any]:
    body = await inter.response()
    assert body["data"]["flags"] & 64, body  # only the manager sees it
    embed: dict[str, Any] = body["data"]["embeds"][0]
    return embed


async def test_a_manager_uploads_a_deck_that_a_nightweave_lobby_carries(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    await start_bot()
    deck = SHIPPED_DECK.read_text(encoding="utf-8")

    # Someone without Manage Server is refused, and nothing is stored.
    text = await refusal(
        await standin.slash(world.bob, world.channel, "admin data upload", {"kind": "everdell:deck", "file": ("deck.yaml", deck)})
    )
    assert text == "Only members with Manage Server can do that."
    assert stored(world.db) == []

    standin.grant(world.alice, MANAGE_GUILD)
    # A broken deck: its problems, and nothing changes.
    bad = await standin.slash(world.alice, world.channel, "admin data upload", {"kind": "everdell:deck", "file": ("bad.yaml", BAD_DECK)})
    text = await refusal(bad)
    assert text.startswith("The Activity deck (Nightweave) file has problems, so nothing was changed:")
    assert "• card 1" in text
    assert stored(world.db) == []
    # Not text at all.
    binary = await standin.slash(world.alice, world.channel, "admin data upload", {"kind": "everdell:scoring", "file": ("x.bin", b"\xff\xfe\x00")})
    assert "not UTF-8 text" in await refusal(binary)

    # The shipped deck is a valid deck.
    good = await standin.slash(world.alice, world.channel, "admin data upload", {"kind": "everdell:deck", "file": ("deck.yaml", deck)})
    assert "Stored this server's Activity deck (Nightweave)" in await refusal(good)
    assert stored(world.db) == [(int(world.guild.id), "deck", "deck.yaml", deck, int(world.alice.id))]

    shown = await reply_embed(await standin.slash(world.alice, world.channel, "admin data show"))
    fields = {f["name"]: f["value"] for f in shown["fields"]}
    assert fields["Everdell · Activity deck (Nightweave)"].startswith("`deck.yaml` · ")
    assert f"<@{world.alice.id}>" in fields["Everdell · Activity deck (Nightweave)"]
    assert "replaces values of our own design" in fields["Everdell · Activity deck (Nightweave)"]
    assert fields["Everdell · Scoring table (Nightweave)"].startswith("None")
    cards_field = fields["Everdell · Card data (More Legends, Corrin, Farms)"]
    assert "completes what the rulebook does not print" in cards_field
    assert "❌ More Legends: still missing" in cards_field

    # A Nightweave lobby copies the deck into its options (and says so); the file is not needed later.
    inter = await standin.slash(world.bob, world.channel, "everdell new", {"opponent": "nightweave"})
    await inter.response()
    lobby = await inter.wait_original()
    fields = {f["name"]: f["value"] for f in lobby.embeds[0]["fields"]}
    assert "Mistwood" not in fields  # no card pack
    assert fields["Data"] == (
        "Activity deck (Nightweave): this server's own\n"
        "Scoring table (Nightweave): our own design (the rulebook does not print it; a server can upload the printed one)"
    )
    options = match_options(world.db, lobby_id(lobby))
    assert options["nightweave_deck"] == deck and "nightweave_scoring" not in options

    removed = await standin.slash(world.alice, world.channel, "admin data remove", {"kind": "everdell:deck"})
    assert "Removed this server's Activity deck" in await refusal(removed)
    assert stored(world.db) == []
    assert match_options(world.db, lobby_id(lobby))["nightweave_deck"] == deck
    again = await standin.slash(world.alice, world.channel, "admin data remove", {"kind": "everdell:deck"})
    assert await refusal(again) == "This server has no Activity deck (Nightweave) to remove."


async def test_card_packs_are_refused_while_the_card_data_is_incomplete(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    await start_bot()
    before = snapshot(world.db)
    text = await refusal(await standin.slash(world.alice, world.channel, "everdell new", {"legends": True}))
    assert text.startswith("More Legends cannot be used yet")
    assert "jor_auriasa: kind, color, cost, points, unique" in text
    assert "/admin data upload" in text
    text = await refusal(
        await standin.slash(world.alice, world.channel, "everdell new", {"farms": True}, locale="pt-BR")
    )
    assert text.startswith("Ao Longo de Cada Estação (Fazendas) ainda não pode ser usado")
    assert "/admin dados enviar" in text
    with pytest.raises(StandInError, match="unknown option 'corrin'"):  # Dominion's command has none
        await standin.slash(world.alice, world.channel, "dominion new", {"corrin": True})
    # Turned off, the option is no option at all.
    inter = await standin.slash(world.alice, world.channel, "everdell new", {"legends": False})
    await inter.response()
    lobby = await inter.wait_original()
    assert "Mistwood" not in {f["name"] for f in lobby.embeds[0]["fields"]}
    assert "legends" not in match_options(world.db, lobby_id(lobby))
    assert snapshot(world.db)[0][:len(before[0])] == before[0]

    # Once the card data completes a pack, the pack opens, carrying the data with it.
    cards = completion("corrin")
    standin.grant(world.alice, MANAGE_GUILD)
    upload = await standin.slash(world.alice, world.channel, "admin data upload", {"kind": "everdell:cards", "file": ("cards.yaml", cards)})
    reply = await refusal(upload)
    assert "✅ Corrin Evertail: complete, ready to play" in reply and "❌ More Legends: still missing" in reply
    other = standin.add_channel(world.guild, "mistwood")
    inter = await standin.slash(world.bob, other, "everdell new", {"corrin": True})
    await inter.response()
    lobby = await inter.wait_original()
    assert {f["name"]: f["value"] for f in lobby.embeds[0]["fields"]}["Mistwood"] == "Card packs: Corrin Evertail"
    options = match_options(world.db, lobby_id(lobby))
    assert options["corrin"] is True and options["mistwood_cards"] == cards
    text = await refusal(await standin.slash(world.bob, world.channel, "everdell new", {"corrin": True, "legends": True}))
    assert text.startswith("More Legends cannot be used yet") and "Corrin" not in text.split("\n")[0]


async def test_the_terminal_attaches_a_local_file(world: World, start_bot: StartBot, tmp_path: Path) -> None:
    await start_bot()
    scoring = tmp_path / "my scoring.yaml"
    scoring.write_text("levels: []\n", encoding="utf-8")
    out = io.StringIO()
    term = Terminal(world.standin, world.channel, world.alice, out, quiet=0.2)
    await term.handle(f'/admin data upload kind:everdell:scoring "file:{scoring}"')
    await term.handle("manager on")
    await term.handle(f'/admin data upload kind:everdell:scoring "file:{scoring}"')
    await term.handle(f"/admin data upload kind:everdell:deck file:{SHIPPED_DECK}")
    await term.handle("/admin data upload kind:everdell:deck file:/no/such/file.yaml")
    text = out.getvalue()
    assert "Only members with Manage Server can do that." in text
    assert "alice now has Manage Server" in text
    assert "Scoring table (Nightweave) file has problems" in text
    assert "Stored this server's Activity deck (Nightweave)" in text
    assert "! no file '/no/such/file.yaml' to attach" in text
    assert [row[1:3] for row in stored(world.db)] == [("deck", "activity.yaml")]


async def test_the_stand_in_resolves_attachment_options(world: World) -> None:
    """As a client does: the file is uploaded first, the command carries its id, and the resolved
    attachment's URL serves the bytes (what discord.py's Attachment.read fetches)."""
    import aiohttp

    from bot.standin.interactions import StandInError, command_data

    standin = world.standin
    command = {
        "id": "1",
        "name": "upload",
        "type": 1,
        "options": [{"type": 11, "name": "file", "description": "a file", "required": True}],
    }
    for raw in (("a.yaml", "x: 1\n"), {"filename": "a.yaml", "content": "x: 1\n"}, standin.upload("a.yaml", b"x: 1\n")):
        built = command_data(standin, command, [], {"file": raw}, None, world.guild.id)
        (option,) = built["options"]
        attachment = built["resolved"]["attachments"][option["value"]]
        assert (option["type"], attachment["filename"], attachment["size"]) == (11, "a.yaml", 5)
        assert attachment["ephemeral"] is True and attachment["content_type"]
        async with aiohttp.ClientSession() as http, http.get(attachment["url"]) as response:
            assert await response.read() == b"x: 1\n"
    for bad in (42, "/no/such/file"):
        try:
            command_data(standin, command, [], {"file": bad}, None, world.guild.id)
        except StandInError:
            continue
        raise AssertionError(f"{bad!r} was attached")
