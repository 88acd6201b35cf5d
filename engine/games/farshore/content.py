"""The content data set: cards, shores, islands, Compass Rose tiles, Maps and the boat track.

Loaded from YAML and checked at load: every problem is listed (never raised one at a time), and an
effect outside the vocabulary is refused by name. Our own pack ships in `data/content.yaml`; a
server's upload (the `farshore_content` option) replaces it whole.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

RESOURCES: tuple[str, ...] = ("driftwood", "seaweed", "stone", "mushroom")
COLOURS: tuple[str, ...] = ("green", "blue", "bronze", "red", "purple")
KINDS: tuple[str, ...] = ("critter", "construction")
GAINS = (*RESOURCES, "treasure", "points")

# Step name -> a checker of its argument (returns the problems found).
Step = dict[str, Any]
STEP_NAMES: tuple[str, ...] = (
    "gain",
    "gain_any",
    "draw",
    "draw_bay",
    "boat",
    "choose",
    "trade",
    "discard_for",
    "activate_green",
    "copy_location",
    "stock",
    "take_stock",
    "play_discounted",
    "discard_then_play",
    "give_for",
    "draw_play_free",
    "may",
)
TRIGGER_WHEN = ("play", "compass")
COUNTERS_FIXED = ("unique_construction", "common_critter", "treasure", "map", "chest_passed")
MATCHES_FIXED = ("unique", "common")
OURS_MARKS = ("values", "text", "card")
DATA_FILE = Path(__file__).with_name("data") / "content.yaml"


@dataclass(frozen=True)
class Trigger:
    when: str
    kind: str | None
    colour: str | None
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Card:
    id: str
    names: dict[str, str]
    kind: str
    unique: bool
    colour: str
    cost: tuple[int, int, int, int]  # in RESOURCES order
    points: int
    copies: int
    no_space: bool
    effect: tuple[Step, ...]
    on_enter: tuple[Step, ...]
    triggers: tuple[Trigger, ...]
    scoring: tuple[tuple[str, int], ...]
    ours: tuple[str, ...]

    @property
    def critter(self) -> bool:
        return self.kind == "critter"


@dataclass(frozen=True)
class Location:
    id: str
    names: dict[str, str]
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class MapType:
    id: str
    names: dict[str, str]
    need: dict[str, int]
    printed: bool


@dataclass(frozen=True)
class Content:
    cards: dict[str, Card]
    shores: tuple[Location, ...]
    islands: tuple[Location, ...]
    compass_a: tuple[tuple[str, str], ...]  # (tile id, match)
    compass_b: tuple[tuple[str, str], ...]
    map_values: tuple[int, ...]
    maps: tuple[MapType, ...]
    track_points: tuple[int, ...]
    chests: frozenset[int]
    dunes_capacity: int  # 0: unlimited
    tokens: dict[str, list[int]]

    def deck(self) -> list[str]:
        return [cid for cid, card in self.cards.items() for _ in range(card.copies)]

    def location(self, lid: str) -> Location:
        for loc in (*self.shores, *self.islands):
            if loc.id == lid:
                return loc
        raise KeyError(lid)


class ContentError(ValueError):
    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def _int(value: Any, low: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


def _check_gain(where: str, arg: Any, keys: tuple[str, ...] = GAINS) -> list[str]:
    if not isinstance(arg, dict) or not arg:
        return [f"{where}: expects a mapping of {', '.join(keys)} to counts"]
    return [f"{where}: '{k}' is not one of {', '.join(keys)}" for k in arg if k not in keys] + [
        f"{where}: count for '{k}' must be a whole number >= 1" for k, v in arg.items() if not _int(v, 1)
    ]


def check_steps(where: str, steps: Any) -> list[str]:
    """Every problem in a list of effect steps; an unknown step is named."""
    if not isinstance(steps, list):
        return [f"{where}: effects must be a list of steps"]
    problems: list[str] = []
    for i, step in enumerate(steps):
        at = f"{where} step {i + 1}"
        if not isinstance(step, dict) or len(step) != 1:
            problems.append(f"{at}: each step is a mapping with exactly one effect name")
            continue
        ((name, arg),) = step.items()
        if name not in STEP_NAMES:
            problems.append(f"{at}: unknown effect '{name}' (known: {', '.join(STEP_NAMES)})")
            continue
        problems += _check_arg(f"{at} ({name})", name, arg)
    return problems


def _check_arg(at: str, name: str, arg: Any) -> list[str]:
    if name in ("gain",):
        return _check_gain(at, arg)
    if name == "stock":
        return _check_gain(at, arg, RESOURCES)
    if name in (
        "gain_any",
        "draw",
        "draw_bay",
        "boat",
        "activate_green",
        "copy_location",
        "take_stock",
        "discard_then_play",
    ):
        return [] if _int(arg, 1) else [f"{at}: expects a whole number >= 1"]
    if name == "may":
        if not isinstance(arg, list) or not arg:
            return [f"{at}: expects a list of steps"]
        return check_steps(f"{at} (optional)", arg)
    if name == "choose":
        if not isinstance(arg, list) or len(arg) < 2:
            return [f"{at}: expects a list of at least two step lists"]
        return [p for j, option in enumerate(arg) for p in check_steps(f"{at} option {j + 1}", option)]
    if name == "trade":
        if not isinstance(arg, dict) or set(arg) != {"pay", "max", "get"}:
            return [f"{at}: expects pay, max and get"]
        out = [] if arg["pay"] in RESOURCES else [f"{at}: pay must be a resource"]
        out += [] if _int(arg["max"], 1) else [f"{at}: max must be >= 1"]
        return out + _check_gain(at, arg["get"])
    if name == "discard_for":
        if not isinstance(arg, dict) or set(arg) != {"max", "each"} or not _int(arg["max"], 1):
            return [f"{at}: expects max (>= 1) and each"]
        return check_steps(at, arg["each"])
    if name == "play_discounted":
        if (
            not isinstance(arg, dict)
            or arg.get("source") not in ("bay", "any")
            or not _int(arg.get("fewer"), 1)
        ):
            return [f"{at}: expects source (bay or any) and fewer (>= 1)"]
        return []
    if name == "give_for":
        return check_steps(at, arg)
    if name == "draw_play_free":
        if (
            not isinstance(arg, dict)
            or not _int(arg.get("draw"), 1)
            or arg.get("except") not in (*COLOURS, None)
        ):
            return [f"{at}: expects draw (>= 1) and except (a colour)"]
        return []
    return []  # pragma: no cover - every name is handled above


def _names(where: str, raw: dict[str, Any]) -> list[str]:
    return [
        f"{where}: needs '{k}' (a name)"
        for k in ("en", "pt")
        if not isinstance(raw.get(k), str) or not raw[k]
    ]


def _check_counter(where: str, per: Any) -> list[str]:
    if per in COUNTERS_FIXED:
        return []
    if isinstance(per, str) and per.startswith("colour:") and per[7:] in COLOURS:
        return []
    if isinstance(per, str) and per.startswith("kind:") and per[5:] in KINDS:
        return []
    return [f"{where}: unknown scoring counter '{per}'"]


def _check_card(i: int, raw: Any, seen: set[str]) -> list[str]:
    if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
        return [f"card {i + 1}: needs an id"]
    at = f"card '{raw['id']}'"
    known = {
        "id",
        "en",
        "pt",
        "kind",
        "unique",
        "colour",
        "cost",
        "points",
        "copies",
        "no_space",
        "effect",
        "on_enter",
        "triggers",
        "scoring",
        "ours",
    }
    problems = [f"{at}: unknown field '{k}'" for k in raw if k not in known]
    if raw["id"] in seen:
        problems.append(f"{at}: the id is used twice")
    seen.add(raw["id"])
    problems += _names(at, raw)
    if raw.get("kind") not in KINDS:
        problems.append(f"{at}: kind must be critter or construction")
    if raw.get("colour") not in COLOURS:
        problems.append(f"{at}: colour must be one of {', '.join(COLOURS)}")
    if not isinstance(raw.get("unique"), bool):
        problems.append(f"{at}: unique must be true or false")
    cost = raw.get("cost", {})
    if cost:
        problems += _check_gain(f"{at} cost", cost, RESOURCES)
    if raw.get("kind") == "construction" and isinstance(cost, dict) and cost.get("mushroom"):
        problems.append(f"{at}: a Construction never requires Mushrooms")
    for key in ("points", "copies"):
        if not _int(raw.get(key), 0 if key == "points" else 1):
            problems.append(f"{at}: {key} must be a whole number")
    for key in ("effect", "on_enter"):
        if key in raw:
            problems += check_steps(f"{at} {key}", raw[key])
    for j, trig in enumerate(raw.get("triggers", [])):
        tat = f"{at} trigger {j + 1}"
        if not isinstance(trig, dict) or trig.get("when") not in TRIGGER_WHEN:
            problems.append(f"{tat}: when must be one of {', '.join(TRIGGER_WHEN)}")
            continue
        flt = trig.get("filter", {})
        if not isinstance(flt, dict) or any(k not in ("kind", "colour") for k in flt):
            problems.append(f"{tat}: filter takes kind and colour only")
        problems += check_steps(tat, trig.get("do"))
    for j, rule in enumerate(raw.get("scoring", [])):
        if not isinstance(rule, dict) or not _int(rule.get("points"), 1):
            problems.append(f"{at} scoring {j + 1}: expects per and points")
            continue
        problems += _check_counter(f"{at} scoring {j + 1}", rule.get("per"))
    problems += [
        f"{at}: ours takes {', '.join(OURS_MARKS)}, not '{m}'"
        for m in raw.get("ours", [])
        if m not in OURS_MARKS
    ]
    return problems


def _check_locations(kind: str, raw: Any, count: int | None) -> list[str]:
    if not isinstance(raw, list) or (count is not None and len(raw) != count):
        return [f"{kind}: expects a list of {count} locations" if count else f"{kind}: expects a list"]
    problems: list[str] = []
    for i, loc in enumerate(raw):
        if not isinstance(loc, dict) or not isinstance(loc.get("id"), str):
            problems.append(f"{kind} {i + 1}: needs an id")
            continue
        problems += _names(f"{kind} '{loc['id']}'", loc) + check_steps(
            f"{kind} '{loc['id']}'", loc.get("effect")
        )
    return problems


def _check_match(where: str, match: Any) -> list[str]:
    if match in MATCHES_FIXED:
        return []
    if isinstance(match, str) and (
        match[7:] in COLOURS
        and match.startswith("colour:")
        or match.startswith("kind:")
        and match[5:] in KINDS
    ):
        return []
    return [f"{where}: unknown match '{match}'"]


def problems_in(data: Any) -> list[str]:
    """Every problem of a content data set (empty: usable)."""
    if not isinstance(data, dict):
        return ["the content must be a mapping with cards, shores, islands, compass, maps, boat_track"]
    problems: list[str] = []
    missing = [k for k in ("cards", "shores", "islands", "compass", "maps", "boat_track") if k not in data]
    if missing:
        return [f"missing section '{k}'" for k in missing]
    seen: set[str] = set()
    cards = data["cards"] if isinstance(data["cards"], list) else []
    for i, raw in enumerate(cards):
        problems += _check_card(i, raw, seen)
    total = sum(c.get("copies", 0) for c in cards if isinstance(c, dict) and _int(c.get("copies"), 1))
    if total < 40:
        problems.append(f"cards: the deck needs at least 40 cards, not {total}")
    problems += _check_locations("shore", data["shores"], 4)
    problems += _check_locations("island", data["islands"], None)
    if isinstance(data["islands"], list) and len(data["islands"]) < 4:
        problems.append("islands: at least 4 are needed (one per player)")
    compass = data["compass"]
    if not isinstance(compass, dict) or set(compass) != {"A", "B"}:
        problems.append("compass: expects piles A and B")
    else:
        for pile, tiles in compass.items():
            if not isinstance(tiles, list) or len(tiles) < 4:
                problems.append(f"compass {pile}: expects at least 4 tiles (one per season)")
                continue
            for j, tile in enumerate(tiles):
                if not isinstance(tile, dict) or not isinstance(tile.get("id"), str):
                    problems.append(f"compass {pile} tile {j + 1}: needs an id")
                else:
                    problems += _check_match(f"compass {pile} '{tile['id']}'", tile.get("match"))
    maps = data["maps"]
    if (
        not isinstance(maps, dict)
        or not isinstance(maps.get("types"), list)
        or not isinstance(maps.get("values"), list)
    ):
        problems.append("maps: expects values and types")
    else:
        if len(maps["values"]) != 4 or any(v not in (0, 1, 2) for v in maps["values"]):
            problems.append("maps: values lists the 4 tiles of a stack (2, 1 or 0 each)")
        for j, mt in enumerate(maps["types"]):
            if (
                not isinstance(mt, dict)
                or not isinstance(mt.get("id"), str)
                or not isinstance(mt.get("need"), dict)
            ):
                problems.append(f"map {j + 1}: needs an id and a need")
                continue
            problems += _names(f"map '{mt['id']}'", mt)
            for counter, n in mt["need"].items():
                problems += _check_counter(f"map '{mt['id']}'", counter)
                if not _int(n, 1):
                    problems.append(f"map '{mt['id']}': count for {counter} must be >= 1")
    track = data["boat_track"]
    if not isinstance(track, dict) or not isinstance(track.get("points"), list) or len(track["points"]) < 2:
        problems.append("boat_track: expects points (per space, start first) and chests")
    else:
        pts = track["points"]
        if pts[-1] != 60 or any(not _int(p) for p in pts):
            problems.append("boat_track: points are whole numbers and the last space is worth 60")
        if any(not _int(c, 1) or c >= len(pts) for c in track.get("chests", [])):
            problems.append("boat_track: chests name spaces of the track")
    if not _int(data.get("dunes_capacity", 0)):
        problems.append("dunes_capacity: a whole number (0 for unlimited)")
    return problems


def problems_in_text(text: str) -> list[str]:
    """A server's upload: every problem (never raises)."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        return [f"not YAML: {type(exc).__name__}"]
    return problems_in(data)


