"""Building positions and feeding answers for the Architects rules tests."""

from __future__ import annotations

import hashlib
import json
from typing import Any, cast

from engine.core.match import Match
from engine.core.prompts import Prompt
from engine.core.seats import SeatSpec
from engine.games.architects.game import ArchitectsGame
from engine.games.architects.scenario import ADAPTER


def seats(n: int, policy: str = "random") -> list[SeatSpec]:
    return [SeatSpec("bot", f"B{i}", policy) for i in range(n)]


def at(position: dict[str, Any], players: int = 2, seed: int = 1, **options: Any) -> Match:
    return Match.from_position("architects", seats(players), options, seed, position)


def game_of(match: Match) -> ArchitectsGame:
    return cast(ArchitectsGame, match.game)


def prompt(match: Match) -> Prompt:
    prompts = match.prompts()
    assert len(prompts) == 1, prompts
    return prompts[0]


def ids(match: Match) -> list[str]:
    return [o.id for o in prompt(match).options]


def key(match: Match) -> str:
    return prompt(match).key.rsplit(".", 1)[-1]


def answer(match: Match, *choices: str) -> Match:
    """Answer the open prompts in turn, one option id each (a tuple answers a multi-pick)."""
    for choice in choices:
        p = prompt(match)
        match.submit(p.seat, (choice,))
    return match


def digest(match: Match) -> str:
    """A hash of the full state, independent of process and hash seed."""
    data = {
        "state": ADAPTER.state(match),
        "views": [match.view(s) for s in [None, *range(len(match.seats))]],
        "prompts": [p.to_dict() for p in match.prompts()],
        "result": r.to_dict() if (r := match.result()) else None,
        "log": [[s, list(a)] for s, a in match.log],
    }
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=list)
    return hashlib.sha256(text.encode()).hexdigest()


# Works of Wonder positions: contribution_2 is the Consequence card (the Profiteer at the Mines,
# the Princess at the Silversmith); contribution_1 is the Contribution card on top of the deck
# (Wood gives 2 Influence, Marble 2 Influence and a Reward card).
WOW: dict[str, Any] = {
    "consequences": ["contribution_2"],
    "contributions": ["contribution_1", "contribution_3"],
}


def wow(position: dict[str, Any], players: int = 2, **options: Any) -> Match:
    """`position` with Works of Wonder on, its decks arranged as in WOW unless it says otherwise."""
    return at(
        {**position, "works_of_wonder": {**WOW, **position.pop("works_of_wonder", {})}},
        players,
        1,
        works_of_wonder=True,
        **options,
    )
