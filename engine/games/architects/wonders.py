"""Works of Wonder: Influence, the Princess and the Profiteer, Contributions and their
Consequences, the longer Black Market Reset, Wonders, the most-Influence bonus and the six new
player boards. Every function here runs only when the option is on (`g.wow` is the game's data).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.flow import Flow
from engine.core.prompts import Option
from engine.games.architects.asks import opt
from engine.games.architects.data import GOODS, board
from engine.games.architects.wow_data import Contribution, WowData

if TYPE_CHECKING:
    from engine.games.architects.game import ArchitectsGame

SILVER_PER_SUB = 2  # 2 Influence cover up to 2 Silver
INFLUENCE_PER_SILVER_SUB = 2
INFLUENCE_PER_VIRTUE = 2  # 2 Influence spare 1 Virtue
INFLUENCE_PER_PRECIOUS = 4  # 4 Influence stand for 1 Gold or 1 Marble
PRECIOUS = ("gold", "marble")


def data(g: ArchitectsGame) -> WowData:
    assert g.wow is not None
    return g.wow


# ---------------------------------------------------------------------------------- setup
def setup(g: ArchitectsGame) -> None:
    """Every Reward card in play, Wonders beside the board, the first Consequence and the figures."""
    d = data(g)
    rewards = sorted(f"{rw.id}#{k}" for rw in board().rewards for k in range(rw.copies))
    rewards += sorted(f"{rw.id}#{k}" for rw in d.rewards for k in range(rw.copies))
    g.rng.shuffle(rewards)
    g.rewards = rewards
    g.wonder_res = {w.id: 0 for w in d.wonders}
    g.wonder_owner = {w.id: None for w in d.wonders}
    g.markers = {}
    new_contribution_deck(g)


def new_contribution_deck(g: ArchitectsGame) -> None:
    """All cards shuffled Contribution side up; the top one turns to its Consequence side."""
    deck = sorted(c.id for c in data(g).contributions)
    g.rng.shuffle(deck)
    g.contrib_deck = deck
    g.consequences = []
    flip_consequence(g)


def flip_consequence(g: ArchitectsGame) -> None:
    card = g.contrib_deck.pop()
    g.consequences.append(card)
    c = data(g).contribution(card)
    g.profiteer, g.princess = c.profiteer_at, c.princess_at
    g.emit("consequence", card=card, princess_at=g.princess, profiteer_at=g.profiteer)


def current_contribution(g: ArchitectsGame) -> Contribution | None:
    return data(g).contribution(g.contrib_deck[-1]) if g.contrib_deck else None


def consequence(g: ArchitectsGame) -> Contribution:
    return data(g).contribution(g.consequences[-1])


def board_ability(g: ArchitectsGame, architect: str) -> str | None:
    b = data(g).board(architect)
    return b.ability if b is not None else None


# ---------------------------------------------------------------------------------- Influence
def change_influence(g: ArchitectsGame, seat: int, delta: int, why: str, imposed: bool = False) -> Flow:
    """Gains stop at the top (the rest is lost); crossing 4->5 or 8->9 upwards draws a Building.
    An imposed loss (a Consequence) may be ignored by Louis for 2 Silver."""
    if delta == 0:
        return
    p = g.players[seat]
    track = data(g).influence
    old = p.influence
    if delta < 0 and imposed and g.ability(seat) == "louis" and p.silver >= 2 and old > 0:
        ignore = yield from g.yes_no(seat, "architects.prompt.louis_ignore", {"influence": -delta})
        if ignore:
            g.spend(seat, {}, silver=2, why="louis")
            return
    new = max(0, min(track.max, old + delta))
    if new == old:
        return
    p.influence = new
    g.emit("influence", seat, why=why, delta=new - old, value=new)
    for mark in track.card_at:
        if old < mark <= new:
            g.draw(seat, 1, "influence")


def sub_capacity(g: ArchitectsGame, seat: int, influence_used: int = 0) -> int:
    """Silver that Influence (and a credit left this turn) can still cover, once
    `influence_used` points have gone on another part of the same payment."""
    left = g.players[seat].influence - influence_used
    return g.credit[seat] + SILVER_PER_SUB * (left // INFLUENCE_PER_SILVER_SUB)


def can_pay(g: ArchitectsGame, seat: int, silver: int, real: int = 0, influence_used: int = 0) -> bool:
    """Can the seat pay `silver` (Influence may cover it) and `real` (Tax, coins: Silver only)?"""
    have = g.players[seat].silver
    if g.wow is None:
        return have >= silver + real
    return have >= real and have + sub_capacity(g, seat, influence_used) >= silver + real


def pay(
    g: ArchitectsGame,
    seat: int,
    silver: int,
    why: str,
    tax: int = 0,
    goods: dict[str, int] | None = None,
    reserve: int = 0,
) -> Flow:
    """A payment of goods, Silver and Tax: without the expansion a plain `spend`; with it the
    Silver part may be covered by Influence (keeping `reserve` Silver for what must be coins)."""
    if g.wow is None or silver == 0:
        g.spend(seat, goods or {}, silver=silver, tax=tax, why=why)
        return
    if goods or tax:
        g.spend(seat, goods or {}, tax=tax, why=why)
    yield from pay_silver(g, seat, silver, why, reserve)


def pay_silver(g: ArchitectsGame, seat: int, amount: int, why: str, reserve: int = 0) -> Flow:
    """Pay Silver (never Tax), covering part with a credit left from an earlier 2-Influence
    substitution this turn, or with new substitutions (the player picks how many)."""
    p = g.players[seat]
    from_credit = min(g.credit[seat], amount)
    g.credit[seat] -= from_credit
    left = amount - from_credit
    if from_credit:
        g.emit("influence_credit", seat, silver=from_credit)
    most = min((left + 1) // SILVER_PER_SUB, p.influence // INFLUENCE_PER_SILVER_SUB)
    least = 0
    while p.silver - reserve < left - SILVER_PER_SUB * least:
        least += 1
    subs = least
    if most > least:
        opts = [
            opt(f"sub:{k}", "architects.opt.influence_for_silver", cost=INFLUENCE_PER_SILVER_SUB * k)
            for k in range(least, most + 1)
        ]
        pick = yield from g.choose(
            seat, "architects.prompt.influence_for_silver", opts, default=opts[0].id, params={"silver": left}
        )
        subs = int(pick.split(":")[1])
    if subs:
        yield from change_influence(g, seat, -INFLUENCE_PER_SILVER_SUB * subs, "for_silver")
        covered = min(left, SILVER_PER_SUB * subs)
        g.credit[seat] += SILVER_PER_SUB * subs - covered
        left -= covered
    if left:
        g.spend(seat, {}, silver=left, why=why)


def spare_virtue(g: ArchitectsGame, seat: int, loss: int) -> Flow:
    """How many of `loss` Virtue points the player spares with 2 Influence each (asked)."""
    p = g.players[seat]
    most = min(loss, p.influence // INFLUENCE_PER_VIRTUE)
    if most == 0:
        return 0
    opts = [
        opt(f"spare:{k}", "architects.opt.influence_for_virtue", cost=INFLUENCE_PER_VIRTUE * k)
        for k in range(most + 1)
    ]
    pick = yield from g.choose(
        seat, "architects.prompt.influence_for_virtue", opts, default="spare:0", params={"virtue": loss}
    )
    spared = int(pick.split(":")[1])
    if spared:
        yield from change_influence(g, seat, -INFLUENCE_PER_VIRTUE * spared, "for_virtue")
    return spared


# ---------------------------------------------------------------------------------- placing
def on_place(g: ArchitectsGame, seat: int, loc: str) -> Flow:
    """Before a location's action: the own-Wonder bonus, Arnulf's Princess, the Profiteer's
    Influence (and Charles's Silver). Returns how many workers the action counts in addition."""
    extra = 0
    wonder = g.markers.get(loc)
    if wonder is not None and g.wonder_owner[wonder] == seat:
        opts = [
            opt("wonder_worker", "architects.opt.wonder_worker", card=wonder),
            opt("wonder_influence", "architects.opt.wonder_influence", card=wonder),
        ]
        pick = yield from g.choose(seat, "architects.prompt.wonder_visit", opts, default="wonder_worker")
        if pick == "wonder_worker":
            extra += 1
        else:
            yield from change_influence(g, seat, 1, "wonder")
    knights = g.apprentice_gains(seat, "place_influence", loc)  # Knights and Diplomats
    if knights:
        yield from change_influence(g, seat, len(knights), "knight")
    if loc == g.princess and g.ability(seat) == "princess_worker":
        extra += 1
    if loc == g.profiteer:
        yield from change_influence(g, seat, 1, "profiteer")
        if g.ability(seat) == "profiteer_silver":
            yield from g.gain(seat, {"silver": 1}, "charles")
    return extra


def contribution_options(g: ArchitectsGame, seat: int) -> list[Option]:
    card = current_contribution(g)
    if card is None:
        return []
    p = g.players[seat]
    return [
        opt(f"give:{r}", "architects.opt.contribute", card=r, cost=1)
        for r in GOODS
        if r not in g.on_card and p.res[r] >= 1
    ]


def after_action(g: ArchitectsGame, seat: int, loc: str) -> Flow:
    """At the Princess location, once the action is over: one Contribution, if the player wants."""
    if loc != g.princess:
        return
    opts = contribution_options(g, seat)
    if not opts:
        return
    opts.append(opt("no", "architects.opt.no"))
    pick = yield from g.choose(seat, "architects.prompt.contribute", opts, default="no")
    if pick != "no":
        yield from contribute(g, seat, pick.split(":")[1])


def contribute(g: ArchitectsGame, seat: int, res: str) -> Flow:
    """One resource from the player's own supply (never substituted) onto the card; its reward at
    once; the fifth resource calls a Black Market Reset after the action."""
    card = current_contribution(g)
    assert card is not None and res not in g.on_card
    g.spend(seat, {res: 1}, why="contribution")
    g.on_card.append(res)
    g.emit("contribute", seat, resource=res)
    yield from g.gain(seat, card.contribute[res], "contribution")  # type: ignore[index]
    if len(g.on_card) == len(GOODS):
        g.pending_resets += 1


def after_capture(g: ArchitectsGame, seat: int, loc: str, owner: int) -> Flow:
    """Capturing a rival group at the Princess costs 1 Virtue; at the Profiteer it gives 1."""
    if owner == seat:
        return
    if loc == g.princess:
        yield from g.change_virtue(seat, -1, "princess_capture")
    elif loc == g.profiteer:
        yield from g.change_virtue(seat, 1, "profiteer_capture")


# ---------------------------------------------------------------------------------- Reset
def reset_steps(g: ArchitectsGame, seats: list[int]) -> Flow:
    """Steps 4 to 8 of the Black Market Reset; `seats` run clockwise from whoever triggered it."""
    cons = consequence(g)
    # 3. Aristocrats (a worker at the Princess) and Street Urchins (at the Profiteer)
    for seat in seats:
        for ability, loc in (("reset_princess", g.princess), ("reset_profiteer", g.profiteer)):
            if g.at[loc][seat]:
                for gain in g.apprentice_gains(seat, ability):
                    yield from g.gain(seat, gain, ability)
    # 4. the Profiteer: every player there suffers the Consequence; all workers there to Prison
    loc = g.profiteer
    for seat in seats:
        if g.at[loc][seat]:
            yield from suffer(g, seat, cons.profiteer)
    for seat in seats:
        n = g.at[loc][seat]
        if n:
            g.at[loc][seat] = 0
            g.prison[seat] += n
            g.emit("imprisoned", seat, location=loc, count=n)
    # 5. the Princess: the majority (every tied player) takes the reward
    here = g.at[g.princess]
    most = max(here)
    if most > 0:
        for seat in seats:
            if here[seat] == most:
                yield from princess_reward(g, seat, cons.princess)
    # 6. contributed resources go onto their unbuilt Wonders
    for res in g.on_card:
        wonder = next(w for w in data(g).wonders if w.resource == res)
        if g.wonder_owner[wonder.id] is None:
            g.wonder_res[wonder.id] += 1
    if g.on_card:
        g.emit("contributions_moved", resources=list(g.on_card))
    g.on_card = []
    # 7. a new Consequence (all 7 reshuffled when none is left to flip), 8. the figures move
    if g.contrib_deck:
        flip_consequence(g)
    else:
        new_contribution_deck(g)


def suffer(g: ArchitectsGame, seat: int, loss: dict[str, int]) -> Flow:
    for _ in range(loss.get("debt", 0)):
        yield from g.take_debt(seat, "profiteer")
    if loss.get("influence"):
        yield from change_influence(g, seat, loss["influence"], "profiteer", imposed=True)
    if loss.get("virtue"):
        yield from g.change_virtue(seat, loss["virtue"], "profiteer")


def princess_reward(g: ArchitectsGame, seat: int, options: tuple[dict[str, int], ...]) -> Flow:
    pick = 0
    if len(options) > 1:
        # the group spells the reward ("influence=2"), for the table to show
        opts = [
            opt(
                f"reward:{i}",
                "architects.opt.princess_reward",
                group=",".join(f"{k}={v}" for k, v in o.items()),
            )
            for i, o in enumerate(options)
        ]
        answer = yield from g.choose(seat, "architects.prompt.princess_reward", opts, default="reward:0")
        pick = int(answer.split(":")[1])
    yield from g.gain(seat, options[pick], "princess")


def take_reward(g: ArchitectsGame, seat: int) -> Flow:
    """The top Reward card (none left: 1 Virtue, as at the Cathedral)."""
    if g.rewards:
        reward = g.rewards.pop()
        g.emit("reward", seat, card=reward)
        yield from g.gain(seat, reward_gain(g, reward), "reward")
    else:
        yield from g.change_virtue(seat, 1, "reward")


def reward_gain(g: ArchitectsGame, reward: str) -> dict[str, int]:
    rid = reward.split("#")[0]
    for rw in board().rewards:
        if rw.id == rid:
            return dict(rw.gain)
    assert g.wow is not None
    return dict(next(rw for rw in g.wow.rewards if rw.id == rid).gain)


# ---------------------------------------------------------------------------------- Wonders
def wonder_need(g: ArchitectsGame, wonder_id: str) -> int:
    """Resources still to pay: each one contributed onto the Wonder takes one off."""
    return max(0, data(g).wonder(wonder_id).amount - g.wonder_res[wonder_id])


def wonder_ways(g: ArchitectsGame, seat: int, wonder_id: str) -> list[int]:
    """How many of the resources the player may cover with Influence (4 per Gold or Marble, 1
    per resource a Charlatan covers), every way that pays the whole Wonder; empty: too dear."""
    w = data(g).wonder(wonder_id)
    p = g.players[seat]
    if g.wonder_owner[wonder_id] is not None or p.influence < w.influence:
        return []
    if p.silver < g.tax_due(seat, w.tax):
        return []
    need = wonder_need(g, wonder_id)
    have = p.res[w.resource]
    per = per_unit(g, seat, w.resource)
    most_subs = (p.influence - w.influence) // per if per else 0
    return [k for k in range(min(most_subs, need) + 1) if have >= need - k]


def per_unit(g: ArchitectsGame, seat: int, resource: str) -> int:
    """Influence that stands for 1 of a Wonder's resource (0: none may)."""
    from engine.games.architects import guildhall

    if resource in guildhall.charlatan(g, seat):
        return 1
    return INFLUENCE_PER_PRECIOUS if resource in PRECIOUS else 0


def wonder_options(g: ArchitectsGame, seat: int) -> list[Option]:
    if g.wow is None:
        return []
    return [
        opt(f"wonder:{w.id}", "architects.opt.build_wonder", card=w.id, group="wonder")
        for w in data(g).wonders
        if wonder_ways(g, seat, w.id)
    ]


def build_wonder(g: ArchitectsGame, seat: int, wonder_id: str) -> Flow:
    """Pay Influence, Tax and the resource; +2 Virtue; place the marker; every building hook."""
    from engine.games.architects import guildhall

    w = data(g).wonder(wonder_id)
    p = g.players[seat]
    ways = wonder_ways(g, seat, wonder_id)
    subs = ways[0]
    if len(ways) > 1:
        per = per_unit(g, seat, w.resource)
        opts = [opt(f"subs:{k}", "architects.opt.influence_for_precious", cost=per * k) for k in ways]
        pick = yield from g.choose(seat, "architects.prompt.wonder_payment", opts, default=opts[0].id)
        subs = int(pick.split(":")[1])
    need = wonder_need(g, wonder_id)
    yield from change_influence(g, seat, -(w.influence + per_unit(g, seat, w.resource) * subs), "wonder")
    g.spend(seat, {w.resource: need - subs}, tax=g.tax_due(seat, w.tax), why="wonder")
    g.wonder_owner[wonder_id] = seat
    g.wonder_res[wonder_id] = 0  # what lay on it goes back to the supply
    p.wonders.append(wonder_id)
    g.emit("build_wonder", seat, card=wonder_id)
    yield from g.change_virtue(seat, data(g).wonder_virtue, "wonder")
    free = [loc for loc in data(g).marker_locations if loc not in g.markers]
    opts = [opt(f"marker:{loc}", f"architects.loc.{loc}", card=loc) for loc in free]
    pick = yield from g.choose(seat, "architects.prompt.wonder_marker", opts)
    g.markers[pick.split(":")[1]] = wonder_id
    g.emit("wonder_marker", seat, card=wonder_id, location=pick.split(":")[1])
    yield from guildhall.after_building(g, seat)


# ---------------------------------------------------------------------------------- the end
def most_influence_bonus(g: ArchitectsGame) -> Flow:
    """4 Gold to the most Influence; tied players share them evenly (the remainder stays)."""
    values = [p.influence for p in g.players]
    top = max(values)
    tied = [s for s in g.order if values[s] == top]
    each = data(g).influence.most_bonus_gold // len(tied)
    for seat in tied:
        if each:
            yield from g.gain(seat, {"gold": each}, "most_influence")


def wonder_vp(g: ArchitectsGame, seat: int) -> int:
    if g.wow is None:
        return 0
    return sum(g.wow.wonder(w).vp for w in g.players[seat].wonders)


def public(g: ArchitectsGame) -> dict[str, object]:
    card = current_contribution(g)
    return {
        "princess": g.princess,
        "profiteer": g.profiteer,
        "consequence": g.consequences[-1],
        # the Contribution side is face up; the card's other side is not shown
        "contribution": None if card is None else {r: dict(v) for r, v in card.contribute.items()},
        "on_card": list(g.on_card),
        "contribution_deck": len(g.contrib_deck),
        "wonders": {
            w.id: {"owner": g.wonder_owner[w.id], "resources": g.wonder_res[w.id]} for w in data(g).wonders
        },
        "markers": dict(g.markers),
    }
