"""The state of one player and the board constants."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.games.architects.data import GOODS

WORKERS = 20
APPRENTICE_LIMIT = 5
DISPLAY_ROWS = 2
DISPLAY_COLS = 4
# Locations holding any number of workers, in board order; every one of them can be raided.
ORDINARY = (
    "mines",
    "quarry",
    "forest",
    "silversmith",
    "kings_storehouse",
    "workshop",
    "town_centre",
    "guardhouse",
    "tax_stand",
)
MARKET_SPACES = 3


def no_goods() -> dict[str, int]:
    return dict.fromkeys(GOODS, 0)


@dataclass(slots=True)
class Player:
    seat: int
    players: int
    silver: int = 0
    res: dict[str, int] = field(default_factory=no_goods)
    virtue: int = 7
    debts: int = 0  # unpaid Debt cards
    paid: int = 0  # Debt cards turned to their paid side
    hand: list[str] = field(default_factory=list)  # Building ids, kept sorted
    apprentices: list[str] = field(default_factory=list)  # in hiring order
    buildings: list[str] = field(default_factory=list)  # in building order
    supply: int = WORKERS
    captives: list[int] = field(default_factory=list)  # rival workers held here, by owner seat
    cathedral: int = 0  # 0 = below level 1
    architect: str | None = None
    turns: int = 0
    influence: int = 0  # Works of Wonder
    wonders: list[str] = field(default_factory=list)  # Works of Wonder: Wonders built, in order

    def __post_init__(self) -> None:
        if not self.captives:
            self.captives = [0] * self.players
