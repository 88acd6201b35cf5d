"""Worker locations: which are open to a player, placing a worker, and every location's reward
(basic and Forest locations, the Haven, the Journey, events and red cards in a city).

Location keys: board ids (`basic_3_twigs`, `forest_2_any`, `haven`, `journey_5`),
`event:<event id>` and `card:<uid>` for a worker spot on a card in a city.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.prompts import Option
from engine.games.everdell import specials
from engine.games.everdell.asks import NONE, Step, shared_option
from engine.games.everdell.data import board, locations

if TYPE_CHECKING:
    from engine.games.everdell.game import EverdellGame
    from engine.games.everdell.state import CityCard

JOURNEY = {j.id: j for j in board().journey}


def copyable(g: EverdellGame) -> list[str]:
    """Locations the Lookout (and the copy-a-basic Forest card) may imitate."""
    return [loc.id for loc in board().basic] + list(g.forest)


def board_open(g: EverdellGame, p: int, loc: str) -> bool:
    seats = g.occ.get(loc, [])
    if loc == "haven":
        return True
    if loc in JOURNEY:
        space = JOURNEY[loc]
        pl = g.players[p]
        return pl.season == 3 and len(pl.hand) >= space.points and (not space.exclusive or not seats)
    if loc.startswith("forest_"):
        if loc not in g.forest:
            return False
        if not seats:
            return forest_usable(g, p, loc)
        # the second spot exists only with 4 players, never for the same player twice
        return len(g.humans) == 4 and len(seats) == 1 and p not in seats and forest_usable(g, p, loc)
    spec = locations()[loc]
    return not spec.exclusive or not seats


def forest_usable(g: EverdellGame, p: int, loc: str) -> bool:
    from engine.games.everdell import play

    if locations()[loc].special == "meadow_two":
        purse = play.Purse(g, p)  # one look at p's city and resources for every Meadow card
        return any(
            play.can_play(g, p, g.meadow[s] or "", play.FOREST, None, purse, f"meadow:{s}")
            for s in g.meadow_slots()
        )
    return True


def card_spots(g: EverdellGame, owner: int, name: str) -> int:
    card = g.card[name]
    spots = card.spots
    if card.second_spot_needs and not g.players[owner].has(card.second_spot_needs):
        spots = min(spots, 1)
    return spots


def placement_options(g: EverdellGame, p: int) -> list[Option]:
    from engine.games.everdell.powers import DESTINATIONS

    opts: list[Option] = []
    for spec in board().basic:
        if board_open(g, p, spec.id):
            opts.append(shared_option(f"place:{spec.id}", spec.id, None, "basic"))
    for loc in g.forest:
        if board_open(g, p, loc):
            opts.append(shared_option(f"place:{loc}", loc, None, "forest"))
    opts.append(shared_option("place:haven", "haven", None, "haven"))
    for loc in JOURNEY:
        if board_open(g, p, loc):
            opts.append(shared_option(f"place:{loc}", loc, None, "journey", JOURNEY[loc].points))
    for ev in specials.claimable(g, p):
        opts.append(shared_option(f"place:event:{ev}", ev, None, "event"))
    for owner, pl in enumerate(g.players):
        for cc in pl.city:
            if cc.card in DESTINATIONS and card_spot_open(g, p, owner, cc):
                group = "city" if owner == p else f"seat:{owner}"
                opts.append(shared_option(f"place:card:{cc.uid}", cc.card, cc.card, group))
    return opts


def card_spot_open(g: EverdellGame, p: int, owner: int, cc: CityCard) -> bool:
    """Whether p may put a worker on `cc`, a Destination in `owner`'s city (replays check a
    `place:card:<uid>` answer with this alone)."""
    from engine.games.everdell.powers import usable

    card = g.card[cc.card]
    if owner != p and not card.open:
        return False
    if len(g.occ.get(f"card:{cc.uid}", [])) >= card_spots(g, owner, cc.card):
        return False
    return usable(g, p, cc, owner)


def place_worker(g: EverdellGame, p: int, loc: str) -> Step:
    from engine.games.everdell.powers import DESTINATIONS

    yield from g.before_place(p, loc)
    permanent = False
    owner_card = None
    if loc.startswith("card:"):
        found = g.owner_of(int(loc[5:]))
        assert found is not None
        owner_card = found
        permanent = g.card[found[1].card].permanent_workers
    g.occupy(p, loc, permanent)
    g.emit("place", seat=p, location=loc, card=owner_card[1].card if owner_card else None)
    if owner_card is not None:
        owner, cc = owner_card
        if owner != p:
            g.points(owner, g.visit_points(owner, p, cc), "open_destination")
        yield from DESTINATIONS[cc.card](g, p, cc, owner)
    elif loc.startswith("event:"):
        yield from specials.claim(g, p, loc[6:])
    elif loc == "haven":
        yield from haven(g, p)
    elif loc in JOURNEY:
        yield from journey(g, p, loc)
    else:
        yield from reward(g, p, loc)
    if g.spiders_at is not None:
        from engine.games.everdell.player_powers import spiders_visit

        yield from spiders_visit(g, loc)


def reward(g: EverdellGame, p: int, loc: str) -> Step:
    """The reward of a basic or Forest location."""
    spec = locations()[loc]
    if spec.special is not None:
        yield from SPECIAL[spec.special](g, p)
        return
    r = spec.reward
    g.gain(p, r.resources, loc)
    if r.card:
        g.draw(p, r.card)
    if r.point:
        g.points(p, r.point, loc)
    if r.any:
        vec = yield from g.choose_gain(p, r.any)
        g.gain(p, vec, loc)


def haven(g: EverdellGame, p: int) -> Step:
    names = yield from g.choose_cards(
        p, g.players[p].hand, "everdell.prompt.haven", 0, len(g.players[p].hand)
    )
    g.discard_from_hand(p, names)
    if len(names) >= 2:
        vec = yield from g.choose_gain(p, len(names) // 2)
        g.gain(p, vec, "haven")


def journey(g: EverdellGame, p: int, loc: str) -> Step:
    space = JOURNEY[loc]
    names = yield from g.choose_cards(
        p, g.players[p].hand, "everdell.prompt.journey", space.points, space.points
    )
    g.discard_from_hand(p, names)
    g.players[p].journey += space.points


def discard_draw_two(g: EverdellGame, p: int) -> Step:
    names = yield from g.choose_cards(
        p, g.players[p].hand, "everdell.prompt.discard_draw", 0, len(g.players[p].hand)
    )
    g.discard_from_hand(p, names)
    g.draw(p, 2 * len(names))


def discard_gain_any(g: EverdellGame, p: int) -> Step:
    names = yield from g.choose_cards(p, g.players[p].hand, "everdell.prompt.discard_gain", 0, 3)
    g.discard_from_hand(p, names)
    if names:
        vec = yield from g.choose_gain(p, len(names))
        g.gain(p, vec, "forest")


def copy_basic(g: EverdellGame, p: int) -> Step:
    g.draw(p, 1)
    opts = [Option(spec.id, spec.id, group="basic") for spec in board().basic]
    loc = yield from g.choose(p, "everdell.prompt.copy_basic", opts)
    yield from reward(g, p, loc)


def meadow_two(g: EverdellGame, p: int) -> Step:
    """Take 2 Meadow cards, play one of them for 1 resource less, keep the other."""
    from engine.games.everdell import play

    playable = [
        Option(f"m{s}", g.meadow[s] or "", card=g.meadow[s], group="meadow")
        for s in g.meadow_slots()
        if play.can_play(g, p, g.meadow[s] or "", play.FOREST, origin=f"meadow:{s}")
    ]
    if not playable:
        return
    first = yield from g.choose(p, "everdell.prompt.meadow_two_play", playable)
    others = [Option(f"m{s}", g.meadow[s] or "", card=g.meadow[s], group="meadow") for s in g.meadow_slots()]
    others = [o for o in others if o.id != first]
    second = (yield from g.choose(p, "everdell.prompt.meadow_two_keep", others)) if others else None
    slots = [int(first[1:])] + ([int(second[1:])] if second else [])
    slots = yield from g.before_meadow_take(p, slots, play.FOREST)
    taken = g.meadow_take(slots)
    g.refill()
    g.emit("take_meadow", seat=p, cards=list(taken))
    g.to_hand(p, taken[1:])
    g.limbo.append(taken[0])
    yield from play.play_card(g, p, taken[0], "limbo", play.FOREST, origin=f"meadow:{slots[0]}")


SPECIAL = {
    "discard_draw_two": discard_draw_two,
    "discard_gain_any": discard_gain_any,
    "copy_basic": copy_basic,
    "meadow_two": meadow_two,
}


def clock_tower(g: EverdellGame, p: int) -> Step:
    """Before workers come home: spend a Clock Tower token to take a location's reward again."""
    pl = g.players[p]
    tower = next((c for c in pl.city if c.card == "clock_tower" and c.tokens > 0), None)
    if tower is None:
        return
    locs = sorted({w.loc for w in pl.placed if w.loc in locations()})
    if not locs:
        return
    opts = [Option(loc, loc, group="location") for loc in locs]
    opts.append(Option(NONE, "everdell.opt.none", group="end"))
    loc = yield from g.choose(p, "everdell.prompt.clock_tower", opts, default=NONE)
    if loc == NONE or not (yield from g.before_activate(p, tower)):
        return
    tower.tokens -= 1
    g.emit("clock_tower", seat=p, location=loc)
    yield from reward(g, p, loc)
