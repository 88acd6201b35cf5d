"""More Legends against Nightweave: a random Legendary joins her hand when she Prepares for summer
and for autumn; Legendaries take no space in her city and enter a full one; one she discards
leaves the game; she scores each like a Prosperity card (printed value plus the bonus, once).

Card values come from `tests/engine/everdell/data/legends_test_cards.yaml` (test data only)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.core.match import Match
from engine.games.everdell.bots import POLICIES
from engine.games.everdell.data import full_deck
from engine.games.everdell.mistwood.nightweave import actions
from tests.engine.everdell.helpers import drive
from tests.engine.everdell.test_legends import TEXT
from tests.engine.everdell.test_property import check_replay, check_views
from tests.engine.mistwood.lair_helpers import game, options, seats

ON: dict[str, Any] = {"legends": True, "mistwood_cards": TEXT}
FILLER = ["farm"] * 8 + ["mine"] * 3 + ["twig_barge"] * 2 + ["resin_refinery"] * 2


def new(humans: int = 1, seed: int = 1) -> Match:
    return Match("everdell", seats(humans), options(**ON), seed)


def test_humans_are_dealt_legendaries_and_she_starts_without() -> None:
    for humans in (1, 2):
        g = game(new(humans, 3))
        assert g.legends is not None
        for p in g.humans:
            assert sorted(g.card[c].kind for c in g.players[p].legends) == ["construction", "critter"]
        assert not set(g.lair.hand) & g.fixed
        assert len(g.legends.pool) == 10 - 2 * humans


def test_a_random_legendary_joins_her_hand_for_summer_and_autumn_only() -> None:
    g = game(new(1, 4))
    lg = g.legends
    assert lg is not None
    for season, gets in ((1, 0), (2, 1), (3, 1)):
        g.lair.season = season
        before, pool = list(g.lair.hand), len(lg.pool)
        list(g.hooks.after_prepare(g.ctx()))
        added = [c for c in g.lair.hand if c not in before]
        assert len(added) == gets and len(lg.pool) == pool - gets
        assert all(c in g.fixed for c in added)
    assert any(e["kind"] == "legend_to_hand" and "card" not in e for e in g.lair.log)


def test_legendaries_take_no_space_in_her_full_city() -> None:
    g = game(new(1, 5))
    st = g.lair
    st.city.clear()
    for name in FILLER:
        st.add_city(name)
    assert st.city_full()
    ctx = g.ctx()
    actions.play_card(ctx, "jor_auriasa", "hand")
    assert st.city[-1].card == "jor_auriasa" and st.city_full()
    actions.play_card(ctx, "farm", "hand")
    assert [c.card for c in st.city].count("farm") == 8  # an ordinary card is discarded
    # play from hand is possible in a full city when her top card is a Legendary
    st.hand = ["castelo_raizpujante", "farm"]
    assert actions.possible(ctx, _play_hand())
    st.hand = ["farm", "castelo_raizpujante"]
    assert not actions.possible(ctx, _play_hand())


def _play_hand() -> Any:
    from engine.games.everdell.mistwood.activity import Action

    return Action(kind="play_hand")


def test_a_legendary_she_discards_leaves_the_game() -> None:
    g = game(new(1, 6))
    lg = g.legends
    assert lg is not None
    g.lair.hand = ["lebre_alegre"]
    actions.discard_top(g.ctx())
    assert "lebre_alegre" not in g.discard and lg.gone == ["lebre_alegre"]
    assert "lebre_alegre" not in g.all_cards()
    gone = [e for e in g._events if e.kind == "legend_gone"]
    assert gone and all("card" not in e.data for e in gone)  # her discards stay hidden


def test_she_scores_a_legendary_as_prosperity_once() -> None:
    g = game(new(1, 7))
    st = g.lair
    st.city.clear()
    base = g.her_score()
    bonus = g.level_row.bonus_prosperity
    st.add_city("jor_auriasa")  # 3 points, traveler (test data)
    st.add_city("cofre_do_rei_norte")  # 2 points, prosperity and Legendary: one bonus
    after = g.her_score()
    assert after["cards"] - base["cards"] == 5
    assert after["bonus"] - base["bonus"] == 2 * bonus


# ---------------------------------------------------------------------------------- random play
def check(match: Match) -> None:
    g = game(match)
    assert match.finished and match.result() is not None
    lg = g.legends
    assert lg is not None
    assert Counter(c for c in g.all_cards() if c not in g.fixed) == Counter(full_deck())
    where = list(lg.pool) + list(lg.gone) + list(g.lair.hand) + list(g.lair.lair)
    for pl in g.players:
        where += pl.legends + [c.card for c in pl.city if c.card in g.fixed]
    assert sorted(c for c in where if c in g.fixed) == sorted(lg.defs)
    assert all(pl.passed for p, pl in enumerate(g.players) if p in g.humans)


@pytest.mark.parametrize("chunk", range(2))
def test_random_games_against_her_with_legends(chunk: int) -> None:
    """100 random games (1 and 2 humans) end properly; every tenth replays identically."""
    for i in range(chunk * 50, chunk * 50 + 50):
        match = Match("everdell", seats(1 + i % 2), options(level=i % 5, **ON), 90_000 + i)
        drive(match, [POLICIES["random"](s, i) for s in range(len(match.seats))])
        check(match)
        if i % 10 == 0:
            check_replay(match)
            check_views(match)


def test_heuristic_bots_against_her_with_legends() -> None:
    for humans in (1, 2):
        match = Match("everdell", seats(humans), options(**ON), 31 + humans)
        drive(match, [POLICIES["heuristic"](s, 3) for s in range(len(match.seats))])
        check(match)
