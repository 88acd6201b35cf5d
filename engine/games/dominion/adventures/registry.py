"""Where Adventures abilities are registered, by card id and by the moment they act."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.games.dominion.game import Step

if TYPE_CHECKING:
    from engine.games.dominion.adventures.game import AdventuresGame
    from engine.games.dominion.adventures.state import Pending

Effect = Callable[["AdventuresGame", int], Step]
Later = Callable[["AdventuresGame", int, "Pending"], Step]

CARDS: dict[str, Effect] = {}  # played Action abilities (below the +Cards/+Actions/+Buys/+$)
TREASURES: dict[str, Effect] = {}  # Treasures with an ability beyond their $
START_CALLS: dict[str, Effect] = {}  # Reserves called at the start of your turn
AFTER_ACTION_CALLS: dict[str, Effect] = {}  # Reserves called right after an Action resolves
NEXT_TURN: dict[str, Later] = {}  # Duration effects at the start of your next turn
EVENTS: dict[str, Effect] = {}

# Cards that play another card more than once: they stay in play with a Duration they played.
REPLAYERS = frozenset({"Throne Room", "Disciple", "Royal Carriage"})


def _register(table: dict[str, Effect], name: str) -> Callable[[Effect], Effect]:
    def register(fn: Effect) -> Effect:
        table[name] = fn
        return fn

    return register


def card(name: str) -> Callable[[Effect], Effect]:
    return _register(CARDS, name)


def treasure(name: str) -> Callable[[Effect], Effect]:
    return _register(TREASURES, name)


def start_call(name: str) -> Callable[[Effect], Effect]:
    return _register(START_CALLS, name)


def after_action_call(name: str) -> Callable[[Effect], Effect]:
    return _register(AFTER_ACTION_CALLS, name)


def event(name: str) -> Callable[[Effect], Effect]:
    return _register(EVENTS, name)


def next_turn(name: str) -> Callable[[Later], Later]:
    def register(fn: Later) -> Later:
        NEXT_TURN[name] = fn
        return fn

    return register
