"""The capital city: a 9x9 grid of plots in nine 3x3 districts, some plots impassable.

Cells hold "." (open), "#" (impassable), "*" (impassable plot built on by Terraforming) or the
first letter code of what stands there. Landmarks are polyominoes that may hang off the grid.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

SIZE = 9
Cell = tuple[int, int]
Grid = list[list[str]]
OPEN = "."
IMPASSABLE = "#"
FULL_ROW = (1 << SIZE) - 1  # a row of the grid as a bit mask of its columns


def parse(rows: list[str]) -> Grid:
    return [list(r) for r in rows]


def filled(c: str) -> bool:
    return c != OPEN


def open_plots(grid: Grid, impassable_ok: bool = False) -> list[Cell]:
    return [
        (r, c)
        for r in range(SIZE)
        for c in range(SIZE)
        if grid[r][c] == OPEN or (impassable_ok and grid[r][c] == IMPASSABLE)
    ]


def district_of(cell: Cell) -> int:
    return (cell[0] // 3) * 3 + cell[1] // 3


def district_cells(d: int) -> list[Cell]:
    r0, c0 = (d // 3) * 3, (d % 3) * 3
    return [(r0 + i, c0 + j) for i in range(3) for j in range(3)]


def complete_districts(grid: Grid) -> list[int]:
    return [d for d in range(9) if all(filled(grid[r][c]) for r, c in district_cells(d))]


def complete_lines(grid: Grid) -> tuple[list[int], list[int]]:
    if not grid:  # no capital chosen yet
        return [], []
    rows, cols = _lines(tuple(map("".join, grid)))
    return list(rows), list(cols)


@lru_cache(maxsize=8192)
def _lines(rows: tuple[str, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    # views and scoring ask for every capital after every decision; grids repeat far more often
    full = tuple(r for r in range(SIZE) if OPEN not in rows[r][:SIZE])
    cols = tuple(c for c in range(SIZE) if all(rows[r][c] != OPEN for r in range(SIZE)))
    return full, cols


@cache
def shapes_of(footprint: tuple[str, ...], count: int) -> tuple[tuple[Cell, ...], ...]:
    return tuple(tuple(s) for s in orientations(list(footprint), count))


def orientations(footprint: list[str], count: int) -> list[list[Cell]]:
    """Cells of a footprint in each allowed orientation (1: as printed, 2: +90 degrees, 4: all)."""
    cells = [(r, c) for r, row in enumerate(footprint) for c, ch in enumerate(row) if ch == "X"]
    shapes: list[list[Cell]] = []
    cur = cells
    for _ in range(count):
        h = max(r for r, _ in cur)
        norm = sorted(cur)
        if norm not in shapes:
            shapes.append(norm)
        cur = [(c, h - r) for r, c in cur]  # rotate 90 degrees clockwise
    return shapes


def landmark_spots(grid: Grid, shapes: Sequence[Sequence[Cell]], impassable_ok: bool = False) -> list[tuple[int, int, int]]:
    """(row, col, orientation) where the landmark fits: every on-grid cell open (or impassable,
    for the Riverfolk), at least one cell on the grid (landmarks may hang off the edge).
    Rows are bit masks of columns: a placement tests a row of the shape in one operation."""
    taken = [
        sum(1 << c for c, ch in enumerate(row[:SIZE]) if not (ch == OPEN or (impassable_ok and ch == IMPASSABLE)))
        for row in grid
    ]
    spots = []
    for o, shape in enumerate(shapes):
        masks: dict[int, int] = {}
        for r, c in shape:
            masks[r] = masks.get(r, 0) | 1 << c
        rows = sorted(masks.items())
        h = max(masks)
        w = max(c for _, c in shape)
        for r0 in range(-h, SIZE):
            for c0 in range(-w, SIZE):
                on = False
                for r, mask in rows:
                    rr = r0 + r
                    if 0 <= rr < SIZE:
                        cells = (mask << c0 if c0 >= 0 else mask >> -c0) & FULL_ROW
                        if cells & taken[rr]:
                            break
                        on = on or cells != 0
                else:
                    if on:
                        spots.append((r0, c0, o))
    return spots


def fully_inside(spot: tuple[int, int, int], shapes: Sequence[Sequence[Cell]]) -> bool:
    r0, c0, o = spot
    return all(0 <= r0 + r < SIZE and 0 <= c0 + c < SIZE for r, c in shapes[o])


def place_cells(spot: tuple[int, int, int], shapes: Sequence[Sequence[Cell]]) -> list[Cell]:
    r0, c0, o = spot
    return [(r0 + r, c0 + c) for r, c in shapes[o] if 0 <= r0 + r < SIZE and 0 <= c0 + c < SIZE]
