"""Plots that turn a human's cards face down or hold their workers (the base rules' side of both
is `engine/games/everdell/setaside.py`).

* Caught in the Web (seasonal): 3 random hand cards (all if fewer) turn face down; they turn face
  up again when the Plot is replaced at her next Prepare for Season.
* Closed for Business / Paralyzing Fear (one-shot): every Construction / Critter in the human's
  city turns face down for the rest of the game, except those the human keeps face up for 1 card
  or resource each (picked and paid before any card turns).
* Ransom (one-shot; thwart 2 berries or 3 cards/resources): an unplaced worker goes to her lair
  until the human's next Prepare. With none unplaced she scores the level and takes a placed
  worker of the human's choice instead (never one on a permanent spot).
* Poison Berry Stew (one-shot; thwart 2 pebbles or 3 cards/resources): a placed worker of the
  human's choice (never on a permanent spot) goes to her lair; with none placed, the next worker
  the human places goes there once its visit has resolved. Her next placement uses it instead of a
  spider; it comes back from that spot at the human's first Prepare after she placed it.
* Invasion (one-shot; thwart: an unplaced worker guards the card until the human's next Prepare):
  she takes a Prosperity card of the human's choice into her city, even past 15 cards; with none,
  one of their highest-valued cards (the human picks between equals). Face-down cards show no
  colour or value, so they are never candidates.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core.prompts import Option
from engine.games.everdell import setaside
from engine.games.everdell.asks import Step
from engine.games.everdell.mistwood.lair import pay

if TYPE_CHECKING:
    from engine.games.everdell.mistwood.lair.modules import LairHooks

CAUGHT = "caught_in_web"
FACE_DOWN = {"closed_for_business": "construction", "paralyzing_fear": "critter"}
RANSOM = "ransom"
STEW = "poison_berry_stew"
INVASION = "invasion"
ONE_SHOT = (*FACE_DOWN, RANSOM, STEW, INVASION)
SEASONAL = (CAUGHT,)
PLOTS = (*ONE_SHOT, *SEASONAL)
CARDS_OR_RESOURCES = ("cards", "resources")
NO = pay.NO
ANY_MIX = "thwart"  # the thwart paid as 3 cards and/or resources
GUARD = "guard"


@dataclass(slots=True)
class HoldState:
    caught: bool = False  # Caught in the Web's cards are face down
    stew: str | None = None  # "pending" (the human's next placed worker) or "lair" (waiting for her)
    placed_before: int = 0  # her placements when her turn began
    season_before: int = 0


def reveal(h: LairHooks, plot: str) -> Step:
    h.g.publish()  # the table sees the Plot before the human decides anything
    if plot == CAUGHT:
        caught_in_web(h)
    elif plot in FACE_DOWN:
        yield from face_down_city(h, plot)
    elif plot == RANSOM:
        yield from ransom(h)
    elif plot == STEW:
        yield from stew(h)
    elif plot == INVASION:
        yield from invasion(h)


def replaced(h: LairHooks) -> None:
    """The Plots change at her Prepare: Caught in the Web's cards turn face up again."""
    if h.holds.caught:
        h.holds.caught = False
        setaside.hand_up(h.g, h.human(), CAUGHT)


def public(h: LairHooks) -> dict[str, Any]:
    return {"stew": h.holds.stew} if h.holds.stew else {}


# -- face-down cards ---------------------------------------------------------------------------------
def caught_in_web(h: LairHooks) -> None:
    g, p = h.g, h.human()
    hand = g.players[p].hand
    picks = sorted(g.rng.sample(range(len(hand)), min(3, len(hand))), reverse=True)
    names = [hand[i] for i in picks]
    if names:
        h.holds.caught = True
        setaside.hand_down(g, p, names, CAUGHT)


def face_down_city(h: LairHooks, plot: str) -> Step:
    g, p = h.g, h.human()
    kind = FACE_DOWN[plot]
    pool = [cc for cc in g.players[p].city if g.card[cc.card].kind == kind]
    room = sum(pay.capacity(g, p, CARDS_OR_RESOURCES).values())
    kept = yield from g.choose_many(
        p, "nightweave.prompt.keep_face_up", g.city_options(pool), 0, min(len(pool), room), {"what": plot}
    )
    yield from pay.pay(g, p, plot, len(kept), CARDS_OR_RESOURCES)
    for cc in pool:
        if f"c{cc.uid}" not in kept:
            setaside.city_down(g, p, cc, plot)


# -- workers -------------------------------------------------------------------------------------------
def either_thwart(h: LairHooks, plot: str, resource: str) -> Step:
    """Thwart for 2 of `resource` or 3 cards and/or resources; returns whether it was paid."""
    g, p = h.g, h.human()
    pl = g.players[p]
    opts = []
    if pl.res[resource] >= 2:
        opts.append(Option(f"pay:{resource}", f"nightweave.opt.thwart_{resource}", cost=2))
    if sum(pay.capacity(g, p, CARDS_OR_RESOURCES).values()) >= 3:
        opts.append(Option(ANY_MIX, "nightweave.opt.thwart", cost=3))
    if not opts:
        return False
    opts.append(Option(NO, "nightweave.opt.decline"))
    params = {"what": plot, "n": 3, "kinds": list(CARDS_OR_RESOURCES), "or": {resource: 2}}
    picked = yield from g.choose(p, "nightweave.prompt.thwart", opts, params, default=NO)
    if picked == NO:
        return False
    if picked == ANY_MIX:
        yield from pay.pay(g, p, plot, 3, CARDS_OR_RESOURCES)
    else:
        g.spend(p, {resource: 2})
        g.emit("pay", seat=p, res={resource: 2}, why=plot)
    return True


