"""Extra costs an opponent's rules may add to playing a card (nothing in a base game).

`EverdellGame.play_extra(p, card, origin)` returns an `Extra` or None. Payment options price it
inside every method (`play.payments`, `play.Purse`), so a card is offered only when some method
pays the card and its extra together:

* `surcharge` joins the printed cost, so discounts (Inn, Innkeeper, Crane, Dungeon, the Forest's
  1 off) and the Judge's swap work on it, and a free play (occupation, Queen, Cemetery...) still
  pays exactly the surcharge;
* `tolls` are paid besides the card in hand cards and/or resources and are never reduced; a toll
  may apply to some payment methods only (`methods`, e.g. only when a Crane is used);
* `reserve` hand cards are set aside by the same play for another rule (they cannot pay a toll).

`origin` says where the card is played from: `hand`, `meadow:<slot>` (also for a card taken from
that slot a moment earlier, as the Forest's two-card location does), or `limbo` (revealed cards).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.everdell.data import Cost
from engine.games.everdell.payment import ZERO

CARDS = "cards"
RESOURCES = "resources"
CARDS_OR_RESOURCES = (CARDS, RESOURCES)


@dataclass(frozen=True, slots=True)
class Toll:
    what: str  # the rule that charges it (names it in prompts and events)
    n: int
    kinds: tuple[str, ...] = CARDS_OR_RESOURCES
    methods: frozenset[str] | None = None  # payment method kinds it applies to (None: every one)


@dataclass(frozen=True, slots=True)
class Extra:
    surcharge: Cost = ZERO
    tolls: tuple[Toll, ...] = ()
    reserve: int = 0
    why: str = ""  # the rule behind the surcharge

    def due(self, method: str) -> list[Toll]:
        """The tolls a payment method (`pay`, `judge`, `occupy`, `crane`, `free`...) owes."""
        return [t for t in self.tolls if t.methods is None or method in t.methods]


def add(a: Cost, b: Cost) -> Cost:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def method_kind(option_id: str) -> str:
    """`crane@12:0.0.1.0` -> `crane`."""
    return option_id.split(":")[0].split("@")[0]


def payable(tolls: list[Toll], resources_left: int, cards: int) -> bool:
    """Whether these tolls can be paid from `resources_left` resources and `cards` hand cards."""
    if not tolls:
        return True
    only_cards = sum(t.n for t in tolls if t.kinds == (CARDS,))
    only_resources = sum(t.n for t in tolls if t.kinds == (RESOURCES,))
    total = sum(t.n for t in tolls)
    return only_cards <= cards and only_resources <= resources_left and total <= cards + resources_left
