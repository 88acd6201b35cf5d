"""Everdell (base game, 1-4 players, Rugwort solo opponent) on the match contract."""

from __future__ import annotations

from typing import Any

from engine.core.errors import InvalidSetup
from engine.core.registry import AutomaSpec, GameDefinition
from engine.core.seats import SeatSpec
from engine.games.everdell import legends, packs
from engine.games.everdell.bots import POLICIES
from engine.games.everdell.catalogue import catalogue
from engine.games.everdell.data import board, cards, events
from engine.games.everdell.game import EverdellGame
from engine.games.everdell.mistwood.data_sets import DATA_SETS
from engine.games.everdell.options import EverdellOptions

ENGINE_VERSION = "everdell-1"


# Opponents the rules need no option for: Rugwort plays every solo game, "none" is the default.
IMPLICIT_OPPONENTS = ("none", "rugwort")


def normalize_options(options: dict[str, Any], players: int) -> dict[str, Any]:
    if options.get("opponent") in IMPLICIT_OPPONENTS:
        options = {k: v for k, v in options.items() if k != "opponent"}
    powers = options.get("player_powers", False)
    if not isinstance(powers, bool):
        raise InvalidSetup("error.bad_option", option="player_powers", value=str(powers))
    if options.get("opponent") is not None:
        from engine.games.everdell.mistwood.lair import options as lair_options

        if not lair_options.wants_nightweave(options):
            raise InvalidSetup("error.bad_option", option="opponent", value=str(options["opponent"]))
        return {
            **lair_options.normalize(options, players),
            **packs.normalize(options),
            **legends.normalize(options),
        }
    out: dict[str, Any] = {}
    year = options.get("rugwort_year", 1)
    try:
        year = int(year)
    except (TypeError, ValueError):
        raise InvalidSetup("error.bad_option", option="rugwort_year", value=str(year)) from None
    if year not in (1, 2, 3):
        raise InvalidSetup("error.bad_option", option="rugwort_year", value=str(year))
    out["rugwort_year"] = year
    spring = options.get("powers_spring_worker")
    if spring:  # the balancing rule is offered against Nightweave only
        raise InvalidSetup("error.bad_option", option="powers_spring_worker", value=str(spring))
    if powers:  # absent when off, so base options (and stored replays) stay as they were
        out["player_powers"] = True
    out.update(packs.normalize(options))  # Corrin and the special Farms (Mistwood)
    out.update(legends.normalize(options))  # More Legends (Mistwood)
    return out


def create(seats: list[SeatSpec], options: dict[str, Any], seed: int) -> EverdellGame:
    if options.get("opponent") == "nightweave":
        from engine.games.everdell.mistwood.lair.game import NightweaveGame

        return NightweaveGame(seats, options, seed)
    return EverdellGame(seats, options, seed)


def create_from_position(
    seats: list[SeatSpec], options: dict[str, Any], seed: int, position: dict[str, Any]
) -> EverdellGame:
    """A game started from a described position (scenario files and rules tests)."""
    if options.get("opponent") != "nightweave":
        return EverdellGame(seats, options, seed, position)
    from engine.games.everdell.mistwood.lair.game import NightweaveGame

    return NightweaveGame(seats, options, seed, position)


def card_name(card_id: str, locale: str) -> str:
    """Names of cards, events and board locations."""
    card = cards().get(card_id)
    if card is not None:
        return card.name(locale)
    pack_name = packs.name(card_id, locale)
    if pack_name is not None:
        return pack_name
    legend_name = legends.card_name(card_id, locale)
    if legend_name is not None:
        return legend_name
    pt = locale.lower().startswith("pt")
    names: dict[str, tuple[str, str]] = {}
    for ev in events().basic:
        names[ev.id] = (ev.en, ev.pt)
    for sev in events().special:
        names[sev.id] = (sev.en, sev.pt)
    b = board()
    for loc in (*b.basic, *b.forest):
        names[loc.id] = (loc.en, loc.pt)
    names[b.haven.id] = (b.haven.en, b.haven.pt)
    en, pt_name = names.get(card_id, (card_id, card_id))
    return pt_name if pt else en


GAME = GameDefinition(
    id="everdell",
    names={"en": "Everdell", "pt": "Everdell"},
    min_players=1,
    max_players=4,
    engine_version=ENGINE_VERSION,
    create=create,
    create_from_position=create_from_position,
    normalize_options=normalize_options,
    policies=POLICIES,
    card_name=card_name,
    default_policy="heuristic",
    # draws, shuffles, reveals and looks, the Meadow refilled, cards given and taken, her rolls and flips
    revealing_events=frozenset(
        {"draw", "drew", "legends_dealt", "look", "looked", "meadow", "meadow_discard", "nw_draw", "nw_flip", "nw_reshuffle", "nw_roll", "powers_dealt", "received", "reshuffle", "reveal", "rugwort_roll", "take_meadow", "took"}
    ),
    options_model=EverdellOptions,
    automa=(
        AutomaSpec("rugwort", {"en": "Rugwort", "pt": "Rugwort"}, (1, 2, 3), "year", level_option="rugwort_year"),
        AutomaSpec(
            "nightweave",
            {"en": "Nightweave", "pt": "Tecelã Noturna"},
            (0, 1, 2, 3, 4),
            "level",
            (1, 2),
            uses=("deck", "scoring"),
            level_option="nightweave_level",
        ),
    ),
    score_range=(0, 300),
    data_sets=DATA_SETS,
    cards=catalogue,
)
