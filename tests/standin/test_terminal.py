"""The terminal client, scripted the way a newcomer would type, and its parsing on its own."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import discord
import pytest
from discord.ext import commands

from bot.standin.interactions import StandInError
from bot.standin.state import Message, User
from bot.standin.terminal import Terminal, choose, controls, parse_ref, run_terminal
from tests.standin.conftest import World
from tests.standin.test_bot_flows import Lobby

MENU = {
    "type": 3,
    "custom_id": "pick",
    "min_values": 1,
    "max_values": 3,
    "options": [
        {"label": "Gold, Silver", "value": "gs"},
        {"label": "Gold", "value": "g"},
        {"label": "Copper", "value": "c"},
        {"label": "Seat 2", "value": "2"},
    ],
}


async def test_scripted_session(world: World, run_bot: Any) -> None:
    def setup(bot: commands.Bot) -> None:
        bot.add_view(Lobby())

        @bot.tree.command(name="lobby", description="Open a lobby")
        async def lobby(inter: discord.Interaction) -> None:
            embed = discord.Embed(title="Dominion lobby", description="2-4 players")
            embed.add_field(name="Seats", value="empty")
            await inter.response.send_message(embed=embed, view=Lobby())

        @bot.tree.command(name="secret", description="Private note")
        async def secret(inter: discord.Interaction) -> None:
            await inter.response.send_message("for your eyes only", ephemeral=True)

    bot = await run_bot(setup)
    await bot.tree.sync()
    script = "\n".join(
        ["help", "/lobby", "as bob", "click 1.1", "select 1.2 Seat 2", "/secret", "as carol", "show", "/nope", "quit"]
    )
    out = io.StringIO()
    await run_terminal(world.standin, world.channel, stdin=io.StringIO(script + "\n"), stdout=out)
    text = out.getvalue()
    assert "== Dominion lobby ==" in text and "Seats: empty" in text
    assert "[1.1] Join" in text and "[1.2] <" in text and "Seat 1=1 | Seat 2=2" in text
    assert "bob joined" in text and "bob took seat 2" in text
    assert "for your eyes only" in text
    shown = text.split("now acting as carol", 1)[1]
    assert "for your eyes only" not in shown  # carol cannot see bob's ephemeral reply
    assert "#1 BoardGamesBot:" in shown and "[1.1] Join" in shown  # the same numbers on a new listing
    assert "! /nope is not registered" in text
    assert world.standin.violations == []


def test_button_numbers_are_message_dot_control() -> None:
    assert parse_ref("3.2") == (3, 2) and parse_ref(" #12.10 ") == (12, 10)
    for bad in ("3", "x", "3.", "3.0", "", "1.2.3", "-1.2"):
        with pytest.raises(StandInError, match="message.button"):
            parse_ref(bad)


def test_choices_by_value_or_label_with_commas() -> None:
    assert choose(MENU, "Gold, Silver") == ["gs"]  # a label with a comma is one choice
    assert choose(MENU, "gold") == ["g"]
    assert choose(MENU, "Gold, Silver, Copper") == ["gs", "c"]
    assert choose(MENU, "Gold,Copper") == ["g", "c"]
    assert choose(MENU, "c, 2") == ["c", "2"]
    assert choose(MENU, "Seat 2") == ["2"]
    assert choose(MENU, '"Gold, Silver" Gold') == ["gs", "g"]
    with pytest.raises(StandInError, match="no option 'Platinum'.*Gold, Silver=gs"):
        choose(MENU, "Copper, Platinum")
    with pytest.raises(StandInError, match="separate several choices with commas"):
        choose(MENU, "Copper Gold")
    with pytest.raises(StandInError, match="unbalanced quotes"):
        choose(MENU, '"Gold')
    with pytest.raises(StandInError, match="choose what"):
        choose(MENU, " ")
    user_menu = {"type": 5, "custom_id": "who", "min_values": 1, "max_values": 2}
    assert choose(user_menu, "alice, bob") == ["alice", "bob"]


def test_slash_lines_need_no_quotes_for_values_with_spaces() -> None:
    parse = Terminal.parse_command
    assert parse('/dominion new "kingdom:First Game"') == ("dominion new", {"kingdom": "First Game"}, "kingdom")
    assert parse("/dominion new kingdom:First Game players:3") == (
        "dominion new",
        {"kingdom": "First Game", "players": "3"},
        "players",
    )
    assert parse("/admin data upload kind:everdell:deck file:./d.yaml")[1] == {"kind": "everdell:deck", "file": "./d.yaml"}
    assert parse("/hand") == ("hand", {}, None)
    with pytest.raises(StandInError, match="unbalanced quotes"):
        parse('/game new "dominion')


def _message(number: int, buttons: list[str]) -> Message:
    row = {"type": 1, "components": [{"type": 2, "style": 1, "label": b, "custom_id": f"id:{b}"} for b in buttons]}
    link = {"type": 1, "components": [{"type": 2, "style": 5, "label": "Rules", "url": "https://example.com"}]}
    return Message(id=str(1000 + number), channel_id="c", author=User("1", "BoardGamesBot", bot=True), components=[row, link], number=number)


async def test_numbers_stay_with_their_message_and_edits_are_caught(world: World) -> None:
    standin = world.standin
    first = await standin.store_message(_message(0, ["Join", "Leave"]))
    first.channel_id = world.channel.id
    first.guild_id = world.guild.id
    standin._channel_messages.setdefault(world.channel.id, []).append(first.id)
    out = io.StringIO()
    term = Terminal(standin, world.channel, world.alice, out)
    listing = term.render(first)
    assert f"[{first.number}.1] Join   [{first.number}.2] Leave" in listing
    assert "[link Rules: https://example.com]" in listing and [c["label"] for c in controls(first)] == ["Join", "Leave"]
    assert term.render(first) == listing  # a second listing numbers them the same

    # The bot edits the message between listing and click: the click is refused and it is shown again.
    first.components = _message(0, ["Start", "Leave"]).components
    await term.handle(f"click {first.number}.1")
    text = out.getvalue()
    assert f"! message #{first.number} changed since it was shown" in text and f"[{first.number}.1] Start" in text

    # By label: the newest button with it, named before it is pressed.
    await term.handle("click leave")
    assert f"(pressing [{first.number}.2] Leave)" in out.getvalue()

    out.seek(0)
    out.truncate(0)
    standin.global_commands.append({"id": "9", "name": "deal", "type": 1, "options": [{"type": 4, "name": "players"}]})
    for line in ("click 1", "click Nope", f"click {first.number}.9", "click 999.1", "select 1.x Gold", "as nobody", "as", "locale xx", "manager maybe", "dms maybe", "modal a:b", "/deal players:abc"):
        await term.handle(line)
    errors = [line for line in out.getvalue().splitlines() if line.startswith("! ")]
    assert len(errors) == 12, out.getvalue()
    assert "Traceback" not in out.getvalue() and "invalid literal" not in out.getvalue()
    assert any(f"has {first.number}.1 to {first.number}.2, no {first.number}.9" in e for e in errors)
    assert any("there is no message #999" in e for e in errors)
    assert any("no button labelled 'Nope' that alice can press" in e for e in errors)
    assert any("the users are alice, bob, carol" in e for e in errors)
    assert errors[-1] == "! option players takes a whole number, not 'abc'"


async def test_locale_and_dms_change_the_user(world: World) -> None:
    out = io.StringIO()
    term = Terminal(world.standin, world.channel, world.bob, out)
    await term.handle("locale pt-br")
    await term.handle("dms close")
    assert world.bob.locale == "pt-BR" and world.bob.dms_closed
    await term.handle("dms open")
    assert not world.bob.dms_closed
    assert "bob's Discord language is now pt-BR" in out.getvalue()


async def test_attachments_are_saved_to_files_it_names(world: World, tmp_path: Path) -> None:
    standin = world.standin
    standin.attachments["77"] = b"\x89PNG board"
    msg = _message(0, ["Act"])
    msg.attachments = [{"id": "77", "filename": "board.png", "size": 10, "content_type": "image/png"}]
    msg.attachments.append({"id": "78", "filename": "gone.json", "size": 3})
    await standin.store_message(msg)
    term = Terminal(standin, world.channel, world.alice, io.StringIO(), images=tmp_path / "files")
    text = term.render(msg)
    saved = tmp_path / "files" / f"{msg.number}-board.png"
    assert f"[image board.png (10 bytes) saved to {saved}]" in text and saved.read_bytes() == b"\x89PNG board"
    assert "[file gone.json (3 bytes), not kept]" in text
