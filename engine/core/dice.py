"""Named dice a game declares for the physical table (`/roll conquest`): each die and what each
of its faces gives, in the players' words. The platform's dice tool (`engine/tools/dice.py`)
rolls them; nothing here names a game."""

from __future__ import annotations

from dataclasses import dataclass


def _say(words: dict[str, str], locale: str, fallback: str) -> str:
    return words.get(locale) or words.get("en") or fallback


@dataclass(frozen=True)
class DieFace:
    id: str  # the rules' own name for the face ("vp:5", "territory"), for tests and logs
    words: dict[str, str]  # locale ("en", "pt") -> what the face gives

    def say(self, locale: str) -> str:
        return _say(self.words, locale, self.id)


@dataclass(frozen=True)
class Die:
    id: str
    names: dict[str, str]  # locale -> the die's name ("red conquest die")
    # Every face once per side it is printed on: a face printed twice is listed twice, so each
    # entry is equally likely.
    faces: tuple[DieFace, ...]

    def name(self, locale: str) -> str:
        return _say(self.names, locale, self.id)


@dataclass(frozen=True)
class NamedDice:
    """Dice thrown together under one name: `/roll <id>` (or `<game>:<id>`) rolls each once."""

    id: str  # what is typed; letters, digits, "-" and "_" (never dice notation)
    names: dict[str, str]  # locale -> the set's name ("conquest dice")
    dice: tuple[Die, ...]
    aliases: tuple[str, ...] = ()  # other names a player may type, in any language
    # locale -> a note shown under every roll, e.g. that the faces are our reading of the rules
    note: dict[str, str] | None = None

    def name(self, locale: str) -> str:
        return _say(self.names, locale, self.id)

    def says(self, locale: str) -> str:
        return _say(self.note, locale, "") if self.note else ""
