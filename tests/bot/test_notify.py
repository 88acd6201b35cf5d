"""The notifier against a recording fake of discord.py's client: a prompt delivered by one
process is not delivered again by another that takes the match over, board edits of a burst
are coalesced into one, and what it keeps per match is dropped when the game ends."""

from __future__ import annotations

import asyncio
import itertools
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.notify import Notifier
from bot.postbox import Posted
from bot.prefs import PrefsService
from bot.table import Live, Outcome, TableService
from engine.core import Prompt
from storage import Store
from tests.bot.conftest import ALICE, BOB, CHANNEL, start_game, user_of

_ids = itertools.count(10_000)


@dataclass
class Sent:
    kind: str  # post | edit
    channel_id: int
    message_id: int
    kwargs: dict[str, Any]


@dataclass
class FakeMessage:
    id: int
    channel: FakeChannel
    # Just made, as a send's message is (one Discord returns for a repeated nonce is older).
    created_at: datetime = field(default_factory=lambda: datetime.now(UTC))


@dataclass
class FakePartial:
    client: FakeClient
    channel_id: int
    id: int

    async def edit(self, **kwargs: Any) -> FakeMessage:
        self.client.sent.append(Sent("edit", self.channel_id, self.id, kwargs))
        return FakeMessage(self.id, FakeChannel(self.client, self.channel_id))

    async def delete(self) -> None:
        self.client.sent.append(Sent("delete", self.channel_id, self.id, {}))


@dataclass
class FakeChannel:
    client: FakeClient
    id: int

    async def send(self, content: str | None = None, **kwargs: Any) -> FakeMessage:
        message = FakeMessage(next(_ids), self)
        self.client.sent.append(Sent("post", self.id, message.id, {"content": content, **kwargs}))
        return message

    def get_partial_message(self, message_id: int) -> FakePartial:
        return FakePartial(self.client, self.id, message_id)


@dataclass
class FakeClient:
    """What the notifier uses of discord.Client, recording every message it sends or edits."""

    sent: list[Sent] = field(default_factory=list)

    def get_partial_messageable(self, channel_id: int, **kwargs: Any) -> FakeChannel:
        return FakeChannel(self, channel_id)

    async def create_dm(self, user: discord.abc.Snowflake) -> FakeChannel:
        return FakeChannel(self, 900_000 + user.id)

    # The notifier's postbox (bot.postbox.Postbox): through the channels above, so a test's
    # channel that fails makes the postbox fail too.
    async def post(self, channel_id: int, **kwargs: Any) -> Posted:
        message = await self.get_partial_messageable(channel_id).send(**kwargs)
        return Posted(channel_id, message.id, message.created_at.timestamp())

    async def patch(self, channel_id: int, message_id: int, **kwargs: Any) -> Posted:
        message = await self.get_partial_messageable(channel_id).get_partial_message(message_id).edit(**kwargs)
        return Posted(channel_id, message.id, message.created_at.timestamp())

    def dms(self) -> list[Sent]:
        return [s for s in self.sent if s.kind == "post" and s.channel_id >= 900_000]

    def board_edits(self) -> list[Sent]:
        return [s for s in self.sent if s.kind == "edit" and s.channel_id == CHANNEL]

    def boards_left(self) -> list[int]:
        """Board messages posted in the channel and not deleted since."""
        gone = {s.message_id for s in self.sent if s.kind == "delete"}
        posts = [s for s in self.sent if s.kind == "post" and s.channel_id == CHANNEL and "embed" in s.kwargs]
        return [s.message_id for s in posts if s.message_id not in gone]


def notifier(
    table: TableService,
    store: Store,
    client: FakeClient,
    board_delay: float = 0.0,
    board_delay_busy: float | None = None,
) -> Notifier:
    return Notifier(
        client,  # type: ignore[arg-type]
        table,
        PrefsService(store),
        clock=None,
        board_delay=board_delay,
        postbox=client,  # type: ignore[arg-type]
        board_delay_busy=board_delay_busy,
    )


