"""The "play all Treasures, then buy X" option must be exactly "play all" followed by "buy X": the same
events in the same order, the same state, the same next prompt (only its serial number differs,
the long way having asked one question more)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.cli.simulate import game_seed, make_policies
from engine.core import Match, SeatSpec
from engine.core.registry import get_game
from engine.games.dominion.game import PLAY_ALL, PLAY_BUY


def fork(match: Match) -> Match:
    return Match.from_record(match.record())


def outcome(match: Match, events: list[Any]) -> dict[str, Any]:
    prompts = []
    for p in match.prompts():
        data = p.to_dict()
        data.pop("pid")
        prompts.append(data)
    return {
        "events": [e.to_dict() for e in events],
        "views": [match.view(s) for s in [None, *range(len(match.seats))]],
        "prompts": prompts,
        "finished": match.finished,
    }


@pytest.mark.parametrize(
    ("options", "seed"),
    [
        ({"kingdom": "random"}, 1),
        ({"kingdom": "random"}, 2),
        ({"kingdom": "First Game"}, 3),
        ({"kingdom": "random", "sets": ["base", "adventures"]}, 4),
        ({"kingdom": "random", "sets": ["base", "adventures"]}, 5),
    ],
)
def test_shortcut_equals_play_all_then_buy(options: dict[str, Any], seed: int) -> None:
    s = game_seed(seed, 0)
    bots = ["heuristic", "heuristic", "heuristic"]
    match = Match("dominion", [SeatSpec("bot", b, b) for b in bots], options, s)
    policies = make_policies(get_game("dominion"), bots, s)
    rng = random.Random(seed)
    checked = 0
    while not match.finished and checked < 6:
        prompt = match.prompts()[0]
        shortcuts = [o.id for o in prompt.options if o.id.startswith(PLAY_BUY)]
        if shortcuts and rng.random() < 0.5:
            target = rng.choice(shortcuts)
            short, long = fork(match), fork(match)
            quick = short.submit(prompt.seat, (target,))
            slow = long.submit(prompt.seat, (PLAY_ALL,))
            slow += long.submit(prompt.seat, ("buy:" + target[len(PLAY_BUY) :],))
            assert outcome(short, quick) == outcome(long, slow)
            checked += 1
        match.submit(prompt.seat, policies[prompt.seat].choose(match.policy_view(prompt.seat), prompt))
    assert checked > 0


@pytest.mark.parametrize("name", ["dominion_first_game_2p.json", "dominion_random_3p.json"])
def test_bots_play_the_same_game_with_the_shortcut(name: str) -> None:
    """The stored logs were recorded before the shortcut existed (play all, then buy); the bots
    now answer with it where they would have played all and bought, so the very same game unfolds:
    the same events, in the same order, and the same result, in fewer answers."""
    from bot.replays import parse_file
    from tests.engine.test_replays import HERE

    file = parse_file((HERE / name).read_bytes())
    old = Match(file.game, file.seats, file.options, file.seed)
    old_events = list(old.opening_events)
    for seat, answer in file.log:
        old_events += old.submit(seat, answer)
    assert not any(a[0].startswith(PLAY_BUY) for _, a in file.log)

    policy = file.seats[0].policy or "heuristic"
    new = Match(file.game, file.seats, file.options, file.seed)
    bots = [get_game("dominion").policies[policy](i, file.seed) for i in range(len(file.seats))]
    new_events = list(new.opening_events)
    while not new.finished:
        prompt = new.prompts()[0]
        new_events += new.submit(prompt.seat, bots[prompt.seat].choose(new.view(prompt.seat), prompt))
    assert [e.to_dict() for e in new_events] == [e.to_dict() for e in old_events]
    assert new.result() == old.result()
    assert any(a[0].startswith(PLAY_BUY) for _, a in new.log)
    assert len(new.log) < len(old.log)
