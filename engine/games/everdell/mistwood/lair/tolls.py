"""What her module cards charge the humans to place a worker, and the production cards they web.

The base rules ask `before_place` before any worker goes down and `can_activate` before any
production card produces; a game against her answers from here. A location whose toll the human
cannot pay is left out of their options (`place_allowed`), so a prompt never offers a spot
the rules would then refuse.

* From Above: the webbed exclusive Basic locations are closed to the humans.
* Spiders in the Trees: 1 card or resource for a Forest location.
* Infestation: 2 cards and/or resources for a Destination card in any city (every Destination
  counts, also ones played after the Plot came out); her spiders avoid them too.
* Sticky Mix, Berry Jam: 1 resource for a webbed location (resin / berry or "any resource"
  rewards), and she takes 1 point token.
* Invisible Trap: on a Basic location the human pays 1 card or resource, or she takes 1 point.
* Compromised Judges: 1 card or resource before claiming any Event.
* Masquerade Ball: 1 card or resource per Web on the Event claimed; the Webs then leave.
* Silk Barrier: a Production card a human played takes a permanent Web once it has resolved
  (unless thwarted) and never produces again, by itself or copied (Chip Sweep, Miner Mole).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.prompts import Option
from engine.games.everdell.asks import Step
from engine.games.everdell.data import board, locations
from engine.games.everdell.mistwood.activity import BASIC_TARGETS
from engine.games.everdell.mistwood.lair import pay
from engine.games.everdell.state import CityCard

if TYPE_CHECKING:
    from engine.games.everdell.mistwood.lair.modules import LairHooks

CARDS_OR_RESOURCES = ("cards", "resources")
TOLL_PLOTS = ("from_above", "spiders_in_trees", "infestation", "invisible_trap", "sticky_mix", "berry_jam")
PAID_WEBS = ("sticky_mix", "berry_jam")  # 1 resource to place there, and she takes 1 point
MASQUERADE = "masquerade"
SILK = "silk_barrier"


@dataclass(frozen=True)
class Toll:
    what: str
    n: int
    kinds: tuple[str, ...] = CARDS_OR_RESOURCES
    her_points: int = 0  # she takes these when the toll is paid (Sticky Mix)...
    optional: bool = False  # ...or, for an optional toll, when it is not (Invisible Trap)


def plot_webs(h: LairHooks, plot: str) -> list[str]:
    """Where a toll Plot's Webs go when it comes out."""
    g = h.g
    if plot == "from_above":
        return list(BASIC_TARGETS)
    if plot == "spiders_in_trees":
        return list(g.forest)
    if plot == "invisible_trap":
        return [spec.id for spec in board().basic]
    if plot == "sticky_mix":
        spots = [spec.id for spec in board().basic] + list(g.forest)
        return [loc for loc in spots if locations()[loc].reward.resin or locations()[loc].reward.any]
    if plot == "berry_jam":
        spots = [spec.id for spec in board().basic] + list(g.forest)
        return [loc for loc in spots if locations()[loc].reward.berry or locations()[loc].reward.any]
    return []


def destination(h: LairHooks, loc: str) -> bool:
    if not loc.startswith("card:") or not loc[5:].isdigit():
        return False
    from engine.games.everdell.powers import DESTINATIONS

    found = h.g.owner_of(int(loc[5:]))
    return found is not None and found[1].card in DESTINATIONS


def tolls(h: LairHooks, loc: str) -> list[Toll] | None:
    """What a human owes to place on `loc`; None when the location is closed to them."""
    source = h.webs.get(loc)
    plot = h.plot
    out: list[Toll] = []
    if source == "from_above":
        return None
    if source == "spiders_in_trees":
        out.append(Toll(source, 1))
    if source in PAID_WEBS:
        out.append(Toll(source, 1, ("resources",), her_points=1))
    if source == "invisible_trap":
        out.append(Toll(source, 1, her_points=1, optional=True))
    if plot == "infestation" and destination(h, loc):
        out.append(Toll(plot, 2))
    if loc.startswith("event:"):
        if plot == "compromised_judges":
            out.append(Toll(plot, 1))
        webs = h.event_webs.get(loc[6:], 0)
        if webs:
            out.append(Toll(MASQUERADE, webs))
    return out


def place_allowed(h: LairHooks, p: int, loc: str) -> bool:
    owed = tolls(h, loc)
    if owed is None:
        return False
    have = pay.capacity(h.g, p, CARDS_OR_RESOURCES)
    due = [t for t in owed if not t.optional]
    resources_only = sum(t.n for t in due if t.kinds == ("resources",))
    return resources_only <= have["resources"] and sum(t.n for t in due) <= sum(have.values())


def before_place(h: LairHooks, p: int, loc: str) -> Step:
    """Collect what is owed, before the worker goes down and before any reward."""
    owed = tolls(h, loc) or []
    for toll in owed:
        if toll.optional:
            paid = yield from pay.offer(h.g, p, toll.what, toll.n, toll.kinds)
            if not paid:
                h.gain(toll.her_points, toll.what)
            continue
        yield from pay.pay(h.g, p, toll.what, toll.n, toll.kinds)
        h.gain(toll.her_points, toll.what)
    if loc.startswith("event:"):
        h.event_webs.pop(loc[6:], None)  # the Webs leave with the Event


# -- Masquerade Ball --------------------------------------------------------------------------------
def masquerade(h: LairHooks, p: int) -> Step:
    """Her entry into the Meadow: a Web on every unclaimed Basic Event and on one empty Special
    Event the human picks (one without a Web while there is one)."""
    g = h.g
    for ev in g.basic_events:
        if ev not in g.claims:
            h.event_webs[ev] = h.event_webs.get(ev, 0) + 1
            h.note("web", location=f"event:{ev}", why=MASQUERADE)
    empty = [ev for ev in g.special_events if ev not in g.claims]
    bare = [ev for ev in empty if not h.event_webs.get(ev)]
    pool = bare or empty
    if not pool:
        return
    opts = [Option(f"event:{ev}", ev, group="event") for ev in pool]
    picked = yield from g.choose(p, "nightweave.prompt.web_event", opts)
    event = picked[6:]
    h.event_webs[event] = h.event_webs.get(event, 0) + 1
    h.note("web", location=picked, why=MASQUERADE)


# -- Silk Barrier ---------------------------------------------------------------------------------------
def silk_barrier(h: LairHooks, p: int, uid: int) -> Step:
    """A Production card p just played (and resolved) takes a Web unless thwarted."""
    g = h.g
    found = g.owner_of(uid)
    if found is None or g.card[found[1].card].color != "production":
        return
    if (yield from pay.offer(g, p, SILK, 1, CARDS_OR_RESOURCES)):
        return
    h.silk.add(uid)
    h.note("web_card", card=found[1].card, why=SILK)


def may_activate(h: LairHooks, cc: CityCard) -> bool:
    return cc.uid not in h.silk
