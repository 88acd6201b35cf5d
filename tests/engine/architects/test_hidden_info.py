"""Hidden information (Building cards in hand, deck orders, the face-down Reward cards) never
leaves through public events or another seat's view."""

from __future__ import annotations

import json
import random
import re

from engine.core.events import Event
from engine.core.match import Match
from engine.games.architects.data import buildings
from tests.engine.architects.helpers import game_of, seats
from tests.engine.architects.randplay import play, run_pool, setup_of

PRIVATE = {"drew", "discarded", "looked", "draft_packet"}
GAMES = list(range(5000, 5080))
CARDS = set(buildings())


TOKEN = re.compile(r'"([a-z_]+)"')


def check_events(events: list[Event], match: Match) -> None:
    public_events = []
    for e in events:
        if e.kind in PRIVATE:
            assert e.to is not None and e.to == e.seat, e
        else:
            assert e.to is None, e
            public_events.append(e.to_dict())
    if not public_events:
        return
    # a Building is public once built: its name may then appear (the reason for a gain, say)
    public = {b for p in game_of(match).players for b in p.buildings}
    named = set(TOKEN.findall(json.dumps(public_events))) & CARDS
    assert named <= public, (named - public, public_events)


def check_views(match: Match, rng: random.Random) -> None:
    """Trading an owner's hand with cards from the deck (and shuffling the deck) must not change
    what anyone else sees."""
    g = game_of(match)
    owner = rng.randrange(g.n)
    p = g.players[owner]
    others = [None, *[s for s in range(g.n) if s != owner]]
    before = {s: match.view(s) for s in others}
    hand, deck = list(p.hand), list(g.deck)
    pool = hand + deck
    rng.shuffle(pool)
    p.hand, g.deck = sorted(pool[: len(hand)]), pool[len(hand) :]
    try:
        after = {s: match.view(s) for s in others}
    finally:
        p.hand, g.deck = hand, deck
    assert after == before
    assert "hand" not in before[None]


def check(seed: int) -> list[str]:
    rng = random.Random(seed)
    players, options = setup_of(seed)
    match = Match("architects", seats(players), options, seed)
    check_events(match.opening_events, match)

    def hook(m: Match, seat: int, events: list[Event]) -> None:
        check_events(events, m)
        if rng.random() < 0.025:
            check_views(m, rng)

    try:
        return play(match, seed, hook, check_every=False)
    except AssertionError as exc:
        return [f"seed {seed}: {exc}"]


def test_no_hidden_card_leaves_through_events_or_other_views() -> None:
    failures = run_pool(check, GAMES)
    assert not failures, failures[:5]
