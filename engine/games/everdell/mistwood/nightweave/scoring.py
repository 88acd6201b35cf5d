"""Her final score, by the Scoring card of the chosen difficulty."""

from __future__ import annotations

from collections.abc import Callable

from engine.games.everdell.mistwood.models import DifficultyLevel
from engine.games.everdell.mistwood.nightweave.state import NightweaveState


def tally(
    level: DifficultyLevel,
    cards: int,
    tokens: int,
    journey: int,
    basic_events: int,
    special_events: int,
    zero_cards: int,
    prosperity_cards: int,
) -> dict[str, int]:
    """Her score from counts (what a physical table can read off her lair): printed values plus
    the difficulty row. A card earning both bonuses is counted by the caller as the larger one."""
    out = {
        "cards": cards,
        "tokens": tokens,
        "journey": journey,
        "basic_events": basic_events,
        "special_events": level.special_event * special_events,
        "bonus": level.bonus_zero_value * zero_cards + level.bonus_prosperity * prosperity_cards,
    }
    out["total"] = sum(out.values())
    return out


def score(
    st: NightweaveState,
    level: DifficultyLevel,
    card_points: Callable[[str], int],
    card_color: Callable[[str], str],
    event_points: Callable[[str], int],
    legendary: Callable[[str], bool] | None = None,
) -> dict[str, int]:
    """Printed values for cards, tokens, Journey and Basic Events; the table for the rest.

    A card earns at most one bonus (Prosperity or Legendary, or printed 0 points), never both.
    """
    cards = sum(card_points(c.card) for c in st.city)
    bonus = 0
    for c in st.city:
        options = []
        if card_color(c.card) == "prosperity" or legendary is not None and legendary(c.card):
            options.append(level.bonus_prosperity)
        if card_points(c.card) == 0:
            options.append(level.bonus_zero_value)
        bonus += max(options, default=0)
    basic = sum(event_points(e) for e in st.events if e not in st.special_events)
    special = level.special_event * sum(1 for e in st.events if e in st.special_events)
    out = {
        "cards": cards,
        "tokens": st.tokens,
        "journey": st.journey,
        "basic_events": basic,
        "special_events": special,
        "bonus": bonus,
    }
    out["total"] = sum(out.values())
    return out


def human_wins(human: int, nightweave: int) -> bool:
    """A human beats her only with strictly more points: ties go to Nightweave."""
    return human > nightweave
