"""Everdell tables: a solo lobby with Rugwort's year, and a bot seat that plays by the heuristic."""

from __future__ import annotations

import pytest

from bot.errors import UserError
from bot.render import private_payload
from bot.table import TableService
from tests.bot.conftest import ALICE, BOB, CHANNEL


async def test_solo_lobby_starts_against_rugwort(table: TableService) -> None:
    live = await table.open_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        game="everdell",
        options={"rugwort_year": 3},
        host_id=ALICE,
        host_name="alice",
        locale="pt",
        capacity=1,
    )
    with pytest.raises(UserError):
        await table.join(live.id, BOB, "bob")  # a solo table has one seat
    live = await table.start(live.id, ALICE)
    assert live.match is not None
    view = live.match.view(None)
    assert len(live.record.seats) == 1 and view["solo"] and view["rugwort_year"] == 3
    assert any(e.kind == "rugwort_setup" for e in live.tail)
    assert "**Mão:**" in (private_payload(live, 0, "pt").embed.description or "")


async def test_bot_seat_plays_everdell_to_the_end(table: TableService) -> None:
    live = await table.open_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        game="everdell",
        options={},
        host_id=ALICE,
        host_name="alice",
        locale="en",
        capacity=2,
    )
    await table.add_bot(live.id, ALICE)
    live = await table.start(live.id, ALICE)
    assert live.record.seats[1].policy == "heuristic"
    match = live.match
    assert match is not None
    bot = live.definition.policies["heuristic"](1, live.record.seed)
    # Alice answers as the heuristic would: a fixed pick (the first option) is not an answer to
    # every prompt a random setup brings (the Undertaker asks for three cards at once)
    alice = live.definition.policies["heuristic"](0, live.record.seed)
    for _ in range(2000):
        if match.finished:
            break
        prompt = match.prompts()[0]
        if prompt.seat == 1:
            answer = list(bot.choose(match.view(1), prompt))
            await table.submit_seat(live.id, 1, prompt.pid, answer)
        else:
            answer = list(alice.choose(match.view(0), prompt))
            await table.submit(live.id, ALICE, prompt.pid, answer)
    assert match.finished and live.record.status == "finished"
