"""What her module cards add to a human playing or drawing a card.

The base rules price every play through `EverdellGame.play_extra` (see `everdell/extras.py`),
ask `before_meadow_take` before Meadow cards are drawn or played, and `before_activate` before a
Governance card acts; a game against her answers from here.

* The Notable: a card played from a Meadow slot next to her costs 1 berry more; the berry is part
  of the cost (the Inn, Innkeeper, Crane, Dungeon, Forest discount and the Judge work on it) and
  a free play (occupation, Queen) still pays it.
* The Denier: drawing or playing a card from a slot next to her first puts a card of the same
  colour from the hand into that slot (the human picks which); without one the card cannot be
  taken, and a play from there sets that card aside so no toll can spend it.
* Spiders on the Ground: a Production card costs 2 more cards and/or resources, by any method.
* Lurking Eyes: a Critter played on an Occupied token costs 2 cards from hand.
* Bad Publicity: a Traveler played from hand costs 1 more card or resource, by any method; her
  plot also keeps Travelers out of the Meadow (`meadow_card`).
* Political Influence: a Governance card costs 1 more card or resource to play, and so does using
  one to pay (Judge, Innkeeper, Crane, Dungeon) or letting one act (Historian, Shopkeeper,
  Courthouse, Clock Tower: the human may decline); Governance cards never enter a human's hand
  (`filtered_draw`, `filtered_to_hand`): each is discarded and replaced from the deck.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from engine.core.prompts import Option
from engine.games.everdell import play
from engine.games.everdell.asks import Step
from engine.games.everdell.data import RESOURCES as RESOURCE_KINDS
from engine.games.everdell.extras import CARDS, RESOURCES, Extra, Toll
from engine.games.everdell.payment import ZERO, as_dict
from engine.games.everdell.state import CityCard

if TYPE_CHECKING:
    from engine.games.everdell.mistwood.lair.modules import LairHooks

BERRY = (0, 0, 0, 1)
GOVERNANCE = "governance"
GOVERNANCE_METHODS = frozenset({"judge", "innkeeper", "crane", "dungeon"})
POLITICAL = "political_influence"
PLAY_PLOTS = ("spiders_on_ground", "lurking_eyes", "bad_publicity", POLITICAL)
PAY = "pay"
SKIP = "decline"


def meadow_slot_of(origin: str | None) -> int | None:
    if origin is not None and origin.startswith("meadow:"):
        return int(origin[7:])
    return None


def next_to_her(h: LairHooks, slot: int | None) -> bool:
    from engine.games.everdell.mistwood.lair.modules import adjacent

    her = h.g.lair.meadow_slot
    return slot is not None and her is not None and adjacent(slot, her)


# -- pricing -----------------------------------------------------------------------------------------
def play_extra(h: LairHooks, p: int, name: str, origin: str | None) -> Extra | None:
    g = h.g
    if p == g.nw:
        return None
    card = g.card[name]
    plot = h.plot
    tolls: list[Toll] = []
    if plot == "spiders_on_ground" and card.color == "production":
        tolls.append(Toll(plot, 2))
    elif plot == "lurking_eyes" and card.critter:
        tolls.append(Toll(plot, 2, (CARDS,), frozenset({"occupy"})))
    elif plot == "bad_publicity" and card.color == "traveler" and origin == "hand":
        tolls.append(Toll(plot, 1))
    elif plot == POLITICAL:
        if card.color == GOVERNANCE:
            tolls.append(Toll(plot, 1))
        tolls.append(Toll(plot, 1, methods=GOVERNANCE_METHODS))  # paying with one activates it
    surcharge, reserve = ZERO, 0
    slot = meadow_slot_of(origin)
    if h.personality in ("notable", "denier") and next_to_her(h, slot):
        if h.personality == "notable":
            surcharge = BERRY
        elif slot not in h.refilled:
            reserve = 1  # the same-colour card that will refill the slot
    if not tolls and surcharge == ZERO and not reserve:
        return None
    # cards-only and resources-only tolls first, so a flexible one never spends what they need
    tolls.sort(key=lambda t: len(t.kinds))
    return Extra(surcharge, tuple(tolls), reserve, h.personality or "")


# -- collecting ----------------------------------------------------------------------------------------
def pay_extra(
    h: LairHooks, p: int, name: str, origin: str, extra: Extra, method: str, price: tuple[int, ...]
) -> Step:
    """The tolls of the chosen method, from the hand (less the card played) and the resources the
    card's own price leaves."""
    g = h.g
    pl = g.players[p]
    for toll in extra.due(method):
        pool = list(pl.hand)
        if origin == "hand":
            pool.remove(name)
        spare = {r: pl.res[r] - price[i] for i, r in enumerate(RESOURCE_KINDS)}
        left = toll.n
        cards = 0
        if toll.kinds == (CARDS,):
            cards = left
        elif CARDS in toll.kinds:
            high = min(left, len(pool))
            low = max(0, left - sum(spare.values()))
            cards = yield from _amount(h, p, low, high, toll)
        if cards:
            names = yield from g.choose_cards(
                p, pool, "nightweave.prompt.discard", cards, cards, {"what": toll.what}
            )
            g.discard_from_hand(p, names)
        if left - cards:
            assert RESOURCES in toll.kinds
            vec = yield from g.choose_bundle(p, left - cards, "nightweave.prompt.pay_resources", have=spare)
            g.spend(p, vec)
            g.emit("pay", seat=p, res=as_dict(vec), why=toll.what)


