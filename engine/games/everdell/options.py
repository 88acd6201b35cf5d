"""Everdell's lobby options as a typed model (see engine/core/options.py). The opponent is named
as everywhere else (`opponent=<id>`, `<opponent>_level`); Rugwort plays any solo game by himself,
so `opponent=rugwort` (or `none`) adds nothing to the stored options (normalize drops it)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from engine.core.errors import InvalidSetup
from engine.core.options import GameOptions

Opponent = Literal["none", "rugwort", "nightweave"]
Module = Literal["personalities", "plans", "plots"]
MODULE_CHOICES = ("none", "personalities", "plans", "plots", "personalities,plans", "personalities,plots")


class EverdellOptions(GameOptions):
    opponent: Opponent | None = Field(None, description="With 1 or 2 people: an automated opponent")
    rugwort_year: int | None = Field(
        None, ge=1, le=3, description="Solo: Rugwort's year (1 to 3)", json_schema_extra={"choices": [1, 2, 3]}
    )
    nightweave_level: int | None = Field(
        None, ge=0, le=4, description="Nightweave's level, 0 (tame) to 4 (terrifying)"
    )
    modules: list[Module] | None = Field(
        None, description="Nightweave's bonus modules", json_schema_extra={"choices": list(MODULE_CHOICES)}
    )
    personality: str | None = Field(None, description="Nightweave's Personality", json_schema_extra={"command": False})
    plan: str | None = Field(None, description="Nightweave's Plan", json_schema_extra={"command": False})
    player_powers: bool | None = Field(None, description="Mistwood's player powers, one kept by each player")
    powers_spring_worker: bool | None = Field(
        None, description="Against Nightweave, with player powers: the humans keep their spring worker"
    )
    legends: bool | None = Field(None, description="Mistwood's More Legends cards (needs the server's card data)")
    corrin: bool | None = Field(None, description="Mistwood's Corrin Evertail cards (needs the server's card data)")
    farms: bool | None = Field(
        None, description="Mistwood's Farms, Through Every Season (needs the server's card data)"
    )

    def check(self) -> None:
        if self.powers_spring_worker and not self.player_powers:
            raise InvalidSetup(
                "error.everdell.spring_worker_needs_powers", option="powers_spring_worker", powers="player_powers"
            )
        opponent = self.opponent_id()
        if opponent != "nightweave":
            for option in ("nightweave_level", "modules"):
                if getattr(self, option) not in (None, []):  # "rugwort level:3" must not play year 1
                    raise InvalidSetup("error.everdell.nightweave_only", option=option, opponent="opponent")
        if opponent == "nightweave" and self.rugwort_year is not None:
            raise InvalidSetup("error.everdell.rugwort_only", option="rugwort_year", opponent="opponent")
        if self.powers_spring_worker and opponent != "nightweave":
            raise InvalidSetup("error.everdell.spring_worker_nightweave", option="powers_spring_worker")

    def opponent_id(self) -> str | None:
        """The opponent meant: named, or implied by her level or modules, or by Rugwort's year."""
        if self.opponent is not None:
            return self.opponent
        if self.nightweave_level is not None or self.modules:
            return "nightweave"
        return "rugwort" if self.rugwort_year is not None else None

    def to_options(self) -> dict[str, Any]:
        out = super().to_options()
        opponent = self.opponent_id()
        if opponent is not None:
            out["opponent"] = opponent
        if opponent == "nightweave":
            out.pop("rugwort_year", None)
        for flag in ("player_powers", "powers_spring_worker", "legends", "corrin", "farms"):
            if out.get(flag) is False:  # absent when off, so stored records stay as they were
                del out[flag]
        return out
