"""Reading and checking a server's expansion data set: every problem at once, each naming the
entry it belongs to (`cards entry 3 (double_trap): ...`)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from engine.games.tapestry.data import landmarks, tapestry_cards
from engine.games.tapestry.modules import schema, vocab

MAX_TEXT = 100_000
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def check(kind: str, text: str) -> list[str]:
    """Every problem of a file of this kind (empty: usable)."""
    return list(_load(kind, text)[1])


def parsed(kind: str, text: str) -> BaseModel:
    """The checked file (call only with a text `check` accepted)."""
    model, problems = _load(kind, text)
    if model is None or problems:
        raise ValueError(f"{kind}: " + "; ".join(problems))
    return model


@lru_cache(maxsize=32)
def _load(kind: str, text: str) -> tuple[BaseModel | None, tuple[str, ...]]:
    if len(text) > MAX_TEXT:
        return None, (f"the file is larger than {MAX_TEXT // 1000} KB",)
    try:
        raw = yaml.load(text, Loader=_Loader)  # noqa: S506 - a safe loader
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        return None, (f"not YAML or JSON{where}",)
    except RecursionError:
        return None, ("the file nests too deeply",)
    if not isinstance(raw, dict):
        return None, ("the file must be a mapping with 'format: 1' and its list of entries",)
    try:
        model = schema.FILES[kind].model_validate(raw)
    except ValidationError as exc:
        return None, tuple(_pydantic_problems(kind, raw, exc))
    return model, tuple(_meaning_problems(kind, model))


def _entry_name(kind: str, raw: dict[str, Any], index: int) -> str:
    items = raw.get(schema.LISTS[kind])
    entry = items[index] if isinstance(items, list) and 0 <= index < len(items) else None
    ident = entry.get("id") if isinstance(entry, dict) else None
    return f"{schema.LISTS[kind]} entry {index + 1}" + (f" ({ident})" if ident is not None else "")


def _pydantic_problems(kind: str, raw: dict[str, Any], exc: ValidationError) -> list[str]:
    out = []
    for err in exc.errors()[:20]:
        loc = list(err["loc"])
        if len(loc) >= 2 and loc[0] == schema.LISTS[kind] and isinstance(loc[1], int):
            where = _entry_name(kind, raw, loc[1])
            field = ".".join(str(x) for x in loc[2:])
        else:
            where, field = "the file", ".".join(str(x) for x in loc)
        out.append(f"{where}: {field + ': ' if field else ''}{err['msg']}")
    return out


def _shape_problems(where: str, shape: schema.Shape) -> list[str]:
    rows = shape.footprint
    out = []
    if len({len(r) for r in rows}) != 1 or any(set(r) - {"X", "."} for r in rows) or len(rows[0]) > 4:
        out.append(f"{where}: the landmark's footprint must be rows of equal length (at most 4) of X and .")
    elif not any("X" in r for r in rows):
        out.append(f"{where}: the landmark's footprint covers no plot")
    if shape.name in landmarks():
        out.append(f"{where}: the landmark '{shape.name}' is a base-game landmark")
    return out


def _trigger_problems(where: str, triggers: list[schema.Trigger], names: frozenset[str]) -> list[str]:
    out = []
    for i, trig in enumerate(triggers, start=1):
        at = f"{where}: trigger {i}"
        if trig.track is not None and trig.track not in schema.TRACK_SET:
            out.append(f"{at}: unknown track '{trig.track}'")
        if trig.building is not None and trig.building not in schema.BUILDING_SET:
            out.append(f"{at}: unknown building '{trig.building}'")
        out += vocab.steps_problems(trig.gain, at, names)
    return out


def _capital_problems(where: str, entry: schema.AdvancedCapital, names: frozenset[str]) -> list[str]:
    from engine.games.tapestry.data import civilizations

    out = []
    if any(len(row) != 9 or set(row) - {".", "#"} for row in entry.grid):
        out.append(f"{where}: the grid must be 9 rows of 9 plots, '.' open or '#' impassable")
    for civ in entry.not_for:
        if civ not in civilizations():
            out.append(f"{where}: not_for: unknown civilization '{civ}'")
    taken: set[tuple[int, ...]] = set()
    for i, district in enumerate(entry.districts or [], start=1):
        at = f"{where}: district {i}"
        cells = [tuple(c) for c in district.cells]
        if any(len(c) != 2 or not all(0 <= x < 9 for x in c) for c in cells):
            out.append(f"{at}: each plot is [row, column] from 0 to 8")
            continue
        link = [tuple(c) for c in district.connect_to]
        if any(len(c) != 2 or not all(0 <= x < 9 for x in c) for c in link):
            out.append(f"{at}: connect_to: each plot is [row, column] from 0 to 8")
        elif set(link) & set(cells):
            out.append(f"{at}: connect_to names a plot of the district itself")
        if taken & set(cells) or len(set(cells)) != len(cells):
            out.append(f"{at}: a plot belongs to two districts")
        taken |= set(cells)
        if district.when == "income" and not district.gain:
            out.append(f"{at}: a district producing at each income turn needs a gain")
        out += vocab.steps_problems(district.gain, at, names)
    return out


OVERLAYS_IN_BOX = 5  # one income-mat overlay for each of up to 5 players


def _overlay_problems(where: str, entry: schema.Overlay, names: frozenset[str]) -> list[str]:
    out = []
    spaces = [(s.row, s.position) for s in entry.covers]
    for row, position in sorted({s for s in spaces if spaces.count(s) > 1}):
        out.append(f"{where}: the {row} row's position {position} is covered twice")
    for space in entry.covers:
        for icon in space.icons:  # an income-mat icon: a plain benefit token, gained as one
            problem = vocab.token_problem(icon, names)
            if problem:
                out.append(f"{where}: {space.row} {space.position}: {problem}")
    return out


def _meaning_problems(kind: str, model: BaseModel) -> list[str]:
    """What the types cannot say: the vocabulary, unique ids, what belongs to which expansion."""
    out: list[str] = []
    names = frozenset(landmarks())
    entries: list[Any] = list(getattr(model, schema.LISTS[kind]))
    ids = [getattr(e, "id") for e in entries]  # noqa: B009 - every entry kind has an id
    for dup in sorted({i for i in ids if ids.count(i) > 1}, key=str):
        out.append(f"the id '{dup}' is used by more than one entry")
    if kind == "space_tiles":
        names = names | {e.landmark.name for e in entries if e.landmark is not None}
    for index, entry in enumerate(entries):
        where = f"{schema.LISTS[kind]} entry {index + 1} ({entry.id})"
        if isinstance(entry, (schema.Card, schema.Response)):
            if entry.id in tapestry_cards():
                out.append(f"{where}: '{entry.id}' is a base-game tapestry card")
            out += vocab.steps_problems(entry.when_played, f"{where}: when_played", names)
        if isinstance(entry, schema.Card):
            out += _trigger_problems(where, entry.triggers, names)
            if kind != "ff_tapestry" and (entry.charms or entry.reserve or entry.kind == "ongoing"):
                out.append(
                    f"{where}: charms, reserved items and ONGOING abilities belong to Fantasies & Futures cards"
                )
            if entry.kind == "played" and entry.triggers:
                out.append(f"{where}: a WHEN PLAYED card has no THIS ERA or ONGOING triggers")
            if entry.kind != "played" and not entry.triggers:
                out.append(f"{where}: a THIS ERA or ONGOING card needs at least one trigger")
            if entry.plots is None and (entry.plot_gain or entry.full_gain):
                out.append(f"{where}: plot_gain and full_gain need plots")
            if entry.plots is not None and kind != "aa_tapestry":
                out.append(f"{where}: plots (buildings on cards) belong to Arts & Architecture cards")
            out += vocab.steps_problems(entry.plot_gain, f"{where}: plot_gain", names)
            out += vocab.steps_problems(entry.full_gain, f"{where}: full_gain", names)
            if entry.charms is not None:
                out += vocab.steps_problems(entry.charms.left, f"{where}: charms.left", names)
                out += vocab.steps_problems(entry.charms.right, f"{where}: charms.right", names)
                if not entry.charms.left and not entry.charms.right:
                    out.append(f"{where}: charms needs a left or a right charm")
        elif isinstance(entry, schema.Response):
            out += vocab.steps_problems(entry.gain, f"{where}: gain", names)
        elif isinstance(entry, schema.SpaceTile):
            out += vocab.steps_problems(entry.benefit, f"{where}: benefit", names)
            out += _trigger_problems(where, entry.triggers, names)
            if not entry.benefit and not entry.triggers:
                out.append(f"{where}: a space tile needs a benefit or a trigger")
            if entry.landmark is not None:
                out += _shape_problems(where, entry.landmark)
        elif isinstance(entry, schema.AdvancedCapital):
            out += _capital_problems(where, entry, names)
        elif isinstance(entry, schema.Overlay):
            out += _overlay_problems(where, entry, names)
        elif isinstance(entry, schema.LandmarkCard):
            for c in entry.goal:
                if not vocab.count_ok(c.count, goal=True):
                    out.append(f"{where}: goal cannot count '{c.count}'")
            out += _shape_problems(where, entry.landmark)
            if entry.replaces is not None and (entry.box != "ff" or entry.replaces not in ids):
                out.append(
                    f"{where}: only a Fantasies & Futures card replaces another, named by an id of this file"
                )
    if kind == "space_tiles":
        replaced = [e.replaces for e in entries if e.replaces is not None]
        if len(set(replaced)) != len(replaced):
            out.append("two space tiles replace the same base tile")
    if kind == "overlays" and sum(e.copies for e in entries) < OVERLAYS_IN_BOX:
        out.append(f"the set must hold {OVERLAYS_IN_BOX} overlays, one for each player (count copies)")
    if kind == "landmark_cards":
        shapes = [e.landmark.name for e in entries]
        for dup in sorted({s for s in shapes if shapes.count(s) > 1}):
            out.append(f"the landmark '{dup}' belongs to more than one card")
    return out
