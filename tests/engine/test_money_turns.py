"""The base set plays its turns through a written-out path (money_flow, opening, shared option
tuples and events); rules that override any hook go through the general generators instead.
Both must give the very same prompts, events, views and results for the same seed and answers."""

from __future__ import annotations

from typing import Any

import pytest

from engine.cli.simulate import make_policies
from engine.core.errors import IllegalAnswer
from engine.core.prompts import Option, Prompt
from engine.core.registry import get_game
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
