"""The seat policies answer only legally, and the heuristic beats random play."""

from __future__ import annotations

from engine.core.match import Match
from engine.games.architects import GAME
from tests.engine.architects.helpers import seats


def play_out(players: int, seed: int, policies: list[str], **options: object) -> Match:
    match = Match("architects", seats(players), dict(options), seed)
    bots = [GAME.policies[policies[i]](i, seed) for i in range(players)]
    while not match.finished:
        p = match.prompts()[0]
        answer = bots[p.seat].choose(match.policy_view(p.seat), p)
        match.submit(p.seat, answer, pid=p.pid)  # raises on an illegal answer
        assert len(match.log) < 20_000
    return match


def test_heuristic_beats_random_play() -> None:
    """One heuristic seat against 1-4 random ones: it wins most tables outright and scores far more."""
    wins = 0
    mine: list[int] = []
    theirs: list[int] = []
    games = 16
    for seed in range(games):
        n = 2 + seed % 4
        policies = ["heuristic"] + ["random"] * (n - 1)
        result = play_out(n, seed, policies, architect_side="B" if seed % 2 else "A").result()
        assert result is not None
        wins += 0 in result.winners
        mine.append(result.scores[0])
        theirs.extend(result.scores[1:])
    assert wins >= games * 0.55
    assert sum(mine) / len(mine) > 2 * sum(theirs) / len(theirs) + 10


def test_heuristic_plays_full_tables_of_itself() -> None:
    for seed, n in ((1, 2), (2, 5)):
        result = play_out(
            n, seed, ["heuristic"] * n, promo_cards=True, architect_side="B", promo_architects=True
        ).result()
        assert result is not None and max(result.scores) > 0
