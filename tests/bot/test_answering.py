"""The answering layer driven without Discord: a click is committed, shown back in the clicked
message and announced; a refusal is reported and the stale message refreshed; a match to rebuild
or an old click is deferred first; /play answers by name; drafts gather picks for one answer."""

from __future__ import annotations

import asyncio
import contextlib
import time
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot import answering as answering_module
from bot.answering import BUSY, BUSY_ANSWERS, Answering, Pace, Player, Reply
from bot.drafts import Drafts
from bot.errors import UserError
from bot.i18n import t
from bot.table import Live, Outcome, TableService
from engine.core import Prompt
from storage import Store
from tests.bot.conftest import CHANNEL, start_game, user_of


class FakeResponder:
    """A click or command as the answering layer sees it; records what it was asked to do."""

    def __init__(self, user_id: int, age: float = 0.0, gone: bool = False) -> None:
        self.id = 7
        self.gone = gone  # Discord no longer takes an answer to it
        self.user_id = user_id
        self.created_at = time.time() - age
        self.calls: list[str] = []
        self.updates: list[Reply] = []
        self.sent: list[Reply] = []
        self.reports: list[Exception] = []
        self._answered = False

    def answered(self) -> bool:
        return self._answered

    async def defer(self) -> None:
        self.calls.append("defer")
        self._answered = True

    async def update(self, reply: Reply) -> discord.Message | None:
        self.calls.append("update")
        if self.gone:
            raise discord.HTTPException(SimpleNamespace(status=404, reason="Not Found"), "Unknown interaction")
        self.updates.append(reply)
        self._answered = True
        return None

    async def send(self, reply: Reply) -> None:
        self.calls.append("send")
        self.sent.append(reply)

    async def report(self, exc: Exception, locale: str, game: str | None) -> None:
        self.calls.append("report")
        self.reports.append(exc)


class FakePrivates:
    def __init__(self) -> None:
        self.delivered: list[int] = []
        self.noted: list[int] = []

    async def deliver(self, live: Live, seat: int) -> None:
        self.delivered.append(seat)

    def shown(self, live: Live, seat: int) -> Any:
        return None

    def replying(self, match_id: int, user_id: int) -> contextlib.AbstractContextManager[None]:
        return contextlib.nullcontext()

    async def caught_up(self, live: Live, seat: int, shown: Any) -> None:
        pass

    def note_private(self, live: Live, seat: int, message: discord.Message | None, shown: Any = None) -> None:
        self.noted.append(seat)


class Rig:
    def __init__(self, table: TableService) -> None:
        self.table = table
        self.privates = FakePrivates()
        self.answering = Answering(table, self.privates, Drafts())
        self.heard: list[Outcome] = []
        table.listen(self.hear)

    async def hear(self, outcome: Outcome) -> None:
        self.heard.append(outcome)


def first_prompt(live: Live) -> tuple[Prompt, int, int]:
    """The open prompt, its player, and the position of its default option."""
    assert live.match is not None
    prompt = live.match.prompts()[0]
    wanted = (prompt.default or ("end",))[0]
    return prompt, user_of(live, prompt.seat), next(i for i, o in enumerate(prompt.options) if o.id == wanted)


@pytest.fixture
def roomy(monkeypatch: pytest.MonkeyPatch) -> None:
    """A budget no test machine exceeds, so a quick click is answered in its own callback."""
    monkeypatch.setattr(answering_module, "ANSWER_BUDGET", 30.0)


@pytest.mark.usefixtures("roomy")
async def test_a_quick_click_is_answered_in_its_callback_then_announced(table: TableService, store: Store) -> None:
    rig = Rig(table)
    live = await start_game(table)
    prompt, actor, index = first_prompt(live)
    click = FakeResponder(actor)
    await rig.answering.answer(click, live.id, prompt.pid, [index], "en")
    assert await store.log.count(live.id) == 1
    assert click.calls == ["update"] and click.updates[0].embed is not None
    assert [(o.kind, o.seat, o.via, o.actor_id) for o in rig.heard] == [("answer", prompt.seat, "component", actor)]
    assert rig.privates.noted == [prompt.seat]
    assert rig.answering.pace.running == 0

    # The same click again: refused as stale, reported, the message refreshed, nothing announced.
    again = FakeResponder(actor)
    await rig.answering.answer(again, live.id, prompt.pid, [index], "en")
    assert again.calls == ["defer", "report", "update"]  # the refusal follows up the deferral
    assert isinstance(again.reports[0], UserError)
    assert again.reports[0].key in ("error.stale_prompt", "error.not_your_turn")
    assert await store.log.count(live.id) == 1 and len(rig.heard) == 1


