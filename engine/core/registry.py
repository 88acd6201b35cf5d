"""The catalogue of games. Games are imported lazily so one game's data never loads another's."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.core.errors import InvalidSetup
from engine.core.events import Event
from engine.core.prompts import Answer, Prompt
from engine.core.result import Result
from engine.core.seats import SeatSpec


class Game(Protocol):
    finished: bool

    def start(self) -> list[Event]: ...
    def prompts(self) -> list[Prompt]: ...
    def prompt_for(self, seat: int) -> Prompt | None: ...
    def submit(self, seat: int, answer: Answer) -> list[Event]: ...
    def view(self, seat: int | None) -> dict[str, Any]: ...
    def result(self) -> Result | None: ...


class Policy(Protocol):
    """A bot or automa seat: decides from its own seat's view only."""

    def choose(self, view: Mapping[str, Any], prompt: Prompt) -> Answer: ...


@dataclass(frozen=True)
class GameDefinition:
    id: str
    names: dict[str, str]  # locale -> display name
    min_players: int
    max_players: int
    engine_version: str
    create: Callable[[list[SeatSpec], dict[str, Any], int], Game]
    normalize_options: Callable[[dict[str, Any], int], dict[str, Any]]
    # (seats, options, seed, position) -> game started from a described position; None: unsupported
    create_from_position: Callable[[list[SeatSpec], dict[str, Any], int, dict[str, Any]], Game] | None = None
    policies: dict[str, Callable[[int, int], Policy]] = field(default_factory=dict)  # (seat, seed) -> policy
    default_policy: str = ""
    card_name: Callable[[str, str], str] = lambda card_id, locale: card_id  # (id, locale) -> name


_MODULES = {
    "dominion": "engine.games.dominion",
    "everdell": "engine.games.everdell",
}


def game_ids() -> list[str]:
    return list(_MODULES)


def get_game(game_id: str) -> GameDefinition:
    module_name = _MODULES.get(game_id)
    if module_name is None:
        raise InvalidSetup("error.unknown_game", game=game_id)
    module = importlib.import_module(module_name)
    definition: GameDefinition = module.GAME
    return definition
