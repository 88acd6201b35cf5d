"""The Everdell board as a picture: Meadow, worker locations, events and every city.

Drawn from the public view only, with flat colours and the font Pillow ships, then reduced to a
small palette: a full four-player board stays well under 300 KB and renders in a few tens of ms.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.games.everdell.text import as_counts, name
from bot.i18n import t
from bot.render.pictures import RGB, fit, font, plain
from engine.games.everdell.data import RESOURCES, basic_events, board, special_events
from engine.games.everdell.view import card_in_view

WIDTH = 1000
MARGIN = 12
GAP = 6
COLUMNS = 8
TILE_W = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * GAP) // COLUMNS
MEADOW_H, PLACE_H, EVENT_H, CITY_H = 86, 52, 58, 50
LABEL_H = 20

BACKGROUND: RGB = (43, 45, 49)
PANEL: RGB = (58, 61, 67)
TEXT: RGB = (235, 236, 238)
MUTED: RGB = (165, 170, 178)
DARK_TEXT: RGB = (30, 30, 30)
CARD_COLOURS: dict[str, RGB] = {
    "traveler": (196, 160, 100),
    "production": (84, 150, 64),
    "destination": (196, 64, 52),
    "governance": (52, 108, 180),
    "prosperity": (128, 82, 164),
}
RESOURCE_COLOURS: dict[str, RGB] = {
    "twig": (139, 90, 43),
    "resin": (224, 138, 30),
    "pebble": (140, 140, 140),
    "berry": (150, 60, 170),
}
SEAT_COLOURS: tuple[RGB, ...] = ((66, 135, 245), (245, 197, 66), (40, 190, 180), (235, 90, 160))
RUGWORT_COLOUR: RGB = (20, 20, 20)
NIGHTWEAVE_COLOUR: RGB = (120, 40, 150)
FOREST: RGB = (46, 92, 54)
BASIC: RGB = (120, 104, 80)
HAVEN: RGB = (70, 110, 130)
JOURNEY: RGB = (150, 120, 60)
POINTS: RGB = (245, 205, 70)













def seat_colour(view: Mapping[str, Any], seat: int) -> RGB:
    players = view["players"]
    if 0 <= seat < len(players) and players[seat]["rugwort"]:
        return RUGWORT_COLOUR
    if 0 <= seat < len(players) and players[seat].get("nightweave"):
        return NIGHTWEAVE_COLOUR
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]





class Board:
    def __init__(self, view: Mapping[str, Any], locale: str, names: Mapping[int, str]) -> None:
        self.view = view
        self.locale = locale
        self.names = names
        self.image = Image.new("RGB", (WIDTH, self.height()), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)

    # -- layout ---------------------------------------------------------------------------------
    def city_rows(self, player: Mapping[str, Any]) -> int:
        return max(1, -(-len(player["city"]) // COLUMNS))

    def place_rows(self) -> int:
        return 2

    def height(self) -> int:
        h = MARGIN
        h += LABEL_H + MEADOW_H + GAP * 2
        h += LABEL_H + self.place_rows() * (PLACE_H + GAP) + GAP
        h += LABEL_H + EVENT_H + GAP * 2
        for p in self.view["players"]:
            h += LABEL_H + 4 + self.city_rows(p) * (CITY_H + GAP) + GAP
        return h + MARGIN

    def render(self) -> bytes:
        y = MARGIN
        y = self.meadow(y)
        y = self.places(y)
        y = self.events(y)
        for p in self.view["players"]:
            y = self.city(p, y)
        out = io.BytesIO()
        # A small palette keeps the upload small; the fast octree keeps the render quick.
        small = self.image.quantize(colors=64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        small.save(out, format="PNG", compress_level=1)  # palette data is small already; speed wins
        return out.getvalue()

    # -- primitives ------------------------------------------------------------------------------
    def write(
        self, xy: tuple[float, float], text: str, fill: RGB, size: int, anchor: str | None = None
    ) -> None:
        self.draw.text(xy, plain(text), fill=fill, font=font(size), anchor=anchor)

    def label(self, y: int, text: str) -> int:
        self.write((MARGIN, y + 2), text, MUTED, 14)
        return y + LABEL_H

    def tile_x(self, column: int) -> int:
        return MARGIN + column * (TILE_W + GAP)

    def name(self, card: str) -> str:
        return name(card, self.locale)

    def tile(self, box: tuple[int, int, int, int], fill: RGB, title: str, size: int = 12) -> None:
        x0, y0, x1, y1 = box
        self.image.paste(tile_image(x1 - x0, y1 - y0, fill, title, size), (x0, y0))

    def workers(self, x: int, y: int, seats: Sequence[int]) -> None:
        """A row of worker discs, one per worker, in the seat's colour."""
        for i, seat in enumerate(seats):
            cx = x + 8 + i * 15
            self.draw.ellipse((cx - 6, y - 6, cx + 6, y + 6), fill=seat_colour(self.view, seat), outline=TEXT)

    def card(self, box: tuple[int, int, int, int], card_id: str, show_cost: bool) -> None:
        x0, y0, x1, y1 = box
        card = card_in_view(self.view, card_id)
        if card is None:  # an id that names no card: a plain tile rather than a crash
            self.tile(box, MUTED, self.name(card_id))
            return
        facts = (card.color, card.points, card.cost_t)
        self.image.paste(card_image(x1 - x0, y1 - y0, card_id, self.locale, show_cost, facts), (x0, y0))

    # -- sections --------------------------------------------------------------------------------
    def legend(self, y: int) -> None:
        """Which disc colour is which resource, at the right of the first heading."""
        x = WIDTH - MARGIN
        for r in reversed(RESOURCES):
            word = plain(t(f"everdell.res_many.{r}", self.locale))
            x -= int(font(12).getlength(word)) + 4
            self.write((x, y + 3), word, MUTED, 12)
            x -= 18
            self.draw.ellipse((x, y + 3, x + 14, y + 17), fill=RESOURCE_COLOURS[r])
            x -= 12

    def meadow(self, y: int) -> int:
        self.legend(y)
        y = self.label(y, t("everdell.board.meadow", self.locale))
        blocked = set(self.view["meadow_blocked"])
        for slot, card in enumerate(self.view["meadow"]):
            x = self.tile_x(slot)
            box = (x, y, x + TILE_W, y + MEADOW_H)
            if card is None:
                self.draw.rounded_rectangle(box, radius=6, outline=PANEL, width=2)
                her = self.view.get("nightweave") or {}
                if her.get("meadow_slot") == slot:  # Nightweave sits here until she Prepares
                    self.workers(x + 2, y + MEADOW_H // 2, [int(her["seat"])])
                continue
            self.card(box, card, show_cost=True)
            if slot in blocked:
                self.draw.rounded_rectangle(box, radius=6, outline=RUGWORT_COLOUR, width=4)
                self.workers(x + 2, y + MEADOW_H - 34, [self._rugwort_seat()])
        return y + MEADOW_H + GAP * 2

    def _rugwort_seat(self) -> int:
        return next((p["seat"] for p in self.view["players"] if p["rugwort"]), 0)

    def places(self, y: int) -> int:
        y = self.label(y, t("everdell.board.locations", self.locale))
        occ: Mapping[str, list[int]] = self.view["occupancy"]
        for i, loc in enumerate(b.id for b in board().basic[:COLUMNS]):
            x = self.tile_x(i)
            self.place((x, y, x + TILE_W, y + PLACE_H), BASIC, self.name(loc), occ.get(loc, []))
        y += PLACE_H + GAP
        row: list[tuple[str, RGB, str]] = [(loc, FOREST, self.name(loc)) for loc in self.view["forest"]]
        row.append(("haven", HAVEN, self.name("haven")))
        for points in (2, 3, 4, 5):
            row.append((f"journey_{points}", JOURNEY, t("everdell.loc.journey", self.locale, points=points)))
        # Four Forest cards, the Haven and four Journey spaces make nine: narrow the tiles to fit.
        width = min(TILE_W, (WIDTH - 2 * MARGIN - (len(row) - 1) * GAP) // len(row))
        for i, (loc, fill, title) in enumerate(row):
            x = MARGIN + i * (width + GAP)
            self.place((x, y, x + width, y + PLACE_H), fill, title, occ.get(loc, []))
        return y + PLACE_H + GAP * 2

    def place(self, box: tuple[int, int, int, int], fill: RGB, title: str, seats: Sequence[int]) -> None:
        self.tile(box, fill, title, size=11)
        self.workers(box[0] + 2, box[3] - 10, seats)

    def events(self, y: int) -> int:
        y = self.label(y, t("everdell.board.events", self.locale))
        claims: Mapping[str, Mapping[str, Any]] = self.view["claims"]
        for i, ev in enumerate([*self.view["basic_events"], *self.view["special_events"]][:COLUMNS]):
            x = self.tile_x(i)
            box = (x, y, x + TILE_W, y + EVENT_H)
            basic = basic_events().get(ev)
            fill = CARD_COLOURS[basic.color] if basic else PANEL
            self.tile(box, fill, self.name(ev), size=11)
            claim = claims.get(ev)
            if claim is not None:
                self.workers(x + 2, y + EVENT_H - 10, [int(claim["owner"])])
            else:
                needs = self._needs(ev)
                self.write((x + 5, y + EVENT_H - 16), needs, TEXT, 10)
        return y + EVENT_H + GAP * 2

    def _needs(self, ev: str) -> str:
        basic = basic_events().get(ev)
        if basic is not None:
            return f"{basic.need}× · {basic.points}★"
        special = special_events().get(ev)
        if special is None:
            return ""
        text = " + ".join(self.name(c) for c in special.requires)
        return fit(plain(text), TILE_W - 10, font(10), lines=1)[0] if text else ""

    def city(self, p: Mapping[str, Any], y: int) -> int:
        seat = p["seat"]
        colour = seat_colour(self.view, seat)
        self.draw.ellipse((MARGIN, y + 4, MARGIN + 12, y + 16), fill=colour, outline=TEXT)
        res = "  ".join(f"{t(f'everdell.res_many.{r}', self.locale)} {p['resources'][r]}" for r in RESOURCES)
        head = f"{self.names.get(seat, '?')} — {p['score']}★"
        if p.get("nightweave") or not p["rugwort"]:
            season = t(f"everdell.season.{p['season']}", self.locale)
            # Nightweave's resources go back to the supply; her hand is a count
            held = f"{t('nw.hand', self.locale)}: {p['hand_count']}" if p.get("nightweave") else res
            head += f" · {season} · {p['available']}/{p['workers']} · {held}"
        self.write((MARGIN + 18, y + 2), head, TEXT, 14)
        y += LABEL_H + 4
        if not p["city"]:
            self.draw.rounded_rectangle(
                (MARGIN, y, MARGIN + TILE_W, y + CITY_H), radius=6, outline=PANEL, width=2
            )
        for i, cc in enumerate(p["city"]):
            row, col = divmod(i, COLUMNS)
            x = self.tile_x(col)
            top = y + row * (CITY_H + GAP)
            box = (x, top, x + TILE_W, top + CITY_H)
            self.card(box, cc["card"], show_cost=False)
            marks = list(cc["workers"])
            if marks:
                self.workers(x + 2, top + CITY_H - 10, marks)
            if cc["stored"] and not marks:
                cost_marks(self.draw, x + 5, top + CITY_H - 20, cc["stored"])
                continue
            extra = []
            if cc["tokens"]:
                extra.append(f"+{cc['tokens']}★")
            if cc["prisoners"]:
                extra.append(f"+{len(cc['prisoners'])}")
            if cc["occupied"]:
                extra.append("●")
            if cc.get("face_down"):  # takes its space, nothing else
                extra.append("▼")
            if extra and not marks:
                self.write((x + 5, top + CITY_H - 16), " ".join(extra), TEXT, 10)
        return y + self.city_rows(p) * (CITY_H + GAP) + GAP


@lru_cache(maxsize=256)
def tile_image(w: int, h: int, fill: RGB, title: str, size: int) -> Image.Image:
    """A rounded tile with a wrapped title; drawn once and pasted (text is the slow part)."""
    image = Image.new("RGB", (w, h), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=6, fill=fill)
    for i, line in enumerate(fit(plain(title), w - 10, font(size))):
        draw.text((5, 4 + i * (size + 2)), line, fill=TEXT, font=font(size))
    return image


@lru_cache(maxsize=512)
def card_image(
    w: int, h: int, card_id: str, locale: str, show_cost: bool, facts: tuple[str, int, tuple[int, int, int, int]]
) -> Image.Image:
    """A card: its colour, name, base points and (in the Meadow) its cost. `facts` (colour, points,
    cost) are part of the cache key: a match's own Mistwood cards may differ between matches."""
    color, points, cost = facts
    image = tile_image(w, h, CARD_COLOURS[color], name(card_id, locale), 12).copy()
    draw = ImageDraw.Draw(image)
    x, y = w - 12, h - 12
    draw.ellipse((x - 10, y - 10, x + 10, y + 10), fill=POINTS)
    draw.text((x, y), str(points), fill=DARK_TEXT, font=font(12), anchor="mm")
    if show_cost:
        cost_marks(draw, 5, h - 22, as_counts(cost))
    return image


def cost_marks(draw: ImageDraw.ImageDraw, x: int, y: int, res: Mapping[str, int]) -> None:
    """Resources as coloured discs with their count."""
    for r in RESOURCES:
        n = res.get(r, 0)
        if not n:
            continue
        draw.ellipse((x, y, x + 16, y + 16), fill=RESOURCE_COLOURS[r])
        draw.text((x + 8, y + 8), str(n), fill=TEXT, font=font(11), anchor="mm")
        x += 19


def render_board(view: Mapping[str, Any], locale: str, names: Mapping[int, str]) -> bytes:
    """PNG bytes of the public board. `names`: seat -> display name."""
    return Board(view, locale, names).render()
