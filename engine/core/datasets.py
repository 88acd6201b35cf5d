"""Server data sets: named files a server may upload to replace our own values (an automa deck we
designed) or to complete what the rulebook does not print (cards printed only on components).

A game declares each kind it accepts with its checker; the bot stores a server's checked file
and copies its text into the options of every new lobby it applies to, so the match record
alone replays the game and a later upload never changes a table already opened.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

MAX_TEXT = 100_000  # characters; a data file is a few KB, so anything larger is refused

# What a server's file does to the game's own data.
REPLACES_OURS = "replaces_ours"  # our designed values, replaced by the printed ones
COMPLETES = "completes"  # what no source prints, completed by the server


@dataclass(frozen=True)
class DataSet:
    kind: str  # unique within the game: "deck", "scoring", "cards"
    option: str  # the match option that carries the file's text
    check: Callable[[str], list[str]]  # every problem in a file (empty: usable); never raises
    applies: Callable[[Mapping[str, Any]], bool]  # does a lobby with these options use it?
    role: str = REPLACES_OURS
