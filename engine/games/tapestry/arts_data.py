"""Arts & Architecture's server data sets (`engine.core.datasets`).

* `arts_rules` (replaces ours): the values of `data/arts.yaml` that are of our design — the tier
  costs (tier II must stay the printed 2 different resources), the D20's faces and the tracks Flash
  Mob and Infinite Spectrum Photography offer. Any key left out keeps our value.
* `inspiration_tiles` (completes): the inspiration tiles, printed only. Every player has the same
  four, one per income track. A tile lies over its track's row of the income mat: the buildings
  stay where they are and the tile's icons replace the row's. Schema (YAML):

      inspiration_tiles:
        - track: market            # market | house | farm | armory, each once
          name: ...                # optional, with name_pt
          positions:               # 6 lists of icons, left to right, as the row's positions
            - [coin, 'vpx:tech_cards']
            - ...

  Icons are the income mat's vocabulary: resources (`coin worker food culture any`), `tile`,
  `space_tile`, `tapestry`, `masterpiece`, buildings (`market house farm armory any_building`),
  `vp:N`, and `vpx:<count>` (tech_cards, capital, territories, tiles, market, house, farm, armory,
  buildings, tapestries, rows, columns, sp:<track>). `vp`/`vpx` icons score in the VP step of an
  income turn, the others are income.

Both travel as text in the match options, so the record alone replays the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

import yaml

from engine.core.datasets import COMPLETES, REPLACES_OURS, DataSet
from engine.games.tapestry.data import ARTS, BUILDINGS, RESOURCES, TRACKS, arts

RULES = "arts_rules"
TILES = "inspiration_tiles"
ICONS = frozenset(
    {*RESOURCES, "any", "tile", "space_tile", "tapestry", "masterpiece", *BUILDINGS, "any_building"}
)
COUNTS = frozenset(
    {
        "tech_cards",
        "capital",
        "territories",
        "tiles",
        *BUILDINGS,
        "buildings",
        "tapestries",
        "rows",
        "columns",
    }
    | {f"sp:{t}" for t in (*TRACKS, ARTS)}
)
COST_TOKENS = frozenset({*RESOURCES, "any"})


def _yaml(text: str) -> Any:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(text, Loader=loader)  # noqa: S506 - a safe loader


# ------------------------------------------------------------------------------ arts_rules
def _cost_ok(token: Any) -> bool:
    if token in COST_TOKENS:
        return True
    head, _, n = str(token).partition(":")
    return head == "distinct" and n.isdigit() and 1 <= int(n) <= 4


@cache
def parse_rules(text: str) -> dict[str, Any]:
    """The checked values of an `arts_rules` file (only the keys it gives); raises ValueError."""
    data = _yaml(text)
    if not isinstance(data, dict) or not data:
        raise ValueError("the file is not a mapping of values")
    unknown = set(data) - {"tier_costs", "d20", "flash_mob_tracks"}
    if unknown:
        raise ValueError(f"unknown keys: {', '.join(sorted(map(str, unknown)))}")
    out: dict[str, Any] = {}
    if "tier_costs" in data:
        tiers = data["tier_costs"]
        if (
            not isinstance(tiers, list)
            or len(tiers) != 4
            or not all(isinstance(t, list) and t for t in tiers)
        ):
            raise ValueError("tier_costs: 4 lists of cost tokens, tiers I to IV")
        if not all(_cost_ok(c) for tier in tiers for c in tier):
            raise ValueError("tier_costs: a token is not coin, worker, food, culture, any or distinct:N")
        if tiers[1] != ["distinct:2"]:
            raise ValueError("tier_costs: tier II is printed as 2 different resources (distinct:2)")
        out["tier_costs"] = [list(t) for t in tiers]
    if "d20" in data:
        faces = data["d20"]
        if not isinstance(faces, list) or len(faces) != 20 or not all(f in (*TRACKS, ARTS) for f in faces):
            raise ValueError("d20: 20 track names")
        out["d20"] = list(faces)
    if "flash_mob_tracks" in data:
        chosen = data["flash_mob_tracks"]
        if not isinstance(chosen, list) or not chosen or not all(t in TRACKS for t in chosen):
            raise ValueError("flash_mob_tracks: some of exploration, science, military, technology")
        out["flash_mob_tracks"] = list(dict.fromkeys(chosen))
    return out


def values(options: Mapping[str, Any]) -> dict[str, Any]:
    """Our values of `data/arts.yaml`, with a server's `arts_rules` over them."""
    ours = arts()
    out: dict[str, Any] = {
        "tier_costs": ours.tier_costs.tiers,
        "d20": ours.d20.faces,
        "flash_mob_tracks": ours.flash_mob_tracks.tracks,
    }
    text = options.get(RULES)
    if isinstance(text, str):
        out.update(parse_rules(text))
    return out


# ------------------------------------------------------------------------------ inspiration tiles
def _icon_ok(icon: Any) -> bool:
    if icon in ICONS:
        return True
    head, _, arg = str(icon).partition(":")
    return (head == "vp" and arg.isdigit()) or (head == "vpx" and arg in COUNTS)


@cache
def parse_tiles(text: str) -> dict[str, list[list[str]]]:
    """Income track -> the tile's six positions of icons; raises ValueError naming the problem."""
    data = _yaml(text)
    tiles = data.get("inspiration_tiles") if isinstance(data, dict) else None
    if not isinstance(tiles, list):
        raise ValueError("inspiration_tiles: a list of 4 tiles")
    out: dict[str, list[list[str]]] = {}
    for i, tile in enumerate(tiles, 1):
        if not isinstance(tile, dict) or set(tile) - {"track", "name", "name_pt", "positions"}:
            raise ValueError(f"tile {i}: keys are track, name, name_pt, positions")
        track = tile.get("track")
        if track not in BUILDINGS or track in out:
            raise ValueError(f"tile {i}: track is one of market, house, farm, armory, each once")
        positions = tile.get("positions")
        if (
            not isinstance(positions, list)
            or len(positions) != 6
            or not all(isinstance(p, list) for p in positions)
        ):
            raise ValueError(f"tile {i}: positions are 6 lists of icons")
        bad = [str(icon) for p in positions for icon in p if not _icon_ok(icon)]
        if bad:
            raise ValueError(f"tile {i}: unknown icons {', '.join(bad[:5])}")
        out[track] = [[str(icon) for icon in p] for p in positions]
    if set(out) != set(BUILDINGS):
        raise ValueError("inspiration_tiles: one tile for each income track")
    return out


def tiles(options: Mapping[str, Any]) -> dict[str, list[list[str]]] | None:
    text = options.get(TILES)
    return parse_tiles(text) if isinstance(text, str) else None


# ------------------------------------------------------------------------------ the data sets
def _checker(parse: Any) -> Any:
    def check(text: str) -> list[str]:
        try:
            parse(text)
        except ValueError as exc:
            return [str(exc)]
        except (TypeError, AttributeError, RecursionError, yaml.YAMLError) as exc:
            return [f"the file could not be read: {type(exc).__name__}"]
        return []

    return check


def with_arts(options: Mapping[str, Any]) -> bool:
    return bool(options.get("arts"))


DATA_SETS = (
    DataSet(RULES, RULES, _checker(parse_rules), with_arts, REPLACES_OURS),
    DataSet(TILES, TILES, _checker(parse_tiles), with_arts, COMPLETES),
)
