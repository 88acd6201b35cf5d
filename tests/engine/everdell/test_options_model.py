"""Everdell's options model: an option meant for one opponent is refused with another, naming it
(`rugwort level:3` used to play year 1 in silence)."""

from __future__ import annotations

import pytest

from engine.core.errors import InvalidSetup
from engine.core.registry import get_game

EVERDELL = get_game("everdell")


@pytest.mark.parametrize(
    ("raw", "key", "option"),
    [
        ({"opponent": "rugwort", "nightweave_level": "3"}, "error.everdell.nightweave_only", "nightweave_level"),
        ({"opponent": "none", "modules": "personalities"}, "error.everdell.nightweave_only", "modules"),
        ({"opponent": "nightweave", "rugwort_year": "2"}, "error.everdell.rugwort_only", "rugwort_year"),
        ({"powers_spring_worker": "true"}, "error.everdell.spring_worker_needs_powers", "powers_spring_worker"),
        ({"player_powers": "true", "powers_spring_worker": "true"}, "error.everdell.spring_worker_nightweave", "powers_spring_worker"),
    ],
)
def test_an_option_of_another_opponent_is_refused_by_name(raw: dict[str, str], key: str, option: str) -> None:
    with pytest.raises(InvalidSetup) as refused:
        EVERDELL.parse_options(raw, 1)
    assert refused.value.key == key and refused.value.params["option"] == option


def test_the_level_alone_still_means_nightweave_and_the_year_alone_rugwort() -> None:
    assert EVERDELL.parse_options({"nightweave_level": "3"}, 1)["nightweave_level"] == 3
    assert EVERDELL.parse_options({"rugwort_year": "3"}, 1) == {"rugwort_year": 3}
    assert EVERDELL.parse_options({"opponent": "rugwort", "rugwort_year": "2"}, 1) == {"rugwort_year": 2}
