"""Tapestry at a physical table: its score sheet (words, bounds, arithmetic) and a result typed in
for three people, confirmed by the others, rated and shown on the server's Tapestry leaderboard."""

from __future__ import annotations

import pytest

from bot.errors import UserError
from bot.i18n import t
from bot.leaderboard.calculators import MAX_FIELDS, calculate, calculator, in_sheet_order
from bot.leaderboard.service import LeaderboardService
from bot.leaderboard.table_results import TableResults
from bot.plugins import ui
from storage import Store

GUILD, CHANNEL = 9, 90
A, B, C = 830000000000000001, 830000000000000002, 830000000000000003
MODAL_LABEL = 45  # Discord's limit on a text input's label


def test_the_sheet_is_tapestrys_and_speaks_both_languages() -> None:
    sheet = calculator("tapestry")
    assert sheet.id == "tapestry" and ui("tapestry").score_sheets == (sheet,)
    assert [f.id for f in sheet.fields] == ["track", "civilization", "other"] and len(
        sheet.fields
    ) <= MAX_FIELDS
    for locale in ("en", "pt"):
        labels = [t(f.label_key, locale) for f in sheet.fields]
        assert all(not label.startswith("calc.") and len(label) <= MODAL_LABEL for label in labels), labels
    assert "without" in t("calc.tapestry.track", "en") and "sem" in t("calc.tapestry.track", "pt")


def test_the_sheet_adds_up_and_refuses_what_cannot_be() -> None:
    sheet = calculator("tapestry")
    parts = calculate(sheet, {"track": "141", "civilization": "20", "other": "-4"}, None, "en")
    assert parts == {"track": 141, "civilization": 20, "other": -4, "total": 157}
    assert calculate(sheet, {"track": "88"}, None, "en")["total"] == 88  # empty fields count 0
    with pytest.raises(UserError, match="calc.error.range"):
        calculate(sheet, {"track": "401"}, None, "en")
    with pytest.raises(UserError, match="calc.error.range"):
        calculate(sheet, {"track": "90", "civilization": "-10"}, None, "en")
    with pytest.raises(UserError) as err:
        calculate(sheet, {"track": "muitos"}, None, "pt")
    assert err.value.key == "calc.error.not_number" and err.value.params["field"] == t(
        "calc.tapestry.track", "pt"
    )


async def test_a_table_result_for_three_is_rated_once_confirmed(store: Store) -> None:
    results = TableResults(store)
    service = LeaderboardService(store)
    draft = results.start(GUILD, CHANNEL, A, "tapestry", None)
    with pytest.raises(UserError, match="result.error.player_count"):
        results.set_players(draft.id, A, [(A, "a")], "en")  # no solo Automa yet: 2-5 people
    with pytest.raises(UserError, match="result.error.player_count"):
        results.set_players(draft.id, A, [(800 + i, str(i)) for i in range(6)], "en")
    results.set_players(draft.id, A, [(A, "a"), (B, "b"), (C, "c")], "en")
    with pytest.raises(UserError, match="result.error.score_range"):  # above the game's believable 400
        results.score(draft.id, A, 0, {"track": "390", "civilization": "30"}, "en")
    for seat, raw in enumerate(
        ({"track": "131", "civilization": "20"}, {"track": "118", "other": "2"}, {"track": "97"})
    ):
        results.score(draft.id, A, seat, raw, "en")

    pending, play = await results.submit(draft.id, A)
    assert play is None and sorted(pending.waiting_for) == [B, C]
    assert await service.board(GUILD, "tapestry") == []  # nothing counts before everyone agrees
    await results.confirm(pending.id, B)
    _, play = await results.confirm(pending.id, C)
    assert play is not None and play.game == "tapestry" and play.source == "table"
    assert [(s.user_id, s.score, s.rank) for s in play.seats] == [(A, 151, 1), (B, 120, 2), (C, 97, 3)]
    assert play.seats[0].breakdown is not None
    assert list(in_sheet_order(play.seats[0].breakdown)) == ["track", "civilization", "other", "total"]

    board = await service.board(GUILD, "tapestry")
    assert [e.user_id for e in board] == [A, B, C]
    assert sorted(await store.plays.ratings(GUILD, "tapestry")) == sorted(str(p) for p in (A, B, C))
