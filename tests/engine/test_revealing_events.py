"""Each game lists the public event kinds an undo may not cross. A kind whose name says draw,
shuffle, reveal, look, roll... but is missing from the game's list would let a player take back an
action after seeing what it showed: bot games of every live game must emit none."""

from __future__ import annotations

import pytest

from engine.cli.simulate import make_policies
from engine.core.events import Event, sounds_revealing
from engine.core.match import Match
from engine.core.registry import get_game
from engine.core.seats import SeatSpec

CASES = [
    ("dominion", 2, {"kingdom": "First Game"}),
    ("dominion", 3, {"sets": ["base", "adventures"]}),
    ("everdell", 2, {}),
    ("everdell", 1, {"rugwort_year": 2}),
    ("everdell", 1, {"opponent": "nightweave", "nightweave_level": 2, "modules": ["personalities"]}),
]


def played_kinds(game: str, players: int, options: dict[str, object], seed: int) -> set[str]:
    definition = get_game(game)
    bots = [definition.default_policy] * players
    match = Match(game, [SeatSpec("bot", f"B{i}", b) for i, b in enumerate(bots)], options, seed)
    policies = make_policies(definition, bots, seed)
    events: list[Event] = list(match.opening_events)
    while not match.finished:
        for prompt in match.prompts():
            events += match.submit(prompt.seat, policies[prompt.seat].choose(match.policy_view(prompt.seat), prompt))
    return {e.kind for e in events if e.public}


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_every_revealing_sounding_kind_is_listed(game: str, players: int, options: dict[str, object]) -> None:
    definition = get_game(game)
    assert definition.revealing_events is not None
    kinds = set().union(*(played_kinds(game, players, options, seed) for seed in range(3)))
    unlisted = sorted(k for k in kinds if sounds_revealing(k) and k not in definition.revealing_events)
    assert unlisted == []


def test_listed_kinds_decide_and_private_events_always_reveal() -> None:
    everdell = get_game("everdell")
    assert everdell.reveals(Event("meadow"))  # a refill shows new cards; its name does not say so
    assert not everdell.reveals(Event("play", 0, {"card": "farm"}))
    assert everdell.reveals(Event("play", 0, {"card": "farm"}, to=0))
    assert get_game("dominion").reveals(Event("shuffle", 0))
