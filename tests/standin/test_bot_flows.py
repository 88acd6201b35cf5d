"""A real discord.py bot against the stand-in: the flows a board-game bot depends on."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.standin.conftest import World


def _game_group(bot: commands.Bot, log: list[Any]) -> None:
    group = app_commands.Group(name="game", description="Games")

    @group.command(name="new", description="Start a game")
    @app_commands.choices(game=[app_commands.Choice(name="Dominion", value="dominion"), app_commands.Choice(name="Everdell", value="everdell")])
    async def new(inter: discord.Interaction, game: app_commands.Choice[str], seats: int = 2, rival: discord.Member | None = None) -> None:
        log.append((game.value, seats, rival.name if rival else None, inter.locale.value))
        await inter.response.send_message(f"New {game.name} for {seats}")

    bot.tree.add_command(group)


async def test_login_ready_guild_create(world: World, run_bot: Any) -> None:
    bot = await run_bot(lambda b: None)
    assert bot.user is not None and str(bot.user.id) == world.standin.application_id
    guild = bot.get_guild(int(world.guild.id))
    assert guild is not None and guild.me is not None
    assert guild.get_channel(int(world.channel.id)).name == "games"
    assert guild.member_count == 4  # members themselves are cached only with the members intent
    assert world.standin.gateway.connections == 1
    assert world.standin.violations == []


async def test_sync_and_slash_with_subcommand_options(world: World, run_bot: Any) -> None:
    log: list[Any] = []
    bot = await run_bot(lambda b: _game_group(b, log))
    synced = await bot.tree.sync()
    assert [c.name for c in synced] == ["game"]
    assert world.standin.commands[0]["options"][0]["name"] == "new"
    inter = await world.standin.slash(world.alice, world.channel, "game new", {"game": "Dominion", "seats": 3, "rival": world.bob}, locale="pt-BR")
    resp = await inter.response()
    assert resp == {"type": 4, "data": {"content": "New Dominion for 3", "tts": False}} or resp["data"]["content"] == "New Dominion for 3"
    assert log == [("dominion", 3, "bob", "pt-BR")]
    assert inter.original is not None and inter.original.content == "New Dominion for 3"
    with pytest.raises(ValueError, match="not registered"):
        await world.standin.slash(world.alice, world.channel, "nope")
    with pytest.raises(ValueError, match="missing required"):
        await world.standin.slash(world.alice, world.channel, "game new")
    assert world.standin.violations == []


async def test_autocomplete(world: World, run_bot: Any) -> None:
    def setup(bot: commands.Bot) -> None:
        @bot.tree.command(name="pick", description="Pick a card")
        async def pick(inter: discord.Interaction, card: str) -> None:
            await inter.response.send_message(card)

        @pick.autocomplete("card")
        async def complete(inter: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            cards = ["Village", "Smithy", "Market"]
            return [app_commands.Choice(name=c, value=c.lower()) for c in cards if current.lower() in c.lower()]

    bot = await run_bot(setup)
    await bot.tree.sync()
    inter = await world.standin.autocomplete(world.alice, world.channel, "pick", {"card": "ma"}, focused="card")
    resp = await inter.response()
    assert resp["type"] == 8 and inter.choices == [{"name": "Market", "value": "market"}]


async def test_defer_then_followups_and_ephemeral(world: World, run_bot: Any) -> None:
    def setup(bot: commands.Bot) -> None:
        @bot.tree.command(name="hand", description="Show my hand")
        async def hand(inter: discord.Interaction) -> None:
            await inter.response.defer(ephemeral=True, thinking=True)
            await inter.followup.send("Your hand: Copper x5", ephemeral=True)
            await inter.followup.send("Second note", ephemeral=True)

    bot = await run_bot(setup)
    await bot.tree.sync()
    inter = await world.standin.slash(world.alice, world.channel, "hand")
    assert (await inter.response())["type"] == 5
    first = await inter.followup(0)
    second = await inter.followup(1)
    # The first followup after a deferral fills the loading message.
    assert first.id == inter.original_id and first.content == "Your hand: Copper x5" and not first.loading
    assert second.content == "Second note" and second.ephemeral and second.visible_to == world.alice.id
    assert [m.content for m in world.standin.messages(world.channel, viewer=world.bob)] == []
    assert len(world.standin.messages(world.channel, viewer=world.alice)) == 2
    assert world.standin.violations == []


class Counter(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"counter:(?P<n>\d+)"):
    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", custom_id=f"counter:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(self.n + 1))
        await interaction.response.edit_message(content=f"count={self.n + 1}", view=view)


class Lobby(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Join", custom_id="lobby:join")
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button[Lobby]) -> None:
        await interaction.response.send_message(f"{interaction.user.name} joined")

    @discord.ui.select(custom_id="lobby:seat", options=[discord.SelectOption(label="Seat 1", value="1"), discord.SelectOption(label="Seat 2", value="2")])
    async def seat(self, interaction: discord.Interaction, select: discord.ui.Select[Lobby]) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content=f"{interaction.user.name} took seat {select.values[0]}")


async def test_persistent_view_dynamic_item_and_select(world: World, run_bot: Any) -> None:
    def setup(bot: commands.Bot) -> None:
        bot.add_view(Lobby())
        bot.add_dynamic_items(Counter)

    bot = await run_bot(setup)
    channel = bot.get_channel(int(world.channel.id))
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("Lobby open", view=Lobby())
    lobby = world.standin.message(str(sent.id))
    assert lobby is not None and lobby.custom_ids() == ["lobby:join", "lobby:seat"]

    joined = await world.standin.click(world.bob, lobby, "lobby:join")
    assert (await joined.response())["data"]["content"] == "bob joined"

    seat = await world.standin.select(world.carol, lobby, "lobby:seat", ["2"])
    assert (await seat.response())["type"] == 6
    edited = await world.standin.wait_for_message(world.channel, lambda m: m.content == "carol took seat 2")
    assert edited.id == lobby.id

    view = discord.ui.View(timeout=None)
    view.add_item(Counter(0))
    counter_msg = await channel.send("count=0", view=view)
    msg = world.standin.message(str(counter_msg.id))
    assert msg is not None
    first = await world.standin.click(world.alice, msg, "counter:0")
    assert (await first.response())["type"] == 7
    assert msg.content == "count=1" and msg.custom_ids() == ["counter:1"]
    with pytest.raises(ValueError, match="no component"):
        await world.standin.click(world.alice, msg, "counter:0")
    await (await world.standin.click(world.alice, msg, "counter:1")).response()
    assert msg.content == "count=2"
    assert world.standin.violations == []


async def test_modal_roundtrip(world: World, run_bot: Any) -> None:
    class NameModal(discord.ui.Modal, title="Name your city"):
        city: discord.ui.TextInput[Any] = discord.ui.TextInput(label="City", custom_id="city")

        async def on_submit(self, interaction: discord.Interaction) -> None:
            await interaction.response.send_message(f"City: {self.city.value}")

    def setup(bot: commands.Bot) -> None:
        @bot.tree.command(name="city", description="Name your city")
        async def city(inter: discord.Interaction) -> None:
            await inter.response.send_modal(NameModal())

    bot = await run_bot(setup)
    await bot.tree.sync()
    opened = await world.standin.slash(world.alice, world.channel, "city")
    assert (await opened.response())["type"] == 9 and opened.modal is not None
    submitted = await world.standin.submit_modal(world.alice, opened, {"city": "Everdell"})
    assert (await submitted.response())["data"]["content"] == "City: Everdell"
    assert world.standin.violations == []


async def test_dm_and_closed_dms_raise_forbidden(world: World, run_bot: Any) -> None:
    closed = world.standin.add_user("dave", dms_closed=True)
    outcomes: list[str] = []

    def setup(bot: commands.Bot) -> None:
        @bot.tree.command(name="deal", description="Deal a private hand")
        async def deal(inter: discord.Interaction) -> None:
            await inter.response.defer(ephemeral=True)
            try:
                await inter.user.send("Your hand: Estate, Copper")
                outcomes.append("dm")
                await inter.followup.send("Check your DMs", ephemeral=True)
            except discord.Forbidden as exc:
                outcomes.append(f"forbidden:{exc.code}")
                await inter.followup.send("Your hand: Estate, Copper", ephemeral=True)

    bot = await run_bot(setup)
    await bot.tree.sync()
    ok = await world.standin.slash(world.alice, world.channel, "deal")
    await ok.followup(0)
    assert [m.content for m in world.standin.dm_messages(world.alice)] == ["Your hand: Estate, Copper"]

    blocked = await world.standin.slash(closed, world.channel, "deal")
    fallback = await blocked.followup(0)
    assert outcomes == ["dm", "forbidden:50007"]
    assert fallback.ephemeral and fallback.visible_to == closed.id
    assert world.standin.dm_messages(closed) == []
    assert world.standin.violations == []


async def test_component_on_dm_message(world: World, run_bot: Any) -> None:
    def setup(bot: commands.Bot) -> None:
        bot.add_view(Lobby())

    bot = await run_bot(setup)
    user = await bot.fetch_user(int(world.bob.id))
    await user.send("Pick a seat", view=Lobby())
    dm = world.standin.dm_messages(world.bob)[0]
    with pytest.raises(ValueError, match="DMs"):
        await world.standin.click(world.alice, dm, "lobby:join")
    inter = await world.standin.click(world.bob, dm, "lobby:join")
    assert (await inter.response())["data"]["content"] == "bob joined"
    assert "guild_id" not in inter.payload and inter.payload["context"] == 1


async def test_embed_over_limit_is_rejected_and_recorded(world: World, run_bot: Any) -> None:
    bot = await run_bot(lambda b: None)
    channel = bot.get_channel(int(world.channel.id))
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.HTTPException) as info:
        await channel.send(embed=discord.Embed(title="t" * 257))
    assert info.value.status == 400 and info.value.code == 50035
    kinds = {v.kind for v in world.standin.violations}
    assert "limit" in kinds or "schema" in kinds
    world.standin.violations.clear()

    # Limits the schema cannot express: 6000 characters across embeds, duplicate custom ids.
    embeds = [discord.Embed(description="d" * 4000) for _ in range(2)]
    with pytest.raises(discord.HTTPException) as info:
        await channel.send(embeds=embeds)
    assert info.value.code == 50035 and [v.kind for v in world.standin.violations] == ["limit"]
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="a", custom_id="same"))
    view.add_item(discord.ui.Button(label="b", custom_id="same", row=1))
    with pytest.raises(discord.HTTPException):
        await channel.send("dupes", view=view)
    assert "duplicated" in world.standin.violations[-1].message


async def test_three_second_deadline_and_double_ack(world: World, run_bot: Any) -> None:
    gate = asyncio.Event()
    errors: list[int] = []
    both_failed = asyncio.Event()

    def setup(bot: commands.Bot) -> None:
        @bot.tree.command(name="slow", description="Too slow")
        async def slow(inter: discord.Interaction) -> None:
            await gate.wait()
            try:
                await inter.response.send_message("late")
            except discord.NotFound as exc:
                errors.append(exc.code)
                if len(errors) == 2:
                    both_failed.set()

        @bot.tree.command(name="twice", description="Answers twice")
        async def twice(inter: discord.Interaction) -> None:
            await inter.response.send_message("one")
            try:
                # Bypass discord.py's own guard to reach the server.
                await inter._state.http.request(
                    discord.http.Route("POST", "/interactions/{i}/{t}/callback", i=inter.id, t=inter.token), json={"type": 4, "data": {"content": "two"}}
                )
            except discord.HTTPException as exc:
                errors.append(exc.code)
                if len(errors) == 2:
                    both_failed.set()

    bot = await run_bot(setup)
    await bot.tree.sync()
    await world.standin.slash(world.alice, world.channel, "slow")
    world.standin.advance_clock(3.2)
    gate.set()
    await world.standin.wait_until(lambda: len(world.standin.rejections) >= 1)
    twice = await world.standin.slash(world.alice, world.channel, "twice")
    await twice.response()
    await asyncio.wait_for(both_failed.wait(), 5)
    assert errors == [10062, 40060]
    assert [v.kind for v in world.standin.violations] == ["interaction", "interaction"]


async def test_attachments_via_multipart(world: World, run_bot: Any) -> None:
    import io

    bot = await run_bot(lambda b: None)
    channel = bot.get_channel(int(world.channel.id))
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("board", file=discord.File(io.BytesIO(b"\x89PNG fake"), filename="board.png"))
    assert sent.attachments[0].filename == "board.png" and sent.attachments[0].size == 9
    stored = world.standin.message(str(sent.id))
    assert stored is not None and stored.attachments[0]["content_type"] in ("image/png", "application/octet-stream")
    assert world.standin.attachments[stored.attachments[0]["id"]] == b"\x89PNG fake"
    assert world.standin.violations == []


async def test_resume_after_connection_drop(world: World, run_bot: Any) -> None:
    resumed = asyncio.Event()

    def setup(bot: commands.Bot) -> None:
        @bot.tree.command(name="ping", description="Ping")
        async def ping(inter: discord.Interaction) -> None:
            await inter.response.send_message("pong")

        async def on_resumed() -> None:
            resumed.set()

        bot.add_listener(on_resumed)

    bot = await run_bot(setup)
    await bot.tree.sync()
    await world.standin.drop_connections()
    # Dispatched while the bot is away: must be replayed on RESUME.
    inter = await world.standin.slash(world.alice, world.channel, "ping")
    assert (await inter.response(timeout=10))["data"]["content"] == "pong"
    await asyncio.wait_for(resumed.wait(), 5)
    assert world.standin.gateway.resumes == 1 and world.standin.gateway.connections == 2
    assert len(world.standin.gateway.sessions) == 1


async def test_game_components_are_routed_by_id_and_never_kept_by_discord_py(world: World, run_bot: Any) -> None:
    """The bot's own components: sent on every path (a channel post, an interaction reply, an
    UPDATE_MESSAGE) and clicked, discord.py keeps no view and registers no item class, while
    the click reaches its kind's handler by id, with its numbers and values."""
    from bot.render.items import ComponentRouter, Components, GameButton, GameSelect, route_click

    router = ComponentRouter()
    heard: list[tuple[str, list[int], list[str]]] = []

    def view() -> Components:
        out = Components()
        out.add_item(GameButton("bgb:o:7:1:0", "Go"))
        out.add_item(GameSelect("bgs:p:7:1", [discord.SelectOption(label="Gold", value="3")]))
        return out

    async def handler(interaction: discord.Interaction[Any], args: list[int], values: list[str]) -> None:
        heard.append((interaction.data["custom_id"], args, values))  # type: ignore[index]
        await interaction.response.edit_message(content=f"heard {len(heard)}", view=view())

    router.register("o", handler)
    router.register("p", handler)

    def setup(bot: commands.Bot) -> None:
        @bot.event
        async def on_interaction(interaction: discord.Interaction[Any]) -> None:
            if interaction.type is discord.InteractionType.component:
                assert await route_click(router, interaction)

        @bot.tree.command(name="show", description="Show")
        async def show(inter: discord.Interaction) -> None:
            await inter.response.send_message("shown", view=view())

    bot = await run_bot(setup)
    await bot.tree.sync()
    channel = bot.get_channel(int(world.channel.id))
    assert isinstance(channel, discord.TextChannel)
    sent = world.standin.message(str((await channel.send("posted", view=view())).id))
    shown = await world.standin.slash(world.alice, world.channel, "show")
    await shown.response()
    reply = await shown.wait_original()
    assert sent is not None
    await (await world.standin.click(world.alice, sent, "bgb:o:7:1:0")).response()
    await (await world.standin.select(world.bob, reply, "bgs:p:7:1", ["3"])).response()
    assert heard == [("bgb:o:7:1:0", [7, 1, 0], []), ("bgs:p:7:1", [7, 1], ["3"])]
    store = bot._connection._view_store
    assert store._dynamic_items == {} and store.persistent_views == [] and not store._views
    assert world.standin.violations == []
