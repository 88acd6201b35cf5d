"""The Guildhall: its spaces and their triggers, building from the hand, the Cathedral, and the
immediate effects of Buildings."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from engine.core.flow import Flow
from engine.games.architects import actions, payment, wonders
from engine.games.architects.asks import opt
from engine.games.architects.data import GOODS, Building, apprentices, board, buildings
from engine.games.architects.state import DISPLAY_ROWS

if TYPE_CHECKING:
    from engine.games.architects.game import ArchitectsGame

CATHEDRAL = "cathedral"


# ---------------------------------------------------------------------------------- spaces
def room(g: ArchitectsGame) -> bool:
    """A free space, or (when that rule is on) a full Guildhall during the final turns."""
    if len(g.guildhall) < g.guildhall_size:
        return True
    return g.final_left is not None and bool(g.options["guildhall_after_end"])


def can_enter(g: ArchitectsGame, seat: int) -> bool:
    if not room(g):
        return False
    if buildable(g, seat) or can_climb(g, seat):
        return True
    return g.wow is not None and bool(wonders.wonder_options(g, seat))


def land(g: ArchitectsGame, seat: int) -> Flow:
    """A worker (already taken from the supply) takes the next space; its trigger fires at once."""
    g.guildhall.append(seat)
    k = len(g.guildhall)
    r = g.row
    g.emit("place", seat, location="guildhall", space=k)
    if k > g.guildhall_size:
        return  # beyond the last space in the final turns: no trigger
    if k in (3, r + 3, 2 * r + 3):
        refresh(g)
    if k in (2 * r + 1, 3 * r + 1):
        from engine.games.architects import market

        yield from market.reset(g)
    if k == g.guildhall_size:
        g.trigger_end(seat)


def refresh(g: ArchitectsGame) -> None:
    """Column 1 of the apprentice display leaves, both rows slide left, column 4 is refilled."""
    gone = []
    for r in range(DISPLAY_ROWS):
        card = g.display[r][0]
        if card is not None:
            gone.append(card)
            g.app_deck.insert(0, card)
        g.coins[r][0] = 0  # coins on a discarded card go back to the supply
        for c in range(g.cols - 1):
            g.display[r][c] = g.display[r][c + 1]
            g.coins[r][c] = g.coins[r][c + 1]
        g.display[r][g.cols - 1] = None
        g.coins[r][g.cols - 1] = 0
    for r in range(DISPLAY_ROWS):
        g.refill_slot(r, g.cols - 1)
    g.emit("display_refresh", discarded=gone)


def enter(g: ArchitectsGame, seat: int) -> Flow:
    yield from land(g, seat)
    yield from act(g, seat)


def act(g: ArchitectsGame, seat: int) -> Flow:
    """Build one Building from the hand, or work on the Cathedral (either may have become
    impossible through the space's trigger: then nothing happens)."""
    p = g.players[seat]
    opts = [opt(f"build:{i}", "architects.opt.build", card=c, group="build") for i, c in buildable(g, seat)]
    if can_climb(g, seat):
        opts.append(opt(CATHEDRAL, "architects.opt.cathedral", card=CATHEDRAL, group="cathedral"))
    opts.extend(wonders.wonder_options(g, seat))  # Works of Wonder: a Wonder instead of a Building
    if not opts:
        g.emit("no_action", seat)
        return
    pick = yield from g.choose(seat, "architects.prompt.guildhall", opts)
    if pick == CATHEDRAL:
        yield from climb(g, seat)
    elif pick.startswith("wonder:"):
        yield from wonders.build_wonder(g, seat, pick.split(":")[1])
    else:
        yield from build(g, seat, p.hand[int(pick.split(":")[1])])


# ---------------------------------------------------------------------------------- building
@lru_cache(maxsize=4096)
def skills_held(hired: tuple[str, ...]) -> frozenset[str]:
    """The skills a set of hired Apprentices covers (few distinct teams occur: cached)."""
    table = apprentices()
    return frozenset(s for a in hired for s in table[a].skills)


@lru_cache(maxsize=4096)
def sorted_skills(hired: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(skills_held(hired)))


def skills_of(g: ArchitectsGame, seat: int) -> frozenset[str]:
    hired = g.players[seat].apprentices
    if g.custom_cards:  # a server's values: skills from this game's own table
        table = g.apprentice_table
        return frozenset(s for a in hired for s in table[a].skills)
    return skills_held(tuple(hired))


def sorted_skills_of(g: ArchitectsGame, seat: int) -> tuple[str, ...]:
    if g.custom_cards:
        return tuple(sorted(skills_of(g, seat)))
    return sorted_skills(tuple(g.players[seat].apprentices))


def ways_to_pay(
    g: ArchitectsGame, seat: int, cost: dict[str, int], flex: tuple[int, tuple[str, ...]] | None = None
) -> list[payment.Vec]:
    ability = g.ability(seat)
    res = g.players[seat].res
    if influence_pays(g, seat):
        # Works of Wonder: 4 Influence for each Gold or Marble the player lacks, 1 for each
        # resource a Charlatan covers
        influence = g.players[seat].influence
        cheap = charlatan(g, seat)
        more = dict(res)
        for k in ("gold", "marble"):
            more[k] += influence // wonders.INFLUENCE_PER_PRECIOUS
        for k in cheap:
            more[k] = res[k] + influence
        ways = payment.payments(
            cost,
            more,
            flex,
            gold_is_marble=ability == "gold_is_marble",
            wood_stone_off=ability == "discount_wood_stone",
        )
        return [v for v in ways if influence_cost(res, v, cheap) <= influence]
    return payment.payments(
        cost,
        res,
        flex,
        gold_is_marble=ability == "gold_is_marble",
        wood_stone_off=ability == "discount_wood_stone",
    )


def charlatan(g: ArchitectsGame, seat: int) -> frozenset[str]:
    """Resources a hired Charlatan lets the seat pay with 1 Influence each."""
    table = g.apprentice_table
    return frozenset(
        str(table[a].params["resource"])
        for a in g.players[seat].apprentices
        if table[a].ability == "influence_for"
    )


def influence_pays(g: ArchitectsGame, seat: int) -> bool:
    if g.wow is None:
        return False
    influence = g.players[seat].influence
    return influence >= wonders.INFLUENCE_PER_PRECIOUS or (influence >= 1 and bool(charlatan(g, seat)))


NEVER = 10**6


def influence_cost(res: dict[str, int], v: payment.Vec, cheap: frozenset[str]) -> int:
    """Influence a payment vector needs for what it asks beyond the player's goods."""
    total = 0
    for k, n in zip(GOODS, v, strict=True):
        short = n - res[k]
        if short <= 0:
            continue
        if k in cheap:
            total += short
        elif k in ("gold", "marble"):
            total += wonders.INFLUENCE_PER_PRECIOUS * short
        else:
            return NEVER
    return total


Needs = dict[str, tuple[frozenset[str], tuple[tuple[str, int], ...]]]


def needs_of(table: dict[str, Building]) -> Needs:
    """Each Building's skills and cost, in the shape the hot check below wants."""
    return {k: (frozenset(b.skills), tuple(b.cost.items())) for k, b in table.items()}


@cache
def needs() -> Needs:
    return needs_of(buildings())


def game_needs(g: ArchitectsGame) -> Needs:
    if not g.custom_cards:
        return needs()
    cached: Needs | None = getattr(g, "_needs", None)
    if cached is None:
        cached = needs_of(g.building_table)
        g._needs = cached  # type: ignore[attr-defined]
    return cached


def buildable(g: ArchitectsGame, seat: int) -> list[tuple[int, str]]:
    p = g.players[seat]
    if not p.hand:
        return []
    table = game_needs(g)
    have = skills_of(g, seat)
    ability = g.ability(seat)
    twin, cut = ability == "gold_is_marble", ability == "discount_wood_stone"
    res = p.res
    out = []
    precious = influence_pays(g, seat)
    for i, c in enumerate(p.hand):
        skills, cost = table[c]
        if not skills <= have:
            continue
        if precious:
            if ways_to_pay(g, seat, dict(cost)):
                out.append((i, c))
            continue
        if twin or cut:
            if payment.affordable(dict(cost), res, twin, cut):
                out.append((i, c))
            continue
        for k, v in cost:  # a plain loop: this check runs for every card on every turn
            if res[k] < v:
                break
        else:
            out.append((i, c))
    return out


def pay_goods(g: ArchitectsGame, seat: int, ways: list[payment.Vec], why: str) -> Flow:
    opts = [opt(payment.vec_id(v), "architects.opt.pay", group="payment", cost=sum(v)) for v in ways]
    pick = yield from g.choose(seat, "architects.prompt.payment", opts, default=opts[0].id)
    v = payment.parse(pick)
    res = g.players[seat].res
    short = influence_cost(res, v, charlatan(g, seat)) if g.wow is not None else 0
    if short:
        yield from wonders.change_influence(g, seat, -short, "for_goods")
        v = tuple(min(n, res[k]) for k, n in zip(GOODS, v, strict=True))
    g.spend(seat, dict(zip(GOODS, v, strict=True)), why=why)


def build(g: ArchitectsGame, seat: int, card_id: str) -> Flow:
    card = g.building(card_id)
    p = g.players[seat]
    yield from pay_goods(g, seat, ways_to_pay(g, seat, card.cost), "build")
    p.hand.remove(card_id)
    p.buildings.append(card_id)
    g.emit("build", seat, card=card_id)
    yield from g.change_virtue(seat, card.virtue, "build")
    effect = EFFECTS.get(card_id)
    if effect is not None:
        yield from effect(g, seat)
    yield from after_building(g, seat)


def after_building(g: ArchitectsGame, seat: int) -> Flow:
    """What fires whenever a player erects a Building, a Wonder included."""
    if g.ability(seat) == "build_draw":
        g.draw(seat, 1, "clovis")
    if g.ability(seat) == "zesiro":
        yield from wonders.change_influence(g, seat, 1, "zesiro")
    for gain in g.apprentice_gains(seat, "build_bonus"):  # the Officer
        yield from g.gain(seat, gain, "officer")


# ---------------------------------------------------------------------------------- cathedral
def next_level(g: ArchitectsGame, seat: int) -> int | None:
    level = g.players[seat].cathedral + 1
    levels = board().cathedral
    if level > len(levels):
        return None
    # a level's spaces hold the markers now standing on it
    standing = sum(1 for q in g.players if q.cathedral == level)
    return level if standing < levels[level - 1].spaces else None


def climb_ways(g: ArchitectsGame, seat: int, level: int) -> list[payment.Vec]:
    data = board().cathedral[level - 1]
    flex = (data.flex.amount, data.flex.of) if data.flex is not None else None
    return ways_to_pay(g, seat, data.cost, flex)


def can_climb(g: ArchitectsGame, seat: int) -> bool:
    p = g.players[seat]
    if p.virtue < board().cathedral_min_virtue and g.ability(seat) != "louis":
        return False
    ability = g.ability(seat)
    if not p.hand and ability != "free_cathedral":
        return False
    level = next_level(g, seat)
    if level is None:
        return False
    if influence_pays(g, seat):
        return bool(climb_ways(g, seat, level))
    # the cheap equivalent of `climb_ways(...)` being non-empty
    data = board().cathedral[level - 1]
    twin, cut = ability == "gold_is_marble", ability == "discount_wood_stone"
    if data.flex is not None:
        amount = data.flex.amount - (1 if cut else 0)
        if sum(p.res[k] for k in data.flex.of) < amount:
            return False
        return payment.affordable(data.cost, p.res, twin, False)
    return payment.affordable(data.cost, p.res, twin, cut)


def climb(g: ArchitectsGame, seat: int) -> Flow:
    p = g.players[seat]
    level = next_level(g, seat)
    assert level is not None
    yield from pay_goods(g, seat, climb_ways(g, seat, level), "cathedral")
    if g.ability(seat) != "free_cathedral":
        card = yield from g.choose_hand(seat, "architects.prompt.cathedral_discard")
        g.to_deck_bottom(seat, [card], "cathedral")
    p.cathedral = level
    g.emit("cathedral", seat, level=level)
    if g.rewards:
        reward = g.rewards.pop()
        g.emit("reward", seat, card=reward)
        if g.wow is not None:
            yield from g.gain(seat, wonders.reward_gain(g, reward), "reward")
        else:
            rw = next(r for r in board().rewards if r.id == reward.split("#")[0])
            yield from g.gain(seat, rw.gain, "reward")
    else:
        yield from g.change_virtue(seat, 1, "reward")
    for gain in g.apprentice_gains(seat, "cathedral_bonus"):
        yield from g.gain(seat, gain, "acolyte")
    if g.ability(seat) == "zesiro":
        yield from wonders.change_influence(g, seat, 1, "zesiro")


# ---------------------------------------------------------------------------------- effects
def gain_effect(gains: dict[str, int]) -> Callable[[ArchitectsGame, int], Flow]:
    def effect(g: ArchitectsGame, seat: int) -> Flow:
        yield from g.gain(seat, gains, "building")

    return effect


def choice_effect(a: dict[str, int], b: dict[str, int]) -> Callable[[ArchitectsGame, int], Flow]:
    """Take one of two single-good gains; the option ids name the good."""
    (good_a, n_a), (good_b, n_b) = next(iter(a.items())), next(iter(b.items()))

    def effect(g: ArchitectsGame, seat: int) -> Flow:
        opts = [
            opt(good_a, f"architects.opt.take_{good_a}", cost=n_a),
            opt(good_b, f"architects.opt.take_{good_b}", cost=n_b),
        ]
        pick = yield from g.choose(seat, "architects.prompt.building_choice", opts, default=good_a)
        yield from g.gain(seat, a if pick == good_a else b, "building")

    return effect


def captures_effect(count: int) -> Callable[[ArchitectsGame, int], Flow]:
    def effect(g: ArchitectsGame, seat: int) -> Flow:
        yield from actions.captures(g, seat, count, free=True)

    return effect


def amount(g: ArchitectsGame, card_id: str) -> int:
    """The number a new Building's effect names, as this game's values give it."""
    value = g.building(card_id).amount
    assert value is not None, card_id
    return value


def arena(g: ArchitectsGame, seat: int) -> Flow:
    yield from actions.captures(g, seat, amount(g, "arena"), free=True)


def tavern(g: ArchitectsGame, seat: int) -> Flow:
    opts = g.display_options(seat, "")
    if opts:
        pick = yield from g.choose(seat, "architects.prompt.free_hire", opts)
        r, c = (int(x) for x in pick.split("."))
        yield from g.hire(seat, r, c, "tavern")


def watchtower(g: ArchitectsGame, seat: int) -> Flow:
    for s in g.order:
        if g.prison[s] >= 3:
            yield from g.change_virtue(s, -1, "watchtower")


def barracks(g: ArchitectsGame, seat: int) -> Flow:
    opts = [opt("capture", "architects.opt.capture_one")]
    if g.held_by_others(seat):
        opts.append(opt("rescue", "architects.opt.rescue_free"))
    pick = yield from g.choose(seat, "architects.prompt.barracks", opts)
    if pick == "rescue":
        actions.rescue(g, seat)
    else:
        yield from actions.captures(g, seat, 1, free=True)


def betting_house(g: ArchitectsGame, seat: int) -> Flow:
    yield from g.take_debt(seat, "betting_house")


def church(g: ArchitectsGame, seat: int) -> Flow:
    p = g.players[seat]
    if p.debts:
        yes = yield from g.yes_no(seat, "architects.prompt.church")
        if yes:
            p.debts -= 1
            g.emit("debt_destroyed", seat, count=1)


def hideout(g: ArchitectsGame, seat: int) -> Flow:
    actions.release(g, seat)
    return
    yield  # a generator like every effect


def library(g: ArchitectsGame, seat: int) -> Flow:
    card = yield from g.choose_hand(seat, "architects.prompt.library", optional=True)
    if card is not None:
        g.to_deck_bottom(seat, [card], "library")
        yield from g.gain(seat, {"gold": 2}, "library")


def monument(g: ArchitectsGame, seat: int) -> Flow:
    for s in g.order:
        yield from g.change_virtue(s, 1, "monument")


def palace(g: ArchitectsGame, seat: int) -> Flow:
    yield from g.gain(seat, {"gold": g.players[seat].virtue // 4}, "palace")


def crane(g: ArchitectsGame, seat: int) -> Flow:
    """One more worker into the Guildhall, to build or climb again (declining is allowed)."""
    if g.players[seat].supply == 0 or not can_enter(g, seat):
        return
    yes = yield from g.yes_no(seat, "architects.prompt.crane")
    if yes:
        g.players[seat].supply -= 1
        yield from enter(g, seat)


def graveyard(g: ArchitectsGame, seat: int) -> Flow:
    p = g.players[seat]
    if not p.apprentices:
        return
    opts = [opt(f"fire:{i}", "architects.opt.dismiss", card=a) for i, a in enumerate(p.apprentices)]
    pick = yield from g.choose(seat, "architects.prompt.graveyard", opts)
    g.dismiss(seat, p.apprentices[int(pick.split(":")[1])], "graveyard")


# ---------------------------------------------------------------------------------- Works of Wonder
def influence_effect(card_id: str) -> Callable[[ArchitectsGame, int], Flow]:
    def effect(g: ArchitectsGame, seat: int) -> Flow:
        yield from wonders.change_influence(g, seat, amount(g, card_id), "building")

    return effect


def gaol(g: ArchitectsGame, seat: int) -> Flow:
    if sum(g.players[seat].captives):
        yield from actions.imprison(g, seat)


def monastery(g: ArchitectsGame, seat: int) -> Flow:
    gain = g.players[seat].cathedral * amount(g, "monastery")
    yield from wonders.change_influence(g, seat, gain, "building")


def abbey(g: ArchitectsGame, seat: int) -> Flow:
    for s in g.order:
        actions.release(g, s, amount(g, "abbey"))
    return
    yield


def studio(g: ArchitectsGame, seat: int) -> Flow:
    start = g.order.index(seat)
    for k in range(g.n):
        g.draw(g.order[(start + k) % g.n], amount(g, "studio"), "studio")
    return
    yield


def send_worker(loc: str) -> Callable[[ArchitectsGame, int], Flow]:
    """Depot, Jail, Inn, Mill, Mint, Theatre: a worker goes there at once (when one is left)."""

    def effect(g: ArchitectsGame, seat: int) -> Flow:
        if g.players[seat].supply == 0:
            return
        yield from actions.place(g, seat, loc)

    return effect


def school(g: ArchitectsGame, seat: int) -> Flow:
    """The main board's 8 Apprentices go under the deck, the Influence board's slide left, the
    rest refill; then one free hire."""
    gone = []
    for r in range(DISPLAY_ROWS):
        for c in range(g.cols - 1):
            card = g.display[r][c]
            if card is not None:
                gone.append(card)
                g.app_deck.insert(0, card)
            g.display[r][c] = None
            g.coins[r][c] = 0
        g.display[r][0], g.display[r][g.cols - 1] = g.display[r][g.cols - 1], None
        g.coins[r][0], g.coins[r][g.cols - 1] = g.coins[r][g.cols - 1], 0
        for c in range(1, g.cols):
            g.refill_slot(r, c)
        if g.display[r][0] is None:
            g.refill_slot(r, 0)
    g.emit("display_refresh", discarded=gone)
    opts = g.display_options(seat, "")
    if opts:
        pick = yield from g.choose(seat, "architects.prompt.free_hire", opts)
        row, col = (int(x) for x in pick.split("."))
        yield from g.hire(seat, row, col, "school")


EFFECTS: dict[str, Callable[[ArchitectsGame, int], Flow]] = {
    "arena": arena,
    "baths": influence_effect("baths"),
    "court": influence_effect("court"),
    "pulpit": influence_effect("pulpit"),
    "gaol": gaol,
    "monastery": monastery,
    "abbey": abbey,
    "studio": studio,
    "depot": send_worker("kings_storehouse"),
    "jail": send_worker("guardhouse"),
    "inn": send_worker("workshop"),
    "mill": send_worker("forest"),
    "mint": send_worker("silversmith"),
    "theatre": send_worker("town_centre"),
    "school": school,
    "smithy": gain_effect({"stone": 4}),
    "well": gain_effect({"clay": 4}),
    "lumber_camp": gain_effect({"wood": 4}),
    "thieves_den": gain_effect({"silver": 4}),
    "factory": gain_effect({"marble": 2}),
    "drafting_room": gain_effect({"card": 2}),
    "treasury": choice_effect({"gold": 1}, {"silver": 3}),
    "clay_pit": choice_effect({"gold": 1}, {"marble": 1}),
    "tavern": tavern,
    "watchtower": watchtower,
    "armoury": captures_effect(1),
    "fortress": captures_effect(2),
    "barracks": barracks,
    "betting_house": betting_house,
    "church": church,
    "hideout": hideout,
    "library": library,
    "monument": monument,
    "palace": palace,
    "crane": crane,
    "graveyard": graveyard,
}
