"""Nightweave's Activity cards: the data model and the small action language they are written in.

A card lists, for its own season and every later one, a row "first / second", plus a default
action that always carries points. Actions are written as `kind[:target][+points]`, e.g.
`forest:top_left+difficulty`, so a deck file stays readable and a bad entry can be reported
precisely ("card 7: winter row names unknown action 'fly'").
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, PrivateAttr

Season = Literal["winter", "spring", "summer", "autumn"]
SEASONS: tuple[Season, ...] = ("winter", "spring", "summer", "autumn")
Decider = Literal["cw", "ccw"]
Points = int | Literal["difficulty"]

# Actions that only move cards; they need a worker only on a card with the spider icon.
CARD_ACTIONS = ("draw", "discard", "play_hand", "play_meadow", "play_and_draw", "play_and_discard")
PLACE_NIGHTWEAVE = "place_nightweave"
# Actions that always place a spider worker somewhere on the board or in a village.
WORKER_ACTIONS = (
    "basic",
    "forest",
    "journey",
    "haven",
    "her_village",
    "open_destination",
    "basic_event",
    "special_event",
)
PEARLBROOK_ACTIONS = ("wonder_adornment",)
ALL_KINDS = CARD_ACTIONS + (PLACE_NIGHTWEAVE,) + WORKER_ACTIONS + PEARLBROOK_ACTIONS

# Exclusive Basic locations are the only Basic spots a spider may take (shared ones never).
BASIC_TARGETS = ("basic_3_twigs", "basic_2_resin", "basic_1_pebble", "basic_1_berry_1_card")
FOREST_TARGETS = ("top_left", "top_right", "bottom_left", "bottom_right")
JOURNEY_TARGETS = ("5", "4", "3")  # she never visits the shared 2-point space
TARGETS: dict[str, tuple[str, ...]] = {
    "basic": BASIC_TARGETS,
    "forest": FOREST_TARGETS,
    "journey": JOURNEY_TARGETS,
}


class ActionError(ValueError):
    """A malformed action string; the message is meant to be shown to whoever wrote the file."""


class Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str
    target: str | None = None
    points: Points | None = None

    @property
    def places_worker(self) -> bool:
        return self.kind in WORKER_ACTIONS or self.kind in PEARLBROOK_ACTIONS

    def text(self) -> str:
        out = self.kind if self.target is None else f"{self.kind}:{self.target}"
        return out if self.points is None else f"{out}+{self.points}"


def parse_action(raw: str) -> Action:
    text = raw.strip()
    if not text:
        raise ActionError("empty action")
    points: Points | None = None
    if "+" in text:
        text, _, pts = text.partition("+")
        pts = pts.strip()
        if pts in ("difficulty", "d"):
            points = "difficulty"
        elif pts.isdigit() and 0 <= int(pts) <= 9:
            points = int(pts)
        else:
            raise ActionError(f"points must be 0-9 or 'difficulty', not '{pts}'")
    kind, _, target = text.strip().partition(":")
    kind, target = kind.strip(), target.strip()
    if kind not in ALL_KINDS:
        raise ActionError(f"unknown action '{kind}'")
    allowed = TARGETS.get(kind)
    if allowed is None and target:
        raise ActionError(f"action '{kind}' takes no target (got '{target}')")
    if allowed is not None:
        if not target:
            raise ActionError(f"action '{kind}' needs a target: one of {', '.join(allowed)}")
        if target not in allowed:
            raise ActionError(f"action '{kind}' has unknown target '{target}' (one of {', '.join(allowed)})")
    return Action(kind=kind, target=target or None, points=points)


class Row(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    first: Action
    second: Action

    def text(self) -> str:
        return f"{self.first.text()} / {self.second.text()}"


class ActivityCard(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    season: Season  # the first season symbol printed on the card
    spider: bool = False  # top-left icon: every non-default action needs a spider worker
    decider: Decider
    pearlbrook: bool = False  # used only when Pearlbrook is in play
    newleaf: bool = False  # kept in the deck always; its bonus icon acts only with Newleaf
    rows: dict[Season, Row]
    default: Action

    def row(self, season: Season) -> Row:
        return self.rows[season]

    def needs_worker(self, action: Action) -> bool:
        return action.places_worker or (self.spider and action.kind in CARD_ACTIONS)

    def requires_placement(self, season: Season) -> bool:
        """Whether the row for `season` asks her to place a spider worker or herself.

        This is the Prepare-for-Season trigger. Only the row she would act on is read; the
        default action never triggers it (see README, "Prepare trigger").
        """
        row = self.rows.get(season)
        if row is None:
            return False
        return any(self.needs_worker(a) or a.kind == PLACE_NIGHTWEAVE for a in (row.first, row.second))


class ActivityDeck(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    cards: tuple[ActivityCard, ...]
    _index: dict[str, ActivityCard] | None = PrivateAttr(default=None)  # built on first lookup

    def by_id(self) -> dict[str, ActivityCard]:
        if self._index is None:
            self._index = {c.id: c for c in self.cards}
        return self._index
