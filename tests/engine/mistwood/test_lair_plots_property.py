"""Solo games against Nightweave with her Plots (and Personalities), played by the heuristic and
the random bot: every Plot's prompts are answered, games end, cards are conserved (face-down ones
included), held workers are counted right, no face-down hand card leaks, and records replay.

NIGHTWEAVE_PLOT_GAMES sets the games per bot (100).
"""

from __future__ import annotations

import os
from collections import Counter

import pytest

from engine.core.events import Event
from engine.core.match import Match
from engine.games.everdell.bots import POLICIES
from engine.games.everdell.data import full_deck
from engine.games.everdell.mistwood.lair import holds
from tests.engine.mistwood.lair_helpers import game, new_match

GAMES = int(os.environ.get("NIGHTWEAVE_PLOT_GAMES", "100"))
DECK = Counter(full_deck())


def play(seed: int, policy: str) -> tuple[Match, list[Event], set[str]]:
    modules = ["plots"] if seed % 2 else ["personalities", "plots"]
    match = new_match(seed=seed, level=seed % 5, modules=modules)
    g = game(match)
    bot = POLICIES[policy](0, seed)
    events = list(match.opening_events)
    plots: set[str] = set()
    steps = 0
    while not match.finished:
        for prompt in match.prompts():
            assert prompt.seat == 0
            events += match.submit(0, bot.choose(match.policy_view(0), prompt), pid=prompt.pid)
            steps += 1
            pl = g.players[0]
            assert pl.available >= 0 and len(pl.placed) + len(pl.held) <= pl.workers
            assert all(h.loc is None or 0 in g.occ.get(h.loc, []) for h in pl.held)
            # no card holds more workers than its printed spots, whoever's they are
            cards = [cc for owner in g.players for cc in owner.city]
            assert all(len(g.occ.get(f"card:{cc.uid}", [])) <= max(1, g.card[cc.card].spots) for cc in cards)
            assert pl.hand_size <= 8
        assert steps < 20_000
    plots.update(e.data["plot"] for e in events if e.kind == "nw_plot")
    return match, events, plots


def check(match: Match, events: list[Event]) -> None:
    g = game(match)
    assert g.lair.finished and g.players[0].passed
    assert Counter(g.all_cards()) == DECK
    pl = g.players[0]
    down = set(pl.hand_down)
    for ev in events:
        if ev.to is None and ev.seat == 0 and ev.kind in ("hand_down", "hand_up"):
            assert "cards" not in ev.data
    for seat in (None, 1):
        view = match.view(seat)
        assert "hand_down" not in view
        assert not set(view["players"][0]) & {"hand", "hand_down"}
        if down:
            assert view["players"][0]["hand_down_count"] == len(pl.hand_down)
    assert match.result() is not None


@pytest.mark.parametrize("policy", ["heuristic", "random"])
def test_games_with_plots_end_conserve_and_replay(policy: str) -> None:
    seen: set[str] = set()
    for seed in range(GAMES):
        match, events, plots = play(seed, policy)
        check(match, events)
        seen |= plots
        if seed % 25 == 0:
            again = Match.from_record(match.record())
            assert again.view(0) == match.view(0) and repr(again.result()) == repr(match.result())
    if GAMES >= 100:
        assert set(holds.PLOTS) <= seen  # each new Plot came up at least once
