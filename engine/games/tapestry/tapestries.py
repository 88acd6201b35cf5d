"""Tapestry cards: laying them on the income mat, their WHEN PLAYED abilities and the hooks
their THIS ERA abilities attach to."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.games.tapestry import actions, effects
from engine.games.tapestry.asks import Gen, opt
from engine.games.tapestry.data import RESOURCES, all_tracks, landmarks, tapestry_cards, tiles
from engine.games.tapestry.mapgeo import land_terrains
from engine.games.tapestry.modules import play as module_play

if TYPE_CHECKING:
    from engine.games.tapestry.game import TapestryGame

Played = Callable[["TapestryGame", int], Gen]
TERRAIN_RESOURCE = {"mountain": "worker", "grassland": "culture", "forest": "food", "desert": "coin"}


def era_active(g: TapestryGame, seat: int, card: str) -> bool:
    return g.players[seat].era_card == card


# ---------------------------------------------------------------------------------- laying cards
def current_pile(g: TapestryGame, seat: int) -> int:
    """The pile of the era you are in (era 5 and later share the era-4 pile)."""
    return min(max(g.players[seat].income_turns, 1), 4) - 1


def income_play(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    pile = current_pile(g, seat)
    if not p.hand:
        card = g.draw_tapestry_card()
        if card is not None:
            first = not p.mat[pile]
            p.mat[pile].append([card, False])
            p.era_card = None
            g.emit("play_face_down", seat, era=pile + 1)
            if g.content.modules:  # a face-down card still earns the right charm beside it
                p.charms = module_play.count_charms(g, seat)
                gains = module_play.charms_on_lay(g, seat, card, pile, first)
                if gains:
                    g.emit("charm", seat, card=None, gain=[effects.label(s) for s in gains])
                    yield from effects.do(g, seat, gains)
        return
    yield from play_from_hand(g, seat, pile, "tapestry.prompt.play_tapestry")


def play_from_hand(g: TapestryGame, seat: int, pile: int, key: str) -> Gen:
    p = g.players[seat]
    opts = [opt(f"card:{c}", "tapestry.card", card=c) for c in sorted(set(p.hand))]
    # asked even with one kind of card in hand: skipping the question would tell the table so
    choice = yield from g.pick(seat, key, opts, force=True)
    card = choice[5:]
    p.hand.remove(card)
    yield from lay(g, seat, card, pile)


def lay(g: TapestryGame, seat: int, card: str, pile: int) -> Gen:
    p = g.players[seat]
    first = not p.mat[pile]
    p.mat[pile].append([card, True])
    kind = kind_of(g, card)
    p.era_card = card if kind == "era" else None
    p.marker = {}
    g.emit("play_tapestry", seat, card=card, era=pile + 1)
    if g.content.modules:  # charms (F&F) and the uploaded cards' abilities
        yield from module_play.lay_with_charms(g, seat, card, pile, first)
        return
    yield from resolve(g, seat, card)


def kind_of(g: TapestryGame, card: str) -> str:
    """`played`, `era`, `trap`, or an uploaded card's `ongoing` / `response`."""
    return g.content.card_kind(card) or tapestry_cards()[card].kind


def resolve(g: TapestryGame, seat: int, card: str) -> Gen:
    fn = PLAYED.get(card)
    if fn is not None:
        with g.resolving(seat, [f"card:{card}"]):  # for the benefit queue (the card is face up)
            yield from fn(g, seat)
    elif g.content.card_kind(card) is not None:  # an uploaded card's WHEN PLAYED (copies too)
        with g.resolving(seat, [f"card:{card}"]):
            yield from module_play.when_played(g, seat, card)


def overplay(g: TapestryGame, seat: int) -> Gen:
    """Lay a card from hand on top of your current tapestry (only the new card is active)."""
    if not g.players[seat].hand:
        return
    yield from play_from_hand(g, seat, current_pile(g, seat), "tapestry.prompt.overplay")


