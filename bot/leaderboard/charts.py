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
PLOT_W = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
PLOT_H = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
POINT_PAD = 10  # the first and last points stay clear of the axes
MARKER = 3  # point radius while points are few enough to tell apart
MARKED_POINTS = 60
LABELLED_POINTS = 6  # up to this many games, each point carries its value
MIN_TREND = 2  # games needed before a line means anything
MAX_BAR = 48  # px: one or two bands stay bars, not a block across the chart
RANGED_BARS = 4  # this few bands have room for "from–to" labels; more show where each starts
LABELLED_BARS = 6  # beyond this many bands, every other band is labelled so labels do not collide


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


def _centred(draw: ImageDraw.ImageDraw, text: str, x: float, y: float, fill: tuple[int, int, int], size: int = 11) -> None:
    font = _font(size)
    draw.text((x - draw.textlength(text, font=font) / 2, y), text, fill=fill, font=font)


def _note(draw: ImageDraw.ImageDraw, note: str) -> None:
    """A sentence across the middle of the plot, saying why there is little to read."""
    _centred(draw, note, MARGIN_LEFT + PLOT_W / 2, MARGIN_TOP + PLOT_H * 0.78, TEXT, 13)


def rating_chart(series: Mapping[str, Sequence[float]], title: str, few_note: str | None = None) -> bytes:
    """One line per game: the conservative rating after each rated game. Every game is a marked
    point (labelled while there are few), a single game sits mid-plot, and `few_note` says so
    when no game has a second point to draw a trend from."""
    image, draw = _frame(title)
    values = [v for line in series.values() for v in line]
    if not values:
        return _png(image)
    low, high = _nice_range(min(values), max(values))
    longest = max(len(line) for line in series.values())
    font = _font(11)

    def point(i: int, v: float) -> tuple[float, float]:
        # One game has no time axis to spread over: it goes in the middle, not on the y axis.
        share = 0.5 if longest == 1 else i / (longest - 1)
        x = MARGIN_LEFT + POINT_PAD + (PLOT_W - 2 * POINT_PAD) * share
        y = MARGIN_TOP + PLOT_H * (1 - (v - low) / (high - low))
        return x, y

    for v in (low, (low + high) / 2, high):
        _, y = point(0, v)
        draw.text((4, y - 6), f"{v:.1f}", fill=AXIS, font=font)
    axis_y = HEIGHT - MARGIN_BOTTOM + 6
    if longest > 1:
        _centred(draw, "1", point(0, low)[0], axis_y, AXIS)
    _centred(draw, str(longest), point(longest - 1, low)[0], axis_y, AXIS)
    # The legend sits right of the title, clear of the axis labels under the first and last game.
    names = sorted(series)
    legend_x = WIDTH - MARGIN_RIGHT - sum(int(draw.textlength(n, font=font)) + 14 for n in names) + 14
    legend_x = max(legend_x, MARGIN_LEFT + int(draw.textlength(title, font=_font(14))) + 16)
    radius = MARKER if longest <= MARKED_POINTS else 1
    for n, (name, line) in enumerate(sorted(series.items())):
        colour = PALETTE[n % len(PALETTE)]
        points = [point(i, v) for i, v in enumerate(line)]
        if len(points) > 1:
            draw.line(points, fill=colour, width=2)
        for x, y in points:
            draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=colour)
        if longest <= LABELLED_POINTS:
            for (x, y), v in zip(points, line, strict=True):
                _centred(draw, f"{v:.1f}", x, y - 17 if y - 17 > MARGIN_TOP else y + 6, colour)
        draw.text((legend_x, 8), name, fill=colour, font=font)
        legend_x += int(draw.textlength(name, font=font)) + 14
    if longest < MIN_TREND and few_note:
        _note(draw, few_note)
    return _png(image)


def score_histogram(scores: Sequence[int], title: str, bins: int = 10) -> bytes:
    """How often each band of final scores came up. Bars keep a readable width however few bands
    there are, centred, each labelled with its band and its count."""
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
    slot = PLOT_W / len(counts)
    bar = min(slot - 4, MAX_BAR)
    left = MARGIN_LEFT + (PLOT_W - slot * len(counts)) / 2
    for i, c in enumerate(counts):
        centre = left + slot * (i + 0.5)
        start = low + i * width
        band = f"{start}–{start + width - 1}" if width > 1 and len(counts) <= RANGED_BARS else str(start)
        if len(counts) <= LABELLED_BARS or i % 2 == 0:
            _centred(draw, band, centre, HEIGHT - MARGIN_BOTTOM + 6, AXIS)
        if c:
            y0 = MARGIN_TOP + 14 + (PLOT_H - 14) * (1 - c / top)  # room above the tallest for its count
            draw.rectangle([centre - bar / 2, y0, centre + bar / 2, HEIGHT - MARGIN_BOTTOM - 1], fill=PALETTE[0])
            _centred(draw, str(c), centre, y0 - 13, TEXT)
    return _png(image)
