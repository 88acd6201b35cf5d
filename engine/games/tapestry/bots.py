"""Tapestry seat policies. Each decides from its own seat's view and its open prompt only."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from engine.core.prompts import Answer, Prompt
from engine.core.registry import Policy


class RandomBot:
    """Uniformly random legal answers."""

    def __init__(self, seat: int, seed: int) -> None:
        self.rng = random.Random(seed * 7919 + seat)

    def choose(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        ids = [o.id for o in prompt.options if not o.shortcut]
        if prompt.max == 1 and prompt.min == 1:
            return (self.rng.choice(ids),)
        k = self.rng.randint(prompt.min, min(prompt.max, len(ids)))
        return tuple(self.rng.sample(ids, k))


def make_heuristic(seat: int, seed: int) -> Policy:
    from engine.games.tapestry.heuristic import HeuristicBot

    return HeuristicBot(seat, seed)


PolicyFactory = Callable[[int, int], Policy]

POLICIES: dict[str, PolicyFactory] = {
    "random": RandomBot,
    "heuristic": make_heuristic,
}
