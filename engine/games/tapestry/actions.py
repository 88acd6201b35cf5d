"""Map actions: taking tiles, exploring, conquering (dice, traps, toppling), rolling the science die."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.prompts import Option
from engine.games.tapestry import civs, civs_more, effects, islanders, tapestries
from engine.games.tapestry.asks import Gen, opt
from engine.games.tapestry.data import board, tiles
from engine.games.tapestry.mapgeo import Hex, explore_vp, neighbours
from engine.games.tapestry.modules import play as module_play

if TYPE_CHECKING:
    from engine.games.tapestry.game import TapestryGame

MIDDLE: Hex = (0, 0)


def gain_tile(g: TapestryGame, seat: int) -> None:
    if not g.receives(seat, "tile"):
        return
    if not g.tile_bag:
        g.emit("none_left", seat, what="tile")
        return
    tile = g.tile_bag.pop()
    g.players[seat].tiles.append(tile)
    g.emit("gain_tile", seat, tile=tile)  # territory tiles in a supply are public


def take_tile_collecting(g: TapestryGame, seat: int) -> Gen:
    """A territory tile gained as a benefit; the Collectors may put it on their mat."""
    before = list(g.players[seat].tiles)
    yield from take_tile(g, seat)
    new = g.players[seat].tiles[len(before) :]
    if new:
        collected = yield from civs_more.collect(g, seat, "tile", str(new[0]))
        if collected:
            g.players[seat].tiles.remove(new[0])


def gain_space_tile(g: TapestryGame, seat: int) -> None:
    if not g.space_stack:
        g.emit("none_left", seat, what="space_tile")
        return
    tile = g.space_stack.pop()
    g.players[seat].space.append(tile)
    g.emit("gain_space_tile", seat, tile=tile)


def psionic(g: TapestryGame, seat: int) -> bool:
    """Psionics roll every die twice and see one more of every random draw (keeping one)."""
    return "psionics" in g.players[seat].civs


def keep_one(g: TapestryGame, seat: int, opts: list[Option]) -> Gen:
    """The Psionics' choice among a second roll or draw (asked only when the two differ)."""
    if len({o.id for o in opts}) == 1:
        return opts[0].id
    choice = yield from g.pick(seat, "tapestry.prompt.psionics_keep", opts)
    return choice


def take_tile(g: TapestryGame, seat: int) -> Gen:
    """Gain a territory tile from the bag (Psionics: draw 2, keep 1, the other back in the bag)."""
    if not psionic(g, seat) or not g.receives(seat, "tile") or len(g.tile_bag) < 2:
        gain_tile(g, seat)
        return
    drawn = [g.tile_bag.pop(), g.tile_bag.pop()]
    opts = [opt(f"tile:{t}", "tapestry.territory_tile", card=f"tile:{t}") for t in drawn]
    keep = int((yield from keep_one(g, seat, opts))[5:])
    drawn.remove(keep)
    g.tile_bag.insert(g.rng.randrange(len(g.tile_bag) + 1), drawn[0])
    g.players[seat].tiles.append(keep)
    g.emit("gain_tile", seat, tile=keep)


def take_space_tile(g: TapestryGame, seat: int) -> Gen:
    """Gain a space tile (Psionics: draw 2, keep 1, the other shuffled back into the stack)."""
    if not psionic(g, seat) or len(g.space_stack) < 2:
        gain_space_tile(g, seat)
        return
    drawn = [g.space_stack.pop(), g.space_stack.pop()]
    opts = [opt(f"space:{t}", "tapestry.space_tile", card=f"space:{t}") for t in drawn]
    keep = int((yield from keep_one(g, seat, opts))[6:])
    drawn.remove(keep)
    g.space_stack.insert(g.rng.randrange(len(g.space_stack) + 1), drawn[0])
    g.players[seat].space.append(keep)
    g.emit("gain_space_tile", seat, tile=keep)


def science_roll(g: TapestryGame, seat: int) -> Gen:
    """Roll the science die (Psionics: twice, keep one)."""
    from engine.games.tapestry import civs_more

    d20 = g.arts_on
    if g.arts_on and g.options.get("either_science_die"):  # the rulebook's variant: roll either die
        opts = [opt("die:d20", "tapestry.die.d20"), opt("die:d12", "tapestry.die.d12")]
        d20 = (yield from g.pick(seat, "tapestry.prompt.which_science_die", opts)) == "die:d20"
    track = roll_science(g, seat, d20)
    if psionic(g, seat):
        other = roll_science(g, seat, d20)
        opts = [opt(f"track:{t}", f"tapestry.track.{t}") for t in dict.fromkeys((track, other))]
        track = (yield from keep_one(g, seat, opts))[6:]
    yield from civs_more.illuminati_dice(g, seat, "science", [track], None)
    return track


