"""Playing a card: legality (Unique, city space), payment options, and resolving the play.

Payment option ids are `<method>:<t>.<r>.<p>.<b>` where the vector is what the player pays.
Methods: `pay` (the printed cost), `judge` (one unit swapped), `occupy@<uid>` (free critter on its
unoccupied construction), `innkeeper@<uid>`, `crane@<uid>`, `dungeon@<critter uid>`, and for card
abilities that play cards: `free`, `inn` (3 less), `forest` (1 less).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.prompts import Option
from engine.games.everdell import extras
from engine.games.everdell.asks import Step, shared_option
from engine.games.everdell.data import Cost
from engine.games.everdell.payment import (
    ZERO,
    as_dict,
    berries_off,
    fits,
    parse_vec,
    reduced,
    substitutions,
    vec_id,
)
from engine.games.everdell.state import CITY_LIMIT, CityCard

if TYPE_CHECKING:
    from engine.games.everdell.extras import Extra
    from engine.games.everdell.game import EverdellGame

NORMAL = "normal"
FREE = "free"
INN = "inn"  # 3 resources less, no other ability
FOREST = "forest"  # 1 resource less, no other ability


def hosts(g: EverdellGame, construction: str, critter: str) -> bool:
    c = g.card[construction]
    if c.hosts_any or critter in c.hosts:
        return True
    k = g.card[critter]  # Corrin's free plays go by colour (`corrin.py`)
    if c.hosts_color is not None:
        return c.hosts_color == k.color
    return k.host_color is not None and c.construction and k.host_color == c.color


def dungeon_cells(g: EverdellGame, p: int) -> int:
    return 2 if g.players[p].has("ranger") else 1


def payments(
    g: EverdellGame, p: int, name: str, mode: str = NORMAL, origin: str | None = None
) -> dict[str, Cost]:
    """Every legal way to pay for `name`, keyed by option id, cheapest first. `origin` (`hand`,
    `meadow:<slot>`, `limbo`) lets an opponent's rules add an extra cost (see `extras.py`)."""
    pl = g.players[p]
    card = g.card[name]
    cost = g.cost[name]
    have = pl.res
    out: dict[str, Cost] = {}
    extra = g.play_extra(p, name, origin)
    free = ZERO
    if extra is not None:
        cost = extras.add(cost, extra.surcharge)
        free = extra.surcharge  # a free play still pays the surcharge

    def add(method: str, vec: Cost) -> None:
        if fits(vec, have):
            out.setdefault(f"{method}:{vec_id(vec)}", vec)

    if mode == FREE:
        add(FREE, free)
    elif mode == INN:
        for v in reduced(cost, 3):
            add(INN, v)
    elif mode == FOREST:
        for v in reduced(cost, 1):
            add(FOREST, v)
    else:
        if card.critter:
            seen: set[str] = set()
            for cc in pl.city:
                if not cc.occupied and cc.card not in seen and hosts(g, cc.card, name):
                    seen.add(cc.card)
                    add(f"occupy@{cc.uid}", free)
        add("pay", cost)
        if g.legends is not None:  # Cofre do Rei Norte's tokens
            from engine.games.everdell.legends import vault_payments

            vault_payments(g, p, name, add, free)
        if pl.has("judge"):
            for v in substitutions(cost):
                add("judge", v)
        for cc in pl.city if any(cost) else ():  # a free card spends no discount card
            if cc.card == "innkeeper" and card.critter:
                add(f"innkeeper@{cc.uid}", berries_off(cost, 3))
            elif cc.card == "crane" and card.construction:
                for v in reduced(cost, 3):
                    add(f"crane@{cc.uid}", v)
            elif cc.card == "dungeon" and len(cc.prisoners) < dungeon_cells(g, p):
                seen_c: set[str] = set()
                for prisoner in pl.city:
                    if g.card[prisoner.card].critter and prisoner.card not in seen_c | g.fixed:
                        seen_c.add(prisoner.card)
                        for v in reduced(cost, 3):
                            add(f"dungeon@{prisoner.uid}", v)
    if extra is not None:
        cards = len(pl.hand) - (origin == "hand") - extra.reserve
        total = sum(have.values())
        out = {
            oid: v
            for oid, v in out.items()
            if extras.payable(extra.due(extras.method_kind(oid)), total - sum(v), cards)
        }
    return dict(sorted(out.items(), key=lambda kv: (sum(kv[1]), kv[0])))


