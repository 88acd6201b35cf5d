"""Mistwood's player powers (the `player_powers` match option).

Each player gets one power at setup, chosen in secret out of the ones dealt to them, and loses the
worker normally gained when preparing for spring. Powers still missing are left out of the pool
(see the README), so a player is never dealt a rule that is not there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.flow import PromptSpec
from engine.core.prompts import Option
from engine.games.everdell import play
from engine.games.everdell.asks import NONE, Step, resource_options, shared_option
from engine.games.everdell.data import RESOURCES, board
from engine.games.everdell.farms import is_farm
from engine.games.everdell.state import HAND_LIMIT

if TYPE_CHECKING:
    from engine.games.everdell.game import EverdellGame

# Offered powers, in a fixed order so the shuffle is reproducible from the seed.
BUILT: tuple[str, ...] = ("butterflies", "pigs", "spiders", "stoats")
NOT_BUILT: tuple[str, ...] = ()

BUTTERFLY_HAND = 12  # starting hand (the 11 for 5-6 players never applies: at most 4 here)
BUTTERFLY_EXTRA_LIMIT = 4
LAIR_HAND = 5  # every human's starting hand against Nightweave
# Stoats: cards discarded for one resource of each kind
STOAT_PRICE: dict[str, int] = {"twig": 2, "resin": 2, "berry": 2, "pebble": 3}
# Message keys spelled out, so the catalogue check sees every one
POWER_LABEL: dict[str, str] = {
    "butterflies": "everdell.opt.power_butterflies",
    "pigs": "everdell.opt.power_pigs",
    "spiders": "everdell.opt.power_spiders",
    "stoats": "everdell.opt.power_stoats",
}
STOAT_LABEL: dict[str, str] = {
    "twig": "everdell.opt.stoats_twig",
    "resin": "everdell.opt.stoats_resin",
    "berry": "everdell.opt.stoats_berry",
    "pebble": "everdell.opt.stoats_pebble",
}


def pool(g: EverdellGame) -> list[str]:
    """Powers that may be dealt in this match (Spiders never against Nightweave)."""
    out = list(BUILT)
    if g.options.get("opponent") == "nightweave" and "spiders" in out:
        out.remove("spiders")
    return out


def choose_powers(g: EverdellGame) -> Step:
    """Deal powers from a shuffled pool (2 each when it allows, else 1; a seat left without one
    when the pool runs out keeps its spring worker), let every player keep one at the same time,
    then reveal them, settle the turn order and deal the starting hands."""
    cards = pool(g)
    g.rng.shuffle(cards)
    per = 2 if len(cards) >= 2 * len(g.humans) else 1
    dealt: dict[int, list[str]] = {}
    for p in [q for q in g.order if q in g.humans]:  # Nightweave gets no power
        dealt[p] = [cards.pop() for _ in range(min(per, len(cards)))]
        if dealt[p]:
            g.emit("powers_dealt", seat=p, to=p, powers=list(dealt[p]))
    specs = [
        PromptSpec(
            p,
            "choose",
            "everdell.prompt.power",
            tuple(Option(f"power:{x}", POWER_LABEL[x], group="power") for x in d),
        )
        for p, d in dealt.items()
        if len(d) > 1
    ]
    answers = yield from g.ask_all(specs)
    for p, d in dealt.items():
        if not d:
            continue
        kept = answers[p][0][6:] if p in answers else d[0]
        g.players[p].power = kept
    apply_powers(g)
    g.emit(
        "powers",
        powers={str(p): g.players[p].power for p in g.order if g.players[p].power},
        order=list(g.order),
    )
    for i, p in enumerate(q for q in g.order if q in g.humans):
        g.draw(p, starting_hand(g, i, p))
    spider = owner_of(g, "spiders")
    if spider is not None:
        yield from move_figure(g, spider, "everdell.prompt.spiders_place")
    pigs = owner_of(g, "pigs")
    if pigs is not None:
        build_pile(g)
        yield from pigs_free(g, pigs)


def starting_hand(g: EverdellGame, i: int, p: int) -> int:
    """Cards dealt to the i-th human in turn order: 12 with Butterflies, else 5/6/7/8 in the base
    game and 5 each against Nightweave (her Lair setup)."""
    if g.players[p].power == "butterflies":
        return BUTTERFLY_HAND
    return LAIR_HAND if g.options.get("opponent") == "nightweave" else 5 + i


def spring_worker_back(g: EverdellGame, p: int) -> bool:
    """Whether the balancing rule offered against Nightweave (`powers_spring_worker`) gives p back
    the spring worker the power took (asked once p's spring Prepare is done)."""
    pl = g.players[p]
    return pl.power is not None and pl.season == 1 and bool(g.options.get("powers_spring_worker"))


def apply_powers(g: EverdellGame) -> None:
    """Lasting effects of the kept powers: hand limits and who starts (Butterflies first, Spiders
    last; when both are out, the Spiders leave their place in the round to go last)."""
    for pl in g.players:
        pl.hand_limit = HAND_LIMIT + (BUTTERFLY_EXTRA_LIMIT if pl.power == "butterflies" else 0)
    last = owner_of(g, "spiders")
    if last is not None:
        k = g.order.index(last)
        g.order = g.order[k + 1 :] + g.order[: k + 1]
    first = owner_of(g, "butterflies")
    if first is not None:
        k = g.order.index(first)
        g.order = g.order[k:] + g.order[:k]
        if last is not None:
            g.order.remove(last)
            g.order.append(last)


def owner_of(g: EverdellGame, power: str) -> int | None:
    return next((p for p in g.order if g.players[p].power == power), None)


# -- Stoats -------------------------------------------------------------------------------------
def stoats(g: EverdellGame, p: int) -> Step:
    """After a Critter or Construction of p's has fully resolved: cards may be turned into one
    resource (the card is already paid, so the resource never helps pay for it)."""
    pl = g.players[p]
    if pl.power != "stoats" or pl.rugwort:
        return
    opts = [
        Option(f"stoats:{r}", STOAT_LABEL[r], group="stoats")
        for r, n in STOAT_PRICE.items()
        if len(pl.hand) >= n
    ]
    if not opts:
        return
    opts.append(Option(NONE, "everdell.opt.none", group="end"))
    picked = yield from g.choose(p, "everdell.prompt.stoats", opts, default=NONE)
    if picked == NONE:
        return
    r = picked[7:]
    n = STOAT_PRICE[r]
    dropped = yield from g.choose_cards(p, pl.hand, "everdell.prompt.stoats_discard", n, n)
    g.discard_from_hand(p, dropped)
    g.gain(p, {r: 1}, "stoats")


# -- Spiders ------------------------------------------------------------------------------------
def figure_spots(g: EverdellGame) -> list[str]:
    """Worker locations on the board: basic, this match's Forest cards, the Haven, the Journey."""
    b = board()
    return [*(x.id for x in b.basic), *g.forest, b.haven.id, *(j.id for j in b.journey)]


def move_figure(g: EverdellGame, p: int, key: str) -> Step:
    """p puts the figure on a board location other than the one it stands on."""
    opts = [Option(f"at:{loc}", loc, group="location") for loc in figure_spots(g) if loc != g.spiders_at]
    picked = yield from g.choose(p, key, opts)
    g.spiders_at = picked[3:]
    g.emit("spiders_move", seat=p, location=g.spiders_at)


def spiders_visit(g: EverdellGame, loc: str) -> Step:
    """Someone's worker (the owner's too) went where the figure stands: the owner takes a resource
    of a kind it has none of (when there is one) and a card, then must move the figure."""
    owner = owner_of(g, "spiders")
    if owner is None or loc != g.spiders_at:
        return
    pl = g.players[owner]
    lacking = [r for r in RESOURCES if pl.res[r] == 0]
    if lacking:
        r = yield from g.choose(owner, "everdell.prompt.spiders_gain", resource_options(lacking))
        g.gain(owner, {r: 1}, "spiders")
    g.draw(owner, 1)
    yield from move_figure(g, owner, "everdell.prompt.spiders_move")


# -- Pigs ---------------------------------------------------------------------------------------
PIG_POINTS = 2  # to the Pigs' owner when an opponent buys from the pile


def build_pile(g: EverdellGame) -> None:
    """Every Farm leaves the deck and the Meadow for the face-up pile (the Meadow is refilled)."""
    g.pig_pile = [c for c in g.deck if is_farm(c)]
    g.deck = [c for c in g.deck if not is_farm(c)]
    for s, name in enumerate(g.meadow):
        if name is not None and is_farm(name):
            g.pig_pile.append(name)
            g.meadow[s] = None
    if g.farm_abilities:  # the special Farms are shuffled into the pile
        g.rng.shuffle(g.pig_pile)
    g.refill()
    g.emit("pig_pile", count=len(g.pig_pile))


def pile_options(g: EverdellGame, p: int) -> list[Option]:
    """Buying the top Farm of the pile, an action open to every player."""
    top = g.pig_pile[-1] if g.pig_pile else "farm"
    if g.pig_pile and play.can_play(g, p, top, origin="pile"):
        return [shared_option("play:pile", top, top, "pile", sum(g.cost[top]))]
    return []


def buy_farm(g: EverdellGame, p: int) -> Step:
    yield from play.play_card(g, p, g.pig_pile[-1], "pile")
    owner = owner_of(g, "pigs")
    if owner is not None and owner != p:
        g.points(owner, PIG_POINTS, "pigs")


def pigs_free(g: EverdellGame, p: int) -> Step:
    """At the start and after each of p's Prepares: the top Farm may be played for free."""
    # can_play, not only can_place: an opponent's rule may add a cost even to a free play
    if not g.pig_pile or not play.can_play(g, p, g.pig_pile[-1], play.FREE, origin="pile"):
        return
    if (yield from g.yes_no(p, "everdell.prompt.pigs_free", card=g.pig_pile[-1])):
        yield from play.play_card(g, p, g.pig_pile[-1], "pile", play.FREE)
