"""Random legal play to the end: cards conserved, scores consistent, replay identical, no
hidden information in public events or other seats' views.

EVERDELL_GAMES sets how many games run (CI uses 3000)."""

from __future__ import annotations

import os
from collections import Counter

import pytest

from engine.core.match import Match
from engine.games.everdell.bots import RandomBot
from engine.games.everdell.data import full_deck
from engine.games.everdell.scoring import breakdown
from tests.engine.everdell.helpers import game_of, seats_for

GAMES = int(os.environ.get("EVERDELL_GAMES", "300"))
DECK = Counter(full_deck())
PRIVATE_KINDS = {"drew", "discarded", "gave", "received", "took", "looked"}


def play_out(players: int, seed: int, check_every_step: bool = False, **options: object) -> Match:
    match = Match("everdell", seats_for(players), dict(options), seed)
    bots = [RandomBot(i, seed) for i in range(len(match.seats))]
    events = list(match.opening_events)
    steps = 0
    while not match.finished:
        for prompt in match.prompts():
            events += match.submit(prompt.seat, bots[prompt.seat].choose({}, prompt), pid=prompt.pid)
            steps += 1
            if check_every_step:
                assert Counter(game_of(match).all_cards()) == DECK
        assert steps < 20_000
    for ev in events:
        if ev.kind in PRIVATE_KINDS:
            assert ev.to is not None, ev
    return match


def check_finished(match: Match) -> None:
    g = game_of(match)
    assert match.finished
    assert Counter(g.all_cards()) == DECK
    assert all(pl.passed for pl in g.players if not pl.rugwort)
    result = match.result()
    assert result is not None
    for seat in range(len(match.seats)):
        parts = breakdown(g, seat)
        assert result.scores[seat] == parts["total"] == sum(v for k, v in parts.items() if k != "total")
    assert 1 in result.ranks or len(match.seats) == 1
    for pl in g.players:
        if not pl.rugwort:
            assert len(pl.hand) <= 8
            assert g.used_spaces(pl) <= 15
            assert all(v >= 0 for v in pl.res.values())
            uniques = [c.card for c in pl.city if g.card[c.card].unique]
            assert len(uniques) == len(set(uniques))


def check_replay(match: Match) -> None:
    again = Match.replay("everdell", match.seats, match.options, match.seed, match.log)
    assert again.finished
    for seat in range(len(match.seats)):
        assert again.view(seat) == match.view(seat)
    assert again.view(None) == match.view(None)
    assert again.result() == match.result()


def check_views(match: Match) -> None:
    for seat in range(len(match.seats)):
        view = match.view(seat)
        assert "deck" not in view
        others = [p for p in view["players"] if p["seat"] != seat]
        assert all("hand" not in p for p in others)
    assert "hand" not in match.view(None)


@pytest.mark.parametrize("chunk", range(10))
def test_random_games(chunk: int) -> None:
    for i in range(chunk, GAMES, 10):
        players = 1 + i % 4
        options = {"rugwort_year": 1 + (i // 4) % 3} if players == 1 else {}
        match = play_out(players, 10_000 + i, **options)
        check_finished(match)
        if i % 10 == 0:
            check_replay(match)
            check_views(match)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_conservation_at_every_step(players: int) -> None:
    check_finished(play_out(players, 77 + players, check_every_step=True))


def test_single_seat_solo_has_implicit_rugwort() -> None:
    from engine.core.seats import SeatSpec

    match = Match("everdell", [SeatSpec("bot", "solo", "random")], {"rugwort_year": 2}, 5)
    bot = RandomBot(0, 5)
    while not match.finished:
        prompt = match.prompts()[0]
        match.submit(0, bot.choose({}, prompt))
    result = match.result()
    assert result is not None and len(result.scores) == 1
    assert result.details["rugwort"]["year"] == 2
    assert result.ranks[0] == (1 if result.details["rugwort"]["won"] else 2)
