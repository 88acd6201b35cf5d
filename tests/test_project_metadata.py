"""The package metadata describes the product as it is."""

from __future__ import annotations

import tomllib
from pathlib import Path

from engine.core.registry import get_game

ROOT = Path(__file__).resolve().parents[1]


def test_description_names_only_the_games_offered() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    description = project["description"]
    games = [p.name for p in (ROOT / "engine" / "games").iterdir() if p.is_dir() and not p.name.startswith("_")]
    for game in games:
        named = game.casefold() in description.casefold()
        assert named == get_game(game).released, (game, description)
    assert "Adventures" in description and "Mistwood" in description


def test_babel_is_pinned() -> None:
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    assert any(d.startswith("Babel==") for d in deps)


def test_discord_encodes_json_with_orjson() -> None:
    """The pinned orjson is what discord.py uses for every payload (it falls back silently)."""
    import discord.utils

    assert discord.utils.HAS_ORJSON
