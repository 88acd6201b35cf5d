"""Nightweave's actions (§"Her actions"): whether each is possible now, and doing it.

`possible` never changes anything and never rolls: the impossibility list of the rulebook
depends only on her city, hand, workers and the board, not on the die.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.games.everdell.mistwood.activity import CARD_ACTIONS, PLACE_NIGHTWEAVE, Action, Decider
from engine.games.everdell.mistwood.nightweave import board
from engine.games.everdell.mistwood.nightweave.hooks import NO_HOOKS, Hooks
from engine.games.everdell.mistwood.nightweave.state import CORRIN, NightweaveState
from engine.games.everdell.mistwood.nightweave.table import Choice, Flow, Rng, Table

FOOL = "fool"


@dataclass(slots=True)
class Ctx:
    """One resolution: her state, the game around her, the dice, and the current card's traits."""

    st: NightweaveState
    table: Table
    rng: Rng
    decider: Decider = "cw"
    spider: bool = False
    blocked_webs: set[str] = field(default_factory=set)  # locations whose Webs stop her spiders
    hooks: Hooks = NO_HOOKS
    # "first" / "second": actions the people at a physical table declared impossible there
    ruled_out: frozenset[str] = frozenset()

    def points(self, amount: int | str | None) -> int:
        if amount is None:
            return 0
        return self.st.icon_points if amount == "difficulty" else int(amount)

    def gain(self, amount: int | str | None, why: str) -> None:
        n = self.points(amount)
        if n:
            self.st.tokens += n
            self.st.note("points", n=n, why=why)


# -- possibility --------------------------------------------------------------------------------


def needs_worker(ctx: Ctx, action: Action) -> bool:
    return action.places_worker or (ctx.spider and action.kind in CARD_ACTIONS)


def possible(ctx: Ctx, action: Action) -> bool:
    st, kind = ctx.st, action.kind
    if needs_worker(ctx, action) and st.available <= 0:
        return False
    if kind == "draw":
        return True
    if kind == "discard":
        return bool(st.hand)
    if kind == "play_hand":
        return bool(st.hand) and (not st.city_full() or st.hand[0] in st.no_space)
    if kind in ("play_meadow", "play_and_draw", "play_and_discard"):
        return not st.city_full()
    if kind == PLACE_NIGHTWEAVE:
        return st.meadow_slot is None  # she is one figure: already in the Meadow means impossible
    if kind in ("basic", "forest", "journey"):
        return target_spot(ctx, action) is not None
    if kind == "haven":
        return True
    if kind == "her_village":
        return bool(own_destinations(ctx, open_=False))
    if kind == "open_destination":
        return any(open_spots(ctx, h) for h in ctx.table.humans()) or bool(
            own_destinations(ctx, open_=True)
        )
    if kind == "basic_event":
        return bool(ctx.table.basic_events_open())
    if kind == "special_event":
        return not st.special_this_season and bool(ctx.table.special_events_open())
    return False  # Pearlbrook actions: that expansion is not in play


# -- locations ----------------------------------------------------------------------------------


def spot_blocked(ctx: Ctx, loc: str | None) -> bool:
    return loc is None or loc in ctx.blocked_webs or ctx.table.location_taken(loc)


def ring_for(ctx: Ctx, action: Action) -> list[str | None]:
    """The spots of the action's type, starting at its target and walking with the decider."""
    assert action.target is not None
    if action.kind == "basic":
        return list(board.walk(board.BASIC_RING, action.target, ctx.decider))
    if action.kind == "journey":
        return list(board.walk(board.JOURNEY_RING, f"journey_{action.target}", ctx.decider))
    ids = ctx.table.forest_ids()
    by_pos = {pos: (ids[i] if i < len(ids) else None) for i, pos in enumerate(board.FOREST_POSITIONS)}
    return [by_pos[pos] for pos in board.walk(board.FOREST_RING, action.target, ctx.decider)]


def target_spot(ctx: Ctx, action: Action) -> str | None:
    for loc in ring_for(ctx, action):
        if not spot_blocked(ctx, loc):
            return loc
    return None


def own_destinations(ctx: Ctx, open_: bool) -> list[int]:
    """Her own Destinations with a free spot ("available"); she treats every spot as unlocked.

    A spot is taken by anyone's worker: her spiders, a human's visit to an Open Destination, or
    a human's worker she placed there (Poison Berry Stew) that stays after her own Prepare. Her
    own count covers tables that cannot see the card.
    """
    out = []
    for c in ctx.st.city:
        spots = ctx.table.card_spots(c.card)
        webbed = f"card:{c.uid}" in ctx.blocked_webs
        used = max(ctx.st.visits.get(c.uid, 0), ctx.table.workers_on(c.uid))
        if spots and not webbed and ctx.table.card_open(c.card) == open_ and used < spots:
            out.append(c.uid)
    return out


