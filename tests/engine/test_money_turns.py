"""The base set plays its turns through a written-out path (money_flow, opening, shared option
tuples and events); rules that override any hook go through the general generators instead.
Both must give the very same prompts, events, views and results for the same seed and answers."""

from __future__ import annotations

import os
from typing import Any

import pytest

from engine.cli.simulate import make_policies
from engine.core.errors import IllegalAnswer, InvalidSetup
from engine.core.events import Event
from engine.core.match import Match
from engine.core.prompts import Option, Prompt
from engine.core.registry import get_game
from engine.core.seats import SeatSpec
from engine.games.dominion import normalize_options
from engine.games.dominion.game import DominionGame, money_turns


class GeneralTurns(DominionGame):
    """The base rules with one hook overridden (to the same effect): no written-out turns."""

    def cleanup(self, p: int) -> None:
        super().cleanup(p)


def trace(cls: type[DominionGame], bots: list[str], kingdom: str, seed: int) -> list[Any]:
    options = normalize_options({"kingdom": kingdom}, len(bots))
    game = cls(len(bots), options, seed)
    policies = make_policies(get_game("dominion"), bots, seed)
    out: list[Any] = [[e.to_dict() for e in game.start()]]
    decisions = 0
    while not game.finished:
        for prompt in game.prompts():
            out.append(prompt.to_dict())
            out.append(game.view(prompt.seat))
            answer = policies[prompt.seat].choose(game.view(prompt.seat), prompt)
            out.append(answer)
            out.append([e.to_dict() for e in game.submit(prompt.seat, answer)])
            decisions += 1
        assert decisions < 5000
    out.append(game.result())
    return out


def test_only_the_base_rules_take_the_written_out_turns() -> None:
    assert money_turns(DominionGame)
    assert not money_turns(GeneralTurns)


@pytest.mark.parametrize(
    ("bots", "kingdom"),
    [
        (["big_money", "big_money"], "First Game"),
        (["big_money", "heuristic"], "random"),
        (["random", "random", "big_money"], "random"),
        (["expert", "heuristic"], "random"),
    ],
)
def test_written_out_turns_match_the_general_ones(bots: list[str], kingdom: str) -> None:
    for seed in range(6):
        assert trace(DominionGame, bots, kingdom, seed) == trace(GeneralTurns, bots, kingdom, seed)


def test_offers_and_checks_agree_with_the_options() -> None:
    opts = (Option("a", "a"), Option("b", "b"))
    plain = Prompt(1, 0, "choose", "k", opts)
    quick = Prompt(1, 0, "choose", "k", opts, ids=frozenset({"a", "b"}))
    assert plain == quick  # the id set is derived data, not part of what the prompt is
    for prompt in (plain, quick):
        assert prompt.offers("a") and not prompt.offers("c")
        prompt.check(("b",))
        with pytest.raises(IllegalAnswer) as refused:
            prompt.check(("c",))
        assert refused.value.key == "error.unknown_option"
        with pytest.raises(IllegalAnswer) as malformed:
            prompt.check((3,))  # type: ignore[arg-type]
        assert malformed.value.key == "error.malformed_answer"


# -- the bot loop inside the match (Match.play_seats) against the general rules, game after game --
# Sized by DOMINION_MONEY_GAMES (thousands by default; a few hundred while developing).
MONEY_GAMES = int(os.environ.get("DOMINION_MONEY_GAMES", "2000"))
MIXES: list[tuple[list[str], str]] = [
    (["big_money", "big_money"], "First Game"),
    (["big_money", "big_money"], "random"),
    (["big_money", "heuristic"], "random"),
    (["random", "big_money", "big_money"], "random"),
    (["big_money"] * 4, "random"),
    (["expert", "big_money"], "random"),
    (["big_money"] * 6, "random"),
    (["big_money", "random"], "First Game"),
]