def draw_two_keep_one(g: TapestryGame, seat: int) -> Gen:
    """The variant for income turn 1: draw 2 tapestry cards (Psionics 3), keep 1, discard the rest."""
    p = g.players[seat]
    before = len(p.hand)
    yield from g.gain_tapestry(seat, 3 if actions.psionic(g, seat) else 2, psionic=False)
    drawn = p.hand[before:]
    if len(drawn) < 2:
        return
    opts = [opt(f"keep:{i}", "tapestry.card", card=c) for i, c in enumerate(drawn)]
    choice = yield from g.pick(seat, "tapestry.prompt.keep_one", opts)
    kept = int(choice[5:])
    for i, other in enumerate(drawn):
        if i != kept:
            p.hand.remove(other)
            g.tapestry_discard.append(other)
    g.emit("discard", seat, source="hand", count=len(drawn) - 1)


# ---------------------------------------------------------------------------------- hooks
def forbids(g: TapestryGame, seat: int, track: str) -> bool:
    card = g.players[seat].era_card
    return (card == "peacemaker" and track == "military") or (card == "theocracy" and track == "science")


def allied(g: TapestryGame, a: int, b: int) -> bool:
    pa, pb = g.players[a], g.players[b]
    return (pa.era_card == "alliance" and pa.marker.get("ally") == b) or (pb.era_card == "alliance" and pb.marker.get("ally") == a)


def on_new_tier(g: TapestryGame, seat: int, landmark: str) -> Gen:
    if era_active(g, seat, "revisionism"):
        if landmark in g.available_landmarks:
            yield from g.gain_any(seat)
        else:
            yield from g.gain_building(seat, "armory")


def on_tier_entered(g: TapestryGame, seat: int) -> None:
    if era_active(g, seat, "theocracy"):
        g.gain_vp(seat, 4, "theocracy")


def on_advance(g: TapestryGame, seat: int, track: str) -> None:
    if track == "science" and era_active(g, seat, "empiricism"):
        g.gain_vp(seat, 2, "empiricism")
    if track == "military":
        for o in g.opponents(seat):
            if era_active(g, o, "peacemaker"):
                g.gain_vp(o, 3, "peacemaker")


def after_track_benefit(g: TapestryGame, seat: int, track: str, benefit: list[Any]) -> Gen:
    if g.players[seat].marker.get("copying"):
        return
    for o in g.opponents(seat):
        q = g.players[o]
        if q.era_card == "arranged_marriage" and q.marker.get("partner") == seat and q.marker.get("track") == track:
            q.marker["copying"] = True
            try:
                g.emit("copy_benefit", o, source=seat, track=track)
                yield from effects.do(g, o, benefit)
            finally:
                q.marker["copying"] = False


def after_upgrade(g: TapestryGame, seat: int, benefit: list[Any]) -> Gen:
    for o in g.opponents(seat):
        q = g.players[o]
        if q.era_card == "alliance" and q.marker.get("ally") == seat and not q.marker.get("copying"):
            q.marker["copying"] = True
            try:
                g.emit("copy_benefit", o, source=seat, track="upgrade")
                yield from effects.do(g, o, benefit)
            finally:
                q.marker["copying"] = False


def on_building(g: TapestryGame, seat: int, kind: str) -> Gen:
    if era_active(g, seat, "monarchy"):
        g.gain_vp(seat, 3, "monarchy")
    if kind == "market" and era_active(g, seat, "capitalism"):
        g.gain_res(seat, "coin")
    return
    yield


def on_tapestry_gained(g: TapestryGame, seat: int, card: str) -> Gen:
    p = g.players[seat]
    if era_active(g, seat, "academia"):
        g.gain_vp(seat, 3, "academia")
    if era_active(g, seat, "tyranny") and not p.marker.get("tyranny_used"):
        ok = yield from g.confirm(seat, "tapestry.prompt.tyranny", {"card": card}, default=False)
        if ok:
            p.marker["tyranny_used"] = True
            p.hand.remove(card)
            g.gain_vp(seat, 5, "tyranny")
            yield from lay(g, seat, card, current_pile(g, seat))


