"""Mutable state of a Tapestry match: the players' boards and the map sites."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.games.tapestry.capital import Grid
from engine.games.tapestry.data import BUILDINGS, RESOURCES, TRACKS

MAX_RESOURCE = 8
OUTPOSTS = 10


@dataclass(slots=True)
class Site:
    """One hex of the map. `pieces` are [seat, upright, what]: outposts ("outpost") and Nomad
    buildings standing alone on a territory, which hold it like an outpost."""

    tile: int | None = None
    rot: int = 0
    printed: bool = False
    pieces: list[list[Any]] = field(default_factory=list)
    tokens: list[int] = field(default_factory=list)  # civilization markers (seat), not outposts
    buildings: list[list[Any]] = field(default_factory=list)  # Nomad buildings beside an outpost

    @property
    def territory(self) -> bool:
        return self.tile is not None

    @property
    def items(self) -> int:
        return len(self.pieces) + len(self.tokens) + len(self.buildings)

    def controller(self) -> int | None:
        # your upright pieces only (the start hex holds two of your own outposts)
        owner = None
        for piece in self.pieces:
            if piece[1]:
                if owner is None:
                    owner = piece[0]
                elif piece[0] != owner:
                    return None
        return owner


@dataclass(slots=True)
class Player:
    seat: int
    civs: list[str] = field(default_factory=list)  # newest first (placed to the left)
    capital: int = 0
    grid: Grid = field(default_factory=list)
    res: dict[str, int] = field(default_factory=lambda: dict.fromkeys(RESOURCES, 0))
    vp: int = 0
    tracks: dict[str, list[int]] = field(default_factory=lambda: {t: [0] for t in TRACKS})
    maxed: list[str] = field(default_factory=list)  # tracks left at the end by AI Singularity
    income_turns: int = 0
    finished: bool = False
    on_mat: dict[str, int] = field(default_factory=lambda: dict.fromkeys(BUILDINGS, 5))
    placed: dict[str, int] = field(default_factory=lambda: dict.fromkeys(BUILDINGS, 0))
    beside: list[str] = field(default_factory=list)  # buildings with no room in the capital
    landmarks: list[str] = field(default_factory=list)
    landmark_spots: list[list[Any]] = field(default_factory=list)  # [name, row, col, orientation]
    deferred: list[str] = field(default_factory=list)  # track landmarks to place at the end of the turn
    hand: list[str] = field(default_factory=list)
    # tapestry piles by era (index 0 = the pre-printed era-1 space); entries [card, face_up]
    mat: list[list[list[Any]]] = field(default_factory=lambda: [[], [], [], []])
    era_card: str | None = None  # the active THIS ERA card, if any
    tiles: list[int] = field(default_factory=list)  # territory tiles in supply (public)
    space: list[int] = field(default_factory=list)  # space tiles not yet explored
    explored_space: list[int] = field(default_factory=list)
    tech: dict[str, int] = field(default_factory=dict)  # card -> row (0 bottom, 1 middle, 2 top)
    outposts: int = OUTPOSTS - 2
    districts: list[int] = field(default_factory=list)
    achievements: list[str] = field(default_factory=list)
    civ: dict[str, Any] = field(default_factory=dict)  # per-civilization state
    turns: int = 0
    marker: dict[str, Any] = field(default_factory=dict)  # era effects' parameters (named opponent...)
    trap_policy: str = "ask"  # standing answer to attacks: ask | always (trap when held) | never
    art: dict[str, Any] = field(default_factory=dict)  # Arts & Architecture: masterpieces, landmarks on cards
    # expansion modules (modules/): charms visible on the income mat (F&F), buildings reserved
    # for income turn 5, the landmark card kept at setup and whether its landmark was gained
    charms: int = 0
    charmed: bool = False  # ever laid a charmed card face up on the income mat (covered or not)
    reserved: list[str] = field(default_factory=list)
    landmark_card: str | None = None
    landmark_card_done: bool = False
    card_plots: dict[str, list[str]] = field(default_factory=dict)  # "<pile>:<card>" -> what stands on it
    advanced: str | None = None  # the advanced capital kept at setup (its mat replaces the basic grid)
    overlay: str | None = None  # the income-mat overlay dealt at setup (F&F)

    def pos(self, track: str) -> int:
        """Your most advanced token on a track (AI Singularity leaves a completed track at 12)."""
        best = max(self.tracks[track], default=0)
        return 12 if track in self.maxed and best < 12 else best

    def tapestry_count(self) -> int:
        return len(self.hand) + sum(len(pile) for pile in self.mat)

    def top_card(self) -> list[Any] | None:
        for pile in reversed(self.mat):
            if pile:
                return pile[-1]
        return None

    def buildings(self) -> int:
        return sum(self.placed.values())
