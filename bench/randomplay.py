"""Random play of every game: decisions per CPU second through the match contract.

Each seat is the game's `random` policy, answered inside the match (`Match.play_seats`: the
seat's view, the policy, each answer checked as `Match.submit()` checks it and logged): the pace
of the games' random property and replay tests, so this figure sizes their budgets. Every game
the engine offers has its row. Player counts cycle through each
game's range, as the property tests spread them. CPU time of this process, so other work on the
machine does not inflate it.

    python bench/randomplay.py [--games 40]
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.cli.simulate import game_seed, make_policies, play  # noqa: E402
from engine.core.match import Match  # noqa: E402
from engine.core.registry import get_game  # noqa: E402
from engine.core.seats import SeatSpec  # noqa: E402

# (label, game, player counts to cycle through, options)
CASES: list[tuple[str, str, tuple[int, ...], dict[str, Any]]] = [
    ("Dominion, random kingdoms", "dominion", (2, 3, 4, 5, 6), {"kingdom": "random"}),
    ("Everdell", "everdell", (1, 2, 3, 4), {}),
    ("Architects of the West Kingdom", "architects", (2, 3, 4, 5), {}),
    ("Tapestry", "tapestry", (2, 3, 4, 5), {}),
    ("Everdell Farshore", "farshore", (2, 3, 4), {}),
]


@dataclass
class RandomPlay:
    label: str
    game_id: str
    players: tuple[int, ...]
    games: int
    decisions: int
    cpu_seconds: float
    error: str | None = None

    @property
    def per_second(self) -> float:
        return self.decisions / self.cpu_seconds if self.cpu_seconds else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.cpu_seconds if self.cpu_seconds else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.label,
            "id": self.game_id,
            "players": list(self.players),
            "games": self.games,
            "decisions": self.decisions,
            "cpu_seconds": round(self.cpu_seconds, 4),
            "decisions_per_cpu_second": round(self.per_second, 1),
            "games_per_cpu_second": round(self.games_per_second, 2),
            "error": self.error,
        }


def measure(
    game: str, players: tuple[int, ...], options: dict[str, Any], games: int, seed: int
) -> tuple[int, float]:
    """(decisions, CPU seconds) over `games` seeded games of random seats."""
    definition = get_game(game)
    decisions = 0
    spent = 0.0
    for i in range(games):
        s = game_seed(seed, i)
        bots = ["random"] * players[i % len(players)]
        start = time.process_time()
        match = Match(game, [SeatSpec(kind="bot", name=b, policy=b) for b in bots], dict(options), s)
        decisions += play(match, make_policies(definition, bots, s))
        spent += time.process_time() - start
    return decisions, spent


def run(games: int, seed: int = 6000) -> list[RandomPlay]:
    out = []
    for label, game, players, options in CASES:
        try:
            measure(game, players[:1], options, 1, seed - 1)  # warm imports and data outside the timing
            decisions, spent = measure(game, players, options, games, seed)
            out.append(RandomPlay(label, game, players, games, decisions, spent))
        except Exception as exc:  # noqa: BLE001 - a game that cannot be played is reported, not fatal
            out.append(RandomPlay(label, game, players, games, 0, 0.0, f"{type(exc).__name__}: {exc}"))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args(argv)
    for r in run(args.games):
        if r.error:
            print(f"{r.label}: failed ({r.error})")
            continue
        print(
            f"{r.label}: {r.games} games, {r.decisions:,} decisions, {r.per_second:,.0f} decisions/s, "
            f"{r.games_per_second:.1f} games/s (CPU)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
