"""The test fixtures of the expansion modules (`module_data/`, invented, never shipped) as match
options: every module on, each with its test set."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from engine.games.tapestry import modules

DATA = Path(__file__).parent / "module_data"


@cache
def text(module: str) -> str:
    return (DATA / f"{module}.yaml").read_text(encoding="utf-8")


def options(*chosen: str) -> dict[str, Any]:
    """Lobby options with these modules (all when none are named) and their test sets."""
    names = chosen or modules.MODULES
    return {"modules": ",".join(names), **{modules.option_of(m): text(m) for m in names}}
