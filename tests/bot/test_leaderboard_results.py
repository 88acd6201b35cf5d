"""Table results: calculators, confirmation before anything counts, rejections, deadlines, duplicates."""

from __future__ import annotations

import time

import pytest

from bot.errors import UserError
from bot.leaderboard.calculators import MAX_FIELDS, calculate, calculator, in_sheet_order
from bot.leaderboard.service import LeaderboardService
from bot.leaderboard.table_results import TableResults, ranks_for
from storage import Store

GUILD, CHANNEL = 7, 70
A, B, C = 820000000000000001, 820000000000000002, 820000000000000003


def test_dominion_calculator_counts_victory_cards() -> None:
    parts = calculate(
        calculator("dominion"),
        {"provinces": "4", "duchies_estates": "2/3", "curses": "1", "gardens_deck": "2/41", "vp_other": "5"},
        None,
        "en",
    )
    assert parts == {
        "provinces": 24, "duchies": 6, "estates": 3, "curses": -1, "gardens": 8, "vp_other": 5, "total": 45
    }
    # VP tokens and other points may be negative (a Landmark), and the sheet fits one modal.
    assert calculate(calculator("dominion"), {"provinces": "1", "vp_other": "-2"}, None, "en")["total"] == 4
    assert len(calculator("dominion").fields) <= MAX_FIELDS
    # Empty fields are zero, so a known total can go in the first box.
    assert calculate(calculator("everdell"), {"cards": "57"}, None, "en")["total"] == 57


def test_everdell_and_solo_opponent_calculators() -> None:
    parts = calculate(
        calculator("everdell"),
        {"cards": "30", "tokens": "8", "prosperity": "12", "events": "9", "journey": "4"},
        None,
        "en",
    )
    assert parts["total"] == 63
    # Rugwort, year 2: 5 plain cards x2, 2 Prosperity x3, tokens, journey, 2 events x3, 1 missed x6.
    rug = calculate(
        calculator("rugwort"),
        {"cards": "7/2", "tokens": "3", "journey": "4", "events": "2", "missed_specials": "1"},
        2,
        "en",
    )
    assert rug["total"] == 10 + 6 + 3 + 4 + 6 + 6
    # Nightweave, level 3 (special 5, prosperity 6, zero-point 4 in our scoring table).
    nw = calculate(
        calculator("nightweave"),
        {"cards": "20", "tokens_journey": "6", "basic_events": "4", "special_events": "2", "bonus": "1/2"},
        3,
        "en",
    )
    assert nw["total"] == 20 + 6 + 4 + 10 + 6 + 8


def test_calculator_refuses_bad_numbers_in_the_users_language() -> None:
    with pytest.raises(UserError) as exc:
        calculate(calculator("dominion"), {"provinces": "lots"}, None, "pt")
    assert exc.value.key == "calc.error.not_number" and exc.value.params["field"] == "Províncias"
    with pytest.raises(UserError, match="calc.error.range"):
        calculate(calculator("dominion"), {"provinces": "13"}, None, "en")


def test_ties_share_a_rank_and_go_to_an_automated_opponent() -> None:
    assert ranks_for([40, 40, 30], ["human"] * 3) == [1, 1, 3]
    assert ranks_for([50, 50], ["human", "automa"]) == [2, 1]
    assert ranks_for([51, 50], ["human", "automa"]) == [1, 2]


def draft(
    results: TableResults,
    players: list[tuple[int, str]],
    scores: list[int],
    game: str = "dominion",
    by: int = A,
    solo: str | None = None,
) -> int:
    d = results.start(GUILD, CHANNEL, by, game, solo)
    results.set_players(d.id, by, players, "en")
    for seat, score in enumerate(scores):
        key = "provinces" if game == "dominion" else "cards" if game == "everdell" else "score"
        raw = {"vp_other": str(score)} if game == "dominion" else {key: str(score)}
        results.score(d.id, by, seat, raw, "en")
    return d.id


async def test_a_result_counts_only_once_everyone_confirmed(store: Store) -> None:
    results = TableResults(store)
    service = LeaderboardService(store)
    pending, play = await results.submit(draft(results, [(A, "a"), (B, "b"), (C, "c")], [20, 12, 12]), A)
    assert play is None and sorted(pending.waiting_for) == [B, C]
    assert await store.plays.for_guild(GUILD) == [] and await service.board(GUILD, "dominion") == []

    with pytest.raises(UserError, match="result.error.not_listed"):
        await results.confirm(pending.id, 999)
    pending, play = await results.confirm(pending.id, B)
    assert play is None and pending.waiting_for == [C]
    assert await store.plays.for_guild(GUILD) == []

    pending, play = await results.confirm(pending.id, C)
    assert play is not None and play.source == "table"
    assert [(s.user_id, s.score, s.rank) for s in play.seats] == [(A, 20, 1), (B, 12, 2), (C, 12, 2)]
    assert [e.user_id for e in await service.board(GUILD, "dominion")][0] == A
    with pytest.raises(UserError, match="result.error.gone"):
        await results.confirm(pending.id, C)


