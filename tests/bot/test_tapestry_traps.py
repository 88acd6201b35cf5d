"""Tapestry's trap answer settable in Discord: /settings tapestry_traps, the lobby's menu and
field, written per seat at the start; the engine starts each seat with its answer."""

from __future__ import annotations

import json

import pytest

from bot.games.tapestry import traps
from bot.render.lobby import lobby_payload
from bot.table import Live, TableService
from engine.core import Match, SeatSpec
from engine.core.errors import InvalidSetup
from engine.core.registry import get_game
from tests.bot.conftest import ALICE, BOB, CHANNEL


async def open_tapestry(table: TableService, host_standing: dict[str, str] | None = None) -> Live:
    options = get_game("tapestry").parse_options({}, 3)
    options = traps.on_open(options, ALICE, host_standing or {})
    return await table.open_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        game="tapestry",
        options=options,
        host_id=ALICE,
        host_name="alice",
        locale="en",
        capacity=3,
    )


def test_the_engine_starts_each_seat_with_its_answer() -> None:
    seats = [SeatSpec(kind="human", name=n) for n in ("A", "B", "C")]
    match = Match("tapestry", seats, {"trap_policy": ["never", "ask", "always"]}, 4)
    assert [p["trap_policy"] for p in match.view(None)["players"]] == ["never", "ask", "always"]
    # all asking is the plain game: nothing stored, the same game as without the option
    plain = Match("tapestry", seats, {}, 4)
    asked = Match("tapestry", seats, {"trap_policy": ["ask"] * 3, "seat_traps": {"1": "ask"}}, 4)
    assert asked.options == plain.options == {}
    assert asked.view(None) == plain.view(None)


@pytest.mark.parametrize("bad", [["never"], ["sometimes", "ask", "ask"], "never"])
def test_a_bad_answer_list_is_refused(bad: object) -> None:
    seats = [SeatSpec(kind="human", name=n) for n in ("A", "B", "C")]
    with pytest.raises(InvalidSetup):
        Match("tapestry", seats, {"trap_policy": bad}, 4)


async def test_settings_lobby_and_start_agree(table: TableService) -> None:
    live = await open_tapestry(table, {"traps": "never"})  # Alice's /settings answer
    await table.join(live.id, BOB, "bob", seated=traps.on_join(BOB, {"traps": "always"}))
    await table.add_bot(live.id, ALICE)
    record = (await table.get(live.id)).record
    assert traps.seat_policies(record) == ["never", "always", "ask"]
    await traps.choose(table, live.id, BOB, "ask")  # the lobby's menu replaces it
    for locale, words in (("en", "bob — ask me each time"), ("pt", "bob — perguntar a mim a cada vez")):
        payload = lobby_payload(await table.get(live.id), locale)
        text = json.dumps(payload.embed.to_dict(), ensure_ascii=False)
        assert words in text
        assert payload.view is not None
        ids = [c["custom_id"] for row in payload.view.to_components() for c in row["components"]]
        assert f"bgs:tt:{live.id}" in ids
    started = await traps.start(table, live.id, ALICE)
    assert started.match is not None
    assert started.record.options["trap_policy"] == ["never", "ask", "ask"]
    assert traps.SEAT_KEY not in started.record.options
    assert [p["trap_policy"] for p in started.match.view(None)["players"]] == ["never", "ask", "ask"]


async def test_a_bad_lobby_answer_is_refused(table: TableService) -> None:
    from bot.errors import UserError

    live = await open_tapestry(table)
    with pytest.raises(UserError):
        await traps.choose(table, live.id, ALICE, "sometimes")
    with pytest.raises(UserError):
        await traps.choose(table, live.id, BOB, "never")  # not seated