def general_game(bots: list[str], kingdom: str, seed: int) -> tuple[list[Any], list[Any], Any, list[Any]]:
    """Every answer through Match.submit on rules that skip the written-out turns: (log, events
    per answer, result, final views)."""
    options = normalize_options({"kingdom": kingdom}, len(bots))
    game = GeneralTurns(len(bots), options, seed)
    policies = make_policies(get_game("dominion"), bots, seed)
    log: list[Any] = []
    events: list[Any] = [e.to_dict() for e in game.start()]
    while not game.finished:
        prompt = game.prompts()[0]  # several seats at once (attacks): the first seat first
        answer = policies[prompt.seat].choose(game.view(prompt.seat), prompt)
        events += [e.to_dict() for e in game.submit(prompt.seat, answer)]
        log.append((prompt.seat, answer))
        assert len(log) < 5000
    return log, events, game.result(), [game.view(s) for s in (None, *range(len(bots)))]


def looped_match(bots: list[str], kingdom: str, seed: int, *, read_events: bool) -> Match:
    seats = [SeatSpec(kind="bot", name=b, policy=b) for b in bots]
    match = Match("dominion", seats, {"kingdom": kingdom}, seed)
    policies = make_policies(get_game("dominion"), bots, seed)
    events: list[Event] | None = [] if read_events else None
    match.play_seats(dict(enumerate(policies)), events=events)
    match.loop_events = [e.to_dict() for e in match.opening_events + (events or [])]  # type: ignore[attr-defined]
    return match


def test_the_bot_loop_equals_the_general_rules_over_thousands_of_games() -> None:
    for i in range(MONEY_GAMES):
        bots, kingdom = MIXES[i % len(MIXES)]
        seed = 10_000 + i
        read = i % 4 == 0  # the events themselves, every fourth game (they cost the most to compare)
        log, events, result, views = general_game(bots, kingdom, seed)
        match = looped_match(bots, kingdom, seed, read_events=read)
        assert match.finished, (bots, kingdom, seed)
        assert match.log == log, (bots, kingdom, seed)
        assert match.result() == result, (bots, kingdom, seed)
        assert [match.view(s) for s in (None, *range(len(bots)))] == views, (bots, kingdom, seed)
        if read:
            assert match.loop_events == events, (bots, kingdom, seed)  # type: ignore[attr-defined]
        if i % 50 == 0:  # and the log replays to the same state in a fresh match
            again = Match.from_record(match.record())
            assert again.result() == result
            assert [again.view(s) for s in (None, *range(len(bots)))] == views


def test_the_bot_loop_stops_at_a_human_seat_and_checks_answers() -> None:
    seats = [SeatSpec(kind="bot", name="b", policy="big_money"), SeatSpec(kind="human", name="h")]
    match = Match("dominion", seats, {"kingdom": "First Game"}, 7)
    bot = make_policies(get_game("dominion"), ["big_money"], 7)[0]
    answered = match.play_seats({0: bot})
    assert not match.finished
    assert [p.seat for p in match.prompts()] == [1]  # the human's turn: the loop waits
    assert match.version == answered
    assert match.play_seats({0: bot}) == 0  # nothing of the bot's is open

    class Cheat:
        def choose(self, view: Any, prompt: Prompt) -> tuple[str, ...]:
            return ("buy:Province",)  # not offered with the coins in hand

    before = match.record()
    with pytest.raises(IllegalAnswer):
        match.play_seats({1: Cheat()})
    assert match.record() == before  # refused: nothing logged, nothing changed


def test_remembered_options_are_handed_out_as_copies() -> None:
    first = normalize_options({"kingdom": "First Game"}, 2)
    first["kingdom"].append("Gold")
    first["reactions"] = "ask"
    again = normalize_options({"kingdom": "First Game"}, 2)
    assert len(again["kingdom"]) == 10 and again["reactions"] == "always"
    assert normalize_options({"kingdom": "First Game", "reactions": ["ask", "always"]}, 2)["reactions"] == [
        "ask",
        "always",
    ]
    for _ in range(2):  # a refusal is never remembered as an answer
        with pytest.raises(InvalidSetup):
            normalize_options({"kingdom": "Cellar,Moat"}, 2)


