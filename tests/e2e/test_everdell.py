"""Everdell through the real bot: a two-player game and a solo game against Rugwort, from
/<game> new to the final scores. People answer from their DMs with a simple fixed habit (play a card
when the menu offers one, take the default when there is one, otherwise walk through the options),
and every request the bot makes is checked by the stand-in."""

from __future__ import annotations

import re
import sqlite3

from bot.standin import StandIn
from bot.standin.state import Channel, Message, User
from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import (
    PROMPT_ID,
    Action,
    Table,
    Words,
    buttons,
    lobby_id,
    perform,
    prompt_id,
    selects,
    text_of,
)

WORDS = Words("", "", "", (), "Everdell — game #", "Final scores")
SCORE_LINE = re.compile(r"\*\*(?P<player>.+?)\*\* — (?P<score>-?\d+) VP")
PLAY = ("Play ", "Pay ", "Free")  # labels that move the game forward: plays and their payments
MAX_BOARD_BYTES = 300_000


class EverdellTable(Table):
    """Players who answer their DM prompts by a fixed habit until the game ends."""

    def __init__(self, standin: StandIn, channel: Channel, match_id: int, players: list[User]) -> None:
        super().__init__(standin, channel, match_id, players, WORDS)
        self.turn = 0

    def decide(self, message: Message) -> Action:
        self.turn += 1
        menus = selects(message)
        btns = buttons(message)
        default = [
            c["custom_id"]
            for row in message.components
            for c in row.get("components", [])
            if c.get("style") == 3 and not c.get("disabled")
        ]
        for menu in menus:
            options = menu["options"]
            if menu.get("max_values", 1) > 1 or menu.get("min_values", 1) > 1:
                count = max(1, menu.get("min_values", 1))
                return Action(menu["custom_id"], tuple(o["value"] for o in options[:count]))
            plays = [o for o in options if o["label"].startswith(PLAY)]
            pick = plays[self.turn % len(plays)] if plays else options[self.turn % len(options)]
            return Action(menu["custom_id"], (pick["value"],))
        for label, custom_id in btns.items():
            if label.startswith(PLAY):
                return Action(custom_id)
        if default:
            return Action(default[0])
        ids = list(btns.values())
        assert ids, message.components
        return Action(ids[self.turn % len(ids)])

    async def act(self, user: User, message: Message) -> None:
        pid = prompt_id(message, self.match_id)
        await perform(self.standin, user, message, self.decide(message))
        self.actions += 1
        await self.standin.wait_until(
            lambda: self.finished() or prompt_id(self.pending(user), self.match_id) != pid, 10
        )


async def open_everdell(world: World, guests: list[User], **options: object) -> int:
    standin = world.standin
    inter = await standin.slash(world.alice, world.channel, "everdell new", {**options})
    await inter.response()
    lobby = await inter.wait_original()
    match_id = lobby_id(lobby)
    for user, kind in [(g, "lj") for g in guests] + [(world.alice, "ls")]:
        click = await standin.click(user, standin.message(lobby.id) or lobby, f"bgb:{kind}:{match_id}")
        await click.response()
    await standin.wait_for_message(world.channel, lambda m: is_board(m), timeout=10)
    return match_id


def is_board(message: Message) -> bool:
    title = message.embeds[0].get("title", "") if message.embeds else ""
    return WORDS.board in title


def final_scores(standin: StandIn, channel: Channel) -> list[tuple[str, int]]:
    for m in standin.messages(channel):
        if m.embeds and WORDS.result in m.embeds[0].get("title", ""):
            lines = m.embeds[0]["description"].splitlines()
            return [(g["player"], int(g["score"])) for line in lines if (g := SCORE_LINE.search(line))]
    return []


