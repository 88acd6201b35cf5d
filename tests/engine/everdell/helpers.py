"""Shared helpers: drive matches with seat policies, build scenario positions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.match import Match
from engine.core.prompts import Answer, Prompt
from engine.core.registry import Policy
from engine.core.seats import SeatSpec
from engine.games.everdell.bots import POLICIES
from engine.games.everdell.game import EverdellGame

MAX_DECISIONS = 20_000


def seats_for(players: int, solo_seat: bool = True) -> list[SeatSpec]:
    if players == 1:
        return (
            [SeatSpec("bot", "p0", "random"), SeatSpec("automa", "Rugwort")]
            if solo_seat
            else [SeatSpec("bot")]
        )
    return [SeatSpec("bot", f"p{i}", "random") for i in range(players)]


def drive(match: Match, policies: Sequence[Policy], max_decisions: int = MAX_DECISIONS) -> int:
    decisions = 0
    while not match.finished:
        prompts = match.prompts()
        assert prompts, "unfinished match without a prompt"
        for prompt in prompts:
            answer = policies[prompt.seat].choose(match.view(prompt.seat), prompt)
            match.submit(prompt.seat, answer, pid=prompt.pid)
            decisions += 1
        assert decisions < max_decisions, "match does not end"
    return decisions


def random_match(players: int, seed: int, bots: Sequence[str] | None = None, **options: Any) -> Match:
    seats = seats_for(players)
    match = Match("everdell", seats, options, seed)
    names = list(bots or ["random"] * len(seats))
    policies = [POLICIES[names[i % len(names)]](i, seed) for i in range(len(seats))]
    drive(match, policies)
    return match


def game_of(match: Match) -> EverdellGame:
    game = match.game
    assert isinstance(game, EverdellGame)
    return game


class Scenario:
    """A game started from a described position, answered step by step."""

    def __init__(self, position: dict[str, Any], players: int = 2, seed: int = 1, **options: Any) -> None:
        seats = seats_for(players)
        self.game = EverdellGame(seats, {"rugwort_year": 1, **options}, seed, position=position)
        self.events = self.game.start()

    @property
    def prompt(self) -> Prompt:
        prompts = self.game.prompts()
        assert prompts, "no open prompt"
        return prompts[0]

    def ids(self) -> list[str]:
        return [o.id for o in self.prompt.options]

    def answer(self, *choice: str) -> None:
        p = self.prompt
        self.events += self.game.submit(p.seat, tuple(choice))

    def player(self, seat: int = 0) -> Any:
        return self.game.players[seat]

    def city(self, seat: int = 0) -> list[str]:
        return [c.card for c in self.game.players[seat].city]


def answer_of(prompt: Prompt, *choice: str) -> Answer:
    return tuple(choice)


# A small table most scenarios start from: a known Meadow, Forest and deck order.
MEADOW = ["farm", "mine", "twig_barge", "wanderer", "teacher", "inn", "general_store", "resin_refinery"]
DECK = ["king", "queen", "farm", "mine", "crane", "ruins", "wife", "husband", "inn", "lookout"]
FOREST = ["forest_3_berries", "forest_2_any", "forest_2_resin_1_twig"]


def pos(
    *players: dict[str, Any],
    meadow: Sequence[str] = MEADOW,
    deck: Sequence[str] = DECK,
    **extra: Any,
) -> dict[str, Any]:
    """A scenario position: the players' zones over the standard Meadow, Forest and deck."""
    base: dict[str, Any] = {
        "meadow": list(meadow),
        "forest": list(FOREST),
        "players": list(players),
        "deck": list(deck),
    }
    base.update(extra)
    return base


def uid(s: Scenario, name: str, seat: int = 0) -> int:
    """The id of the first `name` card in seat's city."""
    return next(c.uid for c in s.player(seat).city if c.card == name)
