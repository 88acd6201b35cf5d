"""Game UI plug-ins: each game's table UI is a package `bot.games.<id>` whose `__init__` defines
`UI = GameUI(...)`, found by convention (a game kept elsewhere, say in the test tree, joins with
`register`). The platform asks this module for a game's renderer, wording, lobby fields and
hooks; it never imports a game package itself, so adding a game edits nothing here.

Its rules are the engine's plug-in (`engine.core.registry`): the two meet by game id.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot import i18n
from bot.arrangement import Arrangement
from bot.leaderboard.calculators import Calculator
from bot.wording import Wording
from engine.core import Option, Prompt, registry
from engine.core.options import GameOptions

if TYPE_CHECKING:
    from bot.app import BoardGamesBot
    from bot.table import Live, TableService
    from storage import MatchRecord

Interaction = discord.Interaction[Any]


class Renderer(Protocol):
    """Engine views -> embeds. A renderer may also define `board_image(live, locale) -> bytes |
    None` (a picture of the board), `prompt_image(live, seat, locale, shown) -> bytes | None` (a
    picture for the seat's private view of its open prompt; `shown`: the option indices its
    controls list now), `result_lines(live, result, locale) -> list[str]` (what the final
    standings leave out, e.g. an opponent without a seat) and `describer(live, locale) ->
    Callable[[Option], str | None]` (`describe` for one render, reading the state once rather
    than per option)."""

    def board(self, live: Live, locale: str) -> discord.Embed: ...
    def private(self, live: Live, seat: int, locale: str, extra: str | None = None) -> discord.Embed: ...
    def describe(self, live: Live, option: Option, locale: str) -> str | None: ...


@dataclass(frozen=True)
class LobbyRequest:
    """What `/<game> new` was given, after the options model coerced it."""

    bot: BoardGamesBot
    game: str
    options: dict[str, Any]  # the model's options (only those set)
    players: int | None  # the seats asked for, if any
    guild_id: int | None
    user_id: int
    locale: str  # the caller's, for refusals
    server_data: Mapping[str, str]  # kind -> text of the server's own files for this game


@dataclass(frozen=True)
class LobbyPlan:
    options: dict[str, Any]
    capacity: int | None  # None: as many seats as the game allows


async def plain_lobby(request: LobbyRequest) -> LobbyPlan:
    return LobbyPlan(dict(request.options), request.players)


def _no_fields(embed: discord.Embed, live: Live, locale: str) -> None:
    return None


def _no_items(live: Live, locale: str) -> Sequence[discord.ui.Item[Any]]:
    return ()


def _no_arrangement(live: Live, prompt: Prompt, locale: str) -> Arrangement | None:
    return None


def _same_options(options: dict[str, Any], user_id: int, standing: Any) -> dict[str, Any]:
    return options


@dataclass(frozen=True)
class Preference:
    """A standing per-user choice for every new table of the game, set with /settings as
    `<game>_<key>`. Words: `cmd.opt.<label>.name/.desc` and `cmd.choice.<label>.<value>` for the
    option, `settings.<label>.<value>` (and `.unset`) for the summary line."""

    key: str
    choices: tuple[str, ...]
    label: str
    description: str  # English, for the command


@dataclass(frozen=True)
class Reply:
    """What a companion command answers: posted in the channel, or privately when `private`."""

    content: str | None = None
    embed: discord.Embed | None = None
    view: discord.ui.View | None = None
    private: bool = False


class CompanionSession(Protocol):
    """A game's automated opponent run for a physical table, one per channel (its steps stored
    by the platform's companion tables). `/automa turn`, `undo`, `status` and `stop` reach the
    channel's session whatever its game."""

    async def start(self, interaction: Interaction, options: dict[str, Any]) -> Reply: ...
    async def turn(self, interaction: Interaction, physical: bool) -> Reply: ...
    async def undo(self, interaction: Interaction) -> Reply: ...
    async def status(self, interaction: Interaction) -> Reply: ...
    async def score(self, interaction: Interaction, counts: dict[str, Any]) -> Reply: ...
    async def stop(self, interaction: Interaction) -> Reply: ...
    # A session may also answer `/automa trap` with `async def trap(interaction) -> Reply`.
    # Its own buttons and menus by custom-id kind: (interaction, ids, values).
    def components(self) -> Mapping[str, Callable[[Interaction, list[int], list[str]], Awaitable[None]]]: ...


@dataclass(frozen=True)
class CompanionSpec:
    """`/automa start <id>` (its options from `start_options`) and, with `score_options`,
    `/automa score <id>`; `id` is an automated opponent the game declares (AutomaSpec)."""

    id: str
    start_options: type[GameOptions]
    build: Callable[[BoardGamesBot], CompanionSession]
    score_options: type[GameOptions] | None = None