def pick_placed(h: LairHooks, key: str) -> Step:
    """A worker of the human's on the board, not on a permanent spot (their choice); or None."""
    g, p = h.g, h.human()
    pool = setaside.takeable(g.players[p])
    if not pool:
        return None
    g.publish()
    spots = sorted({w.loc for w in pool})  # workers on one spot are alike
    opts = [Option(f"w{i}", "everdell.opt.worker", group=loc) for i, loc in enumerate(spots)]
    picked = yield from g.choose(p, key, opts, {"locations": spots})
    loc = spots[int(picked[1:])]
    return next(w for w in pool if w.loc == loc)


def ransom(h: LairHooks) -> Step:
    g, p = h.g, h.human()
    if (yield from either_thwart(h, RANSOM, "berry")):
        return
    if g.players[p].available > 0:
        setaside.hold(g, p, g.nw, RANSOM)
        return
    h.gain(h.icon(), RANSOM)
    worker = yield from pick_placed(h, "nightweave.prompt.give_worker")
    if worker is not None:
        setaside.take_placed(g, p, worker, g.nw, RANSOM, until_prepare=True)


def stew(h: LairHooks) -> Step:
    g, p = h.g, h.human()
    if (yield from either_thwart(h, STEW, "pebble")):
        return
    worker = yield from pick_placed(h, "nightweave.prompt.give_worker")
    if worker is None:
        h.holds.stew = "pending"
        h.note("stew_pending", target=p)
        return
    setaside.take_placed(g, p, worker, g.nw, STEW, until_prepare=False)
    to_her_lair(h)


def to_her_lair(h: LairHooks) -> None:
    """The human's worker waits in her lair: her next placement uses it instead of a spider."""
    h.holds.stew = "lair"
    h.g.lair.workers += 1


def after_human(h: LairHooks, p: int, watched: list[tuple[str, int | None, dict[str, Any]]]) -> None:
    """Poison Berry Stew with no worker placed: the first one placed goes once its visit is done."""
    g = h.g
    if h.holds.stew != "pending" or p != h.human():
        return
    if g.lair.finished:  # she places no more workers, so she takes none
        h.holds.stew = None
        return
    pl = g.players[p]
    for kind, seat, data in watched:
        if kind != "place" or seat != p:
            continue
        worker = next((w for w in pl.placed if w.loc == data.get("location") and not w.permanent), None)
        if worker is not None:
            setaside.take_placed(g, p, worker, g.nw, STEW, until_prepare=False)
            to_her_lair(h)
            return


def start_turn(h: LairHooks) -> None:
    st = h.g.lair
    h.holds.placed_before, h.holds.season_before = len(st.placed), st.season


def her_turn_done(h: LairHooks) -> None:
    """Her first placement after the stew worker reached her lair was made with it: the spot
    holds the human's worker (until their next Prepare) and her spider stays free."""
    g, hs, st = h.g, h.holds, h.g.lair
    if hs.stew != "lair" or st.season != hs.season_before or len(st.placed) <= hs.placed_before:
        return
    p = h.human()
    key = st.placed.pop(hs.placed_before)
    st.workers -= 1
    if key.startswith("own:"):
        # Her count is of her spiders: the card now holds the human's worker, seen on the board,
        # and frees up when it goes home even before her own Prepare.
        uid = int(key[4:])
        st.visits[uid] -= 1
    spot = occupancy_key(key)
    if spot is not None:
        mine = next((w for w in reversed(g.players[g.nw].placed) if w.loc == spot), None)
        if mine is not None:
            g.take_back(g.nw, mine)
        else:
            spot = None
    held = next(w for w in g.players[p].held if w.why == STEW and not w.until_prepare)
    setaside.move_held(g, p, held, spot, until_prepare=True)
    hs.stew = None
    h.note("stew_worker", loc=key, target=p)


def occupancy_key(key: str) -> str | None:
    """The base game's occupancy key for one of her placements (None: a spot nobody else uses)."""
    if key in ("lair", "haven") or key.startswith("event:"):
        return None
    if key.startswith("own:"):
        return f"card:{key[4:]}"
    if key.startswith("card:") and key.count(":") == 2:
        return f"card:{key.rsplit(':', 1)[1]}"
    return key


def invasion(h: LairHooks) -> Step:
    g, p, st = h.g, h.human(), h.g.lair
    pl = g.players[p]
    city = [cc for cc in pl.city if cc.card not in g.fixed]  # Legendaries never leave a city
    pool = [cc for cc in city if g.card[cc.card].color == "prosperity"]
    if not pool and city:
        top = max(g.card[cc.card].points for cc in city)
        pool = [cc for cc in city if g.card[cc.card].points == top]
    if not pool:
        return
    if pl.available > 0:
        opts = [Option(GUARD, "nightweave.opt.guard"), Option(NO, "nightweave.opt.decline")]
        params = {"what": INVASION, "n": 1, "kinds": ["worker"]}
        if (yield from g.choose(p, "nightweave.prompt.thwart", opts, params, default=NO)) == GUARD:
            setaside.hold(g, p, g.nw, INVASION)
            return
    cc = yield from g.pick_city_card(p, "nightweave.prompt.invasion_pick", pool)
    g.remove_from_city(p, cc, to_discard=False)
    kept = st.add_city(cc.card)  # even past 15 cards
    h.note("play" if kept else "achievement", card=cc.card, source=f"city:{p}")