class ContractOnly:
    """A game seen through the Game protocol alone (no loop of its own)."""

    def __init__(self, game: Any) -> None:
        self._game = game

    @property
    def finished(self) -> bool:
        return bool(self._game.finished)

    def start(self) -> list[Event]:
        return list(self._game.start())

    def prompts(self) -> list[Prompt]:
        return list(self._game.prompts())

    def prompt_for(self, seat: int) -> Prompt | None:
        return self._game.prompt_for(seat)  # type: ignore[no-any-return]

    def submit(self, seat: int, answer: tuple[str, ...]) -> list[Event]:
        return list(self._game.submit(seat, answer))

    def view(self, seat: int | None) -> dict[str, Any]:
        return dict(self._game.view(seat))

    def result(self) -> Any:
        return self._game.result()


def test_a_game_without_its_own_loop_is_played_through_submit() -> None:
    bots = ["heuristic", "big_money", "random"]
    seats = [SeatSpec(kind="bot", name=b, policy=b) for b in bots]
    looped = Match("dominion", seats, {"kingdom": "random"}, 99)
    plain = Match("dominion", seats, {"kingdom": "random"}, 99)
    plain.game = ContractOnly(plain.game)  # type: ignore[assignment]
    events: list[Event] = []
    for match, kept in ((looped, None), (plain, events)):
        policies = make_policies(get_game("dominion"), bots, 99)
        assert match.play_seats(dict(enumerate(policies)), events=kept) == match.version
    assert plain.finished and plain.log == looped.log
    assert plain.result() == looped.result()
    assert any(e.kind == "buy" for e in events)  # the events read were kept


def test_the_written_out_shuffle_draws_as_random_shuffle() -> None:
    """The replay contract: one getrandbits call per card (and a redraw when out of range), as
    CPython's random.shuffle makes them, so every seeded game keeps its decks."""
    import random

    from engine.games.dominion.game import shuffle

    for size in (*range(40), 63, 64, 65, 127, 128, 129, 255, 256, 257, 300):
        for seed in range(25):
            ours, theirs = list(range(size)), list(range(size))
            mine, reference = random.Random(seed), random.Random(seed)
            shuffle(mine, ours)  # type: ignore[arg-type]
            reference.shuffle(theirs)
            assert ours == theirs, (size, seed)
            assert mine.getstate() == reference.getstate(), (size, seed)


def test_the_seeding_and_first_player_draw_as_random_does() -> None:
    import random

    from engine.games.dominion.game import randbelow, seeded

    for seed in (0, 1, -5, 7, 2**31, 2**63 - 1, 2**64 + 3, 10**30, 1000, 123456789):
        mine, reference = seeded(seed), random.Random(seed)
        assert mine.getstate() == reference.getstate()
        for n in (1, 2, 3, 4, 5, 6, 7, 8, 255, 256, 1000):
            assert randbelow(mine, n) == reference.randrange(n)
        assert mine.getstate() == reference.getstate()


def test_a_seat_that_sees_a_shared_opening_gets_its_own_numbered_prompt() -> None:
    """A person's seat sees the Buy prompts the general rules would show it, numbered in the same
    sequence, never a shared one; the shared prompts themselves are never numbered or changed."""
    from engine.games.dominion import game as rules
    from engine.games.dominion.bots import BigMoney

    options = normalize_options({"kingdom": "First Game"}, 2)
    for seed in range(40):
        looped, general = DominionGame(2, options, seed), GeneralTurns(2, options, seed)
        looped.start()
        general.start()
        log: list[Any] = []
        person = BigMoney(1, seed)
        while not looped.finished:
            looped.play_seats({0: BigMoney(0, seed)}, log)
            for seat, answer in log:
                general.submit(seat, answer)
            log.clear()
            if looped.finished:
                break
            [seen], [expected] = looped.prompts(), general.prompts()
            assert type(seen) is Prompt and seen.seat == 1
            assert seen.to_dict() == expected.to_dict()  # pid included
            answer = person.choose(looped.view(1), seen)
            looped.submit(1, answer)
            general.submit(1, answer)
        assert general.finished and looped.result() == general.result()
    openings = [
        opening
        for layouts in (rules._OPENINGS, rules._ORDERED_OPENINGS)
        for cache in layouts.values()
        for opening in cache.values()
    ]
    kept = [(seat, p) for opening in openings for seat, p in enumerate(opening[0]) if p is not None]
    assert kept and all(p.pid == 0 and p.seat == seat for seat, p in kept)