# (bot, interaction, ids from the custom id, selected values)
ComponentHandler = Callable[["BoardGamesBot", Interaction, list[int], list[str]], Awaitable[None]]
# (text typed so far, locale) -> [(shown name, value)]
Suggest = Callable[[str, str], list[tuple[str, str]]]
Start = Callable[["TableService", int, int], Awaitable["Live"]]
SeatJoin = Callable[[int, Mapping[str, str]], Callable[["MatchRecord"], None] | None]


@dataclass(frozen=True)
class GameUI:
    id: str
    renderer: Renderer | None = None  # None: the generic renderer
    wording: Wording = field(default_factory=Wording)
    # Lobby: the game's own embed fields, and its components under the four buttons.
    lobby_fields: Callable[[discord.Embed, Live, str], None] = _no_fields
    lobby_items: Callable[[Live, str], Sequence[discord.ui.Item[Any]]] = _no_items
    # The running game's board: the game's own components under "My hand" (views on demand).
    board_items: Callable[[Live, str], Sequence[discord.ui.Item[Any]]] = _no_items
    # Handlers of those components by custom-id kind (registered once, kept across restarts).
    components: Mapping[str, ComponentHandler] = field(default_factory=dict)
    # `/<game> new`: options and table size from what was typed (opponents, server data).
    prepare: Callable[[LobbyRequest], Awaitable[LobbyPlan]] = plain_lobby
    # A player's standing preferences for this game (their /settings choices) written into the lobby's options
    # when they open it, and when they join (a callback run with the seat write).
    on_open: Callable[[dict[str, Any], int, Mapping[str, str]], dict[str, Any]] = _same_options
    on_join: SeatJoin = lambda user_id, standing: None
    # Starting the table, where the game writes seat choices first; None: the table's start.
    start: Start | None = None
    # Standing per-user preferences for this game (/settings), handed to on_open and on_join.
    preferences: Sequence[Preference] = ()
    # Suggestions for options whose model marks them `autocomplete`.
    suggest: Mapping[str, Suggest] = field(default_factory=dict)
    # Physical-table results: the game's score sheets (a player's sheet has the game's id, an
    # automated opponent's sheet the opponent's id); without one, players type a plain total.
    score_sheets: Sequence[Calculator] = ()
    # A line about a server's data file of `kind` (its text, or None: none uploaded), shown after
    # an upload and in /admin data show; None adds nothing.
    data_status: Callable[[str, str | None, str], str | None] = lambda kind, text, locale: None
    # The problems of a refused file of `kind` (its text) in the reader's words, each naming the
    # field; None: the checker's own plain-English problems are shown.
    data_problems: Callable[[str, str, str], list[str] | None] = lambda kind, text, locale: None
    # Automated opponents a physical table can run through /automa.
    companions: Sequence[CompanionSpec] = ()
    # A single choice laid out by the game (order, headings, notes; a two-step pick past 25
    # options); None: the platform's layout.
    arrange: Callable[[Live, Prompt, str], Arrangement | None] = _no_arrangement
    # Keys of prompts that open only because a player holds a hidden card (a Moat-like reaction,
    # a trap window): the table is never told that such a seat must act (a timing leak).
    hidden_prompts: frozenset[str] = frozenset()


_GAMES_PACKAGE = "bot.games"
_registered: dict[str, GameUI] = {}


@cache
def _discovered() -> dict[str, str]:
    package = importlib.import_module(_GAMES_PACKAGE)
    return {
        info.name: f"{_GAMES_PACKAGE}.{info.name}"
        for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name)
        if info.ispkg and not info.name.startswith("_")
    }


@cache
def _load(game_id: str) -> GameUI:
    module_name = _discovered().get(game_id)
    if module_name is None:
        return GameUI(game_id)
    found: GameUI = importlib.import_module(module_name).UI
    return found


def ui(game_id: str) -> GameUI:
    """The game's UI plug-in; a game without one gets the generic defaults."""
    own = _registered.get(game_id)
    return own if own is not None else _load(game_id)


def ui_ids() -> list[str]:
    return sorted({*_discovered(), *_registered})


def register(definition: GameUI) -> None:
    """Adds a UI kept outside `bot.games` (a game that lives in the test tree)."""
    _registered[definition.id] = definition


def unregister(game_id: str) -> None:
    _registered.pop(game_id, None)


def load_external(package: str) -> str:
    """A game kept outside the repository's game folders, laid out as they are: `<package>.rules`
    defines the engine's GAME, `<package>.ui` (optional) the UI, `<package>/locales/<locale>/`
    its catalogues. Returns the game id."""
    definition = registry.register_package(package)
    try:
        module = importlib.import_module(f"{package}.ui")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.ui":
            raise
    else:
        register(module.UI)
    root = Path(importlib.import_module(package).__file__ or "").parent
    if (root / "locales").is_dir():
        i18n.add_catalogue_dir(root / "locales")
    return definition.id


def load_plugins(listed: str = "") -> list[str]:
    """Every external game (GAME_PLUGINS and installed entry points); returns their ids."""
    return [load_external(package) for package in registry.plugin_packages(listed)]
