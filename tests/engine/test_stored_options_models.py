"""Options stored with matches load through the games' options models: the golden replays' and
those of every canonical setup (Nightweave with modules and player powers, Dominion with
Adventures and per-seat reactions) parse field by field through the model, and normalize back to
exactly what was stored, so matches saved before the models existed keep replaying unchanged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.core.registry import get_game

REPLAYS = Path(__file__).parent / "replays"
CANONICAL: list[tuple[str, int, dict[str, Any]]] = [
    ("dominion", 3, {"kingdom": "random", "sets": "base,adventures", "max_events": 1, "errata": True}),
    ("dominion", 2, {"kingdom": "Gentle Intro", "reactions": "ask"}),
    ("everdell", 1, {"opponent": "nightweave", "nightweave_level": 3, "modules": "personalities,plots"}),
    ("everdell", 2, {"opponent": "nightweave", "player_powers": True, "powers_spring_worker": True}),
    ("everdell", 1, {"rugwort_year": 3, "player_powers": True}),
]


def through_model(game: str, players: int, stored: dict[str, Any]) -> dict[str, Any]:
    definition = get_game(game)
    fields = definition.options_model.model_fields
    typed = {k: v for k, v in stored.items() if k in fields}
    rest = {k: v for k, v in stored.items() if k not in fields}
    return definition.parse_options(typed, players, hidden=rest)


@pytest.mark.parametrize("path", sorted(REPLAYS.glob("*.json")), ids=lambda p: p.stem)
def test_golden_replays_options_load_through_the_model(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    stored = data["options"]
    assert through_model(data["game"], len(data["seats"]), stored) == stored


@pytest.mark.parametrize(("game", "players", "chosen"), CANONICAL)
def test_stored_options_of_every_setup_are_a_fixed_point(game: str, players: int, chosen: dict[str, Any]) -> None:
    stored = get_game(game).parse_options(chosen, players)  # what a lobby stores
    assert through_model(game, players, stored) == stored
    if game == "dominion":  # a started match keeps one reactions mode per seat
        per_seat = {**stored, "reactions": ["always", "ask"][:players] + ["always"] * (players - 2)}
        assert through_model(game, players, per_seat) == per_seat
