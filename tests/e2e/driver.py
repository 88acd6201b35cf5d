"""Driving games through the stand-in the way people do: read the message, press what a simple
player would press. Players play Big Money (all Treasures, then Province > Gold > Silver, else end
the turn), which is deterministic given what the prompt shows and ends a game in reasonable time.
"""

from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.standin import StandIn
from bot.standin.state import JSON, Channel, Message, User, iter_components

PROMPT_ID = re.compile(r"^bg[bs]:(?:o|e|c|x|pg|a|d|g):(\d+):(\d+)")
GROUP_MENU = "bgs:g:"  # the first step of a two-step pick: it shows options, answers nothing


@dataclass(frozen=True)
class Words:
    """What the buttons say, per locale."""

    play_all: str
    end_turn: str
    to_buy: str
    buys: tuple[str, ...]  # best first
    board: str  # a fragment of the board title
    result: str  # a fragment of the final-scores title


EN = Words("Play all Treasures", "End turn", "Go to Buy phase", ("Province", "Gold", "Silver"), "game #", "Final scores")
PT = Words(
    "Jogar todos os Tesouros",
    "Encerrar turno",
    "Ir para as compras",
    ("Província", "Ouro", "Prata"),
    "partida nº",
    "Placar final",
)


def components(message: Message) -> list[JSON]:
    return [c for c in iter_components(message.components) if "custom_id" in c]


CARD_INFO = "bgb:ci:"  # the prompt's card-details button: shows texts, answers nothing


def buttons(message: Message) -> dict[str, str]:
    """label -> custom_id of the enabled buttons that answer (not the card-details one)."""
    return {
        c.get("label", ""): c["custom_id"]
        for c in components(message)
        if c["type"] == 2 and not c["disabled"] and not c["custom_id"].startswith(CARD_INFO)
    }


def selects(message: Message) -> list[JSON]:
    return [c for c in components(message) if c["type"] == 3 and not c["disabled"]]


def prompt_id(message: Message | None, match_id: int) -> int | None:
    """The prompt id a message's answer components carry, if they belong to `match_id`."""
    if message is None or message.deleted:
        return None
    for c in components(message):
        m = PROMPT_ID.match(c["custom_id"])
        if m and int(m[1]) == match_id and not c["disabled"]:
            return int(m[2])
    return None


def lobby_id(message: Message) -> int:
    return int(next(c for c in message.custom_ids() if c.startswith("bgb:lj:")).split(":")[2])


@dataclass(frozen=True)
class Action:
    custom_id: str
    values: tuple[str, ...] | None = None  # None: a button

    @property
    def is_button(self) -> bool:
        return self.values is None


def decide(message: Message, words: Words) -> Action | None:
    """Big Money, read off the prompt message."""
    btns = buttons(message)
    menus = selects(message)
    if words.play_all in btns:
        return Action(btns[words.play_all])
    for card in words.buys:
        prefix = f"{card} ($"
        for label, cid in btns.items():
            if label.startswith(prefix):
                return Action(cid)
        for menu in menus:
            if menu.get("max_values", 1) == 1:
                for option in menu["options"]:
                    if option["label"].startswith(prefix):
                        return Action(menu["custom_id"], (option["value"],))
    for label in (words.end_turn, words.to_buy):
        if label in btns:
            return Action(btns[label])
    # Anything else (discarding to an attack, say): the first cards offered, as few as allowed.
    for menu in menus:
        count = max(1, menu.get("min_values", 1))
        return Action(menu["custom_id"], tuple(o["value"] for o in menu["options"][:count]))
    return Action(next(iter(btns.values()))) if btns else None


async def perform(standin: StandIn, user: User, message: Message, action: Action) -> JSON:
    live = standin.message(message.id) or message
    if action.is_button:
        inter = await standin.click(user, live, action.custom_id)
    else:
        inter = await standin.select(user, live, action.custom_id, list(action.values or ()))
    return await inter.response()


def is_board(message: Message, words: Words) -> bool:
    title = message.embeds[0].get("title", "") if message.embeds else ""
    return words.board in title and words.result not in title


def result_message(standin: StandIn, channel: Channel, words: Words) -> Message | None:
    for m in standin.messages(channel):
        if m.embeds and words.result in m.embeds[0].get("title", ""):
            return m
    return None


async def open_table(
    standin: StandIn,
    channel: Channel,
    host: User,
    guests: list[User],
    bots: int = 0,
    kingdom: str = "First Game",
    words: Words = EN,
) -> tuple[int, Message]:
    """/<game> new, guests join, the host adds bots and starts; returns (match id, first board)."""
    inter = await standin.slash(host, channel, "dominion new", {"kingdom": kingdom})
    await inter.response()
    lobby = await inter.wait_original()
    match_id = lobby_id(lobby)  # read first: starting turns the lobby message into a notice
    return match_id, await join_and_start(standin, channel, lobby, host, guests, bots, words)


