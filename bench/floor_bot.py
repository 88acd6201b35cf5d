"""The thinnest discord.py bot: what the library alone costs per button click.

It answers every component interaction with one UPDATE_MESSAGE callback carrying a constant
message and one button, through discord.py's ordinary path (gateway, INTERACTION_CREATE parsing,
`on_interaction`, `InteractionResponse.edit_message`). No database, no engine, no rendering.

The client is configured as the real bot configures discord.py (`bot/app.py`): the guilds intent
only, no message cache, the same cap on REST connections and the same garbage-collector settings,
so the gap between the two is our own code. It reaches the stand-in the way the real bot does:
DISCORD_API_BASE through `bot.standin.patch.use_api_base`.

    DISCORD_TOKEN=... DISCORD_API_BASE=http://127.0.0.1:PORT python bench/floor_bot.py

`bench/floor.py` launches it against a stand-in and clicks its buttons.

With FLOOR_TRAFFIC=table it causes the least traffic a play-by-post table must: a turn is two
clicks (play, then buy) by the player to move. Each click is answered with its UPDATE_MESSAGE and
followed by one edit of the match's board message in its channel; the second click of a turn
also sends the other player their next prompt, a new DM message with a button. FLOOR_TABLES
names a JSON file, written by the benchmark, mapping each player's DM channel id to
[board channel id, board message id, the other player's DM channel id]: what a real bot holds in
memory for a live match. Contents stay constant; still no database, no engine.

With FLOOR_TRAFFIC=payload the same traffic carries the real bot's messages instead of one-line
texts (FLOOR_PAYLOADS: a JSON file of the board, the prompt to play, the prompt to buy and the
waiting view as our bot sent them in a game, captured by bench/floor.py), each built once: the
cost of sending, receiving and parsing what a player must see, with no work to produce it.
FLOOR_TRAFFIC=lean-payload sends those messages on the real bot's own paths instead of discord.py's
ordinary ones (`bot/postbox.py`: nothing read back after the click's answer, the board edit or the
DM), so what lies between it and the bot is the bot's work to produce them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402
import discord  # noqa: E402

from bot.app import HTTP_CONNECTIONS, tune_gc  # noqa: E402
from bot.postbox import RestPostbox, update_clicked  # noqa: E402
from bot.standin.patch import use_api_base  # noqa: E402

CONTENT = "Your move."
LABEL = "Again"
CUSTOM_ID = "floor:again"

# The table traffic's prompts: labels bench/load.py's money-only player picks by.
PLAY_LABEL, PLAY_ID = "Play all Treasures", "floor:play"
BUY_LABEL, BUY_ID = "Gold", "floor:buy"
PLAY_CONTENT = "Your turn: play your Treasures."
BUY_CONTENT = "Treasures played: buy a card."
WAIT_CONTENT = "Turn over: waiting for your opponent."
BOARD_CONTENT = "The board."


def stopped_view(label: str, custom_id: str) -> discord.ui.View:
    """A one-button view built once. A stopped view is not tracked by discord.py's view store,
    so clicks reach `on_interaction` only, with no item callbacks."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=label, custom_id=custom_id))
    view.stop()
    return view


class FloorBot(discord.Client):
    def __init__(self) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(intents=intents, max_messages=None)
        self.answered = 0

    async def setup_hook(self) -> None:
        self.view = stopped_view(LABEL, CUSTOM_ID)  # every answer carries the same button
        tune_gc()

    async def login(self, token: str) -> None:
        if self.http.connector is discord.utils.MISSING:
            self.http.connector = aiohttp.TCPConnector(limit=HTTP_CONNECTIONS)
        await super().login(token)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.type is not discord.InteractionType.component:
            return
        try:
            await interaction.response.edit_message(content=CONTENT, view=self.view)
        except discord.NotFound:
            # Answered after Discord's 3-second window (an overloaded machine): a logged traceback
            # per late click would only make the process later still, as it does for the bot.
            return
        self.answered += 1


class TableBot(FloorBot):
    """The floor plus a table's minimum traffic: a board edit per click, a DM per turn change."""

    def __init__(self, tables: dict[int, tuple[int, int, int]]) -> None:
        super().__init__()
        self.tables = tables

    async def setup_hook(self) -> None:
        self.play_view = stopped_view(PLAY_LABEL, PLAY_ID)
        self.buy_view = stopped_view(BUY_LABEL, BUY_ID)
        tune_gc()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.type is not discord.InteractionType.component or interaction.channel_id is None:
            return
        board_channel, board_message, other_dm = self.tables[interaction.channel_id]
        data = cast(dict[str, Any], interaction.data)  # a component's: it carries custom_id
        turn_over = data.get("custom_id") == BUY_ID
        try:
            if turn_over:
                await interaction.response.edit_message(content=WAIT_CONTENT, view=None)
            else:
                await interaction.response.edit_message(content=BUY_CONTENT, view=self.buy_view)
        except discord.NotFound:
            return  # past the 3-second window, as in FloorBot: the player clicks again
        self.answered += 1
        board = self.get_partial_messageable(board_channel).get_partial_message(board_message)
        await board.edit(content=BOARD_CONTENT)
        if turn_over:
            dm = self.get_partial_messageable(other_dm, type=discord.ChannelType.private)
            await dm.send(content=PLAY_CONTENT, view=self.play_view)