def age_of_sail(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    for _ in range(3):
        yield from actions.take_tile(g, seat)
    if p.tiles:
        opts = [opt("keep", "tapestry.keep")] + [
            opt(f"give:{o}:{t}", "tapestry.give_tile", group=f"seat{o}") for o in g.opponents(seat) for t in sorted(set(p.tiles))
        ]
        choice = yield from g.pick(seat, "tapestry.prompt.age_of_sail", opts, default="keep")
        if choice != "keep":
            _, o, t = choice.split(":")
            p.tiles.remove(int(t))
            g.players[int(o)].tiles.append(int(t))
            g.emit("give_tile", seat, to_seat=int(o), tile=int(t))
            g.gain_vp(seat, 3, "age_of_sail")


def mercantilism(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    while p.res["food"] > 0:
        opts = [opt("stop", "tapestry.stop")] + [opt(f"res:{r}", f"tapestry.res.{r}") for r in RESOURCES if r != "food" and p.res[r] < 8]
        choice = yield from g.pick(seat, "tapestry.prompt.mercantilism", opts, default="stop")
        if choice == "stop":
            return
        p.res["food"] -= 1
        g.gain_res(seat, choice[4:])
        g.gain_vp(seat, 2, "mercantilism")


# ---------------------------------------------------------------------------------- helpers
def choose_track(g: TapestryGame, seat: int, key: str, among: tuple[str, ...] | None = None) -> Gen:
    opts = [opt(f"track:{t}", f"tapestry.track.{t}") for t in (g.track_ids if among is None else among)]
    choice = yield from g.pick(seat, key, opts)
    return choice[6:]


def choose_opponent(g: TapestryGame, seat: int, key: str) -> Gen:
    opts = [opt(f"seat:{o}", "tapestry.seat") for o in g.opponents(seat)]
    choice = yield from g.pick(seat, key, opts)
    return int(choice[5:])


def leads(g: TapestryGame, seat: int, track: str) -> bool:
    mine = g.players[seat].pos(track)
    return all(g.players[o].pos(track) <= mine for o in g.opponents(seat))


# ---------------------------------------------------------------------------------- cards
def age_of_discovery(g: TapestryGame, seat: int) -> Gen:
    track = yield from actions.science_roll(g, seat)
    for q in g.order_from(seat):
        if q.seat == seat or not q.finished:
            yield from g.advance(q.seat, track, "benefit" if q.seat == seat else "none")


def age_of_wonders(g: TapestryGame, seat: int) -> Gen:
    counts = [len(q.landmarks) for q in g.players]
    mine = counts[seat]
    others = [counts[o] for o in g.opponents(seat)]
    if mine < min(others):
        yield from g.gain_any(seat, 2)
    elif mine > max(others):
        g.gain_vp(seat, 12, "age_of_wonders")
    else:
        yield from g.gain_any(seat)
        g.gain_vp(seat, 6, "age_of_wonders")


def alliance(g: TapestryGame, seat: int) -> Gen:
    ally = yield from choose_opponent(g, seat, "tapestry.prompt.alliance")
    g.players[seat].marker["ally"] = ally
    g.emit("alliance", seat, ally=ally)


def boast(g: TapestryGame, seat: int) -> Gen:
    g.gain_vp(seat, 4 * sum(1 for t in g.track_ids if leads(g, seat, t)), "boast")
    return
    yield


def coal_baron(g: TapestryGame, seat: int) -> Gen:
    if g.tile_bag:
        tile = g.tile_bag.pop()
        g.emit("gain_tile", seat, tile=tile)
        yield from actions.explore(g, seat, tile=tile)
    for o in g.neighbours(seat):
        if not g.players[o].finished:
            yield from actions.take_tile(g, o)


def colonialism(g: TapestryGame, seat: int) -> Gen:
    own = [h for h in g.controlled(seat) if not g.sites[h].printed and g.sites[h].tile is not None]
    if not own:
        return
    from engine.games.tapestry.actions import hex_id, parse_hex

    opts = [opt(hex_id(h), "tapestry.hex") for h in own]
    choice = yield from g.pick(seat, "tapestry.prompt.colonialism", opts)
    site = g.sites[parse_hex(choice)]
    assert site.tile is not None
    t = tiles()[site.tile]
    for terrain in land_terrains(t.corners, t.centre):
        g.gain_res(seat, TERRAIN_RESOURCE[terrain])


def dark_ages(g: TapestryGame, seat: int) -> Gen:
    target = yield from choose_track(g, seat, "tapestry.prompt.dark_ages")
    spared = {target}
    if len(g.track_ids) > 4:  # FAQ: with the Arts track, 3 tracks regress and one of the other 2 advances
        others = tuple(t for t in g.track_ids if t != target)
        spared.add((yield from choose_track(g, seat, "tapestry.prompt.dark_ages_spare", others)))
    for t in g.track_ids:
        if t not in spared:
            yield from g.regress(seat, t, "none")
    for _ in range(3):
        yield from g.advance(seat, target, "none")


def democracy(g: TapestryGame, seat: int) -> Gen:
    yield from g.gain_tapestry(seat, 3)
    p = g.players[seat]
    if not p.hand:
        return
    from engine.core.prompts import instance_ids

    opts = [opt(i, "tapestry.card", card=c) for i, c in instance_ids(p.hand)]
    chosen = yield from g.pick_many(seat, "tapestry.prompt.democracy", opts, 0, len(opts))
    for i in chosen:
        card = i.split("#", 1)[0]
        p.hand.remove(card)
        g.tapestry_discard.append(card)
    if chosen:
        g.emit("discard", seat, source="hand", count=len(chosen))
        g.gain_vp(seat, 2 * len(chosen), "democracy")


def dictatorship(g: TapestryGame, seat: int) -> Gen:
    open_tracks = tuple(t for t in g.track_ids if g.can_advance(seat, t)) or g.track_ids
    track = yield from choose_track(g, seat, "tapestry.prompt.dictatorship", open_tracks)
    yield from g.advance(seat, track, "benefit")
    g.blocks.append((track, seat, g.players[seat].turns + 2))
    g.emit("dictatorship", seat, track=track)


def diplomacy(g: TapestryGame, seat: int) -> Gen:
    for q in g.order_from(seat):
        if q.seat == seat or not q.finished:
            yield from g.gain_any(q.seat)
    yield from effects.token(g, seat, "any_building")


def dystopia(g: TapestryGame, seat: int) -> Gen:
    avail = [n for n in landmarks() if n in g.available_landmarks]
    if not avail:
        return
    opts = [opt(f"landmark:{n}", "tapestry.landmark", card=n) for n in avail]
    choice = yield from g.pick(seat, "tapestry.prompt.dystopia", opts)
    yield from g.gain_landmark(seat, choice[9:])


def visible_cards(g: TapestryGame) -> list[tuple[int, int, int, str]]:
    """(seat, pile, index, card) of every face-up card no other card covers: the top of each era
    pile of every income mat (cards of past eras stay visible; only an overplayed card is covered)."""
    out = []
    for q in g.players:
        for pile, cards in enumerate(q.mat):
            if cards and cards[-1][1]:
                out.append((q.seat, pile, len(cards) - 1, str(cards[-1][0])))
    return out


def copyable(g: TapestryGame, card: str) -> bool:
    """What Espionage and the Heralds may copy: a WHEN PLAYED ability (a Trap's included)."""
    return kind_of(g, card) in ("played", "trap", "response")  # never THIS ERA or ONGOING


def espionage(g: TapestryGame, seat: int) -> Gen:
    opts = []
    for q_seat, _, _, card in visible_cards(g):
        if copyable(g, card) and card != "espionage":
            option = opt(f"copy:{q_seat}:{card}", "tapestry.card", card=card, group=f"seat{q_seat}")
            if option not in opts:  # two visible Traps of one player copy alike
                opts.append(option)
    if not opts:
        return
    choice = yield from g.pick(seat, "tapestry.prompt.espionage", opts)
    card = choice.split(":")[2]
    g.emit("copy_card", seat, card=card)
    yield from resolve(g, seat, card)


def feudalism(g: TapestryGame, seat: int) -> Gen:
    opts = [opt("resource", "tapestry.feudalism.resource"), opt("vp", "tapestry.feudalism.vp", cost=3 * len(g.players[seat].landmarks))]
    choice = yield from g.pick(seat, "tapestry.prompt.feudalism", opts)
    if choice == "resource":
        yield from g.gain_any(seat)
    else:
        g.gain_vp(seat, 3 * len(g.players[seat].landmarks), "feudalism")


def guilds(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    opts = [opt("none", "tapestry.skip")]
    for k in (1, 2, 3):
        if p.vp >= 5 * k:
            opts.append(opt(f"buy:{k}", "tapestry.guilds.buy", cost=5 * k))
    for k in (1, 2, 3):
        if sum(p.res.values()) >= k:
            opts.append(opt(f"sell:{k}", "tapestry.guilds.sell", cost=k))
    choice = yield from g.pick(seat, "tapestry.prompt.guilds", opts, default="none")
    if choice == "none":
        return
    kind, amount = choice.split(":")
    n = int(amount)
    if kind == "buy":
        g.gain_vp(seat, -5 * n, "guilds")
        yield from g.gain_any(seat, n)
    else:
        yield from g.lose_any(seat, n)
        g.gain_vp(seat, 5 * n, "guilds")


def arranged_marriage(g: TapestryGame, seat: int) -> Gen:
    taken = {
        g.players[o].marker.get("track") for o in g.opponents(seat) if g.players[o].era_card == "arranged_marriage"
    }
    among = tuple(t for t in g.track_ids if t not in taken) or g.track_ids
    track = yield from choose_track(g, seat, "tapestry.prompt.arranged_marriage_track", among)
    partner = yield from choose_opponent(g, seat, "tapestry.prompt.arranged_marriage_partner")
    g.players[seat].marker.update(track=track, partner=partner)
    g.emit("arranged_marriage", seat, track=track, partner=partner)


def meritocracy(g: TapestryGame, seat: int) -> Gen:
    yield from g.invent(seat)
    g.gain_vp(seat, 2 * len(g.players[seat].tech), "meritocracy")


def oil_magnate(g: TapestryGame, seat: int) -> Gen:
    track = yield from choose_track(g, seat, "tapestry.prompt.oil_magnate")
    yield from g.advance(seat, track, "benefit")
    for o in g.neighbours(seat):
        if not g.players[o].finished:
            yield from g.advance(o, track, "none")


def olympic_host(g: TapestryGame, seat: int) -> Gen:
    joined = False
    for q in g.order_from(seat):
        if q.res["worker"] > 0 and (q.seat == seat or not q.finished):
            ok = yield from g.confirm(q.seat, "tapestry.prompt.olympic_host", default=True)
            if ok:
                q.res["worker"] -= 1
                g.emit("pay", q.seat, what=["worker"])
                g.gain_vp(q.seat, 10, "olympic_host")
                joined = joined or q.seat != seat
    if joined:
        yield from effects.token(g, seat, "any_building")
    else:
        g.gain_res(seat, "coin")


def plea_for_aid(g: TapestryGame, seat: int) -> Gen:
    mine = g.players[seat]
    for t in g.track_ids:
        if all(g.players[o].pos(t) > mine.pos(t) for o in g.opponents(seat)):
            g.gain_vp(seat, 2, "plea_for_aid")
            yield from g.gain_any(seat)


def renaissance(g: TapestryGame, seat: int) -> Gen:
    for t in g.track_ids:
        yield from g.advance(seat, t, "freebonus")


def revolution(g: TapestryGame, seat: int) -> Gen:
    spots = [
        h
        for h in g.hexes
        if any(q[0] == seat and not q[1] for q in g.sites[h].pieces) and any(q[0] != seat and q[1] for q in g.sites[h].pieces)
    ]
    opts = [opt("resource", "tapestry.revolution.resource")]
    if spots:
        opts.append(opt("stand", "tapestry.revolution.stand"))
    choice = yield from g.pick(seat, "tapestry.prompt.revolution", opts)
    if choice == "resource":
        yield from g.gain_any(seat)
        return
    from engine.games.tapestry.actions import hex_id, parse_hex

    hex_opts = [opt(hex_id(h), "tapestry.hex") for h in spots]
    chosen = yield from g.pick_many(seat, "tapestry.prompt.revolution_hexes", hex_opts, 1, 3)
    for c in chosen:
        site = g.sites[parse_hex(c)]
        for piece in site.pieces:
            piece[1] = piece[0] == seat
        g.emit("revolution", seat, hex=list(parse_hex(c)))
    g.award_topples()


def socialism(g: TapestryGame, seat: int) -> Gen:
    track = yield from choose_track(g, seat, "tapestry.prompt.socialism")
    p = g.players[seat]
    if not p.tracks[track]:
        return
    mine = p.pos(track)
    others = [g.players[o].pos(track) for o in g.opponents(seat)]
    gap = min(abs(x - mine) for x in others)
    nearest = sorted({x for x in others if abs(x - mine) == gap})
    target = nearest[0]
    if len(nearest) > 1:  # one opponent as far ahead as another behind: the player picks
        opts = [opt(f"n:{x}", "tapestry.number") for x in nearest]
        choice = yield from g.pick(seat, "tapestry.prompt.socialism_space", opts, params={"track": track})
        target = int(choice[2:])
    while p.pos(track) < target:
        moved = yield from g.advance(seat, track, "none")
        if not moved:
            break
    while p.pos(track) > target:
        moved = yield from g.regress(seat, track, "none")
        if not moved:
            break


def steam_tycoon(g: TapestryGame, seat: int) -> Gen:
    yield from g.invent(seat, from_deck=False, upgrade_it=True)
    right_then_left = list(dict.fromkeys(((seat - 1) % g.n, (seat + 1) % g.n)))
    for o in right_then_left:
        if g.players[o].finished or not g.receives(o, "tech"):
            continue
        card = g.draw_tech()
        g.emit("draw_tech", o)
        if card is not None and card not in g.players[o].tech:
            g.players[o].tech[card] = 0
            g.emit("invent", o, card=card)


def technocracy(g: TapestryGame, seat: int) -> Gen:
    era = g.players[seat].income_turns
    if all(g.players[o].income_turns < era for o in g.opponents(seat)):
        yield from g.invent(seat, upgrade_it=True)
    else:
        g.gain_vp(seat, 3 * len(g.opponents(seat)), "technocracy")


def trade_economy(g: TapestryGame, seat: int) -> Gen:
    opts = []
    for o in g.opponents(seat):
        for t in g.track_ids:
            pos = g.players[o].pos(t)
            if pos > 0 and g.players[o].tracks[t]:
                opts.append(opt(f"space:{o}:{t}:{pos}", "tapestry.space", card=all_tracks()[t].spaces[pos - 1].name, group=f"seat{o}"))
    if not opts:
        return
    choice = yield from g.pick(seat, "tapestry.prompt.trade_economy", opts)
    _, owner, t, at = choice.split(":")
    sp = all_tracks()[t].spaces[int(at) - 1]
    yield from effects.do(g, seat, sp.benefit)
    if sp.bonus is not None:
        yield from g.take_bonus(int(owner), sp.bonus, free=True)


def trap(g: TapestryGame, seat: int) -> Gen:
    g.gain_vp(seat, 10, "trap")
    return
    yield


PLAYED: dict[str, Played] = {
    "age_of_discovery": age_of_discovery,
    "age_of_wonders": age_of_wonders,
    "alliance": alliance,
    "boast_of_superiority": boast,
    "coal_baron": coal_baron,
    "colonialism": colonialism,
    "dark_ages": dark_ages,
    "democracy": democracy,
    "dictatorship": dictatorship,
    "diplomacy": diplomacy,
    "dystopia": dystopia,
    "espionage": espionage,
    "feudalism": feudalism,
    "guilds": guilds,
    "arranged_marriage": arranged_marriage,
    "meritocracy": meritocracy,
    "oil_magnate": oil_magnate,
    "olympic_host": olympic_host,
    "plea_for_aid": plea_for_aid,
    "renaissance": renaissance,
    "revolution": revolution,
    "socialism": socialism,
    "steam_tycoon": steam_tycoon,
    "technocracy": technocracy,
    "trade_economy": trade_economy,
    "trap": trap,
}
