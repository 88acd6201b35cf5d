"""Placing a worker and the actions of the board locations (the Black Market and the Guildhall
have their own modules). `w` is always the acting seat's workers at the location, the new one
included."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.flow import Flow
from engine.core.prompts import Option
from engine.games.architects import guildhall, market, wonders
from engine.games.architects.asks import opt
from engine.games.architects.data import GOODS
from engine.games.architects.state import DISPLAY_ROWS, ORDINARY

if TYPE_CHECKING:
    from engine.games.architects.game import ArchitectsGame

DONE = "done"
HIRE_SILVER = 2
HIRE_TAX = 2


# placement options are immutable and the same every turn: built once
BOARD_OPTIONS = tuple(opt(loc, f"architects.loc.{loc}", card=loc, group="board") for loc in ORDINARY)
GUILDHALL_OPTION = opt("guildhall", "architects.loc.guildhall", card="guildhall", group="guildhall")


def placements(g: ArchitectsGame, seat: int) -> list[Option]:
    opts = list(BOARD_OPTIONS) if g.tax else list(BOARD_OPTIONS[:-1])  # the Tax Stand is last
    opts.extend(market.placements(g, seat))
    if guildhall.can_enter(g, seat):
        opts.append(GUILDHALL_OPTION)
    return opts


def place(g: ArchitectsGame, seat: int, pick: str) -> Flow:
    p = g.players[seat]
    p.supply -= 1
    if pick in g.at:
        g.at[pick][seat] += 1
        w = g.at[pick][seat]
        g.emit("place", seat, location=pick, workers=w)
        if g.wow is None:
            yield from ACTIONS[pick](g, seat, w)
            return
        w += yield from wonders.on_place(g, seat, pick)
        yield from ACTIONS[pick](g, seat, w)
        yield from wonders.after_action(g, seat, pick)
    elif pick.startswith("market:"):
        yield from market.visit(g, seat, int(pick.split(":")[1]))
    else:
        yield from guildhall.enter(g, seat)


def reclaim(g: ArchitectsGame, seat: int) -> Flow:
    """Out of workers: the turn is taking one back, from a plain location if there is one, else
    from the Prison, the Black Market or a rival's board. Never from the Guildhall."""
    # `cost` is how many of the seat's workers stand there: what a player (or bot) weighs
    opts = [opt(loc, f"architects.loc.{loc}", card=loc, cost=n) for loc in ORDINARY if (n := g.at[loc][seat])]
    if not opts:
        if g.prison[seat]:
            opts.append(opt("prison", "architects.loc.prison", card="prison"))
        opts.extend(
            opt(f"market:{i}", "architects.opt.market_space") for i, s in enumerate(g.market) if s == seat
        )
        opts.extend(
            opt(f"held:{q.seat}", "architects.opt.held_by", group=str(q.seat))
            for q in g.players
            if q.seat != seat and q.captives[seat]
        )
    if not opts:
        g.emit("pass", seat)
        return
    pick = yield from g.choose(seat, "architects.prompt.reclaim", opts)
    if pick in g.at:
        g.at[pick][seat] -= 1
    elif pick == "prison":
        g.prison[seat] -= 1
    elif pick.startswith("market:"):
        g.market[int(pick.split(":")[1])] = None
    else:
        g.players[int(pick.split(":")[1])].captives[seat] -= 1
    g.players[seat].supply += 1
    g.emit("reclaim", seat, source=pick)


