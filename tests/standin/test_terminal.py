"""The terminal client, scripted the way a newcomer would type."""

from __future__ import annotations

import io
from typing import Any

import discord
from discord.ext import commands

from bot.standin.terminal import run_terminal
from tests.standin.conftest import World
from tests.standin.test_bot_flows import Lobby


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
    script = "\n".join(["help", "/lobby", "as bob", "click 1", "select 2 Seat 2", "/secret", "as carol", "show", "/nope", "quit"])
    out = io.StringIO()
    await run_terminal(world.standin, world.channel, stdin=io.StringIO(script + "\n"), stdout=out)
    text = out.getvalue()
    assert "== Dominion lobby ==" in text and "Seats: empty" in text
    assert "[1] Join" in text and "Seat 1=1 | Seat 2=2" in text
    assert "bob joined" in text and "bob took seat 2" in text
    assert "for your eyes only" in text
    shown = text.split("now acting as carol", 1)[1]
    assert "for your eyes only" not in shown  # carol cannot see bob's ephemeral reply
    assert "! /nope is not registered" in text
    assert world.standin.violations == []
