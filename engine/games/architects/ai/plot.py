"""Resolving one Plot card, as a pure function of the card, the AI board and an oracle.

The procedure (rulebook §5.3) is the same for the engine-run AI and for a group playing the
AI at a physical table; only the source of the facts differs. The engine's oracle reads the
game state; a table companion's oracle asks a person ("does the AI have 2 or more workers in
Prison?") and remembers the answer.

API::

    decision = resolve(card, opponent, oracle)

* ``card`` is a :class:`Plot` and ``opponent`` an :class:`Opponent` (``engine.games.architects.
  ai.data``: ``from_text(None).plot("plot_guildhall")``, ``.opponent("aristocrat")``).
* ``oracle`` answers three questions (the :class:`Oracle` protocol): ``holds(condition)`` for a
  card's red condition, ``can_place(location)`` whether the AI may put a worker there at all
  (the Guildhall with no free space, for one, may not), and ``possible(effect, location)``
  whether the first effect of an option can be done there. It is asked only what the card
  needs: the condition of a two-location card once, then the options of the chosen part from
  the top until one is possible.
* The :class:`Decision` says which part was used (``upper``: the condition held or the card has
  one part), the board location (``focus`` and the figures are resolved by the caller: the
  decision keeps ``focus`` turned into the AI board's Focus location, which may be
  ``princess``), and the option to do: a tuple of effects done in order, or ``None`` when the
  location takes no worker or no option is possible. ``None``, and an option whose effect is
  ``next``, mean: the AI places nothing for this card; reveal and resolve the next Plot card.

Two more pure helpers answer the Resource track's choices (rulebook §5.4, §5.10):
``track_order(opponent, space)`` is the resources from the marker's space rightwards, wrapping
to Clay, each once; ``contribution_resource(opponent, space, on_card)`` the resource the AI
contributes (None: every type is on the card). The Wonder it builds is the first of
``track_order`` whose Wonder is unbuilt and affordable.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from engine.games.architects.ai.data import Condition, Effect, Opponent, Part, Plot


class Oracle(Protocol):
    def holds(self, condition: Condition) -> bool: ...

    def can_place(self, location: str) -> bool: ...

    def possible(self, effect: Effect, location: str) -> bool: ...


@dataclass(frozen=True)
class Decision:
    card: str
    upper: bool  # the upper part was used (condition true, or a one-part card)
    condition: bool | None  # the condition's value (None: the card has none)
    location: str  # a board location, `princess` or `profiteer`
    option: tuple[Effect, ...] | None  # None: nothing possible, reveal the next card
    focus: bool = False  # the part was the AI board's Focus

    @property
    def reveal_next(self) -> bool:
        return self.option is None or self.option[0].name == "next"


def part_of(card: Plot, oracle: Oracle) -> tuple[Part, bool | None]:
    """The part a card uses: the upper one when its condition holds (or it has no other)."""
    if card.condition is None or card.lower is None:
        return card.upper, None
    held = oracle.holds(card.condition)
    return (card.upper if held else card.lower), held


def resolve(card: Plot, opponent: Opponent, oracle: Oracle) -> Decision:
    part, held = part_of(card, oracle)
    focus = part.location == "focus"
    if focus:
        part = opponent.focus
    upper = held is None or held
    if not oracle.can_place(part.location):
        return Decision(card.id, upper, held, part.location, None, focus)
    for option in part.options:
        if oracle.possible(option[0], part.location):
            return Decision(card.id, upper, held, part.location, option, focus)
    return Decision(card.id, upper, held, part.location, None, focus)


def track_order(opponent: Opponent, space: int) -> list[str]:
    """The resources from the marker's space rightwards, wrapping to the leftmost, each once."""
    spaces = opponent.track
    out: list[str] = []
    for k in range(len(spaces)):
        res = spaces[(space + k) % len(spaces)].resource
        if res not in out:
            out.append(res)
    return out


def contribution_resource(opponent: Opponent, space: int, on_card: list[str]) -> str | None:
    """The marker's resource, else the next one rightwards not yet on the Contribution card."""
    return next((r for r in track_order(opponent, space) if r not in on_card), None)
