"""Pictures of a choice on show in a player's private view: the capital with the candidate
placements drawn (one capital with the open plots for a building, one small capital per
placement for a landmark, ★ where a placement completes something) and the map with the hexes
a tile can go to (their best VP), or the tile on its hex turned as the prompt's default.

Drawn from the public view and the prompt only; small palettes keep every picture far under
Discord's upload limit.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.games.tapestry.image import (
    BACKGROUND,
    CELL_COLOURS,
    LAND,
    MUTED,
    OPEN,
    PRINTED,
    SEA,
    TEXT,
    seat_colour,
)
from bot.games.tapestry.placement import (
    CAPITAL_PROMPTS,
    EXPLORE_HEX,
    EXPLORE_ROTATION,
    Spot,
    hex_vps,
    spot_caption,
    spots,
)
from bot.games.tapestry.text import ROWS, hex_numbers, parse_hex, public_view
from bot.render.pictures import RGB, fit, font, plain
from bot.table import Live
from engine.core import Prompt
from engine.games.tapestry import islanders
from engine.games.tapestry.data import board, tiles

CANDIDATE: RGB = (70, 160, 90)
STAR: RGB = (250, 210, 70)
OUTLINE: RGB = (250, 210, 70)
TERRAIN: dict[str, RGB] = {
    "sea": (46, 90, 140),
    "desert": (214, 180, 110),
    "forest": (40, 110, 60),
    "grassland": (130, 190, 90),
    "mountain": (140, 130, 130),
}
MAX_SIDE = 1600  # pixels: well inside what Discord shows without scaling down much
MINI_COLUMNS = 5
STRIP_W = 68  # one turn of the tile in the rotation strip
STRIP_H = 90


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.quantize(colors=64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        out, format="PNG", compress_level=6
    )
    return out.getvalue()


def _write(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    fill: RGB,
    size: int,
    anchor: str | None = None,
) -> None:
    draw.text(xy, plain(text), fill=fill, font=font(size), anchor=anchor)


def _grid(draw: ImageDraw.ImageDraw, grid: Sequence[str], x: int, y: int, cell: int) -> None:
    for r, line in enumerate(grid):
        for c, ch in enumerate(line):
            box = (x + c * cell, y + r * cell, x + (c + 1) * cell - 2, y + (r + 1) * cell - 2)
            draw.rectangle(box, fill=CELL_COLOURS.get(ch, OPEN))
    for k in (3, 6):  # district borders
        draw.line((x + k * cell - 1, y, x + k * cell - 1, y + 9 * cell), fill=BACKGROUND, width=2)
        draw.line((x, y + k * cell - 1, x + 9 * cell, y + k * cell - 1), fill=BACKGROUND, width=2)


# -- the capital ----------------------------------------------------------------------------------------
def building_preview(grid: Sequence[str], found: Sequence[Spot]) -> bytes:
    cell, margin = 44, 30
    side = margin + 9 * cell + 10
    image = Image.new("RGB", (side, side), BACKGROUND)
    draw = ImageDraw.Draw(image)
    _grid(draw, grid, margin, margin, cell)
    for i in range(9):
        _write(draw, (margin + i * cell + cell / 2, margin / 2), str(i + 1), MUTED, 14, "mm")
        _write(draw, (margin / 2, margin + i * cell + cell / 2), ROWS[i], MUTED, 14, "mm")
    for s in found:
        r, c = s.cells[0]
        box = (
            margin + c * cell + 4,
            margin + r * cell + 4,
            margin + (c + 1) * cell - 6,
            margin + (r + 1) * cell - 6,
        )
        draw.rectangle(box, fill=CANDIDATE)
        if s.completes:
            _write(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), "*", STAR, 22, "mm")
    return _png(image)


def landmark_preview(grid: Sequence[str], found: Sequence[Spot], captions: Sequence[str]) -> bytes:
    cell, pad, head = 14, 12, 18
    tile_w = 9 * cell + pad
    tile_h = 9 * cell + head + pad
    columns = min(MINI_COLUMNS, max(1, len(found)))
    rows = max(1, -(-len(found) // columns))
    image = Image.new("RGB", (columns * tile_w + pad, rows * tile_h + pad), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for n, (s, caption) in enumerate(zip(found, captions)):
        x = pad + (n % columns) * tile_w
        y = pad + (n // columns) * tile_h
        title = ("* " if s.completes else "") + caption
        _write(
            draw,
            (x, y),
            fit(plain(title), tile_w - pad, font(11), lines=1)[0],
            STAR if s.completes else TEXT,
            11,
        )
        _grid(draw, grid, x, y + head, cell)
        for r, c in s.cells:
            box = (x + c * cell, y + head + r * cell, x + (c + 1) * cell - 2, y + head + (r + 1) * cell - 2)
            draw.rectangle(box, fill=CANDIDATE, outline=OUTLINE)
    return _png(image)


# -- the map --------------------------------------------------------------------------------------------
def _hex_centre(h: tuple[int, int], cx: float, cy: float, scale: float) -> tuple[float, float]:
    return cx + 1.5 * scale * (h[1] - h[0]), cy + math.sqrt(3) / 2 * scale * (h[0] + h[1])


def _corners(px: float, py: float, scale: float) -> list[tuple[float, float]]:
    return [
        (px + scale * math.cos(math.pi / 3 * k), py + scale * math.sin(math.pi / 3 * k)) for k in range(6)
    ]


def _draw_tile(
    draw: ImageDraw.ImageDraw, px: float, py: float, scale: float, corners: Sequence[str], rot: int
) -> None:
    """The tile's six terrains, each around the vertex between board sides k and k+1 (side 0 up)."""
    for k in range(6):
        a_mid = math.radians(270 + 60 * k)
        b_mid = math.radians(270 + 60 * (k + 1))
        vertex = math.radians(300 + 60 * k)
        r_mid = scale * math.sqrt(3) / 2
        poly = [
            (px, py),
            (px + r_mid * math.cos(a_mid), py + r_mid * math.sin(a_mid)),
            (px + scale * math.cos(vertex), py + scale * math.sin(vertex)),
            (px + r_mid * math.cos(b_mid), py + r_mid * math.sin(b_mid)),
        ]
        draw.polygon(poly, fill=TERRAIN.get(corners[(k - rot + 1) % 6], LAND))


