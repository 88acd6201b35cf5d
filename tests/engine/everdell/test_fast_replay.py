"""Replays check each main action on its own (`everdell/replay.py`) instead of listing every
legal action: the state they rebuild must be the one live play reached, answer for answer, and a
log with an illegal answer must still be refused.

Random games cover the base game with 2-4 players, Rugwort, Mistwood's player powers, and
Nightweave with and without module cards. During live play every action prompt also compares the
quick check with the listed options, over the offered ids and many that are not offered.
FAST_REPLAY_GAMES sets how many games of each kind run (default 4).
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from engine.core.errors import IllegalAnswer
from engine.core.match import Match
from engine.core.prompts import Prompt
from engine.core.seats import SeatSpec
from engine.games.everdell import play
from engine.games.everdell.bots import RandomBot
from engine.games.everdell.data import board, events
from engine.games.everdell.game import EverdellGame
from engine.games.everdell.heuristic import HeuristicBot
from engine.games.everdell.mistwood.lair.modules import PERSONALITIES, PLANS
from engine.games.everdell.replay import ACTION_KEY, ActionPrompt
from tests.engine.everdell.helpers import seats_for
from tests.engine.mistwood.lair_helpers import from_position as lair_match
from tests.engine.mistwood.lair_helpers import position as lair_position

GAMES = int(os.environ.get("FAST_REPLAY_GAMES", "4"))
MAX_ANSWERS = 20_000
SNAP_EVERY = 41  # answers between the live states a partial replay is compared with
STATIC = {"card", "cost"}  # card data: the same objects in every game
DRIVER = {"_flow", "_events", "_open", "_listed", "_collected", "_quiet"}  # compared via prompts
BASIC = [spec.id for spec in board().basic]
FOREST = [spec.id for spec in board().forest]
JOURNEY = [spec.id for spec in board().journey]
EVENTS = [e.id for e in events().basic] + [e.id for e in events().special]
# the answer forms the quick check knows; any other kind is always listed in full
KNOWN = re.compile(
    r"(place:(haven|basic_\w+|forest_\w+|journey_\w+|event:.+|card:\d+)|play:(h:.+|m\d|pile)|prepare|pass)"
)


# -- what a game is -------------------------------------------------------------------------------
def snapshot(value: Any, seen: dict[int, int] | None = None) -> Any:
    """Everything a game holds, as plain data (objects met twice become references)."""
    seen = {} if seen is None else seen
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, random.Random):
        return ["rng", value.getstate()]
    if isinstance(value, (list, tuple)):
        return [snapshot(v, seen) for v in value]
    if isinstance(value, dict):
        return [[snapshot(k, seen), snapshot(v, seen)] for k, v in value.items()]
    if isinstance(value, (set, frozenset)):
        return ["set", sorted(repr(v) for v in value)]
    if callable(value):
        return ["callable", getattr(value, "__qualname__", type(value).__name__)]
    if id(value) in seen:
        return ["ref", seen[id(value)]]
    seen[id(value)] = len(seen)
    fields: dict[str, Any] = dict(getattr(value, "__dict__", {}))
    for cls in type(value).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(value, name):
                fields.setdefault(name, getattr(value, name))
    return [
        type(value).__name__,
        [[k, snapshot(v, seen)] for k, v in sorted(fields.items()) if k not in STATIC | DRIVER],
    ]


def state(match: Match) -> Any:
    game = match.game
    return {
        "game": snapshot(game),
        "pid": everdell(match)._pid,  # stale-click detection counts on the same numbers
        "prompts": [p.to_dict() for p in match.prompts()],
        "finished": match.finished,
        "result": repr(match.result()),
    }


def everdell(match: Match) -> EverdellGame:
    g = match.game
    assert isinstance(g, EverdellGame)
    return g


# -- the quick check against the list -------------------------------------------------------------
def candidates(g: EverdellGame, p: int) -> Iterator[str]:
    """Answer ids to try: every form the quick check parses, offered or not, and malformed ones."""
    yield from ("prepare", "pass", "play:pile", "place:haven", "place:bogus", "bogus", "play:m01", "play:m8")
    for loc in [*BASIC, *FOREST, *JOURNEY]:
        yield f"place:{loc}"
    for ev in EVENTS:
        yield f"place:event:{ev}"
    for pl in g.players:
        for cc in [*pl.city, *pl.city_down]:
            yield f"place:card:{cc.uid}"
            yield f"place:card:0{cc.uid}"
    for pl in g.players:
        for name in [*pl.hand, *(c.card for c in pl.city)]:
            yield f"play:h:{name}"
    for slot in range(8):
        yield f"play:m{slot}"


def check_quick(match: Match, prompt: Prompt) -> None:
    g = everdell(match)
    p = prompt.seat
    offered = {o.id for o in prompt.options}
    for purse in (None, play.Purse(g, p)):
        for choice in [*candidates(g, p), *offered]:
            ok = g.action_allowed(p, choice, purse)
            if ok:
                assert choice in offered, f"{choice} passes the quick check but is not offered"
            elif choice in offered:
                assert not KNOWN.fullmatch(choice), (
                    f"{choice} is offered but fails the quick check (replay.py)"
                )


# -- games ------------------------------------------------------------------------------------------
def nightweave_seats(humans: int) -> list[SeatSpec]:
    return [SeatSpec("bot", f"p{i}", "random") for i in range(humans)] + [SeatSpec("automa", "Nightweave")]


def modules(k: int) -> dict[str, Any]:
    """No modules, a Personality, a Plan or the Plot pile, in turn."""
    if k % 4 == 0:
        return {}
    if k % 4 == 1:
        return {"modules": ["personalities"], "personality": PERSONALITIES[k % len(PERSONALITIES)]}
    if k % 4 == 2:
        plan = PLANS[k % len(PLANS)]
        return {"modules": ["personalities", "plans"] if plan == "weavers_whims" else ["plans"], "plan": plan}
    return {"modules": ["personalities", "plots"]}


def setups() -> Iterator[tuple[str, list[SeatSpec], dict[str, Any], int]]:
    for i in range(GAMES):
        players = 2 + i % 3
        yield f"base-{players}p-{i}", seats_for(players), {}, 100 + i
        yield f"powers-{players}p-{i}", seats_for(players), {"player_powers": True}, 200 + i
        yield f"rugwort-{i}", seats_for(1), {"rugwort_year": 1 + i % 3}, 300 + i
        extra = modules(i)  # module cards are played solo only
        humans = 2 if not extra and i % 8 == 0 else 1
        opts = {"opponent": "nightweave", "nightweave_level": i % 5, **extra}
        yield f"nightweave-{humans}p-{i}", nightweave_seats(humans), opts, 400 + i


SETUPS = list(setups())


def live(seats: list[SeatSpec], options: dict[str, Any], seed: int) -> tuple[Match, dict[int, Any]]:
    return play_out(Match("everdell", seats, options, seed))


def play_out(match: Match) -> tuple[Match, dict[int, Any]]:
    """Random answers to the end of the game; the quick check is compared with the list at every
    action prompt, and the state is kept every SNAP_EVERY answers."""
    seed = match.seed
    bots: dict[int, Any] = {}
    for i, s in enumerate(match.seats):
        if s.kind != "automa":
            bots[i] = RandomBot(i, seed) if i % 2 == 0 else HeuristicBot(i, seed)
    kept: dict[int, Any] = {}
    while not match.finished:
        for prompt in match.prompts():
            if prompt.key == ACTION_KEY:
                check_quick(match, prompt)
            view = match.policy_view(prompt.seat)
            match.submit(prompt.seat, bots[prompt.seat].choose(view, prompt), pid=prompt.pid)
            if len(match.log) % SNAP_EVERY == 0:
                kept[len(match.log)] = state(match)
        assert len(match.log) < MAX_ANSWERS, "the match does not end"
    return match, kept


@pytest.mark.parametrize(("name", "seats", "options", "seed"), SETUPS, ids=[s[0] for s in SETUPS])
def test_replay_rebuilds_the_live_state(
    name: str, seats: list[SeatSpec], options: dict[str, Any], seed: int
) -> None:
    match, kept = live(seats, options, seed)
    same_state(name, match, kept)


def same_state(name: str, match: Match, kept: dict[int, Any]) -> None:
    seed = match.seed
    record = match.record()
    rebuilt = Match.from_record(record)
    assert state(rebuilt) == state(match), name
    for count, expected in kept.items():
        partial = Match.replay(
            "everdell", match.seats, match.options, seed, match.log[:count], match.position
        )
        assert state(partial) == expected, f"{name}: after {count} answers"
        assert all(type(p) is Prompt or p.options for p in partial.prompts())


@pytest.mark.parametrize("plot", ["from_above", "infestation", "compromised_judges", "spiders_in_trees"])
def test_locations_nightweave_closes_fail_the_quick_check(plot: str) -> None:
    """Her plots close or price locations out of reach: the quick check filters them as the list
    does, and a game played from there replays to the same state."""
    pos = lair_position(["nw04"], workers=0, meadow_slot=0, plots=[plot])
    match = lair_match(pos, modules=["plots"])
    prompt = match.prompt_for(0)
    assert prompt is not None and prompt.key == ACTION_KEY
    check_quick(match, prompt)
    if plot == "from_above":
        g = everdell(match)
        offered = {o.id for o in prompt.options}
        closed = [f"place:{loc}" for loc in BASIC if f"place:{loc}" not in offered]
        assert closed and not any(g.action_allowed(0, c) for c in closed)
    same_state(plot, *play_out(match))


# -- a corrupted log ----------------------------------------------------------------------------
def corrupted_logs(match: Match) -> Iterator[tuple[int, list[Any], IllegalAnswer]]:
    """Logs with one main action replaced by one that was not offered, with the refusal a live
    game gives it."""
    again = Match("everdell", match.seats, match.options, match.seed)
    found = 0
    for i, (seat, answer) in enumerate(match.log):
        prompt = again.prompt_for(seat)
        assert prompt is not None
        if prompt.key == ACTION_KEY and i % 3 == 0:
            offered = {o.id for o in prompt.options}
            wrong = next(c for c in candidates(everdell(again), seat) if c not in offered and c != "bogus")
            with pytest.raises(IllegalAnswer) as refused:
                again.submit(seat, (wrong,))
            log = [*match.log[:i], (seat, (wrong,)), *match.log[i + 1 :]]
            yield i, log, refused.value
            found += 1
        again.submit(seat, answer)
    assert found > 5


def test_replay_refuses_an_illegal_action() -> None:
    match, _ = live(seats_for(3), {}, 11)
    for i, log, live_error in corrupted_logs(match):
        record = {**match.record(), "log": [[s, list(a)] for s, a in log]}
        with pytest.raises(IllegalAnswer) as refused:
            Match.from_record(record)
        assert (refused.value.key, refused.value.params) == (live_error.key, live_error.params), i


def test_replay_refuses_a_malformed_action() -> None:
    match, _ = live(seats_for(2), {}, 5)
    i = next(k for k, (_, a) in enumerate(match.log) if a[0].startswith("place:"))
    for wrong in (("place:card:x",), ("play:h:",), ("play:m9",), ("prepare", "pass"), ()):
        log = [[s, list(a)] for s, a in match.log]
        log[i][1] = list(wrong)
        with pytest.raises(IllegalAnswer):
            Match.from_record({**match.record(), "log": log})


def test_open_prompt_after_a_replay_is_a_plain_one() -> None:
    """A replay that stops on an action prompt leaves it listed, equal to the live prompt."""
    match, _ = live(seats_for(2), {}, 3)
    for count, (_, answer) in enumerate(match.log):
        if answer[0].startswith("play:") and count > 10:
            break
    partial = Match.replay("everdell", match.seats, match.options, match.seed, match.log[:count])
    again = Match("everdell", match.seats, match.options, match.seed)
    for s, a in match.log[:count]:
        again.submit(s, a)
    (prompt,) = partial.prompts()
    assert isinstance(prompt, ActionPrompt) and prompt == again.prompts()[0]
    assert prompt.to_dict() == again.prompts()[0].to_dict()
