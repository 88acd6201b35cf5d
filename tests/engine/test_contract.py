"""The match contract: illegal answers are refused with the right key and change nothing."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from engine.core.errors import IllegalAnswer
from engine.core.flow import Ask, FlowGame, PromptSpec
from engine.core.match import Match
from engine.core.prompts import Answer, Option
from engine.core.result import Result
from engine.core.seats import SeatSpec
from engine.games.dominion.scenario import ADAPTER

KINGDOM = ["Cellar", "Chapel", "Militia", "Moat", "Sentry", "Moneylender", "Village", "Smithy", "Market", "Mine"]


def snapshot(match: Match) -> dict[str, Any]:
    return {
        "views": [match.view(s) for s in [None, *range(len(match.seats))]],
        "log": list(match.log),
        "prompts": [p.to_dict() for p in match.prompts()],
        "state": ADAPTER.state(match),
        "finished": match.finished,
    }


def refused(match: Match, seat: int, answer: Any, key: str, pid: int | None = None) -> None:
    before = snapshot(match)
    with pytest.raises(IllegalAnswer) as info:
        match.submit(seat, answer, pid=pid)
    assert info.value.key == key
    assert snapshot(match) == before


def at(position: dict[str, Any], *answers: tuple[int, Answer], players: int = 2, **options: Any) -> Match:
    position = {"kingdom": KINGDOM, **position}
    match = Match.from_position("dominion", [SeatSpec()] * players, options, 3, position)
    for seat, answer in answers:
        match.submit(seat, answer)
    return match


# A position for each kind of prompt: (match, seat, one legal answer)
def single_choice() -> Match:  # the Action phase: choose exactly one
    return at({"players": [{"hand": ["Village", "Smithy", "Copper"]}]})


def multi_choice() -> Match:  # Militia: discard exactly two (several seats may be asked)
    return at({"players": [{"hand": ["Militia"]}, {"hand": ["Copper", "Copper", "Estate", "Silver", "Gold"]}]}, (0, ("Militia",)))


def up_to() -> Match:  # Chapel: between 0 and 4
    return at({"players": [{"hand": ["Chapel", "Copper", "Copper", "Estate", "Estate", "Curse"]}]}, (0, ("Chapel",)))


def confirm() -> Match:  # Moneylender: yes / no
    return at({"players": [{"hand": ["Moneylender", "Copper"]}]}, (0, ("Moneylender",)))


def order() -> Match:  # Sentry keeping two cards: order both
    return at(
        {"players": [{"hand": ["Sentry"], "deck": ["Copper", "Gold", "Silver"]}]},
        (0, ("Sentry",)),
        (0, ()),
        (0, ()),
    )


def test_the_positions_open_the_intended_prompts() -> None:
    assert single_choice().prompt_for(0).key == "dominion.prompt.action"  # type: ignore[union-attr]
    assert multi_choice().prompt_for(1).min == 2  # type: ignore[union-attr]
    assert up_to().prompt_for(0).max == 4  # type: ignore[union-attr]
    assert confirm().prompt_for(0).kind == "confirm"  # type: ignore[union-attr]
    assert order().prompt_for(0).kind == "order"  # type: ignore[union-attr]


CASES = [
    # (position, seat, answer, key)
    (single_choice, 0, ("Gold",), "error.unknown_option"),
    (single_choice, 0, (), "error.too_few"),
    (single_choice, 0, ("Village", "Smithy"), "error.too_many"),
    (single_choice, 0, ("Village", "Village"), "error.duplicate_option"),
    (single_choice, 0, (1,), "error.malformed_answer"),
    (single_choice, 1, ("end",), "error.not_your_prompt"),
    (single_choice, 5, ("end",), "error.not_a_seat"),
    (multi_choice, 1, ("Province", "Copper"), "error.unknown_option"),
    (multi_choice, 1, ("Copper",), "error.too_few"),
    (multi_choice, 1, ("Copper", "Estate", "Gold"), "error.too_many"),
    (multi_choice, 1, ("Estate", "Estate"), "error.duplicate_option"),
    (multi_choice, 0, ("end",), "error.not_your_prompt"),
    (up_to, 0, ("Chapel",), "error.unknown_option"),
    (up_to, 0, ("Copper", "Copper#2", "Estate", "Estate#2", "Curse"), "error.too_many"),
    (up_to, 0, ("Copper", "Copper"), "error.duplicate_option"),
    (confirm, 0, ("maybe",), "error.unknown_option"),
    (confirm, 0, (), "error.too_few"),
    (confirm, 0, ("yes", "no"), "error.too_many"),
    (confirm, 0, ("yes", "yes"), "error.duplicate_option"),
    (confirm, 1, ("yes",), "error.not_your_prompt"),
    (order, 0, ("Gold", "Copper"), "error.unknown_option"),
    (order, 0, ("Gold",), "error.too_few"),
    (order, 0, ("Gold", "Silver", "Gold"), "error.duplicate_option"),
    (order, 1, ("Gold", "Silver"), "error.not_your_prompt"),
]


@pytest.mark.parametrize(("make", "seat", "answer", "key"), CASES, ids=[f"{c[0].__name__}-{c[3]}" for c in CASES])
def test_illegal_answer_is_refused_and_changes_nothing(make: Any, seat: int, answer: Any, key: str) -> None:
    refused(make(), seat, answer, key)


@pytest.mark.parametrize("make", [single_choice, multi_choice, up_to, confirm, order])
def test_stale_prompt_id_is_refused(make: Any) -> None:
    match = make()
    prompt = match.prompts()[0]
    refused(match, prompt.seat, (prompt.options[0].id,), "error.stale_prompt", pid=prompt.pid - 1)
    refused(match, prompt.seat, (prompt.options[0].id,), "error.stale_prompt", pid=prompt.pid + 1)


def test_a_refused_answer_leaves_the_prompt_answerable() -> None:
    match = multi_choice()
    refused(match, 1, ("Copper",), "error.too_few")
    match.submit(1, ("Copper", "Estate"), pid=match.prompt_for(1).pid)  # type: ignore[union-attr]
    assert sorted(ADAPTER.state(match)["players"][1]["hand"]) == ["Copper", "Gold", "Silver"]


def test_simultaneous_prompt_already_answered_is_refused() -> None:
    match = at(
        {"players": [{"hand": ["Militia"]}, {"hand": ["Copper"] * 4 + ["Estate"]}, {"hand": ["Gold"] * 4 + ["Estate"]}]},
        (0, ("Militia",)),
        players=3,
    )
    match.submit(2, ("Estate", "Gold"))
    refused(match, 2, ("Gold", "Gold#2"), "error.not_your_prompt")


def test_after_game_over_every_answer_is_refused() -> None:
    match = at({"phase": "buy", "coins": 8, "supply": {"Province": 1}}, (0, ("buy:Province",)))
    assert match.finished
    for seat in (0, 1):
        refused(match, seat, ("end",), "error.game_over")
    refused(match, 9, (), "error.game_over")


# ---------------------------------------------------------------------------------- shortcuts
class ShortcutGame(FlowGame):
    """A one-prompt game with a shortcut option (no base Dominion prompt has one)."""

    def run(self) -> Generator[Ask, dict[int, Answer], None]:
        options = (Option("all", "all", shortcut=True), Option("a", "a"), Option("b", "b"), Option("c", "c"))
        self.answer = yield from self.ask(PromptSpec(0, "choose", "test.pick", options, min=2, max=3))

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"finished": self.finished}

    def result(self) -> Result | None:
        return None


@pytest.mark.parametrize(
    ("answer", "key"),
    [(("all", "a"), "error.shortcut_alone"), (("a",), "error.too_few"), (("a", "b", "c", "all"), "error.shortcut_alone")],
)
def test_shortcut_must_stand_alone(answer: Answer, key: str) -> None:
    game = ShortcutGame()
    game.start()
    before = [p.to_dict() for p in game.prompts()]
    with pytest.raises(IllegalAnswer) as info:
        game.submit(0, answer)
    assert info.value.key == key
    assert [p.to_dict() for p in game.prompts()] == before and not game.finished
    game.submit(0, ("all",))  # alone, a shortcut satisfies any bounds
    assert game.finished
