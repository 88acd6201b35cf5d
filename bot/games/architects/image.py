"""The Architects board as a picture: the Guildhall, the Tax Stand and the Black Market, every
location's workers by colour, the Apprentice display with its prices, and each player's board.

Drawn from the public view only, with flat colours and the font Pillow ships, then reduced to a
small palette so a five-player board stays well under Discord's upload limits.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.games.architects.text import MONEY, apprentice_facts, hire_costs, name
from bot.i18n import t
from bot.render.pictures import RGB, Font, font, plain
from engine.games.architects.data import board, buildings
from engine.games.architects.state import ORDINARY

WIDTH = 1000
MARGIN = 12
GAP = 6
LABEL_H = 20
TOP_H = 96
PLACE_H = 78
APP_H = 54
COLUMN_H = 16
PLAYER_H = 118
BUILD_W, BUILD_H = 118, 34

BACKGROUND: RGB = (43, 45, 49)
PANEL: RGB = (58, 61, 67)
TEXT: RGB = (235, 236, 238)
MUTED: RGB = (165, 170, 178)
DARK: RGB = (30, 30, 30)
PLACE: RGB = (104, 88, 66)
PRISON: RGB = (80, 56, 56)
APPRENTICE: RGB = (64, 96, 120)
MARKET: RGB = (92, 64, 110)
GUILD: RGB = (120, 100, 52)
BUILDING: RGB = (84, 120, 76)
# Seat colours, in the order of `text.COLOUR_KEYS` (blue, yellow, green, red, purple).
SEAT_COLOURS: tuple[RGB, ...] = ((66, 135, 245), (245, 197, 66), (60, 180, 90), (220, 60, 60), (150, 90, 200))
GOOD_COLOURS: dict[str, RGB] = {
    "silver": (190, 190, 200),
    "clay": (196, 110, 70),
    "wood": (139, 90, 43),
    "stone": (128, 128, 128),
    "gold": (230, 190, 40),
    "marble": (240, 240, 235),
}


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def clip_to(text: str, width: int, f: Font) -> str:
    text = plain(text)
    while f.getlength(text) > width and len(text) > 1:
        text = text[:-2] + "…"
    return text


class Picture:
    def __init__(self, view: Mapping[str, Any], locale: str, names: Mapping[int, str]) -> None:
        self.view = view
        self.locale = locale
        self.names = names
        self.image = Image.new("RGB", (WIDTH, self.height()), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)

    def height(self) -> int:
        h = MARGIN + LABEL_H + TOP_H + GAP * 2
        h += LABEL_H + PLACE_H + GAP * 2
        h += LABEL_H + COLUMN_H + 2 * (APP_H + GAP) + GAP
        h += len(self.view["players"]) * (PLAYER_H + GAP)
        return h + MARGIN

    def render(self) -> bytes:
        y = self.top(MARGIN)
        y = self.places(y)
        y = self.display(y)
        for p in self.view["players"]:
            y = self.player(p, y)
        out = io.BytesIO()
        small = self.image.quantize(colors=64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        small.save(out, format="PNG", compress_level=1)
        return out.getvalue()

    # -- primitives --------------------------------------------------------------------------
    def write(
        self, xy: tuple[float, float], text: str, fill: RGB, size: int, width: int | None = None
    ) -> None:
        f = font(size)
        shown = clip_to(text, width, f) if width is not None else plain(text)
        self.draw.text(xy, shown, fill=fill, font=f)

    def label(self, y: int, text: str) -> int:
        self.write((MARGIN, y + 2), text, MUTED, 14)
        return y + LABEL_H

    def box(self, box: tuple[int, int, int, int], fill: RGB) -> None:
        self.draw.rounded_rectangle(box, radius=6, fill=fill)

    def disc(self, cx: int, cy: int, seat: int, count: int | None = None, r: int = 7) -> None:
        self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=seat_colour(seat), outline=TEXT)
        if count is not None:
            self.draw.text((cx + r + 3, cy - 7), str(count), fill=TEXT, font=font(12))

    def goods_marks(self, x: int, y: int, res: Mapping[str, int]) -> None:
        """Goods as coloured discs with their count (the legend is on the Locations heading)."""
        for k in MONEY:
            n = int(res.get(k, 0))
            if not n:
                continue
            self.draw.ellipse((x, y, x + 16, y + 16), fill=GOOD_COLOURS[k])
            self.draw.text((x + 8, y + 8), str(n), fill=DARK, font=font(11), anchor="mm")
            x += 20

    def counts(self, x: int, y: int, counts: Sequence[int], per_row: int = 2) -> None:
        """Worker discs by colour, each with its number, two colours to a line."""
        shown = [(s, n) for s, n in enumerate(counts) if n]
        for i, (seat, n) in enumerate(shown):
            row, col = divmod(i, per_row)
            self.disc(x + 9 + col * 40, y + 8 + row * 17, seat, n)

    # -- sections ----------------------------------------------------------------------------
    def top(self, y: int) -> int:
        """The Guildhall's spaces (the end nears as they fill), the Tax Stand and the Black Market."""
        view = self.view
        size, row = view["guildhall_size"], view["guildhall_row"]
        filled = len(view["guildhall"])
        head = t("architects.board.guildhall", self.locale, filled=min(filled, size), size=size)
        y = self.label(y, f"{name('guildhall', self.locale)} — {head}")
        gw = 470
        self.box((MARGIN, y, MARGIN + gw, y + TOP_H), GUILD)
        cell = min(70, (gw - 40) // max(row, 1) - 4)
        line_h = (TOP_H - 16) // 4
        for r in range(4):
            y0 = y + 8 + r * line_h
            self.write((MARGIN + 8, y0 + 1), str(r + 1), TEXT, 12)
            for c in range(row):
                k = r * row + c
                x0 = MARGIN + 26 + c * (cell + 4)
                box = (x0, y0, x0 + cell, y0 + line_h - 4)
                if k < filled:
                    self.draw.rectangle(box, fill=seat_colour(view["guildhall"][k]))
                else:
                    # the last space ends the game: drawn heavier
                    self.draw.rectangle(box, outline=TEXT, width=3 if k == size - 1 else 1)
        # the Tax Stand
        x = MARGIN + gw + GAP
        tw = 140
        self.box((x, y, x + tw, y + TOP_H), PLACE)
        self.write((x + 8, y + 6), name("tax_stand", self.locale), TEXT, 13, tw - 16)
        self.write((x + 8, y + 32), f"{view['tax']}", TEXT, 34)
        self.write((x + 70, y + 48), name("silver", self.locale), TEXT, 12, tw - 78)
        # the Black Market
        x += tw + GAP
        mw = WIDTH - MARGIN - x
        self.box((x, y, x + mw, y + TOP_H), MARKET)
        self.write((x + 8, y + 6), name("black_market", self.locale), TEXT, 13, mw - 16)
        prices = board().black_market.silver
        sw = (mw - 16) // 3
        for space, who in enumerate(view["black_market"]):
            sx = x + 8 + space * sw
            self.write((sx, y + 28), f"{prices[space]} {name('silver', self.locale)}", TEXT, 11, sw - 6)
            if space == 1:
                self.write((sx, y + 44), t("architects.market.centre_short", self.locale), TEXT, 10, sw - 6)
            else:
                self.goods_marks(sx, y + 44, view["market_small" if space == 0 else "market_large"])
            if who is not None:
                self.disc(sx + 10, y + 74, int(who))
            else:
                self.draw.ellipse((sx + 3, y + 67, sx + 17, y + 81), outline=TEXT)
        return y + TOP_H + GAP * 2

    def legend(self, y: int) -> None:
        """Which disc colour is which good, at the right of a heading."""
        x = WIDTH - MARGIN
        for k in reversed(MONEY):
            word = plain(name(k, self.locale))
            x -= int(font(12).getlength(word)) + 4
            self.write((x, y + 3), word, MUTED, 12)
            x -= 18
            self.draw.ellipse((x, y + 3, x + 14, y + 17), fill=GOOD_COLOURS[k])
            x -= 12

    def places(self, y: int) -> int:
        self.legend(y)
        y = self.label(y, t("architects.board.locations", self.locale))
        spots: list[tuple[str, RGB, list[int]]] = [
            (loc, PLACE, list(self.view["locations"][loc])) for loc in ORDINARY
        ]
        spots.append(("prison", PRISON, [p["prison"] for p in self.view["players"]]))
        w = (WIDTH - 2 * MARGIN - (len(spots) - 1) * GAP) // len(spots)
        for i, (loc, fill, counts) in enumerate(spots):
            x = MARGIN + i * (w + GAP)
            self.box((x, y, x + w, y + PLACE_H), fill)
            self.write((x + 5, y + 4), name(loc, self.locale), TEXT, 11, w - 10)
            self.counts(x + 2, y + 24, counts)
        return y + PLACE_H + GAP * 2

    def display(self, y: int) -> int:
        """Two rows of four Apprentices; above each column, what hiring there costs the player to
        act (2 Silver and 2 Tax, one Silver more per column beyond their Workshop workers)."""
        title = t("architects.board.display", self.locale)
        if not self.view["finished"]:
            who = self.names.get(self.view["current"], "?")
            title += " — " + t("architects.board.prices_for", self.locale, player=who)
        y = self.label(y, title)
        columns = len(
            costs := hire_costs(self.view, self.view["current"], self.locale)
        )  # 5 with Works of Wonder
        w = (WIDTH - 2 * MARGIN - (columns - 1) * GAP) // columns
        for c in range(columns):
            x = MARGIN + c * (w + GAP)
            self.write((x + 4, y), costs[c], MUTED, 11, w - 8)
        y += COLUMN_H
        for r, row in enumerate(self.view["display"]):
            for c, card in enumerate(row):
                x = MARGIN + c * (w + GAP)
                top = y + r * (APP_H + GAP)
                box = (x, top, x + w, top + APP_H)
                if card is None:
                    self.draw.rounded_rectangle(box, radius=6, outline=PANEL, width=2)
                    continue
                self.box(box, APPRENTICE)
                self.write((x + 6, top + 4), name(card, self.locale), TEXT, 13, w - 12)
                self.write((x + 6, top + 22), apprentice_facts(card, self.locale), TEXT, 11, w - 50)
                coins = self.view["display_coins"][r][c]
                if coins:
                    cx, cy = x + w - 16, top + APP_H - 16
                    self.draw.ellipse((cx - 10, cy - 10, cx + 10, cy + 10), fill=GOOD_COLOURS["silver"])
                    self.draw.text((cx, cy), str(coins), fill=DARK, font=font(12), anchor="mm")
        return y + 2 * (APP_H + GAP) + GAP

    def player(self, p: Mapping[str, Any], y: int) -> int:
        seat = p["seat"]
        self.box((MARGIN, y, WIDTH - MARGIN, y + PLAYER_H), PANEL)
        self.disc(MARGIN + 14, y + 13, seat)
        head = f"{self.names.get(seat, '?')} — " + t("architects.board.vp", self.locale, vp=p["score"])
        if p["architect"]:
            head += f" · {name(p['architect'], self.locale)}"
        if "works_of_wonder" in self.view:
            built = ", ".join(name(w, self.locale) for w in p["wonders"]) or "—"
            head += " · " + t(
                "architects.board.influence", self.locale, influence=p["influence"], wonders=built
            )
        self.write((MARGIN + 28, y + 4), head, TEXT, 15, 430)
        track = t(
            "architects.board.track",
            self.locale,
            virtue=p["virtue"],
            cathedral=p["cathedral"],
            debts=p["debts"],
            paid=p["paid_debts"],
        ).replace("**", "")
        self.write((MARGIN + 470, y + 5), track, TEXT, 13, WIDTH - 2 * MARGIN - 480)
        # resources as coloured discs with their numbers
        x = MARGIN + 10
        res = {"silver": p["silver"], **p["goods"]}
        for k in MONEY:
            self.draw.ellipse((x, y + 28, x + 16, y + 44), fill=GOOD_COLOURS[k])
            self.write((x + 20, y + 28), f"{res.get(k, 0)}", TEXT, 13)
            x += 52
        people = t(
            "architects.board.workers",
            self.locale,
            supply=p["supply"],
            prison=p["prison"],
            held=p["held_by_others"],
            hand=p["hand_count"],
        ).replace("**", "")
        self.write((x + 10, y + 28), people, TEXT, 12, WIDTH - MARGIN - x - 20)
        # captives by colour
        cx = MARGIN + 10
        if any(p["captives"]):
            self.write((cx, y + 50), t("architects.board.captives_short", self.locale), MUTED, 12)
            cx += 90
            for s, n in enumerate(p["captives"]):
                if n:
                    self.disc(cx, y + 57, s, n)
                    cx += 40
        apps = ", ".join(name(a, self.locale) for a in p["apprentices"]) or "—"
        self.write(
            (cx + 10, y + 50),
            f"{t('architects.board.apprentices_short', self.locale)}: {apps}",
            TEXT,
            12,
            WIDTH - MARGIN - cx - 20,
        )
        # buildings as small tiles with their printed points
        bx, by = MARGIN + 10, y + 72
        per_line = (WIDTH - 2 * MARGIN - 20) // (BUILD_W + 4)
        shown = p["buildings"][:per_line]
        for i, b in enumerate(shown):
            x0 = bx + i * (BUILD_W + 4)
            self.box((x0, by, x0 + BUILD_W, by + BUILD_H), BUILDING)
            self.write((x0 + 5, by + 3), name(b, self.locale), TEXT, 11, BUILD_W - 10)
            vp = buildings()[b].vp if b in buildings() else 0
            self.write((x0 + 5, by + 18), t("architects.board.vp", self.locale, vp=vp), TEXT, 10)
        if len(p["buildings"]) > len(shown):
            self.write((bx, by + BUILD_H + 2), f"+{len(p['buildings']) - len(shown)}", MUTED, 10)
        if not p["buildings"]:
            self.write((bx, by + 8), t("architects.board.no_buildings", self.locale), MUTED, 12)
        return y + PLAYER_H + GAP


def render_board(view: Mapping[str, Any], locale: str, names: Mapping[int, str]) -> bytes:
    """PNG bytes of the public board. `names`: seat -> display name."""
    return Picture(view, locale, names).render()
