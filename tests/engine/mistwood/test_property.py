"""Whole games of her procedure against the stand-alone table: they end, replay identically,
conserve cards, and her score grows with the difficulty.

MISTWOOD_GAMES sets the games per level (100 by default; CI runs 2000).
"""

from __future__ import annotations

import os
import statistics

from engine.games.everdell import data
from engine.games.everdell.mistwood.nightweave.sim import solo_game

GAMES = int(os.environ.get("MISTWOOD_GAMES", "100"))


def cards_on_table(st, table) -> int:  # type: ignore[no-untyped-def]
    humans = sum(len(c.cards) for c in table.cities.values())
    meadow = sum(1 for c in table.slots if c is not None)
    return len(table.deck) + len(table.discards) + meadow + len(st.city) + len(st.hand) + humans


def test_games_end_conserve_cards_and_replay_identically() -> None:
    means = []
    for level in range(5):
        totals = []
        for seed in range(GAMES):
            st, table, result = solo_game(seed, level)
            assert st.finished and st.season_name == "autumn"
            # her game ends from the Meadow, and her final Prepare takes her figure off it
            assert st.placed == [] and st.meadow_slot is None and "game_end" in [e["kind"] for e in st.log]
            assert cards_on_table(st, table) == len(data.full_deck())
            assert len(st.city) <= 15
            totals.append(result["total"])
            if seed % 10 == 0:
                again, _, result2 = solo_game(seed, level)
                assert again.log == st.log and result2 == result
        means.append(statistics.mean(totals))
    assert means == sorted(means) and means[0] < means[-1]
