"""Typed game data, validated by pydantic when first loaded from the YAML files in `data/`."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

DATA = Path(__file__).parent / "data"
RESOURCES = ("coin", "worker", "food", "culture")
BUILDINGS = ("market", "house", "farm", "armory")  # income-mat rows, top to bottom
TRACKS = ("exploration", "science", "military", "technology")
PtSource = Literal["rulebook", "ours"]

# An effect is a list of steps; a step is a token ("explore", "vp:3", "adv:science") or a choice
# {"one": [...]} (pick one) or {"order": [...]} (all of them, in the order you choose).
Step = Any


class Named(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str
    name_pt: str
    pt_source: PtSource


class Bonus(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    pay: str  # "any" | "tiles:N" | "hand:N" | "tech:N"
    gain: list[Step]


class Space(Named):
    benefit: list[Step]
    bonus: Bonus | None = None
    landmark: str | None = None
    text: str


class Track(Named):
    id: str
    resource: str
    building: str
    spaces: list[Space] = Field(min_length=12, max_length=12)


class IncomePosition(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    innovation: str
    icons: list[str]


class IncomeRow(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    building: str
    resource: str
    positions: list[IncomePosition] = Field(min_length=6, max_length=6)


class IncomeMat(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    rows: list[IncomeRow] = Field(min_length=4, max_length=4)
    era_bonus: dict[int, int]


class Capital(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    number: int
    name: str
    grid: list[str] = Field(min_length=9, max_length=9)
    start_large: list[int]
    pair: int


class Printed(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    hex: list[int]
    tile: int
    rotation: int


class MapSide(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    hexes: list[list[int]]
    printed: list[Printed]
    starts: dict[str, list[int]]


class Maps(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    large: MapSide
    small: MapSide


class Tile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: int
    corners: list[str] = Field(min_length=6, max_length=6)
    centre: list[str] = []
    benefit: list[Step] = []


class SpaceTile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: int
    benefit: list[Step]


class Landmark(Named):
    footprint: list[str]
    rotations: int


class Dice(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    red: list[str]
    black: list[str]
    science: list[str]


class Board(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    income_mat: IncomeMat
    capitals: list[Capital]
    maps: Maps
    printed_tiles: list[Tile]
    territory_tiles: list[Tile]
    space_tiles: list[SpaceTile]
    landmarks: list[Landmark]
    dice: Dice
    achievements: dict[str, dict[str, list[int]]]


class Requirement(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    track: str | None = None
    space: int | None = None
    row: str | None = None
    position: int | None = None
    innovation: str | None = None
    # Arts & Architecture: the top row needs a landmark on this card / nothing at all (Suburbs)
    landmark_on_card: bool = False
    none: bool = False
    # Fantasies & Futures: a charmed tapestry card you have laid (covered or not), or your income
    # turn 5 or later; neighbours do not count
    charm_or_turn5: bool = False


class TechCard(Named):
    circle: list[Step]
    square: list[Step]
    requires: Requirement
    # the box it comes in (`base`, `aa`, `ff`), the modules it needs in play (`arts`), and where a
    # prerequisite our sources lost came from (`ours`: our reading of the garbled icon, replaceable)
    expansion: str = "base"
    needs: list[str] = []
    requires_source: str = "printed"
    single_use: bool = False  # Fantasies & Futures: flipped once its square benefit is gained


class TapestryCard(Named):
    id: str
    kind: Literal["played", "era", "trap"]
    copies: int = 1
    text: str


class Civilization(Named):
    id: str
    text: str
    adjustment: dict[str, Any] = {}
    mat: Any = None
    scoring: list[int] = []
    # the box it comes in (`base`, `pp`, `aa`, `ff`), the modules its power needs, and whether the
    # solo Automa may take it (`automa_source`: `official` rules, or Board Game Arena's choice)
    expansion: str = "base"
    needs: list[str] = []
    automa: bool = True
    automa_source: str = "official"
    mat_source: str = "printed"  # or where values our sources lack came from (replaceable)
    edition: int = 1  # the civilization deck's edition that added it (options.CIV_EDITION)


_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the C loader when libyaml is there


def _load(name: str) -> Any:
    with open(DATA / name, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=_Loader)  # noqa: S506 - a safe loader


@cache
def tracks() -> dict[str, Track]:
    out = {t["id"]: Track(**t) for t in _load("tracks.yaml")["tracks"]}
    assert tuple(out) == TRACKS
    return out


@cache
def board() -> Board:
    return Board(**_load("board.yaml"))


TECH_FILES = {"base": "tech_cards.yaml", "aa": "tech_cards_aa.yaml", "ff": "tech_cards_ff.yaml"}


@cache
def tech_cards() -> dict[str, TechCard]:
    """Every tech card we have data for, base first: the expansion boxes' files when present."""
    out: dict[str, TechCard] = {}
    for box, name in TECH_FILES.items():
        if box != "base" and not (DATA / name).exists():
            continue
        for c in _load(name)["tech_cards"]:
            card = TechCard(**{"expansion": box, **c})
            assert card.name not in out and card.expansion == box, card.name
            out[card.name] = card
    return out


@cache
def tapestry_cards() -> dict[str, TapestryCard]:
    return {c["id"]: TapestryCard(**c) for c in _load("tapestry_cards.yaml")["tapestry_cards"]}


@cache
def civilizations() -> dict[str, Civilization]:
    return {c["id"]: Civilization(**c) for c in _load("civilizations.yaml")["civilizations"]}


@cache
def landmarks() -> dict[str, Landmark]:
    return {lm.name: lm for lm in board().landmarks}


@cache
def tiles() -> dict[int, Tile]:
    return {t.id: t for t in (*board().territory_tiles, *board().printed_tiles)}


@cache
def space_tiles() -> dict[int, SpaceTile]:
    return {t.id: t for t in board().space_tiles}


# ------------------------------------------------------------------------------ Arts & Architecture
class Masterpiece(Named):
    id: str
    benefit: list[Step]
    single_use: bool = False
    text: str
    source: str = "printed"


class Sourced(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    source: str


class TierCosts(Sourced):
    tiers: list[list[str]] = Field(min_length=4, max_length=4)


class TrackList(Sourced):
    tracks: list[str]


class DieFaces(Sourced):
    faces: list[str] = Field(min_length=20, max_length=20)


class Arts(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    track: Track
    tier_costs: TierCosts
    landmarks: list[Landmark]
    flash_mob_tracks: TrackList
    d20: DieFaces
    masterpieces: list[Masterpiece] = Field(min_length=20, max_length=20)


ARTS = "arts"


@cache
def arts() -> Arts:
    return Arts(**_load("arts.yaml"))


@cache
def all_tracks() -> dict[str, Track]:
    """The four base tracks and the Arts track (for lookups; which are in play is the game's)."""
    return {**tracks(), ARTS: arts().track}


@cache
def all_landmarks() -> dict[str, Landmark]:
    return {**landmarks(), **{lm.name: lm for lm in arts().landmarks}}


@cache
def masterpieces() -> dict[str, Masterpiece]:
    return {m.id: m for m in arts().masterpieces}
