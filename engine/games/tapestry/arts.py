"""Arts & Architecture (the `arts` option): the masterpieces (Create, Broadcast, Streaming
Implants, step 1 of income turns), the Arts track's own benefits, inspiration, and the tech cards
that hold a landmark.

A player's masterpieces are `Player.art["masterpieces"]`, entries [id, flipped] in the order taken;
landmarks standing on tech cards are `Player.art["on_card"]` (card -> landmark).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.tapestry import actions, effects
from engine.games.tapestry.asks import Gen, opt
from engine.games.tapestry.data import BUILDINGS, RESOURCES, all_tracks, masterpieces, tech_cards

if TYPE_CHECKING:
    from engine.games.tapestry.game import TapestryGame

# the tokens this module resolves (effects.token hands them over)
TOKENS = frozenset(
    {
        "masterpiece",
        "refresh_masterpieces",
        "broadcast",
        "streaming",
        "inspiration",
        "adv_other",
        "costuming",
        "mime",
        "upgrade_once",
        "conquer_empty",
        "duct_tape",
    }
)


def owned(g: TapestryGame, seat: int) -> list[list[Any]]:
    out: list[list[Any]] = g.players[seat].art.setdefault("masterpieces", [])
    return out


def usable(g: TapestryGame, seat: int) -> list[str]:
    """Your masterpieces whose benefit may still be gained (a flipped single-use one is spent)."""
    return [m for m, flipped in owned(g, seat) if not flipped]


def token(g: TapestryGame, seat: int, tok: str) -> Gen:
    if tok == "masterpiece":
        yield from create(g, seat)
    elif tok == "refresh_masterpieces":
        yield from refresh(g, seat)
    elif tok == "broadcast":
        yield from broadcast(g, seat)
    elif tok == "streaming":
        yield from streaming(g, seat)
    elif tok == "inspiration":
        yield from inspiration(g, seat)
    elif tok == "adv_other":
        yield from advance_other(g, seat)
    elif tok == "costuming":
        yield from costuming(g, seat)
    elif tok == "mime":
        yield from mime(g, seat)
    elif tok == "upgrade_once":  # Ceramics: the card upgraded may not be upgraded again this turn
        card = yield from g.upgrade(seat)
        if card is not None:
            g.no_upgrade.add((seat, card))
    elif tok == "conquer_empty":  # Topiary
        yield from actions.conquer(g, seat, empty_only=True)
    elif tok == "duct_tape":  # one card twice or two cards once each, prerequisites ignored
        for _ in range(2):
            yield from g.upgrade(seat, ignore=True)
    else:  # pragma: no cover - TOKENS lists every branch
        raise ValueError(tok)


# ------------------------------------------------------------------------------ the masterpieces
def draw(g: TapestryGame) -> str | None:
    if not g.mp_deck and g.mp_discard:
        g.mp_deck = g.shuffled(g.mp_discard)
        g.mp_discard = []
        g.emit("reshuffle", deck="masterpieces")
    return g.mp_deck.pop() if g.mp_deck else None


def refill(g: TapestryGame) -> None:
    while len(g.mp_row) < 3:
        card = draw(g)
        if card is None:
            return
        g.mp_row.append(card)
        g.emit("refill_masterpiece", card=card)


def create(g: TapestryGame, seat: int) -> Gen:
    """Create: one of the three face-up masterpieces or the top of the deck; the row refills."""
    opts = [opt(f"mp:{m}", "tapestry.masterpiece", card=m) for m in g.mp_row]
    if g.mp_deck or g.mp_discard:
        opts.append(opt("deck", "tapestry.masterpiece_deck"))
    if not opts:
        g.emit("create_nothing", seat)
        return
    choice = yield from g.pick(seat, "tapestry.prompt.create", opts)
    if choice == "deck":
        card = draw(g)
        assert card is not None
        g.emit("draw_masterpiece", seat, card=card)  # it goes face up on the mat: everyone sees it
    else:
        card = choice[3:]
        g.mp_row.remove(card)
        refill(g)
    owned(g, seat).append([card, False])
    g.emit("create", seat, card=card)


def refresh(g: TapestryGame, seat: int) -> Gen:
    if not g.mp_row:
        return
    ok = yield from g.confirm(seat, "tapestry.prompt.refresh_masterpieces", default=False)
    if ok:
        g.mp_discard.extend(g.mp_row)
        g.mp_row = []
        refill(g)
        g.emit("refresh_masterpieces", seat, row=list(g.mp_row))


def use(g: TapestryGame, seat: int, card: str, owner: int) -> Gen:
    """Gain a masterpiece's benefit (the owner's card; a single-use one is flipped)."""
    mp = masterpieces()[card]
    if mp.single_use:
        for entry in owned(g, owner):
            if entry[0] == card:
                entry[1] = True
    g.emit("masterpiece", seat, card=card, owner=owner, flipped=mp.single_use)
    with g.resolving(seat, [f"masterpiece:{card}"]):
        yield from effects.do(g, seat, mp.benefit)


def income_step(g: TapestryGame, seat: int) -> Gen:
    """Step 1 of income turns 2-5: each of your masterpieces, in the order you choose; a
    single-use one only if you say so (it is then spent)."""
    left = usable(g, seat)
    while left:
        if len(left) == 1:
            card = left[0]
        else:
            opts = [opt(f"mp:{m}", "tapestry.masterpiece", card=m) for m in left]
            card = (yield from g.pick(seat, "tapestry.prompt.masterpiece_order", opts))[3:]
        left.remove(card)
        if masterpieces()[card].single_use:
            ok = yield from g.confirm(seat, "tapestry.prompt.single_use", {"card": card}, default=False)
            if not ok:
                continue
        yield from use(g, seat, card, seat)


def broadcast(g: TapestryGame, seat: int) -> Gen:
    mine = usable(g, seat)
    if not mine:
        g.emit("broadcast_nothing", seat)
        return
    opts = [opt(f"mp:{m}", "tapestry.masterpiece", card=m) for m in mine]
    card = (yield from g.pick(seat, "tapestry.prompt.broadcast", opts))[3:]
    yield from use(g, seat, card, seat)


def streaming(g: TapestryGame, seat: int) -> Gen:
    """Streaming Implants: up to 3 different masterpieces, yours or your neighbours' (never a
    neighbour's single-use one), in the order you choose."""
    pool: dict[str, int] = {m: seat for m in usable(g, seat)}
    for o in g.neighbours(seat):
        for m in usable(g, o):
            if not masterpieces()[m].single_use:
                pool.setdefault(m, o)
    if not pool:
        g.emit("broadcast_nothing", seat)
        return
    opts = [opt(f"mp:{m}:{o}", "tapestry.masterpiece", card=m, group=f"seat{o}") for m, o in pool.items()]
    chosen = list((yield from g.pick_many(seat, "tapestry.prompt.streaming", opts, 0, min(3, len(opts)))))
    while chosen:
        if len(chosen) == 1:
            pick = chosen[0]
        else:
            order = [o for o in opts if o.id in chosen]
            pick = yield from g.pick(seat, "tapestry.prompt.masterpiece_order", order)
        chosen.remove(pick)
        _, card, owner = pick.split(":")
        yield from use(g, seat, card, int(owner))


