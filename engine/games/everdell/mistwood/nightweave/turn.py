"""Her setup, her turn, Prepare for Season and the end of her game.

`flip` and `resolve` are separate so a table-top companion can resolve a card somebody flipped
by hand; the engine calls `take_turn`, which does both from her own Activity deck.
"""

from __future__ import annotations

from engine.games.everdell.mistwood.activity import SEASONS, ActivityCard, ActivityDeck
from engine.games.everdell.mistwood.nightweave import board
from engine.games.everdell.mistwood.nightweave.actions import (
    FOOL,
    Ctx,
    draw,
    perform,
    perform_default,
    possible,
)
from engine.games.everdell.mistwood.nightweave.hooks import NO_HOOKS, Hooks
from engine.games.everdell.mistwood.nightweave.state import WORKERS_BY_SEASON, NightweaveState
from engine.games.everdell.mistwood.nightweave.table import Flow, Rng, Table


def setup(
    deck: ActivityDeck, difficulty: int, icon_points: int, hand: list[str], rng: Rng, pearlbrook: bool = False
) -> NightweaveState:
    """Her pieces at the start: hand dealt by the caller (1 card solo, 2 with two humans)."""
    st = NightweaveState(difficulty=difficulty, icon_points=icon_points, hand=list(hand))
    cards = [c for c in deck.cards if pearlbrook or not c.pearlbrook]
    winter = [c.id for c in cards if c.season == "winter"]
    spiders = [c.id for c in cards if c.season == "winter" and c.spider]
    # Two of the spider-icon winter cards are drawn unseen: one leaves the game, one goes on top.
    first, gone = _two_of(spiders, rng)
    rest = [c for c in winter if c not in (first, gone)]
    rng.shuffle(rest)
    st.deck = [first, *rest]
    for season in SEASONS[1:]:
        st.piles[season] = [c.id for c in cards if c.season == season]
    return st


def _two_of(items: list[str], rng: Rng) -> tuple[str, str]:
    pool = list(items)
    a = pool.pop(rng.randrange(len(pool)))
    b = pool.pop(rng.randrange(len(pool)))
    return a, b


def flip(st: NightweaveState, rng: Rng) -> str:
    """Turn over her next Activity card. An exhausted deck is reshuffled (our ruling)."""
    if not st.deck:
        st.deck, st.played = st.played, []
        rng.shuffle(st.deck)
        st.note("reshuffle", cards=len(st.deck))
    card = st.deck.pop(0)
    st.played.append(card)
    st.current = card
    return card


def take_turn(
    st: NightweaveState,
    table: Table,
    rng: Rng,
    deck: ActivityDeck,
    blocked_webs: set[str] | None = None,
    hooks: Hooks = NO_HOOKS,
) -> Flow[None]:
    card = deck.by_id()[flip(st, rng)]
    yield from resolve(st, table, rng, card, blocked_webs, hooks)


def must_prepare(st: NightweaveState, card: ActivityCard) -> bool:
    """In the Meadow, no spider left, and the card asks for a placement: she Prepares instead."""
    return st.meadow_slot is not None and st.available <= 0 and card.requires_placement(st.season_name)


def resolve(
    st: NightweaveState,
    table: Table,
    rng: Rng,
    card: ActivityCard,
    blocked_webs: set[str] | None = None,
    hooks: Hooks = NO_HOOKS,
    ruled_out: frozenset[str] = frozenset(),
) -> Flow[None]:
    """Her turn once `card` is face up. `ruled_out` names row actions a physical table declared
    impossible (the companion cannot see the board); the engine never passes it."""
    ctx = Ctx(
        st,
        table,
        rng,
        decider=card.decider,
        spider=card.spider,
        blocked_webs=set(blocked_webs or ()),
        hooks=hooks,
        ruled_out=ruled_out,
    )
    season = st.season_name
    st.note("flip", card=card.id, season=season, decider=card.decider)
    if must_prepare(st, card):
        yield from hooks.before_prepare(ctx)
        if season == "autumn":
            yield from end_game(ctx)
        else:
            yield from prepare(ctx)
            yield from hooks.after_prepare(ctx)
        return
    row = card.row(season)
    for slot, action in (("first", row.first), ("second", row.second)):
        if slot not in ruled_out and possible(ctx, action):
            st.note("action", slot=slot, action=action.text())
            yield from perform(ctx, action)
            return
    st.note("action", slot="default", action=card.default.text())
    yield from perform_default(ctx, card.default)


