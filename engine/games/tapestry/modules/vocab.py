"""The effect vocabulary of the uploaded expansion sets: the engine's own benefit tokens (see
`effects.py`) plus the few words the expansions' mechanisms add (triggers, goals). Every entry of a
server's file is checked against it on upload, so a game never meets a word it cannot play."""

from __future__ import annotations

from typing import Any

from engine.games.tapestry.data import BUILDINGS, RESOURCES, TRACKS

# plain benefit tokens the interpreter (effects.token) knows
PLAIN = frozenset(
    {
        *RESOURCES,
        "any",
        *BUILDINGS,
        "any_building",
        "tile",
        "space_tile",
        "tapestry",
        "civ",
        "explore",
        "explore_anywhere",
        "explore_space",
        "conquer",
        "conquer_anywhere",
        "conquer_both",
        "conquer_tanks",
        "invent",
        "upgrade",
        "refresh_tech",
        "circle_middle",
        "square_top",
        "research",
        "research_nb",
        "roll_die",
        "alien_biology",
        "repeat_any",
        "repeat_any_battery",
        "singularity",
        "overplay",
    }
)
TRACK_HEADS = frozenset({"adv", "adv_nb", "reg", "reg_nb"})
# what `vpx:<what>` and a landmark card's goal may count (scoring.count, plus goal-only counts)
COUNTS = frozenset(
    {"tech_cards", "capital", "territories", "tiles", *BUILDINGS, "buildings", "tapestries", "charms"}
)
GOAL_COUNTS = COUNTS | frozenset(
    {"landmarks", "districts", "toppled", "achievements", "explored_space", "income_turns"}
)
# the moments a THIS ERA or ONGOING ability (or an uploaded space tile) reacts to
TRIGGERS = ("advance", "new_tier", "building", "landmark", "conquer", "explore", "income_turn")


def count_ok(what: str, goal: bool = False) -> bool:
    if what.startswith("sp:") or what.startswith("track:"):
        return what.split(":", 1)[1] in TRACKS
    return what in (GOAL_COUNTS if goal else COUNTS)


def token_problem(tok: str, landmarks: frozenset[str]) -> str | None:
    """Why a token is not in the vocabulary (None when it is)."""
    if tok in PLAIN:
        return None
    head, sep, arg = tok.partition(":")
    if not sep:
        return f"unknown benefit '{tok}'"
    if head in TRACK_HEADS:
        return None if arg in TRACKS else f"unknown track '{arg}' in '{tok}'"
    if head == "vp":
        return None if arg.isdigit() and 0 < int(arg) <= 50 else f"'{tok}': VP must be a number from 1 to 50"
    if head == "vpx":
        return None if count_ok(arg) else f"'{tok}': cannot count '{arg}'"
    if head == "landmark":
        return None if arg in landmarks else f"'{tok}': no landmark named '{arg}'"
    return f"unknown benefit '{tok}'"


def steps_problems(steps: Any, where: str, landmarks: frozenset[str], depth: int = 0) -> list[str]:
    """Every problem of a benefit list (tokens, `{one: [...]}`, `{order: [...]}`), named by `where`."""
    if not isinstance(steps, list):
        return [f"{where}: must be a list of benefits"]
    out: list[str] = []
    for step in steps:
        if isinstance(step, str):
            problem = token_problem(step, landmarks)
            if problem:
                out.append(f"{where}: {problem}")
        elif isinstance(step, dict) and len(step) == 1 and next(iter(step)) in ("one", "order") and depth < 3:
            inner = next(iter(step.values()))
            if not isinstance(inner, list) or len(inner) < 2:
                out.append(f"{where}: '{next(iter(step))}' needs a list of at least 2 benefits")
            else:
                out += steps_problems(
                    [s if isinstance(s, (str, dict)) else str(s) for s in inner], where, landmarks, depth + 1
                )
                out += [f"{where}: '{s}' is not a benefit" for s in inner if not isinstance(s, (str, dict))]
        else:
            out.append(f"{where}: '{step}' is not a benefit")
    return out
