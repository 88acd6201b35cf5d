"""Dice notation: `d8`, `2d6+1`, `3d6-2d4+5`, optionally `4d6kh3` / `2d20kl1` (keep highest/lowest).

Parsing is strict and bounded so that a bad or absurd request is refused with a clear reason
instead of hanging: at most 100 dice in total, 1,000 faces per die, 20 terms.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from engine.core.errors import EngineError

MAX_DICE = 100
MAX_FACES = 1000
MAX_TERMS = 20
MAX_CONSTANT = 1_000_000

_TERM = re.compile(r"^(?:(\d*)d(\d+)(?:k([hl])(\d+))?|(\d+))$")


class DiceError(EngineError):
    """Bad dice notation; `key` names the localized reason."""


@dataclass(frozen=True, slots=True)
class DiceTerm:
    sign: int
    count: int  # 0 for a constant
    faces: int
    keep: tuple[str, int] | None = None
    constant: int = 0


@dataclass(frozen=True, slots=True)
class TermRoll:
    term: DiceTerm
    rolls: tuple[int, ...]
    kept: tuple[int, ...]
    value: int


@dataclass(frozen=True, slots=True)
class RollResult:
    notation: str
    terms: tuple[TermRoll, ...]
    total: int


def parse(notation: str) -> tuple[DiceTerm, ...]:
    text = notation.replace(" ", "").lower()
    if not text:
        raise DiceError("error.dice.empty")
    if len(text) > 200:
        raise DiceError("error.dice.too_long")
    pieces = re.split(r"([+-])", text)
    if pieces[0] == "":
        pieces = pieces[1:]
    else:
        pieces = ["+", *pieces]
    if len(pieces) % 2:
        raise DiceError("error.dice.syntax", notation=notation)
    terms: list[DiceTerm] = []
    total_dice = 0
    for i in range(0, len(pieces), 2):
        sign = 1 if pieces[i] == "+" else -1
        term = _parse_term(pieces[i + 1], notation)
        terms.append(DiceTerm(sign, term.count, term.faces, term.keep, term.constant))
        total_dice += term.count
    if len(terms) > MAX_TERMS:
        raise DiceError("error.dice.too_many_terms", max=MAX_TERMS)
    if total_dice > MAX_DICE:
        raise DiceError("error.dice.too_many_dice", max=MAX_DICE, count=total_dice)
    return tuple(terms)


def _parse_term(text: str, notation: str) -> DiceTerm:
    m = _TERM.match(text)
    if m is None:
        raise DiceError("error.dice.syntax", notation=notation)
    count_s, faces_s, keep_dir, keep_n, constant_s = m.groups()
    if constant_s is not None:
        value = int(constant_s)
        if value > MAX_CONSTANT:
            raise DiceError("error.dice.constant_too_big", max=MAX_CONSTANT)
        return DiceTerm(1, 0, 0, constant=value)
    count = int(count_s) if count_s else 1
    faces = int(faces_s)
    if count < 1:
        raise DiceError("error.dice.no_dice")
    if count > MAX_DICE:
        raise DiceError("error.dice.too_many_dice", max=MAX_DICE, count=count)
    if faces < 2 or faces > MAX_FACES:
        raise DiceError("error.dice.faces", max=MAX_FACES, faces=faces)
    keep = None
    if keep_dir is not None:
        kept = int(keep_n)
        if not 1 <= kept <= count:
            raise DiceError("error.dice.keep", count=count, keep=kept)
        keep = (keep_dir, kept)
    return DiceTerm(1, count, faces, keep)


def roll(notation: str, rng: random.Random) -> RollResult:
    terms = parse(notation)
    out: list[TermRoll] = []
    total = 0
    for term in terms:
        if term.count == 0:
            value = term.sign * term.constant
            out.append(TermRoll(term, (), (), value))
            total += value
            continue
        rolls = tuple(rng.randint(1, term.faces) for _ in range(term.count))
        kept = rolls
        if term.keep is not None:
            direction, n = term.keep
            kept = tuple(sorted(rolls, reverse=direction == "h")[:n])
        value = term.sign * sum(kept)
        out.append(TermRoll(term, rolls, kept, value))
        total += value
    return RollResult(notation.replace(" ", "").lower(), tuple(out), total)
