"""The file formats of the expansion data sets a server uploads (one YAML or JSON file per set).

Every set is a mapping with `format: 1` and one list of entries. Entries name things in our
words (`name`, `name_pt`, `text`) and say what they do in the effect vocabulary (`vocab.py`).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.games.tapestry.data import BUILDINGS, TRACKS

Step = Any  # a benefit token, or {one: [...]} / {order: [...]} (checked by vocab.steps_problems)
Kind = Literal["pp_tapestry", "aa_tapestry", "ff_tapestry", "counter_traps", "space_tiles", "landmark_cards"]


class Entry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str = Field(min_length=1, max_length=60)
    name_pt: str = Field(min_length=1, max_length=60)
    text: str = Field("", max_length=400)  # the entry in the server's own words (shown by /card)


class Trigger(BaseModel):
    """A THIS ERA / ONGOING ability (or a space tile's lasting one): whenever `when` happens to its
    owner (on `track` / with `building` when given), gain `gain`."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    when: Literal["advance", "new_tier", "building", "landmark", "conquer", "explore", "income_turn"]
    track: str | None = None
    building: str | None = None
    gain: list[Step] = Field(min_length=1)


class Charms(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    left: list[Step] = []  # when this card is laid to the right of another
    right: list[Step] = []  # the first time a card is laid to the right of this one


class Card(Entry):
    """An expansion tapestry card."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]{1,40}$")
    kind: Literal["played", "era", "ongoing"]
    copies: int = Field(1, ge=1, le=4)
    when_played: list[Step] = []
    triggers: list[Trigger] = []  # THIS ERA (era) or ONGOING (ongoing) abilities
    charms: Charms | None = None  # Fantasies & Futures only
    reserve: Literal["market", "house", "farm", "armory"] | None = None  # F&F: reserved for income turn 5
    # A&A buildings on cards: plots for income buildings and landmarks instead of the capital
    plots: int | None = Field(None, ge=1, le=9)
    plot_gain: list[Step] = []  # for each plot covered
    full_gain: list[Step] = []  # once every plot is covered


class Response(Entry):
    """A counter-trap response card: held in hand, discarded in answer to a Trap (`against: trap`,
    by the attacker: the Trap fails) or to a conquest (`against: conquer`, by the defender: the
    conquest fails as with a Trap). Laid as a tapestry card it gives `when_played`."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]{1,40}$")
    against: Literal["trap", "conquer"]
    copies: int = Field(1, ge=1, le=4)
    gain: list[Step] = []  # the responder's gain when it is used
    when_played: list[Step] = []


class Shape(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str = Field(min_length=1, max_length=60)
    name_pt: str = Field(min_length=1, max_length=60)
    footprint: list[str] = Field(min_length=1, max_length=4)  # rows of X (covered) and . (open)
    rotations: Literal[1, 2, 4] = 4


class SpaceTile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: int = Field(ge=16, le=99)  # the base game's are 1-15
    text: str = Field("", max_length=400)
    benefit: list[Step] = []
    triggers: list[Trigger] = []  # lasting abilities of the explored tile
    landmark: Shape | None = None  # a landmark that comes with the tile (the Monolith)
    replaces: int | None = Field(None, ge=1, le=15)  # a base tile this one replaces


class Condition(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    count: str  # vocab.GOAL_COUNTS, `track:<track>` (your position), `sp:<track>`
    at_least: int = Field(ge=1, le=100)


class LandmarkCard(Entry):
    """A personal objective: at the end of a turn of yours in which every condition holds, gain
    the card's landmark."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]{1,40}$")
    box: Literal["pp", "aa", "ff"]
    replaces: str | None = None  # F&F: the id of the card it replaces
    goal: list[Condition] = Field(min_length=1, max_length=4)
    landmark: Shape


class District(BaseModel):
    """A district of an advanced capital: its plots (row, column on the 9x9 grid; impassable plots
    count as covered) and what it gives, once when completed or at each income turn after. With
    `connect_to` (the Underworld's monsters and centre) it is complete once its plots are covered
    and joined to a covered plot of `connect_to` through orthogonally adjacent built plots."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    cells: list[list[int]] = Field(min_length=1, max_length=81)
    connect_to: list[list[int]] = Field([], max_length=81)
    gain: list[Step] = []
    when: Literal["complete", "income"] = "complete"


class AdvancedCapital(Entry):
    """An advanced capital mat (Arts & Architecture or Fantasies & Futures): its 9x9 grid (`.` open,
    `#` impassable) and its districts; without `districts`, the nine 3x3 ones, each giving a
    resource of your choice when completed."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]{1,40}$")
    box: Literal["aa", "ff"]
    grid: list[str] = Field(min_length=9, max_length=9)
    districts: list[District] | None = Field(None, max_length=12)
    no_landmarks: bool = False  # landmarks may not be placed in this capital (they go beside it)
    no_overhang: bool = False  # landmarks may not hang off this capital's grid
    not_for: list[str] = []  # civilizations that may not keep it (ids)


class OverlaySpace(BaseModel):
    """A space of the income mat the overlay lies over (a row's printed position, 2-6: the leftmost
    space is never covered) and the icons it shows there instead, seen like the printed ones once
    the row's building on that space has gone (an empty list: the space shows nothing)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    row: Literal["market", "house", "farm", "armory"]
    position: int = Field(ge=2, le=6)
    icons: list[str] = Field([], max_length=4)


class Overlay(Entry):
    """A Fantasies & Futures income-mat overlay: laid over the right edge of a player's income mat
    at setup (the reserved items sit at its right edge); each space it covers shows its own icons."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]{1,40}$")
    copies: int = Field(1, ge=1, le=5)
    covers: list[OverlaySpace] = Field(min_length=1, max_length=24)


class CardsFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    format: Literal[1]
    cards: list[Card] = Field(min_length=1, max_length=60)


class ResponsesFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    format: Literal[1]
    cards: list[Response] = Field(min_length=1, max_length=20)


class SpaceTilesFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    format: Literal[1]
    tiles: list[SpaceTile] = Field(min_length=1, max_length=20)


class LandmarkCardsFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    format: Literal[1]
    landmark_cards: list[LandmarkCard] = Field(min_length=1, max_length=20)


class CapitalsFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    format: Literal[1]
    capitals: list[AdvancedCapital] = Field(min_length=1, max_length=12)


class OverlaysFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    format: Literal[1]
    overlays: list[Overlay] = Field(min_length=1, max_length=5)


FILES: dict[str, type[BaseModel]] = {
    "advanced_capitals": CapitalsFile,
    "pp_tapestry": CardsFile,
    "aa_tapestry": CardsFile,
    "ff_tapestry": CardsFile,
    "counter_traps": ResponsesFile,
    "space_tiles": SpaceTilesFile,
    "landmark_cards": LandmarkCardsFile,
    "overlays": OverlaysFile,
}
LISTS = {
    "pp_tapestry": "cards",
    "aa_tapestry": "cards",
    "ff_tapestry": "cards",
    "counter_traps": "cards",
    "space_tiles": "tiles",
    "landmark_cards": "landmark_cards",
    "advanced_capitals": "capitals",
    "overlays": "overlays",
}
TRACK_SET = frozenset(TRACKS)
BUILDING_SET = frozenset(BUILDINGS)
