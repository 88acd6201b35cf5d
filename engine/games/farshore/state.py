"""Mutable match state: the players, their villages, workers, Boats and Maps."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.games.farshore.content import RESOURCES

ANCHORS = 3
START_WORKERS = 2  # in Winter; one more at each Prepare for Season
HAND_SIZES = (5, 6, 7, 8)  # by seat, first player first


def no_res() -> dict[str, int]:
    return {r: 0 for r in RESOURCES}


@dataclass(slots=True)
class VillageCard:
    """One card in a village; `uid` is unique in the match so prompts can name this copy."""

    uid: int
    card: str
    anchor: bool = False  # an Anchor lies on it (a Construction that let a Critter in free)
    worker: bool = False  # its owner's worker stands on it (a Red Destination)
    stock: dict[str, int] = field(default_factory=no_res)  # resources kept on it (Storehouse)


@dataclass(slots=True)
class Player:
    seat: int
    hand: list[str] = field(default_factory=list)
    village: list[VillageCard] = field(default_factory=list)
    res: dict[str, int] = field(default_factory=no_res)
    treasure: int = 0
    tokens: int = 0  # point tokens (shells)
    anchors: int = ANCHORS
    workers: int = START_WORKERS
    placed: list[str] = field(default_factory=list)  # location keys where this seat's workers stand
    season: int = 0  # 0 winter .. 3 autumn
    passed: bool = False
    boat: int = 0  # space on the boat track
    maps: dict[str, int] = field(default_factory=dict)  # Map type -> face value of the tile owned
    mulligan: bool = False
    turns: int = 0

    @property
    def available(self) -> int:
        return self.workers - len(self.placed)

    def has(self, card: str) -> bool:
        return any(v.card == card for v in self.village)
