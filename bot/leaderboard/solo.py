"""Automated solo opponents whose records we keep, per game, with their difficulty scales.

A play is "solo" when people face one of these opponents. Engines report it in the result
details: Everdell's Rugwort as `details["rugwort"]`; any other game may report
`details["solo"] = {"opponent", "level", "score", "won"}`; failing that, an automa seat counts,
with its policy as the opponent and the `level` or `difficulty` option as the level.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.i18n import t
from engine.core.datasets import REPLACES_OURS, DataSet
from engine.core.registry import game_ids, get_game

# Marks the records of an opponent played with a server's replacement of our own values.
SERVER_DATA = "@server"


@dataclass(frozen=True)
class Opponent:
    id: str
    game: str
    names: dict[str, str]  # locale -> name
    levels: tuple[int, ...]
    level_key: str  # message key naming one level: "year {level}", "level {level}"
    humans: tuple[int, ...] = (1,)  # how many people may face it in one game


# Opponents of games played only at a physical table here, until their engines declare them.
_TABLE_ONLY: tuple[Opponent, ...] = (
    Opponent(
        "tapestry_automa",
        "tapestry",
        {"en": "Automa", "pt": "Automa"},
        (1, 2, 3, 4, 5, 6, 7, 8),
        "lb.solo.level",
    ),
    Opponent(
        "architects_ai", "architects", {"en": "AI opponent", "pt": "Oponente IA"}, (1, 2, 3), "lb.solo.level"
    ),
)


def all_opponents() -> tuple[Opponent, ...]:
    """Every game's declared automated opponents, then the table-only ones of games declaring none.
    An opponent whose values a server may replace (a data set of ours) also has a variant played
    with the server's values, whose records are kept apart (`<id>@server`)."""
    found: list[Opponent] = []
    for game_id in game_ids():
        definition = get_game(game_id)
        ours = {d.kind for d in definition.data_sets if d.role == REPLACES_OURS}
        for spec in definition.automa:
            replaceable = bool(ours & set(spec.uses))
            mine = Opponent(spec.id, game_id, dict(spec.names), spec.levels, f"lb.solo.{spec.level_word}", spec.humans)
            found.append(mine)
            if replaceable:
                found.append(Opponent(f"{spec.id}{SERVER_DATA}", game_id, mine.names, mine.levels, mine.level_key, mine.humans))
    games = {o.game for o in found}
    return (*found, *(o for o in _TABLE_ONLY if o.game not in games))


def opponents_for(game: str) -> list[Opponent]:
    return [o for o in all_opponents() if o.game == game]


def opponent(opponent_id: str) -> Opponent | None:
    return next((o for o in all_opponents() if o.id == opponent_id), None)


def opponent_name(opponent_id: str, locale: str) -> str:
    o = opponent(opponent_id)
    if o is None:
        return opponent_id.replace("_", " ").title()
    name = o.names.get(locale) or o.names["en"]
    return t("lb.solo.server_data", locale, name=name) if opponent_id.endswith(SERVER_DATA) else name


def with_server_data(
    solo_id: str, definition_data_sets: tuple[DataSet, ...], options: dict[str, Any]
) -> str:
    """The record's opponent id: `<id>@server` when the game was played with a server's file in
    place of values of our own design, so those records stand apart from ours."""
    replaced = any(
        d.role == REPLACES_OURS and d.applies(options) and options.get(d.option) is not None
        for d in definition_data_sets
    )
    return f"{solo_id}{SERVER_DATA}" if replaced and not solo_id.endswith(SERVER_DATA) else solo_id


def parse_choice(value: str) -> tuple[str, int | None] | None:
    """'nightweave:3' -> ('nightweave', 3); 'rugwort' -> ('rugwort', None); junk -> None."""
    name, _, level = value.partition(":")
    o = opponent(name.strip())
    if o is None:
        return None
    if not level:
        return o.id, None
    try:
        n = int(level)
    except ValueError:
        return None
    return (o.id, n) if n in o.levels else None


@dataclass(frozen=True)
class SoloFacts:
    opponent: str
    level: int | None
    score: int | None
    won: bool | None


def solo_of(
    game: str,
    options: dict[str, Any],
    details: dict[str, Any],
    automa_policy: str | None,
    automa_score: int | None,
) -> SoloFacts | None:
    """What the stored result says about a solo opponent, if there was one."""
    rug = details.get("rugwort")
    if isinstance(rug, dict):
        return SoloFacts("rugwort", _int(rug.get("year")), _int(rug.get("score")), _bool(rug.get("won")))
    solo = details.get("solo")
    if isinstance(solo, dict) and solo.get("opponent"):
        return SoloFacts(
            str(solo["opponent"]), _int(solo.get("level")), _int(solo.get("score")), _bool(solo.get("won"))
        )
    if automa_policy is not None or automa_score is not None:
        level = _int(options.get("level", options.get("difficulty")))
        return SoloFacts(automa_policy or f"{game}_automa", level, automa_score, None)
    return None


def _int(value: Any) -> int | None:
    try:
        return int(value) if value is not None else None
    except (TypeError, ValueError):
        return None


def _bool(value: Any) -> bool | None:
    return bool(value) if value is not None else None
