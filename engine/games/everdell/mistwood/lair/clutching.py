"""The Plan Clutching: Open Destinations are hers to hoard and to charge for.

* Open Destinations in her city do not count toward its 15 cards (`exempt`).
* When she enters the Meadow she plays an Open Destination from it into her city, even a full
  one (the human picks when there are several), and the Meadow refills.
* Each visit to an Open Destination scores her the difficulty level instead of the usual amount:
  her own ones (1 otherwise), a human's (nothing otherwise; its owner then scores nothing) and a
  human's visit to one of hers (1 otherwise, through the base `visit_points` hook).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.prompts import Option
from engine.games.everdell.asks import Step

if TYPE_CHECKING:
    from engine.games.everdell.mistwood.lair.modules import LairHooks

PLAN = "clutching"


def exempt(h: LairHooks, card: str) -> bool:
    return h.plan == PLAN and h.g.card[card].open


def on_entry(h: LairHooks) -> Step:
    g = h.g
    slots = [s for s, c in enumerate(g.meadow) if c is not None and g.card[c].open]
    if not slots:
        return
    opts = [Option(f"m{s}", g.meadow[s] or "", card=g.meadow[s], group="meadow") for s in slots]
    picked = yield from g.choose(h.human(), "nightweave.prompt.clutching_pick", opts)
    slot = int(picked[1:])
    card = g.meadow[slot] or ""
    g.meadow[slot] = None
    kept = g.lair.add_city(card)  # never counts toward her limit, so it always fits
    h.note("play" if kept else "achievement", card=card, source=f"meadow:{slot + 1}")
    g.refill()


def visit_points(h: LairHooks, owner: int, usual: int) -> int:
    """What a visit to an Open Destination in `owner`'s city scores that owner."""
    if h.plan != PLAN:
        return usual
    return h.icon() if owner == h.g.nw else 0
