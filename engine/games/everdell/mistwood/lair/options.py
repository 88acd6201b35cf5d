"""Match options for a game against Nightweave, checked before the match starts.

A server-supplied Activity deck or scoring table travels inside the options as the file's text,
so the match record alone replays the game (no file on disk needs to survive).
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import InvalidSetup
from engine.games.everdell.mistwood import loader
from engine.games.everdell.mistwood.activity import ActivityDeck
from engine.games.everdell.mistwood.models import ScoringTable

OPPONENT = "nightweave"
MODULES = ("personalities", "plans", "plots")
MAX_DATA_TEXT = 100_000  # a deck file is a few KB; refuse anything absurd


def wants_nightweave(options: dict[str, Any]) -> bool:
    return options.get("opponent") == OPPONENT


def _bad(option: str, value: Any) -> InvalidSetup:
    return InvalidSetup("error.bad_option", option=option, value=str(value)[:100])


def normalize(options: dict[str, Any], players: int) -> dict[str, Any]:
    """The canonical options; raises InvalidSetup naming the offending option."""
    from engine.games.everdell.mistwood.lair.modules import PERSONALITIES, PLANS

    out: dict[str, Any] = {"opponent": OPPONENT}
    level = options.get("nightweave_level", 1)
    try:
        level = int(level)
    except (TypeError, ValueError):
        raise _bad("nightweave_level", level) from None
    if level not in range(5):
        raise _bad("nightweave_level", level)
    out["nightweave_level"] = level
    raw_modules = options.get("modules") or []
    if isinstance(raw_modules, str):
        raw_modules = [m for m in raw_modules.replace(",", " ").split() if m]
    if not isinstance(raw_modules, list) or any(m not in MODULES for m in raw_modules):
        raise _bad("modules", raw_modules)
    chosen = [m for m in MODULES if m in raw_modules]
    if "plans" in chosen and "plots" in chosen:
        raise InvalidSetup("error.nightweave.plans_and_plots")
    out["modules"] = chosen
    if options.get("pearlbrook"):
        raise InvalidSetup("error.nightweave.pearlbrook_unsupported")
    out["pearlbrook"] = False
    # Player powers: absent when off, so stored records keep their options
    powers = options.get("player_powers", False)
    spring = options.get("powers_spring_worker", False)
    if not isinstance(powers, bool):
        raise _bad("player_powers", powers)
    if not isinstance(spring, bool) or (spring and not powers):
        raise _bad("powers_spring_worker", spring)
    if powers:
        out["player_powers"] = True
    if spring:  # the rulebook's easiest balancing: the humans keep their spring worker
        out["powers_spring_worker"] = True
    for key, pool, module in (
        ("personality", PERSONALITIES, "personalities"),
        ("plan", PLANS, "plans"),
    ):
        value = options.get(key)
        if value is None:
            continue
        if module not in chosen or value not in pool:
            raise _bad(key, value)
        out[key] = value
    if out.get("plan") == "smothering_swarm" and level == 0:
        raise InvalidSetup("error.nightweave.plan_level", plan="smothering_swarm", level=0)
    if out.get("plan") == "weavers_whims" and "personalities" not in chosen:
        raise InvalidSetup("error.nightweave.whims_needs_personalities")
    for key, parse in (("nightweave_deck", _deck), ("nightweave_scoring", _scoring)):
        text = options.get(key)
        if text is None:
            continue
        if not isinstance(text, str) or len(text) > MAX_DATA_TEXT:
            raise _bad(key, "…")
        parse(text)  # refuse a broken file before the match exists
        out[key] = text
    if players not in (1, 2, 3):
        raise InvalidSetup("error.player_count", min=1, max=3, count=players)
    return out


def _data_error(key: str, exc: loader.MistwoodDataError) -> InvalidSetup:
    return InvalidSetup(key, problems="\n".join(exc.problems[:10]))


def _deck(text: str) -> ActivityDeck:
    try:
        return loader.parse_activity(loader.read_source(text if "\n" in text else text + "\n", "Activity deck"))
    except loader.MistwoodDataError as exc:
        raise _data_error("error.nightweave.bad_deck", exc) from None


def _scoring(text: str) -> ScoringTable:
    try:
        return loader.parse_scoring(loader.read_source(text if "\n" in text else text + "\n", "Scoring table"))
    except loader.MistwoodDataError as exc:
        raise _data_error("error.nightweave.bad_scoring", exc) from None


def activity_deck(options: dict[str, Any]) -> ActivityDeck:
    text = options.get("nightweave_deck")
    return loader.default_activity() if text is None else _deck(text)


def scoring_table(options: dict[str, Any]) -> ScoringTable:
    text = options.get("nightweave_scoring")
    return loader.default_scoring() if text is None else _scoring(text)
