"""Dominion seat policies. Each sees only its own seat's view and its open prompt."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from engine.core.prompts import Answer, Prompt
from engine.core.registry import Policy
from engine.games.dominion.adventures import advice as _advice  # noqa: F401  (teaches the bots Adventures)
from engine.games.dominion.expert import ExpertBot
from engine.games.dominion.game import BUY_KEY, END, NO, NONE, PLAY_ALL, PLAY_BUY
from engine.games.dominion.heuristic import HeuristicBot


class RandomBot:
    """Uniformly random legal answers; favours doing something over ending the phase."""

    def __init__(self, seat: int, seed: int) -> None:
        self.rng = random.Random(seed * 7919 + seat)

    def choose(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        ids = [o.id for o in prompt.options if not o.shortcut]
        if prompt.ordered:
            order = list(ids)
            self.rng.shuffle(order)
            return tuple(order)
        if prompt.max == 1 and prompt.min == 1:
            active = [i for i in ids if i != END]
            if active and self.rng.random() < 0.85:
                return (self.rng.choice(active),)
            return (self.rng.choice(ids),)
        k = self.rng.randint(prompt.min, min(prompt.max, len(ids)))
        return tuple(self.rng.sample(ids, k))


class BigMoney:
    """The canonical baseline: Province at 8+, Gold at 6-7, Silver at 3-5, otherwise nothing."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat

    TARGETS = (("Province", 8), ("Gold", 6), ("Silver", 3))
    # (card, price, "buy it" answer, "play all Treasures, then buy it" answer), built once
    ANSWERS = tuple((target, need, (f"buy:{target}",), (PLAY_BUY + target,)) for target, need in TARGETS)

    def choose(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        # decides from the prompt alone: the view is never built
        if prompt.key == BUY_KEY:
            params = prompt.params
            ids = prompt.ids
            after = params.get("coins_after")
            if after is not None and ids is not None:
                # it always plays every Treasure, so "play all, then buy" is the same answer pair
                for option_id, play_buy in PLAY_BUY_ANSWERS[after if after < 8 else 8]:
                    if option_id in ids:
                        return play_buy
                return PLAY_ALL_ANSWER
            offers = prompt.offers if ids is None else ids.__contains__
            if after is not None:
                for option_id, play_buy in PLAY_BUY_ANSWERS[after if after < 8 else 8]:
                    if offers(option_id):
                        return play_buy
                return PLAY_ALL_ANSWER
            if offers(PLAY_ALL):
                return PLAY_ALL_ANSWER
            coins = params["coins"]
            for _, need, buy, _ in self.ANSWERS:
                if coins >= need and offers(buy[0]):
                    return buy
            return END_ANSWER
        return fallback(prompt)


# by the $ once every Treasure is played (8 stands for 8 or more): the "play all, then buy X"
# answers worth giving, best first
PLAY_BUY_ANSWERS = tuple(
    tuple((play_buy[0], play_buy) for _, need, _, play_buy in BigMoney.ANSWERS if coins >= need)
    for coins in range(9)
)
PLAY_ALL_ANSWER: Answer = (PLAY_ALL,)
END_ANSWER: Answer = (END,)


def fallback(prompt: Prompt) -> Answer:
    """A safe answer to any prompt: decline what is optional, else the first legal choice."""
    ids = [o.id for o in prompt.options if not o.shortcut]
    for decline in (END, NONE, NO):
        if decline in ids and prompt.min <= 1:
            return (decline,)
    if prompt.ordered:
        return tuple(ids)
    return tuple(ids[: prompt.min])


PolicyFactory = Callable[[int, int], Policy]

POLICIES: dict[str, PolicyFactory] = {
    "random": RandomBot,
    "big_money": BigMoney,
    "heuristic": HeuristicBot,
    "expert": ExpertBot,
}
