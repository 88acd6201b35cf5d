"""Where a landmark fits, and who controls a territory, against the rules read cell by cell.

`landmark_spots` tests a placement a row at a time (bit masks); these tests spell the rule out
one cell at a time over many random capitals, for every landmark shape, and compare."""

from __future__ import annotations

import random

import pytest

from engine.games.tapestry import capital as cap
from engine.games.tapestry.data import all_landmarks
from engine.games.tapestry.state import Site

CELLS = ".#*BHAMF"  # open, impassable, terraformed, and what buildings leave


def spots_cell_by_cell(grid: cap.Grid, shapes: tuple[tuple[cap.Cell, ...], ...], impassable_ok: bool) -> list[tuple[int, int, int]]:
    """Every (row, col, orientation) whose on-grid cells are all free, with at least one on it."""
    free = {cap.OPEN, cap.IMPASSABLE} if impassable_ok else {cap.OPEN}
    found = []
    for o, shape in enumerate(shapes):
        h = max(r for r, _ in shape)
        w = max(c for _, c in shape)
        for r0 in range(-h, cap.SIZE):
            for c0 in range(-w, cap.SIZE):
                inside = [(r0 + r, c0 + c) for r, c in shape if 0 <= r0 + r < cap.SIZE and 0 <= c0 + c < cap.SIZE]
                if inside and all(grid[r][c] in free for r, c in inside):
                    found.append((r0, c0, o))
    return found


@pytest.mark.parametrize("name", sorted(all_landmarks()))
def test_landmark_spots_are_the_cells_rule_for_every_landmark(name: str) -> None:
    landmark = all_landmarks()[name]
    shapes = cap.shapes_of(tuple(landmark.footprint), landmark.rotations)
    rng = random.Random(name)
    for _ in range(150):
        density = rng.random()
        grid = [[rng.choice(CELLS) if rng.random() < density else cap.OPEN for _ in range(cap.SIZE)] for _ in range(cap.SIZE)]
        for impassable_ok in (False, True):
            assert cap.landmark_spots(grid, shapes, impassable_ok) == spots_cell_by_cell(grid, shapes, impassable_ok)


def test_a_landmark_may_hang_off_the_edge_but_not_lie_wholly_off_the_grid() -> None:
    grid = [[cap.OPEN] * cap.SIZE for _ in range(cap.SIZE)]
    domino = (((0, 0), (0, 1)),)
    spots = cap.landmark_spots(grid, domino)
    assert (0, -1, 0) in spots and (0, 8, 0) in spots  # one cell on the grid
    assert (0, -2, 0) not in spots and (-1, 0, 0) not in spots
    grid[0][0] = "#"
    assert (0, -1, 0) not in cap.landmark_spots(grid, domino)
    assert (0, -1, 0) in cap.landmark_spots(grid, domino, impassable_ok=True)  # the Riverfolk


@pytest.mark.parametrize(
    ("pieces", "controller"),
    [
        ([], None),
        ([[0, False, "outpost"]], None),  # a toppled outpost holds nothing
        ([[1, True, "outpost"]], 1),
        ([[1, True, "outpost"], [1, True, "outpost"]], 1),  # the start hex: two of your own
        ([[1, True, "outpost"], [2, False, "outpost"]], 1),  # conquered: the upright one holds it
        ([[1, True, "outpost"], [2, True, "outpost"]], None),  # two upright owners: neither alone
        ([[2, False, "outpost"], [1, True, "outpost"], [2, True, "outpost"]], None),
    ],
)
def test_a_territory_is_held_by_the_one_player_with_upright_pieces_on_it(
    pieces: list[list[object]], controller: int | None
) -> None:
    assert Site(tile=1, pieces=pieces).controller() == controller
