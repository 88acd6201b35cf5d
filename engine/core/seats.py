"""Who sits at the table: humans, bots (policies of ours) or a game's official automa."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

SeatKind = Literal["human", "bot", "automa"]


@dataclass(frozen=True, slots=True)
class SeatSpec:
    kind: SeatKind = "human"
    name: str = ""
    policy: str | None = None  # bot policy id for kind == "bot"

    def to_dict(self) -> dict[str, str | None]:
        return {"kind": self.kind, "name": self.name, "policy": self.policy}

    @classmethod
    def from_dict(cls, data: dict[str, str | None]) -> SeatSpec:
        kind = data.get("kind") or "human"
        if kind not in ("human", "bot", "automa"):
            raise ValueError(f"unknown seat kind {kind!r}")
        return cls(kind=kind, name=data.get("name") or "", policy=data.get("policy"))  # type: ignore[arg-type]