def fool_targets(g: EverdellGame, p: int) -> list[int]:
    return [
        q
        for q in g.others(p)
        if not g.players[q].rugwort and not g.players[q].has("fool") and g.fits(g.players[q], "fool")
    ]


def can_place(
    g: EverdellGame, p: int, name: str, full: bool | None = None, taken: set[str] | None = None
) -> bool:
    """Unique rule and city space (for the Fool: some opponent's city). `full` may carry a
    precomputed "no free space" flag for p's city, `taken` the names in it (face-down included)."""
    pl = g.players[p]
    if pl.ribbons and name in pl.ribbons:  # upgraded to a Legendary: no more copies
        return False
    if name == "fool":
        return g.solo or bool(fool_targets(g, p))
    card = g.card[name]
    if card.unique:
        if taken is None:
            if pl.has(name) or any(c.card == name for c in pl.city_down):
                return False
        elif name in taken:
            return False
    if full is False and card.space:
        return name != "ruins" or g.fits(pl, name)
    return g.fits(pl, name, full)


def can_play(
    g: EverdellGame,
    p: int,
    name: str,
    mode: str = NORMAL,
    full: bool | None = None,
    purse: Purse | None = None,
    origin: str | None = None,
) -> bool:
    if purse is None:
        return can_place(g, p, name, full) and Purse(g, p).ok(name, mode, origin)
    if full is None:
        full = purse.full()
    return can_place(g, p, name, full, purse.names()) and purse.ok(name, mode, origin)


def affordable(g: EverdellGame, p: int, name: str, mode: str = NORMAL, origin: str | None = None) -> bool:
    """Whether `payments` would offer anything, without listing them (this runs very often)."""
    return Purse(g, p).ok(name, mode, origin)


class Purse:
    """What p holds towards paying for cards: resources, and the city cards that discount or
    stand in for a cost. Built once when many cards are checked against the same position."""

    __slots__ = ("_flags", "_full", "_hosts", "_names", "_slots", "city", "g", "have", "p", "res")

    def __init__(self, g: EverdellGame, p: int) -> None:
        pl = g.players[p]
        self.g, self.p, self.res, self.city = g, p, pl.res, pl.city
        res = pl.res
        self.have = (res["twig"], res["resin"], res["pebble"], res["berry"])
        self._flags: tuple[bool, bool, bool, bool] | None = None
        self._hosts: tuple[bool, frozenset[str]] | None = None
        self._names: set[str] | None = None
        self._full: bool | None = None
        self._slots: list[int] | None = None

    def slots(self) -> list[int]:
        """`meadow_slots()` at this position (the Meadow does not change while a purse is used)."""
        if self._slots is None:
            self._slots = self.g.meadow_slots()
        return self._slots

    def full(self) -> bool:
        """No free space left in p's city (see `can_place`)."""
        if self._full is None:
            self._full = self.g.used_spaces(self.g.players[self.p]) >= CITY_LIMIT
        return self._full

    def names(self) -> set[str]:
        """The cards in p's city, face-down ones included (the Unique rule)."""
        if self._names is None:
            pl = self.g.players[self.p]
            self._names = {cc.card for cc in pl.city} | {cc.card for cc in pl.city_down}
        return self._names

    def flags(self) -> tuple[bool, bool, bool, bool]:
        """Judge, Innkeeper, Crane, and a Dungeon with a free cell and a critter to put in it."""
        if self._flags is None:
            g, city = self.g, self.city
            names = {cc.card for cc in city}
            cells = dungeon_cells(g, self.p)
            dungeon = any(cc.card == "dungeon" and len(cc.prisoners) < cells for cc in city) and any(
                g.card[c.card].critter and c.card not in g.fixed for c in city
            )
            self._flags = ("judge" in names, "innkeeper" in names, "crane" in names, dungeon)
        return self._flags

    def free_hosts(self) -> tuple[bool, frozenset[str]]:
        """The unoccupied constructions of p's city as (one hosts any critter, the critters
        named), so a critter is checked against all of them at once (see `hosts`)."""
        if self._hosts is None:
            cards = self.g.card
            free = [cards[cc.card] for cc in self.city if not cc.occupied]
            self._hosts = (
                any(c.hosts_any for c in free),
                frozenset(critter for c in free for critter in c.hosts),
            )
        return self._hosts

    def ok(self, name: str, mode: str = NORMAL, origin: str | None = None) -> bool:
        g, have = self.g, self.have
        if g.play_extra(self.p, name, origin) is not None:
            return bool(payments(g, self.p, name, mode, origin))  # rare: list the priced methods
        if mode == FREE:
            return True
        cost = g.cost[name]
        # unrolled over the four resources: this runs for every card in hand and Meadow
        c0, c1, c2, c3 = cost
        h0, h1, h2, h3 = have
        short = (
            (c0 - h0 if c0 > h0 else 0)
            + (c1 - h1 if c1 > h1 else 0)
            + (c2 - h2 if c2 > h2 else 0)
            + (c3 - h3 if c3 > h3 else 0)
        )
        if short == 0:
            return True
        total = c0 + c1 + c2 + c3
        if mode == INN:
            return short <= min(3, total)
        if mode == FOREST:
            return short <= min(1, total)
        if g.legends is not None:  # Cofre do Rei Norte's tokens
            from engine.games.everdell.legends import vault_covers

            if vault_covers(g, self.p, short, total):
                return True
        card = g.card[name]
        if card.critter:
            any_critter, hosted = self.free_hosts()
            if any_critter or name in hosted:
                return True
            if g.options.get("corrin") and any(
                hosts(g, cc.card, name) for cc in self.city if not cc.occupied
            ):
                return True
        judge, innkeeper, crane, dungeon = self.flags()
        if short == 1 and judge and any(h > c for c, h in zip(cost, have)):
            return True
        if innkeeper and card.critter and fits(berries_off(cost, 3), self.res):
            return True
        return short <= min(3, total) and ((crane and card.construction) or dungeon)


