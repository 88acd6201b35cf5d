"""The 16 base civilizations: what they do when gained, at income turns, and through hooks.

A player's civilization state lives in `Player.civ` under keys prefixed by the civilization id,
so a player holding several civilizations keeps them apart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.prompts import Option
from engine.games.tapestry import actions, effects, tapestries, tech_ff
from engine.games.tapestry import capital as cap
from engine.games.tapestry.asks import Gen, opt
from engine.games.tapestry.data import BUILDINGS, TRACKS, civilizations, tech_cards, tiles
from engine.games.tapestry.mapgeo import Hex, land_terrains, neighbours

if TYPE_CHECKING:
    from engine.games.tapestry.game import TapestryGame

MARKER = "x"  # an Architects marker on a plot: filled, yet no building
LETTER = {b[0].upper(): b for b in BUILDINGS}  # M H F A


def has(g: TapestryGame, seat: int, civ: str) -> bool:
    return civ in g.players[seat].civs


def mat(civ: str) -> Any:
    return civilizations()[civ].mat


# ==============================================================================================
# Gaining a civilization
# ==============================================================================================
def gain_random(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    # Mystics' predictions need a whole game: drawn mid-game they are discarded, another taken
    usable = [c for c in g.civ_deck if c != "mystics" and c not in p.civs]
    if not usable:
        return
    # the variant's draw 2 and the Psionics' extra card add up
    wanted = (2 if g.options.get("civ_draw_two") else 1) + ("psionics" in p.civs) + 2 * ("infiltrators" in p.civs)
    drawn: list[str] = []
    while g.civ_deck and len(drawn) < wanted:
        civ = g.civ_deck.pop()
        if civ == "mystics" or civ in p.civs:
            g.emit("discard_civ", seat, civ=civ)
            continue
        drawn.append(civ)
    if not drawn:
        return
    civ = drawn[0]
    if len(drawn) >= 2:
        opts = [opt(f"civ:{c}", "tapestry.civ", card=c) for c in drawn]
        choice = yield from g.pick(seat, "tapestry.prompt.keep_civ", opts)
        civ = choice[4:]
        for other in drawn:
            if other != civ:
                g.civ_deck.insert(0, other)  # back under the deck
    g.emit("gain_civ", seat, civ=civ)
    p.civs.insert(0, civ)
    yield from on_gain(g, seat, civ, starting=False)


def on_gain(g: TapestryGame, seat: int, civ: str, starting: bool) -> Gen:
    from engine.games.tapestry import civs_more

    p = g.players[seat]
    yield from civs_more.on_gain(g, seat, civ, starting)
    if civ == "futurists":
        for t in TRACKS:
            for _ in range(4):
                yield from g.advance(seat, t, "none", landmark=False)
        for r in ("coin", "worker", "food", "culture"):
            g.gain_res(seat, r)
    elif civ == "militants":
        # starting: all 8 outposts; gained later: the spaces fill from the right with what is left
        take = min(8, p.outposts)
        p.outposts -= take
        p.civ["militants:rows"] = [take - take // 2, take // 2]
    elif civ == "entertainers":
        if starting:
            p.civ["entertainers:at"] = 1
        else:
            opts = [opt(f"slot:{k}", "tapestry.civ_slot") for k in sorted(mat(civ), key=int)]
            choice = yield from g.pick(seat, "tapestry.prompt.entertainers_start", opts)
            p.civ["entertainers:at"] = int(choice[5:])
            yield from effects.do(g, seat, mat(civ)[int(choice[5:])]["gain"])
    elif civ == "merrymakers":
        p.civ["merrymakers:at"] = [0, 0, 0]
    elif civ == "leaders":
        p.civ["leaders:used"] = []
    elif civ in ("heralds", "inventors", "isolationists", "traders"):
        p.civ[f"{civ}:left"] = 4
        if civ == "heralds":
            p.civ["heralds:marked"] = []
        if civ == "inventors":
            p.civ["inventors:marked"] = []
    elif civ == "historians":
        p.civ["historians:left"] = 4
        p.civ["historians:given"] = [0] * g.n
        if not starting:  # gained mid-game: all four tokens go out at once
            for _ in range(4):
                opts = [opt(f"seat:{o}", "tapestry.seat") for o in g.opponents(seat)]
                choice = yield from g.pick(seat, "tapestry.prompt.historians", opts)
                yield from historians_give(g, seat, int(choice[5:]))
    elif civ == "craftsmen":
        p.civ["craftsmen:cols"] = [0, 0, 0]
    elif civ == "mystics":
        yield from mystics_predict(g, seat)
    elif civ == "architects" and not starting:
        yield from architects_swaps(g, seat)


def adjust(g: TapestryGame, seat: int) -> Gen:
    """The starting civilization's balance adjustment (gains now; losses after income turn 1)."""
    p = g.players[seat]
    if not p.civs or g.options.get("no_civ_adjustments"):
        return
    adj = civilizations()[p.civs[-1]].adjustment
    if adj.get("gain_any"):
        yield from g.gain_any(seat, int(adj["gain_any"]))
    if adj.get("gain_any_by_players"):  # [1-3 players, 4-5 players]
        yield from g.gain_any(seat, int(adj["gain_any_by_players"][g.n >= 4]))
    if adj.get("vp"):
        g.gain_vp(seat, int(adj["vp"]), "adjustment")
    if adj.get("upgrade"):
        yield from g.upgrade(seat)
    if adj.get("opponents_tapestry"):
        for o in g.opponents(seat):
            yield from g.gain_tapestry(o, int(adj["opponents_tapestry"]))
    if adj.get("vp_per_opponent"):
        g.gain_vp(seat, int(adj["vp_per_opponent"]) * len(g.opponents(seat)), "adjustment")
    if adj.get("tiles"):
        for _ in range(int(adj["tiles"])):
            yield from actions.take_tile(g, seat)
    if adj.get("impassable_per_opponent"):
        used: list[int] = []
        for _ in g.opponents(seat):
            plots = [c for c in cap.open_plots(p.grid) if cap.district_of(c) not in used]
            if not plots:
                break
            opts = [opt(f"plot:{r}.{c}", "tapestry.plot") for r, c in plots]
            choice = yield from g.pick(seat, "tapestry.prompt.architects_marker", opts)
            r, c = (int(x) for x in choice[5:].split("."))
            p.grid[r][c] = MARKER
            used.append(cap.district_of((r, c)))
            g.emit("marker", seat, plot=[r, c])
        yield from g.check_districts(seat)


