"""Pydantic models for Mistwood's data other than the Activity deck."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DifficultyLevel(_Frozen):
    level: int = Field(ge=0, le=4)
    name_pt: str
    name_en: str
    icon_points: int = Field(ge=0)  # what the difficulty icon on her cards is worth
    bonus_zero_value: int = Field(ge=0)  # per city card printed with 0 points
    bonus_prosperity: int = Field(ge=0)  # per Prosperity / Legendary / Newleaf city card
    special_event: int = Field(ge=0)  # each Special Event, instead of its printed value
    adornment: int = Field(ge=0)  # each Adornment (Pearlbrook), instead of its printed value
    pearl: int = Field(ge=0)  # each pearl left (Pearlbrook)
    visitors: int = Field(ge=0)  # how many Visitor cards she may score (Newleaf)


class ScoringTable(_Frozen):
    levels: tuple[DifficultyLevel, ...]

    def level(self, level: int) -> DifficultyLevel:
        for row in self.levels:
            if row.level == level:
                return row
        raise KeyError(level)


class ModuleCard(_Frozen):
    """A Personality, Plan or Plot card."""

    id: str
    name_pt: str
    name_en: str
    effect: str
    thwart: str | None = None
    type: Literal["seasonal", "one_shot"] | None = None  # Plots only
    webs: str | None = None
    blocks_spiders: bool = False
    roll: dict[str, tuple[int, ...]] | None = None  # d8 faces for the dice Plots
    not_at_levels: tuple[int, ...] = ()
    requires_personalities: bool = False
    missing: tuple[str, ...] = ()


class ModuleDeck(_Frozen):
    cards: tuple[ModuleCard, ...]
    _index: dict[str, ModuleCard] | None = PrivateAttr(default=None)  # built on first lookup

    def by_id(self) -> dict[str, ModuleCard]:
        if self._index is None:
            self._index = {c.id: c for c in self.cards}
        return self._index


class ContentCard(_Frozen):
    id: str
    name_pt: str
    name_en: str | None = None
    pack: Literal["more_legends", "corrin"]
    legendary: bool = False
    kind: Literal["critter", "construction"] | None = None
    color: Literal["traveler", "production", "destination", "governance", "prosperity"] | None = None
    ribbon: str | None = None
    host: str | None = None  # what a Corrin Critter can be played free on
    hosts: str | None = None  # what a Corrin Construction can host for free
    takes_space: bool = True
    effect: str
    missing: tuple[str, ...] = ()


class Farms(_Frozen):
    count: int
    rule: str
    missing: tuple[str, ...]


class PlayerPower(_Frozen):
    id: str
    name_pt: str
    name_en: str
    effect: str
    not_with_nightweave: bool = False


class PlayerPowers(_Frozen):
    setup: str
    powers: tuple[PlayerPower, ...]


class Content(_Frozen):
    legendary_rules: tuple[str, ...]
    cards: tuple[ContentCard, ...]
    farms: Farms
    player_powers: PlayerPowers
