"""Cards turned face down and workers held away from their owner by an opponent's card.

No base-game card does either: an extra opponent's rules (Nightweave's Plots) call these, and
the base rules respect the state they leave because the cards and workers are kept apart:

* A face-down hand card lies in `Player.hand_down`: it takes hand space (the hand limit counts
  it), and no rule can play, discard, give or pick it. Its owner still knows it; nobody else.
* A face-down city card lies in `Player.city_down`: it keeps its city space (a shared space
  stays shared) and its Unique slot, and nothing else. It cannot be visited, activated
  (production, governance, Judge, Innkeeper, Crane, Dungeon, Occupied token), discarded or taken,
  and counts for no Event, no card power and no final score. Which card it is stays public: the
  city showed it face up, and its space depends on it.
* A held worker (`Player.held`) cannot be placed. With `until_prepare` it comes home at its
  owner's next Prepare for Season (from the board spot it stands on, if any); otherwise whoever
  holds it decides when (`release`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from engine.games.everdell.state import CityCard, HeldWorker, Placement, Player

if TYPE_CHECKING:
    from engine.games.everdell.game import EverdellGame


# -- hand ----------------------------------------------------------------------------------------
def hand_down(g: EverdellGame, p: int, names: Iterable[str], why: str) -> None:
    pl = g.players[p]
    names = list(names)
    for name in names:
        pl.hand.remove(name)
        pl.hand_down.append(name)
    if names:
        g.emit("hand_down", seat=p, count=len(names), why=why)
        g.emit("hand_turned", seat=p, to=p, cards=sorted(names), why=why)


def hand_up(g: EverdellGame, p: int, why: str) -> None:
    """Every face-down hand card turns face up again."""
    pl = g.players[p]
    if pl.hand_down:
        names, pl.hand_down = pl.hand_down, []
        pl.hand += names
        g.emit("hand_up", seat=p, count=len(names), why=why)


# -- city ----------------------------------------------------------------------------------------
def city_down(g: EverdellGame, p: int, cc: CityCard, why: str) -> None:
    pl = g.players[p]
    pl.city.remove(cc)
    pl.city_down.append(cc)
    g.emit("city_down", seat=p, card=cc.card, uid=cc.uid, why=why)


def city_up(g: EverdellGame, p: int, cc: CityCard, why: str) -> None:
    pl = g.players[p]
    pl.city_down.remove(cc)
    pl.city.append(cc)
    g.emit("city_up", seat=p, card=cc.card, uid=cc.uid, why=why)


# -- workers -------------------------------------------------------------------------------------
def hold(
    g: EverdellGame, p: int, by: int, why: str, loc: str | None = None, until_prepare: bool = True
) -> HeldWorker:
    """One of p's workers goes to seat `by`; with `loc` it stands on (and occupies) that spot."""
    held = HeldWorker(by, why, loc, until_prepare)
    g.players[p].held.append(held)
    if loc is not None:
        g.occ.setdefault(loc, []).append(p)
    g.emit("worker_held", seat=p, by=by, why=why, location=loc)
    return held


def take_placed(
    g: EverdellGame, p: int, placement: Placement, by: int, why: str, until_prepare: bool
) -> HeldWorker:
    """A worker p placed leaves its spot (which frees up) and is held by `by`."""
    g.take_back(p, placement)
    return hold(g, p, by, why, None, until_prepare)


def move_held(g: EverdellGame, p: int, held: HeldWorker, loc: str | None, until_prepare: bool) -> None:
    """A held worker is put on the board (or off it) by whoever holds it."""
    if held.loc is not None:
        g.vacate(p, held.loc)
    held.loc = loc
    held.until_prepare = until_prepare
    if loc is not None:
        g.occ.setdefault(loc, []).append(p)


def release(g: EverdellGame, p: int, held: HeldWorker) -> None:
    pl = g.players[p]
    pl.held.remove(held)
    if held.loc is not None:
        g.vacate(p, held.loc)
    g.emit("worker_back", seat=p, count=1, why=held.why)


def return_held(g: EverdellGame, p: int) -> None:
    """Prepare for Season: held workers due back come home."""
    pl = g.players[p]
    back = [h for h in pl.held if h.until_prepare]
    for held in back:
        pl.held.remove(held)
        if held.loc is not None:
            g.vacate(p, held.loc)
    if back:
        g.emit("worker_back", seat=p, count=len(back), why=back[0].why)


def takeable(pl: Player) -> list[Placement]:
    """p's workers on the board that a card may take (never one on a permanent spot)."""
    return [w for w in pl.placed if not w.permanent]


# -- the view ------------------------------------------------------------------------------------
def add_to_view(g: EverdellGame, pl: Player, entry: dict[str, Any]) -> None:
    """What everyone sees of p's face-down cards and held workers (a face-down hand card's name
    is only in its owner's `hand_down`, added by `build_view`)."""
    if pl.hand_down:
        entry["hand_down_count"] = len(pl.hand_down)
    for cc in pl.city_down:
        entry["city"].append(
            {
                "uid": cc.uid,
                "card": cc.card,
                "face_down": True,
                "occupied": cc.occupied,
                "tokens": cc.tokens,
                "stored": {r: v for r, v in cc.stored.items() if v},
                "prisoners": list(cc.prisoners),
                "workers": list(g.occ.get(f"card:{cc.uid}", [])),
            }
        )
    if pl.held:
        entry["held"] = [
            {"by": h.by, "why": h.why, "location": h.loc, "until_prepare": h.until_prepare} for h in pl.held
        ]