def map_preview(view: Mapping[str, Any], prompt: Prompt, shown: Sequence[int], locale: str) -> bytes:
    small = view["map"] == "small"
    side = board().maps.small if small else board().maps.large
    numbers = hex_numbers(small)
    sites = {(s["hex"][0], s["hex"][1]): s for s in view["sites"]}
    scale = 34 if small else 28
    centres = [_hex_centre((h[0], h[1]), 0, 0, scale) for h in side.hexes]
    min_x = min(x for x, _ in centres) - scale - 10
    min_y = min(y for _, y in centres) - scale - 10
    width = int(max(x for x, _ in centres) + scale + 10 - min_x)
    height = int(max(y for _, y in centres) + scale + 10 - min_y)
    strip = STRIP_H if prompt.key == EXPLORE_ROTATION else 0
    image = Image.new("RGB", (max(width, 6 * STRIP_W + 10), height + strip), BACKGROUND)
    draw = ImageDraw.Draw(image)
    cx, cy = -min_x, -min_y
    tile = prompt.params.get("tile")
    targets: dict[tuple[int, int], str] = {}
    placing: tuple[tuple[int, int], int] | None = None
    if prompt.key == EXPLORE_HEX and isinstance(tile, int):
        for i in shown:
            target = parse_hex(prompt.options[i].id.partition(":")[2])
            if target is not None:
                targets[target] = f"+{max(hex_vps(view, tile, target))}"
    elif prompt.key == EXPLORE_ROTATION:
        spot = _rotation_target(view, prompt)
        if spot is not None:
            placing = spot
    for raw in side.hexes:
        hh = (raw[0], raw[1])
        px, py = _hex_centre(hh, cx, cy, scale)
        site = sites.get(hh)
        fill = SEA
        if site is not None and site["tile"] is not None:
            if site["printed"]:
                fill = PRINTED
            else:
                fill = LAND
        draw.polygon(_corners(px, py, scale), fill=fill, outline=BACKGROUND)
        if site is not None and site["tile"] is not None and not site["printed"]:
            _draw_tile(draw, px, py, scale - 3, tiles()[site["tile"]].corners, int(site["rotation"] or 0))
        if site is not None:
            for i, (seat, upright, _what) in enumerate(site["pieces"][:4]):
                ox, oy = px - 8 + (i % 2) * 12, py + 8 + (i // 2) * 9
                draw.rectangle(
                    (ox - 4, oy - 4, ox + 4, oy + 4),
                    fill=seat_colour(seat),
                    outline=TEXT if upright else MUTED,
                )
        _write(draw, (px, py - scale * 0.55), str(numbers[hh]), MUTED, 10, "mm")
        if hh in targets:
            draw.polygon(_corners(px, py, scale - 2), outline=OUTLINE, width=3)
            _write(draw, (px, py + 2), targets[hh], STAR, 14, "mm")
    if placing is not None and isinstance(tile, int):
        h, rot = placing
        px, py = _hex_centre(h, cx, cy, scale)
        _draw_tile(draw, px, py, scale - 2, tiles()[tile].corners, rot)
        draw.polygon(_corners(px, py, scale - 1), outline=OUTLINE, width=3)
        _write(draw, (px, py), f"+{_rotation_vp(prompt, rot)}", TEXT, 14, "mm")
        _rotation_strip(draw, tiles()[tile].corners, prompt, rot, height)
    return _png(image)


# -- the Islanders' island -------------------------------------------------------------------------------
def _draw_middle(draw: ImageDraw.ImageDraw, px: float, py: float, scale: float) -> None:
    """The island's printed middle hex: each side shows two terrains (side 0 up, clockwise)."""
    halves = islanders.middle_halves()
    r_mid = scale * math.sqrt(3) / 2
    for k in range(6):
        first = math.radians(240 + 60 * k)
        mid = math.radians(270 + 60 * k)
        last = math.radians(300 + 60 * k)
        centre = (px, py)
        at_mid = (px + r_mid * math.cos(mid), py + r_mid * math.sin(mid))
        for vertex, terrain in ((first, halves[2 * k]), (last, halves[2 * k + 1])):
            corner = (px + scale * math.cos(vertex), py + scale * math.sin(vertex))
            draw.polygon([centre, at_mid, corner], fill=TERRAIN.get(terrain, LAND))


def island_preview(view: Mapping[str, Any], prompt: Prompt, shown: Sequence[int]) -> bytes:
    """The Islanders' island: the printed middle hex, the tiles explored, the hexes open to the
    tile with their best VP (or the tile on its hex turned as the prompt's default)."""
    me = view["players"][prompt.seat]
    spots = list((me.get("civ_state") or {}).get(islanders.KEY) or [None] * 6)
    scale = 46
    strip = STRIP_H if prompt.key == EXPLORE_ROTATION else 0
    side = int(scale * 6.2)
    image = Image.new("RGB", (max(side, 6 * STRIP_W + 10), side + strip), BACKGROUND)
    draw = ImageDraw.Draw(image)
    cx = cy = side / 2
    tile = prompt.params.get("tile")
    targets: dict[int, str] = {}
    if prompt.key == EXPLORE_HEX and isinstance(tile, int) and tile in tiles():
        for i in shown:
            oid = prompt.options[i].id
            if oid.startswith("isle:"):
                n = int(oid[5:])
                targets[n] = f"+{max(islanders.vp_on(spots, n, tile, r) for r in range(6))}"
    placing = prompt.params.get("isle") if prompt.key == EXPLORE_ROTATION else None
    px, py = _hex_centre(islanders.MIDDLE, cx, cy, scale)
    draw.polygon(_corners(px, py, scale), fill=SEA, outline=BACKGROUND)
    _draw_middle(draw, px, py, scale - 3)
    for n, h in enumerate(islanders.RING):
        px, py = _hex_centre(h, cx, cy, scale)
        draw.polygon(_corners(px, py, scale), fill=SEA, outline=BACKGROUND)
        here = spots[n]
        if here is not None:
            _draw_tile(draw, px, py, scale - 3, tiles()[here[0]].corners, int(here[1]))
        _write(draw, (px, py - scale * 0.55), str(n + 1), MUTED if here is not None else TEXT, 12, "mm")
        if n in targets:
            draw.polygon(_corners(px, py, scale - 2), outline=OUTLINE, width=3)
            _write(draw, (px, py + 4), targets[n], STAR, 16, "mm")
    if isinstance(placing, int) and 0 <= placing < 6 and isinstance(tile, int) and tile in tiles():
        rot = int(str((prompt.default or ("rot:0",))[0])[4:] or 0)
        px, py = _hex_centre(islanders.RING[placing], cx, cy, scale)
        _draw_tile(draw, px, py, scale - 2, tiles()[tile].corners, rot)
        draw.polygon(_corners(px, py, scale - 1), outline=OUTLINE, width=3)
        _write(draw, (px, py), f"+{_rotation_vp(prompt, rot)}", TEXT, 16, "mm")
        _rotation_strip(draw, tiles()[tile].corners, prompt, rot, side)
    return _png(image)


def _on_island(prompt: Prompt, shown: Sequence[int]) -> bool:
    """An exploration of the Islanders' island: the island hexes on show, or its rotation."""
    if prompt.key == EXPLORE_ROTATION:
        return isinstance(prompt.params.get("isle"), int)
    ids = [prompt.options[i].id for i in shown if 0 <= i < len(prompt.options)]
    return bool(ids) and all(i.startswith("isle:") for i in ids)


def _rotation_strip(
    draw: ImageDraw.ImageDraw, corners: Sequence[str], prompt: Prompt, chosen: int, top: int
) -> None:
    """The tile in each of its six turns, with the VP each scores (the default one outlined)."""
    r = STRIP_W // 2 - 8
    for k in range(6):
        px, py = 10 + k * STRIP_W + STRIP_W / 2, top + r + 6
        _draw_tile(draw, px, py, r, corners, k)
        if k == chosen:
            draw.polygon(_corners(px, py, r + 2), outline=OUTLINE, width=3)
        _write(draw, (px, py + r + 12), f"{60 * k}° · +{_rotation_vp(prompt, k)}", TEXT, 12, "mm")


def _rotation_vp(prompt: Prompt, rot: int) -> int:
    vp = prompt.params.get("vp")
    return int(vp[rot]) if isinstance(vp, list) and rot < len(vp) else 0


def _rotation_target(view: Mapping[str, Any], prompt: Prompt) -> tuple[tuple[int, int], int] | None:
    """The hex and default rotation of an open rotation prompt (its params name the hex and tile)."""
    h = prompt.params.get("hex")
    tile = prompt.params.get("tile")
    if not (isinstance(h, list) and len(h) == 2 and isinstance(tile, int) and tile in tiles()):
        return None
    default = (prompt.default or ("rot:0",))[0]
    return (int(h[0]), int(h[1])), int(str(default)[4:] or 0)


# -- the hook -------------------------------------------------------------------------------------------
def prompt_image(live: Live, seat: int, locale: str, shown: Sequence[int]) -> bytes | None:
    """The renderer's `prompt_image`: a picture for placement and exploration prompts only."""
    prompt = live.prompt_for(seat)
    view = public_view(live)
    if prompt is None or view is None:
        return None
    if prompt.key in CAPITAL_PROMPTS:
        grid = view["players"][seat].get("grid") or []
        if len(grid) != 9:
            return None
        wanted = set(shown)
        found = [s for s in spots(grid, prompt) if s.index in wanted]
        order = {i: n for n, i in enumerate(shown)}
        found.sort(key=lambda s: order.get(s.index, 0))
        if not found:
            return None
        if prompt.key == CAPITAL_PROMPTS[0]:
            return building_preview(grid, found)
        return landmark_preview(
            grid, found[:25], [spot_caption(prompt, s.index, live, locale) for s in found[:25]]
        )
    if prompt.key in (EXPLORE_HEX, EXPLORE_ROTATION) and _on_island(prompt, shown):
        return island_preview(view, prompt, shown)
    if prompt.key in (EXPLORE_HEX, EXPLORE_ROTATION):
        return map_preview(view, prompt, shown, locale)
    return None
