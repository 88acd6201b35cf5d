"""The Black Market (three spaces for players of Virtue 9 or less) and the Black Market Reset."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.flow import Flow
from engine.core.prompts import Option
from engine.games.architects import actions, wonders
from engine.games.architects.asks import opt
from engine.games.architects.data import board

if TYPE_CHECKING:
    from engine.games.architects.game import ArchitectsGame

KEEP_OF = 5  # the centre space: draw 5 Buildings, keep 1


def price(g: ArchitectsGame, seat: int, space: int) -> int:
    base = board().black_market.silver[space]
    return max(0, base - g.count(seat, "market_discount"))


def small_face(g: ArchitectsGame) -> dict[str, int]:
    data = board().black_market
    return dict(data.cards[g.small[-1] - 1].small) if g.small else dict(data.empty_small)


def large_face(g: ArchitectsGame) -> dict[str, int]:
    data = board().black_market
    return dict(data.cards[g.large[-1] - 1].large) if g.large else dict(data.empty_large)


def placements(g: ArchitectsGame, seat: int) -> list[Option]:
    p = g.players[seat]
    if None not in g.market:
        return []
    if p.virtue > board().black_market_max_virtue and g.ability(seat) != "zesiro":
        return []
    off = g.count(seat, "market_discount")
    means = p.silver + (wonders.sub_capacity(g, seat) if g.wow is not None else 0)
    out = []
    for i, base in enumerate(board().black_market.silver):
        if g.market[i] is None:
            cost = max(0, base - off)
            if means >= cost:
                out.append(
                    opt(f"market:{i}", f"architects.opt.market_{i}", "black_market", "black_market", cost)
                )
    return out


def visit(g: ArchitectsGame, seat: int, space: int) -> Flow:
    g.market[space] = seat
    g.emit("place", seat, location="black_market", space=space)
    yield from wonders.pay(g, seat, price(g, seat, space), "black_market")
    if not g.count(seat, "market_no_virtue"):
        yield from g.change_virtue(seat, -1, "black_market")
    if space == 0:
        yield from g.gain(seat, small_face(g), "black_market")
    elif space == 2:
        yield from g.gain(seat, large_face(g), "black_market")
    else:
        yield from centre(g, seat)
    yield from g.gain(seat, actions.bonus(g, seat, "black_market"), "swindler")
    if g.ability(seat) == "market_draw":
        g.draw(seat, 1, "caroline")
    if all(s is not None for s in g.market):
        g.pending_resets += 1  # after the action resolves


def centre(g: ArchitectsGame, seat: int) -> Flow:
    """Hire any face-up Apprentice without paying, or look at 5 Buildings and keep one."""
    opts = g.display_options(seat, "hire:")
    if g.deck:
        opts.append(opt("look", "architects.opt.look_buildings", cost=min(KEEP_OF, len(g.deck))))
    if not opts:
        return
    pick = yield from g.choose(seat, "architects.prompt.market_centre", opts)
    if pick != "look":
        r, c = (int(x) for x in pick[5:].split("."))
        yield from g.hire(seat, r, c, "black_market")
        return
    seen = sorted(g.deck.pop() for _ in range(min(KEEP_OF, len(g.deck))))
    g.emit("look", seat, count=len(seen))
    g.emit("looked", seat, to=seat, cards=list(seen))
    opts = [opt(f"card:{i}", "architects.opt.card", card=c) for i, c in enumerate(seen)]
    keep = yield from g.choose(seat, "architects.prompt.keep_one", opts)
    kept = seen.pop(int(keep.split(":")[1]))
    for card in seen:
        g.deck.insert(0, card)
    g.add_to_hand(seat, [kept], "black_market")


def reset(g: ArchitectsGame) -> Flow:
    """Black Market Reset: workers to Prison, a new card, Reset abilities, then the penalties."""
    for i, s in enumerate(g.market):
        if s is not None:
            g.prison[s] += 1
            g.market[i] = None
    if not g.small and g.large:  # the left pile ran out: shuffle the right pile into it
        pile = list(g.large)
        g.large = []
        g.rng.shuffle(pile)
        g.small = pile
    if g.small:
        g.large.append(g.small.pop())
    g.emit("reset", small=small_face(g), large=large_face(g))
    # abilities before the penalties (so a release can dodge them), seats from the current one
    start = g.order.index(g.current)
    seats = [g.order[(start + k) % g.n] for k in range(g.n)]
    if g.wow is not None:  # Works of Wonder: the Profiteer, the Princess, Contributions (steps 4-8)
        yield from wonders.reset_steps(g, seats)
    for seat in seats:
        for _ in range(g.count(seat, "reset_release")):
            actions.release(g, seat, 2)
        if g.ability(seat) == "reset_free_one" and g.prison[seat]:
            free = yield from g.yes_no(seat, "architects.prompt.fara_release")
            if free:
                actions.release(g, seat, 1)
        if g.prison[seat] == 0:
            for gain in g.apprentice_gains(seat, "reset_clean_bonus"):
                yield from g.gain(seat, gain, "squire")
        for gain in g.apprentice_gains(seat, "reset_gain"):
            yield from g.gain(seat, gain, "peddler")
        yield from g.reset_ability(seat)
    for seat in seats:
        if g.prison[seat] >= 3:
            yield from g.change_virtue(seat, -1, "prison")
    most = max(g.prison)
    if most > 0:
        for seat in seats:
            if g.prison[seat] == most:
                yield from g.take_debt(seat, "prison")