def roll_chosen_die(g: TapestryGame, seat: int) -> Gen:
    """A benefit that rolls one die of the player's choice and gives its face (National Parks,
    FAQ 28). Our reading where the sources stop: a conquer die gives its face as after a
    conquest, but with no territory conquered its territory face gives nothing; the science die
    is a research with benefit (the D20 with the Arts track, as every research)."""
    from engine.games.tapestry import civs_more, effects

    opts = [opt(f"die:{d}", f"tapestry.die_name.{d}") for d in ("red", "black", "science")]
    which = (yield from g.pick(seat, "tapestry.prompt.roll_which_die", opts))[4:]
    if which == "science":
        yield from effects.research(g, seat, benefit=True)
        return
    faces = board().dice.red if which == "red" else board().dice.black
    face = g.rng.choice(faces)
    g.emit("roll", seat, die=which, face=face)
    if psionic(g, seat):  # every die twice, one face kept
        again = g.rng.choice(faces)
        g.emit("roll", seat, die=which, face=again)
        kept = yield from keep_one(g, seat, [opt(f"face:{f}", f"tapestry.die.{f}") for f in dict.fromkeys((face, again))])
        face = kept[5:]
    yield from civs_more.illuminati_dice(g, seat, "conquer", [face], None)
    if face != "territory":
        yield from effects.token(g, seat, face)


def roll_science(g: TapestryGame, seat: int, d20: bool | None = None) -> str:
    # the D20 with the Arts track (faces ours, data/arts.yaml), else the D12
    d20 = g.arts_on if d20 is None else d20
    track = g.rng.choice(g.arts_values["d20"] if d20 else board().dice.science)
    g.emit("roll", seat, die="science", face=track)
    return track


def hex_id(h: Hex) -> str:
    return f"hex:{h[0]}.{h[1]}"


def parse_hex(option: str) -> Hex:
    x, y = option[4:].split(".")
    return int(x), int(y)


def placed_tiles(g: TapestryGame) -> dict[Hex, tuple[list[str], int]]:
    out: dict[Hex, tuple[list[str], int]] = {}
    for h in g.hexes:
        s = g.sites[h]
        if s.tile is not None:
            out[h] = (tiles()[s.tile].corners, s.rot)
    return out


def adjacent_to_controlled(g: TapestryGame, seat: int) -> set[Hex]:
    near: set[Hex] = set()
    for h in g.controlled(seat):
        near.update(nb for nb in neighbours(h) if nb in g.sites)
    return near


def explore_targets(g: TapestryGame, seat: int, anywhere: bool) -> list[Hex]:
    near = None if anywhere else adjacent_to_controlled(g, seat)
    return [h for h in g.hexes if g.sites[h].tile is None and (near is None or h in near)]


def explore(g: TapestryGame, seat: int, anywhere: bool = False, tile: int | None = None) -> Gen:
    p = g.players[seat]
    if tile is not None:
        p.tiles.append(tile)  # a tile given to explore with waits in the supply if it cannot go
    targets = explore_targets(g, seat, anywhere)
    isle = islanders.open_hexes(g, seat)  # the Islanders may explore their own island instead
    if tapestries.era_active(g, seat, "age_of_sail") and (targets or isle):
        yield from tapestries.age_of_sail(g, seat)
    if not (targets or isle) or not p.tiles:
        # skipped, never asked with nothing to choose; the log says why
        g.emit("explore_nothing", seat, why="no_tile" if not p.tiles else "no_hex")
        return
    if tile is None or tile not in p.tiles:
        opts = [opt(f"tile:{t}", "tapestry.territory_tile", card=f"tile:{t}") for t in sorted(set(p.tiles))]
        params: dict[str, Any] = {"hexes": [list(h) for h in targets]}
        if isle:
            params["isle"] = isle
        choice = yield from g.pick(seat, "tapestry.prompt.explore_tile", opts, params=params)
        tile = int(choice[5:])
    opts = [opt(hex_id(h), "tapestry.hex") for h in targets]
    opts += [opt(islanders.isle_id(i), "tapestry.isle") for i in isle]
    choice = yield from g.pick(seat, "tapestry.prompt.explore_hex", opts, params={"tile": tile})
    if choice.startswith("isle:"):
        yield from islanders.explore_here(g, seat, tile, islanders.parse_isle(choice))
        return
    h = parse_hex(choice)
    placed = placed_tiles(g)
    corners = tiles()[tile].corners
    vps = [explore_vp(h, corners, r, placed) for r in range(6)]
    best = max(range(6), key=lambda r: (vps[r], -r))
    opts = [opt(f"rot:{r}", "tapestry.rotation") for r in range(6)]
    choice = yield from g.pick(seat, "tapestry.prompt.explore_rotation", opts, default=f"rot:{best}", params={"vp": vps, "tile": tile, "hex": list(h)})
    rot = int(choice[4:])
    p.tiles.remove(tile)
    site = g.sites[h]
    site.tile, site.rot = tile, rot
    g.emit("explore", seat, tile=tile, hex=list(h), rotation=rot)
    yield from explored(g, seat, tiles()[tile].benefit, vps[rot], h)


