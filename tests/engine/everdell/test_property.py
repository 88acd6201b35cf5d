"""Random legal play to the end: cards conserved, scores consistent, replay identical, no
hidden information in public events or other seats' views.

EVERDELL_GAMES sets how many games run (default 3000). The games run in a small process pool
(one worker per core, at most two); each is fully determined by its index. Every game counts
its cards after each answer and checks every card and the final invariants at the end; every
REPLAY_EVERY-th game is also rebuilt from its record and compared by a digest of its full state.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from typing import Any

from engine.core.match import Match
from engine.core.seats import SeatSpec
from engine.games.everdell.bots import RandomBot
from engine.games.everdell.data import full_deck
from engine.games.everdell.game import EverdellGame
from engine.games.everdell.scenario import ADAPTER
from engine.games.everdell.scoring import breakdown
from tests.engine.everdell.helpers import game_of, seats_for
from tests.engine.randplay import run_pool

GAMES = int(os.environ.get("EVERDELL_GAMES", "3000"))
REPLAY_EVERY = 25
MAX_ANSWERS = 20_000
DECK = Counter(full_deck())
DECK_SIZE = sum(DECK.values())
PRIVATE_KINDS = {"drew", "discarded", "gave", "received", "took", "looked"}


def setup_of(i: int) -> tuple[int, dict[str, Any]]:
    """Player count and options of game i: 1-4 players in turn, solo games cycling the years."""
    players = 1 + i % 4
    return players, ({"rugwort_year": 1 + (i // 4) % 3} if players == 1 else {})


def card_count(g: EverdellGame) -> int:
    """How many cards there are in all, wherever they are: cheap enough for every answer."""
    total = len(g.deck) + len(g.discard) + len(g.limbo) + sum(1 for c in g.meadow if c is not None)
    total += len(g.pig_pile)
    for pl in g.players:
        total += len(pl.hand) + len(pl.city) + sum(len(cc.prisoners) for cc in pl.city)
    return total + sum(len(claim.beneath) for claim in g.claims.values())


def play_out(players: int, seed: int, every_step: str = "count", **options: Any) -> Match:
    """Random answers to the end. After each answer the cards are counted (`count`), checked one
    by one (`full`), or not looked at (`none`); private events must always name their reader."""
    match = Match("everdell", seats_for(players), dict(options), seed)
    g = game_of(match)
    bots = [RandomBot(i, seed) for i in range(len(match.seats))]
    events = list(match.opening_events)
    while not match.finished:
        for prompt in match.prompts():
            events += match.submit(prompt.seat, bots[prompt.seat].choose({}, prompt), pid=prompt.pid)
            if every_step == "count":
                assert card_count(g) == DECK_SIZE, f"card count {card_count(g)} after answer {len(match.log)}"
            elif every_step == "full":
                assert Counter(g.all_cards()) == DECK, f"cards not conserved after answer {len(match.log)}"
        assert len(match.log) < MAX_ANSWERS, "the match does not end"
    for ev in events:
        if ev.kind in PRIVATE_KINDS:
            assert ev.to is not None, ev
    return match


def check_finished(match: Match) -> None:
    g = game_of(match)
    assert match.finished
    assert Counter(g.all_cards()) == DECK
    assert not g.limbo
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


def digest(match: Match) -> str:
    """A hash of the full state, every view, the open prompts, the result and the log."""
    r = match.result()
    data = {
        "state": ADAPTER.state(match),
        "views": [match.view(s) for s in [None, *range(len(match.seats))]],
        "prompts": [p.to_dict() for p in match.prompts()],
        "result": r.to_dict() if r else None,
        "log": [[s, list(a)] for s, a in match.log],
    }
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=list)
    return hashlib.sha256(text.encode()).hexdigest()


def check_replay(match: Match) -> None:
    again = Match.from_record(json.loads(json.dumps(match.record())))
    assert again.finished
    assert digest(again) == digest(match), "replay from seed + log rebuilt a different state"


def check_views(match: Match) -> None:
    for seat in range(len(match.seats)):
        view = match.view(seat)
        assert "deck" not in view
        others = [p for p in view["players"] if p["seat"] != seat]
        assert all("hand" not in p for p in others)
    assert "hand" not in match.view(None)


def check_game(i: int) -> list[str]:
    """Play game i and check it; returns what went wrong (empty when all is well)."""
    players, options = setup_of(i)
    try:
        match = play_out(players, 10_000 + i, **options)
        check_finished(match)
        if i % REPLAY_EVERY == 0:
            check_replay(match)
            check_views(match)
    except Exception as exc:  # any failure or crash is a failure of that game
        return [f"game {i} ({players}p, {options}): {type(exc).__name__}: {exc}"]
    return []


def test_random_games() -> None:
    failures = run_pool(check_game, range(GAMES))
    assert failures == [], "\n".join(failures[:20])


def test_conservation_at_every_step() -> None:
    for players in (1, 2, 3, 4):
        check_finished(play_out(players, 77 + players, every_step="full"))


def test_single_seat_solo_has_implicit_rugwort() -> None:
    match = Match("everdell", [SeatSpec("bot", "solo", "random")], {"rugwort_year": 2}, 5)
    bot = RandomBot(0, 5)
    while not match.finished:
        prompt = match.prompts()[0]
        match.submit(0, bot.choose({}, prompt))
    result = match.result()
    assert result is not None and len(result.scores) == 1
    assert result.details["rugwort"]["year"] == 2
    assert result.ranks[0] == (1 if result.details["rugwort"]["won"] else 2)
