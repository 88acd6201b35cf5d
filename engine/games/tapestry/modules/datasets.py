"""The expansion modules' sets as server data sets: checked on upload, copied into a lobby that
chose the module (`modules=`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core.datasets import COMPLETES, DataSet
from engine.core.errors import InvalidSetup
from engine.games.tapestry import modules
from engine.games.tapestry.modules import sets


def _check(kind: str) -> Callable[[str], list[str]]:
    def check(text: str) -> list[str]:
        try:
            return sets.check(kind, text)
        except (TypeError, AttributeError, ValueError, RecursionError) as exc:  # a shape nobody foresaw
            return [f"the file could not be read: {type(exc).__name__}"]

    return check


def _applies(kind: str) -> Callable[[Mapping[str, Any]], bool]:
    def applies(options: Mapping[str, Any]) -> bool:
        try:
            return kind in modules.chosen(options)
        except InvalidSetup:
            return False

    return applies


DATA_SETS = tuple(
    DataSet(m, modules.option_of(m), _check(m), _applies(m), COMPLETES) for m in modules.MODULES
)
