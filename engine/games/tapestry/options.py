"""Lobby options: the optional variants of the rulebook (all off by default).

* `nanotech_two_cards`: Nanotechnology's bonus costs 2 tech cards (the neoprene-board printing).
* `first_income_draw_two`: in income turn 1 draw 2 tapestry cards and keep 1.
* `civ_draw_two`: whenever you gain a civilization during the game, draw 2 and keep 1.
* `no_civ_adjustments`: play the starting civilizations without our rulebook's balance
  adjustments (they apply by default, as in every game stored before the option existed).
* `remove_tapestry`, `remove_tech`: cards left out by agreement (ids / names).
* `civilizations`: the boxes whose civilizations are dealt (`base`, `pp`, `aa`, `ff`, `all`); kept
  as a sorted list, and only when it is not the base deck alone.
* `tech_cards`: the boxes whose tech cards join the base deck (`base`, `aa`, `ff`, `all`); kept as
  the sorted list of boxes (base included), and only when an expansion box is in it. A box whose
  data file is absent is refused by name. Cards that need the Arts track (`needs: [arts]`) are
  dealt only with `arts` on (the rulebook lets a player without the expansion discard them).
* `arts`: Arts & Architecture's fifth track, the 20 masterpieces and the D20 science die. Not with
  the solo bots (their rules have no Arts track). `either_science_die` (with `arts`): the
  rulebook's variant, each research rolls the D12 or the D20, as the player chooses.
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

# The civilization deck's edition: 2 added the Islanders and the Artificers. A deck typed in a
# lobby (a string) is the newest edition, stored with the boxes as a list; a stored list without
# an edition is a game begun before them and keeps its deck (stored games replay unchanged).
CIV_EDITION = 2


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
    civ_edition: int | None = Field(
        None,
        ge=1,
        le=CIV_EDITION,
        description="The civilization deck's edition",
        json_schema_extra={"command": False},
    )
    tech_cards: str | None = Field(None, description="Tech deck: base, aa, ff or all (commas)")
    arts: bool | None = Field(None, description="Arts & Architecture: the Arts track, masterpieces and the D20")
    either_science_die: bool | None = Field(None, description="With the Arts track: roll either science die")
    arts_rules: str | None = Field(
        None, description="The server's file of the Arts values of our design", json_schema_extra={"command": False}
    )
    inspiration_tiles: str | None = Field(
        None, description="The server's file of the inspiration tiles", json_schema_extra={"command": False}
    )
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
ARTS_TEXTS = ("arts_rules", "inspiration_tiles")  # the server's Arts data sets (kept with `arts` only)
FLAGS = ("arts", "either_science_die", "nanotech_two_cards", "first_income_draw_two", "civ_draw_two", "no_civ_adjustments")
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
        if key == "civ_edition":
            continue  # read with `civilizations`
        if key == "civilizations":
            boxes = civ_boxes(value)
            if boxes != ["base"]:
                out[key] = boxes
                edition = CIV_EDITION if isinstance(value, str) else options.get("civ_edition", 1)
                if edition not in range(1, CIV_EDITION + 1):
                    raise InvalidSetup("error.bad_option", option="civ_edition", value=str(edition))
                if edition > 1:
                    out["civ_edition"] = edition
        elif key in ARTS_TEXTS:
            if value is None:
                continue
            from engine.core.datasets import MAX_TEXT
            from engine.games.tapestry import arts_data

            check = arts_data.parse_rules if key == "arts_rules" else arts_data.parse_tiles
            if not isinstance(value, str) or len(value) > MAX_TEXT:
                raise InvalidSetup("error.bad_option", option=key, value="…")
            try:
                check(value)
            except (ValueError, TypeError, AttributeError) as exc:
                raise InvalidSetup("error.bad_option", option=key, value=str(exc)[:100]) from None
            out[key] = value
        elif key == "tech_cards":
            boxes = tech_boxes(value)
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
    if len(tech_deck(out)) < 12:
        raise InvalidSetup("error.bad_option", option="remove_tech", value="too many")
    if not out.get("arts"):  # the Arts files and the choice of die belong to games with the Arts track
        for key in (*ARTS_TEXTS, "either_science_die"):
            out.pop(key, None)
    if out.get("arts") and out.get("opponent"):
        raise InvalidSetup("error.tapestry.arts_solo")
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


TECH_BOXES = ("base", "aa", "ff")


def tech_boxes(value: Any) -> list[str]:
    """`aa` / `all` / `base,ff` as the sorted list of tech-card boxes, base always in (the
    expansions' cards join the base deck); a box named whose cards we do not hold is refused by
    name (`all` takes the boxes we hold)."""
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list) or not items:
        raise InvalidSetup("error.bad_option", option="tech_cards", value=str(value)[:100])
    held = {c.expansion for c in tech_cards().values()}
    boxes = {"base"}
    for item in items:
        word = str(item).strip().lower()
        if word == "all":  # every box whose cards the product holds
            boxes.update(held)
        elif word in TECH_BOXES:
            boxes.add(word)
        else:
            raise InvalidSetup("error.bad_option", option="tech_cards", value=str(item)[:100])
    for box in sorted(boxes - held):
        raise InvalidSetup("error.tapestry.missing_data", option="tech_cards", what=f"tech_cards_{box}")
    return [b for b in TECH_BOXES if b in boxes]


def modules(options: Mapping[str, Any]) -> tuple[str, ...]:
    """The rule modules in play: `arts` (the Arts track, masterpieces, the D20)."""
    return ("arts",) if options.get("arts") else ()


def tech_deck(options: Mapping[str, Any]) -> list[str]:
    """The tech cards dealt with these options, in the data's order: those of the chosen boxes
    whose module is on, less the ones left out by agreement."""
    boxes = set(options.get("tech_cards") or ["base"])
    gone = set(options.get("remove_tech") or ())
    on = set(modules(options))
    return [c.name for c in tech_cards().values() if c.expansion in boxes and set(c.needs) <= on and c.name not in gone]


def civ_deck(options: Mapping[str, Any], modules: tuple[str, ...] = ()) -> list[str]:
    """The civilizations dealt with these options, in the data's order: those of the chosen boxes
    whose power needs no module that is off."""
    boxes = set(options.get("civilizations") or ["base"])
    edition = options.get("civ_edition", 1)
    return [
        c.id
        for c in civilizations().values()
        if c.expansion in boxes and set(c.needs) <= set(modules) and c.edition <= edition
    ]
