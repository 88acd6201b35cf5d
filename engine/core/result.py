"""Final standing of a finished match."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Result:
    scores: tuple[int, ...]
    ranks: tuple[int, ...]  # 1 = first; tied seats share a rank
    turns: tuple[int, ...]
    winners: tuple[int, ...]
    details: dict[str, Any] = field(default_factory=dict)  # per-game breakdown and tie-break notes

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "turns": list(self.turns),
            "winners": list(self.winners),
            "details": self.details,
        }


def rank_by(keys: list[tuple[Any, ...]]) -> tuple[int, ...]:
    """Competition ranking (1, 1, 3) of seats by descending key tuples."""
    ranks = []
    for key in keys:
        rank = 1
        for other in keys:  # a plain loop: no generator per seat (every finished match ranks)
            if other > key:
                rank += 1
        ranks.append(rank)
    return tuple(ranks)
