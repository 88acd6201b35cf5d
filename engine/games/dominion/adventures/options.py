"""Lobby options for Adventures: which sets random kingdoms draw from, Events, errata.

Only non-default values are written out, so base-game options (and their seeds) are unchanged.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.core.errors import InvalidSetup
from engine.games.dominion.cards import cards, kingdoms, lookup

SETS = ("base", "adventures")
MAX_EVENTS = 2  # the rulebook's recommendation for randomly drawn Events


def split_events(kingdom: Any) -> tuple[Any, list[str]]:
    """Take Event names out of a kingdom list or comma-separated text (they are not Kingdom piles)."""
    items = kingdom.split(",") if isinstance(kingdom, str) and "," in kingdom else kingdom
    if not isinstance(items, list | tuple):
        return kingdom, []
    rest: list[str] = []
    events: list[str] = []
    for raw in items:
        card = lookup(str(raw))
        if card is not None and card.kind == "event":
            if card.id not in events:
                events.append(card.id)
        else:
            rest.append(str(raw))
    if not events:
        return kingdom, []
    return (",".join(rest) if isinstance(kingdom, str) else rest), events


def adventure_options(options: dict[str, Any], out: dict[str, Any], listed: list[str]) -> dict[str, Any]:
    """Validate sets / events / max_events / errata and add the non-default ones to `out`."""
    sets = options.get("sets", ["base"])
    if isinstance(sets, str):
        sets = [s.strip() for s in sets.split(",") if s.strip()]
    if not isinstance(sets, list | tuple) or not sets or any(s not in SETS for s in sets):
        raise InvalidSetup("error.bad_option", option="sets", value=str(sets))
    sets = [s for s in SETS if s in sets]
    if sets != ["base"]:
        out["sets"] = sets
    max_events = options.get("max_events", MAX_EVENTS)
    if not isinstance(max_events, int) or not 0 <= max_events <= 20:
        raise InvalidSetup("error.bad_option", option="max_events", value=str(max_events))
    if max_events != MAX_EVENTS:
        out["max_events"] = max_events
    events = options.get("events")
    if events is None:
        preset = kingdoms().get(str(out.get("kingdom_name")))
        if listed:
            events = listed
        elif preset is not None and preset.events:
            events = list(preset.events)
        elif out.get("kingdom") == "random" and "adventures" in sets:
            events = "random"
    if isinstance(events, str) and events.strip().casefold() == "random":
        out["events"] = "random"
    elif events:
        names = events.split(",") if isinstance(events, str) else list(events)
        chosen: list[str] = []
        for raw in names:
            card = lookup(str(raw))
            if card is None or card.kind != "event":
                raise InvalidSetup("error.dominion.unknown_cards", cards=str(raw))
            if card.id not in chosen:
                chosen.append(card.id)
        out["events"] = chosen
    if options.get("errata"):
        out["errata"] = True
    return out


def uses_adventures(options: dict[str, Any], position: dict[str, Any] | None = None) -> bool:
    """Whether a game needs the Adventures rules (any Adventures card, Event or option)."""
    if "adventures" in options.get("sets", ()) or options.get("events") or options.get("errata"):
        return True
    kingdom = options.get("kingdom")
    if position is None and isinstance(kingdom, list):
        return _adventures_kingdom(tuple(kingdom))
    names: list[str] = []
    if isinstance(options.get("kingdom"), list):
        names.extend(options["kingdom"])
    if position is not None:
        names.extend(position.get("kingdom") or [])
        names.extend(position.get("events") or [])
    table = cards()
    return any(name in table and table[name].set == "adventures" for name in names)


@lru_cache(maxsize=4096)  # random kingdoms are many: bounded
def _adventures_kingdom(names: tuple[str, ...]) -> bool:
    """Whether a kingdom has an Adventures card (asked for every match set up; kingdoms repeat)."""
    table = cards()
    return any(name in table and table[name].set == "adventures" for name in names)
