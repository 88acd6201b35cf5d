"""Tapestry for three through the real bot: two people and a bot seat, from /<game> new to the
final scores and the leaderboard. The people answer in their DMs by clicking any legal answer the
prompt shows (a seeded random pick among its answer buttons and menu options), the bot plays in
the background. Afterwards: the channel showed no tapestry hand and no private line (the leak
check of the other e2e tests, against what the rules made public), neither person's DMs showed
the other's private lines, every image the bot uploaded fits Discord's limits, and the finished
game reached the leaderboards: recorded in each person's history, unrated because a bot played.
A result typed in from a physical table, once confirmed, puts both people on the board."""

from __future__ import annotations

import io
import random
import re
import sqlite3
from collections import defaultdict
from pathlib import Path

from PIL import Image

from bot.render.common import event_line
from bot.standin import StandIn
from bot.standin.interactions import ATTACHMENT_SIZE_LIMIT
from bot.standin.state import JSON, Channel, Message, User
from bot.table import Live, engine_options, seat_specs
from engine.core import Event, Match
from storage import Store
from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import Action, Table, buttons, lobby_id, perform, prompt_id, selects, text_of
from tests.e2e.hidden import leaks
from tests.e2e.test_tapestry import WORDS, final_scores, is_board, tapestry_knowledge

MAX_BOARD_BYTES = 300_000  # the board picture, as the other e2e tests bound it
MAX_ATTACHMENTS = 10  # per message
MAX_SIDE = 4096  # pixels: larger pictures are shown scaled down by Discord's clients
ANSWER = re.compile(r"^bg[bs]:(?:o|e|a):")  # an answer, one option or several, or none
GATHER = re.compile(r"^bg[bs]:(?:d|c|g):")  # picks gathered one by one, or an area first, then the pick
EPHEMERAL = 64


class RandomPeople(Table):
    """People who answer their DM prompts with any legal answer: a button or a menu choice
    picked at random (a seeded RNG), turning pages only when nothing else is offered."""

    def __init__(
        self, standin: StandIn, channel: Channel, match_id: int, players: list[User], seed: int
    ) -> None:
        super().__init__(standin, channel, match_id, players, WORDS)
        self.rng = random.Random(seed)

    def choices(self, message: Message, kinds: re.Pattern[str]) -> list[Action]:
        out = [Action(cid) for cid in buttons(message).values() if kinds.match(cid)]
        for menu in selects(message):
            if not kinds.match(menu["custom_id"]):
                continue
            options = [o["value"] for o in menu["options"]]
            low, high = menu.get("min_values", 1), min(menu.get("max_values", 1), len(options))
            out.append(
                Action(menu["custom_id"], tuple(self.rng.sample(options, self.rng.randint(low, high))))
            )
        return out

    def decide(self, message: Message) -> Action:
        for kinds in (ANSWER, GATHER):
            found = self.choices(message, kinds)
            if found:
                return self.rng.choice(found)
        pages = list(buttons(message).values())
        assert pages, message.components
        return Action(self.rng.choice(pages))

    async def act(self, user: User, message: Message) -> None:
        pid = prompt_id(message, self.match_id)
        seen = len(message.history)
        action = self.decide(message)
        await perform(self.standin, user, message, action)
        self.actions += 1
        self.selects += not action.is_button

        def moved() -> bool:  # answered, or the same prompt shown again (a pick gathered, a page)
            if self.finished() or prompt_id(self.pending(user), self.match_id) != pid:
                return True
            current = self.standin.message(message.id)
            return current is None or len(current.history) > seen

        await self.standin.wait_until(moved, 10)


