"""A game added through the plug-in interface alone: Lanterns lives in the test tree
(tests/plugin_game) and joins the real bot with GAME_PLUGINS. It gets its own `/lanterns new`
subcommand, lobby field, board, private hands by DM, `/card`, a server data set and a score sheet,
and no file of the platform names it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.standin.state import JSON
from tests.e2e.conftest import ROOT, StartBot, World, sync_commands
from tests.e2e.driver import EN, Table, is_board, lobby_id, match_options, result_message
from tests.e2e.test_card import embed_reply, fields, suggestions
from tests.e2e.test_refusals import refusal

PLUGIN = "tests.plugin_game"
MANAGE_GUILD = 1 << 5
PLATFORM = ("bot", "cogs", "engine", "storage")


@pytest.fixture(scope="module")
def plugin_commands(tmp_path_factory: pytest.TempPathFactory) -> list[JSON]:
    """What `python -m bot sync` registers with the plug-in game installed."""
    return sync_commands(tmp_path_factory, GAME_PLUGINS=PLUGIN)


def commands_json(**env: str) -> list[dict[str, Any]]:
    out = subprocess.run(
        [sys.executable, "-m", "bot", "commands", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={"PATH": "/usr/bin:/bin", "HOME": str(ROOT), **env},
    )
    payload: list[dict[str, Any]] = json.loads(out.stdout)
    return payload


def new_subcommands(payload: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each game's `/<game> new`, by game: a game's own top-level command holding `new`."""
    found = {}
    for command in payload:
        new = [o for o in command.get("options") or [] if o["name"] == "new" and o["type"] == 1]
        if new:
            found[command["name"]] = new[0]
    return found


def test_no_platform_file_names_the_plugin_game() -> None:
    for folder in PLATFORM:
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".json", ".yaml", ".sql", ".toml"):
                assert "lantern" not in path.read_text(encoding="utf-8", errors="replace").lower(), path


def test_the_plugin_game_gets_its_own_command() -> None:
    assert "lanterns" not in new_subcommands(commands_json())
    listed = new_subcommands(commands_json(GAME_PLUGINS=PLUGIN))
    assert {"dominion", "everdell", "lanterns"} <= set(listed)
    lanterns = {o["name"]: o for o in listed["lanterns"]["options"]}
    assert set(lanterns) == {"players", "clock", "rounds", "bonus"}
    assert (lanterns["players"]["min_value"], lanterns["players"]["max_value"]) == (2, 4)
    assert (lanterns["rounds"]["min_value"], lanterns["rounds"]["max_value"]) == (1, 3)
    assert lanterns["rounds"]["name_localizations"]["pt-BR"] == "rodadas"
    assert listed["lanterns"]["description_localizations"]["pt-BR"].startswith("Abrir uma mesa de Lanternas")


async def test_a_plugin_game_is_played_end_to_end(
    world: World, start_bot: StartBot, plugin_commands: list[JSON], tmp_path: Path
) -> None:
    standin, alice, bob, channel = world.standin, world.alice, world.bob, world.channel
    standin.global_commands = [{**c, "application_id": standin.application_id} for c in plugin_commands]
    await start_bot(GAME_PLUGINS=PLUGIN)

    # A server's own deck for the game, checked by the game's own rules, then used by new tables.
    standin.grant(alice, MANAGE_GUILD)
    bad = await standin.slash(alice, channel, "admin data upload", {"kind": "lanterns:deck", "file": ("d.yaml", "[1, 12]")})
    assert "Lantern deck file has problems" in await refusal(bad)
    deck = "[9, 9, 9, 9, 9, 9, 9, 9]\n"
    good = await standin.slash(alice, channel, "admin data upload", {"kind": "lanterns:deck", "file": ("d.yaml", deck)})
    assert "Stored this server's Lantern deck" in await refusal(good)

    inter = await standin.slash(alice, channel, "lanterns new", {"rounds": 2})
    await inter.response()
    lobby = await inter.wait_original()
    shown = {f["name"]: f["value"] for f in lobby.embeds[0]["fields"]}
    assert shown["Rounds"] == "2"
    match_id = lobby_id(lobby)
    for user, button in ((bob, "lj"), (alice, "ls")):
        click = await standin.click(user, standin.message(lobby.id) or lobby, f"bgb:{button}:{match_id}")
        await click.response()
    board = await standin.wait_for_message(channel, lambda m: is_board(m, EN), timeout=10)
    assert board.embeds[0]["title"].startswith("Lanterns — game #")
    options = match_options(world.db, match_id)
    assert {k: options[k] for k in ("rounds", "bonus", "lantern_deck")} == {"rounds": 2, "bonus": 2, "lantern_deck": deck}

    # Each player's hand reaches them alone: nobody else's DM and no channel message names it.
    table = Table(standin, channel, match_id, [alice, bob])
    user, dm = await table.next_turn()
    assert "Sunburst ×3" in (dm.embeds[0].get("description") or "")
    assert all("Sunburst ×3" not in (m.embeds[0].get("description", "") if m.embeds else "") for m in standin.messages(channel))
    # The prompt's card-details button: what its cards do, privately, to that player alone.
    info = next(c for c in dm.custom_ids() if c.startswith("bgb:ci:"))
    body = await (await standin.click(user, dm, info)).response()
    assert body["data"]["flags"] & 64 and body["data"]["embeds"][0]["fields"][0]["name"] == "Sunburst"
    await table.play_to_end()
    final = result_message(standin, channel, EN)
    assert final is not None
    # Two rounds of 9s from the server's deck, each a shared brightest (+2): 22 each, tied.
    assert (final.embeds[0].get("description") or "").count("— 22 VP") == 2

    # /card knows the game's cards, in both languages.
    found = await suggestions(world, "sunb")
    assert found[0]["value"] == "lanterns:lantern_9"
    embed = await embed_reply(await standin.slash(alice, channel, "card", {"name": found[0]["value"]}))
    assert embed["title"].startswith("Sunburst") and "worth 9 points" in (embed.get("description") or "")
    pt = await embed_reply(await standin.slash(alice, channel, "card", {"name": "lanterns:lantern_9"}, locale="pt-BR"))
    assert pt["title"].startswith("Explosão Solar")
    assert fields(pt) or pt.get("footer")


async def test_a_plugin_companion_runs_at_a_physical_table(
    world: World, start_bot: StartBot, plugin_commands: list[JSON]
) -> None:
    standin, alice, channel = world.standin, world.alice, world.channel
    standin.global_commands = [{**c, "application_id": standin.application_id} for c in plugin_commands]
    await start_bot(GAME_PLUGINS=PLUGIN)

    async def said(command: str, options: dict[str, Any] | None = None, locale: str | None = None) -> str:
        inter = await standin.slash(alice, channel, command, options or {}, locale=locale)
        body = await inter.response()
        return str(body["data"].get("content") or "")

    assert await said("automa start moth", {"level": 2}) == "The Moth joins the table (level 2)."
    first = await said("automa turn")
    assert first.startswith("The Moth hangs ")
    await said("automa turn")
    assert (await said("automa status")).startswith("The Moth has hung 2 lanterns")
    assert await said("automa undo") == "The Moth takes back its last lantern."
    assert (await said("automa status", locale="pt-BR")).startswith("A Mariposa pendurou 1 lanternas")
    assert (await said("automa score moth", {"bonuses": 2})).startswith("The Moth scores ")
    assert await said("automa stop") == "The Moth flies away."
    # Nightweave's score sheet does not reach the Moth's session, nor any once it is gone.
    assert "no automated opponent" in (await said("automa turn")).lower()
