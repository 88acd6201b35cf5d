"""Hidden information never leaves through public events, the spectator view or another seat's view.

Two checks over many random games, after every answer:
- views: reshuffling what a player holds between hand and deck (same sizes, same cards owned)
  and reordering their deck must not change view(None) or any other seat's view;
- events: public events carry counts, never the cards drawn, looked at or put back on the deck;
  card identities appear publicly only for cards that are played, gained, bought, trashed,
  discarded, revealed or set aside face up, and every private event goes to its own seat.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from typing import Any

import pytest

from engine.core.events import Event
from engine.core.match import Match
from tests.engine.randplay import Stalled, game, game_setup, new_match, play

GAMES = range(20_000, 20_160)
PUBLIC_COUNT_ONLY = {"draw": {"count"}, "look": {"count"}, "shuffle": set()}
PUBLIC_WITH_CARDS = {"play", "gain", "buy", "trash", "discard", "reveal", "set_aside", "topdeck"}
PUBLIC_OTHER = {"setup", "turn_start", "game_end"}
PRIVATE = {"drew", "looked", "topdecked"}


def check_events(match: Match, seat: int, events: list[Event]) -> None:
    revealed: dict[int | None, list[str]] = {}
    for event in events:
        if event.kind in PRIVATE:
            assert event.to is not None and event.to == event.seat, event
            continue
        assert event.to is None, f"unexpected private event {event}"
        if event.kind in PUBLIC_COUNT_ONLY:
            assert set(event.data) <= PUBLIC_COUNT_ONLY[event.kind], event
        elif event.kind == "topdeck":
            # a card put on a deck is public only if it was revealed first (Bureaucrat)
            assert "card" not in event.data or event.data["card"] in revealed.get(event.seat, []), event
        elif event.kind == "reveal":
            revealed.setdefault(event.seat, []).extend(event.data["cards"])
        else:
            assert event.kind in PUBLIC_WITH_CARDS | PUBLIC_OTHER, f"unknown public event {event}"
    # every public draw is matched by a private list of exactly the cards drawn
    for kind, private in (("draw", "drew"), ("look", "looked")):
        public = [(e.seat, e.data["count"]) for e in events if e.kind == kind]
        told = [(e.seat, len(e.data["cards"])) for e in events if e.kind == private]
        assert sorted(public) == sorted(told), (kind, events)


def check_views(match: Match, rng: random.Random) -> None:
    g = game(match)
    n = len(match.seats)
    owner = rng.randrange(n)
    player = g.players[owner]
    before = {s: match.view(s) for s in [None, *range(n)] if s != owner}
    hand, deck = player.hand, player.deck
    cards = hand + deck
    rng.shuffle(cards)
    player.hand, player.deck = cards[: len(hand)], cards[len(hand) :]
    try:
        after = {s: match.view(s) for s in before}
    finally:
        player.hand, player.deck = hand, deck
    for s in before:
        assert after[s] == before[s], f"view({s}) depends on seat {owner}'s hidden cards"
    assert "hand" not in before[None]
    for s in before:
        if s is not None:
            assert sorted(before[s]["hand"]) == sorted(g.players[s].hand)


def hooks(seed: int) -> Callable[[Match, int, list[Event]], None]:
    rng = random.Random(seed)

    def hook(match: Match, seat: int, events: list[Event]) -> None:
        check_events(match, seat, events)
        if len(match.log) % 3 == 0:
            check_views(match, rng)

    return hook


@pytest.mark.parametrize("block", range(4))
def test_no_hidden_cards_in_public_output(block: int) -> None:
    seeds = [s for i, s in enumerate(GAMES) if i % 4 == block]
    for seed in seeds:
        players, kingdom = game_setup(seed)
        match = new_match(seed, players, kingdom, "ask" if seed % 2 else "always")
        check_events(match, -1, match.opening_events)
        with contextlib.suppress(Stalled):  # a dead position has been checked up to that point
            play(match, seed, hooks(seed))


def test_the_view_check_catches_a_leak() -> None:
    """A view that shows another player's hand must fail the permutation check."""
    match = new_match(1, 2, list(game_setup(1)[1]))

    class Leaky:
        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def view(self, seat: int | None) -> dict[str, Any]:
            view: dict[str, Any] = self.inner.view(seat)
            view["peek"] = sorted(self.inner.players[0].hand)
            return view

    leaky = Leaky(match.game)
    match.view = leaky.view  # type: ignore[method-assign]
    rng = random.Random(0)
    with pytest.raises(AssertionError):
        for _ in range(20):
            check_views(match, rng)