async def private_lines(db: Path, match_id: int) -> dict[str, set[str]]:
    """Each person's private event lines (what their DMs may show and no one else's may), by
    user id, replayed from the stored log."""
    store = await Store.open(str(db))
    try:
        record = await store.matches.get(match_id)
        assert record is not None
        entries = await store.log.entries(match_id)
    finally:
        await store.close()
    match = Match(record.game, seat_specs(record.seats), engine_options(record), record.seed)
    live = Live(record, match)
    lines: dict[str, set[str]] = defaultdict(set)

    def learn(events: list[Event]) -> None:
        for event in events:
            if not event.public and event.to is not None:
                lines[str(record.seats[event.to].user_id)].add(event_line(live, event, record.locale))

    learn(list(match.opening_events))
    for seat, answer in entries:
        learn(match.submit(seat, answer))
    return lines


def dm_text(standin: StandIn, user: User) -> str:
    return "\n".join(text_of(body) for m in standin.dm_messages(user) for body in m.history)


def attachment_problems(standin: StandIn, messages: list[Message]) -> list[str]:
    """Every upload the bot made fits Discord: at most 10 per message, each within the upload
    limit, each picture a PNG that opens at a size clients show."""
    problems = []
    for message in messages:
        if len(message.attachments) > MAX_ATTACHMENTS:
            problems.append(f"message {message.id} has {len(message.attachments)} attachments")
    for att_id, data in standin.attachments.items():
        if len(data) > ATTACHMENT_SIZE_LIMIT:
            problems.append(f"attachment {att_id}: {len(data):,} bytes")
        try:
            with Image.open(io.BytesIO(data)) as image:
                image.load()
                if image.format != "PNG" or max(image.size) > MAX_SIDE or min(image.size) < 1:
                    problems.append(f"attachment {att_id}: {image.format} {image.size}")
        except Exception as exc:  # noqa: BLE001 - anything unreadable is a problem to report
            problems.append(f"attachment {att_id}: not a picture ({exc})")
    return problems


async def answer_text(standin: StandIn, user: User, channel: Channel, command: str, options: JSON) -> str:
    """What a slash command answered: its reply, or the edited original after a deferral."""
    inter = await standin.slash(user, channel, command, options)
    body = await inter.response(timeout=10)
    if body.get("type") == 5:
        shown = await inter.wait_original(lambda m: bool(m.embeds or m.content))
        return text_of({"content": shown.content, "embeds": shown.embeds})
    return text_of(body.get("data") or {})


async def test_two_people_and_a_bot_play_tapestry_to_the_leaderboard(
    world: World, start_bot: StartBot
) -> None:
    standin = world.standin
    await start_bot()
    inter = await standin.slash(world.alice, world.channel, "tapestry new", {"players": 3})
    await inter.response()
    lobby = await inter.wait_original()
    match_id = lobby_id(lobby)
    for user, kind in ((world.bob, "lj"), (world.alice, "lb"), (world.alice, "ls")):
        click = await standin.click(user, standin.message(lobby.id) or lobby, f"bgb:{kind}:{match_id}")
        await click.response()
    await standin.wait_for_message(world.channel, is_board, timeout=10)

    people = [world.alice, world.bob]
    table = RandomPeople(standin, world.channel, match_id, people, seed=match_id * 7 + 3)
    await table.play_to_end(limit=1500)
    assert table.actions > 60 and table.selects > 0

    scores = final_scores(standin, world.channel)
    assert sorted(p for p, _ in scores) == sorted(["Alice", "Bob", "🤖 Bot 1"])
    assert [s for _, s in scores] == sorted((s for _, s in scores), reverse=True)
    with sqlite3.connect(world.db) as db:
        status = db.execute("SELECT status FROM matches WHERE id = ?", (match_id,)).fetchone()[0]
        row = db.execute("SELECT scores FROM results WHERE match_id = ?", (match_id,)).fetchone()
        plays = db.execute("SELECT ended_how, source FROM plays WHERE match_id = ?", (match_id,)).fetchall()
        rated = db.execute("SELECT player FROM ratings WHERE game = 'tapestry'").fetchall()
    assert status == "finished" and plays == [("normal", "online")]
    assert sorted((int(x) for x in re.findall(r"-?\d+", row[0])), reverse=True) == [s for _, s in scores]
    assert rated == []  # a bot sat at the table: recorded, never rated (bot/leaderboard/ratings.py)

    # The leaderboard: the game is in each person's history; the board says why it is empty.
    text = await answer_text(standin, world.carol, world.channel, "leaderboard show", {"game": "tapestry"})
    assert "Tapestry leaderboard" in text and "No rated games yet" in text
    for user in people:
        score = next(s for p, s in scores if p == user.name.title())
        # a tie on points may be broken by the rules or shared: any place of the tied group
        places = [i for i, (_, s) in enumerate(scores, 1) if s == score]
        text = await answer_text(standin, user, world.channel, "history", {})
        assert "**Tapestry** — " in text, text
        assert any(f"place {place} of 3, {score} point" in text for place in places), text

    # Nothing hidden in the channel; neither person saw the other's private lines.
    know = await tapestry_knowledge(world.db, match_id)
    assert leaks(standin, world.channel, people, know) == []
    own = await private_lines(world.db, match_id)
    for user in people:
        mine = own[str(user.id)]
        assert mine  # each person did get private lines (their tapestry cards)
        others = (
            set().union(*(lines for who, lines in own.items() if who != str(user.id))) - mine - know.public
        )
        seen = dm_text(standin, user)
        assert [line for line in others if line in seen] == []

    # Every picture fits: the board as the other e2e tests bound it, every upload within limits.
    boards = [m for m in standin.messages(world.channel) if is_board(m)]
    assert boards and all(0 < a["size"] < MAX_BOARD_BYTES for m in boards for a in m.attachments)
    everything = standin.messages(world.channel) + [m for u in people for m in standin.dm_messages(u)]
    assert standin.attachments and attachment_problems(standin, everything) == []
    assert standin.violations == []


