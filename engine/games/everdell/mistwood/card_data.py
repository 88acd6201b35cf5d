"""Mistwood card data: what `content.yaml` knows, completed by a server's own file.

The rulebook prints the effects of the More Legends, Corrin Evertail and Through Every Season
cards but not their costs, points, colours or ribbon cards (and no Farm texts at all). Each
entry of `content.yaml` therefore lists under `missing:` exactly what it lacks. A pack can enter
a game only once every missing field is supplied: a server owner copies the values from their
physical cards into a completion file, which travels inside the match options (as text, like a
replacement Activity deck) so a replay rebuilds the same cards.

Completion file (YAML or JSON):

    cards:                      # fill fields of known cards, matched by id
      - id: jor_auriasa
        kind: critter
        color: traveler
        cost: {berry: 3}
        points: 2
        unique: true
    farms:                      # the 8 Through Every Season Farms, complete entries
      - id: ...

Every problem is reported at once, with the card it belongs to.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any

from engine.core.errors import InvalidSetup
from engine.games.everdell.mistwood import loader, pack_schema

PACKS: tuple[str, ...] = ("more_legends", "corrin", "farms")
OPTION = "mistwood_cards"  # match option: the completion file's text
MAX_TEXT = 100_000  # a completion file is a few KB: anything larger is refused unread
FARM_COUNT = 8


def known_entries(pack: str) -> list[dict[str, Any]]:
    """The shipped entries of a pack (fresh copies), `missing:` lists included."""
    if pack not in PACKS:
        raise ValueError(f"unknown Mistwood pack {pack!r}")
    content = loader.default_content_raw()
    if pack == "farms":
        return [copy.deepcopy(e) for e in content.get("farm_cards", [])]
    return [copy.deepcopy(e) for e in content["cards"] if e.get("pack") == pack]


def missing(pack: str, supplied: str | None = None) -> dict[str, list[str]]:
    """What is still unknown for each card of the pack once `supplied` is applied.

    For the Farms, a pack with fewer than 8 complete entries reports `farms: [count]`."""
    return _gaps(pack, _merge(pack, supplied)[0])


def _gaps(pack: str, entries: list[dict[str, Any]]) -> dict[str, list[str]]:
    gaps = {e["id"]: list(e["missing"]) for e in entries if e.get("missing")}
    if pack == "farms" and len(entries) != FARM_COUNT:
        gaps["farms"] = [f"{FARM_COUNT} cards, {len(entries)} given"]
    return gaps


def complete_entries(pack: str, options: dict[str, Any]) -> list[dict[str, Any]]:
    """The pack's entries with every field known, or InvalidSetup naming what is missing."""
    entries, problems = _merge(pack, options.get(OPTION))
    if problems:
        raise InvalidSetup("error.mistwood.bad_card_data", problems="\n".join(problems[:10]))
    gaps = _gaps(pack, entries)
    if gaps:
        listed = "; ".join(f"{card}: {', '.join(fields)}" for card, fields in sorted(gaps.items()))
        raise InvalidSetup("error.mistwood.card_data_missing", pack=pack, missing=listed)
    for entry in entries:
        entry.pop("missing", None)
    return entries


def check_file(text: str) -> list[str]:
    """Every problem of a completion file (empty when it is usable as far as it goes)."""
    problems: list[str] = []
    for pack in PACKS:
        problems.extend(_merge(pack, text)[1])
    return list(dict.fromkeys(problems))


def _merge(pack: str, supplied: str | None) -> tuple[list[dict[str, Any]], list[str]]:
    entries = known_entries(pack)
    if supplied is None:
        return entries, []
    problems: list[str] = []
    data = _read(supplied, problems)
    if data is None:
        return entries, problems
    if pack == "farms":
        farms = data.get("farms")
        if farms is None:
            return entries, problems
        if not isinstance(farms, list):
            return entries, ["farms: must be a list of cards"]
        problems += pack_schema.farm_problems(farms)
        return [dict(f) for f in farms if isinstance(f, dict)], problems
    by_id = {e["id"]: e for e in entries}
    all_ids = {
        e["id"] for e in loader.default_content_raw()["cards"] if e.get("pack") in ("more_legends", "corrin")
    }
    for index, raw in enumerate(data.get("cards") or [], start=1):
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
            problems.append(f"cards entry {index}: must be a mapping with an 'id'")
            continue
        if raw["id"] not in all_ids:
            problems.append(f"cards entry {index}: unknown card id '{raw['id']}'")
            continue
        entry = by_id.get(raw["id"])
        if entry is None:
            continue  # belongs to the other pack
        for field, value in raw.items():
            if field == "id":
                continue
            if field in entry and field not in entry.get("missing", []) and entry[field] != value:
                problems.append(f"{raw['id']}: '{field}' is printed in the rulebook and cannot be changed")
                continue
            entry[field] = value
            if field in entry.get("missing", []):
                entry["missing"].remove(field)
    if pack == "corrin":
        for entry in entries:
            problems += pack_schema.card_problems(entry)
    return entries, problems


@lru_cache(maxsize=16)
def _parse(text: str) -> tuple[Any, tuple[str, ...]]:
    """The parsed file, or its problems: parsed once, as every match built on it reads it again."""
    try:
        return loader.read_source(text if "\n" in text else text + "\n", "Mistwood card data"), ()
    except loader.MistwoodDataError as exc:
        return None, tuple(exc.problems)


def _read(text: str, problems: list[str]) -> dict[str, Any] | None:
    parsed, errors = _parse(text)
    if errors:
        problems.extend(errors)
        return None
    data = copy.deepcopy(parsed)  # the merge shares its values with the entries it returns
    if not isinstance(data, dict):
        problems.append("the file must be a mapping with 'cards:' and/or 'farms:'")
        return None
    extra = set(data) - {"cards", "farms"}
    if extra:
        problems.append(f"unknown top-level field(s): {', '.join(sorted(extra))}")
    if "cards" in data and not isinstance(data["cards"], list):
        problems.append("'cards:' must be a list")
        return None
    return data
