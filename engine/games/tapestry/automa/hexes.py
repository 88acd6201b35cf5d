"""Where the Automa conquers and explores: the candidate hexes, the distance filters ("closest to",
"furthest from", counted along paths), and the hex tiebreaker's scan order."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING

from engine.games.tapestry.automa.data import DecisionCard
from engine.games.tapestry.mapgeo import Hex, neighbours

if TYPE_CHECKING:
    from engine.games.tapestry.automa.game import AutomaGame

MIDDLE: Hex = (0, 0)
FAR = 10_000  # no path at all


def passable(g: AutomaGame, h: Hex) -> bool:
    """A path may cross a hex with no Automa outpost and at most 1 of the humans' tokens."""
    pieces = g.sites[h].pieces
    if any(p[0] == g.automa for p in pieces):
        return False
    return sum(1 for p in pieces if p[0] in g.humans) <= 1


def distances(g: AutomaGame, targets: Iterable[Hex]) -> dict[Hex, int]:
    """Path length from every hex to the nearest target; the path's inner hexes must be passable
    (its ends need not be: a target may be the human's start hex with 2 outposts)."""
    dist: dict[Hex, int] = {}
    queue: deque[Hex] = deque()
    for t in targets:
        if t in g.sites and t not in dist:
            dist[t] = 0
            queue.append(t)
    while queue:
        h = queue.popleft()
        if dist[h] > 0 and not passable(g, h):
            continue  # reached, but nothing goes on through it
        for nb in neighbours(h):
            if nb in g.sites and nb not in dist:
                dist[nb] = dist[h] + 1
                queue.append(nb)
    return dist


def keep(cands: list[Hex], dist: dict[Hex, int], furthest: bool = False) -> list[Hex]:
    if not cands:
        return cands
    values = {h: dist.get(h, FAR) for h in cands}
    best = max(values.values()) if furthest else min(values.values())
    return [h for h in cands if values[h] == best]


def scan(cands: list[Hex], card: DecisionCard) -> Hex:
    """The hex tiebreaker: the first candidate in the card's scan order of the small map."""
    chosen = set(cands)
    return next(h for h in card.scan if h in chosen)


def human_hexes(g: AutomaGame, single: bool = False) -> list[Hex]:
    out = []
    for h in g.hexes:
        owner = g.sites[h].controller()
        if owner in g.humans and (not single or sum(1 for p in g.sites[h].pieces if p[0] == owner) == 1):
            out.append(h)
    return out


def island_open(g: AutomaGame) -> bool:
    return bool(g.achievement_vp["island"]) and "island" not in g.players[g.automa].achievements


def choose(g: AutomaGame, cands: list[Hex], card: DecisionCard, filters: list[str]) -> tuple[Hex, list[str]]:
    """Apply the named filters in order, then the hex tiebreaker; returns the hex and the filters
    that narrowed the choice (for the log)."""
    why: list[str] = []
    for name in filters:
        if len(cands) == 1:
            break
        if name == "island":
            if not island_open(g):
                continue
            narrowed = keep(cands, distances(g, [MIDDLE]))
        elif name == "near":  # closest to a territory of a single human token, else to any of theirs
            singles = human_hexes(g, single=True)
            mine = singles or human_hexes(g)
            if not mine:
                continue
            name = "single" if singles else "human"
            narrowed = keep(cands, distances(g, mine))
        else:  # "far": furthest from the humans' territories
            mine = human_hexes(g)
            if not mine:
                continue
            narrowed = keep(cands, distances(g, mine), furthest=True)
        if len(narrowed) < len(cands):
            why.append(name)
        cands = narrowed
    h = scan(cands, card)
    if len(cands) > 1:
        why.append("scan")
    return h, why