class RawView(discord.ui.View):
    """Components sent exactly as given, built once: the cheapest way through discord.py's
    ordinary send and edit calls (a stopped view, so nothing is stored for dispatch)."""

    def __init__(self, components: list[dict[str, Any]]) -> None:
        super().__init__(timeout=None)
        self.raw = components
        self.stop()

    def to_components(self) -> list[dict[str, Any]]:
        return self.raw


@dataclass(frozen=True)
class Body:
    """A message as the real bot sends it (bench/floor.py captures them), ready to send."""

    content: str | None
    embeds: list[discord.Embed]
    view: RawView | None

    @classmethod
    def of(cls, raw: dict[str, Any]) -> Body:
        components = raw.get("components") or []
        return cls(
            raw.get("content") or None,
            [discord.Embed.from_dict(e) for e in raw.get("embeds") or []],
            RawView(components) if components else None,
        )


class PayloadBot(TableBot):
    """The table's traffic carrying the real bot's messages (FLOOR_TRAFFIC=payload): the board
    embed, the prompt to play, the prompt to buy, the waiting view, as our bot rendered them in a
    game. What the thinnest bot pays to send what a player must see."""

    def __init__(self, tables: dict[int, tuple[int, int, int]], bodies: dict[str, Body]) -> None:
        super().__init__(tables)
        self.bodies = bodies

    async def setup_hook(self) -> None:
        tune_gc()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.type is not discord.InteractionType.component or interaction.channel_id is None:
            return
        board_channel, board_message, other_dm = self.tables[interaction.channel_id]
        data = cast(dict[str, Any], interaction.data)
        turn_over = data.get("custom_id") == BUY_ID
        try:
            await self.answer_click(interaction, self.bodies["wait" if turn_over else "buy"])
        except discord.NotFound:
            return
        self.answered += 1
        await self.edit_board(board_channel, board_message, self.bodies["board"])
        if turn_over:
            await self.send_prompt(other_dm, self.bodies["play"])

    async def answer_click(self, interaction: discord.Interaction[Any], body: Body) -> None:
        await interaction.response.edit_message(content=body.content, embeds=body.embeds, view=body.view)

    async def edit_board(self, channel_id: int, message_id: int, body: Body) -> None:
        partial = self.get_partial_messageable(channel_id).get_partial_message(message_id)
        await partial.edit(content=body.content, embeds=body.embeds, view=body.view)

    async def send_prompt(self, channel_id: int, body: Body) -> None:
        dm = self.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        await dm.send(content=body.content, embeds=body.embeds, view=body.view or discord.utils.MISSING)


class LeanPayloadBot(PayloadBot):
    """The same messages sent as our bot sends them (FLOOR_TRAFFIC=lean-payload): the click's
    answer without asking for the message back, the board edit and the DM read only for their
    ids (`bot/postbox.py`). What the thinnest bot pays for our messages on our own send paths."""

    async def setup_hook(self) -> None:
        await super().setup_hook()
        self.postbox = RestPostbox(self)

    async def answer_click(self, interaction: discord.Interaction[Any], body: Body) -> None:
        await update_clicked(interaction, content=body.content, embeds=body.embeds, view=body.view)

    async def edit_board(self, channel_id: int, message_id: int, body: Body) -> None:
        await self.postbox.patch(channel_id, message_id, content=body.content, embeds=body.embeds, view=body.view)

    async def send_prompt(self, channel_id: int, body: Body) -> None:
        await self.postbox.post(channel_id, content=body.content, embeds=body.embeds, view=body.view)


def read_bodies(path: str) -> dict[str, Body]:
    with open(path) as fh:
        raw: dict[str, dict[str, Any]] = json.load(fh)
    return {kind: Body.of(body) for kind, body in raw.items()}


def read_tables(path: str) -> dict[int, tuple[int, int, int]]:
    with open(path) as fh:
        raw: dict[str, list[str]] = json.load(fh)
    return {int(dm): (int(ch), int(msg), int(other)) for dm, (ch, msg, other) in raw.items()}


async def run() -> None:
    token = os.environ["DISCORD_TOKEN"]
    base = os.environ.get("DISCORD_API_BASE")
    if base:
        use_api_base(base)
    traffic = os.environ.get("FLOOR_TRAFFIC", "click")
    client: FloorBot
    if traffic == "click":
        client = FloorBot()
    elif traffic == "table":
        client = TableBot(read_tables(os.environ["FLOOR_TABLES"]))
    elif traffic in ("payload", "lean-payload"):
        kind = PayloadBot if traffic == "payload" else LeanPayloadBot
        client = kind(read_tables(os.environ["FLOOR_TABLES"]), read_bodies(os.environ["FLOOR_PAYLOADS"]))
    else:
        raise SystemExit(
            f"FLOOR_TRAFFIC must be 'click', 'table', 'payload' or 'lean-payload', not {traffic!r}"
        )
    async with client:
        await client.start(token)


def main() -> None:
    logging.basicConfig(level=os.environ.get("LOG_LEVEL", "WARNING").upper())
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run())


if __name__ == "__main__":
    main()