def _steps(raw: Any) -> tuple[Step, ...]:
    return tuple(raw or ())


def build(data: dict[str, Any]) -> Content:
    problems = problems_in(data)
    if problems:
        raise ContentError(problems)
    cards: dict[str, Card] = {}
    for raw in data["cards"]:
        cost = raw.get("cost", {})
        cards[raw["id"]] = Card(
            id=raw["id"],
            names={"en": raw["en"], "pt": raw["pt"]},
            kind=raw["kind"],
            unique=raw["unique"],
            colour=raw["colour"],
            cost=(
                cost.get("driftwood", 0),
                cost.get("seaweed", 0),
                cost.get("stone", 0),
                cost.get("mushroom", 0),
            ),
            points=raw["points"],
            copies=raw["copies"],
            no_space=bool(raw.get("no_space", False)),
            effect=_steps(raw.get("effect")),
            on_enter=_steps(raw.get("on_enter")),
            triggers=tuple(
                Trigger(
                    t["when"],
                    t.get("filter", {}).get("kind"),
                    t.get("filter", {}).get("colour"),
                    _steps(t["do"]),
                )
                for t in raw.get("triggers", [])
            ),
            scoring=tuple((r["per"], r["points"]) for r in raw.get("scoring", [])),
            ours=tuple(raw.get("ours", ())),
        )

    def locs(items: list[dict[str, Any]]) -> tuple[Location, ...]:
        return tuple(Location(x["id"], {"en": x["en"], "pt": x["pt"]}, _steps(x["effect"])) for x in items)

    return Content(
        cards=cards,
        shores=locs(data["shores"]),
        islands=locs(data["islands"]),
        compass_a=tuple((t["id"], t["match"]) for t in data["compass"]["A"]),
        compass_b=tuple((t["id"], t["match"]) for t in data["compass"]["B"]),
        map_values=tuple(data["maps"]["values"]),
        maps=tuple(
            MapType(m["id"], {"en": m["en"], "pt": m["pt"]}, dict(m["need"]), bool(m.get("printed", False)))
            for m in data["maps"]["types"]
        ),
        track_points=tuple(data["boat_track"]["points"]),
        chests=frozenset(data["boat_track"].get("chests", [])),
        dunes_capacity=int(data.get("dunes_capacity", 0)),
        tokens=dict(data.get("tokens", {})),
    )


@cache
def load_text(text: str) -> Content:
    return build(yaml.safe_load(text))


def ours_text() -> str:
    return DATA_FILE.read_text(encoding="utf-8")


def load(text: str | None = None) -> Content:
    return load_text(text if text is not None else ours_text())
