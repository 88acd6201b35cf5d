"""Choosing where things go: capital placements (buildings on plots, landmarks as anchor cell ×
orientation) and exploration (hex, then rotation), laid out for the platform's menus.

Only the prompt's own options are listed (the engine offers legal placements only). Placements
that complete a district, a row or a column come first and are marked; past 25 choices the pick
takes two steps (an area of the capital, or the best VP a hex can give, then the placement).
Everything here reads the public view: capitals and the map are public.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.arrangement import Arrangement, OptionGroup
from bot.games.tapestry.text import (
    ROWS,
    cells_text,
    hex_text,
    isle_label,
    landmark_cells,
    parse_hex,
    public_view,
)
from bot.i18n import t
from bot.table import Live
from engine.core import Prompt
from engine.games.tapestry import capital as cap
from engine.games.tapestry import islanders
from engine.games.tapestry.data import tiles
from engine.games.tapestry.mapgeo import explore_vp

BUILDING = "tapestry.prompt.place_building"
LANDMARK = "tapestry.prompt.place_landmark"
EXPLORE_TILE = "tapestry.prompt.explore_tile"
EXPLORE_HEX = "tapestry.prompt.explore_hex"
EXPLORE_ROTATION = "tapestry.prompt.explore_rotation"
CAPITAL_PROMPTS = (BUILDING, LANDMARK)


@dataclass(frozen=True)
class Spot:
    """One capital placement: the option's index, the cells it fills and what it completes."""

    index: int
    cells: tuple[tuple[int, int], ...]
    districts: tuple[int, ...]
    rows: tuple[int, ...]
    columns: tuple[int, ...]

    @property
    def completes(self) -> bool:
        return bool(self.districts or self.rows or self.columns)


def option_cells(prompt: Prompt, index: int) -> tuple[tuple[int, int], ...]:
    option = prompt.options[index]
    if option.id.startswith("plot:"):
        r, c = (int(x) for x in option.id[5:].split("."))
        return ((r, c),)
    if option.id.startswith("lm:"):
        r, c, o = (int(x) for x in option.id[3:].split("."))
        return tuple(landmark_cells(option.card or "", r, c, o))
    return ()


def spots(grid: Sequence[str], prompt: Prompt) -> list[Spot]:
    """Each placement option with what it would complete on `grid` (the capital as nine strings)."""
    before = [list(row) for row in grid]
    done_d = set(cap.complete_districts(before))
    done_r, done_c = (set(x) for x in cap.complete_lines(before))
    out = []
    for i in range(len(prompt.options)):
        cells = option_cells(prompt, i)
        if not cells:
            continue
        after = [list(row) for row in grid]
        for r, c in cells:
            after[r][c] = "X"
        rows, cols = cap.complete_lines(after)
        out.append(
            Spot(
                i,
                cells,
                tuple(d for d in cap.complete_districts(after) if d not in done_d),
                tuple(r for r in rows if r not in done_r),
                tuple(c for c in cols if c not in done_c),
            )
        )
    return out


def completes_text(spot: Spot, locale: str) -> str:
    """'★ completes district 5, row B' (districts numbered 1-9 in reading order)."""
    parts = [t("tapestry.place.district", locale, n=d + 1) for d in spot.districts]
    parts += [t("tapestry.place.row", locale, row=ROWS[r]) for r in spot.rows]
    parts += [t("tapestry.place.column", locale, n=c + 1) for c in spot.columns]
    return "★ " + t("tapestry.place.completes", locale, what=", ".join(parts))


def district_label(d: int, locale: str) -> str:
    rows = f"{ROWS[(d // 3) * 3]}–{ROWS[(d // 3) * 3 + 2]}"
    cols = f"{(d % 3) * 3 + 1}–{(d % 3) * 3 + 3}"
    return t("tapestry.place.area", locale, n=d + 1, rows=rows, cols=cols)


def capital_arrangement(grid: Sequence[str], prompt: Prompt, locale: str) -> Arrangement:
    found = spots(grid, prompt)
    notes = {s.index: completes_text(s, locale) for s in found if s.completes}
    completing = [s for s in found if s.completes]
    # the most completed first; ties keep the engine's order
    completing.sort(key=lambda s: -(len(s.districts) + len(s.rows) + len(s.columns)))
    groups = []
    if completing:
        groups.append(
            OptionGroup(
                "★ " + t("tapestry.place.completing", locale),
                tuple(s.index for s in completing),
                t("tapestry.place.count", locale, n=len(completing)),
            )
        )
    by_area: dict[int, list[Spot]] = {}
    for s in found:
        by_area.setdefault(cap.district_of(s.cells[0]), []).append(s)  # its first cell, reading order
    for d in sorted(by_area):
        members = sorted(by_area[d], key=lambda s: (not s.completes, s.cells[0], s.index))
        marked = sum(1 for s in members if s.completes)
        note = t("tapestry.place.count", locale, n=len(members))
        if marked:
            note += " · ★ " + t("tapestry.place.completing_n", locale, n=marked)
        groups.append(OptionGroup(district_label(d, locale), tuple(s.index for s in members), note))
    return Arrangement(tuple(groups), notes)


