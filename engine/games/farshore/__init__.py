"""Everdell Farshore (2-4 players): the rules engine, its content as a replaceable data set."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from engine.core.cards import CardInfo
from engine.core.datasets import REPLACES_OURS, DataSet
from engine.core.errors import InvalidSetup
from engine.core.options import GameOptions
from engine.core.registry import GameDefinition
from engine.core.seats import SeatSpec
from engine.games.farshore.bots import POLICIES
from engine.games.farshore.catalogue import card_infos
from engine.games.farshore.content import ContentError, load, problems_in_text
from engine.games.farshore.game import FarshoreGame

GAME_ID = "farshore"


class FarshoreOptions(GameOptions):
    farshore_content: str | None = Field(
        None, description="A server's Farshore content file", json_schema_extra={"command": False}
    )


def normalize_options(options: dict[str, Any], players: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    text = options.get("farshore_content")
    if text is not None:
        if not isinstance(text, str) or problems_in_text(text):
            raise InvalidSetup("error.bad_option", option="farshore_content", value="…")
        try:
            load(text)
        except ContentError as exc:  # pragma: no cover - the checker above finds the same
            raise InvalidSetup("error.bad_option", option="farshore_content", value="…") from exc
        out["farshore_content"] = text
    return out


def create(seats: list[SeatSpec], options: dict[str, Any], seed: int) -> FarshoreGame:
    return FarshoreGame(seats, options, seed)


def card_name(card: str, locale: str) -> str:
    found = load().cards.get(card)
    if found is None:
        return card
    return found.names.get(locale) or found.names["en"]


def cards() -> list[CardInfo]:
    return card_infos(load())


GAME = GameDefinition(
    id=GAME_ID,
    names={"en": "Everdell Farshore", "pt": "Everdell Farshore"},
    min_players=2,
    max_players=4,
    engine_version="farshore-2",  # 2: the Autumn order and the optional Navigator draw
    create=create,
    normalize_options=normalize_options,
    policies=dict(POLICIES),
    default_policy="heuristic",
    card_name=card_name,
    options_model=FarshoreOptions,
    cards=cards,
    revealing_events=frozenset({"setup", "bay_refill", "reshuffle", "winds", "draw", "discard", "mulligan"}),
    data_sets=(
        DataSet("content", "farshore_content", problems_in_text, lambda options: True, REPLACES_OURS),
    ),
    score_range=(0, 250),
    released=True,
)
