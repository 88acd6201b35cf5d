"""Tapestry (base game, 2-5 players) on the match contract."""

from __future__ import annotations

from typing import Any

from engine.core.registry import GameDefinition
from engine.core.seats import SeatSpec
from engine.games.tapestry import options as options_module
from engine.games.tapestry.bots import POLICIES
from engine.games.tapestry.catalogue import catalogue
from engine.games.tapestry.game import TapestryGame
from engine.games.tapestry.names import card_name
from engine.games.tapestry.table_dice import named_dice

# 2: Espionage and the Heralds see every visible card (the top of each era pile), not only the
# newest one; Socialism asks between two equally near opponents. A stored game that met either
# where the rules differ no longer replays.
ENGINE_VERSION = "tapestry-2"


def normalize_options(options: dict[str, Any], players: int) -> dict[str, Any]:
    """The rulebook's optional variants (see `options.py`); anything else is refused by name."""
    return options_module.normalize(options, players)


def create(seats: list[SeatSpec], options: dict[str, Any], seed: int) -> TapestryGame:
    return TapestryGame(seats, options, seed)


def create_from_position(seats: list[SeatSpec], options: dict[str, Any], seed: int, position: dict[str, Any]) -> TapestryGame:
    return TapestryGame(seats, options, seed, position)


GAME = GameDefinition(
    id="tapestry",
    names={"en": "Tapestry", "pt": "Tapestry"},
    min_players=2,
    max_players=5,
    engine_version=ENGINE_VERSION,
    create=create,
    normalize_options=normalize_options,
    create_from_position=create_from_position,
    policies=POLICIES,
    default_policy="heuristic",
    card_name=card_name,
    released=True,
    options_model=options_module.TapestryOptions,
    cards=catalogue,
    score_range=(0, 400),
    dice=named_dice(),
    # chance and hidden information: rolls, draws from decks and bags, shuffles, reveals
    revealing_events=frozenset(
        {
            "civ_offer", "setup", "roll", "draw_tapestry", "drew_tapestry", "play_face_down", "gain_tile",
            "gain_space_tile", "draw_tech", "refill_tech", "refresh_tech", "reshuffle", "gain_civ",
            "discard_civ", "reveal",
        }
    ),
)
