"""A game's own words where the shared defaults fall short (see `Wording`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core import Event, Option

if TYPE_CHECKING:
    from bot.table import Live


def no_label(live: Live | None, option: Option, locale: str) -> str | None:
    return None


def no_params(live: Live | None, data: dict[str, Any], locale: str) -> dict[str, Any]:
    return {}


def no_seat(live: Live, seat: int) -> str | None:
    return None


def _no_summary(live: Live, events: list[Event], locale: str) -> list[str] | None:
    return None


@dataclass(frozen=True)
class Wording:
    """A game's own words where the shared defaults fall short: option labels that are not plain
    message keys, event and prompt parameters that are not card ids, seats the rules add themselves
    (a solo opponent without a seat of its own), and the phrases of an automated seat's channel
    line when its steps read better joined than one per event (a roll and what it decided)."""

    label: Callable[[Live | None, Option, str], str | None] = no_label
    params: Callable[[Live | None, dict[str, Any], str], dict[str, Any]] = no_params
    seat: Callable[[Live, int], str | None] = no_seat
    summary: Callable[[Live, list[Event], str], list[str] | None] = _no_summary


