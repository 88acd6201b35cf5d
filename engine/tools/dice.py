"""Dice notation: `d8`, `2d6+1`, `3d6-2d4+5`, optionally `4d6kh3` / `2d20kl1` (keep highest/lowest),
and the named dice games declare (`conquest`, or `<game>:conquest` where two games share a name).

Parsing is strict and bounded so that a bad or absurd request is refused with a clear reason
instead of hanging: at most 100 dice in total, 1,000 faces per die, 20 terms.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.dice import DieFace, NamedDice
from engine.core.errors import EngineError
from engine.core.registry import game_ids, get_game

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


def dice_notation_ok(notation: str) -> bool:
    try:
        parse(notation)
    except DiceError:
        return False
    return True


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


# -- named dice ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class NamedRoll:
    game: str
    dice: NamedDice
    faces: tuple[DieFace, ...]  # one per die, in the declared order

    @property
    def value(self) -> str:
        return f"{self.game}:{self.dice.id}"


def fold(text: str) -> str:
    """Lower case, no accents, punctuation as spaces: the form names are compared in."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join("".join(ch if ch.isalnum() else " " for ch in plain).split())


def declared(games: Sequence[str] | None = None) -> list[tuple[str, NamedDice]]:
    """(game, dice) of every named set the offered games declare, in the games' order."""
    ids = list(games) if games is not None else game_ids(released_only=True)
    return [(g, named) for g in ids for named in get_game(g).dice]


def keys(game: str, named: NamedDice) -> set[str]:
    """Everything a player may type for it: its id, aliases and names in every language."""
    return {fold(k) for k in (named.id, *named.aliases, *named.names.values())} - {""}


def ordered(prefer: str | None, games: Sequence[str] | None = None) -> list[tuple[str, NamedDice]]:
    """Every declared set, the channel's game `prefer` first."""
    found = declared(games)
    return [e for e in found if e[0] == prefer] + [e for e in found if e[0] != prefer]


def find_named(
    text: str, prefer: str | None = None, games: Sequence[str] | None = None
) -> tuple[str, NamedDice] | None:
    """The named dice `text` asks for, or None when it names none (then it is notation).

    `<game>:<id>` is never ambiguous. A bare name declared by several games goes to the
    channel's game `prefer` when it is one of them, and is refused otherwise, listing the ways
    to say which."""
    game, sep, rest = text.strip().partition(":")
    if sep:
        wanted = fold(rest)
        for g, named in declared(games):
            if fold(g) == fold(game) and wanted in keys(g, named):
                return g, named
        raise DiceError("error.dice.unknown_named", name=text.strip()[:100])
    key = fold(text)
    matches = [(g, named) for g, named in declared(games) if key and key in keys(g, named)]
    if not matches:
        return None
    if len({g for g, _ in matches}) > 1:
        chosen = [m for m in matches if m[0] == prefer]
        if not chosen:
            choices = ", ".join(f"`{g}:{named.id}`" for g, named in matches)
            raise DiceError("error.dice.ambiguous", name=text.strip()[:100], choices=choices)
        matches = chosen
    return matches[0]


def roll_named(game: str, named: NamedDice, rng: random.Random) -> NamedRoll:
    """Each die once, in the declared order, every listed face equally likely."""
    return NamedRoll(game, named, tuple(die.faces[rng.randrange(len(die.faces))] for die in named.dice))
