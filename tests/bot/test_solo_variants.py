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
