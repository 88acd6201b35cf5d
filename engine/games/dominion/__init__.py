"""Dominion (2nd edition base set) on the match contract."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from engine.core.errors import InvalidSetup
from engine.core.registry import GameDefinition
from engine.core.seats import SeatSpec
from engine.games.dominion.adventures.options import adventure_options, split_events, uses_adventures
from engine.games.dominion.bots import POLICIES
from engine.games.dominion.cards import cards, kingdoms, lookup
from engine.games.dominion.catalogue import catalogue
from engine.games.dominion.game import DominionGame
from engine.games.dominion.options import DominionOptions

ENGINE_VERSION = "dominion-1"


# (options as given, frozen; players) -> the normalized options: a simulation sets up thousands of
# matches with the same options. Bounded; copies are handed out, so a caller may change its own.
_NORMALIZED: dict[tuple[Any, int], tuple[dict[str, Any], tuple[str, ...]]] = {}  # and its list keys
_NORMALIZED_MAX = 256


class _Unhashable(Exception):
    pass


def _frozen(value: Any) -> Any:
    """A hashable stand-in for options made of text, numbers, lists and dicts."""
    if isinstance(value, str):
        return value
    if value is None or isinstance(value, int | float):
        return (type(value).__name__, value)  # True and 1 are equal keys otherwise
    if isinstance(value, list | tuple):
        return (type(value).__name__, *map(_frozen, value))
    if isinstance(value, dict):
        return ("dict", *sorted((str(k), _frozen(v)) for k, v in value.items()))
    raise _Unhashable


def normalize_options(options: dict[str, Any], players: int) -> dict[str, Any]:
    """Validate lobby options; the kingdom becomes 'random' or an explicit list of 10 card ids."""
    key: tuple[Any, int] | None
    try:
        for value in options.values():
            if type(value) is not str:
                key = (_frozen(options), players)
                break
        else:  # the common case: names only
            key = (tuple(sorted(options.items())), players)
    except (_Unhashable, TypeError):
        key = None
    found = _NORMALIZED.get(key) if key is not None else None
    if found is None:
        normalized = _normalize(options, players)
        found = (normalized, tuple(k for k, v in normalized.items() if isinstance(v, list)))
        if key is not None and len(_NORMALIZED) < _NORMALIZED_MAX:
            _NORMALIZED[key] = found
    out, lists = found
    copied = dict(out)
    for name in lists:
        copied[name] = list(copied[name])
    return copied


def _normalize(options: dict[str, Any], players: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    kingdom, listed_events = split_events(options.get("kingdom", "random"))
    if isinstance(kingdom, str):
        text = kingdom.strip()
        if text.casefold() == "random" or not text:
            out["kingdom"] = "random"
        else:
            preset = _preset(text)
            out["kingdom"] = list(preset) if preset is not None else _card_list(text.split(","))
    elif isinstance(kingdom, list | tuple):
        out["kingdom"] = _card_list([str(k) for k in kingdom])
    else:
        raise InvalidSetup("error.dominion.bad_kingdom")
    if "kingdom_name" in options:
        out["kingdom_name"] = str(options["kingdom_name"])
    elif isinstance(kingdom, str) and _preset(kingdom.strip()) is not None:
        out["kingdom_name"] = _preset_name(kingdom.strip())
    out["reactions"] = _reactions(options.get("reactions", "always"), players)
    return adventure_options(options, out, listed_events)


def _reactions(value: Any, players: int) -> str | list[str]:
    """Standing answers to reactions held in hand: 'always' (reveal / play without asking, so
    the table never sees anyone wait), 'ask', or one of the two per seat."""
    modes = ("always", "ask")
    if isinstance(value, str) and value in modes:
        return value
    if (
        isinstance(value, list | tuple)
        and len(value) == players
        and all(isinstance(v, str) and v in modes for v in value)
    ):
        return list(value)
    raise InvalidSetup("error.bad_option", option="reactions", value=str(value))


def _preset(text: str) -> tuple[str, ...] | None:
    name = _preset_name(text)
    return kingdoms()[name].cards if name else None


def _preset_name(text: str) -> str | None:
    return _preset_names().get(text.casefold())


@cache
def _preset_names() -> dict[str, str]:
    """casefolded English and Portuguese preset names -> preset name (the first preset wins)."""
    index: dict[str, str] = {}
    for k in kingdoms().values():
        index.setdefault(k.name.casefold(), k.name)
        index.setdefault(k.name_pt.casefold(), k.name)
    return index


def _card_list(names: list[str]) -> list[str]:
    chosen: list[str] = []
    unknown: list[str] = []
    for raw in names:
        raw = raw.strip()
        if not raw:
            continue
        card = lookup(raw)
        if card is None or card.kind != "kingdom":
            unknown.append(raw)
        elif card.id not in chosen:
            chosen.append(card.id)
    if unknown:
        raise InvalidSetup("error.dominion.unknown_cards", cards=", ".join(unknown))
    if len(chosen) != 10:
        raise InvalidSetup("error.dominion.kingdom_size", count=len(chosen))
    return chosen


def make_game(
    players: int, options: dict[str, Any], seed: int, position: dict[str, Any] | None = None
) -> DominionGame:
    """The base rules, or the Adventures rules when the game uses anything from Adventures."""
    if uses_adventures(options, position):
        from engine.games.dominion.adventures.game import AdventuresGame

        return AdventuresGame(players, options, seed, position=position)
    return DominionGame(players, options, seed, position=position)


def create(seats: list[SeatSpec], options: dict[str, Any], seed: int) -> DominionGame:
    return make_game(len(seats), options, seed)


def create_from_position(
    seats: list[SeatSpec], options: dict[str, Any], seed: int, position: dict[str, Any]
) -> DominionGame:
    return make_game(len(seats), options, seed, position)


@lru_cache(maxsize=4096)  # the cards are fixed data; every board and menu names the same few dozen
def card_name(card_id: str, locale: str) -> str:
    card = cards().get(card_id)
    return card.name(locale) if card else card_id


GAME = GameDefinition(
    id="dominion",
    names={"en": "Dominion", "pt": "Dominion"},
    min_players=2,
    max_players=6,
    engine_version=ENGINE_VERSION,
    create=create,
    normalize_options=normalize_options,
    create_from_position=create_from_position,
    policies=POLICIES,
    card_name=card_name,
    default_policy="heuristic",
    # draws, shuffles, reveals and looks
    revealing_events=frozenset({"draw", "drew", "look", "looked", "reveal", "shuffle"}),
    options_model=DominionOptions,
    score_range=(-60, 300),
    cards=catalogue,
)