async def test_an_answer_slower_than_the_budget_is_deferred_while_it_runs(
    table: TableService, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    rig = Rig(table)
    live = await start_game(table)
    prompt, actor, index = first_prompt(live)
    click = FakeResponder(actor)
    monkeypatch.setattr(answering_module, "ANSWER_BUDGET", 0.05)
    submit = table.submit_indices

    async def slow(*args: Any, **kwargs: Any) -> Outcome:
        await asyncio.sleep(0.3)  # past the budget: the click is acknowledged meanwhile
        click.calls.append("committing")
        return await submit(*args, **kwargs)

    monkeypatch.setattr(table, "submit_indices", slow)
    await rig.answering.answer(click, live.id, prompt.pid, [index], "en")
    assert click.calls == ["defer", "committing", "update"]  # one deferral, then the edit
    assert await store.log.count(live.id) == 1 and len(rig.heard) == 1
    assert rig.answering.pace.running == 0 and rig.answering.pace.seconds > 0

    # A quick answer leaves no deferral behind it.
    monkeypatch.setattr(answering_module, "ANSWER_BUDGET", 30.0)
    monkeypatch.setattr(table, "submit_indices", submit)
    live = await table.get(live.id)
    prompt, actor, index = first_prompt(live)
    quick = FakeResponder(actor)
    await rig.answering.answer(quick, live.id, prompt.pid, [index], "en")
    await asyncio.sleep(0.05)
    assert quick.calls == ["update"]


@pytest.mark.usefixtures("roomy")
async def test_a_match_to_rebuild_is_deferred_before_the_work(table: TableService, store: Store) -> None:
    rig = Rig(table)
    live = await start_game(table)
    prompt, actor, index = first_prompt(live)
    table.forget(live.id)
    click = FakeResponder(actor)
    await rig.answering.answer(click, live.id, prompt.pid, [index], "en")
    assert click.calls == ["defer", "update"]
    assert await store.log.count(live.id) == 1 and len(rig.heard) == 1


async def test_an_old_click_is_deferred_at_once(table: TableService) -> None:
    rig = Rig(table)
    live = await start_game(table)
    prompt, actor, index = first_prompt(live)
    click = FakeResponder(actor, age=2.0)
    await rig.answering.answer(click, live.id, prompt.pid, [index], "en")
    assert click.calls == ["defer", "update"] and len(rig.heard) == 1


async def test_play_answers_by_name_and_replies_privately(table: TableService, store: Store) -> None:
    rig = Rig(table)
    live = await start_game(table)
    prompt, actor, index = first_prompt(live)
    player = Player(actor, guild_id=1, channel_id=CHANNEL)
    assert f"{prompt.pid}:{index}" in [value for _, value in await rig.answering.choices(player, "", "en")]
    command = FakeResponder(actor)
    with pytest.raises(UserError, match="error.unknown_choice"):
        await rig.answering.play(player, "no such option", "en", command)
    assert command.calls == []  # refused before anything was under way
    await rig.answering.play(player, prompt.options[index].id, "en", command)
    assert command.calls == ["defer", "send"] and command.sent[0].content == t("notice.done", "en")
    assert [(o.kind, o.via) for o in rig.heard] == [("answer", "command")]
    assert await store.log.count(live.id) == 1
    # In DMs the player's most recent running game is found.
    found, seat = await rig.answering.find(Player(actor))
    assert found.id == live.id and seat == prompt.seat


@pytest.mark.usefixtures("roomy")
async def test_drafted_picks_are_confirmed_as_one_answer(table: TableService, store: Store) -> None:
    rig = Rig(table)
    live = await start_game(table)
    prompt, actor, index = first_prompt(live)
    with pytest.raises(UserError, match="error.stale_prompt"):
        await rig.answering.redraw(live.id, prompt.pid + 1, actor, 0, "en")
    reply = await rig.answering.draft(live.id, prompt.pid, actor, [index], "en")
    assert reply.embed is not None and rig.answering.drafts.get(live.id, prompt.pid, actor) == [index]
    click = FakeResponder(actor)
    await rig.answering.confirm(click, live.id, prompt.pid, "en")
    assert click.calls == ["update"] and await store.log.count(live.id) == 1
    assert rig.answering.drafts.get(live.id, prompt.pid, actor) == []  # cleared once committed


@pytest.mark.usefixtures("roomy")
async def test_a_click_that_cannot_be_answered_still_commits_and_the_view_goes_privately(
    table: TableService, store: Store
) -> None:
    rig = Rig(table)
    live = await start_game(table)
    prompt, actor, index = first_prompt(live)
    await rig.answering.answer(FakeResponder(actor, gone=True), live.id, prompt.pid, [index], "en")
    assert await store.log.count(live.id) == 1 and len(rig.heard) == 1
    assert rig.privates.delivered == [prompt.seat] and rig.privates.noted == []


def test_pace_is_busy_when_answers_are_slow_or_many() -> None:
    pace = Pace(weight=1.0)
    assert not pace.busy
    pace.begin()
    pace.end(BUSY * 2)
    assert pace.busy
    pace.begin()
    pace.end(0.0)
    assert not pace.busy
    for _ in range(BUSY_ANSWERS + 1):
        pace.begin()
    assert pace.busy


async def test_listeners_get_the_committed_table_without_a_lookup_while_it_stands(store: Store) -> None:
    """An answer's outcome carries the table it committed; `live_of` hands it back as long as the
    cache still holds it at that answer count, and reads the table afresh once it moved on."""
    from bot.table import TableService
    from tests.bot.conftest import start_game, user_of

    table = TableService(store)
    live = await start_game(table)
    assert live.match is not None
    prompt = live.match.prompts()[0]
    outcome = await table.submit_indices(live.id, user_of(live, prompt.seat), prompt.pid, [0], via="command")
    assert outcome.live is live and outcome.version == live.match.version
    assert await table.live_of(outcome) is live
    # Another answer moves the table on: the first outcome's carried copy is no longer it.
    nxt = live.match.prompts()[0]
    later = await table.submit_indices(live.id, user_of(live, nxt.seat), nxt.pid, [0], via="command")
    assert later.version == outcome.version + 1
    fresh = await table.live_of(outcome)
    assert fresh.match is not None and fresh.match.version == later.version
    # Once the cache let go of it (a failed write drops it), the log is read again.
    table.forget(live.id)
    rebuilt = await table.live_of(later)
    assert rebuilt is not live and rebuilt.match is not None and rebuilt.match.version == later.version
