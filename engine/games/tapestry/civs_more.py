"""Expansion civilizations (Plans & Ploys, Arts & Architecture, Fantasies & Futures).

Only the civilizations whose whole power is implemented here are listed in
`data/civilizations.yaml`; the others are not dealt (see the README's table).
State lives in `Player.civ` under keys prefixed by the civilization id, as in `civs.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.tapestry import actions, artificers, effects, islanders, tapestries
from engine.games.tapestry.asks import Gen, opt
from engine.games.tapestry.data import (
    RESOURCES,
    all_tracks,
    civilizations,
    tech_cards,
    tiles,
)
from engine.games.tapestry.modules import play as module_play

if TYPE_CHECKING:
    from engine.games.tapestry.game import TapestryGame

HAND_LIMIT_ADVISORS = 4


# ==============================================================================================
# Gaining one
# ==============================================================================================
def on_gain(g: TapestryGame, seat: int, civ: str, starting: bool) -> Gen:
    if civ == "advisors":
        yield from g.gain_tapestry(seat, 3)
    elif civ == "aliens":
        for _ in range(4):
            yield from actions.take_space_tile(g, seat)
    elif civ == "recyclers":
        yield from recyclers_start(g, seat)
    elif civ == "islanders":
        yield from islanders.start(g, seat, starting)
    elif civ == "artificers":
        yield from artificers.start(g, seat, starting)
    elif civ == "genies":  # one player token from each opponent
        g.players[seat].civ["genies:tokens"] = list(g.opponents(seat))
    elif civ == "riverfolk":
        yield from riverfolk_start(g, seat, starting)
    elif civ == "treasure_hunters":
        g.players[seat].civ["treasure_hunters:left"] = list(TREASURES)
        for _ in range(2):
            yield from actions.take_tile(g, seat)
    elif civ == "weefolk":
        g.players[seat].civ["weefolk:tokens"] = []
        yield from weefolk_token(g, seat)
    elif civ == "celestials":
        yield from celestials_start(g, seat, starting)
    elif civ == "illuminati":
        yield from illuminati_start(g, seat)
    elif civ == "utilitarians":
        yield from utilitarians_start(g, seat, starting)
    elif civ == "infiltrators":
        p = g.players[seat]
        p.civ["infiltrators:shared"] = []
        p.civ["infiltrators:tokens"] = [0] * g.n
        # their culture; the rulebook's adjustment takes it away from a starting civilization
        if not starting or g.options.get("no_civ_adjustments"):
            g.gain_res(seat, "culture")
    elif civ == "faefolk":
        g.players[seat].civ["faefolk:at"] = 0  # the top spot of the ring
    elif civ == "tinkerers":
        g.players[seat].civ["tinkerers:used"] = []
        if starting:  # every opponent draws a tech card into their bottom row
            for o in g.opponents(seat):
                card = g.draw_tech()
                if card is not None and g.receives(o, "tech") and card not in g.players[o].tech:
                    g.players[o].tech[card] = 0
                    g.emit("draw_tech", o)
                    g.emit("invent", o, card=card)
                elif card is not None:
                    g.tech_discard.append(card)


# ==============================================================================================
# Income-turn abilities (step 1 of income turns 2-5)
# ==============================================================================================
def advisors(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    g.gain_vp(seat, len(p.hand), "advisors")
    extra = len(p.hand) - HAND_LIMIT_ADVISORS
    if extra <= 0:
        return
    opts = [opt(f"card:{i}:{c}", "tapestry.discard", card=c) for i, c in enumerate(p.hand)]
    chosen = yield from g.pick_many(seat, "tapestry.prompt.advisors_trim", opts, extra, extra)
    for c in sorted(chosen, key=lambda x: -int(x.split(":")[1])):
        g.tapestry_discard.append(p.hand.pop(int(c.split(":")[1])))
    g.emit("discard", seat, source="hand", what=[], count=extra)
    yield from g.gain_any(seat)


def advisors_give(g: TapestryGame, seat: int) -> Gen:
    """Before `seat` draws a tapestry card on their advance turn: a neighbouring Advisors player
    may hand over a card of their own instead, then draws one. Returns True when a card was given."""
    for a in g.neighbours(seat):
        adv = g.players[a]
        if "advisors" not in adv.civs or not adv.hand or adv.finished:
            continue
        opts = [opt("skip", "tapestry.skip")] + [
            opt(f"card:{c}", "tapestry.card", card=c) for c in sorted(set(adv.hand))
        ]
        choice = yield from g.pick(
            a, "tapestry.prompt.advisors_give", opts, default="skip", params={"seat": seat}
        )
        if choice == "skip":
            continue
        card = choice[5:]
        adv.hand.remove(card)
        g.players[seat].hand.append(card)
        g.emit("advisors_give", a, to_seat=seat)
        g.emit("drew_tapestry", seat, to=seat, card=card)
        yield from g.gain_tapestry(a, hook=False)
        return True
    return False


def aliens(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    discarded = p.civ.get("aliens:mat") is not None
    if discarded:
        g.emit("civ_mat_discard", seat, tile=p.civ["aliens:mat"])
        p.civ["aliens:mat"] = None
    opts = [opt("any", "tapestry.res.any")]
    if not discarded or any(p.res[r] for r in RESOURCES):
        opts += [opt(f"space:{t}", "tapestry.space_tile", card=f"space:{t}") for t in sorted(p.space)]
    choice = yield from g.pick(seat, "tapestry.prompt.aliens", opts, default=opts[-1].id)
    if choice == "any":
        yield from g.gain_any(seat)
        return
    if discarded:
        yield from g.pay(seat, ["any"], "tapestry.prompt.pay_aliens")
    tile = int(choice[6:])
    p.space.remove(tile)
    p.civ["aliens:mat"] = tile
    g.emit("explore_space", seat, tile=tile)
    yield from effects.do(g, seat, module_play.space_benefit(g, tile))


def werefolk(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    if p.civ.get("werefolk:mat") is not None:
        g.emit("civ_mat_discard", seat, tile=p.civ["werefolk:mat"])
        p.civ["werefolk:mat"] = None
    if not g.space_stack:
        g.emit("none_left", seat, what="space_tile")
        return
    yield from actions.take_space_tile(g, seat)
    tile = p.space[-1]
    side = g.rng.choice(("up", "down"))
    g.emit("werefolk_flip", seat, side=side)
    if side == "up":
        # FAQ: the tile is explored only when a token really goes back one space
        opts = [opt("skip", "tapestry.skip")] + [
            opt(f"track:{t}", f"tapestry.track.{t}") for t in g.track_ids if p.pos(t) > 0
        ]
        choice = yield from g.pick(seat, "tapestry.prompt.werefolk_regress", opts, default="skip")
        moved = False
        if choice != "skip":
            moved = yield from g.regress(seat, choice[6:], "none")
        if not moved:
            g.gain_vp(seat, 4, "werefolk")
            return
        p.space.remove(tile)
        p.civ["werefolk:mat"] = tile
        g.emit("explore_space", seat, tile=tile)
        yield from effects.do(g, seat, module_play.space_benefit(g, tile))
        return
    opts = [opt(f"track:{t}", f"tapestry.track.{t}") for t in g.track_ids if g.can_advance(seat, t)]
    if not opts:
        return
    choice = yield from g.pick(seat, "tapestry.prompt.werefolk_advance", opts)
    yield from g.advance(seat, choice[6:], "freeall")


# ==============================================================================================
# Turn-end hooks
# ==============================================================================================
def end_of_turn(g: TapestryGame, seat: int, advanced: bool) -> Gen:
    """Relentless: a turn in which you gained a building (income building or landmark) adds a
    token; an advance turn without one cashes every token in."""
    p = g.players[seat]
    if advanced:
        yield from utilitarians_lighthouse(g, seat)
    if "relentless" not in p.civs:
        return
    tokens = p.civ.get("relentless:tokens", 0)
    if seat in g.built:
        p.civ["relentless:tokens"] = tokens + 1
        g.emit("relentless_token", seat, count=tokens + 1)
    elif advanced and tokens:  # (Relentless)
        p.civ["relentless:tokens"] = 0
        table = civilizations()["relentless"].mat
        g.emit("relentless_cash", seat, count=tokens)
        yield from effects.do(g, seat, table[min(tokens, len(table) - 1)])


# ==============================================================================================
# Gamblers
# ==============================================================================================
GAMBLE_REVEAL = 3


def gamble(g: TapestryGame, seat: int, pile: int) -> Gen:
    """Reveal 3 tapestry cards, lay a WHEN PLAYED one on `pile` and resolve it, discard the rest;
    with none, keep one of them in hand."""
    p = g.players[seat]
    shown: list[str] = []
    for _ in range(GAMBLE_REVEAL):
        card = g.draw_tapestry_card()
        if card is None:
            break
        shown.append(card)
        g.emit("reveal", seat, card=card)
    if not shown:
        return
    playable = [c for c in shown if tapestries.kind_of(g, c) == "played"]
    pool = playable or shown
    opts = [opt(f"card:{i}", "tapestry.card", card=c) for i, c in enumerate(shown) if c in pool]
    key = "tapestry.prompt.gamblers_play" if playable else "tapestry.prompt.gamblers_keep"
    chosen = shown.pop(int((yield from g.pick(seat, key, opts))[5:]))
    g.tapestry_discard.extend(shown)
    if playable:
        yield from tapestries.lay(g, seat, chosen, pile)
    else:
        p.hand.append(chosen)
        g.emit("gamblers_keep", seat)  # the card was shown when revealed


def gamblers(g: TapestryGame, seat: int) -> Gen:
    era = g.players[seat].income_turns
    if 2 <= era <= 4:
        yield from gamble(g, seat, era - 1)


# ==============================================================================================
# Tinkerers
# ==============================================================================================
TINKER = ("cost", "match", "back3", "bonus")


def tinker_tracks(g: TapestryGame, seat: int, option: str) -> list[str]:
    """The tracks on which a Tinkerers option can be used now."""
    p = g.players[seat]

    def usable(t: str) -> bool:
        pos = p.pos(t)
        if option == "cost":
            return pos > 0
        if option == "back3":
            return pos >= 3
        if not g.can_advance(seat, t):
            return False
        if option == "match":
            return any(g.players[o].pos(t) > pos for o in g.opponents(seat))
        return next_bonus(t, pos) is not None

    return [t for t in g.track_ids if usable(t)]


def next_bonus(track: str, pos: int) -> int | None:
    spaces = all_tracks()[track].spaces
    return next((i for i in range(pos + 1, 13) if spaces[i - 1].bonus is not None), None)


def tinkerers(g: TapestryGame, seat: int) -> Gen:

    p = g.players[seat]
    used = p.civ.setdefault("tinkerers:used", [])
    opts = [opt("skip", "tapestry.skip")]
    for option in TINKER:
        if option not in used:
            opts += [
                opt(f"{option}:{t}", f"tapestry.tinker.{option}", group=t)
                for t in tinker_tracks(g, seat, option)
            ]
    choice = yield from g.pick(seat, "tapestry.prompt.tinkerers", opts, default="skip")
    if choice == "skip":
        return
    option, track = choice.split(":")
    used.append(option)
    g.emit("tinkerers", seat, option=option, track=track)
    pos = p.pos(track)
    if option == "cost":  # what entering that space costs, gained instead
        taken: list[str] = []
        for res in g.cost_of(track, pos):
            if res.startswith("distinct:"):  # Arts: that many different resources
                for _ in range(int(res.partition(":")[2])):
                    among = [r for r in RESOURCES if r not in taken]
                    got = yield from g.resource_choice(seat, "tapestry.prompt.any_resource", among)
                    taken.append(got)
                    g.gain_res(seat, got)
            elif res == "any":
                yield from g.gain_any(seat)
            else:
                g.gain_res(seat, res)
    elif option == "match":  # up to the nearest opponent ahead: that space's benefit, no bonus
        target = min(g.players[o].pos(track) for o in g.opponents(seat) if g.players[o].pos(track) > pos)
        moved = True
        while moved and p.pos(track) < target:
            moved = yield from g.advance(seat, track, "none", token=p.tracks[track].index(p.pos(track)))
        yield from g.gain_space(seat, track, p.pos(track), bonus=False)
    elif option == "back3":  # exactly 3 spaces back: that space's benefit, the bonus may be paid
        for _ in range(3):
            yield from g.regress(seat, track, "none")
        if p.pos(track) > 0:
            yield from g.gain_space(seat, track, p.pos(track), bonus=True)
    else:  # up to the next bonus: the bonus free, no benefit, no landmarks
        goal = next_bonus(track, pos)
        assert goal is not None
        moved = True
        while moved and p.pos(track) < goal:
            moved = yield from g.advance(
                seat, track, "none", token=p.tracks[track].index(p.pos(track)), landmark=False
            )
        bonus = all_tracks()[track].spaces[p.pos(track) - 1].bonus
        if bonus is not None:
            yield from g.take_bonus(seat, bonus, free=True)


# ==============================================================================================
# Genies
# ==============================================================================================
# the ring, clockwise: squared benefits (gained) between circled ones (VP counts scored)
GENIE_RING = ("research_nb", "capital", "invent", "tiles", "culture", "territories", "explore", "tech_cards")
GENIE_CIRCLED = GENIE_RING[1::2]


def genie_squares(circled: str) -> tuple[str, str]:
    i = GENIE_RING.index(circled)
    return GENIE_RING[i - 1], GENIE_RING[(i + 1) % len(GENIE_RING)]


def genie_score(g: TapestryGame, seat: int, circled: str) -> None:
    from engine.games.tapestry import scoring

    g.gain_vp(seat, scoring.count(g, seat, circled), "genies")


def genies(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    era = p.income_turns
    if era == 5:  # two different circled benefits
        left = list(GENIE_CIRCLED)
        for _ in range(2):
            opts = [opt(f"ring:{c}", f"tapestry.genie.{c}") for c in left]
            pick = (yield from g.pick(seat, "tapestry.prompt.genies_final", opts))[5:]
            left.remove(pick)
            genie_score(g, seat, pick)
        return
    tokens = p.civ.get("genies:tokens") or []
    if not 2 <= era <= 4 or not tokens:
        return
    other = g.rng.choice(sorted(tokens))  # drawn at random, then returned
    g.emit("genies_draw", seat, to_seat=other)
    opts = [opt(f"ring:{c}", f"tapestry.genie.{c}") for c in GENIE_CIRCLED]
    pick = (yield from g.pick(other, "tapestry.prompt.genies_pick", opts, params={"seat": seat}))[5:]
    g.emit("genies_pick", other, what=pick)
    genie_score(g, other, pick)
    squares = genie_squares(pick)
    opts = [
        opt(f"ring:{s}:{first}", f"tapestry.genie.{s}", group=first)
        for s in squares
        for first in ("first", "then")
    ]
    chosen = yield from g.pick(seat, "tapestry.prompt.genies_square", opts, params={"circled": pick})
    _, square, when = chosen.split(":")
    if when == "first":
        yield from effects.token(g, seat, square)
    genie_score(g, seat, pick)
    if when == "then":
        yield from effects.token(g, seat, square)


# ==============================================================================================
# Riverfolk
# ==============================================================================================
def impassable(grid: list[list[str]], district: int | None = None) -> int:
    from engine.games.tapestry import capital as cap

    cells = (
        cap.district_cells(district) if district is not None else [(r, c) for r in range(9) for c in range(9)]
    )
    return sum(1 for r, c in cells if grid[r][c] == cap.IMPASSABLE)


def riverfolk_start(g: TapestryGame, seat: int, starting: bool) -> Gen:

    p = g.players[seat]
    if not starting:
        redrawn = yield from redraw(g, seat, "riverfolk")
        if redrawn:
            return
    rich = sum(1 for d in range(9) if impassable(p.grid, d) >= 2)
    g.gain_vp(seat, 4 * rich, "riverfolk")


def redraw(g: TapestryGame, seat: int, civ: str) -> Gen:
    """Gained mid-game, this civilization may be discarded for another. Returns True if it was."""
    from engine.games.tapestry import civs

    p = g.players[seat]
    keep = yield from g.confirm(seat, "tapestry.prompt.keep_gained_civ", {"civ": civ})
    if keep:
        return False
    p.civs.remove(civ)
    g.civ_deck.insert(0, civ)
    g.emit("discard_civ", seat, civ=civ)
    yield from civs.gain_random(g, seat)
    return True


def riverfolk_built(g: TapestryGame, seat: int, cells: list[tuple[int, int]]) -> Gen:
    """Covering the last impassable plot of a district gives a resource (called before the
    cells are filled)."""
    from engine.games.tapestry import capital as cap

    p = g.players[seat]
    for d in sorted({cap.district_of(c) for c in cells if p.grid[c[0]][c[1]] == cap.IMPASSABLE}):
        covered = sum(1 for c in cells if cap.district_of(c) == d and p.grid[c[0]][c[1]] == cap.IMPASSABLE)
        if covered == impassable(p.grid, d):
            g.emit("riverfolk_district", seat, district=d)
            yield from g.gain_any(seat)


def riverfolk_final(g: TapestryGame, seat: int) -> None:
    g.gain_vp(seat, -impassable(g.players[seat].grid), "riverfolk")


# ==============================================================================================
# Spies
# ==============================================================================================
SPY_OPTIONS = ("card", "tile", "track", "tech")


def spy_choices(g: TapestryGame, seat: int, target: int, used: list[str]) -> list[Any]:
    """What the Spies may copy from one neighbour with their unused options."""
    q = g.players[target]
    out: list[Any] = []
    if "card" not in used:
        shown: set[str] = set()  # an uploaded card may show twice (copies of the expansion sets)
        for owner, _pile, _index, card in tapestries.visible_cards(g):
            if owner == target and tapestries.kind_of(g, card) == "played" and card not in shown:
                shown.add(card)
                out.append(opt(f"card:{target}:{card}", "tapestry.card", card=card, group=f"seat{target}"))
    if "tile" not in used:
        out += [
            opt(f"tile:{target}:{t}", "tapestry.territory_tile", card=f"tile:{t}")
            for t in sorted(set(q.tiles))
        ]
        out += [
            opt(f"space:{target}:{t}", "tapestry.space_tile", card=f"space:{t}") for t in sorted(set(q.space))
        ]
    if "track" not in used:
        out += [opt(f"track:{target}:{t}", f"tapestry.track.{t}") for t in g.track_ids if 0 < q.pos(t) <= 12]
    if "tech" not in used:
        out += [
            opt(f"tech:{target}:{c}", "tapestry.tech", card=c)
            for c, row in sorted(q.tech.items())
            if row > 0 and c not in g.flipped  # a used single-use card is not copied
        ]
    return out


def spies(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    used = p.civ.setdefault("spies:used", [])
    opts = [opt("skip", "tapestry.skip")]
    for target in g.neighbours(seat):
        opts += spy_choices(g, seat, target, used)
    choice = yield from g.pick(seat, "tapestry.prompt.spies", opts, default="skip")
    if choice == "skip":
        return
    kind, target_s, what = choice.split(":", 2)
    target = int(target_s)
    used.append("tile" if kind == "space" else kind)
    g.emit("spies_copy", seat, option=kind, from_seat=target)
    q = g.players[target]
    if kind == "card":
        g.emit("copy_card", seat, card=what)
        yield from tapestries.resolve(g, seat, what)
    elif kind == "tile":
        yield from effects.do(g, seat, tiles()[int(what)].benefit)
    elif kind == "space":
        yield from effects.do(g, seat, module_play.space_benefit(g, int(what)))
    elif kind == "track":  # the benefit of their space, no bonus
        yield from effects.do(g, seat, all_tracks()[what].spaces[q.pos(what) - 1].benefit)
    else:  # the benefit of the row the card is in
        card = tech_cards()[what]
        yield from effects.do(g, seat, card.circle if q.tech[what] == 1 else card.square)
    look = yield from g.confirm(seat, "tapestry.prompt.spies_look", {"seat": target}, default=False)
    if look:  # only the Spies see it (their own view); the table learns that they looked
        p.civ["spies:peek"] = [target, sorted(q.hand)]
        g.emit("spies_look", seat, at_seat=target)


# ==============================================================================================
# Urban Planners
# ==============================================================================================
def urban_park(g: TapestryGame, seat: int, name: str) -> Gen:
    """A landmark just gained may wait on the Urban Planners' mat. Returns True when parked."""
    p = g.players[seat]
    if "urban_planners" not in p.civs or p.finished:
        return False
    park = yield from g.confirm(seat, "tapestry.prompt.urban_park", {"landmark": name}, default=False)
    if park:
        p.civ.setdefault("urban_planners:parked", []).append(name)
        g.emit("urban_park", seat, what=name)
    return bool(park)


