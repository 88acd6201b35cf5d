"""Our engine, driven exactly as the Discord bot drives a bot seat: through the match contract."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from engine.cli.simulate import game_seed, make_policies, play
from engine.core.match import Match
from engine.core.prompts import Answer, Prompt
from engine.core.registry import Policy, get_game
from engine.core.seats import SeatSpec


def seats(bots: list[str]) -> list[SeatSpec]:
    return [SeatSpec(kind="bot", name=b, policy=b) for b in bots]


def runner(bots: list[str], kingdom: str) -> Callable[[int], int]:
    """Returns play(seed) -> turns per player, one complete game through prompts/view/submit."""
    definition = get_game("dominion")

    def run(seed: int) -> int:
        match = Match("dominion", seats(bots), {"kingdom": kingdom}, seed)
        play(match, make_policies(definition, bots, seed))
        result = match.result()
        assert result is not None
        return max(result.turns)

    return run


class Timed:
    """Wraps a policy and records how long each decision takes (view building excluded)."""

    def __init__(
        self, inner: Policy, samples: list[float], clock: Callable[[], float] = time.perf_counter
    ) -> None:
        self.inner = inner
        self.samples = samples
        self.clock = clock

    def choose(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        start = self.clock()
        answer = self.inner.choose(view, prompt)
        self.samples.append(self.clock() - start)
        return answer


def decision_times(bots: list[str], games: int, seed: int) -> list[float]:
    definition = get_game("dominion")
    samples: list[float] = []
    for i in range(games):
        s = game_seed(seed, i)
        match = Match("dominion", seats(bots), {"kingdom": "random"}, s)
        play(match, [Timed(p, samples) for p in make_policies(definition, bots, s)])
    return samples


def long_game(players: int, min_turns: int, seed: int) -> tuple[dict[str, Any], int]:
    """The record of the first heuristic game on a random kingdom lasting `min_turns` table turns."""
    bots = ["heuristic"] * players
    definition = get_game("dominion")
    for i in range(1000):
        s = game_seed(seed, i)
        match = Match("dominion", seats(bots), {"kingdom": "random"}, s)
        play(match, make_policies(definition, bots, s))
        result = match.result()
        assert result is not None
        if sum(result.turns) >= min_turns:
            return match.record(), sum(result.turns)
    raise RuntimeError("no game long enough")


def everdell_game(players: int, seed: int) -> tuple[dict[str, Any], int]:
    """The record of a complete base Everdell game between heuristic bots, and its table turns."""
    bots = ["heuristic"] * players
    s = game_seed(seed, 0)
    match = Match("everdell", seats(bots), {}, s)
    play(match, make_policies(get_game("everdell"), bots, s))
    result = match.result()
    assert result is not None
    return match.record(), sum(result.turns)


def tapestry_game(players: int, seed: int) -> tuple[dict[str, Any], int]:
    """The record of a complete Tapestry game between heuristic bots, and its table turns."""
    bots = ["heuristic"] * players
    s = game_seed(seed, 0)
    match = Match("tapestry", seats(bots), {}, s)
    play(match, make_policies(get_game("tapestry"), bots, s))
    result = match.result()
    assert result is not None
    return match.record(), sum(result.turns)


def restore_times(record: dict[str, Any], repeats: int) -> list[float]:
    """CPU time of each rebuild (other processes on a busy machine do not inflate it)."""
    samples = []
    for _ in range(repeats):
        start = time.process_time()
        Match.from_record(record)
        samples.append(time.process_time() - start)
    return samples
