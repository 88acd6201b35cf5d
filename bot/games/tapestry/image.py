"""The Tapestry board as a picture: the four tracks with every token and the landmarks left, the
map as a numbered hex grid with outposts by colour, and one row per player (resources, income mat,
tapestry mat, tech cards, capital).

Drawn from the public view only, in Everdell's house style (flat colours, the font Pillow ships,
a small palette at the end) so a five-player board stays well under Discord's upload limit.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from bot.games.tapestry.text import hex_numbers, name
from bot.i18n import t
from bot.render.pictures import RGB, fit, font, plain
from engine.games.tapestry.data import BUILDINGS, RESOURCES, all_tracks, board

BACKGROUND: RGB = (43, 45, 49)
PANEL: RGB = (58, 61, 67)
TEXT: RGB = (235, 236, 238)
MUTED: RGB = (165, 170, 178)
WIDTH = 1100
MARGIN = 12
TRACK_H = 44
SPACE_W = 72
LABEL_W = 110
MAP_H = 420
PLAYER_H = 128
HEX = 24  # hex radius in pixels

SEAT_COLOURS: tuple[RGB, ...] = ((66, 135, 245), (245, 197, 66), (40, 190, 120), (235, 90, 160), (160, 110, 230))
TRACK_COLOURS: dict[str, RGB] = {
    "exploration": (60, 130, 150),
    "science": (70, 110, 190),
    "military": (180, 70, 60),
    "technology": (150, 130, 70),
    "arts": (170, 90, 140),  # Arts & Architecture
}
RES_COLOURS: dict[str, RGB] = {"coin": (230, 190, 60), "worker": (150, 150, 160), "food": (110, 170, 70), "culture": (170, 80, 170)}
BUILDING_COLOURS: dict[str, RGB] = {"market": (230, 190, 60), "house": (150, 150, 160), "farm": (110, 170, 70), "armory": (190, 80, 70)}
LAND: RGB = (92, 120, 78)
SEA: RGB = (46, 70, 100)
PRINTED: RGB = (110, 100, 70)
LANDMARK: RGB = (210, 180, 120)
IMPASSABLE: RGB = (30, 30, 32)
OPEN: RGB = (80, 84, 92)
CELL_COLOURS = {"M": BUILDING_COLOURS["market"], "H": BUILDING_COLOURS["house"], "F": BUILDING_COLOURS["farm"],
                "A": BUILDING_COLOURS["armory"], "L": LANDMARK, "#": IMPASSABLE, "*": (90, 60, 40), ".": OPEN}














ERAS = ("I", "II", "III", "IV")


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


class Board:
    def __init__(self, view: Mapping[str, Any], locale: str, names: Mapping[int, str]) -> None:
        self.view = view
        self.locale = locale
        self.names = names
        height = MARGIN * 2 + 20 + len(view["players"][0]["positions"]) * TRACK_H + 12 + MAP_H + len(view["players"]) * (PLAYER_H + 6)
        self.image = Image.new("RGB", (WIDTH, height), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)

    def write(self, xy: tuple[float, float], text: str, fill: RGB, size: int, anchor: str | None = None) -> None:
        self.draw.text(xy, plain(text), fill=fill, font=font(size), anchor=anchor)

    def render(self) -> bytes:
        y = self.tracks(MARGIN)
        y = self.map_and_row(y + 12)
        for p in self.view["players"]:
            y = self.player(p, y)
        out = io.BytesIO()
        small = self.image.quantize(colors=64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        small.save(out, format="PNG", compress_level=1)
        return out.getvalue()

    # -- the four tracks --------------------------------------------------------------------------
    def tracks(self, y: int) -> int:
        self.write((MARGIN, y), t("tapestry.board.tracks", self.locale), MUTED, 14)
        y += 20
        available = set(self.view["landmarks_available"])
        for tr in self.view["players"][0]["positions"]:  # the four tracks, and Arts when in play
            data = all_tracks()[tr]
            colour = TRACK_COLOURS[tr]
            self.draw.rounded_rectangle((MARGIN, y, MARGIN + LABEL_W - 6, y + TRACK_H - 4), radius=6, fill=colour)
            self.write((MARGIN + 6, y + 12), name(tr, self.locale), TEXT, 13)
            for space in range(13):
                x0 = MARGIN + LABEL_W + space * SPACE_W
                box = (x0, y, x0 + SPACE_W - 4, y + TRACK_H - 4)
                tier_shade = 30 + 12 * ((space - 1) // 3) if space else 20
                fill = (colour[0] // 2 + tier_shade, colour[1] // 2 + tier_shade, colour[2] // 2 + tier_shade)
                self.draw.rounded_rectangle(box, radius=4, fill=fill)
                if space:
                    title = data.spaces[space - 1].name
                    self.write((x0 + 3, y + 2), f"{space}", TEXT, 9)
                    for i, line in enumerate(fit(plain(name(title, self.locale)), SPACE_W - 22, font(9), lines=2)):
                        self.write((x0 + 17, y + 2 + i * 10), line, TEXT, 9)
                    lm = data.spaces[space - 1].landmark
                    if lm is not None:  # a landmark space: a tan square while the landmark is left
                        mark = (x0 + SPACE_W - 14, y + 2, x0 + SPACE_W - 6, y + 10)
                        if lm in available:
                            self.draw.rectangle(mark, fill=LANDMARK)
                        else:
                            self.draw.rectangle(mark, outline=MUTED)
                seats = [p["seat"] for p in self.view["players"] for pos in p["tracks"][tr] if pos == space]
                for i, seat in enumerate(seats):
                    cx = x0 + 9 + i * 13
                    cy = y + TRACK_H - 13
                    self.draw.ellipse((cx - 6, cy - 6, cx + 6, cy + 6), fill=seat_colour(seat), outline=TEXT)
            y += TRACK_H
        return y

    # -- the map, tech row and achievements ----------------------------------------------------------
    def map_and_row(self, y: int) -> int:
        self.write((MARGIN, y), t("tapestry.board.map", self.locale), MUTED, 14)
        small = self.view["map"] == "small"
        side = board().maps.small if small else board().maps.large
        numbers = hex_numbers(small)
        sites = {(s["hex"][0], s["hex"][1]): s for s in self.view["sites"]}
        cx0, cy0 = MARGIN + 280, y + 20 + MAP_H // 2 - 10
        scale = HEX if not small else HEX + 6
        for h in side.hexes:
            hx, hy = h[0], h[1]
            px = cx0 + 1.5 * scale * (hy - hx)
            py = cy0 + math.sqrt(3) / 2 * scale * (hx + hy)
            site = sites.get((hx, hy))
            fill = SEA
            if site is not None and site["tile"] is not None:
                fill = PRINTED if site["printed"] else LAND
            corners = [(px + scale * math.cos(math.pi / 3 * k), py + scale * math.sin(math.pi / 3 * k)) for k in range(6)]
            self.draw.polygon(corners, fill=fill, outline=BACKGROUND)
            self.write((px, py - scale * 0.55), str(numbers[(hx, hy)]), MUTED, 9, anchor="mm")
            if site is None:
                continue
            pieces = site["pieces"]
            for i, (seat, upright, _what) in enumerate(pieces[:4]):
                ox = px - 10 + (i % 2) * 12
                oy = py + 2 + (i // 2) * 10
                if upright:
                    self.draw.rectangle((ox - 4, oy - 6, ox + 4, oy + 4), fill=seat_colour(seat), outline=TEXT)
                else:  # toppled: lying down
                    self.draw.rectangle((ox - 6, oy - 2, ox + 6, oy + 3), fill=seat_colour(seat), outline=MUTED)
            for i, (seat, *_rest) in enumerate(site["buildings"][:2]):  # Nomad buildings: a small roof
                bx = px - 14 + i * 12
                by = py + 16
                self.draw.polygon([(bx - 5, by + 4), (bx, by - 3), (bx + 5, by + 4)], fill=seat_colour(seat), outline=TEXT)
            for i, seat in enumerate(site["tokens"][:2]):
                ox = px + 10
                oy = py - 4 + i * 9
                self.draw.ellipse((ox - 4, oy - 4, ox + 4, oy + 4), fill=seat_colour(seat), outline=TEXT)
        self.tech_panel(MARGIN + 600, y + 20)
        return y + 20 + MAP_H

    def tech_panel(self, x: int, y: int) -> None:
        self.write((x, y), t("tapestry.board.tech", self.locale), MUTED, 14)
        y += 20
        for card in self.view["tech_row"]:
            self.draw.rounded_rectangle((x, y, x + 220, y + 30), radius=6, fill=PANEL)
            self.write((x + 8, y + 8), name(card, self.locale), TEXT, 12)
            y += 36
        y += 8
        self.write((x, y), t("tapestry.board.achievements", self.locale), MUTED, 14)
        y += 20
        for kind, seats in self.view["achievements"].items():
            left = "/".join(str(v) for v in self.view["achievement_vp"][kind]) or "—"
            self.write((x, y), f"{t(f'tapestry.what.{kind}', self.locale)}: {left}", TEXT, 12)
            for i, seat in enumerate(seats):
                cx = x + 330 + i * 16
                self.draw.ellipse((cx - 6, y, cx + 6, y + 12), fill=seat_colour(seat), outline=TEXT)
            y += 20
        y += 8
        self.write((x, y), t("tapestry.board.landmarks_title", self.locale), MUTED, 14)
        y += 20
        names = [name(lm, self.locale) for lm in self.view["landmarks_available"]]
        for i, line in enumerate(fit(plain(", ".join(names) or "—"), 470, font(11), lines=5)):
            self.write((x, y + i * 14), line, TEXT, 11)

    # -- one player's row -------------------------------------------------------------------------------
    def player(self, p: Mapping[str, Any], y: int) -> int:
        seat = p["seat"]
        self.draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + PLAYER_H), radius=8, fill=PANEL)
        self.draw.ellipse((MARGIN + 8, y + 8, MARGIN + 22, y + 22), fill=seat_colour(seat), outline=TEXT)
        civs = ", ".join(name(c, self.locale) for c in p["civilizations"])
        head = f"{self.names.get(seat, '?')} — {t('tapestry.board.vp', self.locale, vp=p['vp'])} · {civs}"
        self.write((MARGIN + 30, y + 7), head, TEXT, 14)
        era = t("tapestry.board.income_short", self.locale, n=p["income_turns"])
        self.write((MARGIN + 30, y + 27), era, MUTED, 11)
        # resources
        x = MARGIN + 10
        ry = y + 48
        for r in RESOURCES:
            self.draw.ellipse((x, ry, x + 18, ry + 18), fill=RES_COLOURS[r])
            self.write((x + 9, ry + 9), str(p["resources"][r]), (20, 20, 20), 11, anchor="mm")
            x += 26
        # income mat: buildings left per row (five each at the start; the Artificers' slide)
        x = MARGIN + 10
        my = y + 74
        slid = (p.get("civ_state") or {}).get("artificers:rows")
        for b in BUILDINGS:
            left = p["income_mat"][b]
            covered = list(slid[b]) if isinstance(slid, dict) else [i >= 5 - left for i in range(5)]
            for i in range(5):
                box = (x + i * 14, my, x + i * 14 + 11, my + 9)
                if not covered[i]:
                    self.draw.rectangle(box, outline=MUTED)
                else:
                    self.draw.rectangle(box, fill=BUILDING_COLOURS[b])
            my += 12
        # tapestry mat: the era piles' top cards, the active one outlined
        x = MARGIN + 130
        self.write((x, y + 48), t("tapestry.board.tapestry_title", self.locale), MUTED, 11)
        piles = p["tapestry_mat"]
        last = max((i for i, pile in enumerate(piles) if pile), default=-1)
        for i, pile in enumerate(piles):
            box = (x + i * 112, y + 64, x + i * 112 + 106, y + 118)
            self.draw.rounded_rectangle(box, radius=5, fill=(92, 80, 60) if pile else BACKGROUND,
                                        outline=TEXT if i == last else None, width=2)
            self.write((box[0] + 4, box[1] + 2), ERAS[i], MUTED, 10)
            if pile:
                top = pile[-1]
                title = name(top, self.locale) if top else t("tapestry.board.face_down", self.locale)
                for j, line in enumerate(fit(plain(title), 98, font(10), lines=3)):
                    self.write((box[0] + 4, box[1] + 15 + j * 12), line, TEXT, 10)
        # tech cards by row
        x = MARGIN + 590
        self.write((x, y + 48), t("tapestry.board.tech_title", self.locale), MUTED, 11)
        rows: dict[int, list[str]] = {0: [], 1: [], 2: []}
        for card, level in p["tech"].items():
            rows[int(level)].append(name(card, self.locale))
        for j, level in enumerate((2, 1, 0)):
            text = f"{'▲■●'[j]} " + (", ".join(rows[level]) or "—")
            self.write((x, y + 64 + j * 16), fit(plain(text), 260, font(10), lines=1)[0], TEXT, 10)
        self.write((x, y + 112), t("tapestry.board.outposts_short", self.locale, n=p["outposts"],
                                     tiles=len(p["territory_tiles"]), hand=p["hand_count"]), MUTED, 10)
        # the capital, 9x9
        grid = p["grid"]
        if grid:
            cell = 12
            gx, gy = WIDTH - MARGIN - 9 * cell - 10, y + 10
            for gr, line in enumerate(grid):
                for gc, ch in enumerate(line):
                    box = (gx + gc * cell, gy + gr * cell, gx + gc * cell + cell - 2, gy + gr * cell + cell - 2)
                    self.draw.rectangle(box, fill=CELL_COLOURS.get(ch, OPEN))
        return y + PLAYER_H + 6


def render_board(view: Mapping[str, Any], locale: str, names: Mapping[int, str]) -> bytes:
    """PNG bytes of the public board. `names`: seat -> display name."""
    return Board(view, locale, names).render()
