"""Solo records against values of our own design stand apart from those played with a server's
replacement (the printed deck, say): Nightweave's games with the server's Activity deck are
recorded as `nightweave@server`, named so on the boards, and chosen separately."""

from __future__ import annotations

from bot.leaderboard.render import level_label
from bot.leaderboard.solo import (
    all_opponents,
    opponent,
    opponent_name,
    opponents_for,
    parse_choice,
    with_server_data,
)
from engine.core.registry import get_game

DATA_SETS = get_game("everdell").data_sets
AGAINST_HER = {"opponent": "nightweave", "nightweave_level": 2, "modules": []}


def test_a_game_with_the_servers_deck_is_recorded_apart() -> None:
    assert with_server_data("nightweave", DATA_SETS, AGAINST_HER) == "nightweave"
    with_deck = {**AGAINST_HER, "nightweave_deck": "cards: []\n"}
    assert with_server_data("nightweave", DATA_SETS, with_deck) == "nightweave@server"
    with_scoring = {**AGAINST_HER, "nightweave_scoring": "levels: []\n"}
    assert with_server_data("nightweave", DATA_SETS, with_scoring) == "nightweave@server"
    # Card data completes what no source prints: it replaces nothing of ours.
    assert with_server_data("nightweave", DATA_SETS, {**AGAINST_HER, "mistwood_cards": "cards: []\n"}) == "nightweave"
    # Rugwort's rules are printed: no data set of ours applies to him.
    assert with_server_data("rugwort", DATA_SETS, {"rugwort_year": 2, "nightweave_deck": "x"}) == "rugwort"
    assert with_server_data("nightweave@server", DATA_SETS, with_deck) == "nightweave@server"


def test_the_variant_is_an_opponent_of_its_own_in_every_list() -> None:
    ids = [o.id for o in all_opponents()]
    assert "nightweave@server" in ids  # her deck and scoring table are ours, replaceable
    assert "rugwort@server" not in ids  # his rules read no data of ours
    assert [o.id for o in opponents_for("dominion")] == []
    variant = opponent("nightweave@server")
    assert variant is not None and variant.levels == (0, 1, 2, 3, 4) and variant.humans == (1, 2)
    assert opponent_name("nightweave@server", "en") == "Nightweave (this server's own data)"
    assert opponent_name("nightweave@server", "pt") == "Tecelã Noturna (dados próprios do servidor)"
    assert level_label("nightweave@server", 3, "en") == "Nightweave (this server's own data) — level 3"
    assert level_label("nightweave", 3, "en") == "Nightweave — level 3"
    assert parse_choice("nightweave@server:3") == ("nightweave@server", 3)
    assert parse_choice("nightweave:3") == ("nightweave", 3)


# -- per-AI records (Architects: six AI personalities, no levels) ---------------------------------
AIS = ("aristocrat", "executor", "illusionist", "peddler", "meddler", "benefactor")


def finished_solo(ai: str, **options: object) -> dict[str, object]:
    """The result details of a real solo game against `ai`, played to the end by the heuristic bot."""
    from engine.core import Match, SeatSpec

    match = Match("architects", [SeatSpec("bot", "Ann", "heuristic")], {"opponent": ai, **options}, 7)
    policy = match.definition.policies["heuristic"](0, 7)
    for _ in range(5000):
        prompts = match.prompts()
        if not prompts:
            break
        p = prompts[0]
        match.submit(p.seat, policy.choose(match.view(p.seat) or {}, p))
    result = match.result()
    assert result is not None
    return dict(result.details)


def test_each_architects_ai_is_an_opponent_with_records_of_its_own() -> None:
    from bot.leaderboard.solo import solo_of

    found = {o.id: o for o in opponents_for("architects")}
    assert set(found) == {*AIS, *(f"{ai}@server" for ai in AIS)}
    assert all(o.levels == () and o.humans == (1,) for o in found.values())
    assert opponent_name("executor", "en") == "The Executor" and opponent_name("peddler", "pt") == "Mascate"
    assert level_label("meddler", None, "en") == "The Meddler"
    assert parse_choice("illusionist") == ("illusionist", None) and parse_choice("illusionist:2") is None
    details = finished_solo("executor")
    facts = solo_of("architects", {"opponent": "executor"}, details, None, None)
    assert facts is not None and facts.opponent == "executor" and facts.level is None
    assert facts.score is not None and facts.won is not None
    # another AI: another record
    other = solo_of("architects", {"opponent": "benefactor"}, finished_solo("benefactor"), None, None)
    assert other is not None and other.opponent == "benefactor"


def test_an_ai_played_with_a_servers_values_is_recorded_apart() -> None:
    sets = get_game("architects").data_sets
    plain = {"opponent": "aristocrat", "works_of_wonder": True}
    assert with_server_data("aristocrat", sets, plain) == "aristocrat"
    wonders = {**plain, "wonders_data": "wonder_virtue: 3\n"}
    assert with_server_data("aristocrat", sets, wonders) == "aristocrat@server"
    assert with_server_data("aristocrat", sets, {**plain, "ai_data": "x"}) == "aristocrat@server"
    # a multiplayer Works of Wonder game with a server's file is no solo record at all
    from bot.leaderboard.solo import solo_of

    assert solo_of("architects", {"works_of_wonder": True, "wonders_data": "x"}, {}, None, None) is None


def test_a_level_left_out_of_the_details_comes_from_the_option_the_game_declares() -> None:
    from bot.leaderboard.solo import declared_level, solo_of

    details = {"solo": {"opponent": "nightweave", "score": 9}}
    facts = solo_of("everdell", {"nightweave_level": 3}, details, None, None)
    assert facts is not None and facts.level == 3
    assert declared_level("tapestry", "tapestry", {"automa_level": 5}) == 5
    assert declared_level("architects", "executor", {"level": 2}) is None  # no difficulty: no guess
    # an automa seat with no details: its policy, and the level its game declares
    assert declared_level("dominion", "anyone", {"level": 2}) is None


def test_the_platform_names_no_game_for_solo_records() -> None:
    from pathlib import Path

    import bot.leaderboard.solo as solo
    from engine.core.registry import game_ids

    source = Path(solo.__file__).read_text(encoding="utf-8").split('"""', 2)[2]  # the code, not the notes
    for game in game_ids():
        assert f'"{game}' not in source, game


async def test_a_table_result_against_an_ai_keeps_no_level() -> None:
    from types import SimpleNamespace

    from bot.leaderboard.table_results import TableResults

    results = TableResults(SimpleNamespace())  # type: ignore[arg-type]
    draft = results.start(1, 2, 3, "architects", "executor")
    assert (draft.opponent, draft.level) == ("executor", None)


async def test_the_solo_menu_offers_each_ai_by_itself() -> None:
    from types import SimpleNamespace

    from cogs.leaderboard import solo_choices

    inter = SimpleNamespace(locale="en-US", namespace=SimpleNamespace(game="architects"))
    choices = await solo_choices(inter, "")  # type: ignore[arg-type]
    values = {c.value: c.name for c in choices}
    assert values["executor"] == "The Executor" and "executor@server" in values
    assert all(":" not in v for v in values)