# ------------------------------------------------------------------------------ track benefits
def inspiration(g: TapestryGame, seat: int) -> Gen:
    """Lay one of your unused inspiration tiles over its income track's row: the buildings stay,
    the tile's icons replace the row's. The tiles are printed only: without the server's data set
    (`inspiration_tiles`) the benefit gives nothing, and the log says so (as the lobby did)."""
    from engine.games.tapestry.arts_data import tiles

    if tiles(g.options) is None:
        g.emit("inspiration_unavailable", seat, why="no_data_set")
        return
    laid: list[str] = g.players[seat].art.setdefault("inspiration", [])
    left = [b for b in BUILDINGS if b not in laid]
    if not left:
        g.emit("inspiration_unavailable", seat, why="all_laid")
        return
    opts = [opt(f"building:{b}", f"tapestry.inspiration.{b}") for b in left]
    row = (yield from g.pick(seat, "tapestry.prompt.inspiration", opts))[9:]
    laid.append(row)
    g.emit("inspiration", seat, row=row)


def advance_other(g: TapestryGame, seat: int) -> Gen:
    """Flash Mob / Infinite Spectrum Photography: advance on one of the tracks the space offers
    (ours: any of the four base tracks), with its benefit; its bonus may be paid."""
    among = [t for t in g.arts_values["flash_mob_tracks"] if t in g.track_ids and g.can_advance(seat, t)]
    if not among:
        g.emit("advance_nothing", seat)
        return
    opts = [opt(f"track:{t}", f"tapestry.track.{t}") for t in among]
    track = (yield from g.pick(seat, "tapestry.prompt.advance_track", opts))[6:]
    yield from g.advance(seat, track, "benefit")


