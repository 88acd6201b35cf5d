"""Board geometry the decider walks: our reading of the missing "Making Decisions" section.

The rulebook only says a blocked spider moves clockwise or counter-clockwise (per the decider)
to the next unblocked exclusive location of the same type, wrapping round; its one example
moves from the bottom-left Forest clearing clockwise to the top-left one. The rings below are
the clockwise orders we use (README, "The decider").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from engine.games.everdell.mistwood.activity import Decider

T = TypeVar("T")

BASIC_RING = ("basic_3_twigs", "basic_2_resin", "basic_1_pebble", "basic_1_berry_1_card")
# Forest clearings by position; `forest_ids()` lists the cards in play as (tl, tr, bl, br).
FOREST_POSITIONS = ("top_left", "top_right", "bottom_left", "bottom_right")
FOREST_RING = ("top_left", "top_right", "bottom_right", "bottom_left")
JOURNEY_RING = ("journey_5", "journey_4", "journey_3")
# The Meadow's eight slots walked clockwise round the 2x4 grid: 1 2 3 4 / 8 7 6 5 (0-based here).
MEADOW_RING = (0, 1, 2, 3, 7, 6, 5, 4)


def walk(ring: Sequence[T], start: T, direction: Decider) -> list[T]:
    """Every ring member once, beginning at `start` and moving in `direction`."""
    i = list(ring).index(start)
    n = len(ring)
    step = 1 if direction == "cw" else -1
    return [ring[(i + step * k) % n] for k in range(n)]


def scan(items: Sequence[T], direction: Decider) -> list[T]:
    """A row read by the decider: clockwise from its left end, counter-clockwise from its right."""
    return list(items) if direction == "cw" else list(reversed(items))


def pick_human(humans: Sequence[int], direction: Decider) -> int:
    """Clockwise picks the player on her left (next in turn order); counter-clockwise her right."""
    return humans[0] if direction == "cw" else humans[-1]


def humans_from(humans: Sequence[int], direction: Decider) -> list[int]:
    first = pick_human(humans, direction)
    return [first] + [h for h in humans if h != first]


def next_meadow_card(meadow: Sequence[str | None], slot: int) -> int | None:
    """The rolled slot, or the next filled one clockwise when the rolled slot is empty."""
    for s in walk(MEADOW_RING, slot, "cw"):
        if meadow[s] is not None:
            return s
    return None