def _amount(h: LairHooks, p: int, low: int, high: int, toll: Toll) -> Step:
    if high <= low:
        return low
    opts = [Option(str(k), "nightweave.opt.amount", cost=k) for k in range(low, high + 1)]
    picked = yield from h.g.choose(
        p, "nightweave.prompt.pay_cards", opts, {"what": toll.what, "n": toll.n}, default=str(low)
    )
    return int(picked)


# -- the Denier ------------------------------------------------------------------------------------
def before_meadow_take(h: LairHooks, p: int, slots: list[int], play_mode: str | None = None) -> Step:
    """Each slot next to her is refilled from the hand first; one that cannot be is not taken.
    With `play_mode` the first slot's card is played next (the Forest's two-card spot)."""
    g = h.g
    if h.personality != "denier" or p == g.nw or g.lair.meadow_slot is None:
        return slots
    pl = g.players[p]
    h.refilled.clear()
    allowed: list[int] = []
    for i, slot in enumerate(slots):
        card = g.meadow[slot]
        if not next_to_her(h, slot) or card is None:
            allowed.append(slot)
            continue
        color = g.card[card].color
        pool = [c for c in pl.hand if g.card[c].color == color]
        if i and pool and play_mode is not None and not _still_payable(h, p, slots[0], pool, play_mode):
            pool = []  # the card played with this one would lose what pays for it
        if not pool:
            continue
        names = yield from g.choose_cards(p, pool, "nightweave.prompt.denier_refill", 1, 1, {"card": card})
        pl.hand.remove(names[0])
        g.limbo.append(names[0])  # face up, on its way to the slot
        h.refills[slot] = names[0]
        h.refilled.add(slot)
        allowed.append(slot)
    return allowed


def _still_payable(h: LairHooks, p: int, played: int, pool: list[str], mode: str) -> bool:
    """The first card is played next: refilling for the second must leave it payable (whichever
    same-colour card goes, the hand holds one card fewer)."""
    g = h.g
    if played not in h.refilled or g.meadow[played] is None:
        return True
    pl = g.players[p]
    name = g.meadow[played] or ""
    spare = pool[0]
    pl.hand.remove(spare)
    try:
        return bool(play.payments(g, p, name, mode, f"meadow:{played}"))
    finally:
        pl.hand.append(spare)


def place_refills(h: LairHooks) -> None:
    """Cards the Denier took from a hand go into their emptied slots (before any deck refill)."""
    g = h.g
    for slot, name in list(h.refills.items()):
        if g.meadow[slot] is None:
            g.unlimbo(name)
            g.meadow[slot] = name
            del h.refills[slot]
            g.emit("meadow_refill", seat=g.current, slot=slot, card=name, why="denier")


