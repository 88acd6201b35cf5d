"""What a decision changed for one seat, as a small mapping: the unit of the effect tables."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from engine.core.events import Event
from engine.games.tapestry.data import RESOURCES
from engine.games.tapestry.game import TapestryGame


def snapshot(g: TapestryGame, seat: int) -> dict[str, Any]:
    p = g.players[seat]
    return {
        "vp": p.vp,
        "res": dict(p.res),
        "tiles": len(p.tiles),
        "space_tiles": len(p.space),
        "explored_space": len(p.explored_space),
        "hand": len(p.hand),
        "buildings": dict(p.placed),
        "tech": dict(p.tech),
        "tracks": {t: max(v, default=0) for t, v in p.tracks.items()},
        "outposts": sum(1 for h in g.hexes for q in g.sites[h].pieces if q[0] == seat),
        "landmarks": list(p.landmarks),
        "civs": len(p.civs),
        "mat": sum(len(pile) for pile in p.mat),
    }


def delta(
    before: dict[str, Any], after: dict[str, Any], events: Iterable[Event] = (), seat: int = 0
) -> dict[str, Any]:
    """Only what changed. Resources leave out what was paid (`paid` lists it), so a row says what
    the effect gave; tech cards show the new row (or `gone`); tracks and counts are differences."""
    out: dict[str, Any] = {}
    paid: Counter[str] = Counter()
    for e in events:
        if e.kind == "pay" and e.seat == seat:
            paid.update(e.data["what"])
    for key in ("vp", "tiles", "space_tiles", "explored_space", "hand", "outposts", "civs", "mat"):
        if after[key] != before[key]:
            out[key] = after[key] - before[key]
    res = {r: after["res"][r] - before["res"][r] + paid[r] for r in RESOURCES}
    if any(res.values()):
        out["res"] = {r: v for r, v in res.items() if v}
    if paid:
        out["paid"] = dict(sorted(paid.items()))
    built = {b: after["buildings"][b] - before["buildings"][b] for b in after["buildings"]}
    if any(built.values()):
        out["buildings"] = {b: v for b, v in built.items() if v}
    tech = {c: r for c, r in after["tech"].items() if before["tech"].get(c) != r}
    tech.update({c: "gone" for c in before["tech"] if c not in after["tech"]})
    if tech:
        out["tech"] = tech
    moved = {t: after["tracks"][t] - before["tracks"][t] for t in after["tracks"]}
    if any(moved.values()):
        out["tracks"] = {t: v for t, v in moved.items() if v}
    new = [x for x in after["landmarks"] if x not in before["landmarks"]]
    if new:
        out["landmarks"] = new
    return out