def urban_build(g: TapestryGame, seat: int) -> Gen:
    """End of each of their turns (and before the final scoring): build any parked landmarks."""
    p = g.players[seat]
    parked = p.civ.get("urban_planners:parked") or []
    while parked:
        opts = [opt("stop", "tapestry.stop")] + [
            opt(f"landmark:{n}", "tapestry.landmark", card=n) for n in sorted(set(parked))
        ]
        choice = yield from g.pick(seat, "tapestry.prompt.urban_build", opts, default="stop")
        if choice == "stop":
            return
        name = choice.split(":", 1)[1]
        parked.remove(name)
        yield from g.place_landmark(seat, name)


def urban_group(p: Any) -> int:
    """The most landmarks in one orthogonally connected group inside the capital."""
    from engine.games.tapestry import capital as cap
    from engine.games.tapestry.data import landmarks

    cells: list[set[tuple[int, int]]] = []
    from engine.games.tapestry.modules import UPLOADED_LANDMARKS

    for name, r0, c0, o in p.landmark_spots:
        lm = landmarks().get(name) or UPLOADED_LANDMARKS[name]
        cells.append(set(cap.place_cells((r0, c0, o), cap.shapes_of(tuple(lm.footprint), lm.rotations))))
    best, seen = 0, set()
    for start in range(len(cells)):
        if start in seen:
            continue
        group, stack = 0, [start]
        seen.add(start)
        while stack:
            i = stack.pop()
            group += 1
            edge = {(r + dr, c + dc) for r, c in cells[i] for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))}
            for j in range(len(cells)):
                if j not in seen and cells[j] & edge:
                    seen.add(j)
                    stack.append(j)
        best = max(best, group)
    return best


