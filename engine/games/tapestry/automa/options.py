"""Lobby options for the solo Automa (`opponent=automa`, 1 person) and the 2-player Shadow Empire
(`opponent=shadow`, 2 people). The server's open-values file travels in the options as text, so
the match record alone replays the game."""

from __future__ import annotations

from typing import Any

from engine.core.errors import InvalidSetup
from engine.games.tapestry.automa.data import CIV_SIDES, parse_open_values

OPPONENTS = ("automa", "shadow")
KEYS = ("opponent", "automa_level", "automa_second_civ", "automa_rules")
MAX_TEXT = 100_000


def _bad(option: str, value: Any) -> InvalidSetup:
    return InvalidSetup("error.bad_option", option=option, value=str(value)[:100])


def normalize(options: dict[str, Any], players: int) -> dict[str, Any]:
    """The canonical bot options (empty for a plain game); raises naming the offending option."""
    opponent = options.get("opponent")
    if opponent in (None, "none"):
        for key in KEYS[1:]:
            if options.get(key) is not None:
                raise _bad(key, options[key])
        return {}
    if opponent not in OPPONENTS:
        raise _bad("opponent", opponent)
    # the seat count is the game's to check (TapestryGame, AutomaGame): a lobby normalizes its
    # options before anyone has sat down
    out: dict[str, Any] = {"opponent": opponent}
    if opponent == "automa":
        level = options.get("automa_level", 2)
        try:
            level = int(level)
        except (TypeError, ValueError):
            raise _bad("automa_level", level) from None
        if level not in range(1, 7):
            raise _bad("automa_level", level)
        out["automa_level"] = level
        second = options.get("automa_second_civ")
        if level == 6:
            if second not in CIV_SIDES:
                raise _bad("automa_second_civ", second)
            out["automa_second_civ"] = second
        elif second is not None:
            raise _bad("automa_second_civ", second)
    else:
        for key in ("automa_level", "automa_second_civ"):
            if options.get(key) is not None:
                raise _bad(key, options[key])
    text = options.get("automa_rules")
    if text is not None:
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise _bad("automa_rules", "…")
        try:
            parse_open_values(text)
        except ValueError as exc:
            raise InvalidSetup("error.bad_option", option="automa_rules", value=str(exc)[:100]) from None
        out["automa_rules"] = text
    return out
