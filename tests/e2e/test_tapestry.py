"""Tapestry through the real bot: a person against a bot, from /<game> new to the final scores.
The person answers from their DMs by a fixed habit (mostly advance, sometimes take the income
turn, otherwise the default or the first option); every request the bot makes is checked by the
stand-in, and the channel is checked for tapestry hands and answer controls."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.games.tapestry.render import tapestry_mat
from bot.i18n import t
from bot.standin import StandIn
from bot.standin.state import Channel, Message, User
from engine.games.tapestry.data import civilizations, landmarks, tapestry_cards, tech_cards, tracks
from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import Action, Table, Words, buttons, lobby_id, perform, prompt_id, selects
from tests.e2e.hidden import Knowledge, leaks, rebuild_knowledge

WORDS = Words("", "", "", (), "Tapestry — game #", "Final scores")
SCORE_LINE = re.compile(r"\*\*(?P<player>.+?)\*\* — (?P<score>-?\d+) VP")
ADVANCE = "Advance:"
MAX_BOARD_BYTES = 300_000


class TapestryTable(Table):
    """A person who answers their DM prompts by a fixed habit until the game ends."""

    def __init__(self, standin: StandIn, channel: Channel, match_id: int, players: list[User]) -> None:
        super().__init__(standin, channel, match_id, players, WORDS)
        self.turn = 0

    def decide(self, message: Message) -> Action:
        self.turn += 1
        menus = selects(message)
        btns = buttons(message)
        advance = self.turn % 4 != 0  # every fourth turn prompt: the income turn (the default)
        for menu in menus:
            options = menu["options"]
            if menu.get("max_values", 1) > 1 or menu.get("min_values", 1) > 1:
                count = max(1, menu.get("min_values", 1))
                return Action(menu["custom_id"], tuple(o["value"] for o in options[:count]))
            steps = [o for o in options if o["label"].startswith(ADVANCE)]
            if steps and advance:
                return Action(menu["custom_id"], (steps[self.turn % len(steps)]["value"],))
        if advance:
            for label, custom_id in btns.items():
                if label.startswith(ADVANCE):
                    return Action(custom_id)
        default = [
            c["custom_id"]
            for row in message.components
            for c in row.get("components", [])
            if c.get("style") == 3 and not c.get("disabled")
        ]
        if default:
            return Action(default[0])
        if menus:
            return Action(menus[0]["custom_id"], (menus[0]["options"][0]["value"],))
        ids = list(btns.values())
        assert ids, message.components
        return Action(ids[0])

    async def act(self, user: User, message: Message) -> None:
        pid = prompt_id(message, self.match_id)
        seen = len(message.history)
        await perform(self.standin, user, message, self.decide(message))
        self.actions += 1

        def moved() -> bool:  # answered, or the same prompt shown again (an area of a long list picked)
            if self.finished() or prompt_id(self.pending(user), self.match_id) != pid:
                return True
            current = self.standin.message(message.id)
            return current is None or len(current.history) > seen

        await self.standin.wait_until(moved, 10)


def is_board(message: Message) -> bool:
    title = message.embeds[0].get("title", "") if message.embeds else ""
    return WORDS.board in title


def final_scores(standin: StandIn, channel: Channel) -> list[tuple[str, int]]:
    for m in standin.messages(channel):
        if m.embeds and WORDS.result in m.embeds[0].get("title", ""):
            lines = m.embeds[0]["description"].splitlines()
            return [(g["player"], int(g["score"])) for line in lines if (g := SCORE_LINE.search(line))]
    return []


def hidden_names() -> dict[str, str]:
    """Tapestry card names (what a hand holds) that name nothing else a board shows."""
    others = {c.name for c in tech_cards().values()} | {c.name for c in civilizations().values()}
    others |= set(landmarks()) | {s.name for tr in tracks().values() for s in tr.spaces} | {tr.name for tr in tracks().values()}
    # every defender is asked the Trap question, holding one or not, and the lobby names it: the word
    # is the rule's, not a hand's
    others.add("Trap")
    return {c.name: c.id for c in tapestry_cards().values() if c.name not in others}


def tapestry_board(view: dict[str, Any], know: Knowledge, name: Callable[[str], str], locale: str) -> None:
    for p in view["players"]:
        know.public.add(t("tapestry.board.tapestry", locale, cards=tapestry_mat(p, locale)))


async def tapestry_knowledge(db: Path, match_id: int) -> Knowledge:
    """Replays the stored log: every public event line and each face-up tapestry mat is public."""
    _, know = await rebuild_knowledge(db, match_id, lambda name: hidden_names(), tapestry_board)
    return know


async def test_a_person_plays_tapestry_against_a_bot(world: World, start_bot: StartBot) -> None:
    await start_bot()
    standin = world.standin
    inter = await standin.slash(world.alice, world.channel, "tapestry new", {"civ_draw_two": True})
    await inter.response()
    lobby = await inter.wait_original()
    fields = {f["name"]: f["value"] for f in lobby.embeds[0].get("fields", [])}
    assert "draw 2, keep 1" in fields.get("Variants", ""), fields
    match_id = lobby_id(lobby)
    for kind in ("lb", "ls"):
        click = await standin.click(world.alice, standin.message(lobby.id) or lobby, f"bgb:{kind}:{match_id}")
        await click.response()
    await standin.wait_for_message(world.channel, is_board, timeout=10)

    table = TapestryTable(standin, world.channel, match_id, [world.alice])
    await table.play_to_end(limit=1500)
    # five income turns, advances between most of them (an income comes early when no advance is paid)
    assert table.actions >= 10

    scores = final_scores(standin, world.channel)
    assert len(scores) == 2 and "Alice" in [p for p, _ in scores]
    assert [s for _, s in scores] == sorted((s for _, s in scores), reverse=True)
    with sqlite3.connect(world.db) as db:
        status = db.execute("SELECT status FROM matches WHERE id = ?", (match_id,)).fetchone()[0]
    assert status == "finished"

    boards = [m for m in standin.messages(world.channel) if is_board(m)]
    board = boards[-1]
    assert [a["filename"] for a in board.attachments] == ["board.png"]
    assert 0 < board.attachments[0]["size"] < MAX_BOARD_BYTES
    names = {f["name"] for f in board.embeds[0].get("fields", [])}
    assert {"Tracks", "Face-up tech cards", "Achievements"} <= names

    know = await tapestry_knowledge(world.db, match_id)
    assert leaks(standin, world.channel, [world.alice], know) == []
