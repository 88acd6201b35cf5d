"""Many complete games with mixed random and heuristic seats, 2-4 players: every game ends
within a decision cap, cards are conserved after every answer, replays rebuild the same state,
no public event names a hidden card, and over the run every card is played at least 5 times.

FARSHORE_GAMES sets how many games run (default 2000); they run in a small process pool (one
worker per core, at most two), each fully determined by its index.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import subprocess
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import cast

from engine.core.events import Event
from engine.core.match import Match
from engine.core.seats import SeatSpec
from engine.games.farshore.bots import POLICIES
from engine.games.farshore.content import load
from engine.games.farshore.game import FarshoreGame
from engine.games.farshore.scoring import breakdown

GAMES = int(os.environ.get("FARSHORE_GAMES", "2000"))
REPLAY_EVERY = 10
MAX_ANSWERS = 5_000
DECK = Counter(load().deck())
# Public events that may name a card: it is public by then (the Bay, a village).
PUBLIC_CARD_KINDS = {"play", "take_bay", "bay_refill", "activate"}
PRIVATE_KINDS = {"drew", "discarded", "given", "received"}
ROOT = Path(__file__).resolve().parents[3]


def bots_of(i: int) -> list[str]:
    players = 2 + i % 3
    return [("random", "heuristic")[(i // 3 + seat) % 2] if i % 5 else "random" for seat in range(players)]


def all_cards(g: FarshoreGame) -> Counter[str]:
    cards = Counter(g.deck) + Counter(g.discard) + Counter(c for s in g.bay for c in s)
    for pl in g.players:
        cards += Counter(pl.hand) + Counter(v.card for v in pl.village)
    return cards


def play_out(i: int) -> tuple[Match, list[Event]]:
    bots = bots_of(i)
    seed = 50_000 + i
    match = Match("farshore", [SeatSpec("bot", f"B{s}", b) for s, b in enumerate(bots)], {}, seed)
    g = cast(FarshoreGame, match.game)
    policies = [POLICIES[b](s, seed) for s, b in enumerate(bots)]
    events = list(match.opening_events)
    while not match.finished:
        for prompt in match.prompts():
            events += match.submit(
                prompt.seat, policies[prompt.seat].choose(match.policy_view(prompt.seat), prompt)
            )
            assert sum(all_cards(g).values()) == 125, f"cards not conserved after answer {len(match.log)}"
        assert len(match.log) < MAX_ANSWERS, "the match does not end"
    return match, events


def digest(match: Match) -> str:
    r = match.result()
    data = {
        "views": [match.view(s) for s in [None, *range(len(match.seats))]],
        "result": r.to_dict() if r else None,
        "log": [[s, list(a)] for s, a in match.log],
    }
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=list).encode()).hexdigest()


def check_game(i: int) -> tuple[list[str], Counter[str]]:
    played: Counter[str] = Counter()
    try:
        match, events = play_out(i)
        g = cast(FarshoreGame, match.game)
        assert all_cards(g) == DECK
        assert all(p.passed for p in g.players)
        result = match.result()
        assert result is not None and 1 in result.ranks
        for seat, pl in enumerate(g.players):
            assert result.scores[seat] == sum(breakdown(g, seat).values())
            assert len(pl.hand) <= 8 and sum(1 for v in pl.village if not g.card(v.card).no_space) <= 15
            assert all(n >= 0 for n in pl.res.values()) and pl.treasure >= 0 and 0 <= pl.anchors <= 3
            uniques = [v.card for v in pl.village if g.card(v.card).unique]
            assert len(uniques) == len(set(uniques))
            assert len(pl.maps) <= 6 and pl.boat < len(g.content.track_points)
        for ev in events:
            if ev.kind in PRIVATE_KINDS:
                assert ev.to is not None, ev
            if ev.to is None and ev.kind not in PUBLIC_CARD_KINDS:
                assert "card" not in ev.data and "cards" not in ev.data, ev
            if ev.kind == "play":
                played[ev.data["card"]] += 1
        for seat in range(len(match.seats)):
            view = match.view(seat)
            assert view["hand"] == sorted(g.players[seat].hand)
        assert "hand" not in match.view(None)
        if i % REPLAY_EVERY == 0:
            again = Match.from_record(json.loads(json.dumps(match.record())))
            assert digest(again) == digest(match), "replay rebuilt a different state"
    except Exception as exc:  # any failure or crash fails that game
        return [f"game {i} ({bots_of(i)}): {type(exc).__name__}: {exc}"], played
    return [], played


def test_many_games() -> None:
    workers = max(1, min(2, os.cpu_count() or 1))
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    failures: list[str] = []
    played: Counter[str] = Counter()
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        for fails, counts in pool.map(check_game, range(GAMES), chunksize=max(1, GAMES // (workers * 8))):
            failures += fails
            played += counts
    assert failures == [], "\n".join(failures[:20])
    if GAMES >= 2000:
        rare = {c: played[c] for c in DECK if played[c] < 5}
        assert rare == {}, f"cards played fewer than 5 times: {rare}"


def test_replay_is_identical_in_another_process_and_hash_seed() -> None:
    match, _ = play_out(7)
    record = json.dumps(match.record())
    code = (
        "import json, sys\nfrom engine.core.match import Match\n"
        "from tests.engine.farshore.test_property import digest\n"
        "print(digest(Match.from_record(json.loads(sys.stdin.read()))))\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "4242"}
    out = subprocess.run(
        [sys.executable, "-c", code],
        input=record,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=True,
    )
    assert out.stdout.strip() == digest(match)
