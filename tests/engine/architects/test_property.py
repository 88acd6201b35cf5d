"""Random legal play over many whole games: invariants after every answer, a correct end and
result, cards and workers conserved, and replay from the log rebuilding the identical state.

ARCHITECTS_GAMES sets how many games run (default 600) in a pool of at most two processes.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.match import Match
from engine.core.result import rank_by
from engine.games.architects import scoring
from tests.engine.architects.helpers import digest, game_of, seats
from tests.engine.architects.randplay import play, run_pool, setup_of

GAMES = int(os.environ.get("ARCHITECTS_GAMES", "600"))
REPLAY_EVERY = 10


def ended_correctly(match: Match) -> list[str]:
    g = game_of(match)
    out = []
    if len(g.guildhall) < g.guildhall_size:
        out.append("ended before the Guildhall was full")
    if g.final_left != 0:
        out.append(f"final turns left {g.final_left}")
    result = match.result()
    if result is None:
        return [*out, "no result"]
    sheets = [scoring.breakdown(g, s) for s in range(g.n)]
    if list(result.scores) != [s["total"] for s in sheets]:
        out.append("scores differ from the score sheets")
    for s in sheets:
        if s["total"] != sum(v for k, v in s.items() if k != "total"):
            out.append("a score sheet does not add up")
    keys = [(result.scores[s], g.players[s].virtue, g.players[s].silver) for s in range(g.n)]
    if result.ranks != rank_by(keys):
        out.append("ranks do not follow points, then Virtue, then Silver")
    if list(result.winners) != [s for s in range(g.n) if result.ranks[s] == 1]:
        out.append("winners do not match the ranks")
    turns = list(result.turns)
    if max(turns) - min(turns) > 1:
        out.append(f"turn counts {turns} differ by more than one")
    if match.prompts():
        out.append("prompts open after the end")
    return out


def check(i: int) -> list[str]:
    players, options = setup_of(i)
    try:
        match = Match("architects", seats(players), options, i)
        failures = play(match, i, check_every=True)
        if failures:
            return failures
        failures = [f"game {i}: {f}" for f in ended_correctly(match)]
        if i % REPLAY_EVERY == 0:
            again = Match.from_record(match.record())
            if digest(again) != digest(match):
                failures.append(f"game {i}: replay differs")
        return failures
    except Exception as exc:  # report the game that broke rather than the pool
        return [f"game {i}: {type(exc).__name__}: {exc}"]


def test_random_games_end_correctly_and_replay_identically() -> None:
    failures = run_pool(check, list(range(GAMES)))
    assert not failures, failures[:10]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32 - 1),
    side=st.sampled_from(["A", "B"]),
    promos=st.booleans(),
    strict_rules=st.booleans(),
)
def test_generated_games_keep_the_invariants(
    players: int, seed: int, side: str, promos: bool, strict_rules: bool
) -> None:
    options: dict[str, object] = {"architect_side": side, "promo_cards": promos}
    if side == "B":
        options["promo_architects"] = promos
    if strict_rules:  # every rule that comes only from BGA turned off
        options.update(
            hand_limit=0, virtue_debt=False, draft=False, tax_stand_start=0, guildhall_after_end=False
        )
    match = Match("architects", seats(players), options, seed)
    assert play(match, seed, check_every=True) == []
    assert ended_correctly(match) == []
    assert digest(Match.from_record(match.record())) == digest(match)
