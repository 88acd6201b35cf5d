"""Load Mistwood data: our shipped files, or a server's replacement deck / scoring table.

A replacement (YAML or JSON, file path or text) is checked entry by entry and every problem is
reported at once with where it is ("card 7 (nw07): winter row: unknown action 'fly'"), since
the people supplying it are copying from physical cards and need to know exactly what to fix.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from engine.games.everdell.mistwood.activity import (
    PEARLBROOK_ACTIONS,
    PLACE_NIGHTWEAVE,
    SEASONS,
    ActionError,
    ActivityCard,
    ActivityDeck,
    Row,
    parse_action,
)
from engine.games.everdell.mistwood.models import Content, ModuleDeck, ScoringTable

DATA = Path(__file__).parent / "data"

# What the rulebook states about the physical deck; a replacement must match it.
DECK_SIZE = 20
WINTER_CARDS = 9
WINTER_SPIDER_CARDS = 5
PEARLBROOK_CARDS = 2
CARD_FIELDS = {"id", "season", "spider", "decider", "pearlbrook", "newleaf", "rows", "default"}
LEVEL_FIELDS = {
    "level",
    "name_pt",
    "name_en",
    "icon_points",
    "bonus_zero_value",
    "bonus_prosperity",
    "special_event",
    "adornment",
    "pearl",
    "visitors",
}


class MistwoodDataError(ValueError):
    def __init__(self, what: str, problems: list[str]) -> None:
        super().__init__(f"{what} is invalid:\n" + "\n".join(f"- {p}" for p in problems))
        self.problems = problems


Source = str | Path | dict[str, Any] | None


def read_source(source: str | Path | dict[str, Any], what: str) -> Any:
    """A dict as is; a path to a .yaml/.yml/.json file; or the text of such a file."""
    if isinstance(source, dict):
        return source
    text: str
    if isinstance(source, Path) or (isinstance(source, str) and "\n" not in source and _is_file(source)):
        path = Path(source)
        text = path.read_text(encoding="utf-8")
        if path.suffix.lower() == ".json":
            return _json(text, what)
    else:
        text = str(source)
        if text.lstrip().startswith(("{", "[")):
            return _json(text, what)
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise MistwoodDataError(what, [f"not valid YAML: {exc}"]) from None


def _is_file(text: str) -> bool:
    try:
        return Path(text).is_file()
    except OSError:
        return False


def _json(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise MistwoodDataError(what, [f"not valid JSON: {exc}"]) from None


# -- Activity deck ------------------------------------------------------------------------------


def parse_activity(data: Any) -> ActivityDeck:
    what = "Activity deck"
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise MistwoodDataError(what, ["the file must have a top-level 'cards:' list"])
    problems: list[str] = []
    cards: list[ActivityCard] = []
    for index, raw in enumerate(data["cards"], start=1):
        card = _parse_card(index, raw, problems)
        if card is not None:
            cards.append(card)
    extra = set(data) - {"cards"}
    if extra:
        problems.append(f"unknown top-level field(s): {', '.join(sorted(extra))}")
    if not problems:
        problems.extend(_deck_problems(cards))
    if problems:
        raise MistwoodDataError(what, problems)
    return ActivityDeck(cards=tuple(cards))


def _parse_card(index: int, raw: Any, problems: list[str]) -> ActivityCard | None:
    label = f"card {index}"
    if not isinstance(raw, dict):
        problems.append(f"{label}: must be a mapping of fields")
        return None
    if isinstance(raw.get("id"), str):
        label = f"card {index} ({raw['id']})"
    before = len(problems)
    for field in ("id", "season", "decider", "rows", "default"):
        if field not in raw:
            problems.append(f"{label}: missing field '{field}'")
    for field in sorted(set(raw) - CARD_FIELDS):
        problems.append(f"{label}: unknown field '{field}'")
    if len(problems) > before:
        return None
    season = raw["season"]
    if season not in SEASONS:
        problems.append(f"{label}: season must be one of {', '.join(SEASONS)}, not '{season}'")
        return None
    if raw["decider"] not in ("cw", "ccw"):
        problems.append(f"{label}: decider must be 'cw' (clockwise) or 'ccw', not '{raw['decider']}'")
    for flag in ("spider", "pearlbrook", "newleaf"):
        if flag in raw and not isinstance(raw[flag], bool):
            problems.append(f"{label}: {flag} must be true or false")
    rows_raw = raw["rows"]
    if not isinstance(rows_raw, dict):
        problems.append(f"{label}: rows must map seasons to 'first / second'")
        return None
    expected = SEASONS[SEASONS.index(season) :]
    for name in rows_raw:
        if name not in SEASONS:
            problems.append(f"{label}: row for unknown season '{name}'")
        elif name not in expected:
            problems.append(f"{label}: has a {name} row, but a {season} card acts only from {season} on")
    for name in expected:
        if name not in rows_raw:
            problems.append(f"{label}: missing {name} row")
    spider = bool(raw.get("spider", False))
    pearlbrook = bool(raw.get("pearlbrook", False))
    rows: dict[str, Row] = {}
    for name in expected:
        text = rows_raw.get(name)
        if text is None:
            continue
        parts = str(text).split("/")
        if len(parts) != 2:
            problems.append(f"{label}: {name} row must read 'first / second', not '{text}'")
            continue
        actions = []
        for slot, part in zip(("first", "second"), parts):
            action = _action(f"{label}: {name} row {slot} action", part, spider, pearlbrook, problems)
            if action is not None:
                actions.append(action)
        if len(actions) == 2:
            rows[name] = Row(first=actions[0], second=actions[1])
    default = _action(f"{label}: default action", str(raw["default"]), True, pearlbrook, problems)
    if default is not None and default.points is None:
        problems.append(f"{label}: default action must carry points (e.g. 'haven+difficulty')")
    if len(problems) > before:
        return None
    try:
        return ActivityCard.model_validate({**raw, "rows": rows, "default": default})
    except ValidationError as exc:
        problems.extend(_pydantic_problems(label, exc))
        return None


def _action(where: str, text: str, spider: bool, pearlbrook: bool, problems: list[str]) -> Any:
    try:
        action = parse_action(text)
    except ActionError as exc:
        problems.append(f"{where}: {exc}")
        return None
    if action.kind in PEARLBROOK_ACTIONS and not pearlbrook:
        problems.append(f"{where}: '{action.kind}' may only appear on a card marked pearlbrook")
    if action.points is not None and not (spider or action.places_worker):
        why = (
            "she never places herself for points"
            if action.kind == PLACE_NIGHTWEAVE
            else "no worker is placed"
        )
        problems.append(f"{where}: points are collected after placing a worker, and '{action.kind}' {why}")
    return action


def _deck_problems(cards: list[ActivityCard]) -> list[str]:
    problems: list[str] = []
    seen: set[str] = set()
    for card in cards:
        if card.id in seen:
            problems.append(f"card id '{card.id}' is used twice")
        seen.add(card.id)
    winter = [c for c in cards if c.season == "winter" and not c.pearlbrook]
    counts = [
        (len(cards), DECK_SIZE, "cards in all"),
        (len(winter), WINTER_CARDS, "winter cards (not counting Pearlbrook ones)"),
        (sum(1 for c in winter if c.spider), WINTER_SPIDER_CARDS, "winter cards with the spider icon"),
        (sum(1 for c in cards if c.pearlbrook), PEARLBROOK_CARDS, "Pearlbrook cards"),
    ]
    for got, want, what in counts:
        if got != want:
            problems.append(f"the deck has {got} {what}; the rulebook's deck has {want}")
    return problems


# -- Scoring table ------------------------------------------------------------------------------


def parse_scoring(data: Any) -> ScoringTable:
    what = "Scoring table"
    if not isinstance(data, dict) or not isinstance(data.get("levels"), list):
        raise MistwoodDataError(what, ["the file must have a top-level 'levels:' list"])
    problems: list[str] = []
    seen: list[int] = []
    for index, raw in enumerate(data["levels"], start=1):
        label = f"row {index}"
        if not isinstance(raw, dict):
            problems.append(f"{label}: must be a mapping of fields")
            continue
        if isinstance(raw.get("level"), int):
            label = f"level {raw['level']}"
            seen.append(raw["level"])
        for field in sorted(LEVEL_FIELDS - set(raw)):
            problems.append(f"{label}: missing field '{field}'")
        for field in sorted(set(raw) - LEVEL_FIELDS):
            problems.append(f"{label}: unknown field '{field}'")
        for field, value in raw.items():
            if field in LEVEL_FIELDS - {"name_pt", "name_en"} and (
                not isinstance(value, int) or isinstance(value, bool) or value < 0
            ):
                problems.append(f"{label}: {field} must be a whole number 0 or more, not {value!r}")
    for level in range(5):
        if seen.count(level) != 1:
            problems.append(f"level {level} must appear exactly once (found {seen.count(level)})")
    for level in seen:
        if level not in range(5):
            problems.append(f"level {level}: levels run from 0 to 4")
    if problems:
        raise MistwoodDataError(what, problems)
    try:
        return ScoringTable.model_validate(data)
    except ValidationError as exc:
        raise MistwoodDataError(what, _pydantic_problems("table", exc)) from None


# -- other data ---------------------------------------------------------------------------------


def _pydantic_problems(label: str, exc: ValidationError) -> list[str]:
    out = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"])
        out.append(f"{label}: {where}: {err['msg']}")
    return out


def _model(model: type[BaseModel], data: Any, what: str) -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise MistwoodDataError(what, _pydantic_problems(what, exc)) from None


def load_activity(source: Source = None) -> ActivityDeck:
    if source is None:
        return default_activity()
    return parse_activity(read_source(source, "Activity deck"))


def load_scoring(source: Source = None) -> ScoringTable:
    if source is None:
        return default_scoring()
    return parse_scoring(read_source(source, "Scoring table"))


@cache
def default_activity() -> ActivityDeck:
    return parse_activity(read_source(DATA / "activity.yaml", "Activity deck"))


@cache
def default_scoring() -> ScoringTable:
    return parse_scoring(read_source(DATA / "scoring.yaml", "Scoring table"))


@cache
def personalities() -> ModuleDeck:
    deck: ModuleDeck = _model(
        ModuleDeck, read_source(DATA / "personalities.yaml", "Personalities"), "Personalities"
    )
    return deck


@cache
def plans() -> ModuleDeck:
    deck: ModuleDeck = _model(ModuleDeck, read_source(DATA / "plans.yaml", "Plans"), "Plans")
    return deck


@cache
def plots() -> ModuleDeck:
    deck: ModuleDeck = _model(ModuleDeck, read_source(DATA / "plots.yaml", "Plots"), "Plots")
    for card in deck.cards:
        if card.type is None:
            raise MistwoodDataError("Plots", [f"plot {card.id}: type must be 'seasonal' or 'one_shot'"])
        if (card.type == "one_shot") != (card.thwart is not None):
            raise MistwoodDataError(
                "Plots", [f"plot {card.id}: one-shot Plots, and only they, have a thwart"]
            )
    return deck


@cache
def content() -> Content:
    data: Content = _model(Content, _content_raw(), "Mistwood content")
    return data


@cache
def _content_raw() -> dict[str, Any]:
    data: dict[str, Any] = read_source(DATA / "content.yaml", "Mistwood content")
    return data


def default_content_raw() -> dict[str, Any]:
    """content.yaml as plain data (callers copy before changing it); validated by `content()`."""
    content()
    return _content_raw()
