"""Small PNG charts drawn with Pillow: rating over time and a score histogram.

Kept deliberately plain (axes, a few labels, palette colours) so each image stays a few KB and
reads well on Discord's dark and light themes alike.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 480, 240
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 44, 12, 28, 26
BACKGROUND = (43, 45, 49)
AXIS = (150, 155, 165)
TEXT = (230, 232, 235)
PALETTE = ((88, 101, 242), (87, 242, 135), (254, 231, 92), (237, 66, 69), (235, 69, 158), (80, 200, 230))


def _font(size: int = 12) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _frame(title: str) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN_LEFT, 6), title, fill=TEXT, font=_font(14))
    bottom, right = HEIGHT - MARGIN_BOTTOM, WIDTH - MARGIN_RIGHT
    draw.line([(MARGIN_LEFT, MARGIN_TOP), (MARGIN_LEFT, bottom), (right, bottom)], fill=AXIS, width=1)
    return image, draw


def _nice_range(low: float, high: float) -> tuple[float, float]:
    if high - low < 1e-9:
        return low - 1, high + 1
    pad = (high - low) * 0.08
    return low - pad, high + pad


def rating_chart(series: Mapping[str, Sequence[float]], title: str) -> bytes:
    """One line per game: the conservative rating after each rated game."""
    image, draw = _frame(title)
    values = [v for line in series.values() for v in line]
    if not values:
        return _png(image)
    low, high = _nice_range(min(values), max(values))
    longest = max(len(line) for line in series.values())
    plot_w = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
    plot_h = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
    font = _font(11)

    def point(i: int, v: float) -> tuple[float, float]:
        x = MARGIN_LEFT + (plot_w * i / max(longest - 1, 1))
        y = MARGIN_TOP + plot_h * (1 - (v - low) / (high - low))
        return x, y

    for v in (low, (low + high) / 2, high):
        _, y = point(0, v)
        draw.text((4, y - 6), f"{v:.1f}", fill=AXIS, font=font)
    draw.text((WIDTH - MARGIN_RIGHT - 30, HEIGHT - MARGIN_BOTTOM + 6), str(longest), fill=AXIS, font=font)
    legend_x = MARGIN_LEFT + 6
    for n, (name, line) in enumerate(sorted(series.items())):
        colour = PALETTE[n % len(PALETTE)]
        points = [point(i, v) for i, v in enumerate(line)]
        if len(points) > 1:
            draw.line(points, fill=colour, width=2)
        for x, y in points[-1:]:
            draw.ellipse([x - 3, y - 3, x + 3, y + 3], fill=colour)
        draw.text((legend_x, HEIGHT - MARGIN_BOTTOM + 6), name, fill=colour, font=font)
        legend_x += int(draw.textlength(name, font=font)) + 14
    return _png(image)


def score_histogram(scores: Sequence[int], title: str, bins: int = 10) -> bytes:
    """How often each band of final scores came up."""
    image, draw = _frame(title)
    if not scores:
        return _png(image)
    low, high = min(scores), max(scores)
    width = max(1, -(-(high - low + 1) // bins))  # ceil: every score falls in some bin
    counts = [0] * bins
    for s in scores:
        counts[min((s - low) // width, bins - 1)] += 1
    used = max(i for i, c in enumerate(counts) if c) + 1
    counts = counts[:used]
    top = max(counts)
    plot_w = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
    plot_h = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
    bar = plot_w / len(counts)
    font = _font(11)
    for i, c in enumerate(counts):
        x0 = MARGIN_LEFT + i * bar + 2
        y0 = MARGIN_TOP + plot_h * (1 - c / top)
        draw.text((x0, HEIGHT - MARGIN_BOTTOM + 6), str(low + i * width), fill=AXIS, font=font)
        if c:
            draw.rectangle([x0, y0, x0 + max(bar - 4, 1), HEIGHT - MARGIN_BOTTOM - 1], fill=PALETTE[0])
            draw.text((x0 + 2, y0 - 13), str(c), fill=TEXT, font=font)
    return _png(image)