def pay_one(g: TapestryGame, seat: int, key: str) -> Gen:
    """Pay any 1 resource, or decline: the resource paid, or None."""
    p = g.players[seat]
    have = [r for r in RESOURCES if p.res[r] > 0]
    if not have:
        return None
    opts = [opt("skip", "tapestry.skip")] + [opt(f"res:{r}", f"tapestry.res.{r}") for r in have]
    choice = yield from g.pick(seat, key, opts, default="skip")
    if choice == "skip":
        return None
    p.res[choice[4:]] -= 1
    g.emit("pay", seat, what=[choice[4:]])
    return choice[4:]


def costuming(g: TapestryGame, seat: int) -> Gen:
    if not g.can_advance(seat, "arts"):
        return
    paid = yield from pay_one(g, seat, "tapestry.prompt.costuming")
    if paid is not None:
        yield from g.advance(seat, "arts", "benefit")


def mime(g: TapestryGame, seat: int) -> Gen:
    """Pay 1 resource: the benefit of your current space on any track (its bonus may be paid)."""
    p = g.players[seat]
    spaces = [
        (t, pos)
        for t in g.track_ids
        for pos in sorted(set(p.tracks[t]))
        if 0 < pos <= 12 and (seat, t, pos) not in g.activated
    ]
    if not spaces:
        return
    paid = yield from pay_one(g, seat, "tapestry.prompt.mime")
    if paid is None:
        return
    opts = [
        opt(f"space:{t}:{pos}", "tapestry.space", card=all_tracks()[t].spaces[pos - 1].name, group=t)
        for t, pos in spaces
    ]
    _, t, at = (yield from g.pick(seat, "tapestry.prompt.repeat_space", opts)).split(":")
    yield from g.gain_space(seat, t, int(at), bonus=True)


# ------------------------------------------------------------------------------ landmark cards
def landmark_card(g: TapestryGame, seat: int, name: str) -> Gen:
    """A landmark just gained may stand on one of your tech cards that asks for one and holds
    none (any size); the card is upgraded once at once. True when it went on a card."""
    p = g.players[seat]
    on_card: dict[str, str] = p.art.get("on_card", {})
    cards = sorted(
        c
        for c, row in p.tech.items()
        if tech_cards()[c].requires.landmark_on_card and c not in on_card and row < 2
    )
    if not cards:
        return False
    opts = [opt("capital", "tapestry.landmark_to_capital", card=name)]
    opts += [opt(f"tech:{c}", "tapestry.landmark_on_card", card=c) for c in cards]
    choice = yield from g.pick(
        seat, "tapestry.prompt.landmark_on_card", opts, default="capital", params={"landmark": name}
    )
    if choice == "capital":
        return False
    card = choice[5:]
    p.art.setdefault("on_card", {})[card] = name
    g.emit("landmark_on_card", seat, what=name, card=card)
    yield from g.upgrade(seat, only=card)
    return True


def card_discarded(g: TapestryGame, seat: int, card: str) -> None:
    """A discarded tech card takes its landmark with it (out of the game)."""
    on_card = g.players[seat].art.get("on_card")
    if on_card and card in on_card:
        g.emit("landmark_discarded", seat, what=on_card.pop(card), card=card)


def cards_left(g: TapestryGame) -> None:
    """End of a turn: a card that left its owner (the Inventors' prize) took its landmark with it,
    out of play, as a discarded card does (our reading: the rulebook says only the discard)."""
    for p in g.players:
        on_card = p.art.get("on_card")
        for card in sorted(on_card or ()):
            if card not in p.tech:
                card_discarded(g, p.seat, card)
