"""What every game's board picture draws text with: a font that has accents and symbols when the
system offers one, text reduced to what that font can draw, and word-wrapping to a width."""

from __future__ import annotations

import unicodedata
from functools import cache

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
RGB = tuple[int, int, int]
FONT_FILES = ("DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


@cache
def font(size: int) -> Font:
    """DejaVu Sans when the system has it (accents, ★); Pillow's own font otherwise."""
    for path in FONT_FILES:
        try:
            return ImageFont.truetype(path, size)
        except OSError:
            continue
    return ImageFont.load_default(size=size)


@cache
def full_glyphs() -> bool:
    f = font(12)
    return isinstance(f, ImageFont.FreeTypeFont) and "DejaVu" in str(f.getname()[0])


def plain(text: str) -> str:
    """Text the font can draw: no emoji (the bot mark in names); Pillow's bundled font also lacks
    accents and the star."""
    text = "".join(ch for ch in text if ord(ch) < 0x10000 and ch != "\ufe0f").strip()  # emoji and their selector
    if full_glyphs():
        return text
    folded = unicodedata.normalize("NFKD", text.replace("★", "*").replace("—", "-").replace("…", "..."))
    return folded.encode("ascii", "ignore").decode("ascii")


def fit(text: str, width: int, f: Font, lines: int = 2) -> list[str]:
    """Word-wrap `text` into at most `lines` lines of `width` pixels, clipping the last."""
    out: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}".strip()
        if f.getlength(trial) <= width or not current:
            current = trial
        else:
            out.append(current)
            current = word
    if current:
        out.append(current)
    if len(out) > lines:
        out = out[:lines]
        out[-1] += "…"
    result = []
    for line in out:
        while f.getlength(line) > width and len(line) > 1:
            line = line[:-2] + "…"
        result.append(line)
    return result
