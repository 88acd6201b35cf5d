"""Lanterns, the rules. Each player is dealt a hidden hand of lantern cards (values 1-9) from a
seeded deck; in each round every player, in seat order, hangs one lantern face up. The brightest
lantern of a round earns its owner the round's bonus. Score: the lanterns hung, plus bonuses;
ties share the rank.

A server may replace the deck (our own design) with a data file listing the card values."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import yaml
from pydantic import Field

from engine.core.cards import CardInfo
from engine.core.datasets import REPLACES_OURS, DataSet
from engine.core.errors import InvalidSetup
from engine.core.flow import Flow, FlowGame, PromptSpec
from engine.core.options import GameOptions
from engine.core.prompts import Option, Prompt
from engine.core.registry import AutomaSpec, GameDefinition
from engine.core.result import Result, rank_by
from engine.core.seats import SeatSpec

GAME_ID = "lanterns"
DECK = tuple(range(1, 10)) * 2  # our deck: two of each value
HAND = 3
NAMES = {
    v: (en, pt)
    for v, en, pt in (
        (1, "Ember", "Brasa"),
        (2, "Candle", "Vela"),
        (3, "Paper Lamp", "Lamparina de Papel"),
        (4, "Oil Lamp", "Lamparina a Óleo"),
        (5, "Lantern", "Lanterna"),
        (6, "Torch", "Tocha"),
        (7, "Beacon", "Farol"),
        (8, "Firework", "Fogo de Artifício"),
        (9, "Sunburst", "Explosão Solar"),
    )
}


class LanternOptions(GameOptions):
    rounds: int | None = Field(None, ge=1, le=HAND, description="Rounds to play (1 to 3)")
    bonus: int | None = Field(None, ge=0, le=5, description="Points for the brightest lantern of a round")


def deck_problems(text: str) -> list[str]:
    """A server's deck: a YAML list of at least 6 card values, each 1 to 9."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        return [f"not YAML: {type(exc).__name__}"]
    if not isinstance(data, list) or len(data) < 6:
        return ["the deck must be a list of at least 6 card values"]
    return [f"entry {i + 1}: {v!r} is not a value from 1 to 9" for i, v in enumerate(data) if v not in NAMES]


def normalize_options(options: dict[str, Any], players: int) -> dict[str, Any]:
    out: dict[str, Any] = {"rounds": int(options.get("rounds", HAND)), "bonus": int(options.get("bonus", 2))}
    if not 1 <= out["rounds"] <= HAND:
        raise InvalidSetup("error.bad_option", option="rounds", value=str(out["rounds"]))
    deck = options.get("lantern_deck")
    if deck is not None:
        if not isinstance(deck, str) or deck_problems(deck):
            raise InvalidSetup("error.bad_option", option="lantern_deck", value="…")
        out["lantern_deck"] = deck
    return out


def card_id(value: int) -> str:
    return f"lantern_{value}"


class LanternsGame(FlowGame):
    def __init__(self, seats: Sequence[SeatSpec], options: Mapping[str, Any], seed: int) -> None:
        super().__init__()
        self.players = len(seats)
        self.rounds = int(options["rounds"])
        self.bonus = int(options["bonus"])
        text = options.get("lantern_deck")
        deck = list(yaml.safe_load(text)) if text else list(DECK)
        if len(deck) < HAND * self.players:
            deck = deck * (HAND * self.players // len(deck) + 1)
        random.Random(seed).shuffle(deck)
        self.hands = [sorted(deck[i * HAND : (i + 1) * HAND]) for i in range(self.players)]
        self.hung: list[list[int]] = [[] for _ in range(self.players)]
        self.bonuses = [0] * self.players
        self.round = 0

    def run(self) -> Flow:
        for seat in range(self.players):
            self.emit("dealt", seat, to=seat, cards=[card_id(v) for v in self.hands[seat]])
        for number in range(1, self.rounds + 1):
            self.round = number
            played: list[int] = []
            for seat in range(self.players):
                options = tuple(
                    Option(f"hang:{v}", card_id(v), card=card_id(v)) for v in sorted(set(self.hands[seat]))
                )
                answer = yield from self.ask(
                    PromptSpec(seat, "choose", "lanterns.prompt.hang", options, params={"round": self.round})
                )
                value = int(answer[0].split(":")[1])
                self.hands[seat].remove(value)
                self.hung[seat].append(value)
                played.append(value)
                self.emit("hang", seat, card=card_id(value))
            best = max(played)
            for seat, value in enumerate(played):
                if value == best:
                    self.bonuses[seat] += self.bonus
                    self.emit("brightest", seat, card=card_id(value), points=self.bonus)
        self.emit("game_end")

    def score(self, seat: int) -> int:
        return sum(self.hung[seat]) + self.bonuses[seat]

    def view(self, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "round": self.round,
            "hung": [[card_id(v) for v in h] for h in self.hung],
            "scores": [self.score(s) for s in range(self.players)],
        }
        if seat is not None and 0 <= seat < self.players:
            out["hand"] = [card_id(v) for v in self.hands[seat]]
        return out

    def result(self) -> Result | None:
        if not self.finished:
            return None
        scores = tuple(self.score(s) for s in range(self.players))
        ranks = rank_by([(s,) for s in scores])
        return Result(scores, ranks, tuple([self.rounds] * self.players), tuple(s for s, r in enumerate(ranks) if r == 1))


class FirstLantern:
    """Hangs its dimmest lantern (reads only its own prompt)."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat

    def choose(self, view: Mapping[str, Any], prompt: Prompt) -> tuple[str, ...]:
        return (prompt.options[0].id,)


def create(seats: list[SeatSpec], options: dict[str, Any], seed: int) -> LanternsGame:
    return LanternsGame(seats, options, seed)


def card_name(card: str, locale: str) -> str:
    if not card.startswith("lantern_"):
        return card
    en, pt = NAMES[int(card.split("_")[1])]
    return pt if locale == "pt" else en


def cards() -> list[CardInfo]:
    return [
        CardInfo(
            card_id(v),
            {"en": en, "pt": pt},
            {"en": f"A lantern of brightness {v}: worth {v} points once hung.", "pt": f"Uma lanterna de brilho {v}: vale {v} pontos depois de pendurada."},
            types=("Lantern",),
            cost="",
            set="lanterns",
            ours=("name_pt", "values"),
        )
        for v, (en, pt) in NAMES.items()
    ]


GAME = GameDefinition(
    id=GAME_ID,
    names={"en": "Lanterns", "pt": "Lanternas"},
    min_players=2,
    max_players=4,
    engine_version="lanterns-1",
    create=create,
    normalize_options=normalize_options,
    policies={"first": FirstLantern},
    default_policy="first",
    card_name=card_name,
    options_model=LanternOptions,
    cards=cards,
    revealing_events=frozenset({"dealt"}),
    data_sets=(DataSet("deck", "lantern_deck", deck_problems, lambda options: True, REPLACES_OURS),),
    automa=(AutomaSpec("moth", {"en": "The Moth", "pt": "A Mariposa"}, (1, 2)),),
    score_range=(0, 40),
)
