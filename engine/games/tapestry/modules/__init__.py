"""The expansion modules whose components are printed only: their card and tile sets are server
data sets (`/admin data`), and a module whose set the server lacks is refused in the lobby.

Module ids (lobby option `modules=`, a comma-separated set) and the set each needs, one file
per module (formats in `schema.py`):

* `pp_tapestry`, `aa_tapestry`, `ff_tapestry`: the expansion tapestry cards of each box;
* `counter_traps`: the Plans & Ploys response cards that answer a Trap or a conquest;
* `space_tiles`: the Plans & Ploys space tiles (the Monolith and its landmark among them);
* `landmark_cards`: the landmark cards (personal goals) and their draft at setup;
* `advanced_capitals`: the 12 advanced capital mats, one dealt to each player beside the basic;
* `overlays`: the Fantasies & Futures income-mat overlays, one dealt to each player at setup.

The text of each set travels in the match options (`<module>_data`), so a stored game replays
from its record alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import InvalidSetup
from engine.games.tapestry.data import Landmark
from engine.games.tapestry.modules import schema, sets

MODULES = (
    "pp_tapestry",
    "aa_tapestry",
    "ff_tapestry",
    "counter_traps",
    "space_tiles",
    "landmark_cards",
    "advanced_capitals",
    "overlays",
)
BOX = {
    "pp_tapestry": "pp",
    "aa_tapestry": "aa",
    "ff_tapestry": "ff",
    "counter_traps": "pp",
    "space_tiles": "pp",
    "overlays": "ff",
}


def option_of(module: str) -> str:
    """The match option carrying a module's set."""
    return f"{module}_data"


def chosen(options: Mapping[str, Any]) -> list[str]:
    """The modules of a lobby's options (a comma-separated text or a list), in MODULES order;
    anything unknown is refused by name."""
    value = options.get("modules")
    if value is None:
        return []
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list):
        raise InvalidSetup("error.bad_option", option="modules", value=str(value)[:100])
    words = {str(i).strip().lower() for i in items} - {""}
    if "all" in words:
        words = (words - {"all"}) | set(MODULES)
    for word in sorted(words):
        if word not in MODULES:
            raise InvalidSetup("error.bad_option", option="modules", value=word[:100])
    return [m for m in MODULES if m in words]


def normalize(options: Mapping[str, Any]) -> dict[str, Any]:
    """`modules` as a sorted list plus each chosen module's set; a module without its set is
    refused naming every missing set, a set of a module not chosen is dropped."""
    modules = chosen(options)
    if not modules:
        return {}
    missing = [m for m in modules if not isinstance(options.get(option_of(m)), str)]
    if missing:
        raise InvalidSetup("error.tapestry.module_data_missing", missing=", ".join(missing))
    out: dict[str, Any] = {"modules": modules}
    for m in modules:
        text = options[option_of(m)]
        problems = sets.check(m, text)
        if problems:
            raise InvalidSetup("error.tapestry.module_data_bad", module=m, problems="; ".join(problems[:5]))
        out[option_of(m)] = text
    content(out)  # sets that clash with each other are refused here, not mid-game
    return out


def entry_counts(options: Mapping[str, Any]) -> list[tuple[str, int]]:
    """Each chosen module with the number of entries in its set (0 when the set is unusable)."""
    out = []
    for m in chosen(options):
        text = options.get(option_of(m))
        model = sets.parsed(m, text) if isinstance(text, str) and not sets.check(m, text) else None
        out.append((m, len(getattr(model, schema.LISTS[m])) if model is not None else 0))
    return out