async def test_a_takeover_does_not_send_a_prompt_again(db_path: str) -> None:
    one, two = await Store.open(db_path), await Store.open(db_path)
    try:
        a, b = TableService(one), TableService(two)
        first, second = FakeClient(), FakeClient()
        notify_a, notify_b = notifier(a, one, first), notifier(b, two, second)
        live = await start_game(a)
        await notify_a.on_outcome(Outcome(live.id, "start", via="system"))
        await notify_a.recorded()  # (deliveries are recorded just after they are sent)
        assert live.match is not None
        [prompt] = live.match.prompts()
        assert [s.channel_id for s in first.dms()] == [900_000 + user_of(live, prompt.seat)]

        # Another process takes the match over and brings everything up to date: the prompt
        # already delivered is not sent twice.
        await notify_b.on_outcome(Outcome(live.id, "resume", via="system"))
        assert second.dms() == []

        # Play on in the first process until the turn passes: the new prompt is delivered once.
        seat = prompt.seat
        while (current := live.match.prompts()[0]).seat == seat:
            answer = [o.id for o in current.options[: current.min]]
            await a.submit(live.id, user_of(live, seat), current.pid, answer)
        await notify_a.on_outcome(Outcome(live.id, "answer", seat, via="system"))
        await notify_a.recorded()  # (deliveries are recorded just after they are sent)
        other = live.match.prompts()[0]
        assert {s.channel_id for s in first.dms()} == {900_000 + ALICE, 900_000 + BOB}
        await b.fresh(live.id)
        await notify_b.on_outcome(Outcome(live.id, "resume", via="system"))
        assert second.dms() == []

        # A prompt the first process never got to deliver is delivered by the second.
        answer = [o.id for o in other.options[: other.min]]
        await b.submit(live.id, user_of(live, other.seat), other.pid, answer)
        fresh = await b.get(live.id)
        assert fresh.match is not None
        await notify_b.on_outcome(Outcome(live.id, "answer", other.seat, via="system"))
        await notify_b.recorded()  # (deliveries are recorded just after they are sent)
        assert len(second.dms()) == 1
        assert await two.notices.sent(live.id, fresh.match.prompts()[0].seat) == fresh.match.prompts()[0].pid
    finally:
        await one.close()
        await two.close()


async def test_a_burst_of_actions_makes_one_board_edit(table: TableService, store: Store) -> None:
    client = FakeClient()
    notify = notifier(table, store, client, board_delay=60.0)
    live = await start_game(table)
    await table.set_board(live.id, 77, time.time())  # a board recent enough to be edited
    assert live.match is not None
    for _ in range(3):
        [prompt] = live.match.prompts()
        answer = [o.id for o in prompt.options[: prompt.min]]
        await table.submit(live.id, user_of(live, prompt.seat), prompt.pid, answer)
        await notify.refresh_board(live.id)
    assert client.board_edits() == []  # waiting for the burst to end (flush cuts the wait short)
    await notify.flush(5)
    edits = client.board_edits()
    assert len(edits) == 1 and edits[0].message_id == 77
    # The edit shows the state after the last action.
    await notify.refresh_board(live.id, now=True)
    assert client.board_edits()[-1].kwargs["embed"].to_dict() == edits[0].kwargs["embed"].to_dict()


