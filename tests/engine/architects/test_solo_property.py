"""Bot play over many whole solo games against each AI opponent (a heuristic or random person,
both board sides, the BGA options): each ends within the decision cap with a correct result,
keeps workers, cards, goods, Silver, Debts and the Tax Stand conserved (rebuilt from events, the
AI's Tax from the supply included) and the AI's own invariants; no public event names a hidden
card; replay in fresh processes under another hash seed rebuilds the identical state.

ARCHITECTS_SOLO_GAMES sets how many games run per AI (default 300, the full run: 1,800 games)
in a pool of at most two processes.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, cast

import pytest

from engine.core.events import Event
from engine.core.match import Match
from engine.core.seats import SeatSpec
from engine.games.architects.ai.data import OPPONENTS, ours
from engine.games.architects.ai.game import AI, SoloGame
from tests.engine.architects.helpers import digest
from tests.engine.architects.randplay import DECISION_CAP, Ledger, invariants, leaks, play, run_pool, setup_of

GAMES = int(os.environ.get("ARCHITECTS_SOLO_GAMES", "300"))
REPLAY_EVERY = 25


class SoloLedger(Ledger):
    """The shared ledger, plus the Tax the AI adds from the supply and takes off the Stand."""

    def apply(self, e: Event) -> None:
        if e.kind == "ai_tax_added":
            self.tax += e.data["count"]
        elif e.kind == "ai_tax_taken":
            self.tax -= e.data["count"]
        elif e.kind == "ai_track":  # passing the end of the Resource track: Marble
            self.holdings[AI]["marble"] += e.data["marble"]
        else:
            super().apply(e)


@dataclass
class Outcome:
    game: int
    ai: str
    failures: list[str] = field(default_factory=list)
    decisions: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    plots: Counter[str] = field(default_factory=Counter)
    record: dict[str, Any] | None = None
    digest: str | None = None


def solo_invariants(g: SoloGame) -> list[str]:
    out = []
    p = g.players[AI]
    if p.silver or p.hand or p.apprentices or any(p.res[k] for k in ("clay", "wood", "stone", "gold")):
        out.append(f"the AI holds what it never takes: {p}")
    if not 0 <= g.track < len(g.opponent.track):
        out.append(f"Resource marker off the track: {g.track}")
    cards = sorted(g.plot_deck + g.plot_discard + g.future)
    if cards != sorted(c.id for c in g.ai_data.plots):
        out.append("Plot cards not conserved")
    if len(set(cards)) != len(cards):
        out.append("a Plot card twice")
    return out


def game(i: int) -> tuple[str, int, dict[str, Any], str]:
    ai = OPPONENTS[i % len(OPPONENTS)]
    _, options = setup_of(i)
    options = {k: v for k, v in options.items() if k != "draft"} | {"opponent": ai}
    policy = "random" if i % 3 == 2 else "heuristic"
    return ai, i, options, policy


def check(i: int) -> Outcome:
    ai, seed, options, policy = game(i)
    out = Outcome(i, ai)
    try:
        match = Match("architects", [SeatSpec("bot", policy, policy)], options, seed)
        g = cast(SoloGame, match.game)
        ledger = SoloLedger(match)
        out.failures += leaks(match, match.opening_events)
        for e in match.opening_events:
            ledger.apply(e)

        def hook(m: Match, seat: int, events: list[Event]) -> None:
            for e in events:
                ledger.apply(e)
                out.kinds[e.kind] += 1
                if e.kind == "ai_plot" and e.data["option"] is not None:
                    out.plots[e.data["card"]] += 1
            out.failures.extend(leaks(m, events))
            if len(m.log) % 16 == 0:
                out.failures.extend(ledger.differences(m) + solo_invariants(g))

        out.failures += play(match, seed, hook, check_every=True, policies=[policy], cap=DECISION_CAP)
        if match.finished:
            out.failures += ledger.differences(match) + invariants(match) + solo_invariants(g)
            result = match.result()
            assert result is not None
            if len(g.guildhall) < g.guildhall_size or g.final_left != 0:
                out.failures.append("ended before the Guildhall was full")
            if (
                result.scores[0] != g.scores[0]["total"]
                or result.details["solo"]["score"] != g.scores[AI]["total"]
            ):
                out.failures.append("result differs from the score sheets")
            out.decisions = len(match.log)
            if i % REPLAY_EVERY == 7:
                out.record, out.digest = match.record(), digest(match)
    except Exception as exc:  # report the game that broke rather than the pool
        out.failures.append(f"{type(exc).__name__}: {exc}")
    out.failures = [f"game {i} ({ai}): {f}" for f in out.failures[:5]]
    return out


def replayed(record: dict[str, Any]) -> tuple[str, int]:
    return digest(Match.from_record(record)), hash("architects")


@pytest.fixture(scope="module")
def outcomes() -> list[Outcome]:
    return run_pool(check, list(range(GAMES * len(OPPONENTS))))


def test_every_solo_game_ends_within_the_cap_and_keeps_every_invariant(outcomes: list[Outcome]) -> None:
    failures = [f for o in outcomes for f in o.failures]
    assert not failures, failures[:10]
    assert all(0 < o.decisions < DECISION_CAP for o in outcomes)
    assert Counter(o.ai for o in outcomes) == dict.fromkeys(OPPONENTS, GAMES)


def test_every_plot_card_and_ai_rule_is_played(outcomes: list[Outcome]) -> None:
    kinds: Counter[str] = Counter()
    plots: Counter[str] = Counter()
    for o in outcomes:
        kinds.update(o.kinds)
        plots.update(o.plots)
    scale = max(1, GAMES // 100)
    for kind in (
        "ai_plot", "ai_next", "ai_shuffle", "ai_future", "ai_track", "ai_remove_apprentices", "ai_power",
        "ai_tax_added", "ai_tax_taken", "build_wonder", "cathedral", "contribute", "capture", "imprison",
        "debt_paid", "reset",
    ):  # fmt: skip
        assert kinds[kind] >= scale, (kind, kinds[kind])
    rare = {c.id: plots[c.id] for c in ours().plots if plots[c.id] < scale}
    assert rare == {}, f"Plot cards played too rarely: {rare}"


def test_solo_replay_in_fresh_processes_under_another_hash_seed_is_identical(
    outcomes: list[Outcome], hash_seed: str
) -> None:
    done = [o for o in outcomes if o.record is not None]
    assert len(done) >= max(1, GAMES * len(OPPONENTS) // REPLAY_EVERY - 1)
    results = run_pool(replayed, [o.record for o in done if o.record is not None], spawn=True)
    assert [r[0] for r in results] == [o.digest for o in done]
    assert hash("architects") not in {r[1] for r in results}


def test_random_draws_differ_between_games() -> None:
    """Sanity for the generator: the games differ (seeds and options reach the rules)."""
    decks = {
        tuple(
            cast(
                SoloGame, Match("architects", [SeatSpec("bot", "r", "random")], game(i)[2], i).game
            ).plot_deck
        )
        for i in range(6, 30, 6)
    }
    assert len(decks) > 1 and random.Random(1).random() != random.Random(2).random()
