"""Effect tokens (tech cards' circle and square benefits) in words, one language at a time.

The tokens are the data's (`coin`, `adv:science`, `vpx:territories`, `{one: [...]}`); a
`Wording` holds one language's words and sentence shapes, so English and Portuguese are written
by the same reading of the tokens.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


def _same(name: str) -> str:
    return name


@dataclass(frozen=True)
class Wording:
    words: Mapping[str, str]  # plain token -> words
    counts: Mapping[str, str]  # what a "1 VP per ..." counts
    either: str  # joins alternatives
    both: str  # joins steps done in any order...
    any_order: str  # ...and follows them
    vp: str  # "{n} VP"
    vp_per: str  # "1 VP per {what}"
    vp_per_space: str  # "1 VP per {track} space advanced"
    advance: str  # "advance on {track}"
    regress: str
    with_benefit: str
    without_benefit: str
    build: str  # "build the {landmark}"
    track: Callable[[str], str] = _same  # a track id's name
    landmark: Callable[[str], str] = _same  # a landmark's name


def describe(steps: list[Any], w: Wording) -> str:
    return ", ".join(word(s, w) for s in steps)


def word(step: Any, w: Wording) -> str:
    if isinstance(step, dict):
        if "one" in step:
            return w.either.join(word(s, w) for s in step["one"])
        return w.both.join(word(s, w) for s in step["order"]) + w.any_order
    tok = str(step)
    head, _, arg = tok.partition(":")
    if head == "vp":
        return w.vp.format(n=arg)
    if head == "vpx":
        if arg.startswith("sp:"):
            return w.vp_per_space.format(track=w.track(arg[3:]))
        return w.vp_per.format(what=w.counts.get(arg, arg))
    if head in ("adv", "adv_nb", "reg", "reg_nb"):
        move = w.advance if head.startswith("adv") else w.regress
        return move.format(track=w.track(arg)) + (w.without_benefit if head.endswith("_nb") else w.with_benefit)
    if head == "landmark":
        return w.build.format(landmark=w.landmark(arg))
    return w.words.get(tok, tok)