def urban_score(g: TapestryGame, seat: int) -> None:
    n = urban_group(g.players[seat])
    g.gain_vp(seat, n * n, "urban_planners")


# ==============================================================================================
# Treasure Hunters
# ==============================================================================================
TREASURES = ("desert", "grassland", "mountain", "forest")
TREASURE_RESOURCE = {"desert": "coin", "grassland": "culture", "mountain": "worker", "forest": "food"}


def treasure_sites(g: TapestryGame, seat: int, terrain: str) -> list[tuple[int, int]]:
    """Empty territories next to one of yours that show the terrain."""
    from engine.games.tapestry.mapgeo import land_terrains

    near = actions.adjacent_to_controlled(g, seat)
    out = []
    for h in g.hexes:
        s = g.sites[h]
        if h in near and s.tile is not None and s.items == 0:
            t = tiles()[s.tile]
            if terrain in land_terrains(t.corners, t.centre):
                out.append(h)
    return out


def treasure_hunters(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    left = p.civ.get("treasure_hunters:left") or []
    opts = [opt("skip", "tapestry.skip")]
    for terrain in left:
        opts += [
            opt(f"{terrain}:{x}.{y}", "tapestry.hex", group=terrain)
            for x, y in treasure_sites(g, seat, terrain)
        ]
    choice = yield from g.pick(seat, "tapestry.prompt.treasure_hunters", opts, default="skip")
    if choice == "skip":
        return
    terrain, xy = choice.split(":")
    h = (int(xy.split(".")[0]), int(xy.split(".")[1]))
    left.remove(terrain)
    g.sites[h].pieces.append([seat, True, "treasure"])  # not a conquest: the token controls it
    g.emit("treasure_token", seat, hex=list(h), terrain=terrain)
    g.gain_res(seat, TREASURE_RESOURCE[terrain])
    yield from treasure(g, seat, terrain, h)


def treasure(g: TapestryGame, seat: int, terrain: str, h: tuple[int, int]) -> Gen:
    from engine.games.tapestry.data import board

    dice = board().dice
    if terrain in ("desert", "grassland"):  # one die twice, one result kept
        faces = dice.black if terrain == "desert" else dice.science
        rolls = [g.rng.choice(faces), g.rng.choice(faces)]
        g.emit("roll", seat, die="black" if terrain == "desert" else "science", faces=rolls)
        if terrain == "desert":  # both black results go to the Illuminati, the first science roll
            yield from illuminati_dice(g, seat, "conquer", rolls, h)
        else:
            yield from illuminati_dice(g, seat, "science", rolls[:1], h)
        label = "tapestry.die." if terrain == "desert" else "tapestry.track."
        opts = [opt(f"face:{f}", f"{label}{f}") for f in dict.fromkeys(rolls)]
        face = (yield from actions.keep_one(g, seat, opts))[5:]
        if terrain == "desert":
            yield from actions.die_face(g, seat, face, h)
        else:  # the science die: advance on that track with its benefit
            yield from g.advance(seat, face, "benefit")
        return
    if terrain == "mountain":
        faces = [g.rng.choice(dice.red), g.rng.choice(dice.black)]
    else:  # forest: the red die twice, both gained
        faces = [g.rng.choice(dice.red), g.rng.choice(dice.red)]
    g.emit("roll", seat, die="conquer", faces=faces)
    yield from illuminati_dice(g, seat, "conquer", faces, h)
    for face in faces:
        yield from actions.die_face(g, seat, face, h)


# ==============================================================================================
# Weefolk
# ==============================================================================================
WEE = "w"  # a Weefolk token on a plot: filled, yet no building
BUILT = ("M", "H", "F", "A")


def weefolk_token(g: TapestryGame, seat: int) -> Gen:
    """Give a token to an opponent, who puts it on a plot of their capital (on a building when
    the capital is full: that building moves beside the capital, still theirs)."""
    from engine.games.tapestry import capital as cap

    others = [o for o in g.opponents(seat) if g.players[o].grid]
    if not others:
        return
    opts = [opt(f"seat:{o}", "tapestry.seat") for o in others]
    to = int((yield from g.pick(seat, "tapestry.prompt.weefolk_give", opts))[5:])
    q = g.players[to]
    plots = cap.open_plots(q.grid)
    full = not plots
    if full:
        plots = [(r, c) for r in range(9) for c in range(9) if q.grid[r][c] in BUILT]
    if not plots:
        return
    opts = [opt(f"plot:{r}.{c}", "tapestry.plot", group="weefolk") for r, c in plots]
    choice = yield from g.pick(to, "tapestry.prompt.weefolk_place", opts, params={"seat": seat})
    r, c = (int(x) for x in choice[5:].split("."))
    if full:
        kind = next(b for b in ("market", "house", "farm", "armory") if b[0].upper() == q.grid[r][c])
        q.beside.append(kind)
    q.grid[r][c] = WEE
    g.players[seat].civ.setdefault("weefolk:tokens", []).append([to, r, c])
    g.emit("weefolk_token", to, by=seat, plot=[r, c])
    yield from g.check_districts(to)


def weefolk_score(g: TapestryGame, seat: int) -> int:
    """1 VP per income building or landmark in each row and column holding one of your tokens."""
    from engine.games.tapestry import capital as cap

    total = 0
    for to, r, c in g.players[seat].civ.get("weefolk:tokens") or []:
        q = g.players[to]
        spots = []
        for name, r0, c0, o in q.landmark_spots:
            lm = g.landmark_info(name)
            spots.append(set(cap.place_cells((r0, c0, o), cap.shapes_of(tuple(lm.footprint), lm.rotations))))
        for line in ([(r, k) for k in range(9)], [(k, c) for k in range(9)]):
            total += sum(1 for rr, cc in line if q.grid[rr][cc] in BUILT)
            total += sum(1 for cells in spots if cells & set(line))
    return total


def weefolk(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    era = p.income_turns
    yield from weefolk_token(g, seat)
    if 2 <= era <= 4 and p.tiles and any(p.on_mat.values()):
        opts = [opt("skip", "tapestry.skip")] + [
            opt(f"tile:{t}", "tapestry.territory_tile", card=f"tile:{t}") for t in sorted(set(p.tiles))
        ]
        choice = yield from g.pick(seat, "tapestry.prompt.weefolk_trade", opts, default="skip")
        if choice != "skip":
            p.tiles.remove(int(choice[5:]))
            g.emit("discard", seat, source="tiles", what=[choice], count=1)
            yield from effects.token(g, seat, "any_building")
    if era == 5:
        g.gain_vp(seat, weefolk_score(g, seat), "weefolk")


# ==============================================================================================
# Renegades
# ==============================================================================================
def renegades(g: TapestryGame, seat: int, track: str, space: int) -> Gen:
    """Instead of a track space's benefit (and bonus), the Renegades may take the next step of
    their own track when the space's tier matches that step. Returns True when they did."""
    from engine.games.tapestry.game import tier_of

    p = g.players[seat]
    if "renegades" not in p.civs:
        return False
    steps = civilizations()["renegades"].mat
    done = p.civ.get("renegades:at", 0)
    if done >= len(steps) or tier_of(space) != done + 1:
        return False
    take = yield from g.confirm(
        seat, "tapestry.prompt.renegades", {"step": done + 1, "track": track}, default=False
    )
    if not take:
        return False
    p.civ["renegades:at"] = done + 1
    g.emit("renegades_step", seat, step=done + 1, track=track)
    g.activated.add((seat, track, space))  # the space counts as used this turn
    yield from effects.do(g, seat, steps[done])
    if done + 1 == len(steps):  # the end of their track completes a track
        g.achieve(seat, "track")
    return True


# ==============================================================================================
# Celestials
# ==============================================================================================
def celestials_start(g: TapestryGame, seat: int, starting: bool) -> Gen:
    """Their floating capital: a player token on the start territory in place of one outpost."""
    p = g.players[seat]
    if not starting:
        redrawn = yield from redraw(g, seat, "celestials")
        if redrawn:
            return
    start = p.civ.get("start")
    if start is None:
        return
    site = g.sites[(start[0], start[1])]
    mine = [q for q in site.pieces if q[0] == seat and q[2] == "outpost"]
    if len(mine) >= 2:  # one of the two start outposts goes back to the supply
        site.pieces.remove(mine[0])
        p.outposts += 1
    site.tokens.append(seat)
    p.civ["celestials:at"] = list(start)
    g.emit("celestials_token", seat, hex=list(start))


def celestials(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    era = p.income_turns
    if era == 5:  # landmarks hanging off the capital cost 2 VP, those fully inside score 5
        from engine.games.tapestry import capital as cap

        vp = 0
        for name, r0, c0, o in p.landmark_spots:
            lm = g.landmark_info(name)
            inside = cap.fully_inside((r0, c0, o), cap.shapes_of(tuple(lm.footprint), lm.rotations))
            vp += 5 if inside else -2
        g.gain_vp(seat, vp, "celestials")
        return
    at = p.civ.get("celestials:at")
    if not 2 <= era <= 4 or at is None:
        return
    from engine.games.tapestry.mapgeo import neighbours

    here = (at[0], at[1])
    targets = [h for h in neighbours(here) if h in g.sites and g.sites[h].tile is not None]
    opts = [opt("skip", "tapestry.skip")] + [opt(f"move:{x}.{y}", "tapestry.hex") for x, y in targets]
    choice = yield from g.pick(seat, "tapestry.prompt.celestials", opts, default="skip")
    if choice == "skip":
        return
    x, y = (int(v) for v in choice[5:].split("."))
    g.sites[here].tokens.remove(seat)
    g.sites[(x, y)].tokens.append(seat)
    p.civ["celestials:at"] = [x, y]
    g.emit("celestials_token", seat, hex=[x, y])
    from engine.games.tapestry.data import board

    faces = [g.rng.choice(board().dice.red), g.rng.choice(board().dice.black)]
    g.emit("roll", seat, die="conquer", red=faces[0], black=faces[1])
    yield from illuminati_dice(g, seat, "conquer", faces, (x, y))
    for face in faces:  # both results, as after no conquest at all
        yield from actions.die_face(g, seat, face, (x, y))


# ==============================================================================================
# Elder Ones
# ==============================================================================================
ELDER_DISCARDS = 6


def beyond(p: Any) -> bool:
    """Elder Ones past their fifth income turn (still playing advance turns)."""
    return bool(p.civ.get("elder_ones:beyond")) and not p.finished


def elder_ones(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    era = p.income_turns
    if 2 <= era <= 4:
        opts = [opt("any", "tapestry.res.any"), opt("cards", "tapestry.elder_cards")]
        choice = yield from g.pick(seat, "tapestry.prompt.elder_ones", opts)
        if choice == "any":
            yield from g.gain_any(seat)
        else:
            yield from g.gain_tapestry(seat, 2)
    elif era == 5 and p.hand:  # up to 6 tapestry cards for 2 resources each
        opts = [opt(f"card:{i}:{c}", "tapestry.discard", card=c) for i, c in enumerate(p.hand)]
        chosen = yield from g.pick_many(
            seat, "tapestry.prompt.elder_discard", opts, 0, min(ELDER_DISCARDS, len(p.hand))
        )
        for c in sorted(chosen, key=lambda x: -int(x.split(":")[1])):
            g.tapestry_discard.append(p.hand.pop(int(c.split(":")[1])))
        if chosen:
            g.emit("discard", seat, source="hand", what=[], count=len(chosen))
            yield from g.gain_any(seat, 2 * len(chosen))


def elder_ones_done(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    p.finished = True
    g.emit("finished", seat, vp=p.vp)
    return
    yield


# ==============================================================================================
# Merfolk
# ==============================================================================================
MERFOLK_KEEP, MERFOLK_LIMIT, MERFOLK_VP = 2, 5, 5


def merfolk(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    era = p.income_turns
    if not 2 <= era <= 5:
        return
    yield from g.gain_tapestry(seat)
    under = p.civ.setdefault("merfolk:under", [])
    if era == 5:  # the submerged cards come back
        p.hand.extend(under)
        under.clear()
        g.emit("merfolk_surface", seat)
        return
    extra = len(p.hand) - MERFOLK_KEEP
    if extra <= 0:
        return
    opts = [opt(f"card:{i}:{c}", "tapestry.card", card=c) for i, c in enumerate(p.hand)]
    kept = yield from g.pick_many(seat, "tapestry.prompt.merfolk_keep", opts, MERFOLK_KEEP, MERFOLK_KEEP)
    keep_at = {int(k.split(":")[1]) for k in kept}
    under.extend(c for i, c in enumerate(p.hand) if i not in keep_at)
    p.hand[:] = [c for i, c in enumerate(p.hand) if i in keep_at]
    g.emit("merfolk_submerge", seat, count=extra)


def merfolk_trim(g: TapestryGame, seat: int) -> Gen:
    """End of income turn 5: keep at most 5 tapestry cards."""
    p = g.players[seat]
    extra = len(p.hand) - MERFOLK_LIMIT
    if extra <= 0:
        return
    opts = [opt(f"card:{i}:{c}", "tapestry.discard", card=c) for i, c in enumerate(p.hand)]
    chosen = yield from g.pick_many(seat, "tapestry.prompt.merfolk_trim", opts, extra, extra)
    for c in sorted(chosen, key=lambda x: -int(x.split(":")[1])):
        g.tapestry_discard.append(p.hand.pop(int(c.split(":")[1])))
    g.emit("discard", seat, source="hand", what=[], count=extra)


def merfolk_turn(g: TapestryGame, seat: int) -> Gen:
    """After income turn 5: discard tapestry cards for 5 VP each, or lay one WHEN PLAYED card on
    the era-4 pile; done when the hand is empty."""
    p = g.players[seat]
    if not p.hand:
        p.finished = True
        g.emit("finished", seat, vp=p.vp)
        return
    playable = sorted({c for c in p.hand if tapestries.kind_of(g, c) in ("played", "trap", "response")})
    opts = [opt("discard", "tapestry.merfolk_discard")] + [
        opt(f"play:{c}", "tapestry.card", card=c) for c in playable
    ]
    choice = yield from g.pick(seat, "tapestry.prompt.merfolk_turn", opts, default="discard", force=True)
    if choice == "discard":
        opts = [opt(f"card:{i}:{c}", "tapestry.discard", card=c) for i, c in enumerate(p.hand)]
        chosen = yield from g.pick_many(seat, "tapestry.prompt.merfolk_discard", opts, 1, len(opts))
        for c in sorted(chosen, key=lambda x: -int(x.split(":")[1])):
            g.tapestry_discard.append(p.hand.pop(int(c.split(":")[1])))
        g.emit("discard", seat, source="hand", what=[], count=len(chosen))
        g.gain_vp(seat, MERFOLK_VP * len(chosen), "merfolk")
    else:
        card = choice[5:]
        p.hand.remove(card)
        yield from tapestries.lay(g, seat, card, 3)
    if not p.hand:
        p.finished = True
        g.emit("finished", seat, vp=p.vp)


# ==============================================================================================
# Illuminati
# ==============================================================================================
ILLUMINATI_DICE = ("conquer", "science")  # the two conquer dice travel together
ILLUMINATI_VP = 6  # per die still on their mat


def illuminati_start(g: TapestryGame, seat: int) -> Gen:
    """Draw 3 tapestry cards, keep 1 (the others are discarded); the dice move to this mat."""
    p = g.players[seat]
    p.civ["illuminati:mat"] = list(ILLUMINATI_DICE)
    drawn = [c for c in (g.draw_tapestry_card() for _ in range(3)) if c is not None]
    if not drawn:
        return
    opts = [opt(f"keep:{i}", "tapestry.card", card=c) for i, c in enumerate(drawn)]
    try:
        keep = int((yield from g.pick(seat, "tapestry.prompt.keep_one", opts))[5:])
    except GeneratorExit:  # a described position stops here: the cards go back
        g.tapestry_deck.extend(drawn)
        raise
    p.hand.append(drawn.pop(keep))
    g.tapestry_discard.extend(drawn)
    g.emit("draw_tapestry", seat, count=1)
    g.emit("discard", seat, source="hand", what=[], count=len(drawn))


def illuminati_dice(
    g: TapestryGame, roller: int, die: str, faces: list[str], h: tuple[int, int] | None
) -> Gen:
    """An opponent rolling dice that sit on the Illuminati's mat takes them off it: conquer dice
    give the Illuminati both results, the science die a free move on its track."""
    for q in g.players:
        at = q.civ.get("illuminati:mat")
        if q.seat == roller or at is None or die not in at or q.finished or "illuminati" not in q.civs:
            continue
        at.remove(die)
        g.emit("illuminati_dice", q.seat, die=die, by=roller)
        if die == "conquer":
            for face in faces:
                if face == "territory" and h is not None:
                    yield from actions.territory_benefit(g, q.seat, h)
                elif face != "territory":
                    yield from effects.token(g, q.seat, face)
        else:
            yield from g.advance(q.seat, faces[0], "none")


def illuminati(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    at = p.civ.setdefault("illuminati:mat", [])
    dice = 2 * at.count("conquer") + at.count("science")  # red, black, science
    g.gain_vp(seat, ILLUMINATI_VP * dice, "illuminati")
    p.civ["illuminati:mat"] = list(ILLUMINATI_DICE)
    return
    yield


# ==============================================================================================
# Utilitarians
# ==============================================================================================
TIER_TWO = ("Lighthouse", "Apothecary", "Barracks", "Forge")
LATE_TIERS = {
    "technology": "Rubber Works",
    "military": "Tank Factory",
    "exploration": "Train Station",
    "science": "Academy",
}
POWERS = (*TIER_TWO, *LATE_TIERS.values())
UTILITARIAN_TOKENS, LATE_VP, LIGHTHOUSE_TILES = 2, 4, 2


def power_on(p: Any, landmark: str) -> bool:
    """Whether a Utilitarians token activates this landmark's power for the player."""
    return "utilitarians" in p.civs and landmark in (p.civ.get("utilitarians:on") or [])


def utilitarians_start(g: TapestryGame, seat: int, starting: bool) -> Gen:
    p = g.players[seat]
    p.civ["utilitarians:on"] = []
    if starting:  # a tier-II track landmark into the capital; its power is on
        names = [n for n in TIER_TWO if n in g.available_landmarks]
        if names:
            opts = [opt(f"landmark:{n}", "tapestry.landmark", card=n) for n in names]
            name = (yield from g.pick(seat, "tapestry.prompt.utilitarians_start", opts)).split(":", 1)[1]
            yield from g.gain_landmark(seat, name)
        return
    for name in [n for n in p.landmarks if n in POWERS]:  # gained mid-game: tokens on owned landmarks
        yield from utilitarians_landmark(g, seat, name, gained=False)


def utilitarians_landmark(g: TapestryGame, seat: int, name: str, gained: bool = True) -> Gen:
    p = g.players[seat]
    if "utilitarians" not in p.civs:
        return
    on = p.civ.setdefault("utilitarians:on", [])
    if gained and "Apothecary" in on and name != "Apothecary":
        yield from g.gain_any(seat)
    if name not in POWERS or name in on:
        return
    if len(on) < UTILITARIAN_TOKENS:
        on.append(name)
        g.emit("utilitarians_power", seat, what=name)
        return
    opts = [opt("keep", "tapestry.skip")] + [opt(f"move:{n}", "tapestry.landmark", card=n) for n in on]
    choice = yield from g.pick(
        seat, "tapestry.prompt.utilitarians_move", opts, default="keep", params={"landmark": name}
    )
    if choice != "keep":
        on[on.index(choice.split(":", 1)[1])] = name
        g.emit("utilitarians_power", seat, what=name)


def utilitarians_advance(g: TapestryGame, seat: int, track: str, space: int) -> None:
    if space >= 7 and track in LATE_TIERS and power_on(g.players[seat], LATE_TIERS[track]):
        g.gain_vp(seat, LATE_VP, "utilitarians")


def utilitarians_lighthouse(g: TapestryGame, seat: int) -> Gen:
    """Once per advance turn: 2 territory tiles for 1 resource."""
    p = g.players[seat]
    if not power_on(p, "Lighthouse") or len(p.tiles) < LIGHTHOUSE_TILES:
        return
    opts = [opt(f"tile:{i}:{t}", "tapestry.territory_tile", card=f"tile:{t}") for i, t in enumerate(p.tiles)]
    chosen = yield from g.pick_many(
        seat, "tapestry.prompt.utilitarians_lighthouse", opts, 0, LIGHTHOUSE_TILES
    )
    if len(chosen) != LIGHTHOUSE_TILES:
        return
    for c in sorted(chosen, key=lambda x: -int(x.split(":")[1])):
        p.tiles.pop(int(c.split(":")[1]))
    g.emit("discard", seat, source="tiles", what=[c.split(":", 1)[1] for c in chosen], count=LIGHTHOUSE_TILES)
    yield from g.gain_any(seat)


# ==============================================================================================
# Infiltrators
# ==============================================================================================
INFILTRATOR_TOKENS_FOR_CIV = 3


def shared_with(g: TapestryGame, seat: int) -> list[tuple[int, int]]:
    """Territories an Infiltrators outpost shares with one opponent outpost: both upright, both
    players control it."""
    out = []
    for q in g.players:
        for x, y in q.civ.get("infiltrators:shared") or []:
            s = g.sites[(x, y)]
            up = {piece[0] for piece in s.pieces if piece[1]}
            if len(up) == 2 and seat in up and q.seat in up:
                out.append((x, y))
    return out


def infiltrators(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    opts = [opt("skip", "tapestry.skip")]
    if actions.outposts_left(g, seat) > 0:
        for h in g.hexes:
            s = g.sites[h]
            if s.tile is not None and len(s.pieces) == 1 and not s.tokens and not s.buildings:
                piece = s.pieces[0]
                if piece[0] != seat and piece[1] and piece[2] == "outpost":
                    opts.append(opt(f"share:{h[0]}.{h[1]}", "tapestry.hex"))
    for o in g.opponents(seat):
        if g.players[o].civ.get("start") is not None:
            opts.append(opt(f"capital:{o}", "tapestry.seat"))
    choice = yield from g.pick(seat, "tapestry.prompt.infiltrators", opts, default="skip")
    if choice == "skip":
        return
    kind, _, arg = choice.partition(":")
    if kind == "share":  # not a conquest: both outposts stand, control shared
        x, y = (int(v) for v in arg.split("."))
        yield from civs_take_outpost(g, seat)
        g.sites[(x, y)].pieces.append([seat, True, "outpost"])
        p.civ.setdefault("infiltrators:shared", []).append([x, y])
        g.emit("infiltrate", seat, hex=[x, y])
        yield from actions.territory_benefit(g, seat, (x, y))
        return
    o = int(arg)
    tokens = p.civ.setdefault("infiltrators:tokens", [0] * g.n)
    tokens[o] += 1
    g.emit("infiltrate_capital", seat, at_seat=o)
    g.gain_vp(seat, actions.outposts_left(g, o), "infiltrators")
    if tokens[o] == INFILTRATOR_TOKENS_FOR_CIV:
        from engine.games.tapestry import civs

        yield from civs.gain_random(g, seat)


def civs_take_outpost(g: TapestryGame, seat: int) -> Gen:
    from engine.games.tapestry import civs

    yield from civs.take_outpost(g, seat)


# ==============================================================================================
# Collectors
# ==============================================================================================
COLLECTABLE = ("outpost", "house", "landmark", "tapestry", "tile", "tech")


def collect(g: TapestryGame, seat: int, kind: str, item: str) -> Gen:
    """During an advance turn the Collectors may put an item they gain on their mat (one of each
    type; it still counts for scoring but is never used) for the benefit printed there. Returns
    True when the item went onto the mat."""
    p = g.players[seat]
    if "collectors" not in p.civs or not g.advance_turn or g.current != seat or kind not in COLLECTABLE:
        return False
    mat = p.civ.setdefault("collectors:mat", {})
    if kind in mat:
        return False
    ok = yield from g.confirm(seat, "tapestry.prompt.collectors", {"kind": kind}, default=False)
    if not ok:
        return False
    # a tapestry card lies face down: only its owner knows it
    mat[kind] = "" if kind == "tapestry" else item
    if kind == "tapestry":
        p.civ["collectors:card"] = item
    g.emit("collect", seat, what=kind)
    yield from effects.do(g, seat, civilizations()["collectors"].mat[kind])
    return True


def collectors_score(g: TapestryGame, seat: int) -> None:
    table = civilizations()["collectors"].scoring
    n = len(g.players[seat].civ.get("collectors:mat") or {})
    if n:
        g.gain_vp(seat, table[min(n, len(table)) - 1], "collectors")


# ==============================================================================================
# Faefolk
# ==============================================================================================
def faefolk_visible(p: Any) -> int:
    """Tapestry cards showing on the income mat, Maker of Fire (printed on it) included while no
    card covers it (our reading of "visible tapestry cards")."""
    count = 0
    for era, pile in enumerate(p.mat):
        if not pile:
            count += era == 0  # Maker of Fire
        elif pile[-1][1]:
            count += 1
    return count


def faefolk(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    if not 2 <= p.income_turns <= 5:
        return
    take = yield from g.confirm(seat, "tapestry.prompt.faefolk_card", default=True)
    if take:
        yield from g.gain_tapestry(seat)
    ring = civilizations()["faefolk"].mat
    at = (p.civ.get("faefolk:at", 0) + faefolk_visible(p)) % len(ring)
    p.civ["faefolk:at"] = at
    g.emit("faefolk_move", seat, spot=at)
    for _ in range(2 if p.income_turns == 5 else 1):
        yield from effects.do(g, seat, ring[at])


PSIONICS_GAINS = ("tile", "tapestry", "invent", "research")  # income turns 2, 3, 4, 5


def psionics(g: TapestryGame, seat: int) -> Gen:
    era = g.players[seat].income_turns
    if 2 <= era <= 5:
        yield from effects.token(g, seat, PSIONICS_GAINS[era - 2])


def recyclers_start(g: TapestryGame, seat: int) -> Gen:
    """Draw 3 tech cards, keep 1 in the bottom row; the others go to the discard pile (where the
    Recyclers may take cards from later)."""
    p = g.players[seat]
    drawn: list[str] = []
    while len(drawn) < 3:
        card = g.draw_tech()
        if card is None:
            break
        if card in p.tech:
            g.tech_discard.append(card)
            continue
        drawn.append(card)
    if not drawn:
        return
    g.emit("draw_tech", seat)
    opts = [opt(f"tech:{c}", "tapestry.tech", card=c) for c in drawn]
    try:
        keep = (yield from g.pick(seat, "tapestry.prompt.recyclers_keep", opts))[5:]
    except GeneratorExit:  # a described position stops here: the cards go back
        g.tech_deck.extend(drawn)
        raise
    g.tech_discard.extend(c for c in drawn if c != keep)
    p.tech[keep] = 0
    g.emit("invent", seat, card=keep)


def recyclers(g: TapestryGame, seat: int) -> Gen:
    yield from g.upgrade(seat, optional=True)


INCOME = {
    "advisors": advisors,
    "aliens": aliens,
    "celestials": celestials,
    "elder_ones": elder_ones,
    "faefolk": faefolk,
    "gamblers": gamblers,
    "genies": genies,
    "illuminati": illuminati,
    "infiltrators": infiltrators,
    "islanders": islanders.income,
    "artificers": artificers.income,
    "merfolk": merfolk,
    "psionics": psionics,
    "recyclers": recyclers,
    "spies": spies,
    "tinkerers": tinkerers,
    "treasure_hunters": treasure_hunters,
    "weefolk": weefolk,
    "werefolk": werefolk,
}
