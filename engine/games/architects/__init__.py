"""Architects of the West Kingdom (base game, 2-5 players, with its promos) on the match contract."""

from __future__ import annotations

from typing import Any

from engine.core.errors import InvalidSetup
from engine.core.registry import AutomaSpec, GameDefinition
from engine.core.seats import SeatSpec
from engine.games.architects.ai.data import DATA_SETS as AI_DATA_SETS
from engine.games.architects.ai.data import OPPONENTS
from engine.games.architects.ai.data import from_text as ai_values
from engine.games.architects.bots import POLICIES
from engine.games.architects.catalogue import catalogue
from engine.games.architects.data import name_of
from engine.games.architects.game import ArchitectsGame
from engine.games.architects.options import WOW_RELEASED, ArchitectsOptions, normalize_options
from engine.games.architects.wow_data import DATA_SETS

ENGINE_VERSION = "architects-1"


def create(seats: list[SeatSpec], options: dict[str, Any], seed: int) -> ArchitectsGame:
    if options.get("opponent"):  # solo against the AI (ai/)
        from engine.games.architects.ai.game import SoloGame

        return SoloGame(seats, options, seed)
    return ArchitectsGame(seats, options, seed)


def create_from_position(
    seats: list[SeatSpec], options: dict[str, Any], seed: int, position: dict[str, Any]
) -> ArchitectsGame:
    if options.get("opponent"):
        raise InvalidSetup("error.bad_option", option="opponent", value="position")
    return ArchitectsGame(seats, options, seed, position)


def card_name(card_id: str, locale: str) -> str:
    """Names of apprentices, buildings, architects and locations (ids as in prompts and views)."""
    name = name_of(card_id, locale)
    return card_id if name is None else name


def ai_opponents() -> tuple[AutomaSpec, ...]:
    """The six solo AIs, each with solo records of its own (no difficulty levels: the rulebook
    has none); a server's AI or Works of Wonder values keep their records apart (`@server`)."""
    ours = ai_values(None)
    return tuple(
        AutomaSpec(
            ai, {"en": ours.opponent(ai).name, "pt": ours.opponent(ai).name_pt}, (), uses=("ai", "wonders")
        )
        for ai in OPPONENTS
    )


GAME = GameDefinition(
    id="architects",
    names={"en": "Architects of the West Kingdom", "pt": "Arquitetos do Reino Ocidental"},
    min_players=1,  # one person only against the solo AI (`opponent`)
    min_players_for=lambda options: 1 if options.get("opponent") not in (None, "", "none") else 2,
    max_players=5,
    engine_version=ENGINE_VERSION,
    create=create,
    create_from_position=create_from_position,
    normalize_options=normalize_options,
    policies=POLICIES,
    default_policy="heuristic",
    card_name=card_name,
    released=True,
    options_model=ArchitectsOptions,
    cards=catalogue,
    score_range=(-80, 250),
    # the expansion's data upload is offered together with its lobby option (options.py)
    data_sets=DATA_SETS + AI_DATA_SETS if WOW_RELEASED else (),
    automa=ai_opponents() if WOW_RELEASED else (),
    # public events that show hidden cards or depend on chance: an undo may not cross them
    revealing_events=frozenset(
        {
            "setup",
            "draw",
            "look",
            "hire",
            "display_refresh",
            "reset",
            "reward",
            "draft_packet",
            "drew",
            "looked",
            "consequence",
            # the solo AI: a Plot card revealed, its deck shuffled, a Future card taken,
            # Apprentices removed from the display (the refill shows new ones)
            "ai_plot",
            "ai_shuffle",
            "ai_future",
            "ai_remove_apprentices",
        }
    ),
)
