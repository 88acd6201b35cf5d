"""Hex geometry of the map: coordinates, neighbours and the terrain-matching VP of exploring.

Coordinates are (x, y) pairs; the six neighbours of (x, y) in side order 0..5 are N, NE, SE, S,
SW, NW. A tile shows six corner terrains; rotated by r, board side k shows tile corners (k - r)
and (k - r + 1) (mod 6).
"""

from __future__ import annotations

Hex = tuple[int, int]
SIDES: tuple[Hex, ...] = ((-1, -1), (-1, 0), (0, 1), (1, 1), (1, 0), (0, -1))


def neighbours(h: Hex) -> list[Hex]:
    return [(h[0] + dx, h[1] + dy) for dx, dy in SIDES]


def side_matches(tile: list[str], rot: int, nb: list[str], nb_rot: int, side: int) -> bool:
    """Whether board side `side` of the tile matches the neighbour's facing side on at least one
    half (its two half-sides meet the neighbour's halves in reverse order)."""
    left = (side - rot) % 6
    mine = ((side + 3) - nb_rot) % 6
    return tile[left] == nb[(mine + 1) % 6] or tile[(left + 1) % 6] == nb[mine]


def explore_vp(h: Hex, tile: list[str], rot: int, placed: dict[Hex, tuple[list[str], int]]) -> int:
    """VP for placing `tile` at `h` with rotation `rot`: one per side matching a neighbour tile."""
    vp = 0
    for side, nb in enumerate(neighbours(h)):
        other = placed.get(nb)
        if other is not None and side_matches(tile, rot, other[0], other[1], side):
            vp += 1
    return vp


def land_terrains(corners: list[str], centre: list[str]) -> list[str]:
    """The distinct land terrains a tile shows, in a fixed order."""
    seen: list[str] = []
    for t in [*corners, *centre]:
        if t != "sea" and t not in seen:
            seen.append(t)
    return seen