def playable_options(g: EverdellGame, p: int) -> list[Option]:
    pl = g.players[p]
    purse = Purse(g, p)
    full = purse.full()
    opts: list[Option] = []
    for name in sorted(set(pl.hand)):
        if can_play(g, p, name, NORMAL, full, purse, "hand"):
            opts.append(shared_option(f"play:h:{name}", name, name, "hand", sum(g.cost[name])))
    for slot in g.meadow_slots():
        found = g.meadow[slot]
        if found is not None and can_play(g, p, found, NORMAL, full, purse, f"meadow:{slot}"):
            opts.append(shared_option(f"play:m{slot}", found, found, "meadow", sum(g.cost[found])))
    return opts


def play_chosen(g: EverdellGame, p: int, source: str) -> Step:
    """Resolve a main-action play; `source` is `h:<card>` or `m<slot>`."""
    if source.startswith("h:"):
        yield from play_card(g, p, source[2:], "hand")
    elif source == "pile":
        from engine.games.everdell.player_powers import buy_farm

        yield from buy_farm(g, p)
    elif source.startswith("legend:"):
        from engine.games.everdell.legends import play_legend

        yield from play_legend(g, p, source[7:])
    else:
        slot = int(source[1:])
        name = g.meadow[slot]
        assert name is not None
        yield from play_card(g, p, name, f"meadow:{slot}")


def free_choices(
    g: EverdellGame, p: int, max_points: int | None, meadow: bool = True, hand: bool = True
) -> list[Option]:
    """Cards from hand and/or Meadow p could play for free (optionally worth at most `max_points`)."""
    pl = g.players[p]
    opts: list[Option] = []

    def ok(name: str) -> bool:
        return (max_points is None or g.card[name].points <= max_points) and can_place(g, p, name)

    if hand:
        for name in sorted(set(pl.hand)):
            if ok(name):
                opts.append(Option(f"h:{name}", name, card=name, group="hand"))
    if meadow:
        for slot in g.meadow_slots():
            found = g.meadow[slot]
            if found is not None and ok(found):
                opts.append(Option(f"m{slot}", found, card=found, group="meadow"))
    return opts


