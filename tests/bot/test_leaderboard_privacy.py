"""Privacy (hide, delete everywhere), player stats, head-to-head, history, and the charts."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image

from bot.errors import UserError
from bot.leaderboard.charts import HEIGHT, WIDTH, rating_chart, score_histogram
from bot.leaderboard.service import LeaderboardService
from bot.leaderboard.table_results import TableResults
from bot.table import TableService
from storage import Store
from tests.bot.conftest import ALICE, BOB, start_game
from tests.bot.test_leaderboard import GUILD, play, play_out, record

A, B, C = 830000000000000001, 830000000000000002, 830000000000000003


async def test_hidden_players_leave_boards_but_still_count(store: Store) -> None:
    service = LeaderboardService(store)
    for ranks in ({A: 1, B: 2}, {A: 1, C: 2}, {B: 1, C: 2}):
        await record(store, play(ranks))
    before = await store.plays.ratings(GUILD, "dominion")
    await service.hide(A, True)
    assert [e.user_id for e in await service.board(GUILD, "dominion")] == sorted(
        [B, C], key=lambda u: -(before[str(u)].mu - 3 * before[str(u)].sigma)
    )
    assert await store.plays.ratings(GUILD, "dominion") == before  # nobody's numbers change
    assert await service.recompute(GUILD) == {"dominion": 3}
    assert await store.plays.ratings(GUILD, "dominion") == before
    assert not await service.visible(A)
    await service.hide(A, False)
    assert A in [e.user_id for e in await service.board(GUILD, "dominion")]


async def test_deleting_a_user_removes_them_everywhere(table: TableService, store: Store) -> None:
    service = LeaderboardService(store)
    # An online game between alice and bob, played to the end, plus preferences...
    live = await start_game(table)
    await store.prefs.set_locale(ALICE, "pt")
    with pytest.raises(UserError, match="privacy.error.playing"):
        await service.forget(ALICE)  # not while seated in a running game
    await play_out(table, live)
    # ...table results (one confirmed, one still pending), a hide flag and a board reset.
    results = TableResults(store)
    for ranks in ({ALICE: 1, BOB: 2}, {BOB: 1, ALICE: 2}):
        d = results.start(1, 5, ALICE, "dominion", None)
        results.set_players(d.id, ALICE, [(u, "x") for u in ranks], "en")
        for seat, u in enumerate(ranks):
            results.score(d.id, ALICE, seat, {"vp_other": str(10 - ranks[u])}, "en")
        pending, _ = await results.submit(d.id, ALICE)
    await results.confirm(pending.id - 1, BOB)
    await service.hide(ALICE, True)
    await service.hide(ALICE, False)
    await store.plays.reset_boards(2, by=ALICE)
    await store.db.execute(  # a row in a table the leaderboards know nothing about
        "INSERT INTO results (match_id, scores, ranks, details, ended_how, ended_at) VALUES (?, '[]', '[]', ?, 'x', 0)",
        (await _other_match(table), json.dumps({"voters": [ALICE, BOB], "note": f"<@{ALICE}>"})),
    )
    bob_before = (await store.plays.ratings(1, "dominion"))[str(BOB)]
    assert len(await store.privacy.mentions(ALICE)) > 5

    report = await service.forget(ALICE)
    assert report.seats >= 2 and report.pending == 1
    assert await store.privacy.mentions(ALICE) == []
    # The games stay, with an anonymous seat; bob's rating replays to the same value.
    kept = await store.plays.by_match(live.id)
    assert kept is not None and len(kept.seats) == 2
    anon = next(s for s in kept.seats if s.user_id is None)
    assert anon.name is None and anon.anon and anon.score is not None
    assert (await store.plays.ratings(1, "dominion"))[str(BOB)] == bob_before
    await service.recompute(1)
    assert (await store.plays.ratings(1, "dominion"))[str(BOB)] == bob_before
    assert [e.user_id for e in await service.board(1, "dominion")] == [BOB]
    assert await store.privacy.mentions(BOB)  # nobody else was touched


async def _other_match(table: TableService) -> int:
    lobby = await table.open_lobby(
        guild_id=1, channel_id=9999, game="dominion", options={}, host_id=BOB, host_name="bob", locale="en"
    )
    await table.abandon(lobby.id, BOB, can_manage=False)
    return lobby.id


async def test_stats_head_to_head_and_history(store: Store) -> None:
    service = LeaderboardService(store)
    await record(store, play({A: 1, B: 2}))
    await record(store, play({A: 2, B: 1, C: 3}))
    await record(store, play({A: 1, B: 1}, game="everdell"))
    await record(store, play({A: 1, C: 2}, ended_how="abandoned"))
    profile = await service.profile(GUILD, A)
    s = profile.stats
    assert (s.games, s.wins, s.abandoned) == (3, 2, 1)
    assert s.favourites() == [("dominion", 2), ("everdell", 1)]
    assert s.average == pytest.approx((90 + 80 + 90) / 3)
    assert set(profile.ratings) == {"dominion", "everdell"} and len(profile.series["dominion"]) == 2
    h = await service.head_to_head(GUILD, A, B)
    assert (h.games, h.ahead, h.behind, h.ties) == (3, 1, 1, 1)
    history = await service.history(GUILD, A)
    assert [p.ended_how for p in history][0] == "abandoned" and len(history) == 4


def _image(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_charts_render_small_pngs() -> None:
    chart = rating_chart({"Dominion": [1.0, 3.5, 2.0, 6.25], "Everdell": [0.5]}, "Rating")
    hist = score_histogram([12, 30, 31, 33, 45, 45, 60, -2], "Scores")
    for data in (
        chart,
        hist,
        rating_chart({}, "empty"),
        score_histogram([], "empty"),
        score_histogram([5], "one"),
    ):
        image = _image(data)
        assert image.format == "PNG" and image.size == (WIDTH, HEIGHT)
        assert len(data) < 40_000
    # Something was drawn: more than the background colour.
    assert len(set(_image(chart).get_flattened_data())) > 3