def end_of_first_income(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    if not p.civs:
        return
    starting = p.civs[-1]
    adj = {} if g.options.get("no_civ_adjustments") else civilizations()[starting].adjustment
    if adj.get("lose_culture"):
        yield from g.lose_any(seat, int(adj["lose_culture"]), among=("culture",))
    if adj.get("lose_any"):
        yield from g.lose_any(seat, int(adj["lose_any"]))
    if adj.get("historians_draw"):
        yield from historians_draw(g, seat)
    if starting == "gamblers":
        from engine.games.tapestry import civs_more

        yield from civs_more.gamble(g, seat, 0)
    if starting == "heralds" and p.hand:
        # asked whenever the hand holds a card, so an all-Renaissance hand is not given away
        allowed = sorted({c for c in p.hand if c != "renaissance"})
        opts = [opt("skip", "tapestry.skip")] + [opt(f"card:{c}", "tapestry.card", card=c) for c in allowed]
        choice = yield from g.pick(seat, "tapestry.prompt.heralds_fire", opts, default="skip", force=True)
        if choice != "skip":
            p.hand.remove(choice[5:])
            yield from tapestries.lay(g, seat, choice[5:], 0)


def historians_draw(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    while True:
        card = g.draw_tapestry_card()
        if card is None:
            return
        g.emit("reveal", seat, card=card)
        if tapestries.kind_of(g, card) in ("played", "ongoing"):  # ONGOING cards: F&F's, uploaded
            break
        g.tapestry_discard.append(card)
    play = yield from g.confirm(seat, "tapestry.prompt.historians_fire", {"card": card})
    if play:
        yield from tapestries.lay(g, seat, card, 0)
    else:
        p.hand.append(card)


# ==============================================================================================
# Income-turn abilities (step 1)
# ==============================================================================================
def income_abilities(g: TapestryGame, seat: int) -> Gen:
    from engine.games.tapestry import civs_more

    for civ in list(g.players[seat].civs):
        fn = INCOME.get(civ) or civs_more.INCOME.get(civ)
        if fn is not None:
            yield from fn(g, seat)


def alchemists(g: TapestryGame, seat: int) -> Gen:
    marked: list[str] = []
    while True:
        track = yield from actions.science_roll(g, seat)
        if track in marked:
            g.emit("alchemists_bust", seat)
            yield from g.gain_any(seat)
            return
        marked.append(track)
        if len(marked) == 4:
            break
        more = yield from g.confirm(seat, "tapestry.prompt.alchemists_roll", {"marked": list(marked)}, default=len(marked) < 2)
        if not more:
            break
    for t in g.track_ids:
        if t in marked:
            moved = yield from g.advance(seat, t, "none")
            if not moved and g.players[seat].tracks[t] and not g.blocked(seat, t):
                g.gain_vp(seat, 5, "past_the_end")


def entertainers(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    at = p.civ.get("entertainers:at", 1)
    nxt = mat("entertainers")[at]["next"]
    if not nxt:
        return
    opts = [opt(f"slot:{k}", "tapestry.civ_slot", group="entertainers") for k in nxt]
    choice = yield from g.pick(seat, "tapestry.prompt.entertainers", opts, params={"gains": {k: mat("entertainers")[k]["gain"] for k in nxt}})
    at = int(choice[5:])
    p.civ["entertainers:at"] = at
    yield from effects.do(g, seat, mat("entertainers")[at]["gain"])


def heralds(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    if p.civ.get("heralds:left", 0) <= 0:
        return
    opts = [opt("skip", "tapestry.skip")]
    for q_seat, pile, index, card in tapestries.visible_cards(g):
        mark = f"{q_seat}:{pile}:{index}:{card}"  # this very card, once
        if tapestries.copyable(g, card) and mark not in p.civ["heralds:marked"]:
            opts.append(opt(f"copy:{mark}", "tapestry.card", card=card, group=f"seat{q_seat}"))
    choice = yield from g.pick(seat, "tapestry.prompt.heralds", opts, default="skip")
    if choice == "skip":
        return
    mark = choice[5:]
    p.civ["heralds:marked"].append(mark)
    p.civ["heralds:left"] -= 1
    card = mark.split(":")[3]
    g.emit("copy_card", seat, card=card)
    yield from tapestries.resolve(g, seat, card)


def historians(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    while p.civ.get("historians:left", 0) > 0 and p.tiles:
        opts = [opt("skip", "tapestry.skip")] + [opt(f"seat:{o}", "tapestry.seat") for o in g.opponents(seat)]
        choice = yield from g.pick(seat, "tapestry.prompt.historians", opts, default="skip")
        if choice == "skip":
            return
        tile_opts = [opt(f"tile:{t}", "tapestry.territory_tile", card=f"tile:{t}") for t in sorted(set(p.tiles))]
        tile = yield from g.pick(seat, "tapestry.prompt.historians_tile", tile_opts)
        p.tiles.remove(int(tile[5:]))
        g.emit("discard", seat, source="tiles", what=[tile], count=1)
        yield from historians_give(g, seat, int(choice[5:]))


def historians_give(g: TapestryGame, seat: int, to: int) -> Gen:
    p = g.players[seat]
    p.civ["historians:left"] -= 1
    p.civ["historians:given"][to] += 1
    g.emit("historians_token", seat, to_seat=to)
    return
    yield


def historians_uncovered(p: Any) -> list[Any]:
    """Benefit squares uncovered, left to right, as tokens leave the mat."""
    gone = 4 - p.civ.get("historians:left", 4)
    return [s for row in mat("historians")[:gone] for s in row]


def inventors(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    if p.civ.get("inventors:left", 0) <= 0:
        return
    opts = [opt("skip", "tapestry.skip")]
    for q in g.players:
        for card, row in sorted(q.tech.items()):
            if row == 2 or f"{q.seat}:{card}" in p.civ["inventors:marked"] or card in g.flipped:
                continue
            if row == 1 and q.seat != seat and tech_ff.single_use(card):
                continue  # F&F: nobody else takes your single-use card to the top row
            opts.append(opt(f"mark:{q.seat}:{card}", "tapestry.tech", card=card, group=f"seat{q.seat}"))
    choice = yield from g.pick(seat, "tapestry.prompt.inventors", opts, default="skip")
    if choice == "skip":
        return
    _, owner_s, card = choice.split(":")
    owner = int(owner_s)
    p.civ["inventors:left"] -= 1
    p.civ["inventors:marked"].append(f"{owner}:{card}")
    q = g.players[owner]
    q.tech[card] += 1
    row = q.tech[card]
    g.emit("upgrade", owner, card=card, row=row, by=seat)
    benefit = tech_cards()[card].circle if row == 1 else tech_cards()[card].square
    yield from effects.do(g, owner, benefit)
    if owner != seat:
        yield from effects.do(g, seat, benefit)
    if row == 2:  # a single-use card is used up (the Inventors take it flipped)
        tech_ff.flip(g, owner, card)
        if owner != seat:
            yield from inventors_take(g, seat, owner, card)


def inventors_take(g: TapestryGame, seat: int, owner: int, card: str) -> Gen:
    p, q = g.players[seat], g.players[owner]
    if card in q.tech and card not in p.tech:
        del q.tech[card]
        p.tech[card] = 0
        g.emit("inventors_take", seat, owner=owner, card=card)
    return
    yield


def leaders(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    used = p.civ.setdefault("leaders:used", [])
    opts = [opt("skip", "tapestry.skip")] + [
        opt(f"track:{t}", f"tapestry.track.{t}") for t in g.track_ids if t not in used and g.can_advance(seat, t)
    ]
    choice = yield from g.pick(seat, "tapestry.prompt.leaders", opts, default=opts[-1].id)
    if choice == "skip":
        return
    used.append(choice[6:])
    yield from g.advance(seat, choice[6:], "nobonus")


def merrymakers(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    at = p.civ.setdefault("merrymakers:at", [0, 0, 0])
    cols = mat("merrymakers")
    opts = [opt(f"col:{i}", "tapestry.civ_column") for i in range(3) if at[i] < len(cols[i])]
    if not opts:
        return
    choice = yield from g.pick(seat, "tapestry.prompt.merrymakers", opts, params={"next": [cols[i][at[i]] if at[i] < len(cols[i]) else None for i in range(3)]})
    i = int(choice[4:])
    gain = cols[i][at[i]]
    at[i] += 1
    yield from effects.do(g, seat, gain)


def militants(g: TapestryGame, seat: int) -> Gen:
    rows = g.players[seat].civ.get("militants:rows", [4, 4])
    spaces = mat("militants")
    for r in range(2):
        for k in range(4 - rows[r]):  # spaces are uncovered from the left
            yield from effects.one_step(g, seat, spaces[r][k])


def the_chosen(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    opp = len(g.opponents(seat))
    lead = sum(1 for t in g.track_ids if tapestries.leads(g, seat, t) or p.pos(t) >= 12)
    g.gain_vp(seat, lead * opp, "the_chosen")
    if p.income_turns >= 5:
        g.gain_vp(seat, 5 * len(p.achievements), "the_chosen")
    else:
        yield from g.gain_any(seat, len(p.achievements))


def traders(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    if p.civ.get("traders:left", 0) <= 0:
        return
    opts = [opt("skip", "tapestry.skip")]
    for h in g.hexes:
        s = g.sites[h]
        if s.tile is None:
            continue
        if s.items == 0:
            opts.append(opt(f"empty:{h[0]}.{h[1]}", "tapestry.hex"))
        elif len(s.pieces) == 1 and s.items == 1 and s.pieces[0][0] != seat:
            opts.append(opt(f"trade:{h[0]}.{h[1]}", "tapestry.hex"))
    choice = yield from g.pick(seat, "tapestry.prompt.traders", opts, default="skip")
    if choice == "skip":
        return
    kind, xy = choice.split(":")
    x, y = (int(v) for v in xy.split("."))
    h = (x, y)
    p.civ["traders:left"] -= 1
    g.sites[h].tokens.append(seat)
    g.emit("traders_token", seat, hex=[x, y])
    if kind == "empty":
        near = sum(1 for nb in neighbours(h) if nb in g.sites and g.sites[nb].controller() not in (None, seat))
        g.gain_vp(seat, near, "traders")
    else:
        yield from actions.territory_benefit(g, seat, h)


INCOME = {
    "alchemists": alchemists,
    "entertainers": entertainers,
    "heralds": heralds,
    "historians": historians,
    "inventors": inventors,
    "leaders": leaders,
    "merrymakers": merrymakers,
    "militants": militants,
    "the_chosen": the_chosen,
    "traders": traders,
}


# ==============================================================================================
# Final income turn
# ==============================================================================================
def final_income(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    if "isolationists" in p.civs:
        size = isolation_group(g, seat)
        table = civilizations()["isolationists"].scoring
        if size:
            g.gain_vp(seat, table[min(size, len(table)) - 1], "isolationists")
    if "merfolk" in p.civs:
        from engine.games.tapestry import civs_more

        yield from civs_more.merfolk_trim(g, seat)
    if "collectors" in p.civs:
        from engine.games.tapestry import civs_more

        civs_more.collectors_score(g, seat)
    if "riverfolk" in p.civs:
        from engine.games.tapestry import civs_more

        civs_more.riverfolk_final(g, seat)
    if "urban_planners" in p.civs:
        from engine.games.tapestry import civs_more

        yield from civs_more.urban_build(g, seat)
        civs_more.urban_score(g, seat)
    if "mystics" in p.civs:
        exact = sum(1 for k, v in mystics_counts(g, seat).items() if p.civ.get(f"mystics:{k}") == v)
        g.gain_vp(seat, 10 * exact, "mystics")
    return
    yield


def isolation_group(g: TapestryGame, seat: int) -> int:
    """The largest connected group of controlled territories sharing one land terrain; the
    middle island stands alone (water all round)."""
    own = g.controlled(seat)
    terr: dict[Hex, list[str]] = {}
    for h in own:
        s = g.sites[h]
        assert s.tile is not None
        t = tiles()[s.tile]
        terr[h] = land_terrains(t.corners, t.centre)
    best = 0
    for terrain in ("desert", "forest", "grassland", "mountain"):
        members = [h for h in own if terrain in terr[h]]
        seen: set[Hex] = set()
        for start in members:
            if start in seen:
                continue
            size, stack = 0, [start]
            seen.add(start)
            while stack:
                h = stack.pop()
                size += 1
                if h == (0, 0):
                    continue
                for nb in neighbours(h):
                    if nb in terr and nb not in seen and nb != (0, 0) and terrain in terr[nb]:
                        seen.add(nb)
                        stack.append(nb)
            best = max(best, size)
    return best


def mystics_count(g: TapestryGame, seat: int, kind: str) -> int:
    p = g.players[seat]
    if kind == "tech":
        return len(p.tech)
    if kind == "districts":
        return len(p.districts)
    if kind == "territories":
        return len(g.controlled(seat))
    return sum(1 for t in g.track_ids if p.pos(t) >= 12)  # "tracks"


def mystics_counts(g: TapestryGame, seat: int) -> dict[str, int]:
    return {kind: mystics_count(g, seat, kind) for kind in MYSTIC_RANGES}


MYSTIC_RANGES = {"tech": 12, "districts": 9, "territories": 15, "tracks": 4}


def mystics_predict(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    for k, top in MYSTIC_RANGES.items():
        opts = [opt(f"n:{i}", "tapestry.number") for i in range(top + 1)]
        choice = yield from g.pick(seat, f"tapestry.prompt.mystics_{k}", opts, default=f"n:{top // 2}")
        p.civ[f"mystics:{k}"] = int(choice[2:])
        p.civ[f"mystics:{k}:reached"] = False
        g.emit("mystics_prediction", seat, what=k, number=int(choice[2:]))


def mystics_check(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    if "mystics" not in p.civs:
        return
    # Counted before any gain (one check), and only the predictions not reached yet: this runs
    # after every turn, and counting territories scans the map.
    counts = {k: mystics_count(g, seat, k) for k in MYSTIC_RANGES if not p.civ.get(f"mystics:{k}:reached")}
    for k, v in counts.items():
        if not p.civ.get(f"mystics:{k}:reached") and v >= p.civ.get(f"mystics:{k}", 99):
            p.civ[f"mystics:{k}:reached"] = True
            g.emit("mystics_reached", seat, what=k)
            yield from g.gain_any(seat)


# ==============================================================================================
# Hooks from the rules
# ==============================================================================================
def on_landmark(g: TapestryGame, seat: int, name: str) -> Gen:
    for h in g.players:
        if h.seat == seat or "historians" not in h.civs:
            continue
        if h.civ.get("historians:given", [0] * g.n)[seat] > 0:
            g.emit("historians_trigger", h.seat, source=seat)
            gains = historians_uncovered(h)
            if h.finished:  # a finished player still scores VP, nothing else
                gains = [x for x in gains if str(x).startswith("vp")]
            yield from effects.do(g, h.seat, gains)


def on_district(g: TapestryGame, seat: int, district: int, cells: list[tuple[int, int]] | None = None) -> Gen:
    p = g.players[seat]
    if "architects" not in p.civs:
        return
    plots = cells if cells is not None else cap.district_cells(district)  # an advanced capital's own
    kinds = {p.grid[r][c] for r, c in plots if p.grid[r][c] in LETTER}
    if len(kinds) == 1:
        g.emit("architects_district", seat, district=district)
        yield from g.gain_any(seat)


def capital_extra(g: TapestryGame, seat: int) -> int:
    p = g.players[seat]
    if "architects" not in p.civs:
        return 0
    rows, cols = cap.complete_lines(p.grid)
    extra = 0
    for line in [[p.grid[r][c] for c in range(9)] for r in rows] + [[p.grid[r][c] for r in range(9)] for c in cols]:
        kinds = {ch for ch in line if ch in LETTER}
        extra += len(kinds) == 1
    return extra


def architects_swaps(g: TapestryGame, seat: int) -> Gen:
    """Gained mid-game: up to 3 times swap two income buildings of your capital."""
    p = g.players[seat]
    for _ in range(3):
        cells = [(r, c) for r in range(9) for c in range(9) if p.grid[r][c] in LETTER]
        pairs = [(a, b) for i, a in enumerate(cells) for b in cells[i + 1 :] if p.grid[a[0]][a[1]] != p.grid[b[0]][b[1]]]
        if not pairs:
            return
        opts = [opt("stop", "tapestry.stop")] + [
            opt(f"swap:{a[0]}.{a[1]}:{b[0]}.{b[1]}", "tapestry.swap") for a, b in pairs[:200]
        ]
        choice = yield from g.pick(seat, "tapestry.prompt.architects_swap", opts, default="stop")
        if choice == "stop":
            return
        _, a_s, b_s = choice.split(":")
        ar, ac = (int(v) for v in a_s.split("."))
        br, bc = (int(v) for v in b_s.split("."))
        p.grid[ar][ac], p.grid[br][bc] = p.grid[br][bc], p.grid[ar][ac]
        g.emit("swap", seat, a=[ar, ac], b=[br, bc])


def after_upgrade(g: TapestryGame, seat: int, card: str, row: int) -> Gen:
    """Inventors: an opponent's marked card reaching the top row joins the Inventors' cards."""
    if row != 2:
        return
    for inv in g.players:
        if inv.seat != seat and "inventors" in inv.civs and f"{seat}:{card}" in inv.civ.get("inventors:marked", []):
            yield from effects.do(g, inv.seat, tech_cards()[card].square)
            yield from inventors_take(g, inv.seat, seat, card)


def mat_outposts(g: TapestryGame, seat: int) -> int:
    return sum(g.players[seat].civ.get("militants:rows", [0, 0]))


def take_outpost(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    rows = p.civ.get("militants:rows")
    if rows and sum(rows):
        opts = [opt(f"row:{r}", "tapestry.civ_row") for r in range(2) if rows[r] > 0]
        choice = yield from g.pick(seat, "tapestry.prompt.militants_outpost", opts)
        rows[int(choice[4:])] -= 1
        return
    p.outposts -= 1


def after_conquer(g: TapestryGame, seat: int, h: Hex, was_empty: bool) -> Gen:
    p = g.players[seat]
    if "isolationists" in p.civs and was_empty and p.civ.get("isolationists:left", 0) > 0:
        ok = yield from g.confirm(seat, "tapestry.prompt.isolationists")
        if ok:
            p.civ["isolationists:left"] -= 1
            g.sites[h].tokens.append(seat)
            g.emit("isolationists_token", seat, hex=list(h))
            yield from g.gain_any(seat)


def building_elsewhere(g: TapestryGame, seat: int, kind: str, landmark: bool = False) -> Gen:
    """Craftsmen and Nomads may put a new building somewhere other than the capital."""
    from engine.games.tapestry import civs_more
    from engine.games.tapestry.actions import adjacent_to_controlled

    p = g.players[seat]
    collected = yield from civs_more.collect(g, seat, "landmark" if landmark else kind, kind)
    if collected:
        return True
    opts: list[Option] = []
    if "craftsmen" in p.civs and not landmark:
        cols = p.civ.setdefault("craftsmen:cols", [0, 0, 0])
        spaces = mat("craftsmen")
        opts += [opt(f"craft:{i}", "tapestry.civ_column") for i in range(3) if cols[i] < len(spaces[i])]
    if "nomads" in p.civs:
        near = adjacent_to_controlled(g, seat)
        for h in g.hexes:
            s = g.sites[h]
            if s.tile is None:
                continue
            if s.controller() == seat and s.items == 1:
                opts.append(opt(f"join:{h[0]}.{h[1]}", "tapestry.hex"))
            elif s.items == 0 and h in near:
                opts.append(opt(f"claim:{h[0]}.{h[1]}", "tapestry.hex"))
    if not opts:
        return False
    opts.insert(0, opt("capital", "tapestry.capital"))
    choice = yield from g.pick(seat, "tapestry.prompt.building_where", opts, default="capital", params={"building": kind})
    if choice == "capital":
        return False
    what, _, arg = choice.partition(":")
    if what == "craft":
        i = int(arg)
        gain = mat("craftsmen")[i][p.civ["craftsmen:cols"][i]]
        p.civ["craftsmen:cols"][i] += 1
        g.emit("craftsmen_build", seat, what=kind, column=i)
        yield from effects.one_step(g, seat, gain)
        return True
    x, y = (int(v) for v in arg.split("."))
    s = g.sites[(x, y)]
    if what == "join":
        s.buildings.append([seat, kind])
        g.emit("nomads_build", seat, what=kind, hex=[x, y])
        yield from g.gain_any(seat)
    else:
        s.pieces.append([seat, True, kind])
        g.emit("nomads_claim", seat, what=kind, hex=[x, y])
    return True
