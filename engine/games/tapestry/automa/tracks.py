"""Which track a bot advances on: the track card's indicator names the valid tracks, the tiebreaker
card's list (Automa top to bottom, Shadow bottom to top, the heart = that bot's favourite) picks
one of them. Pure functions of the public state."""

from __future__ import annotations

from collections.abc import Callable

from engine.games.tapestry.automa.data import FAVORITE, DecisionCard, resolve
from engine.games.tapestry.data import TRACKS, tracks

LANDMARK_SPACES = (4, 7, 10)
END = 12


def to_target(track: str, pos: int, landmark_open: Callable[[str], bool]) -> int:
    """Spaces to the nearest target ahead: the next landmark nobody has claimed, or the end."""
    best = END - pos
    for space in LANDMARK_SPACES:
        if space > pos:
            name = tracks()[track].spaces[space - 1].landmark
            if name is not None and landmark_open(name):
                best = min(best, space - pos)
                break
    return best


def valid_tracks(
    indicator: str, positions: dict[str, int], favorite: str, landmark_open: Callable[[str], bool]
) -> list[str]:
    """The tracks an indicator allows; a track the bot finished is never valid."""
    open_tracks = [t for t in TRACKS if positions[t] < END]
    if not open_tracks:
        return []
    if indicator == "all":
        return open_tracks
    if indicator == FAVORITE:
        return [favorite] if favorite in open_tracks else []
    if indicator == "finish":
        dist = {t: END - positions[t] for t in open_tracks}
    else:  # landmark_or_finish
        dist = {t: to_target(t, positions[t], landmark_open) for t in open_tracks}
    low = min(dist.values())
    return [t for t in open_tracks if dist[t] == low]


def pick(valid: list[str], card: DecisionCard, shadow: bool, favorite: str) -> tuple[str | None, str]:
    """(track, why): the first valid track in the tiebreak list; the favourite when nothing is
    valid (BGA's fallback, our ruling); None when every track is finished."""
    if len(valid) == 1:
        return valid[0], "only"
    for entry in card.order(shadow):
        track = resolve(entry, favorite)
        if track in valid:
            return track, "favorite" if entry == FAVORITE else "tiebreak"
    return None, "none"
