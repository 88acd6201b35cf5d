"""Dominion's setup and Everdell's player powers through the real bot: the reactions setting, card
sets, Events, errata and player powers chosen in `/<game> new`, shown in the lobby, stored with the
match when it starts; refused (ephemerally, in the player's language, nothing stored) where they
cannot apply. Each player's own reactions choice, made in the lobby, survives a restart and reaches
the match per seat; a standing one from /settings is where each player's seat starts."""

from __future__ import annotations

import json
import sqlite3

import pytest

from bot.standin.interactions import StandInError
from bot.standin.state import Message
from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import EN, is_board, join_and_start, lobby_id, match_options, selects
from tests.e2e.test_nightweave import open_against_her
from tests.e2e.test_refusals import refusal, snapshot


async def test_reactions_chosen_in_the_lobby_reach_the_match(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    await start_bot()
    chosen = {"kingdom": "First Game", "reactions": "ask"}
    inter = await standin.slash(world.alice, world.channel, "dominion new", chosen)
    await inter.response()
    lobby = await inter.wait_original()
    fields = {f["name"]: f["value"] for f in lobby.embeds[0]["fields"]}
    assert "asked each time" in fields["Reactions in hand"]
    match_id = lobby_id(lobby)
    await join_and_start(standin, world.channel, lobby, world.alice, [world.bob])
    assert match_options(world.db, match_id)["reactions"] == "ask"


async def test_reactions_default_and_refusal(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    await start_bot()
    # Each game's command takes only its own options: Everdell's has no reactions to send.
    with pytest.raises(StandInError, match="unknown option 'reactions'"):
        await standin.slash(world.alice, world.channel, "everdell new", {"reactions": "ask"})
    assert snapshot(world.db)[0] == ()
    inter = await standin.slash(world.alice, world.channel, "dominion new", {})
    await inter.response()
    lobby = await inter.wait_original()
    fields = {f["name"]: f["value"] for f in lobby.embeds[0]["fields"]}
    assert "nobody waits" in fields["Reactions in hand"]


def lobby_fields(message: Message) -> dict[str, str]:
    return {f["name"]: f["value"] for f in message.embeds[0]["fields"]}


async def test_setup_and_own_reactions_reach_the_match_across_a_restart(
    world: World, start_bot: StartBot
) -> None:
    standin = world.standin
    bot = await start_bot()
    typed = await standin.autocomplete(
        world.alice, world.channel, "dominion new", {"kingdom": "gentle"}, "kingdom"
    )
    await typed.response()
    assert typed.choices == [{"name": "Gentle Intro · Adventures", "value": "Gentle Intro"}]

    chosen = {"sets": "base,adventures", "max_events": 1, "errata": True}
    inter = await standin.slash(world.alice, world.channel, "dominion new", chosen)
    await inter.response()
    lobby = await inter.wait_original()
    fields = lobby_fields(lobby)
    assert fields["Card sets"] == "Base + Adventures"
    assert fields["Events"] == "Drawn with the kingdom: at most 1"
    assert fields["Card texts"] == "With the later official errata"
    match_id = lobby_id(lobby)
    pick_id = f"bgs:lr:{match_id}"
    assert [s["custom_id"] for s in selects(lobby)] == [pick_id, f"bgs:lp:{match_id}"]  # reactions, then bot strength

    click = await standin.click(world.bob, standin.message(lobby.id) or lobby, f"bgb:lj:{match_id}")
    await click.response()
    pick = await standin.select(world.bob, standin.message(lobby.id) or lobby, pick_id, ["ask"])
    await pick.response()
    shown = standin.message(lobby.id)
    assert shown is not None and lobby_fields(shown)["Reactions in hand"] == "Alice: at once, Bob: asked"
    # someone not seated cannot choose for a seat
    before = snapshot(world.db)
    text = await refusal(await standin.select(world.carol, shown, pick_id, ["ask"]))
    assert text == "You are not playing in this game." and snapshot(world.db) == before

    # the choice is stored with the lobby, and the select on the old message still works
    await bot.stop()
    await start_bot()
    click = await standin.click(world.carol, standin.message(lobby.id) or lobby, f"bgb:lj:{match_id}")
    await click.response()
    for mode in ("ask", "always"):  # carol changes her mind; the last pick counts
        pick = await standin.select(world.carol, standin.message(lobby.id) or lobby, pick_id, [mode])
        await pick.response()
    click = await standin.click(world.alice, standin.message(lobby.id) or lobby, f"bgb:ls:{match_id}")
    await click.response()
    await standin.wait_for_message(world.channel, lambda m: is_board(m, EN), timeout=10)
    options = match_options(world.db, match_id)
    assert options["reactions"] == ["always", "ask", "always"]
    assert options["sets"] == ["base", "adventures"] and options["max_events"] == 1
    assert options["events"] == "random" and options["errata"] is True
    assert "seat_reactions" not in options and "table_reactions" not in options


async def test_standing_reactions_from_settings_seed_each_lobby(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    await start_bot()
    for user, locale, said in (
        (world.bob, None, "Dominion reactions in new tables: you are asked each time"),
        (world.carol, "pt-BR", "Reações do Dominion em novas mesas: você é consultado a cada vez"),
    ):
        settings = await standin.slash(user, world.channel, "settings", {"dominion_reactions": "ask"}, locale)
        await settings.response()
        assert said in (await settings.wait_original()).content
    inter = await standin.slash(world.alice, world.channel, "dominion new", {})
    await inter.response()
    lobby = await inter.wait_original()
    assert lobby_fields(lobby)["Reactions in hand"].startswith("Reactions in hand are used at once")
    match_id = lobby_id(lobby)
    for user in (world.bob, world.carol):
        click = await standin.click(user, standin.message(lobby.id) or lobby, f"bgb:lj:{match_id}")
        await click.response()
    shown = standin.message(lobby.id)
    assert shown is not None
    assert lobby_fields(shown)["Reactions in hand"] == "Alice: at once, Bob: asked, Carol: asked"
    # a choice made at this table wins over carol's standing one
    pick = await standin.select(world.carol, shown, f"bgs:lr:{match_id}", ["always"])
    await pick.response()
    shown = standin.message(lobby.id)
    assert shown is not None
    assert lobby_fields(shown)["Reactions in hand"] == "Alice: at once, Bob: asked, Carol: at once"
    click = await standin.click(world.alice, shown, f"bgb:ls:{match_id}")
    await click.response()
    await standin.wait_for_message(world.channel, lambda m: is_board(m, EN), timeout=10)
    with sqlite3.connect(world.db) as conn:
        row = conn.execute("SELECT options FROM matches WHERE id = ?", (match_id,)).fetchone()
        stored = conn.execute(
            "SELECT value FROM game_prefs WHERE user_id = ? AND game = 'dominion' AND key = 'reactions'",
            (world.bob.id,),
        ).fetchone()
    assert json.loads(row[0])["reactions"] == ["always", "ask", "always"]
    assert stored == ("ask",)


async def test_setup_options_refused_in_portuguese(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    await start_bot()
    chosen: dict[str, object] = {"kingdom": "Gentle Intro", "sets": "adventures"}
    text = await refusal(await standin.slash(world.alice, world.channel, "dominion new", chosen, locale="pt-BR"))
    assert text.startswith("A opção colecoes só vale para um reino aleatório")
    chosen = {"max_events": 2}
    text = await refusal(await standin.slash(world.alice, world.channel, "dominion new", chosen))
    assert text.startswith("Events come from Adventures")
    assert snapshot(world.db)[0] == ()


async def test_everdell_player_powers_reach_the_match(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    await start_bot()
    chosen = {"players": 2, "player_powers": True, "powers_spring_worker": True}
    text = await refusal(await standin.slash(world.alice, world.channel, "everdell new", chosen, locale="pt-BR"))
    assert text.startswith(
        "Manter o trabalhador da primavera com os poderes de jogador (trabalhador_da_primavera)"
    )
    assert "Nightweave" in text
    with pytest.raises(StandInError, match="unknown option 'player_powers'"):
        await standin.slash(world.alice, world.channel, "dominion new", {"player_powers": True})
    assert snapshot(world.db)[0] == ()

    chosen = {"players": 2, "player_powers": True}
    inter = await standin.slash(world.alice, world.channel, "everdell new", chosen)
    await inter.response()
    lobby = await inter.wait_original()
    assert lobby_fields(lobby)["Player powers"] == "On: each player keeps one of the powers dealt to them"
    match_id = lobby_id(lobby)
    await join_and_start(standin, world.channel, lobby, world.alice, [world.bob])
    assert match_options(world.db, match_id)["player_powers"] is True


async def test_player_powers_against_nightweave_with_the_spring_worker(
    world: World, start_bot: StartBot
) -> None:
    await start_bot()
    match_id, lobby = await open_against_her(
        world, 1, nightweave_level=2, player_powers=True, powers_spring_worker=True
    )
    shown = "On: each player keeps one of the powers dealt to them, and the humans keep their spring worker"
    assert lobby_fields(lobby)["Player powers"] == shown
    options = match_options(world.db, match_id)
    assert options["opponent"] == "nightweave"
    assert options["player_powers"] is True and options["powers_spring_worker"] is True


async def test_the_host_picks_a_bots_strength(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    await start_bot()
    inter = await standin.slash(world.alice, world.channel, "dominion new", {"kingdom": "First Game"}, locale="pt-BR")
    await inter.response()
    lobby = await inter.wait_original()
    match_id = lobby_id(lobby)
    pick_id = f"bgs:lp:{match_id}"
    menu = next(s for s in selects(lobby) if s["custom_id"] == pick_id)
    assert [o["value"] for o in menu["options"]] == ["random", "big_money", "heuristic", "expert"]
    # Only the host seats bots, as with the button.
    before = snapshot(world.db)
    text = await refusal(await standin.select(world.bob, lobby, pick_id, ["expert"]))
    assert text and snapshot(world.db) == before
    pick = await standin.select(world.alice, standin.message(lobby.id) or lobby, pick_id, ["expert"])
    await pick.response()
    shown = standin.message(lobby.id)
    assert shown is not None
    seats = lobby_fields(shown)
    assert any("🤖 Bot 1 · Expert" in value for value in seats.values())
    click = await standin.click(world.alice, shown, f"bgb:ls:{match_id}")
    await click.response()
    await standin.wait_for_message(world.channel, lambda m: is_board(m, EN), timeout=10)
    with sqlite3.connect(world.db) as conn:
        stored = json.loads(conn.execute("SELECT seats FROM matches WHERE id = ?", (match_id,)).fetchone()[0])
    assert [s.get("policy") for s in stored] == [None, "expert"]