def latest(standin: StandIn, message: Message) -> Message:
    return standin.message(message.id) or message


async def test_a_tapestry_table_result_reaches_the_leaderboard(world: World, start_bot: StartBot) -> None:
    """/result record game:tapestry: the sheet's modal within Discord's limits, the other player
    confirms, and both are on the Tapestry leaderboard."""
    standin = world.standin
    await start_bot()
    start = await standin.slash(world.alice, world.channel, "result record", {"game": "tapestry"})
    await start.response()
    sheet = await start.wait_original()
    pick = f"bgu:lbpl:{sheet.custom_ids()[0].split(':')[2]}"
    chosen = await standin.select(world.alice, latest(standin, sheet), pick, [world.alice.id, world.bob.id])
    await chosen.response()
    for seat, values in enumerate(({"track": "121", "civilization": "10"}, {"track": "104", "other": "-2"})):
        current = latest(standin, sheet)
        button = next(c for c in current.custom_ids() if c.startswith("bgb:lbsc:") and c.endswith(f":{seat}"))
        opened = await standin.click(world.alice, current, button)
        await opened.response()
        assert opened.modal is not None
        done = await standin.submit_modal(world.alice, opened, values)
        await done.response()
    drafted = text_of({"embeds": latest(standin, sheet).embeds})
    assert "**131**" in drafted and "**102**" in drafted
    submit = next(c for c in latest(standin, sheet).custom_ids() if c.startswith("bgb:lbsub:"))
    await (await standin.click(world.alice, latest(standin, sheet), submit)).response()
    request = await standin.wait_for_message(
        world.channel, lambda m: any(c.startswith("bgb:lbok:") for c in m.custom_ids()), timeout=10
    )
    confirm = next(c for c in request.custom_ids() if c.startswith("bgb:lbok:"))
    await (await standin.click(world.bob, request, confirm)).response()
    await standin.wait_until(lambda: not latest(standin, request).components, timeout=10)

    text = await answer_text(standin, world.carol, world.channel, "leaderboard show", {"game": "tapestry"})
    lines = text.splitlines()
    first = next(line for line in lines if line.startswith("`1.`"))
    second = next(line for line in lines if line.startswith("`2.`"))
    assert (
        "Tapestry leaderboard" in text and f"<@{world.alice.id}>" in first and f"<@{world.bob.id}>" in second
    )
    assert standin.violations == []
