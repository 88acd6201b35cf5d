"""The server data set of the solo rules: the values no official source settles (the per-level
first-income-turn advances, the disputed hard mat). Ours come from `data/automa_open_values.yaml`;
a server's checked file replaces it for every new solo or Shadow Empire lobby."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.datasets import REPLACES_OURS, DataSet
from engine.games.tapestry.automa.data import parse_open_values

KIND = "automa_rules"
OPTION = "automa_rules"


def check(text: str) -> list[str]:
    try:
        parse_open_values(text)
    except ValueError as exc:
        return [str(exc)]
    except (TypeError, AttributeError, RecursionError) as exc:
        return [f"the file could not be read: {type(exc).__name__}"]
    return []


def against_bots(options: Mapping[str, Any]) -> bool:
    return options.get("opponent") in ("automa", "shadow")


DATA_SETS = (DataSet(KIND, OPTION, check, against_bots, REPLACES_OURS),)
