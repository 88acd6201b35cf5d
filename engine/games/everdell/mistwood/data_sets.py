"""The files a server may upload for Mistwood: a replacement Activity deck and scoring table for
Nightweave (ours by default: the rulebook prints neither), and the card data the More Legends,
Corrin and Farms packs need (printed only on the cards)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from engine.core.datasets import COMPLETES, REPLACES_OURS, DataSet
from engine.games.everdell.mistwood import card_data, loader

log = logging.getLogger(__name__)

PACK_OPTIONS = ("legends", "corrin", "farms")


def _checked(kind: str, read: Callable[[str], list[str]]) -> Callable[[str], list[str]]:
    def check(text: str) -> list[str]:
        # With a line break the loader never takes the text for a path to a file on this machine.
        source = text if "\n" in text else text + "\n"
        try:
            return read(source)
        except loader.MistwoodDataError as exc:
            return list(exc.problems) or ["the file is invalid"]
        except (TypeError, AttributeError, RecursionError) as exc:
            # A shape the validators did not foresee: still the file's fault, never the game's.
            log.info("Mistwood %s file refused: %r", kind, exc)
            return [f"the file could not be read: {type(exc).__name__}"]

    return check


def _deck(source: str) -> list[str]:
    loader.parse_activity(loader.read_source(source, "Activity deck"))
    return []


def _scoring(source: str) -> list[str]:
    loader.parse_scoring(loader.read_source(source, "Scoring table"))
    return []


def against_nightweave(options: Mapping[str, Any]) -> bool:
    return options.get("opponent") == "nightweave"


def with_packs(options: Mapping[str, Any]) -> bool:
    return any(options.get(p) for p in PACK_OPTIONS)


DATA_SETS = (
    DataSet("deck", "nightweave_deck", _checked("deck", _deck), against_nightweave, REPLACES_OURS),
    DataSet("scoring", "nightweave_scoring", _checked("scoring", _scoring), against_nightweave, REPLACES_OURS),
    DataSet("cards", card_data.OPTION, _checked("cards", card_data.check_file), with_packs, COMPLETES),
)