def explored(g: TapestryGame, seat: int, benefit: list[Any], vp: int, h: Hex | None) -> Gen:
    """After a tile is placed: its VP and benefit (Exploitation: the benefit twice instead of
    the VP), then Militarism's outpost on a map territory (`h` is None on the Islanders' mat)."""
    if tapestries.era_active(g, seat, "exploitation") and benefit:
        double = yield from g.confirm(seat, "tapestry.prompt.exploitation", default=False)
        if double:
            yield from effects.do(g, seat, benefit)
            yield from effects.do(g, seat, benefit)
            benefit = []
        else:
            g.gain_vp(seat, vp, "explore")
    else:
        g.gain_vp(seat, vp, "explore")
    if benefit:
        yield from effects.do(g, seat, benefit)
    if h is None:
        return
    site = g.sites[h]
    if tapestries.era_active(g, seat, "militarism") and g.players[seat].outposts > 0:
        ok = yield from g.confirm(seat, "tapestry.prompt.militarism_outpost")
        if ok and not site.pieces:
            g.players[seat].outposts -= 1
            site.pieces.append([seat, True, "outpost"])
            g.emit("outpost", seat, hex=list(h))
    yield from module_play.fire(g, seat, "explore")


def conquer_targets(g: TapestryGame, seat: int, anywhere: bool, empty_only: bool = False) -> list[Hex]:
    near = None if anywhere else adjacent_to_controlled(g, seat)
    out = []
    for h in g.hexes:
        s = g.sites[h]
        if s.tile is None or s.items > 1 or s.controller() == seat:
            continue
        if near is not None and h not in near:
            continue
        if empty_only and s.items:
            continue
        owner = s.controller()
        if owner is not None and tapestries.allied(g, seat, owner):
            continue
        out.append(h)
    return out


def outposts_left(g: TapestryGame, seat: int) -> int:
    return g.players[seat].outposts + civs.mat_outposts(g, seat)


