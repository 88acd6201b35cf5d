"""Card powers, keyed by card id: on play (tan travelers and a few others), production (green,
on play and in spring/autumn), worker spots (red destinations and the Storehouse), and the
blue governance triggers after later plays. Purple bonuses are end-game scoring (scoring.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.core.prompts import Option
from engine.games.everdell import corrin, farms, places, play
from engine.games.everdell.asks import NONE, Step, resource_options
from engine.games.everdell.data import Card
from engine.games.everdell.state import CITY_LIMIT, CityCard

if TYPE_CHECKING:
    from engine.games.everdell.game import EverdellGame

# (game, acting seat, the card instance, seat whose city conditions apply) -> steps
Power = Callable[["EverdellGame", int, CityCard, int], Step]


# ==============================================================================================
# Dispatch
# ==============================================================================================
def on_play(g: EverdellGame, p: int, cc: CityCard) -> Step:
    effect = ON_PLAY.get(cc.card)
    if effect is not None:
        yield from effect(g, p, cc, p)
    if g.card[cc.card].color == "production":
        yield from produce(g, p, cc, p)


def produce(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    effect = PRODUCE.get(cc.card) or farms.power(cc.card)
    if effect is not None and g.can_activate(cc):
        g.emit("produce", seat=p, card=cc.card, host=host)
        yield from effect(g, p, cc, host)


def after_play(g: EverdellGame, p: int, name: str, new: CityCard | None) -> Step:
    """Governance cards react to each later card p plays (never to themselves)."""
    pl = g.players[p]
    card = g.card[name]
    if g.legends is not None:  # Lebre Alegre
        from engine.games.everdell.legend_powers import after_play as legend_after_play

        yield from legend_after_play(g, p, name, new)
    for cc in list(pl.city):
        if cc is new or not _triggers(cc.card, card) or cc not in pl.city:  # the cheap test first
            continue
        if not (yield from g.before_activate(p, cc)):
            continue
        if cc.card == "historian":
            g.draw(p, 1)
        elif cc.card == "shopkeeper":
            g.gain(p, {"berry": 1}, "shopkeeper")
        else:  # courthouse
            r = yield from g.choose(
                p, "everdell.prompt.courthouse", resource_options(("twig", "resin", "pebble"))
            )
            g.gain(p, {r: 1}, "courthouse")


def _triggers(governance: str, card: Card) -> bool:
    """Whether a city card is a Governance card reacting to this play."""
    if governance == "historian":
        return True
    if governance == "shopkeeper":
        return card.critter
    if governance == "courthouse":
        return card.construction
    return False


# ==============================================================================================
# On play
# ==============================================================================================
def bard(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    names = yield from g.choose_cards(p, g.players[p].hand, "everdell.prompt.bard", 0, 5)
    g.discard_from_hand(p, names)
    g.points(p, len(names), "bard")


def postal_pigeon(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    shown = g.reveal(2)
    opts = [
        Option(f"r{i}", name, card=name, group="reveal")
        for i, name in enumerate(shown)
        if g.card[name].points <= 3 and play.can_play(g, p, name, play.FREE, origin="limbo")
    ]
    if opts:
        opts.append(Option(NONE, "everdell.opt.none", group="end"))
        picked = yield from g.choose(
            p, "everdell.prompt.pigeon", opts, {"revealed": list(shown)}, default=opts[0].id
        )
        if picked != NONE:
            name = shown.pop(int(picked[1:]))
            yield from play.play_card(g, p, name, "limbo", play.FREE)
    for name in shown:
        g.unlimbo(name)
        g.discard.append(name)


def ranger(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    pl = g.players[p]
    movable = [w for w in pl.placed if not w.permanent and not w.loc.startswith(("event:", "journey"))]
    if not movable:
        return
    opts = [Option(f"w{i}", "everdell.opt.worker", group=w.loc) for i, w in enumerate(movable)]
    opts.append(Option(NONE, "everdell.opt.none", group="end"))
    picked = yield from g.choose(
        p, "everdell.prompt.ranger_from", opts, {"locations": [w.loc for w in movable]}
    )
    if picked == NONE:
        return
    worker = movable[int(picked[1:])]
    g.take_back(p, worker)
    targets = [o for o in places.placement_options(g, p) if o.id != f"place:{worker.loc}"]
    if not targets:
        g.occupy(p, worker.loc, worker.permanent)
        return
    dest = yield from g.choose(p, "everdell.prompt.ranger_to", targets)
    yield from places.place_worker(g, p, dest[6:])


def ruins(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    pl = g.players[p]
    pool = [c for c in pl.city if c is not cc and g.card[c.card].construction]
    if g.used_spaces(pl) > CITY_LIMIT:  # played into a full city: it must free a space
        pool = [c for c in pool if g.spends_space(pl, c.card)]
    target = yield from g.pick_city_card(p, "everdell.prompt.ruins", pool)
    if target is None:
        return
    g.remove_from_city(p, target)
    g.gain(p, g.card[target.card].cost_t, "ruins")
    g.draw(p, 2)


def shepherd(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    g.gain(p, {"berry": 3}, "shepherd")
    chapel = sum(c.tokens for c in g.players[p].city if c.card == "chapel")
    g.points(p, chapel, "shepherd")
    return
    yield  # pragma: no cover


def undertaker(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    slots = g.meadow_slots(discard=True)
    opts = [Option(f"m{s}", g.meadow[s] or "", card=g.meadow[s], group="meadow") for s in slots]
    picked = yield from g.choose_many(p, "everdell.prompt.undertaker_discard", opts, 3, 3)
    gone = g.meadow_take((int(x[1:]) for x in picked), discard=True)
    g.discard += gone
    g.emit("meadow_discard", seat=p, cards=gone)
    g.refill()
    slots = g.meadow_slots()
    if slots and g.players[p].hand_size < g.players[p].hand_limit:
        opts = [Option(f"m{s}", g.meadow[s] or "", card=g.meadow[s], group="meadow") for s in slots]
        take = yield from g.choose(p, "everdell.prompt.undertaker_take", opts)
        yield from g.meadow_to_hand(p, [int(take[1:])])


def wanderer(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    g.draw(p, 3)
    return
    yield  # pragma: no cover


def clock_tower(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    cc.tokens = 3
    return
    yield  # pragma: no cover


ON_PLAY: dict[str, Power] = {
    "bard": bard,
    "postal_pigeon": postal_pigeon,
    "ranger": ranger,
    "ruins": ruins,
    "shepherd": shepherd,
    "undertaker": undertaker,
    "wanderer": wanderer,
    "clock_tower": clock_tower,
}


# ==============================================================================================
# Production
# ==============================================================================================
def _gain(vec: dict[str, int]) -> Power:
    def effect(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
        g.gain(p, vec, cc.card)
        return
        yield  # pragma: no cover

    return effect


def barge_toad(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    g.gain(p, {"twig": 2 * g.players[host].count("farm")}, cc.card)
    return
    yield  # pragma: no cover


def general_store(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    g.gain(p, {"berry": 2 if g.players[host].has("farm") else 1}, cc.card)
    return
    yield  # pragma: no cover


def fairgrounds(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    g.draw(p, 2)
    return
    yield  # pragma: no cover


def paired(g: EverdellGame, owner: int, cc: CityCard) -> bool:
    """Husbands and Wives pair up in city order: the k-th of one kind with the k-th of the other."""
    pl = g.players[owner]
    mine = [c for c in pl.city if c.card == cc.card]
    partner = g.card[cc.card].pairs_with
    return cc in mine and mine.index(cc) < pl.count(partner or "")


def husband(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    if paired(g, host, cc) and g.players[host].has("farm"):
        vec = yield from g.choose_gain(p, 1)
        g.gain(p, vec, cc.card)


def chip_sweep(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    pl = g.players[p]
    pool = _distinct(
        [
            c
            for c in pl.city
            if c is not cc and g.card[c.card].color == "production" and c.card != "chip_sweep"
        ]
    )
    target = yield from g.pick_city_card(p, "everdell.prompt.chip_sweep", pool)
    if target is not None:
        yield from produce(g, p, target, p)


def miner_mole(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    opts: list[Option] = []
    found: dict[str, tuple[int, CityCard]] = {}
    for q in g.others(p):
        seen: set[str] = set()
        for c in g.players[q].city:
            if (
                g.card[c.card].color == "production"
                and c.card not in ("miner_mole", "chip_sweep")
                and c.card not in g.fixed  # Legendaries are never copied
                and c.card not in seen
            ):
                seen.add(c.card)
                oid = f"c{c.uid}"
                found[oid] = (q, c)
                opts.append(Option(oid, c.card, card=c.card, group=f"seat:{q}"))
    if not opts:
        return
    picked = yield from g.choose(p, "everdell.prompt.miner_mole", opts)
    q, target = found[picked]
    yield from produce(g, p, target, q)


def doctor(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    k = yield from g.choose_amount(p, "everdell.prompt.doctor", min(3, g.players[p].res["berry"]), "berry")
    if k:
        g.spend(p, {"berry": k})
        g.points(p, k, "doctor")


def woodcarver(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    k = yield from g.choose_amount(p, "everdell.prompt.woodcarver", min(3, g.players[p].res["twig"]), "twig")
    if k:
        g.spend(p, {"twig": k})
        g.points(p, k, "woodcarver")


def monk(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    k = yield from g.choose_amount(p, "everdell.prompt.monk", min(2, g.players[p].res["berry"]), "berry")
    if k:
        yield from g.give_resources(p, (0, 0, 0, k))
        g.points(p, 2 * k, "monk")


def peddler(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    back = yield from g.choose_bundle(p, 2, "everdell.prompt.peddler_return", g.players[p].res, low=0)
    k = sum(back)
    if k:
        g.spend(p, back)
        vec = yield from g.choose_bundle(p, k, "everdell.prompt.peddler_take")
        g.gain(p, vec, "peddler")


def teacher(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    shown = g.reveal(2, to=p)
    if not shown:
        return
    keep = shown[0]
    if len(shown) == 2:
        opts = [Option(f"r{i}", n, card=n, group="reveal") for i, n in enumerate(shown)]
        picked = yield from g.choose(p, "everdell.prompt.teacher_keep", opts)
        keep = shown[int(picked[1:])]
    for name in shown:
        g.unlimbo(name)
    rest = list(shown)
    rest.remove(keep)
    g.to_hand(p, [keep], public=False)
    yield from g.give_cards(p, rest)


STORE_CHOICES: dict[str, dict[str, int]] = {
    "twig": {"twig": 3},
    "resin": {"resin": 2},
    "pebble": {"pebble": 1},
    "berry": {"berry": 2},
}


def storehouse(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    opts = [Option(r, f"everdell.store.{r}") for r in STORE_CHOICES]
    r = yield from g.choose(p, "everdell.prompt.storehouse", opts)
    if host == p and cc in g.players[p].city:
        for k, v in STORE_CHOICES[r].items():
            cc.stored[k] += v
        g.emit("store", seat=p, uid=cc.uid, res=dict(STORE_CHOICES[r]))
    else:
        g.gain(p, STORE_CHOICES[r], "storehouse")  # a copied Storehouse pays out at once


PRODUCE: dict[str, Power] = {
    "barge_toad": barge_toad,
    "chip_sweep": chip_sweep,
    "doctor": doctor,
    "husband": husband,
    "miner_mole": miner_mole,
    "monk": monk,
    "peddler": peddler,
    "teacher": teacher,
    "woodcarver": woodcarver,
    "fairgrounds": fairgrounds,
    "farm": _gain({"berry": 1}),
    "general_store": general_store,
    "mine": _gain({"pebble": 1}),
    "resin_refinery": _gain({"resin": 1}),
    "storehouse": storehouse,
    "twig_barge": _gain({"twig": 2}),
}


def _distinct(pool: list[CityCard]) -> list[CityCard]:
    """One copy per card type: copies of a type produce alike."""
    seen: set[str] = set()
    out = []
    for c in pool:
        if c.card not in seen:
            seen.add(c.card)
            out.append(c)
    return out


# ==============================================================================================
# Worker spots on cards
# ==============================================================================================
def usable(g: EverdellGame, p: int, cc: CityCard, owner: int) -> bool:
    """Whether a worker placed on this card would have something to do."""
    pl = g.players[p]
    name = cc.card
    if name == "queen":
        purse = play.Purse(g, p)  # one look at p's city and resources for every card
        return any(
            play.can_play(g, p, o.card or "", play.FREE, None, purse, _origin(o.id))
            for o in play.free_choices(g, p, 3)
        )
    if name == "inn":
        purse = play.Purse(g, p)  # one look at p's city and resources for every Meadow card
        return any(
            play.can_play(g, p, g.meadow[s] or "", play.INN, None, purse, f"meadow:{s}")
            for s in purse.slots()
        )
    if name == "cemetery":
        return bool(g.deck or g.discard)
    if name == "monastery":
        return pl.resource_total() >= 2
    if name == "post_office":
        return len(pl.hand) >= 2
    if name == "storehouse":
        return any(cc.stored.values())
    if name == "university":
        return len(g.players[owner].city) > 1
    if name == corrin.TRAIL:
        return bool(corrin.trail_targets(g, p))
    return True


def _origin(option_id: str) -> str:
    """Where a `free_choices` option plays from."""
    return "hand" if option_id.startswith("h:") else f"meadow:{option_id[1:]}"


def queen(g: EverdellGame, p: int, cc: CityCard, owner: int) -> Step:
    purse = play.Purse(g, p)  # one look at p's city and resources for every card
    opts = [
        o
        for o in play.free_choices(g, p, 3)
        if play.can_play(g, p, o.card or "", play.FREE, None, purse, _origin(o.id))
    ]
    if opts:
        picked = yield from g.choose(p, "everdell.prompt.queen", opts)
        yield from play.free_play(g, p, picked)


def inn(g: EverdellGame, p: int, cc: CityCard, owner: int) -> Step:
    purse = play.Purse(g, p)  # one look at p's city and resources for every Meadow card
    opts = [
        Option(f"m{s}", g.meadow[s] or "", card=g.meadow[s], group="meadow")
        for s in purse.slots()
        if play.can_play(g, p, g.meadow[s] or "", play.INN, None, purse, f"meadow:{s}")
    ]
    if opts:
        picked = yield from g.choose(p, "everdell.prompt.inn", opts)
        yield from play.free_play(g, p, picked, play.INN)


def cemetery(g: EverdellGame, p: int, cc: CityCard, owner: int) -> Step:
    sources = []
    if g.deck or g.discard:
        sources.append(Option("deck", "everdell.opt.deck"))
    if g.discard:
        sources.append(Option("discard", "everdell.opt.discard_pile"))
    if not sources:
        return
    src = yield from g.choose(p, "everdell.prompt.cemetery_source", sources)
    if src == "deck":
        shown = g.reveal(4)
    else:
        shown = g.discard[-4:][::-1]
        del g.discard[-len(shown) :]
        g.limbo += shown
        g.emit("reveal", cards=list(shown), source="discard")
    opts = [
        Option(f"r{i}", n, card=n, group="reveal")
        for i, n in enumerate(shown)
        if play.can_play(g, p, n, play.FREE, origin="limbo")
    ]
    if opts:
        picked = yield from g.choose(p, "everdell.prompt.cemetery_play", opts, {"revealed": list(shown)})
        name = shown.pop(int(picked[1:]))
        yield from play.play_card(g, p, name, "limbo", play.FREE)
    for name in shown:
        g.unlimbo(name)
        g.discard.append(name)


def chapel(g: EverdellGame, p: int, cc: CityCard, owner: int) -> Step:
    cc.tokens += 1
    g.draw(p, 2 * cc.tokens)
    return
    yield  # pragma: no cover


def lookout(g: EverdellGame, p: int, cc: CityCard, owner: int) -> Step:
    opts = [Option(loc, loc, group="location") for loc in places.copyable(g)]
    loc = yield from g.choose(p, "everdell.prompt.lookout", opts)
    yield from places.reward(g, p, loc)


def monastery(g: EverdellGame, p: int, cc: CityCard, owner: int) -> Step:
    vec = yield from g.choose_bundle(p, 2, "everdell.prompt.monastery", g.players[p].res)
    yield from g.give_resources(p, vec)
    g.points(p, 4, "monastery")


def post_office(g: EverdellGame, p: int, cc: CityCard, owner: int) -> Step:
    pl = g.players[p]
    given = yield from g.choose_cards(p, pl.hand, "everdell.prompt.post_office_give", 2, 2)
    for name in given:
        pl.hand.remove(name)
    yield from g.give_cards(p, given)
    dropped = yield from g.choose_cards(p, pl.hand, "everdell.prompt.post_office_discard", 0, len(pl.hand))
    g.discard_from_hand(p, dropped)
    g.draw(p, pl.hand_limit - pl.hand_size)


def storehouse_visit(g: EverdellGame, p: int, cc: CityCard, owner: int) -> Step:
    g.gain(p, dict(cc.stored), "storehouse")
    for r in cc.stored:
        cc.stored[r] = 0
    return
    yield  # pragma: no cover


def university(g: EverdellGame, p: int, cc: CityCard, owner: int) -> Step:
    pl = g.players[p]
    target = yield from g.pick_city_card(p, "everdell.prompt.university", [c for c in pl.city if c is not cc])
    if target is None:
        return
    g.remove_from_city(p, target, heir=f"card:{cc.uid}")
    g.gain(p, g.card[target.card].cost_t, "university")
    vec = yield from g.choose_gain(p, 1)
    g.gain(p, vec, "university")
    g.points(p, 1, "university")


DESTINATIONS: dict[str, Power] = {
    "queen": queen,
    "inn": inn,
    "cemetery": cemetery,
    "chapel": chapel,
    "lookout": lookout,
    "monastery": monastery,
    "post_office": post_office,
    "storehouse": storehouse_visit,
    "university": university,
}
corrin.register(ON_PLAY, PRODUCE, DESTINATIONS)