@dataclass
class Content:
    """Everything the chosen modules add to one game (empty without modules)."""

    modules: tuple[str, ...] = ()
    cards: dict[str, schema.Card] = field(default_factory=dict)
    responses: dict[str, schema.Response] = field(default_factory=dict)
    space_tiles: dict[int, schema.SpaceTile] = field(default_factory=dict)
    replaced_tiles: frozenset[int] = frozenset()
    landmark_cards: dict[str, schema.LandmarkCard] = field(default_factory=dict)
    landmarks: dict[str, Landmark] = field(default_factory=dict)  # the sets' own landmarks
    box_of: dict[str, str] = field(default_factory=dict)  # card id -> pp / aa / ff
    capitals: dict[str, schema.AdvancedCapital] = field(default_factory=dict)
    overlays: dict[str, schema.Overlay] = field(default_factory=dict)

    def on(self, module: str) -> bool:
        return module in self.modules

    def card_kind(self, card: str) -> str | None:
        if card in self.cards:
            return self.cards[card].kind
        if card in self.responses:
            return "response"
        return None


def _landmark(shape: schema.Shape) -> Landmark:
    return Landmark(
        name=shape.name,
        name_pt=shape.name_pt,
        pt_source="ours",
        footprint=list(shape.footprint),
        rotations=shape.rotations,
    )


_EMPTY = Content()


def content(options: Mapping[str, Any]) -> Content:
    modules = tuple(m for m in MODULES if m in (options.get("modules") or ()))
    if not modules:
        return _EMPTY
    c = Content(modules=modules)
    for m in modules:
        model = sets.parsed(m, options[option_of(m)])
        if isinstance(model, schema.CardsFile):
            for card in model.cards:
                if card.id in c.cards:
                    raise InvalidSetup(
                        "error.tapestry.module_data_bad", module=m, problems=f"'{card.id}' is in two sets"
                    )
                c.cards[card.id] = card
                c.box_of[card.id] = BOX[m]
        elif isinstance(model, schema.ResponsesFile):
            for resp in model.cards:
                if resp.id in c.cards:
                    raise InvalidSetup(
                        "error.tapestry.module_data_bad", module=m, problems=f"'{resp.id}' is in two sets"
                    )
                c.responses[resp.id] = resp
                c.box_of[resp.id] = "pp"
        elif isinstance(model, schema.SpaceTilesFile):
            c.space_tiles = {t.id: t for t in model.tiles}
            c.replaced_tiles = frozenset(t.replaces for t in model.tiles if t.replaces is not None)
            for t in model.tiles:
                if t.landmark is not None:
                    c.landmarks[t.landmark.name] = _landmark(t.landmark)
        elif isinstance(model, schema.CapitalsFile):
            c.capitals = {capital.id: capital for capital in model.capitals}
        elif isinstance(model, schema.OverlaysFile):
            c.overlays = {overlay.id: overlay for overlay in model.overlays}
        elif isinstance(model, schema.LandmarkCardsFile):
            c.landmark_cards = {lc.id: lc for lc in model.landmark_cards}
            for lc in model.landmark_cards:
                c.landmarks[lc.landmark.name] = _landmark(lc.landmark)
    _remember_names(c)
    return c


# Names of uploaded things for prompts and events (card_name): filled by every set a process
# has read, so the bot names a table's cards once its game is built.
UPLOADED_NAMES: dict[str, tuple[str, str]] = {}
UPLOADED_LANDMARKS: dict[str, Landmark] = {}


def _remember_names(c: Content) -> None:
    for card in c.cards.values():
        UPLOADED_NAMES[card.id] = (card.name, card.name_pt)
    for response in c.responses.values():
        UPLOADED_NAMES[response.id] = (response.name, response.name_pt)
    for lc in c.landmark_cards.values():
        UPLOADED_NAMES[lc.id] = (lc.name, lc.name_pt)
    for capital in c.capitals.values():
        UPLOADED_NAMES[capital.id] = (capital.name, capital.name_pt)
    for overlay in c.overlays.values():
        UPLOADED_NAMES[overlay.id] = (overlay.name, overlay.name_pt)
    for lm in c.landmarks.values():
        UPLOADED_NAMES[lm.name] = (lm.name, lm.name_pt)
        UPLOADED_LANDMARKS[lm.name] = lm