def conquer(g: TapestryGame, seat: int, anywhere: bool = False, both: bool = False, tanks: bool = False, empty_only: bool = False) -> Gen:
    # skipped, never asked with nothing to choose; the log says why
    if outposts_left(g, seat) <= 0:
        g.emit("conquer_nothing", seat, why="no_outpost")
        return
    if "collectors" in g.players[seat].civs:  # an outpost onto their mat instead: no conquest, no dice
        collected = yield from civs_more.collect(g, seat, "outpost", "outpost")
        if collected:
            yield from civs.take_outpost(g, seat)
            return
    targets = conquer_targets(g, seat, anywhere, empty_only)
    if not targets:
        g.emit("conquer_nothing", seat, why="no_hex")
        return
    opts = [opt(hex_id(h), "tapestry.hex") for h in targets]
    choice = yield from g.pick(seat, "tapestry.prompt.conquer_hex", opts)
    h = parse_hex(choice)
    site = g.sites[h]
    defender = site.controller()
    was_empty = site.items == 0
    yield from civs.take_outpost(g, seat)
    trapped = False
    by_trap = False  # the Trap itself (its resource), not a response card
    if (
        defender is not None
        and not g.players[defender].finished
        and not g.players[defender].civ.get("elder_ones:beyond")  # no responses after their fifth income turn
        and not tapestries.era_active(g, seat, "pillage_and_plunder")
    ):
        # asked whether or not a Trap is held, so the question itself reveals nothing; a
        # standing answer ("always" / "never") spares the question for the rest of the game
        d = g.players[defender]
        answer = "no"
        if d.trap_policy == "always":
            answer = "trap" if "trap" in d.hand else "no"
        elif d.trap_policy == "ask":
            opts = [opt("no", "tapestry.no_trap")]
            if "trap" in d.hand:
                opts.append(opt("trap", "tapestry.play_trap", card="trap"))
            if g.content.on("counter_traps"):  # response cards answering a conquest
                opts += module_play.defender_response_options(g, defender)
            opts += [opt("always", "tapestry.trap_always"), opt("never", "tapestry.trap_never")]
            answer = yield from g.pick(defender, "tapestry.prompt.trap", opts, default="no", params={"hex": list(h), "attacker": seat}, force=True)
            if answer in ("always", "never"):
                d.trap_policy = answer
                g.emit("trap_policy", defender, policy=answer)
                answer = "trap" if answer == "always" and "trap" in d.hand else "no"
        if answer == "trap":
            trapped = by_trap = True
            d.hand.remove("trap")
            g.tapestry_discard.append("trap")
            g.emit("trap", defender, hex=list(h), attacker=seat)
        elif answer.startswith("resp:"):
            trapped = True
            yield from module_play.use_defender_response(g, defender, answer[5:], list(h), seat)
        if trapped and g.content.on("counter_traps"):  # the attacker may make the Trap fail
            countered = yield from module_play.counter_trap(g, seat, defender, list(h))
            trapped = not countered
    if trapped:
        site.pieces.append([seat, False, "outpost"])
        g.emit("conquer", seat, hex=list(h), trapped=True)
        assert defender is not None
        if by_trap:
            yield from g.gain_any(defender)
    else:
        for piece in site.pieces:
            if piece[0] != seat and piece[1]:
                piece[1] = False
                g.emit("topple", seat, hex=list(h), victim=piece[0])
        site.pieces.append([seat, True, "outpost"])
        g.emit("conquer", seat, hex=list(h), trapped=False)
    red = g.rng.choice(board().dice.red)
    black = g.rng.choice(board().dice.black)
    g.emit("roll", seat, die="conquer", red=red, black=black)
    if psionic(g, seat):  # both dice again; one face of each kept
        red2, black2 = g.rng.choice(board().dice.red), g.rng.choice(board().dice.black)
        g.emit("roll", seat, die="conquer", red=red2, black=black2)
        keep = yield from keep_one(g, seat, [opt(f"red:{f}", f"tapestry.die.{f}", group="red") for f in dict.fromkeys((red, red2))])
        red = keep[4:]
        keep = yield from keep_one(g, seat, [opt(f"black:{f}", f"tapestry.die.{f}", group="black") for f in dict.fromkeys((black, black2))])
        black = keep[6:]
    yield from civs_more.illuminati_dice(g, seat, "conquer", [red, black], h)
    toppled = defender is not None and not trapped
    if both or (tanks and defender is not None) or (toppled and tapestries.era_active(g, seat, "pillage_and_plunder")):
        picks = [red, black]
    else:
        opts = [opt(f"red:{red}", f"tapestry.die.{red}", group="red"), opt(f"black:{black}", f"tapestry.die.{black}", group="black")]
        choice = yield from g.pick(seat, "tapestry.prompt.conquer_die", opts, params={"red": red, "black": black})
        picks = [choice.split(":", 1)[1]]
        if choice.startswith("black:") and civs_more.power_on(g.players[seat], "Barracks"):
            picks.append(red)  # Utilitarians' Barracks: the red result as well
    for face in picks:
        yield from die_face(g, seat, face, h)
    if len(picks) == 1:  # a Traders marker here takes the die left unused
        unused = black if picks[0] == red else red  # the two dice share no face
        for trader in sorted(set(site.tokens)):
            if trader != seat and "traders" in g.players[trader].civs and not g.players[trader].finished:
                g.emit("traders_die", trader, face=unused)
                yield from die_face(g, trader, unused, h)
    if tapestries.era_active(g, seat, "pirate_rule") and site.tile is not None and not site.printed:
        yield from territory_benefit(g, seat, h)
    if h == MIDDLE and not trapped:
        g.achieve(seat, "island")
    g.award_topples()
    if not trapped:
        yield from civs.after_conquer(g, seat, h, was_empty)
        yield from module_play.fire(g, seat, "conquer")


def die_face(g: TapestryGame, seat: int, face: str, h: Hex) -> Gen:
    if face == "territory":
        yield from territory_benefit(g, seat, h)
    else:
        yield from effects.token(g, seat, face)


def territory_benefit(g: TapestryGame, seat: int, h: Hex) -> Gen:
    s = g.sites[h]
    if s.tile is not None and not s.printed:
        yield from effects.do(g, seat, tiles()[s.tile].benefit)