def _return_workers(ctx: Ctx) -> None:
    st = ctx.st
    ctx.table.release_all()
    st.placed.clear()
    st.visits.clear()  # she ignores card text, so even "permanent" spots give her spiders back
    st.events.extend(st.pending_events)
    st.pending_events.clear()


def prepare(ctx: Ctx) -> Flow[None]:
    st, table = ctx.st, ctx.table
    st.note("prepare", season=SEASONS[st.season + 1])
    _return_workers(ctx)
    st.meadow_slot = None  # her slot stays empty until the refill after the season bonus
    free_basic_event(ctx)
    upcoming = SEASONS[st.season + 1]
    st.deck = st.deck + st.played + st.piles.pop(upcoming, [])
    st.played = []
    ctx.rng.shuffle(st.deck)
    st.season += 1
    st.special_this_season = False
    st.workers += WORKERS_BY_SEASON[st.season]
    if upcoming in ("spring", "autumn"):
        draw(ctx, 2)
        taken = take_random_meadow(ctx, 1 if upcoming == "spring" else 2)
        for card in taken:
            table.discard(card)
        st.note("meadow_discard", cards=taken)
    else:
        taken = take_random_meadow(ctx, 2)
        st.hand.extend(taken)
        ctx.rng.shuffle(st.hand)
        st.note("meadow_to_hand", count=len(taken))
    table.refill_meadow(None)
    yield from ()


def take_random_meadow(ctx: Ctx, n: int) -> list[str]:
    """Roll for each card; an empty slot passes to the next card clockwise. Refill afterwards."""
    out = []
    for _ in range(n):
        value = ctx.rng.d8()
        ctx.st.note("roll", value=value)
        slot = board.next_meadow_card(ctx.table.meadow(), value - 1)
        if slot is None:
            break
        card = ctx.table.take_meadow(slot)
        if card is not None:
            out.append(card)
    return out


def free_basic_event(ctx: Ctx) -> None:
    colors = [ctx.table.card_color(c.card) for c in ctx.st.city]
    met = [e for e in ctx.table.basic_events_open() if colors.count(e.color) >= e.need]
    if met:
        event = board.scan(met, ctx.decider)[0].id
        ctx.table.occupy(f"event:{event}")
        ctx.st.events.append(event)
        ctx.st.note("event", event=event, free=True)


def end_game(ctx: Ctx) -> Flow[None]:
    """Her autumn Prepare ends her game instead."""
    st, table = ctx.st, ctx.table
    st.note("game_end")
    _return_workers(ctx)
    # her final Prepare still brings her figure home, and a slot she leaves is refilled: the
    # humans finish autumn with a full Meadow and nothing of hers stays on it
    st.meadow_slot = None
    table.refill_meadow(None)
    for card in st.lair:
        if table.card_kind(card) in ("critter", "construction"):
            if card == FOOL:
                table.discard(card)
            else:
                st.add_city(card, as_given=True)  # even past 15 cards
    st.lair = [c for c in st.lair if table.card_kind(c) not in ("critter", "construction")]
    have = [c.card for c in st.city]
    colors = [table.card_color(c) for c in have]
    basic = [e.id for e in table.basic_events_open() if colors.count(e.color) >= e.need]
    special = [e.id for e in table.special_events_open() if all(r in have for r in e.requires)]
    final = board.scan(basic + special, ctx.decider)
    if final:
        table.occupy(f"event:{final[0]}")
        st.events.append(final[0])
        if final[0] in special:
            st.special_events.add(final[0])
        st.note("event", event=final[0], final=True)
    st.finished = True
    yield from ()
