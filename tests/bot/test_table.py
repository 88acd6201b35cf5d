"""The table service with a real Dominion match: ownership, stale prompts, exactly-once, replay."""

from __future__ import annotations

import asyncio

import pytest

from bot.errors import UserError
from bot.table import TableService
from engine.core.errors import IllegalAnswer
from storage import Store
from tests.bot.conftest import ALICE, BOB, CHANNEL, start_game, user_of


async def test_lobby_flow(table: TableService) -> None:
    live = await table.open_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        game="dominion",
        options={},
        host_id=ALICE,
        host_name="alice",
        locale="en",
        capacity=3,
    )
    with pytest.raises(UserError) as busy:
        await table.open_lobby(
            guild_id=1,
            channel_id=CHANNEL,
            game="dominion",
            options={},
            host_id=BOB,
            host_name="bob",
            locale="en",
        )
    assert busy.value.key == "error.channel_busy"
    with pytest.raises(UserError, match="error.already_joined"):
        await table.join(live.id, ALICE, "alice")
    with pytest.raises(UserError, match="error.host_only"):
        await table.add_bot(live.id, BOB)
    await table.join(live.id, BOB, "bob")
    await table.add_bot(live.id, ALICE)
    with pytest.raises(UserError, match="error.lobby_full"):
        await table.join(live.id, 1003, "carol")
    await table.leave_lobby(live.id, ALICE)  # the host leaves: bob hosts now
    assert live.record.host_id == BOB
    started = await table.start(live.id, BOB)
    assert started.match is not None and started.record.status == "active"
    assert [s.kind for s in started.record.seats] == ["human", "bot"]


async def test_bad_kingdom_is_refused_before_the_lobby_opens(table: TableService) -> None:
    from engine.core.errors import InvalidSetup

    with pytest.raises(InvalidSetup) as exc:
        await table.open_lobby(
            guild_id=1,
            channel_id=CHANNEL,
            game="dominion",
            options={"kingdom": "Cellar, Nope"},
            host_id=ALICE,
            host_name="alice",
            locale="en",
        )
    assert exc.value.key == "error.dominion.unknown_cards"


async def test_ownership_and_stale_prompt(table: TableService, store: Store) -> None:
    live = await start_game(table)
    assert live.match is not None
    prompt = live.match.prompts()[0]
    actor = user_of(live, prompt.seat)
    other = BOB if actor == ALICE else ALICE
    with pytest.raises(UserError, match="error.not_your_turn"):
        await table.submit_indices(live.id, other, prompt.pid, [0])
    with pytest.raises(UserError, match="error.not_a_player"):
        await table.submit_indices(live.id, 4242, prompt.pid, [0])
    with pytest.raises(UserError, match="error.stale_prompt"):
        await table.submit_indices(live.id, actor, prompt.pid + 1, [0])
    with pytest.raises(IllegalAnswer):
        await table.submit(live.id, actor, prompt.pid, ["buy:Nothing"])
    assert await store.log.count(live.id) == 0  # refusals leave no trace
    outcome = await table.submit(live.id, actor, prompt.pid, list(prompt.default or ("end",)))
    assert outcome.seat == prompt.seat and await store.log.count(live.id) == 1
    with pytest.raises(UserError, match="error.stale_prompt"):
        await table.submit(live.id, actor, prompt.pid, list(prompt.default or ("end",)))


async def test_double_click_is_applied_once(table: TableService, store: Store) -> None:
    live = await start_game(table)
    assert live.match is not None
    prompt = live.match.prompts()[0]
    actor = user_of(live, prompt.seat)
    index = next(i for i, o in enumerate(prompt.options) if o.id == (prompt.default or ("end",))[0])
    results = await asyncio.gather(
        *[table.submit_indices(live.id, actor, prompt.pid, [index]) for _ in range(5)], return_exceptions=True
    )
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, UserError)]
    assert len(applied) == 1 and len(refused) == 4
    assert {r.key for r in refused} <= {"error.stale_prompt", "error.not_your_turn"}
    assert await store.log.count(live.id) == 1
    assert live.match.version == 1


async def play_some(table: TableService, match_id: int, steps: int) -> None:
    """Answer whatever is asked with the default (or first) option for a few steps."""
    for _ in range(steps):
        live = await table.get(match_id)
        assert live.match is not None
        prompt = live.match.prompts()[0]
        answer = prompt.default or tuple(o.id for o in prompt.options[: max(prompt.min, 1)])
        await table.submit(match_id, user_of(live, prompt.seat), prompt.pid, list(answer))


async def test_replay_after_restart(db_path: str) -> None:
    store = await Store.open(db_path)
    table = TableService(store)
    live = await start_game(table)
    await play_some(table, live.id, 12)
    assert live.match is not None
    before = (live.match.view(None), live.match.view(0), live.match.view(1), live.match.version)
    tail_before = list(live.tail)
    await store.close()

    # A new process: new store and service over the same file.
    store2 = await Store.open(db_path)
    table2 = TableService(store2)
    assert await table2.rebuild_live() == [live.id]
    again = await table2.get(live.id)
    assert again.match is not None
    assert (again.match.view(None), again.match.view(0), again.match.view(1), again.match.version) == before
    assert list(again.tail) == tail_before
    await play_some(table2, live.id, 3)  # and it keeps going from where it was
    assert await store2.log.count(live.id) == 15
    await store2.close()


async def test_cache_eviction_rebuilds(store: Store) -> None:
    table = TableService(store, cache_size=1)
    live = await start_game(table)
    await play_some(table, live.id, 4)
    assert live.match is not None
    view = live.match.view(None)
    table.forget(live.id)
    again = await table.get(live.id)
    assert again is not live and again.match is not None and again.match.view(None) == view


async def test_hand_to_bot_and_abandon(table: TableService) -> None:
    live = await start_game(table)
    live, seat = await table.hand_to_bot(live.id, BOB)
    assert live.record.seats[seat].kind == "bot" and live.record.status == "active"
    with pytest.raises(UserError, match="error.host_only"):
        await table.abandon(live.id, BOB, can_manage=False)
    await table.abandon(live.id, BOB, can_manage=True)
    assert live.record.status == "abandoned"
    with pytest.raises(UserError):
        await table.submit(live.id, ALICE, 1, ["end"])