# -- exploring ---------------------------------------------------------------------------------------
def placed_from_view(view: Mapping[str, Any]) -> dict[tuple[int, int], tuple[list[str], int]]:
    out = {}
    for site in view["sites"]:
        if site["tile"] is not None:
            out[(site["hex"][0], site["hex"][1])] = (
                tiles()[site["tile"]].corners,
                int(site["rotation"] or 0),
            )
    return out


def hex_vps(view: Mapping[str, Any], tile: int, h: tuple[int, int]) -> list[int]:
    """The VP of each of the six rotations of `tile` at `h`."""
    placed = placed_from_view(view)
    return [explore_vp(h, tiles()[tile].corners, r, placed) for r in range(6)]


def explore_arrangement(
    live: Live, view: Mapping[str, Any], prompt: Prompt, locale: str
) -> Arrangement | None:
    tile = prompt.params.get("tile")
    if not isinstance(tile, int) or tile not in tiles():
        return None
    best: dict[int, int] = {}
    notes = {}
    for i, option in enumerate(prompt.options):
        h = parse_hex(option.id.partition(":")[2])
        if h is None:
            continue
        vps = hex_vps(view, tile, h)
        top = max(vps)
        best[i] = top
        turns = [60 * r for r, v in enumerate(vps) if v == top]
        notes[i] = t("tapestry.place.best_vp", locale, vp=top, deg=", ".join(f"{d}°" for d in turns))
    isle = [i for i, option in enumerate(prompt.options) if option.id.startswith("isle:")]
    if not best and not isle:
        return None
    order = sorted(best, key=lambda i: (-best[i], i))
    groups = []
    for vp in sorted(set(best.values()), reverse=True):
        members = tuple(i for i in order if best[i] == vp)
        groups.append(
            OptionGroup(
                t("tapestry.place.vp_group", locale, vp=vp),
                members,
                t("tapestry.place.hexes", locale, n=len(members)),
            )
        )
    if isle:  # the Islanders' own island: its best VP per hex in the notes
        spots = (view["players"][prompt.seat].get("civ_state") or {}).get(islanders.KEY) or [None] * 6
        for i in isle:
            vps = [islanders.vp_on(spots, int(prompt.options[i].id[5:]), tile, r) for r in range(6)]
            turns = [60 * r for r, v in enumerate(vps) if v == max(vps)]
            notes[i] = t("tapestry.place.best_vp", locale, vp=max(vps), deg=", ".join(f"{d}°" for d in turns))
        groups.append(
            OptionGroup(t("tapestry.place.island", locale), tuple(isle), t("tapestry.place.hexes", locale, n=len(isle)))
        )
    return Arrangement(tuple(groups), notes)


def tile_arrangement(live: Live, view: Mapping[str, Any], prompt: Prompt, locale: str) -> Arrangement | None:
    """Territory tiles, the best VP each can score on the hexes open to it first."""
    hexes = [
        parse_hex(f"{h[0]}.{h[1]}")
        for h in prompt.params.get("hexes") or []
        if isinstance(h, list) and len(h) == 2
    ]
    targets = [h for h in hexes if h is not None]
    if not targets:
        return None
    best: dict[int, tuple[int, tuple[int, int]]] = {}
    for i, option in enumerate(prompt.options):
        tile = option.id.partition(":")[2]
        if not tile.isdigit() or int(tile) not in tiles():
            continue
        best[i] = max(((max(hex_vps(view, int(tile), h)), h) for h in targets), key=lambda x: x[0])
    if not best:
        return None
    notes = {
        i: t("tapestry.place.tile_best", locale, vp=vp, hex=hex_text(h, live, locale))
        for i, (vp, h) in best.items()
    }
    order = tuple(sorted(best, key=lambda i: (-best[i][0], i)))
    return Arrangement((OptionGroup(t("tapestry.place.tiles", locale), order),), notes)


def arrange(live: Live, prompt: Prompt, locale: str) -> Arrangement | None:
    """The platform's hook: capital placements, exploration tiles and hexes; other prompts as they are."""
    if prompt.key not in (*CAPITAL_PROMPTS, EXPLORE_HEX, EXPLORE_TILE):
        return None
    view = public_view(live)
    if view is None:
        return None
    if prompt.key == EXPLORE_TILE:
        return tile_arrangement(live, view, prompt, locale)
    if prompt.key == EXPLORE_HEX:
        return explore_arrangement(live, view, prompt, locale)
    grid = view["players"][prompt.seat].get("grid") or []
    if len(grid) != cap.SIZE:
        return None
    return capital_arrangement(grid, prompt, locale)


def spot_caption(prompt: Prompt, index: int, live: Live | None, locale: str) -> str:
    """A short name of a placement for a preview: its cells, or its hex."""
    option = prompt.options[index]
    if option.id.startswith("hex:"):
        h = parse_hex(option.id[4:])
        return hex_text(h, live, locale) if h is not None else option.id
    if option.id.startswith("isle:"):
        return isle_label(int(option.id[5:]), locale)
    return cells_text(option_cells(prompt, index))
