"""The Farshore board as a picture: the Bay, the shore and islands, the Compass Rose, the boat
track with every Boat, and each village. Drawn from the public view only with flat colours."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from bot.games.farshore.text import name
from bot.render.pictures import RGB, font, plain
from engine.games.farshore.content import Content

WIDTH = 1000
MARGIN = 12
BACKGROUND: RGB = (28, 52, 68)
PANEL: RGB = (44, 74, 94)
TEXT: RGB = (236, 240, 242)
MUTED: RGB = (160, 180, 190)
CHEST: RGB = (200, 160, 60)
COLOURS: dict[str, RGB] = {
    "green": (70, 140, 80),
    "blue": (60, 100, 170),
    "bronze": (170, 120, 60),
    "red": (170, 60, 60),
    "purple": (120, 70, 150),
}
SEATS: tuple[RGB, ...] = ((220, 70, 70), (70, 130, 230), (80, 190, 100), (230, 200, 60))


def render_board(view: Mapping[str, Any], content: Content, locale: str, names: Mapping[int, str]) -> bytes:
    players = view["players"]
    height = 300 + 120 * len(players)
    img = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(img)
    small, normal = font(12), font(15)
    # the Bay: 8 card boxes in the card's colour
    draw.text((MARGIN, MARGIN), plain("Baía" if locale.startswith("pt") else "Bay"), font=normal, fill=TEXT)
    w = (WIDTH - 2 * MARGIN - 7 * 6) // 8
    for i, (cid, count) in enumerate(view["bay"]):
        x = MARGIN + i * (w + 6)
        card = content.cards.get(cid)
        fill = COLOURS.get(card.colour, PANEL) if card else PANEL
        draw.rounded_rectangle((x, 34, x + w, 94), 6, fill=fill)
        draw.text((x + 6, 40), plain(name(content, cid, locale))[:16], font=small, fill=TEXT)
        if count > 1:
            draw.text((x + 6, 72), f"x{count}", font=small, fill=TEXT)
    # shore and islands
    y = 106
    x = MARGIN
    spots = [(s.id, True, view["shores"][s.id]) for s in content.shores] + [tuple(i) for i in view["islands"]]
    sw = (WIDTH - 2 * MARGIN) // max(1, len(spots)) - 6
    for lid, up, who in spots:
        fill = PANEL if up else (60, 60, 60)
        draw.rounded_rectangle((x, y, x + sw, y + 44), 6, fill=fill)
        draw.text(
            (x + 6, y + 6),
            plain(name(content, str(lid), locale))[:18],
            font=small,
            fill=TEXT if up else MUTED,
        )
        if who is not None:
            draw.ellipse((x + sw - 18, y + 24, x + sw - 6, y + 36), fill=SEATS[int(who) % 4])
        x += sw + 6
    # the boat track
    y = 170
    track = content.track_points
    step = (WIDTH - 2 * MARGIN) / len(track)
    for i, pts in enumerate(track):
        x0 = int(MARGIN + i * step)
        fill = CHEST if i in content.chests else PANEL
        draw.rectangle((x0, y, int(x0 + step) - 3, y + 36), fill=fill)
        draw.text((x0 + 3, y + 2), str(pts), font=small, fill=TEXT)
    for p in players:
        x0 = int(MARGIN + p["boat"] * step) + 3 + 8 * (p["seat"] % 4)
        draw.ellipse((x0, y + 20, x0 + 9, y + 29), fill=SEATS[p["seat"] % 4])
    # compass rose
    draw.text((MARGIN, 216), plain(" + ".join(view["compass"])), font=small, fill=MUTED)
    # villages
    y = 246
    for p in players:
        draw.text(
            (MARGIN, y),
            plain(f"{names.get(p['seat'], '?')} — {p['score']}"),
            font=normal,
            fill=SEATS[p["seat"] % 4],
        )
        cw = (WIDTH - 2 * MARGIN) // 15 - 4
        for i, v in enumerate(p["village"][:30]):
            row, col = divmod(i, 15)
            cx = MARGIN + col * (cw + 4)
            cy = y + 24 + row * 44
            card = content.cards.get(v["card"])
            draw.rounded_rectangle(
                (cx, cy, cx + cw, cy + 40), 4, fill=COLOURS.get(card.colour, PANEL) if card else PANEL
            )
            draw.text((cx + 3, cy + 3), plain(name(content, v["card"], locale))[:9], font=small, fill=TEXT)
            if v["anchor"]:
                draw.text((cx + 3, cy + 22), "A", font=small, fill=TEXT)
        y += 120
    out = io.BytesIO()
    img.convert("P", palette=Image.Palette.ADAPTIVE, colors=64).save(out, "PNG", optimize=True)
    return out.getvalue()
