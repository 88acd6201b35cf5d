"""Lobby options: the optional variants of the rulebook (all off by default).

* `nanotech_two_cards`: Nanotechnology's bonus costs 2 tech cards (the neoprene-board printing).
* `first_income_draw_two`: in income turn 1 draw 2 tapestry cards and keep 1.
* `civ_draw_two`: whenever you gain a civilization during the game, draw 2 and keep 1.
* `no_civ_adjustments`: play the starting civilizations without our rulebook's balance
  adjustments (they apply by default, as in every game stored before the option existed).
* `remove_tapestry`, `remove_tech`: cards left out by agreement (ids / names).
* `civilizations`: the boxes whose civilizations are dealt (`base`, `pp`, `aa`, `ff`, `all`); kept
  as a sorted list, and only when it is not the base deck alone.
* `modules`: the expansion modules whose sets are server data (`modules/`), kept as a sorted
  list with each module's set under `<module>_data`, only when some module is chosen.
* `trap_policy`: each seat's standing answer to the Trap question from the start (`ask`,
  `always`, `never`, in seat order; the players' own lobby choices, kept under `seat_traps`
  while the lobby is open, are dropped here). Kept only when some seat does not ask.
Only options that are on are kept, so stored records of the plain game stay as they were.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal

from pydantic import Field

from engine.core.errors import InvalidSetup
from engine.core.options import GameOptions
from engine.games.tapestry.data import civilizations, tapestry_cards, tech_cards


class TapestryOptions(GameOptions):
    """What a person may choose in the lobby; unset options stay off."""

    opponent: Literal["automa", "shadow"] | None = Field(
        None,
        description="Automa or Shadow Empire",
        json_schema_extra={"key": "tapestry_opponent"},
    )
    automa_level: int | None = Field(None, ge=1, le=6, description="Automa level (1-6)")
    automa_second_civ: Literal["explorers", "scientists", "conquerors", "engineers"] | None = Field(
        None, description="Level 6: Automa's 2nd civilization"
    )
    automa_rules: str | None = Field(
        None, description="The server's file of the solo values no source settles", json_schema_extra={"command": False}
    )

    civilizations: str | None = Field(None, description="Civilization deck: base, pp, aa, ff or all (commas)")
    modules: str | None = Field(
        None,
        description="Expansion modules from the server's data (commas), or all",
        json_schema_extra={"key": "tapestry_modules"},  # Everdell has options named `modules` too
    )
    pp_tapestry_data: str | None = Field(None, description="The server's Plans & Ploys tapestry cards", json_schema_extra={"command": False})
    aa_tapestry_data: str | None = Field(None, description="The server's Arts & Architecture tapestry cards", json_schema_extra={"command": False})
    ff_tapestry_data: str | None = Field(None, description="The server's Fantasies & Futures tapestry cards", json_schema_extra={"command": False})
    counter_traps_data: str | None = Field(None, description="The server's counter-trap response cards", json_schema_extra={"command": False})
    space_tiles_data: str | None = Field(None, description="The server's Plans & Ploys space tiles", json_schema_extra={"command": False})
    landmark_cards_data: str | None = Field(None, description="The server's landmark cards", json_schema_extra={"command": False})
    advanced_capitals_data: str | None = Field(None, description="The server's advanced capitals", json_schema_extra={"command": False})
    nanotech_two_cards: bool | None = Field(None, description="Nanotechnology's bonus costs 2 tech cards instead of 3")
    first_income_draw_two: bool | None = Field(None, description="First income turn: draw 2 tapestry cards, keep 1")
    civ_draw_two: bool | None = Field(None, description="Gaining a civilization during the game: draw 2, keep 1")
    no_civ_adjustments: bool | None = Field(None, description="Starting civilizations without the rulebook's adjustments")
    remove_tapestry: list[str] | None = Field(
        None, description="Tapestry cards left out (ids, separated by commas)", json_schema_extra={"command": False}
    )
    remove_tech: list[str] | None = Field(
        None, description="Tech cards left out (names, separated by commas)", json_schema_extra={"command": False}
    )
    trap_policy: list[Literal["ask", "always", "never"]] | None = Field(
        None, description="Each seat's answer to the Trap question, in seat order", json_schema_extra={"command": False}
    )
    seat_traps: dict[str, str] | None = Field(
        None, description="The players' own Trap answers in the lobby", json_schema_extra={"command": False}
    )


TRAP_POLICIES = ("ask", "always", "never")
LOBBY_ONLY = ("seat_traps",)
FLAGS = ("nanotech_two_cards", "first_income_draw_two", "civ_draw_two", "no_civ_adjustments")
LISTS: dict[str, Callable[[], Mapping[str, object]]] = {"remove_tapestry": tapestry_cards, "remove_tech": tech_cards}


def normalize(options: dict[str, Any], players: int) -> dict[str, Any]:
    from engine.games.tapestry import modules
    from engine.games.tapestry.automa import options as bot_options

    out: dict[str, Any] = bot_options.normalize(options, players)
    # the expansion modules and their server sets (absent when no module is chosen)
    out.update(modules.normalize(options))
    if out.get("modules") and out.get("opponent"):  # the solo bots know the base rules only
        raise InvalidSetup("error.bad_option", option="modules", value="with the Automa")
    module_keys = {"modules", *(modules.option_of(m) for m in modules.MODULES)}
    for key in sorted(options):
        if key in bot_options.KEYS or key in module_keys:
            continue
        value = options[key]
        if key in LOBBY_ONLY:
            continue
        if key == "civilizations":
            boxes = civ_boxes(value)
            if boxes != ["base"]:
                out[key] = boxes
        elif key == "trap_policy":
            if not isinstance(value, list) or len(value) != players or any(v not in TRAP_POLICIES for v in value):
                raise InvalidSetup("error.bad_option", option=key, value=str(value))
            if any(v != "ask" for v in value):
                out[key] = list(value)
        elif key in FLAGS:
            if not isinstance(value, bool):
                raise InvalidSetup("error.bad_option", option=key, value=str(value))
            if value:
                out[key] = True
        elif key in LISTS:
            known = LISTS[key]()
            if not isinstance(value, list) or any(v not in known for v in value):
                raise InvalidSetup("error.bad_option", option=key, value=str(value))
            if key == "remove_tapestry" and "trap" in value:
                raise InvalidSetup("error.bad_option", option=key, value="trap")
            if value:
                out[key] = sorted(set(value))
        else:
            raise InvalidSetup("error.bad_option", option=key, value=str(value))
    if len(civ_deck(out)) < 2 * max(players, 2):
        raise InvalidSetup("error.bad_option", option="civilizations", value="too few")
    if len(tech_cards()) - len(out.get("remove_tech", [])) < 12:
        raise InvalidSetup("error.bad_option", option="remove_tech", value="too many")
    return out


BOXES = ("base", "pp", "aa", "ff")


def civ_boxes(value: Any) -> list[str]:
    """`pp,ff` / `all` / a list of boxes as the sorted list of boxes; anything else is refused."""
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list) or not items:
        raise InvalidSetup("error.bad_option", option="civilizations", value=str(value)[:100])
    boxes: set[str] = set()
    for item in items:
        word = str(item).strip().lower()
        if word == "all":
            boxes.update(BOXES)
        elif word in BOXES:
            boxes.add(word)
        else:
            raise InvalidSetup("error.bad_option", option="civilizations", value=str(item)[:100])
    return [b for b in BOXES if b in boxes]


def civ_deck(options: Mapping[str, Any], modules: tuple[str, ...] = ()) -> list[str]:
    """The civilizations dealt with these options, in the data's order: those of the chosen boxes
    whose power needs no module that is off."""
    boxes = set(options.get("civilizations") or ["base"])
    return [c.id for c in civilizations().values() if c.expansion in boxes and set(c.needs) <= set(modules)]
