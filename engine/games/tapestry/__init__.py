"""Tapestry (base game, 2-5 players) on the match contract."""

from __future__ import annotations

from typing import Any

from engine.core.registry import AutomaSpec, GameDefinition
from engine.core.seats import SeatSpec
from engine.games.tapestry import options as options_module
from engine.games.tapestry.arts_data import DATA_SETS as ARTS_DATA_SETS
from engine.games.tapestry.automa.datasets import DATA_SETS
from engine.games.tapestry.bots import POLICIES
from engine.games.tapestry.catalogue import catalogue
from engine.games.tapestry.game import TapestryGame
from engine.games.tapestry.modules.datasets import DATA_SETS as MODULE_DATA_SETS
from engine.games.tapestry.names import card_name
from engine.games.tapestry.table_dice import named_dice

# 2: Espionage and the Heralds see every visible card (the top of each era pile), not only the
# newest one; Socialism asks between two equally near opponents. A stored game that met either
# where the rules differ no longer replays.
# 3: Fantasies & Futures: the charm / income turn 5 prerequisite is the player's own (neighbours
# do not count, a covered charmed card still does); the Historians' opening draw also stops at an
# ONGOING card; the Inventors mark no opponent's single-use card in the middle row.
ENGINE_VERSION = "tapestry-3"


def normalize_options(options: dict[str, Any], players: int) -> dict[str, Any]:
    """The rulebook's optional variants (see `options.py`); anything else is refused by name."""
    return options_module.normalize(options, players)


def create(seats: list[SeatSpec], options: dict[str, Any], seed: int) -> TapestryGame:
    return create_from_position(seats, options, seed, None)


def create_from_position(seats: list[SeatSpec], options: dict[str, Any], seed: int, position: dict[str, Any] | None) -> TapestryGame:
    if options.get("opponent") in ("automa", "shadow"):  # the solo and 2-player bots (automa/)
        from engine.games.tapestry.automa.game import AutomaGame

        return AutomaGame(seats, options, seed, position)
    return TapestryGame(seats, options, seed, position)


GAME = GameDefinition(
    id="tapestry",
    names={"en": "Tapestry", "pt": "Tapestry"},
    min_players=1,  # one person only against the Automa (normalize_options checks)
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
    # the solo Automa (with the Shadow Empire); `opponent=shadow` adds the Shadow to 2 people
    automa=(AutomaSpec("tapestry", {"en": "Automa", "pt": "Automa"}, (1, 2, 3, 4, 5, 6), "level", (1,), uses=("automa_rules",), level_option="automa_level"),),
    data_sets=(*DATA_SETS, *ARTS_DATA_SETS, *MODULE_DATA_SETS),  # the solo values, the Arts values, the expansion modules' sets
    # chance and hidden information: rolls, draws from decks and bags, shuffles, reveals
    revealing_events=frozenset(
        {
            "civ_offer", "setup", "roll", "draw_tapestry", "drew_tapestry", "play_face_down", "gain_tile",
            "gain_space_tile", "draw_tech", "refill_tech", "refresh_tech", "reshuffle", "gain_civ",
            "discard_civ", "reveal", "werefolk_flip", "draw_masterpiece", "refill_masterpiece", "refresh_masterpieces",
            # the expansion modules: landmark cards drawn for the draft, an advanced capital dealt
            "landmark_cards_seen", "advanced_capital",
            # the solo bots: decision cards drawn, progress cards added, the deck shuffled, a
            # card of the Automa's pool revealed, a tile from the bag laid in a random turn
            "automa_draw", "automa_progress", "automa_shuffle", "automa_income_card", "automa_discard", "automa_hex",
        }
    ),
)
