"""Bot play over many whole Works of Wonder games (2-5 players, random and heuristic seats, every
option): each ends within the decision cap with a correct result, keeps workers, cards, goods,
Silver, Debts and the Tax Stand conserved (rebuilt from events) and the expansion's own
invariants; no public event names a hidden card; replay in fresh processes under another hash
seed rebuilds the identical state; Wonders get built and Contributions made.

ARCHITECTS_WOW_GAMES sets how many games run (default 1000, the full run) in a pool of at most
two processes.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.core.events import Event
from engine.core.match import Match
from engine.games.architects.data import apprentices, buildings
from tests.engine.architects.helpers import digest, game_of, seats
from tests.engine.architects.randplay import (
    DECISION_CAP,
    Ledger,
    invariants,
    leaks,
    play,
    players_of,
    policy_names,
    run_pool,
    setup_of,
)
from tests.engine.architects.test_property import ended_correctly, views_ignore_hands

GAMES = int(os.environ.get("ARCHITECTS_WOW_GAMES", "1000"))
REPLAY_EVERY = 10
VIEW_CHECKS = 0.003


@dataclass
class Outcome:
    game: int
    failures: list[str] = field(default_factory=list)
    decisions: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    hired: Counter[str] = field(default_factory=Counter)
    scores: tuple[int, ...] = ()
    players: int = 0
    record: dict[str, Any] | None = None
    digest: str | None = None


def wow_invariants(match: Match) -> list[str]:
    g = game_of(match)
    assert g.wow is not None
    out = []
    if any(not 0 <= p.influence <= g.wow.influence.max for p in g.players):
        out.append("Influence off the track")
    built = [w for p in g.players for w in p.wonders]
    if len(built) != len(set(built)) or any(g.wonder_owner[w] is None for w in built):
        out.append("a Wonder built twice or without an owner")
    placing = any(q.key.endswith("wonder_marker") for q in match.prompts())  # the marker is in hand
    if sorted(g.markers.values()) != sorted(built) and not placing:
        out.append("Wonder markers do not match the Wonders built")
    if set(g.markers) - set(g.wow.marker_locations):
        out.append("a Wonder marker on a forbidden location")
    if len(set(g.on_card)) != len(g.on_card) or len(g.on_card) > 5:
        out.append(f"Contribution card holds {g.on_card}")
    if match.finished and len(g.on_card) == 5:
        out.append("a full Contribution card was never reset")
    if sorted(g.contrib_deck + g.consequences) != sorted(c.id for c in g.wow.contributions):
        out.append("Contribution cards not conserved")
    if g.princess == g.profiteer:
        out.append("the Princess and the Profiteer share a location")
    return out


def check(i: int) -> Outcome:
    players, options = players_of(i), {**setup_of(i)[1], "works_of_wonder": True}
    out = Outcome(i, players=players)
    try:
        match = Match("architects", seats(players), options, i)
        rng = random.Random(i)
        ledger = Ledger(match)
        out.failures += leaks(match, match.opening_events)
        for e in match.opening_events:
            ledger.apply(e)

        def hook(m: Match, seat: int, events: list[Event]) -> None:
            for e in events:
                ledger.apply(e)
                out.kinds[e.kind] += 1
                if e.kind in ("hire", "build"):
                    out.hired[e.data["card"]] += 1
            out.failures.extend(leaks(m, events))
            if len(m.log) % 64 == 0:
                out.failures.extend(ledger.differences(m) + wow_invariants(m))
            if rng.random() < VIEW_CHECKS:
                out.failures.extend(views_ignore_hands(m, rng))

        out.failures += play(
            match, i, hook, check_every=True, policies=policy_names(i, players), cap=DECISION_CAP
        )
        if match.finished:
            out.failures += ended_correctly(match) + ledger.differences(match) + invariants(match)
            out.failures += wow_invariants(match)
            result = match.result()
            assert result is not None
            out.decisions, out.scores = len(match.log), result.scores
            if i % REPLAY_EVERY == 3:
                out.record, out.digest = match.record(), digest(match)
    except Exception as exc:  # report the game that broke rather than the pool
        out.failures.append(f"{type(exc).__name__}: {exc}")
    out.failures = [f"game {i}: {f}" for f in out.failures[:5]]
    return out


def replayed(record: dict[str, Any]) -> tuple[str, int]:
    return digest(Match.from_record(record)), hash("architects")


@pytest.fixture(scope="module")
def outcomes() -> list[Outcome]:
    return run_pool(check, list(range(GAMES)))


def test_every_wow_game_ends_within_the_cap_and_keeps_every_invariant(outcomes: list[Outcome]) -> None:
    failures = [f for o in outcomes for f in o.failures]
    assert not failures, failures[:10]
    assert all(0 < o.decisions < DECISION_CAP for o in outcomes)
    assert {o.players for o in outcomes} == {2, 3, 4, 5} or GAMES < 4


def test_the_expansion_is_played(outcomes: list[Outcome]) -> None:
    kinds: Counter[str] = Counter()
    for o in outcomes:
        kinds.update(o.kinds)
    scale = max(1, min(GAMES, 1000) // 100)
    for kind in ("contribute", "build_wonder", "wonder_marker", "influence", "consequence", "reset"):
        assert kinds[kind] >= scale, (kind, kinds[kind])
    hired: Counter[str] = Counter()
    for o in outcomes:
        hired.update(o.hired)
    new = [a for a, card in apprentices().items() if card.set == "wow"]
    new += [b for b, card in buildings().items() if card.set == "wow"]
    rare = {a: hired[a] for a in new if hired[a] < scale}
    assert rare == {}, f"Works of Wonder Apprentices hired or Buildings built too rarely: {rare}"


def test_wow_replay_in_fresh_processes_under_another_hash_seed_is_identical(
    outcomes: list[Outcome], hash_seed: str
) -> None:
    done = [o for o in outcomes if o.record is not None]
    assert len(done) >= max(1, GAMES // REPLAY_EVERY - 1)
    results = run_pool(replayed, [o.record for o in done if o.record is not None], spawn=True)
    assert [r[0] for r in results] == [o.digest for o in done]
    assert hash("architects") not in {r[1] for r in results}
