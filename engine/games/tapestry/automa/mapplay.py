"""The Automa on the map: conquer (a human's territory if it can, else a neutral hex), explore,
the Conquerors' toppled Shadow outpost, and the Automa's traps against a human conquest."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.tapestry.actions import MIDDLE, adjacent_to_controlled, conquer_targets, explore_targets
from engine.games.tapestry.asks import Gen, opt
from engine.games.tapestry.automa import hexes
from engine.games.tapestry.automa.data import DecisionCard
from engine.games.tapestry.mapgeo import Hex

if TYPE_CHECKING:
    from engine.games.tapestry.automa.game import AutomaGame


def lay_tile(g: AutomaGame, h: Hex, why: str) -> bool:
    """The top territory tile of the stack, face up, in a random orientation; no VP, no benefit."""
    if not g.tile_bag:
        g.emit("none_left", g.automa, what="tile")
        return False
    tile = g.tile_bag.pop()
    rot = g.rng.randrange(6)
    site = g.sites[h]
    site.tile, site.rot = tile, rot
    g.emit("explore", g.automa, tile=tile, hex=list(h), rotation=rot)
    return True


def conquer(g: AutomaGame, card: DecisionCard, anywhere: bool = False) -> Gen:
    a = g.automa
    if g.players[a].outposts <= 0:
        g.emit("automa_hex", a, action="conquer", hex=None, filters=["no_outpost"], decision_card=card.id)
        return
    targets = conquer_targets(g, a, anywhere)
    theirs = [h for h in targets if g.sites[h].controller() in g.humans]
    if theirs:
        h, why = hexes.choose(g, theirs, card, ["island"])
        g.emit(
            "automa_hex",
            a,
            action="conquer_opponent",
            hex=list(h),
            filters=why,
            decision_card=card.id,
            candidates=len(theirs),
        )
        yield from conquer_opponent(g, h)
        return
    cands = set(targets) | set(explore_targets(g, a, anywhere))
    if not card.topple:  # next to a human's territory only with the topple icon
        near = set()
        for s in g.humans:
            near |= adjacent_to_controlled(g, s)
        cands -= near
    cands = {h for h in cands if g.sites[h].controller() not in g.humans}
    if not cands:
        g.emit("automa_hex", a, action="conquer_neutral", hex=None, filters=["no_hex"], decision_card=card.id)
        return
    h, why = hexes.choose(g, sorted(cands), card, ["island", "near"])
    g.emit(
        "automa_hex",
        a,
        action="conquer_neutral",
        hex=list(h),
        filters=why,
        decision_card=card.id,
        candidates=len(cands),
    )
    site = g.sites[h]
    if site.tile is None and not lay_tile(g, h, "conquer"):
        return
    place_outpost(g, h)
    if card.topple and h != MIDDLE and site.items < 2:
        shadow_toppled(g, h)
    after_conquest(g, h)


def place_outpost(g: AutomaGame, h: Hex, upright: bool = True) -> None:
    a = g.automa
    g.players[a].outposts -= 1
    g.sites[h].pieces.append([a, upright, "outpost"])
    g.emit("conquer", a, hex=list(h), trapped=not upright)


def shadow_toppled(g: AutomaGame, h: Hex) -> None:
    """A Shadow Empire outpost laid toppled: the territory holds 2 items and cannot be conquered."""
    s = g.shadow
    if g.players[s].outposts <= 0:
        g.emit("none_left", s, what="outpost")
        return
    g.players[s].outposts -= 1
    g.sites[h].pieces.append([s, False, "outpost"])
    g.emit("shadow_outpost", s, hex=list(h))


def after_conquest(g: AutomaGame, h: Hex) -> None:
    a = g.automa
    if h == MIDDLE:
        g.achieve(a, "island")
    if g.toppled_by(a) >= 2:
        g.achieve(a, "topple")


def conquer_opponent(g: AutomaGame, h: Hex) -> Gen:
    """The human may answer with a Trap (asked every time, as in the base game's conquests)."""
    a = g.automa
    site = g.sites[h]
    defender = site.controller()
    assert defender is not None
    d = g.players[defender]
    answer = "no"
    if not d.finished:
        if d.trap_policy == "always":
            answer = "trap" if "trap" in d.hand else "no"
        elif d.trap_policy == "ask":
            opts = [opt("no", "tapestry.no_trap")]
            if "trap" in d.hand:
                opts.append(opt("trap", "tapestry.play_trap", card="trap"))
            opts += [opt("always", "tapestry.trap_always"), opt("never", "tapestry.trap_never")]
            answer = yield from g.pick(
                defender,
                "tapestry.prompt.trap",
                opts,
                default="no",
                params={"hex": list(h), "attacker": a},
                force=True,
            )
            if answer in ("always", "never"):
                d.trap_policy = answer
                g.emit("trap_policy", defender, policy=answer)
                answer = "trap" if answer == "always" and "trap" in d.hand else "no"
    if answer == "trap":
        d.hand.remove("trap")
        g.tapestry_discard.append("trap")
        g.emit("trap", defender, hex=list(h), attacker=a)
        place_outpost(g, h, upright=False)
        yield from g.gain_any(defender)
        return
    for piece in site.pieces:
        if piece[0] != a and piece[1]:
            piece[1] = False
            g.emit("topple", a, hex=list(h), victim=piece[0])
    place_outpost(g, h)
    after_conquest(g, h)


def explore(g: AutomaGame, card: DecisionCard, anywhere: bool = False) -> None:
    a = g.automa
    cands = explore_targets(g, a, anywhere)
    if not cands:
        g.emit("automa_hex", a, action="explore", hex=None, filters=["no_hex"], decision_card=card.id)
        return
    filters = [] if g.favorite[a] == "military" else ["far"]
    h, why = hexes.choose(g, cands, card, filters)
    g.emit(
        "automa_hex",
        a,
        action="explore",
        hex=list(h),
        filters=why,
        decision_card=card.id,
        candidates=len(cands),
    )
    lay_tile(g, h, "explore")


def conquerors_shadow(g: AutomaGame, card: DecisionCard) -> None:
    """More than 2 Automa territories holding a lone token: a toppled Shadow outpost on one."""
    a = g.automa
    lone = [h for h in g.controlled(a) if g.sites[h].items == 1]
    if len(lone) <= 2:
        return
    h, why = hexes.choose(g, lone, card, [])
    g.emit(
        "automa_hex",
        a,
        action="shadow_outpost",
        hex=list(h),
        filters=why,
        decision_card=card.id,
        candidates=len(lone),
    )
    shadow_toppled(g, h)


def trap_defence(g: AutomaGame) -> str:
    """A human conquers the Automa's territory: discard its tapestry cards at random until a Trap
    turns up (it keeps control) or none are left. Leaves the Trap in its pool for the base rules
    to discard."""
    pool = g.players[g.automa].hand
    while pool:
        card = pool.pop(g.rng.randrange(len(pool)))
        g.emit("automa_discard", g.automa, card=card)
        if card == "trap":
            pool.append(card)
            return "trap"
        g.tapestry_discard.append(card)
    return "no"
