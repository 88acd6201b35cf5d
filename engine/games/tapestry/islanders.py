"""The Islanders (Plans & Ploys): a private seven-hex island printed on their mat.

The island is a printed land hex in the middle (its six sides show two terrains each, the mat's
`centre` in `data/civilizations.yaml`, clockwise from the top side) and six empty hexes around it,
numbered 0-5 by the side of the middle hex they touch (the map's side order N, NE, SE, S, SW, NW).
Exploring one of them works as on the map: any rotation, 1 VP per side matching a neighbouring
tile (the middle hex or an island tile already there), the tile's benefit. They are not map
territories: nobody conquers them, nobody controls them, and they count for no 'territory' VP.
Our readings where the sources are short: the income-turn 5 exploration comes before the island
is scored; a tile's outer sides are those that touch no other island hex (three per hex); placing
tiles when the civilization is gained mid-game is not exploring (no VP, no benefit).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from engine.games.tapestry.asks import Gen, opt
from engine.games.tapestry.data import civilizations, tiles
from engine.games.tapestry.mapgeo import Hex, neighbours, side_matches

if TYPE_CHECKING:
    from engine.games.tapestry.game import TapestryGame

CIV = "islanders"
KEY = "islanders:isle"  # six entries, None or [tile, rotation]
START_TILES = 4
MIDGAME_TILES = 4
OUTER_VP = 4
MIDDLE: Hex = (0, 0)
RING: tuple[Hex, ...] = tuple(neighbours(MIDDLE))


def isle_id(i: int) -> str:
    return f"isle:{i}"


def parse_isle(option: str) -> int:
    return int(option[5:])


@cache
def middle_halves() -> tuple[str, ...]:
    halves = civilizations()[CIV].mat["centre"]
    assert len(halves) == 12
    return tuple(halves)


def isle(p: Any) -> list[list[int] | None]:
    out: list[list[int] | None] = p.civ.setdefault(KEY, [None] * 6)
    return out


def open_hexes(g: TapestryGame, seat: int) -> list[int]:
    """The empty island hexes the Islanders may explore now (none for anyone else)."""
    p = g.players[seat]
    if CIV not in p.civs:
        return []
    return [i for i, here in enumerate(isle(p)) if here is None]


def _side_vp(tile: list[str], rot: int, side: int, nb: Hex, spots: list[Any]) -> bool:
    if nb == MIDDLE:
        # the middle hex's facing side, its halves in its clockwise order; they meet ours reversed
        m = (side + 3) % 6
        a, b = middle_halves()[2 * m], middle_halves()[2 * m + 1]
        left = (side - rot) % 6
        return tile[left] == b or tile[(left + 1) % 6] == a
    if nb in RING:
        other = spots[RING.index(nb)]
        if other is None:
            return False
        return side_matches(tile, rot, tiles()[other[0]].corners, other[1], side)
    return False


def vp_on(spots: list[Any], i: int, tile: int, rot: int) -> int:
    """The VP of `tile` turned `rot` on island hex `i`, the island holding `spots` (None or
    [tile, rotation] per hex): one per side matching the middle hex or an island tile."""
    corners = tiles()[tile].corners
    return sum(_side_vp(corners, rot, side, nb, spots) for side, nb in enumerate(neighbours(RING[i])))


def explore_vp(p: Any, i: int, tile: int, rot: int) -> int:
    return vp_on(isle(p), i, tile, rot)


@cache
def outer_sides(i: int) -> tuple[int, ...]:
    inside = {MIDDLE, *RING}
    return tuple(k for k, nb in enumerate(neighbours(RING[i])) if nb not in inside)


def all_sea_outside(tile: int, rot: int, i: int) -> bool:
    corners = tiles()[tile].corners
    return all(
        corners[(k - rot) % 6] == "sea" and corners[(k - rot + 1) % 6] == "sea" for k in outer_sides(i)
    )


def place(g: TapestryGame, seat: int, tile: int, i: int, rot: int) -> None:
    p = g.players[seat]
    p.tiles.remove(tile)
    isle(p)[i] = [tile, rot]
    g.emit("explore_isle", seat, tile=tile, isle=i, rotation=rot)


def ask_rotation(g: TapestryGame, seat: int, tile: int, i: int) -> Gen:
    """The rotation prompt of an island hex (default: the best VP, as on the map)."""
    p = g.players[seat]
    vps = [explore_vp(p, i, tile, r) for r in range(6)]
    best = max(range(6), key=lambda r: (vps[r], -r))
    opts = [opt(f"rot:{r}", "tapestry.rotation") for r in range(6)]
    params = {"vp": vps, "tile": tile, "isle": i}
    choice = yield from g.pick(
        seat, "tapestry.prompt.explore_rotation", opts, default=f"rot:{best}", params=params
    )
    rot = int(choice[4:])
    return rot, vps[rot]


def start(g: TapestryGame, seat: int, starting: bool) -> Gen:
    from engine.games.tapestry import actions, civs_more

    p = g.players[seat]
    isle(p)
    if starting:
        for _ in range(START_TILES):
            yield from actions.take_tile(g, seat)
        return
    if (yield from civs_more.redraw(g, seat, CIV)):
        return
    # kept mid-game: up to 4 tiles from the supply onto the island, no VP and no benefit
    for _ in range(MIDGAME_TILES):
        hexes = open_hexes(g, seat)
        if not p.tiles or not hexes:
            return
        opts = [opt("skip", "tapestry.skip")]
        opts += [opt(f"tile:{t}", "tapestry.territory_tile", card=f"tile:{t}") for t in sorted(set(p.tiles))]
        choice = yield from g.pick(seat, "tapestry.prompt.islanders_place", opts, default=opts[-1].id)
        if choice == "skip":
            return
        tile = int(choice[5:])
        i = yield from ask_hex(g, seat, tile)
        rot, _ = yield from ask_rotation(g, seat, tile, i)
        place(g, seat, tile, i, rot)


def ask_hex(g: TapestryGame, seat: int, tile: int) -> Gen:
    opts = [opt(isle_id(i), "tapestry.isle") for i in open_hexes(g, seat)]
    choice = yield from g.pick(seat, "tapestry.prompt.explore_hex", opts, params={"tile": tile})
    return parse_isle(choice)


def income(g: TapestryGame, seat: int) -> Gen:
    """Income turns 2-5: you may explore one island hex; income turn 5 then scores the island."""
    p = g.players[seat]
    if p.tiles and open_hexes(g, seat):
        opts = [opt("skip", "tapestry.skip")]
        opts += [opt(f"tile:{t}", "tapestry.territory_tile", card=f"tile:{t}") for t in sorted(set(p.tiles))]
        choice = yield from g.pick(seat, "tapestry.prompt.islanders_explore", opts, default=opts[-1].id)
        if choice != "skip":
            tile = int(choice[5:])
            i = yield from ask_hex(g, seat, tile)
            yield from explore_here(g, seat, tile, i)
    if p.income_turns == 5:
        final(g, seat)


def explore_here(g: TapestryGame, seat: int, tile: int, i: int) -> Gen:
    """Explore island hex `i` with `tile`: rotation, VP and the tile's benefit."""
    from engine.games.tapestry import actions

    rot, vp = yield from ask_rotation(g, seat, tile, i)
    place(g, seat, tile, i, rot)
    yield from actions.explored(g, seat, tiles()[tile].benefit, vp, None)


def final(g: TapestryGame, seat: int) -> None:
    p = g.players[seat]
    dry = sum(
        1 for i, here in enumerate(isle(p)) if here is not None and all_sea_outside(here[0], here[1], i)
    )
    g.gain_vp(seat, OUTER_VP * dry, "islanders")


def island_tiles(p: Any) -> int:
    return sum(1 for here in p.civ.get(KEY) or () if here is not None)