# ---------------------------------------------------------------------------------- gathering
def bonus(g: ArchitectsGame, seat: int, location: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for gain in g.apprentice_gains(seat, "location_bonus", location):
        for k, v in gain.items():
            out[k] = out.get(k, 0) + v
    return out


def add(a: dict[str, int], b: dict[str, int]) -> dict[str, int]:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + v
    return out


def mines(g: ArchitectsGame, seat: int, w: int) -> Flow:
    opts = [opt("clay", "architects.opt.take_clay", cost=w + 1)]
    if w >= 2:  # Gold needs a worker already there
        opts.append(opt("gold", "architects.opt.take_gold", cost=w // 2))
    pick = yield from g.choose(seat, "architects.prompt.mines", opts, default="clay")
    got = {"clay": w + 1} if pick == "clay" else {"gold": w // 2}
    yield from g.gain(seat, add(got, bonus(g, seat, "mines")), "mines")


def quarry(g: ArchitectsGame, seat: int, w: int) -> Flow:
    yield from g.gain(seat, add({"stone": w}, bonus(g, seat, "quarry")), "quarry")


def forest(g: ArchitectsGame, seat: int, w: int) -> Flow:
    yield from g.gain(seat, add({"wood": w}, bonus(g, seat, "forest")), "forest")


def silversmith(g: ArchitectsGame, seat: int, w: int) -> Flow:
    yield from g.gain(seat, add({"silver": w + 1}, bonus(g, seat, "silversmith")), "silversmith")


# ---------------------------------------------------------------------------------- storehouse
def goods_influence(g: ArchitectsGame, seat: int, goods: dict[str, int]) -> int:
    """Influence a payment of goods needs for what the seat lacks (Works of Wonder: 1 per
    resource a Charlatan names, 4 per Gold or Marble, at any payment); `guildhall.NEVER` when
    the goods cannot be paid."""
    p = g.players[seat]
    if g.wow is None:
        return 0 if all(p.res[k] >= v for k, v in goods.items()) else guildhall.NEVER
    v = tuple(goods.get(k, 0) for k in GOODS)
    return guildhall.influence_cost(p.res, v, guildhall.charlatan(g, seat))


def pay_trade_goods(g: ArchitectsGame, seat: int, goods: dict[str, int]) -> Flow:
    """Pay a trade's goods, the Influence standing for what the seat lacks first."""
    p = g.players[seat]
    short = goods_influence(g, seat, goods)
    if short:
        yield from wonders.change_influence(g, seat, -short, "for_goods")
    g.spend(seat, {k: min(v, p.res[k]) for k, v in goods.items()}, why="trade")


def trade_options(g: ArchitectsGame, seat: int) -> list[Option]:
    p = g.players[seat]
    opts = []

    def payable(goods: dict[str, int]) -> bool:
        return goods_influence(g, seat, goods) <= p.influence

    # 2 of Clay/Wood/Stone for 1 Virtue, 3 of Wood/Stone for 1 Marble: each mix is its own option
    for n in range(3):
        for b in range(3 - n):
            d = 2 - n - b
            if payable({"clay": n, "wood": b, "stone": d}):
                opts.append(opt(f"virtue:{n}.{b}.{d}", "architects.opt.trade_virtue", group="virtue"))
    for b in range(4):
        d = 3 - b
        if payable({"wood": b, "stone": d}):
            opts.append(opt(f"marble:{b}.{d}", "architects.opt.trade_marble", group="marble"))
    table = g.apprentice_table
    for a in sorted(set(p.apprentices)):
        card = table[a]
        if card.ability != "trade":
            continue
        pay = card.pay
        goods = {k: v for k, v in pay.items() if k != "silver"}
        used = goods_influence(g, seat, goods)
        if used <= p.influence and wonders.can_pay(g, seat, pay.get("silver", 0), influence_used=used):
            opts.append(opt(f"app:{a}", "architects.opt.trade_apprentice", card=a, group="apprentice"))
    return opts


def kings_storehouse(g: ArchitectsGame, seat: int, w: int) -> Flow:
    trades = w + g.count(seat, "storehouse_extra")
    for k in range(trades):
        opts = trade_options(g, seat)
        if not opts:
            return
        opts.append(opt(DONE, "architects.opt.done"))
        pick = yield from g.choose(
            seat, "architects.prompt.trade", opts, default=DONE, params={"left": trades - k}
        )
        if pick == DONE:
            return
        kind, _, detail = pick.partition(":")
        if kind == "virtue":
            a, b, d = (int(x) for x in detail.split("."))
            yield from pay_trade_goods(g, seat, {"clay": a, "wood": b, "stone": d})
            yield from g.gain(seat, {"virtue": 1}, "trade")
        elif kind == "marble":
            b, d = (int(x) for x in detail.split("."))
            yield from pay_trade_goods(g, seat, {"wood": b, "stone": d})
            yield from g.gain(seat, {"marble": 1}, "trade")
        else:
            card = g.apprentice(detail)
            pay = card.pay
            goods = {k: v for k, v in pay.items() if k != "silver"}
            if goods_influence(g, seat, goods):
                yield from pay_trade_goods(g, seat, goods)
                goods = {}
            yield from wonders.pay(g, seat, pay.get("silver", 0), "trade", goods=goods)
            yield from g.gain(seat, card.gain, "trade")


# ---------------------------------------------------------------------------------- workshop
def hire_price(g: ArchitectsGame, seat: int, col: int, w: int) -> tuple[int, int, int]:
    """(Silver to the supply, coins left on skipped cards, Tax) to hire from a column (0-based)."""
    silver = max(0, HIRE_SILVER - (1 if g.ability(seat) == "cheap_hire" else 0))
    skip = max(0, col + 1 - min(w, g.cols))
    return silver, skip, g.tax_due(seat, HIRE_TAX)


def workshop(g: ArchitectsGame, seat: int, w: int) -> Flow:
    p = g.players[seat]
    draws = 1 + w // 2
    opts = [opt("draw", "architects.opt.draw_buildings", cost=draws)]
    for r in range(DISPLAY_ROWS):
        for c in range(g.cols):
            card = g.display[r][c]
            if card is None:
                continue
            silver, skip, tax = hire_price(g, seat, c, w)
            if wonders.can_pay(g, seat, silver, skip + tax):
                opts.append(
                    opt(
                        f"hire:{r}.{c}",
                        "architects.opt.hire",
                        card=card,
                        group=f"row{r}",
                        cost=silver + skip + tax,
                    )
                )
    pick = yield from g.choose(seat, "architects.prompt.workshop", opts, default="draw")
    if pick == "draw":
        g.draw(seat, draws, "workshop")
        return
    r, c = (int(x) for x in pick[5:].split("."))
    silver, skip, tax = hire_price(g, seat, c, w)
    yield from wonders.pay(g, seat, silver, "hire", tax=tax, reserve=skip)
    # one coin per column beyond reach is laid on the cards of that row, leftmost first
    p.silver -= skip
    for k in range(skip):
        g.coins[r][k] += 1
    if skip:
        g.emit("coins_on_display", seat, row=r, count=skip)
    yield from g.hire(seat, r, c, "workshop")


# ---------------------------------------------------------------------------------- town centre
def capture_groups(g: ArchitectsGame, seat: int, used: list[str]) -> list[tuple[str, int]]:
    """(location, owner) groups a capture may take, given the locations used this action."""
    limit = 2 if g.n <= 3 else 1
    out = []
    for loc in ORDINARY:
        if len(used) >= limit and loc not in used:
            continue
        for owner in range(g.n):
            if g.at[loc][owner]:
                out.append((loc, owner))
    return out


def capture(g: ArchitectsGame, seat: int, loc: str, owner: int) -> None:
    n = g.at[loc][owner]
    g.at[loc][owner] = 0
    if owner == seat:
        g.players[seat].supply += n
    else:
        g.players[seat].captives[owner] += n
    g.emit("capture", seat, location=loc, owner=owner, count=n)


def captures(g: ArchitectsGame, seat: int, count: int, free: bool) -> Flow:
    """Up to `count` captures; at the Town Centre the first costs 1 Tax and the others 1 Silver."""
    used: list[str] = []
    discount = g.count(seat, "capture_discount")
    for k in range(count):
        if free:
            silver, tax = 0, 0
        elif k == 0:
            silver, tax = 0, g.tax_due(seat, 1)
        else:
            silver, tax = max(0, 1 - discount), 0
        if not wonders.can_pay(g, seat, silver, tax):
            return
        groups = capture_groups(g, seat, used)
        if not groups:
            return
        opts = [
            opt(
                f"cap:{loc}:{owner}",
                "architects.opt.capture",
                card=loc,
                group=str(owner),
                cost=g.at[loc][owner],
            )
            for loc, owner in groups
        ]
        opts.append(opt(DONE, "architects.opt.done"))
        pick = yield from g.choose(
            seat,
            "architects.prompt.capture",
            opts,
            default=DONE,
            params={"left": count - k, "silver": silver, "tax": tax},
        )
        if pick == DONE:
            return
        _, loc, owner = pick.split(":")
        if silver or tax:
            yield from wonders.pay(g, seat, silver, "capture", tax=tax)
        if loc not in used:
            used.append(loc)
        capture(g, seat, loc, int(owner))
        if g.wow is not None:
            yield from wonders.after_capture(g, seat, loc, int(owner))


def town_centre(g: ArchitectsGame, seat: int, w: int) -> Flow:
    yield from captures(g, seat, w, free=False)


# ---------------------------------------------------------------------------------- guardhouse
def imprison(g: ArchitectsGame, seat: int) -> Flow:
    p = g.players[seat]
    total = sum(p.captives)
    for owner in range(g.n):
        g.prison[owner] += p.captives[owner]
        p.captives[owner] = 0
    g.emit("imprison", seat, count=total)
    gains = {"silver": total + (2 if g.ability(seat) == "imprison_silver" else 0)}
    for extra in g.apprentice_gains(seat, "imprison_bonus"):
        gains = add(gains, extra)
    yield from g.gain(seat, gains, "imprison")


def release(g: ArchitectsGame, seat: int, most: int | None = None) -> int:
    n = g.prison[seat] if most is None else min(most, g.prison[seat])
    g.prison[seat] -= n
    g.players[seat].supply += n
    if n:
        g.emit("release", seat, count=n)
    return n


def rescue(g: ArchitectsGame, seat: int) -> int:
    n = 0
    for q in g.players:
        if q.seat != seat and q.captives[seat]:
            n += q.captives[seat]
            q.captives[seat] = 0
    g.players[seat].supply += n
    g.emit("rescue", seat, count=n)
    return n


def guard_options(g: ArchitectsGame, seat: int) -> list[Option]:
    p = g.players[seat]
    opts = []
    if sum(p.captives):
        opts.append(opt("imprison", "architects.opt.imprison", cost=sum(p.captives)))
    if g.prison[seat]:
        opts.append(opt("release", "architects.opt.release", cost=g.prison[seat]))
    if g.held_by_others(seat):
        if wonders.can_pay(g, seat, 3, g.tax_due(seat, 2)):
            opts.append(opt("rescue_pay", "architects.opt.rescue_pay", cost=3 + g.tax_due(seat, 2)))
        opts.append(opt("rescue_debt", "architects.opt.rescue_debt"))
    if p.debts and wonders.can_pay(g, seat, 3, g.tax_due(seat, 3)):
        opts.append(opt("pay_debt", "architects.opt.pay_debt", cost=3 + g.tax_due(seat, 3)))
    return opts


def guardhouse(g: ArchitectsGame, seat: int, w: int) -> Flow:
    p = g.players[seat]
    for k in range(w):
        opts = guard_options(g, seat)
        if not opts:
            return
        opts.append(opt(DONE, "architects.opt.done"))
        pick = yield from g.choose(
            seat, "architects.prompt.guardhouse", opts, default=DONE, params={"left": w - k}
        )
        if pick == DONE:
            return
        if pick == "imprison":
            yield from imprison(g, seat)
        elif pick == "release":
            release(g, seat)
        elif pick == "rescue_pay":
            yield from wonders.pay(g, seat, 3, "rescue", tax=g.tax_due(seat, 2))
            rescue(g, seat)
        elif pick == "rescue_debt":
            rescue(g, seat)
            yield from g.take_debt(seat, "rescue")
            yield from g.change_virtue(seat, -1, "rescue")
        else:
            yield from wonders.pay(g, seat, 3, "pay_debt", tax=g.tax_due(seat, 3))
            p.debts -= 1
            p.paid += 1
            g.emit("debt_paid", seat)
            yield from g.change_virtue(seat, 1, "pay_debt")
            for extra in g.apprentice_gains(seat, "debt_paid_bonus"):
                yield from g.gain(seat, extra, "debt_collector")


# ---------------------------------------------------------------------------------- tax stand
def tax_stand(g: ArchitectsGame, seat: int, w: int) -> Flow:
    loss = max(0, 2 - g.count(seat, "tax_stand_virtue"))
    taken = g.tax
    g.tax = 0
    g.players[seat].silver += taken
    g.emit("gain", seat, why="tax_stand", goods={"silver": taken})
    yield from g.gain(seat, bonus(g, seat, "tax_stand"), "tax_stand")
    yield from g.change_virtue(seat, -loss, "tax_stand")


ACTIONS = {
    "mines": mines,
    "quarry": quarry,
    "forest": forest,
    "silversmith": silversmith,
    "kings_storehouse": kings_storehouse,
    "workshop": workshop,
    "town_centre": town_centre,
    "guardhouse": guardhouse,
    "tax_stand": tax_stand,
}