async def test_rejection_and_deadline_discard_the_result(store: Store) -> None:
    results = TableResults(store, confirm_seconds=60)
    pending, _ = await results.submit(draft(results, [(A, "a"), (B, "b")], [10, 9]), A)
    with pytest.raises(UserError, match="result.error.not_listed"):
        await results.reject(pending.id, C)
    await results.reject(pending.id, B)
    assert await store.pending.get(pending.id) is None

    pending, _ = await results.submit(draft(results, [(A, "a"), (B, "b")], [10, 9]), A)
    assert await results.expire(time.time() + 30) == []
    expired = await results.expire(time.time() + 61)
    assert [p.id for p in expired] == [pending.id]
    with pytest.raises(UserError, match="result.error.gone"):
        await results.confirm(pending.id, B)
    assert await store.plays.for_guild(GUILD) == []

    # A click after the deadline, before the sweep, discards it too.
    pending, _ = await results.submit(draft(results, [(A, "a"), (B, "b")], [10, 9]), A)
    with pytest.raises(UserError, match="result.error.expired"):
        await results.confirm(pending.id, B, now=time.time() + 61)
    assert await store.pending.get(pending.id) is None and await store.plays.for_guild(GUILD) == []


async def test_bad_input_is_refused_and_records_nothing(store: Store) -> None:
    results = TableResults(store)
    with pytest.raises(UserError, match="result.error.unknown_game"):
        results.start(GUILD, CHANNEL, A, "chess", None)
    with pytest.raises(UserError, match="result.error.unknown_opponent"):
        results.start(GUILD, CHANNEL, A, "dominion", "rugwort:1")
    d = results.start(GUILD, CHANNEL, A, "dominion", None)
    with pytest.raises(UserError, match="result.error.player_count"):
        results.set_players(d.id, A, [(A, "a")], "en")
    with pytest.raises(UserError, match="result.error.duplicate_player"):
        results.set_players(d.id, A, [(A, "a"), (A, "a")], "en")
    with pytest.raises(UserError, match="result.error.not_yours"):
        results.set_players(d.id, B, [(A, "a"), (B, "b")], "en")
    results.set_players(d.id, A, [(A, "a"), (B, "b")], "en")
    with pytest.raises(UserError, match="result.error.incomplete"):
        await results.submit(d.id, A)
    with pytest.raises(UserError, match="result.error.score_range"):
        results.score(
            d.id, A, 0, {"provinces": "12", "duchies_estates": "12/30", "gardens_deck": "12/999"}, "en"
        )

    first, _ = await results.submit(draft(results, [(A, "a"), (B, "b")], [10, 9]), A)
    with pytest.raises(UserError, match="result.error.duplicate"):
        await results.submit(draft(results, [(B, "b"), (A, "a")], [9, 10], by=B), B)
    assert (await store.pending.get(first.id)) is not None
    assert await store.plays.for_guild(GUILD) == []


async def test_solo_results_feed_solo_records(store: Store) -> None:
    results = TableResults(store)
    service = LeaderboardService(store)
    d = results.start(GUILD, CHANNEL, A, "everdell", "nightweave:3")
    results.set_players(d.id, A, [(A, "a")], "en")
    results.score(d.id, A, 0, {"cards": "70"}, "en")
    results.score(d.id, A, 1, {"cards": "20", "special_events": "2"}, "en")  # 20 + 2 x 5
    pending, play = await results.submit(d.id, A)  # nobody else to ask: it counts now
    assert play is not None and play.solo_opponent == "nightweave" and play.solo_level == 3
    assert [s.score for s in play.seats] == [70, 30]

    d = results.start(GUILD, CHANNEL, B, "everdell", "nightweave:3")
    results.set_players(d.id, B, [(B, "b")], "en")
    results.score(d.id, B, 0, {"cards": "40"}, "en")
    results.score(d.id, B, 1, {"cards": "40"}, "en")
    await results.submit(d.id, B)  # a tie: Nightweave wins

    board = await service.solo("everdell", "nightweave", 3, GUILD)
    assert [(s.user_id, s.score, s.won) for s in board.best] == [(A, 70, True), (B, 40, False)]
    assert [(r.user_id, r.wins, r.games) for r in board.rates] == [(A, 1, 1), (B, 0, 1)]
    assert (await service.solo("everdell", "nightweave", 2, GUILD)).best == []
    assert (await service.solo("everdell", "nightweave", 3, None)).games == 2  # every server
    await service.hide(A, True)
    assert [s.user_id for s in (await service.solo("everdell", "nightweave", 3, GUILD)).best] == [B]
    assert await store.plays.ratings(GUILD, "everdell") == {}  # solo games are never rated


def test_a_breakdown_keeps_the_sheets_order() -> None:
    """Stored breakdowns come back with sorted keys; shown, they follow the sheet again."""
    parts = calculate(calculator("dominion"), {"provinces": "2", "duchies_estates": "1/3", "vp_other": "4"}, None, "en")
    stored = dict(sorted(parts.items()))
    assert list(in_sheet_order(stored)) == list(parts) == [
        "provinces", "duchies", "estates", "curses", "gardens", "vp_other", "total"
    ]
    assert list(in_sheet_order({"tokens": 1, "cards": 2, "journey": 0, "events": 3, "total": 6})) == [
        "cards", "tokens", "journey", "events", "total"
    ]  # Rugwort's four parts, not Everdell's five