def open_spots(ctx: Ctx, human: int) -> list[tuple[int, str]]:
    """A human's Open Destinations with room that no Web keeps her spiders from."""
    return [(uid, card) for uid, card in ctx.table.open_spots(human) if f"card:{uid}" not in ctx.blocked_webs]


def place(ctx: Ctx, key: str, action: Action) -> None:
    ctx.st.placed.append(key)
    ctx.st.note("place", loc=key)
    ctx.gain(action.points, "placement")


# -- playing cards ------------------------------------------------------------------------------


def play_card(ctx: Ctx, card: str, source: str) -> None:
    """Her card goes into her city; the Fool goes to a human instead, or is discarded."""
    st = ctx.st
    if card == FOOL:
        humans = [h for h in board.humans_from(ctx.table.humans(), ctx.decider) if can_take_fool(ctx, h)]
        if humans:
            ctx.table.put_in_city(humans[0], card)
            st.note("fool", target=humans[0], source=source)  # "to" would address a private event
        else:
            ctx.table.discard(card)
            st.note("discard_card", card=card, source=source)
        return
    if card.startswith(CORRIN):  # never played into her city: a lair Achievement instead
        st.add_city(card)
        st.note("achievement", card=card, source=source)
        return
    if st.city_full() and card not in st.no_space:
        ctx.table.discard(card)
        st.note("discard_card", card=card, source=source)
        return
    st.add_city(card)
    st.note("play", card=card, source=source)


def can_take_fool(ctx: Ctx, seat: int) -> bool:
    return not ctx.table.city_full(seat) and not ctx.table.city_has(seat, FOOL)


def roll(ctx: Ctx) -> int:
    value = ctx.rng.d8()
    ctx.st.note("roll", value=value)
    return value - 1


def play_from_meadow(ctx: Ctx) -> None:
    slot = roll(ctx)
    if slot == ctx.st.meadow_slot:
        card = ctx.table.draw()  # she sits on that slot: the deck's top card instead
        if card is not None:
            play_card(ctx, card, "deck")
    else:
        card = ctx.table.take_meadow(slot)
        if card is not None:
            play_card(ctx, card, f"meadow:{slot + 1}")
    ctx.table.refill_meadow(ctx.st.meadow_slot)


def draw(ctx: Ctx, n: int = 1) -> int:
    got = 0
    for _ in range(n):
        card = ctx.table.draw()
        if card is None:
            break
        ctx.st.hand.append(card)
        got += 1
    ctx.rng.shuffle(ctx.st.hand)
    if got:
        ctx.st.note("draw", count=got)
    return got


def discard_top(ctx: Ctx, scored: bool = True) -> bool:
    if not ctx.st.hand:
        return False
    card = ctx.st.hand.pop(0)  # her hand is shuffled, so the first card is a random one
    ctx.table.discard(card)
    ctx.st.note("discard", count=1)  # the discard pile is face down: the card stays hidden
    if scored:
        ctx.gain(1, "discard")
    return True


def place_nightweave(ctx: Ctx) -> None:
    slot = roll(ctx)
    card = ctx.table.take_meadow(slot)
    ctx.st.meadow_slot = slot  # the slot stays empty under her until she Prepares
    ctx.st.note("enter_meadow", slot=slot + 1)
    if card is not None:
        play_card(ctx, card, f"meadow:{slot + 1}")


# -- the actions --------------------------------------------------------------------------------


def perform(ctx: Ctx, action: Action) -> Flow[None]:
    """Do `action`, which `possible` accepted."""
    st, kind = ctx.st, action.kind
    if ctx.spider and kind in CARD_ACTIONS:
        place(ctx, "lair", action)  # the spider icon: even a card action takes a worker
    if kind == "draw":
        draw(ctx)
    elif kind == "discard":
        discard_top(ctx)
    elif kind == "play_hand":
        play_card(ctx, st.hand.pop(0), "hand")
    elif kind == "play_meadow":
        play_from_meadow(ctx)
    elif kind == "play_and_draw":
        play_from_meadow(ctx)
        draw(ctx)
    elif kind == "play_and_discard":
        play_from_meadow(ctx)
        discard_top(ctx)  # with an empty hand the action still counts, without the point
    elif kind == PLACE_NIGHTWEAVE:
        place_nightweave(ctx)
        yield from ctx.hooks.entered_meadow(ctx)
    elif kind in ("basic", "forest", "journey"):
        loc = target_spot(ctx, action)
        assert loc is not None
        if loc != ring_for(ctx, action)[0]:
            st.note("blocked", target=action.target, moved_to=loc)
            yield from ctx.hooks.blocked(ctx, str(action.target), loc)
        ctx.table.occupy(loc)
        if kind == "journey":
            st.journey += int(loc.rsplit("_", 1)[1])
        place(ctx, loc, action)
    elif kind == "haven":
        ctx.table.occupy("haven")
        place(ctx, "haven", action)
    elif kind == "her_village":
        yield from visit_own(ctx, action, open_=False)
    elif kind == "open_destination":
        yield from visit_open(ctx, action)
    elif kind == "basic_event":
        yield from basic_event(ctx, action)
    elif kind == "special_event":
        yield from special_event(ctx, action)