def play_card(
    g: EverdellGame, p: int, name: str, source: str, mode: str = NORMAL, origin: str | None = None
) -> Step:
    """Pay for and play `name` from `source` (`hand`, `meadow:<slot>` or `limbo`); `origin` is
    where it was before (the Meadow slot of a card already taken into limbo), for pricing."""
    # modules, not the package: a package's `from ... import` costs a Python-level lookup per call
    from engine.games.everdell.player_powers import stoats
    from engine.games.everdell.powers import after_play, on_play
    from engine.games.everdell.rugwort import fool_played, react

    pl = g.players[p]
    card = g.card[name]
    where = origin or source
    options = payments(g, p, name, mode, where)
    if not options:
        raise RuntimeError(f"{name} cannot be paid")
    extra = g.play_extra(p, name, where)
    if len(options) == 1:  # a lone way to pay is never asked (`choose` takes it): no prompt built
        choice = next(iter(options))
    else:
        choice = yield from ask_payment(g, p, name, options, extra)
    target = p
    if name == "fool" and not g.solo:
        targets = fool_targets(g, p)
        picked = yield from g.choose(
            p,
            "everdell.prompt.fool_target",
            [Option(f"seat:{q}", "everdell.opt.seat", group="seat") for q in targets],
            {"seats": targets},
        )
        target = int(picked[5:])
    if source.startswith("meadow:"):
        yield from g.before_meadow_take(p, [int(source[7:])])
    if extra is not None:  # paid first, from what the card's own price leaves
        yield from g.pay_extra(
            p, name, where, extra, extras.method_kind(choice), parse_vec(choice.split(":")[1])
        )
    # take the card from where it was
    if source == "hand":
        pl.hand.remove(name)
    elif source.startswith("meadow:"):
        g.meadow_take([int(source[7:])])
        g.refill()
    elif source == "pile":
        g.pig_pile.pop()
    else:
        g.unlimbo(name)
    method, vec = choice.split(":")[0], options[choice]
    g.spend(p, vec)
    _apply_method(g, p, method)
    if method.startswith("vault@"):
        from engine.games.everdell.legends import spend_vault

        spend_vault(g, p, name, method, vec, where)
    if not g.silent:
        g.emit(
            "play",
            seat=p,
            card=name,
            source=source.split(":")[0],
            pay=as_dict(vec),
            method=method.split("@")[0],
        )
    if card.pay_to_opponent and any(vec):
        # the Shepherd's price goes to an opponent instead of the supply
        g.limbo.append(name)  # between its old place and the city while the opponent is chosen
        q = yield from g.pick_recipient(p, "everdell.prompt.shepherd_pay")
        g.unlimbo(name)
        if q is not None:
            for r, v in as_dict(vec).items():
                g.players[q].res[r] += v
            g.emit("give_resources", seat=p, target=q, res=as_dict(vec))
    if name == "fool" and g.solo:
        yield from fool_played(g, p)
        cc = None
    else:
        cc = CityCard(g.new_uid(), name)
        g.players[target].city.append(cc)
        g.emit("city_add", seat=target, card=name, uid=cc.uid, by=p)
        yield from on_play(g, p, cc)
    yield from after_play(g, p, name, cc)
    yield from stoats(g, p)
    if g.solo and not pl.rugwort:
        react(g)


def ask_payment(g: EverdellGame, p: int, name: str, options: dict[str, Cost], extra: Extra | None) -> Step:
    """Which of the `payments` options p pays `name` with."""
    opts = [
        Option(oid, "everdell.pay." + extras.method_kind(oid), card=method_card(g, oid), cost=sum(v))
        for oid, v in options.items()
    ]
    params: dict[str, object] = {"card": name, "payments": {oid: as_dict(v) for oid, v in options.items()}}
    if extra is not None:
        params["extra"] = {
            "surcharge": as_dict(extra.surcharge),
            "why": extra.why,
            "tolls": [{"what": t.what, "n": t.n, "kinds": list(t.kinds)} for t in extra.tolls],
        }
    return (yield from g.choose(p, "everdell.prompt.payment", opts, params=params, default=opts[0].id))


def method_card(g: EverdellGame, oid: str) -> str | None:
    """The city card a payment method uses (`<method>@<uid>:...`), if any."""
    method = oid.split(":")[0]
    if "@" not in method:
        return None
    found = g.owner_of(int(method.split("@")[1]))
    return found[1].card if found else None


def _apply_method(g: EverdellGame, p: int, method: str) -> None:
    if "@" not in method:
        return
    kind, uid_text = method.split("@")
    found = g.owner_of(int(uid_text))
    assert found is not None
    owner, cc = found
    if kind == "occupy":
        cc.occupied = True
    elif kind in ("innkeeper", "crane"):
        g.remove_from_city(owner, cc)
    elif kind == "dungeon":
        dungeon = next(c for c in g.players[p].city if c.card == "dungeon")
        g.remove_from_city(owner, cc, to_discard=False)
        dungeon.prisoners.append(cc.card)


def free_play(g: EverdellGame, p: int, picked: str, mode: str = FREE) -> Step:
    """Play a card named by a `free_choices`-style option id (`h:<card>` or `m<slot>`)."""
    if picked.startswith("h:"):
        yield from play_card(g, p, picked[2:], "hand", mode)
    else:
        slot = int(picked[1:])
        name = g.meadow[slot]
        assert name is not None
        yield from play_card(g, p, name, f"meadow:{slot}", mode)
