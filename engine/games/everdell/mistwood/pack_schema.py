"""Checks for the values a server's completion file supplies (see `card_data.py`).

Through Every Season Farms are whole entries:

    farms:
      - id: farm_orchard          # "farm_" + lowercase letters, digits, underscores
        name_en: Orchard Farm
        name_pt: Fazenda Pomar
        cost: {twig: 1, resin: 1} # any of twig/resin/pebble/berry; {} is free
        points: 1
        abilities:                # exactly two; the owner picks one per activation
          - {gain: {berry: 2}}
          - {draw: 1, points: 1}

An ability is a mapping of effect kinds, applied in the order listed in `EFFECT_KINDS`:
`gain` (fixed resources), `gain_any` (that many resources of the owner's choice), `draw` (cards
from the deck), `points` (point tokens), `meadow` (up to that many Meadow cards into hand), and
the modifier `per_farm: true`, which repeats the numbers once per Farm in the owner's city.
"""

from __future__ import annotations

import re
from typing import Any

RESOURCES: tuple[str, ...] = ("twig", "resin", "pebble", "berry")
COLORS: tuple[str, ...] = ("traveler", "production", "destination", "governance", "prosperity")
EFFECT_KINDS: tuple[str, ...] = ("gain", "gain_any", "draw", "points", "meadow")
FARM_FIELDS: frozenset[str] = frozenset({"id", "name_en", "name_pt", "cost", "points", "abilities"})
FARM_ID = re.compile(r"farm_[a-z0-9_]+")
MAX_AMOUNT = 10  # no Everdell card gives more of one thing in one activation


def _count(value: Any, low: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= MAX_AMOUNT


def cost_problem(value: Any) -> str | None:
    if not isinstance(value, dict) or any(k not in RESOURCES for k in value):
        return "'cost' must map twig/resin/pebble/berry to amounts"
    if not all(_count(v) for v in value.values()):
        return f"'cost' amounts must be whole numbers from 0 to {MAX_AMOUNT}"
    return None


def _price_problems(name: str, entry: dict[str, Any]) -> list[str]:
    """Problems of the `cost` and `points` an entry gives (any card of a pack)."""
    out: list[str] = []
    if "cost" in entry and (problem := cost_problem(entry["cost"])) is not None:
        out.append(f"{name}: {problem}")
    if "points" in entry and not _count(entry["points"]):
        out.append(f"{name}: 'points' must be a whole number from 0 to {MAX_AMOUNT}")
    return out


def card_problems(entry: dict[str, Any]) -> list[str]:
    """Type problems of the supplied fields of a Corrin card (absent fields are `missing`)."""
    name = entry["id"]
    out = _price_problems(name, entry)
    if "unique" in entry and not isinstance(entry["unique"], bool):
        out.append(f"{name}: 'unique' must be true or false")
    if "color" in entry and entry["color"] not in COLORS:
        out.append(f"{name}: 'color' must be one of {', '.join(COLORS)}")
    return out


def ability_problems(name: str, index: int, ability: Any) -> list[str]:
    where = f"{name}: ability {index}"
    if not isinstance(ability, dict) or not ability:
        return [f"{where} must be a mapping of effects ({', '.join(EFFECT_KINDS)})"]
    out: list[str] = []
    effects = 0
    for kind, value in ability.items():
        if kind == "per_farm":
            if not isinstance(value, bool):
                out.append(f"{where}: 'per_farm' must be true or false")
        elif kind == "gain":
            effects += 1
            if (
                not isinstance(value, dict)
                or not value
                or any(k not in RESOURCES or not _count(v, 1) for k, v in value.items())
            ):
                out.append(f"{where}: 'gain' must map resources to amounts from 1 to {MAX_AMOUNT}")
        elif kind in EFFECT_KINDS:
            effects += 1
            if not _count(value, 1):
                out.append(f"{where}: '{kind}' must be a whole number from 1 to {MAX_AMOUNT}")
        else:
            out.append(f"{where}: unknown effect '{kind}' (known: {', '.join(EFFECT_KINDS)}, per_farm)")
    if not effects and not out:
        out.append(f"{where} has no effect besides 'per_farm'")
    return out


def farm_problems(farms: list[Any]) -> list[str]:
    """Every problem of the `farms:` list, each naming its card (or its position)."""
    out: list[str] = []
    seen: set[str] = set()
    for index, raw in enumerate(farms, start=1):
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
            out.append(f"farms entry {index}: must be a mapping with an 'id'")
            continue
        name = raw["id"]
        if not FARM_ID.fullmatch(name):
            out.append(
                f"farms entry {index}: id '{name}' must be 'farm_' followed by lowercase letters, digits or _"
            )
        if name in seen:
            out.append(f"{name}: the id is used twice")
        seen.add(name)
        extra = sorted(set(raw) - FARM_FIELDS)
        if extra:
            out.append(f"{name}: unknown field(s) {', '.join(extra)}")
        absent = sorted(FARM_FIELDS - set(raw))
        if absent:
            out.append(f"{name}: missing field(s) {', '.join(absent)}")
        for field in ("name_en", "name_pt"):
            if field in raw and (not isinstance(raw[field], str) or not raw[field].strip()):
                out.append(f"{name}: '{field}' must be a non-empty text")
        out.extend(_price_problems(name, raw))
        abilities = raw.get("abilities")
        if "abilities" in raw:
            if not isinstance(abilities, list) or len(abilities) != 2:
                out.append(f"{name}: 'abilities' must list exactly 2 abilities")
            else:
                for i, ability in enumerate(abilities, start=1):
                    out.extend(ability_problems(name, i, ability))
    return out