def perform_default(ctx: Ctx, action: Action) -> Flow[None]:
    """As much of the default action as she can; its points always come."""
    bare = action.model_copy(update={"points": None})
    saved, ctx.spider = ctx.spider, False  # the spider icon never covers the default action
    if possible(ctx, bare):
        yield from perform(ctx, bare)
    ctx.spider = saved
    ctx.gain(action.points, "default")


def visit_own(ctx: Ctx, action: Action, open_: bool) -> Flow[None]:
    uids = own_destinations(ctx, open_)
    chooser = board.pick_human(ctx.table.humans(), ctx.decider)
    uid = yield from choose(chooser, "nightweave.choose_her_destination", [str(u) for u in uids])
    card = next(c for c in ctx.st.city if c.uid == int(uid))
    ctx.st.visits[card.uid] = ctx.st.visits.get(card.uid, 0) + 1
    ctx.table.occupy(f"card:{card.uid}")
    place(ctx, f"own:{card.uid}", action)
    # Her own non-open Destination pays 2; an open one pays what a visit pays its owner (1).
    ctx.gain(ctx.hooks.open_visit(ctx, 1) if open_ else 2, "destination")


def visit_open(ctx: Ctx, action: Action) -> Flow[None]:
    for human in board.humans_from(ctx.table.humans(), ctx.decider):
        spots = open_spots(ctx, human)
        if spots:
            uid = yield from choose(human, "nightweave.choose_your_destination", [str(u) for u, _ in spots])
            ctx.table.visit_open(human, int(uid))
            place(ctx, f"card:{human}:{uid}", action)
            ctx.gain(ctx.hooks.open_visit(ctx, 0), "destination")  # nothing, unless a module says
            return
    yield from visit_own(ctx, action, open_=True)


def basic_event(ctx: Ctx, action: Action) -> Flow[None]:
    events = ctx.table.basic_events_open()
    colors = [ctx.table.card_color(c.card) for c in ctx.st.city]
    met = [e for e in events if colors.count(e.color) >= e.need]
    near = [e for e in events if colors.count(e.color) >= 2]
    pool = met or near or events
    chosen = board.scan(pool, ctx.decider)[0]
    take_event(ctx, chosen.id, action, special=False)
    yield from ()


def special_event(ctx: Ctx, action: Action) -> Flow[None]:
    events = ctx.table.special_events_open()
    have = [c.card for c in ctx.st.city]
    met = [e for e in events if all(r in have for r in e.requires)]
    near = [e for e in events if any(r in have for r in e.requires)]
    pool = met or near or events
    chosen = board.scan(pool, ctx.decider)[0]
    ctx.st.special_this_season = True
    take_event(ctx, chosen.id, action, special=True)
    yield from ()


def take_event(ctx: Ctx, event: str, action: Action, special: bool) -> None:
    ctx.table.occupy(f"event:{event}")
    ctx.st.pending_events.append(event)  # becomes an Achievement when she Prepares
    if special:
        ctx.st.special_events.add(event)
    place(ctx, f"event:{event}", action)


def choose(seat: int, key: str, options: list[str]) -> Flow[str]:
    if len(options) == 1:
        return options[0]
    answer = yield Choice(seat, key, tuple(options))
    if answer not in options:
        raise ValueError(f"{answer!r} is not one of {options}")
    return answer


# -- things humans give her ---------------------------------------------------------------------


def give_cards(ctx: Ctx, cards: list[str]) -> None:
    """Cards given to her join her hand, and each earns her a point token."""
    ctx.st.hand.extend(cards)
    ctx.rng.shuffle(ctx.st.hand)
    ctx.st.note("given_cards", count=len(cards))
    ctx.gain(len(cards), "gift")


def give_resources(ctx: Ctx, amount: int) -> None:
    """Resources given to her go back to the supply; she draws that many cards, for no points."""
    draw(ctx, amount)


def give_points(ctx: Ctx, amount: int) -> None:
    ctx.gain(amount, "gift")
