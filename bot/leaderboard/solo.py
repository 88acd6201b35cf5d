"""Automated solo opponents whose records we keep, per game, with their difficulty scales.

A play is "solo" when people face one of these opponents. Engines report it in the result
details: Everdell's Rugwort as `details["rugwort"]`; any other game may report
`details["solo"] = {"opponent", "level", "score", "won"}`; failing that, an automa seat counts,
with its policy as the opponent. A level the details leave out is read from the lobby option the
game declares for that opponent (`AutomaSpec.level_option`); an opponent declared without
levels (each of several AI personalities, say) keeps one record of its own.
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


def all_opponents() -> tuple[Opponent, ...]:
    """Every game's declared automated opponents (the game's definition names them, the
    platform names none). An opponent whose values a server may replace (a data set of ours) also
    has a variant played with the server's values, whose records are kept apart (`<id>@server`)."""
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
    return tuple(found)


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


def declared_level(game: str, opponent_id: str, options: dict[str, Any]) -> int | None:
    """The difficulty the lobby chose, from the option the game declares for this opponent."""
    if game not in game_ids():
        return None
    spec = next((a for a in get_game(game).automa if a.id == opponent_id), None)
    if spec is None or spec.level_option is None:
        return None
    return _int(options.get(spec.level_option))


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
        name = str(solo["opponent"])
        level = _int(solo.get("level"))
        if level is None:
            level = declared_level(game, name, options)
        return SoloFacts(name, level, _int(solo.get("score")), _bool(solo.get("won")))
    if automa_policy is not None or automa_score is not None:
        name = automa_policy or f"{game}_automa"
        return SoloFacts(name, declared_level(game, name, options), automa_score, None)
    return None


def _int(value: Any) -> int | None:
    try:
        return int(value) if value is not None else None
    except (TypeError, ValueError):
        return None


def _bool(value: Any) -> bool | None:
    return bool(value) if value is not None else None
