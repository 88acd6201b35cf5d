"""Typed Automa data: the 22 decision cards, the 4 civilization sides, the level charts (facts read
from the components, `data/automa_decision_cards.yaml`) and the values no source settles
(`data/automa_open_values.yaml`, replaceable by a server's file)."""

from __future__ import annotations

from functools import cache
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.games.tapestry.data import DATA, TRACKS

Indicator = Literal["all", "finish", "landmark_or_finish", "favorite"]
TrackOrFav = Literal["exploration", "science", "military", "technology", "favorite"]
Step = Literal[
    "favorite_check",
    "advance_pair",
    "civ_bonus",
    "vp",
    "add_progress_2",
    "tapestry_to_mat",
    "gain_tapestry",
    "shuffle",
]
CIV_SIDES = ("explorers", "scientists", "conquerors", "engineers")
FAVORITE = "favorite"


class _Loose(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")


class TrackSection(_Loose):
    automa_track: Indicator
    shadow_track: Indicator
    income_icon: bool


class HexTiebreaker(_Loose):
    start_hex: tuple[int, int]
    step_direction: str
    scan_order_small_map: list[tuple[int, int]] = Field(min_length=34, max_length=34)


class TiebreakerSection(_Loose):
    track_tiebreak_top_to_bottom: list[TrackOrFav] = Field(min_length=5, max_length=5)
    topple_icon: bool
    hex_tiebreaker: HexTiebreaker


class DecisionCard(_Loose):
    id: int
    track_section: TrackSection
    tiebreaker_section: TiebreakerSection

    @property
    def starting(self) -> bool:
        return self.id <= 7

    def order(self, shadow: bool) -> list[str]:
        """The track tiebreak list as the bot reads it: Automa top to bottom, Shadow bottom to top."""
        top_down: list[str] = list(self.tiebreaker_section.track_tiebreak_top_to_bottom)
        return top_down[::-1] if shadow else top_down

    @property
    def scan(self) -> list[tuple[int, int]]:
        return list(self.tiebreaker_section.hex_tiebreaker.scan_order_small_map)

    @property
    def topple(self) -> bool:
        return self.tiebreaker_section.topple_icon


class CivEffect(_Loose):
    turns: list[int]
    effect: str


class CivSide(_Loose):
    name: str
    favorite_track: Literal["exploration", "science", "military", "technology"]
    income_effects: list[CivEffect]


class ChartStep(_Loose):
    step: Step
    income_turns: list[int]


class Level(_Loose):
    level: int
    name: str
    mat_side: str
    chart: list[ChartStep] | Literal["same as level 5"] = Field(default_factory=list)

    @property
    def hard(self) -> bool:
        return self.mat_side.startswith("hard")

    def steps(self) -> list[ChartStep]:
        assert not isinstance(self.chart, str)
        return list(self.chart)


class CardFile(_Loose):
    cards: list[DecisionCard] = Field(min_length=22, max_length=22)
    automa_civilization_sides: list[CivSide] = Field(min_length=4, max_length=4)
    difficulty_levels: list[Level] = Field(min_length=6, max_length=6)


@cache
def card_file() -> CardFile:
    raw = yaml.safe_load((DATA / "automa_decision_cards.yaml").read_text(encoding="utf-8"))
    out = CardFile.model_validate(raw)
    if [c.id for c in out.cards] != list(range(1, 23)):
        raise ValueError("decision cards must be numbered 1-22")
    return out


@cache
def cards() -> dict[int, DecisionCard]:
    return {c.id: c for c in card_file().cards}


@cache
def civ_sides() -> dict[str, CivSide]:
    return {s.name.lower(): s for s in card_file().automa_civilization_sides}


def civ_for_track(track: str) -> str:
    return next(k for k, s in civ_sides().items() if s.favorite_track == track)


@cache
def levels() -> dict[int, Level]:
    out = {lv.level: lv for lv in card_file().difficulty_levels}
    # level 6's chart is printed as "same as level 5"
    if isinstance(out[6].chart, str):
        out[6] = out[6].model_copy(update={"chart": out[5].chart})
    return out


# ------------------------------------------------------------------------------ open values
Source = Literal["official", "unofficial", "disputed", "ours"]
AdvanceTarget = Literal["exploration", "science", "military", "technology", "favorite"]


class FirstAdvances(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    you: list[AdvanceTarget] = Field(default_factory=list)
    bots: list[AdvanceTarget] = Field(default_factory=list)


class FirstIncome(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    source: Source
    note: str = ""
    levels: dict[int, FirstAdvances]


class Mat(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    source: Source
    note: str = ""
    territories_and_landmarks: list[int] = Field(min_length=4, max_length=4)
    military_and_science: list[int] = Field(min_length=4, max_length=4)
    exploration_and_technology: list[int] = Field(min_length=4, max_length=4)
    first_to_era_vp: dict[int, int]


class Mats(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    normal: Mat
    hard: Mat


class OpenValues(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    first_income_advances: FirstIncome
    mats: Mats

    def problems(self) -> list[str]:
        out = []
        if sorted(self.first_income_advances.levels) != list(range(1, 7)):
            out.append("first_income_advances.levels must list levels 1 to 6")
        for side in ("normal", "hard"):
            mat: Mat = getattr(self.mats, side)
            if sorted(mat.first_to_era_vp) != [2, 3, 4]:
                out.append(f"mats.{side}.first_to_era_vp must give eras 2, 3 and 4")
            values = [
                *mat.territories_and_landmarks,
                *mat.military_and_science,
                *mat.exploration_and_technology,
            ]
            if any(v < 0 or v > 20 for v in values):
                out.append(f"mats.{side}: multipliers must be between 0 and 20")
        return out

    def unofficial(self) -> list[str]:
        """The open values this file takes from a source that is not the printed game."""
        out = []
        if self.first_income_advances.source != "official":
            out.append(f"first_income_advances ({self.first_income_advances.source})")
        for side in ("normal", "hard"):
            mat: Mat = getattr(self.mats, side)
            if mat.source != "official":
                out.append(f"mats.{side} ({mat.source})")
        return out


OPEN_VALUES_FILE = "automa_open_values.yaml"


def parse_open_values(text: str) -> OpenValues:
    """Raises ValueError listing every problem."""
    try:
        raw = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ValueError(f"not YAML: {exc}") from None
    try:
        out = OpenValues.model_validate(raw)
    except ValidationError as exc:
        raise ValueError(
            "; ".join(f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in exc.errors()[:10])
        ) from None
    problems = out.problems()
    if problems:
        raise ValueError("; ".join(problems))
    return out


def open_values_text() -> str:
    return (DATA / OPEN_VALUES_FILE).read_text(encoding="utf-8")


@cache
def default_open_values() -> OpenValues:
    return parse_open_values(open_values_text())


def open_values(text: str | None) -> OpenValues:
    return default_open_values() if text is None else _parsed(text)


@cache
def _parsed(text: str) -> OpenValues:
    return parse_open_values(text)


def resolve(track: str, favorite: str) -> str:
    return favorite if track == FAVORITE else track


assert set(CIV_SIDES) <= {"explorers", "scientists", "conquerors", "engineers"} and len(TRACKS) == 4
