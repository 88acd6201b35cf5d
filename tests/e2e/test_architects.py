"""Architects of the West Kingdom through the real bot: a person and a bot seat play from
/<game> new to the final scores. The person answers from their DMs by a fixed habit (build or climb
whenever the menu offers it, pay the first plan, hire when the Workshop allows, otherwise gather
in turn at a few locations), and every request the bot makes is checked by the stand-in. Every
channel message is then searched for Building cards the rules never made public."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import join_names, t
from bot.standin import StandIn
from bot.standin.state import Channel, Message, User
from engine.core.registry import get_game
from engine.games.architects.data import buildings
from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import Action, Table, Words, buttons, lobby_id, perform, prompt_id, selects, text_of
from tests.e2e.hidden import Knowledge, leaks, rebuild_knowledge

# `/architects new` exists only once the game is released.
pytestmark = pytest.mark.xfail(not get_game("architects").released, reason="not offered yet", strict=True)

WORDS = Words("", "", "", (), "Architects of the West Kingdom — game #", "Final scores")
SCORE_LINE = re.compile(r"\*\*(?P<player>.+?)\*\* — (?P<score>-?\d+) VP")
FIRST = ("Guildhall", "Build ", "Work on the Cathedral", "Pay ")  # labels that move toward the end
GATHER = ("Forest", "Quarry", "Silversmith", "Mines", "Workshop", "Forest", "Quarry", "Silversmith")
MAX_BOARD_BYTES = 300_000


class ArchitectsTable(Table):
    """A person who answers their DM prompts by a fixed habit until the game ends."""

    def __init__(self, standin: StandIn, channel: Channel, match_id: int, players: list[User]) -> None:
        super().__init__(standin, channel, match_id, players, WORDS)
        self.turn = 0
        self.placed = 0

    def decide(self, message: Message) -> Action:
        self.turn += 1
        menus = selects(message)
        choices = [(label, Action(cid)) for label, cid in buttons(message).items()]
        for menu in menus:
            if menu.get("max_values", 1) > 1 or menu.get("min_values", 1) > 1:  # the hand limit
                count = max(1, menu.get("min_values", 1))
                return Action(menu["custom_id"], tuple(o["value"] for o in menu["options"][:count]))
            choices += [(o["label"], Action(menu["custom_id"], (o["value"],))) for o in menu["options"]]
        for prefix in FIRST:
            for label, action in choices:
                if label.startswith(prefix):
                    return action
        prompt = (message.embeds[0].get("description") or "") if message.embeds else ""
        if "place a worker" in prompt:
            self.placed += 1
            for k in range(len(GATHER)):
                wanted = GATHER[(self.placed + k) % len(GATHER)]
                for label, action in choices:
                    if label == wanted:
                        return action
        for label, action in choices:
            if " — row " in label:  # a hire
                return action
        default = [
            c["custom_id"]
            for row in message.components
            for c in row.get("components", [])
            if c.get("style") == 3 and not c.get("disabled")
        ]
        if default:
            return Action(default[0])
        assert choices, message.components
        return choices[self.turn % len(choices)][1]

    async def act(self, user: User, message: Message) -> None:
        pid = prompt_id(message, self.match_id)
        await perform(self.standin, user, message, self.decide(message))
        self.actions += 1
        await self.standin.wait_until(
            lambda: self.finished() or prompt_id(self.pending(user), self.match_id) != pid, 10
        )


def is_board(message: Message) -> bool:
    title = message.embeds[0].get("title", "") if message.embeds else ""
    return WORDS.board in title


def architects_board(view: dict[str, Any], know: Knowledge, name: Callable[[str], str], locale: str) -> None:
    for p in view["players"]:
        built = join_names(name(b) for b in p["buildings"])
        know.public.add(t("architects.board.buildings", locale, cards=built))


async def knowledge(db: Path, match_id: int) -> Knowledge:
    """What the rules made public, rebuilt from the stored log: every public event line and every
    player's built Buildings, as the board lists them. The hidden names are the Buildings'."""
    _, know = await rebuild_knowledge(db, match_id, lambda name: {name(b): b for b in buildings()}, architects_board)
    return know


def final_scores(standin: StandIn, channel: Channel) -> list[tuple[str, int]]:
    for m in standin.messages(channel):
        if m.embeds and WORDS.result in m.embeds[0].get("title", ""):
            lines = m.embeds[0]["description"].splitlines()
            return [(g["player"], int(g["score"])) for line in lines if (g := SCORE_LINE.search(line))]
    return []


async def test_a_person_and_a_bot_play_architects_to_the_end(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    await start_bot()
    inter = await standin.slash(world.alice, world.channel, "architects new", {"players": 2})
    await inter.response()
    lobby = await inter.wait_original()
    lobby_text = text_of({"embeds": lobby.embeds})
    assert "Rules from Board Game Arena only" in lobby_text and "Hand limit: **6 cards**" in lobby_text
    match_id = lobby_id(lobby)
    for kind in ("lb", "ls"):
        click = await standin.click(world.alice, standin.message(lobby.id) or lobby, f"bgb:{kind}:{match_id}")
        await click.response()
    await standin.wait_for_message(world.channel, is_board, timeout=10)

    table = ArchitectsTable(standin, world.channel, match_id, [world.alice])
    await table.play_to_end(limit=600)
    assert table.actions > 20

    scores = final_scores(standin, world.channel)
    assert sorted(p for p, _ in scores) == sorted(["Alice", "🤖 Bot 1"])
    assert [s for _, s in scores] == sorted((s for _, s in scores), reverse=True)
    with sqlite3.connect(world.db) as db:
        status = db.execute("SELECT status FROM matches WHERE id = ?", (match_id,)).fetchone()[0]
        row = db.execute("SELECT scores FROM results WHERE match_id = ?", (match_id,)).fetchone()
    assert status == "finished"
    assert sorted((int(x) for x in re.findall(r"-?\d+", row[0])), reverse=True) == [s for _, s in scores]

    # The board: an embed with the table's parts and its picture.
    board = [m for m in standin.messages(world.channel) if is_board(m)][-1]
    assert [a["filename"] for a in board.attachments] == ["board.png"]
    assert 0 < board.attachments[0]["size"] < MAX_BOARD_BYTES
    fields = {f["name"] for f in board.embeds[0].get("fields", [])}
    assert {"Guildhall", "Locations", "Apprentices for hire", "Black Market"} <= fields
    logs = [text_of(body) for m in standin.messages(world.channel) if is_board(m) for body in m.history]
    assert any("places a worker at" in text for text in logs)
    assert any(" builds " in text for text in logs)

    # The person saw their hand and their plans by DM; the channel never did.
    dms = [text_of(body) for m in standin.dm_messages(world.alice) for body in m.history]
    assert any("**Hand:**" in text and "**Resources:**" in text for text in dms)
    assert any("Your turn: place a worker." in text for text in dms)
    # a cost with more than one way to pay offers its plans, each in words
    assert all("Pay " in text for text in dms if "Choose how to pay." in text)
    know = await knowledge(world.db, match_id)
    assert leaks(standin, world.channel, [world.alice], know) == []
