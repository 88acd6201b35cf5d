"""The year both games are played over, and the limits every player keeps to."""

from __future__ import annotations

SEASONS: tuple[str, ...] = ("winter", "spring", "summer", "autumn")
HAND_LIMIT = 8  # a hard limit: draws past it are simply not made
CITY_LIMIT = 15  # spaces in a city (Everdell) or a village (Farshore)