# -- Political Influence ---------------------------------------------------------------------------
def refuses(h: LairHooks, p: int, name: str) -> bool:
    return h.plot == POLITICAL and p != h.g.nw and h.g.card[name].color == GOVERNANCE


def filtered_draw(h: LairHooks, p: int, count: int) -> list[str]:
    """Deck draws where each Governance card is discarded face up and another card drawn."""
    g = h.g
    pl = g.players[p]
    drawn: list[str] = []
    refused: list[str] = []
    patience = len(g.deck) + len(g.discard)  # a deck of nothing but Governance cards ends it
    while len(drawn) < min(count, pl.hand_limit - pl.hand_size) and len(refused) <= patience:
        name = g.take_top()
        if name is None:
            break
        if refuses(h, p, name):
            g.discard.append(name)
            refused.append(name)
            continue
        drawn.append(name)
        pl.hand.append(name)
    if refused:
        g.emit("discard_cards", seat=p, cards=refused, why="political_influence")
    if drawn:
        g.emit("draw", seat=p, count=len(drawn))
        g.emit("drew", seat=p, to=p, cards=drawn)
    return drawn


def filtered_to_hand(h: LairHooks, p: int, names: Iterable[str]) -> tuple[list[str], list[str]]:
    """Cards headed for a hand split into those that may go and Governance ones, discarded."""
    keep: list[str] = []
    gone: list[str] = []
    for name in names:
        (gone if refuses(h, p, name) else keep).append(name)
    if gone:
        h.g.discard.extend(gone)
        h.g.emit("discard_cards", seat=p, cards=gone, why="political_influence")
    return keep, gone


def before_activate(h: LairHooks, p: int, cc: CityCard) -> Step:
    """A Governance card acting for a human: 1 card or resource, or it does nothing this time."""
    g = h.g
    pl = g.players[p]
    if h.plot != POLITICAL or p == g.nw or g.card[cc.card].color != GOVERNANCE:
        return True
    if not pl.hand and not pl.resource_total():
        return False
    opts = [
        Option(PAY, "nightweave.opt.pay_to_use", card=cc.card, cost=1),
        Option(SKIP, "nightweave.opt.skip_use"),
    ]
    params = {"card": cc.card, "what": h.plot, "n": 1}
    picked = yield from g.choose(p, "nightweave.prompt.activate", opts, params, default=SKIP)
    if picked != PAY:
        return False
    extra = Extra(tolls=(Toll(h.plot, 1),))
    yield from pay_extra(h, p, cc.card, "city", extra, "pay", ZERO)
    return True


# -- Bad Publicity -------------------------------------------------------------------------------------
def keeps_out(h: LairHooks, name: str) -> bool:
    return h.plot == "bad_publicity" and h.g.card[name].color == "traveler"


def meadow_card(h: LairHooks) -> str | None:
    """The next card for an empty Meadow slot (Bad Publicity discards Travelers on the way)."""
    g = h.g
    gone: list[str] = []
    patience = len(g.deck) + len(g.discard)
    name = g.take_top()
    while name is not None and keeps_out(h, name) and len(gone) <= patience:
        g.discard.append(name)
        gone.append(name)
        name = g.take_top()
    if gone:
        h.note("meadow_discard", cards=gone, why="bad_publicity")
    if name is not None and keeps_out(h, name):
        g.discard.append(name)  # nothing but Travelers left: the slot stays empty
        return None
    return name


def purge_travelers(h: LairHooks) -> None:
    """Bad Publicity comes out: every Traveler leaves the Meadow, and the Meadow refills."""
    g = h.g
    gone: list[str] = []
    for s, c in enumerate(g.meadow):
        if c is not None and keeps_out(h, c):
            g.meadow[s] = None
            gone.append(c)
    if gone:
        g.discard.extend(gone)
        h.note("meadow_discard", cards=gone, why="bad_publicity")
        g.refill()