def channel_problems(standin: StandIn, channel: Channel, players: list[User]) -> list[str]:
    """Hands seen by DM never reach the channel, nor do answer controls."""
    hands = {
        line
        for user in players
        for message in standin.dm_messages(user)
        for body in message.history
        for line in text_of(body).splitlines()
        if line.startswith("**Hand:**") and "—" not in line
    }
    assert hands, "no hand was ever shown by DM"
    problems = []
    for message in standin.messages(channel):
        for body in message.history:
            text = text_of(body)
            problems += [f"hand {h!r} in {message.id}" for h in hands if h in text]
            for row in body.get("components") or [] if isinstance(body, dict) else []:
                for c in row.get("components") or []:
                    if "custom_id" in c and PROMPT_ID.match(c["custom_id"]):
                        problems.append(f"answer control {c['custom_id']} in {message.id}")
    return problems


def board_checks(standin: StandIn, channel: Channel) -> None:
    boards = [m for m in standin.messages(channel) if is_board(m)]
    assert boards
    board = boards[-1]
    assert [a["filename"] for a in board.attachments] == ["board.png"]
    assert 0 < board.attachments[0]["size"] < MAX_BOARD_BYTES
    assert "board.png" in board.embeds[0].get("image", {}).get("url", "")
    fields = {f["name"] for f in board.embeds[0].get("fields", [])}
    assert {"Meadow", "Locations", "Events"} <= fields


def stored_result(world: World, match_id: int) -> tuple[str, list[int]]:
    with sqlite3.connect(world.db) as db:
        status = db.execute("SELECT status FROM matches WHERE id = ?", (match_id,)).fetchone()[0]
        row = db.execute("SELECT scores FROM results WHERE match_id = ?", (match_id,)).fetchone()
    return status, [int(x) for x in re.findall(r"-?\d+", row[0])]


async def test_two_people_play_everdell_to_the_end(world: World, start_bot: StartBot) -> None:
    await start_bot()
    match_id = await open_everdell(world, [world.bob], players=2)
    table = EverdellTable(world.standin, world.channel, match_id, [world.alice, world.bob])
    await table.play_to_end(limit=600)
    assert table.actions > 20

    scores = final_scores(world.standin, world.channel)
    assert sorted(p for p, _ in scores) == ["Alice", "Bob"]
    assert [s for _, s in scores] == sorted((s for _, s in scores), reverse=True)
    status, stored = stored_result(world, match_id)
    assert status == "finished" and sorted(stored, reverse=True) == [s for _, s in scores]
    board_checks(world.standin, world.channel)
    logs = [text_of(body) for m in world.standin.messages(world.channel) if is_board(m) for body in m.history]
    assert any(" plays " in text for text in logs) and any("paying" in text for text in logs)
    assert channel_problems(world.standin, world.channel, [world.alice, world.bob]) == []


async def test_solo_against_rugwort(world: World, start_bot: StartBot) -> None:
    await start_bot()
    inter = await world.standin.slash(
        world.alice, world.channel, "everdell new", {"players": 1, "rugwort_year": 2}
    )
    await inter.response()
    lobby = await inter.wait_original()
    assert "Year 2 — Rugwort the Rotten" in text_of(lobby.history[-1] if lobby.history else {}) or any(
        "Rugwort the Rotten" in f.get("value", "") for f in lobby.embeds[0].get("fields", [])
    )
    match_id = lobby_id(lobby)
    start = await world.standin.click(
        world.alice, world.standin.message(lobby.id) or lobby, f"bgb:ls:{match_id}"
    )
    await start.response()
    await world.standin.wait_for_message(world.channel, is_board, timeout=10)

    table = EverdellTable(world.standin, world.channel, match_id, [world.alice])
    await table.play_to_end(limit=400)

    # Rugwort moved inside the rules and the channel heard about it.
    said = [
        m.content for m in world.standin.messages(world.channel) if m.content.startswith("**🤖 Rugwort**")
    ]
    assert any("rolls" in line for line in said), said
    assert any("moves for spring" in line for line in said), said
    result = next(
        m
        for m in world.standin.messages(world.channel)
        if m.embeds and WORDS.result in m.embeds[0].get("title", "")
    )
    description = result.embeds[0]["description"]
    assert "Alice" in description and "Rugwort** (year 2)" in description
    status, _ = stored_result(world, match_id)
    assert status == "finished"
    board_checks(world.standin, world.channel)
    assert channel_problems(world.standin, world.channel, [world.alice]) == []
