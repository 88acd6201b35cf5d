"""The catalogue of games. Games are imported lazily so one game's data never loads another's."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import entry_points
from types import ModuleType
from typing import Any, Protocol

from engine.core.cards import CardInfo
from engine.core.datasets import DataSet
from engine.core.dice import NamedDice
from engine.core.errors import InvalidSetup
from engine.core.events import Event, sounds_revealing
from engine.core.options import GameOptions, NoOptions, parse_options
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
class AutomaSpec:
    """An automated opponent of the game, whose solo records are kept per level (an opponent
    without levels, such as each of several AI personalities, keeps one record of its own)."""

    id: str
    names: dict[str, str]  # locale -> name
    levels: tuple[int, ...]
    level_word: str = "level"  # how its difficulty is named: "level", "year"
    humans: tuple[int, ...] = (1,)  # how many people may face it in one game
    uses: tuple[str, ...] = ()  # the game's data-set kinds its rules read (a server may replace them)
    # The lobby option holding its difficulty: read for a result whose details name no level
    # (`details["solo"]`); None: it has no difficulty option.
    level_option: str | None = None


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
    # False while a game's rules are still being completed: the developer tools (simulate,
    # scenarios, tests) reach it, the bot's lobbies do not offer it.
    released: bool = True
    # What a person may choose in the lobby (engine/core/options.py); `normalize_options` has the
    # last word on what depends on the game's data.
    options_model: type[GameOptions] = NoOptions

    # Every card (and card-like component: Events, locations) in the player's words, for /card.
    cards: Callable[[], Sequence[CardInfo]] = lambda: ()

    # Files a server may upload to replace our values or complete missing data (datasets.py).
    data_sets: tuple[DataSet, ...] = ()
    # Dice a physical table throws by name (`/roll conquest`), with what each face gives.
    dice: tuple[NamedDice, ...] = ()
    # Automated opponents (solo records, the companion at a physical table).
    automa: tuple[AutomaSpec, ...] = ()
    # Lowest and highest believable final score (results typed in from a physical table).
    score_range: tuple[int, int] = (-999, 9999)
    # Public event kinds that show hidden information or depend on chance (a draw, a shuffle, a
    # refilled market): an undo may not cross them. None: judged by the kind's words.
    revealing_events: frozenset[str] | None = None

    # (stored options) -> the fewest players those options can start with; None: `min_players`.
    # For a game whose lowest count needs an option (one person only against a chosen opponent).
    min_players_for: Callable[[Mapping[str, Any]], int] | None = None

    def players_needed(self, options: Mapping[str, Any]) -> int:
        """The fewest seats a table with these options can start with."""
        return self.min_players if self.min_players_for is None else self.min_players_for(options)

    def reveals(self, event: Event) -> bool:
        """Did this event show hidden information or depend on chance? (Private ones always do.)"""
        if not event.public:
            return True
        if self.revealing_events is None:
            return sounds_revealing(event.kind)
        return event.kind in self.revealing_events

    def parse_options(
        self, raw: Mapping[str, Any], players: int, hidden: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        """Options typed by a person (coerced and checked by the model), then normalized."""
        return self.normalize_options(parse_options(self.options_model, raw, hidden=hidden), players)


# Games are discovered by convention: every package `engine.games.<id>` whose `__init__` defines
# `GAME`. Packages elsewhere (a game kept in the test tree) join through `register_module`.
_GAMES_PACKAGE = "engine.games"
ENTRY_POINT_GROUP = "boardgamesbot.games"
_extra_modules: dict[str, str] = {}


@cache
def _discovered() -> dict[str, str]:
    package = importlib.import_module(_GAMES_PACKAGE)
    found: dict[str, str] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        if info.ispkg and not info.name.startswith("_"):
            found[info.name] = f"{_GAMES_PACKAGE}.{info.name}"
    return found


def _modules() -> dict[str, str]:
    return {**_discovered(), **_extra_modules}


def register_module(game_id: str, module_name: str) -> None:
    """Adds a game package that lives outside `engine.games` (its `GAME` is read lazily)."""
    _extra_modules[game_id] = module_name


def unregister_module(game_id: str) -> None:
    _extra_modules.pop(game_id, None)


def register_package(package: str) -> GameDefinition:
    """A game kept outside `engine.games` (say, in a test tree): `<package>.rules` defines GAME."""
    module_name = f"{package}.rules"
    definition: GameDefinition = importlib.import_module(module_name).GAME
    register_module(definition.id, module_name)
    return definition


def plugin_packages(listed: str = "") -> list[str]:
    """Game packages from outside the repository's game folders: those listed (comma-separated,
    as in GAME_PLUGINS) and those installed under the entry-point group `boardgamesbot.games`."""
    names = [name.strip() for name in listed.split(",") if name.strip()]
    names += [entry.value for entry in entry_points(group=ENTRY_POINT_GROUP)]
    return list(dict.fromkeys(names))


def game_ids(*, released_only: bool = False) -> list[str]:
    ids = list(_modules())
    return [g for g in ids if get_game(g).released] if released_only else ids


# game id -> (its module, the module's GAME): a match is set up for every game a simulation
# plays, and importing the module again (even from sys.modules) cost more than the rest of the
# lookup. A module replaced in sys.modules (tests) is imported again.
_definitions: dict[str, tuple[ModuleType, GameDefinition]] = {}


def get_game(game_id: str) -> GameDefinition:
    module_name = _extra_modules.get(game_id) or _discovered().get(game_id)
    if module_name is None:
        raise InvalidSetup("error.unknown_game", game=game_id)
    known = _definitions.get(game_id)
    if known is not None and sys.modules.get(module_name) is known[0] and known[0].__name__ == module_name:
        return known[1]
    module = importlib.import_module(module_name)
    definition: GameDefinition = module.GAME
    _definitions[game_id] = (module, definition)
    return definition