async def test_a_step_within_a_turn_waits_longer_while_the_table_is_behind(
    table: TableService, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Behind (news of answers waiting for a slot), a board edit for a step within a turn waits
    the longer delay; otherwise the usual one."""
    client = FakeClient()
    notify = notifier(table, store, client, board_delay=0.01, board_delay_busy=60.0)
    live = await start_game(table)
    await table.set_board(live.id, 77, time.time())
    state = {"behind": True}
    monkeypatch.setattr(TableService, "behind", property(lambda self: state["behind"]))
    await notify.refresh_board(live.id)
    await asyncio.sleep(0.1)
    assert client.board_edits() == []  # still waiting: the busy delay
    await notify.flush(5)
    assert len(client.board_edits()) == 1
    state["behind"] = False
    notify = notifier(table, store, client, board_delay=0.01)
    await notify.refresh_board(live.id)
    await asyncio.sleep(0.1)
    assert len(client.board_edits()) == 2  # the usual delay


async def test_a_new_turn_goes_to_the_board_at_once_unless_the_table_is_behind(
    table: TableService, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new turn is edited onto the board before the next player's prompt goes out; while the
    table is behind it waits with the steps (one edit later), and the prompt does not wait."""
    client = FakeClient()
    notify = notifier(table, store, client, board_delay=60.0, board_delay_busy=60.0)
    live = await start_game(table)
    await table.set_board(live.id, 77, time.time())
    await notify.on_outcome(Outcome(live.id, "start", via="system"))
    edits = len(client.board_edits())

    async def pass_turn() -> None:
        assert live.match is not None
        seat = live.match.prompts()[0].seat
        while (prompt := live.match.prompts()[0]).seat == seat:
            answer = [o.id for o in prompt.options[: prompt.min]]
            await table.submit(live.id, user_of(live, seat), prompt.pid, answer)
        await notify.on_outcome(Outcome(live.id, "answer", seat, via="system"))

    dms = len(client.dms())
    await pass_turn()
    assert len(client.board_edits()) == edits + 1  # at once, before the prompt
    assert len(client.dms()) == dms + 1
    monkeypatch.setattr(TableService, "behind", property(lambda self: True))
    await pass_turn()
    assert len(client.board_edits()) == edits + 1  # held with the steps
    assert len(client.dms()) == dms + 2  # the prompt went all the same
    await notify.flush(5)
    assert len(client.board_edits()) == edits + 2


async def test_the_table_is_behind_while_news_waits_for_a_slot(store: Store) -> None:
    table = TableService(store, told_at_once=1)
    release = asyncio.Event()

    async def slow(outcome: Outcome) -> None:
        await release.wait()

    table.listen(slow)
    first = asyncio.create_task(table.announce(Outcome(1, "answer", via="system")))
    await asyncio.sleep(0)
    assert not table.behind  # one under way, none waiting
    second = asyncio.create_task(table.announce(Outcome(2, "answer", via="system")))
    await asyncio.sleep(0)
    assert table.behind
    release.set()
    await asyncio.gather(first, second)
    assert not table.behind


async def test_nothing_is_kept_for_a_finished_game(table: TableService, store: Store) -> None:
    client = FakeClient()
    notify = notifier(table, store, client)
    live = await start_game(table)
    await notify.on_outcome(Outcome(live.id, "start", via="system"))
    assert notify._notes
    await table.abandon(live.id, ALICE, can_manage=False)
    await notify.on_outcome(Outcome(live.id, "abandon", via="system"))
    await asyncio.sleep(0)
    assert not notify._notes and not notify._boards and not len(notify._locks)


async def test_two_processes_posting_a_board_leave_one(db_path: str) -> None:
    one, two = await Store.open(db_path), await Store.open(db_path)
    try:
        a, b = TableService(one), TableService(two)
        client = FakeClient()  # one channel, seen by both processes
        notify_a, notify_b = notifier(a, one, client), notifier(b, two, client)
        live = await start_game(a)
        stale = await b.get(live.id)  # the second process loaded the match before any board
        await notify_a.update_board(await a.get(live.id))
        [first] = client.boards_left()
        # The second process decides on its old copy that there is no board yet and posts one:
        # recording it must fail, and the post be taken back in favour of the first board.
        await notify_b.update_board(stale)
        assert client.boards_left() == [first]
        record = await two.matches.get(live.id)
        assert record is not None and record.board_message_id == first
        assert client.board_edits()[-1].message_id == first  # brought up to date instead
    finally:
        await one.close()
        await two.close()


async def test_two_processes_posting_a_board_at_once_leave_one(db_path: str) -> None:
    one, two = await Store.open(db_path), await Store.open(db_path)
    try:
        a, b = TableService(one), TableService(two)
        client = FakeClient()
        notify_a, notify_b = notifier(a, one, client), notifier(b, two, client)
        live = await start_game(a)
        both = await a.get(live.id), await b.get(live.id)
        await asyncio.gather(notify_a.update_board(both[0]), notify_b.update_board(both[1]))
        [left] = client.boards_left()
        record = await one.matches.get(live.id)
        assert record is not None and record.board_message_id == left
    finally:
        await one.close()
        await two.close()


async def test_a_delivery_is_recorded_without_holding_up_the_next_outcome(store: Store, table: TableService) -> None:
    """The record of a DM comes after the DM, but the match's next outcome does not wait for it:
    a fast player's click on that DM is handled while the record is still being written."""
    client = FakeClient()
    notify = notifier(table, store, client)
    live = await start_game(table)
    gate = asyncio.Event()
    real = store.notices.queue

    async def slow_record(*args: Any) -> None:
        await gate.wait()
        await real(*args)

    def slow_queue(*args: Any) -> asyncio.Future[None]:
        return asyncio.ensure_future(slow_record(*args))

    store.notices.queue = slow_queue  # type: ignore[method-assign]
    await asyncio.wait_for(notify.on_outcome(Outcome(live.id, "start", via="system")), 5)
    assert len(client.dms()) == 1
    assert live.match is not None
    [prompt] = live.match.prompts()
    assert await store.notices.sent(live.id, prompt.seat) is None  # not yet recorded
    gate.set()
    await notify.recorded()
    assert await store.notices.sent(live.id, prompt.seat) == prompt.pid


async def started(table: TableService, store: Store) -> tuple[FakeClient, Notifier, Live, Prompt]:
    """A started game whose first prompt went out by DM: the recording client, the notifier, the
    table and that prompt."""
    client = FakeClient()
    notify = notifier(table, store, client)
    live = await start_game(table)
    await notify.on_outcome(Outcome(live.id, "start", via="system"))
    assert live.match is not None
    [prompt] = live.match.prompts()
    return client, notify, live, prompt


def play_all(prompt: Prompt) -> int:
    """The position of Dominion's "play all Treasures" (the same seat's next prompt follows)."""
    return next(i for i, o in enumerate(prompt.options) if o.id == "play_all")


async def test_a_reply_is_noted_as_rendered_even_if_the_match_moves_on_meanwhile(
    table: TableService, store: Store
) -> None:
    """A click's reply shows the prompt it was rendered for. If the seat's prompt changes while the
    reply is on its way (another answer commits), the note must keep the prompt the message shows,
    so the newer prompt is still delivered rather than taken as already seen."""
    client, notify, live, prompt = await started(table, store)
    seat = prompt.seat
    shown = notify.shown(live, seat)  # the reply is rendered now...
    await table.submit_indices(live.id, user_of(live, seat), prompt.pid, [play_all(prompt)])  # ...the seat moves on
    live = await table.get(live.id)
    assert live.match is not None
    [later] = live.match.prompts()
    assert later.seat == seat and later.pid != prompt.pid
    dm = SimpleNamespace(
        guild=None, flags=SimpleNamespace(ephemeral=False), channel=SimpleNamespace(id=900_123), id=4242
    )
    notify.note_private(live, seat, dm, shown)  # type: ignore[arg-type]
    await notify.on_outcome(Outcome(live.id, "answer", seat, via="command"))
    # the newer prompt reached the seat: its DM (the clicked message, same turn) shows it now
    assert [s.message_id for s in client.sent if s.kind == "edit" and s.channel_id == 900_123] == [4242]


async def test_a_player_whose_click_is_being_answered_is_left_to_that_reply(
    table: TableService, store: Store
) -> None:
    """Another outcome's follow-up does not send a player whose click is being answered their
    view (the reply does; an edit landing after it would show a prompt already answered). Once the
    reply is out, what changed since it was rendered is sent."""
    client, notify, live, prompt = await started(table, store)
    seat = prompt.seat
    user = user_of(live, seat)
    [dm] = client.dms()
    before = len(client.sent)
    with notify.replying(live.id, user):
        shown = notify.shown(live, seat)  # the reply is rendered...
        await table.submit_indices(live.id, user, prompt.pid, [play_all(prompt)])  # ...the match moves on...
        live = await table.get(live.id)
        await notify.on_outcome(Outcome(live.id, "answer", seat, via="command"))  # ...and is told
        assert [s for s in client.sent[before:] if s.channel_id == dm.channel_id] == []
    with notify.replying(live.id, user):  # their next click is being answered: its reply will do
        await notify.caught_up(live, seat, shown)
    assert [s for s in client.sent[before:] if s.channel_id == dm.channel_id] == []
    await notify.caught_up(live, seat, shown)
    edits = [s for s in client.sent[before:] if s.channel_id == dm.channel_id]
    assert [(s.kind, s.message_id) for s in edits] == [("edit", dm.message_id)]
