"""Events: who may claim them, and what the special events do when claimed.

End-of-game event bonuses (Flying Doctor Service, Ministering to Miscreants, Path of the
Pilgrims, Remembering the Fallen, Pristine Chapel Ceiling) are counted in scoring.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from engine.core.prompts import Option
from engine.games.everdell.asks import NONE, Step, resource_options
from engine.games.everdell.data import COLORS, basic_events, special_events
from engine.games.everdell.state import EventClaim

if TYPE_CHECKING:
    from engine.games.everdell.game import EverdellGame


def meets(g: EverdellGame, p: int, ev: str) -> bool:
    pl = g.players[p]
    names = {c.card for c in pl.city} | set(pl.ribbons)  # a Legendary counts as its ribbon card
    colors: Counter[str] = Counter(g.card[c.card].color for c in pl.city)
    return _meets(g, p, ev, names, colors)


def _meets(g: EverdellGame, p: int, ev: str, names: set[str], colors: Mapping[str, int]) -> bool:
    basic = basic_events().get(ev)
    if basic is not None:
        return colors[basic.color] >= basic.need
    spec = special_events()[ev]
    if not names.issuperset(spec.requires):
        return False
    if spec.each_color and any(colors[c] < spec.each_color for c in COLORS):
        return False
    if ev == "croak_wart_cure":
        pl = g.players[p]
        return pl.res["berry"] >= 2 and sum(1 for c in pl.city if c.card not in g.fixed) >= 2
    return True


def claimable(g: EverdellGame, p: int) -> list[str]:
    city = g.players[p].city
    names = {c.card for c in city} | set(g.players[p].ribbons)  # a Legendary counts as its ribbon
    # counted in a plain dict holding every color: Counter() over a generator costs more than
    # the rest of this function
    colors = dict.fromkeys(COLORS, 0)
    cards = g.card
    for c in city:
        colors[cards[c.card].color] += 1
    return [
        ev
        for ev in (*g.basic_events, *g.special_events)
        if ev not in g.claims and _meets(g, p, ev, names, colors)
    ]


def claim(g: EverdellGame, p: int, ev: str) -> Step:
    g.claims[ev] = EventClaim(owner=p)
    g.players[p].events.append(ev)
    g.emit("claim", seat=p, event=ev)
    effect = ON_CLAIM.get(ev)
    if effect is not None:
        yield from effect(g, p, g.claims[ev])


# ==============================================================================================
def marketing_plan(g: EverdellGame, p: int, c: EventClaim) -> Step:
    pl = g.players[p]
    for _ in range(3):
        have = [r for r in pl.res if pl.res[r] > 0]
        if not have or not g.recipients(p):
            return
        opts = [*resource_options(have), Option(NONE, "everdell.opt.stop", group="end")]
        r = yield from g.choose(p, "everdell.prompt.marketing", opts, default=NONE)
        if r == NONE:
            return
        vec = tuple(1 if x == r else 0 for x in ("twig", "resin", "pebble", "berry"))
        yield from g.give_resources(p, (vec[0], vec[1], vec[2], vec[3]))
        c.bonus += 2


def wee_run_city(g: EverdellGame, p: int, c: EventClaim) -> Step:
    pl = g.players[p]
    own = "event:a_wee_run_city"
    workers = [w for w in pl.placed if not w.permanent and w.loc != own]
    if not workers:
        return
    opts = [Option(f"w{i}", "everdell.opt.worker", group=w.loc) for i, w in enumerate(workers)]
    picked = yield from g.choose(
        p, "everdell.prompt.recall_worker", opts, {"locations": [w.loc for w in workers]}
    )
    g.take_back(p, workers[int(picked[1:])])


def _store(resource: str, points_each: int, key: str) -> Callable[[EverdellGame, int, EventClaim], Step]:
    def effect(g: EverdellGame, p: int, c: EventClaim) -> Step:
        k = yield from g.choose_amount(p, key, min(3, g.players[p].res[resource]), resource)
        if k:
            g.spend(p, {resource: k})
            c.stored[resource] += k
            c.bonus += points_each * k

    return effect


def ancient_scrolls(g: EverdellGame, p: int, c: EventClaim) -> Step:
    shown = g.reveal(5)
    room = g.players[p].hand_limit - g.players[p].hand_size
    keep = yield from g.choose_cards(p, shown, "everdell.prompt.scrolls_keep", 0, room)
    for name in shown:
        g.unlimbo(name)
    rest = list(shown)
    for name in keep:
        rest.remove(name)
    g.to_hand(p, keep)
    c.beneath += rest
    c.bonus += len(rest)


def acorn_thieves(g: EverdellGame, p: int, c: EventClaim) -> Step:
    pl = g.players[p]
    pool = [cc for cc in pl.city if g.card[cc.card].critter and cc.card not in g.fixed]
    opts = g.city_options(pool)
    picked = yield from g.choose_many(p, "everdell.prompt.acorn_thieves", opts, 0, 2)
    for oid in picked:
        cc = next(x for x in pool if f"c{x.uid}" == oid)
        g.remove_from_city(p, cc, to_discard=False)
        c.beneath.append(cc.card)
        c.bonus += 3


def croak_wart_cure(g: EverdellGame, p: int, c: EventClaim) -> Step:
    g.spend(p, {"berry": 2})
    pl = g.players[p]
    pool = [cc for cc in pl.city if cc.card not in g.fixed]  # Legendaries never leave a city
    picked = yield from g.choose_many(p, "everdell.prompt.croak_wart", g.city_options(pool), 2, 2)
    for oid in picked:
        cc = next(x for x in pl.city if f"c{x.uid}" == oid)
        g.remove_from_city(p, cc)


def graduation(g: EverdellGame, p: int, c: EventClaim) -> Step:
    pl = g.players[p]
    critters = [n for n in pl.hand if g.card[n].critter]
    names = yield from g.choose_cards(p, critters, "everdell.prompt.graduation", 0, 3)
    for name in names:
        pl.hand.remove(name)
    c.beneath += names
    c.bonus += 2 * len(names)
    if names:
        g.emit("beneath", seat=p, cards=list(names))


def pristine_ceiling(g: EverdellGame, p: int, c: EventClaim) -> Step:
    tokens = sum(cc.tokens for cc in g.players[p].city if cc.card == "chapel")
    if tokens:
        g.draw(p, tokens)
        vec = yield from g.choose_gain(p, tokens)
        g.gain(p, vec, "pristine_chapel_ceiling")


def tax_relief(g: EverdellGame, p: int, c: EventClaim) -> Step:
    yield from g.production(p)


def under_new_management(g: EverdellGame, p: int, c: EventClaim) -> Step:
    vec = yield from g.choose_bundle(p, 3, "everdell.prompt.new_management", g.players[p].res, low=0)
    if any(vec):
        g.spend(p, vec)
        for r, v in zip(("twig", "resin", "pebble", "berry"), vec):
            c.stored[r] += v
        c.bonus += vec[0] + vec[3] + 2 * (vec[1] + vec[2])


ON_CLAIM: dict[str, Callable[[EverdellGame, int, EventClaim], Step]] = {
    "a_brilliant_marketing_plan": marketing_plan,
    "a_wee_run_city": wee_run_city,
    "an_evening_of_fireworks": _store("twig", 2, "everdell.prompt.fireworks"),
    "ancient_scrolls_discovered": ancient_scrolls,
    "capture_of_the_acorn_thieves": acorn_thieves,
    "croak_wart_cure": croak_wart_cure,
    "graduation_of_scholars": graduation,
    "performer_in_residence": _store("berry", 2, "everdell.prompt.performer"),
    "pristine_chapel_ceiling": pristine_ceiling,
    "tax_relief": tax_relief,
    "under_new_management": under_new_management,
}