async def join_and_start(
    standin: StandIn,
    channel: Channel,
    lobby: Message,
    host: User,
    guests: list[User],
    bots: int = 0,
    words: Words = EN,
) -> Message:
    """Guests join the lobby, the host adds bots and starts; returns the first board."""
    match_id = lobby_id(lobby)
    presses = [(g, "lj") for g in guests] + [(host, "lb")] * bots + [(host, "ls")]
    for user, kind in presses:
        click = await standin.click(user, standin.message(lobby.id) or lobby, f"bgb:{kind}:{match_id}")
        await click.response()
    return await standin.wait_for_message(channel, lambda m: is_board(m, words), timeout=10)


def set_seed(db: Path, match_id: int, seed: int) -> None:
    """Give a lobby a chosen seed, so a test's deal is the same on every run. The bot must be
    stopped while this runs: a running bot keeps the lobby it created in memory."""
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE matches SET seed = ? WHERE id = ?", (seed, match_id))


def match_options(db: Path, match_id: int) -> dict[str, Any]:
    """The options stored with a match."""
    with sqlite3.connect(db) as conn:
        row = conn.execute("SELECT options FROM matches WHERE id = ?", (match_id,)).fetchone()
    options: dict[str, Any] = json.loads(row[0])
    return options


@dataclass
class Table:
    """Players who act on their DMs until the game ends; records what they did."""

    standin: StandIn
    channel: Channel
    match_id: int
    players: list[User]
    words: Words = EN
    # Users who answer "Play all Treasures" with /play (autocomplete) instead of the button.
    by_command: set[str] = field(default_factory=set)
    actions: int = 0
    commands: int = 0
    selects: int = 0

    def pending(self, user: User) -> Message | None:
        """The user's latest private view of this match, if it offers a decision."""
        mine = re.compile(rf"(#|nº ){self.match_id}$")
        for message in reversed(self.standin.dm_messages(user)):
            title = message.embeds[0].get("title", "") if message.embeds and not message.ephemeral else ""
            if mine.search(title):
                return message if prompt_id(message, self.match_id) is not None else None
        return None

    def whose_turn(self) -> tuple[User, Message] | None:
        for user in self.players:
            message = self.pending(user)
            if message is not None:
                return user, message
        return None

    async def next_turn(self) -> tuple[User, Message]:
        """Wait until someone has a decision to take: that player and the message showing it."""
        await self.standin.wait_until(lambda: self.whose_turn() is not None)
        found = self.whose_turn()
        assert found is not None
        return found

    def finished(self) -> bool:
        return result_message(self.standin, self.channel, self.words) is not None

    async def step(self, timeout: float = 20) -> bool:
        """Wait for someone's decision and take it; False once the game is over."""
        while True:
            await self.standin.wait_until(lambda: self.finished() or self.whose_turn() is not None, timeout)
            # Read again: the stand-in serves the bot between the wait's last look and this one,
            # so a decision seen there may already be gone (a view brought up to date).
            found = self.whose_turn()
            if found is not None:
                await self.act(*found)
                return True
            if self.finished():
                return False

    async def act(self, user: User, message: Message) -> None:
        pid = prompt_id(message, self.match_id)
        action = decide(message, self.words)
        assert action is not None, message.components
        if user.id in self.by_command and action.custom_id == buttons(message).get(self.words.play_all):
            await self.play_command(user, self.words.play_all)
        else:
            await perform(self.standin, user, message, action)
            self.selects += not action.is_button
        self.actions += 1
        if action.custom_id.startswith(GROUP_MENU):
            return  # the same decision, now showing the chosen group's options
        # The answer is in once this user's open decision is a different one (or none).
        await self.standin.wait_until(
            lambda: self.finished() or prompt_id(self.pending(user), self.match_id) != pid, 10
        )

    async def play_command(self, user: User, label: str) -> None:
        """/play with the autocomplete suggestion for `label`."""
        typed = label[:8].lower()
        ac = await self.standin.autocomplete(user, self.channel, "play", {"choice": typed}, focused="choice")
        await ac.response()
        choice = next(c for c in ac.choices if c["name"] == label)
        done = await self.standin.slash(user, self.channel, "play", {"choice": choice["value"]})
        await done.response()
        reply = await done.wait_original()
        assert reply.ephemeral and reply.visible_to == user.id
        self.commands += 1

    async def play_to_end(self, limit: int = 800) -> None:
        for _ in range(limit):
            if not await self.step():
                return
        raise AssertionError(f"no end after {limit} decisions")


def text_of(body: Any) -> str:
    """Everything a message body shows or carries: content, embeds, component labels and ids."""
    if not isinstance(body, dict):
        return ""
    parts: list[str] = [str(body.get("content") or "")]
    embeds = list(body.get("embeds") or [])
    if body.get("embed"):
        embeds.append(body["embed"])
    for embed in embeds:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [(embed.get("footer") or {}).get("text") or "", (embed.get("author") or {}).get("name") or ""]
        for f in embed.get("fields") or []:
            parts += [f.get("name") or "", f.get("value") or ""]
    for c in iter_components(list(body.get("components") or [])):
        parts += [str(c.get(k) or "") for k in ("custom_id", "label", "placeholder")]
        for o in c.get("options") or []:
            parts += [str(o.get(k) or "") for k in ("label", "value", "description")]
    return "\n".join(p for p in parts if p)
