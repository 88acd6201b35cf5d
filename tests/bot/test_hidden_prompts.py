"""The prompts each game declares hidden (asked only because of a card in hand) are prompts its
rules really ask: a renamed key would silently put a Moat holder's name in the status again."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot import plugins
from bot.render.common import acting_seats

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", plugins.ui_ids())
def test_declared_hidden_prompts_are_asked_by_the_rules(game: str) -> None:
    sources = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "engine" / "games" / game).rglob("*.py"))
    for key in plugins.ui(game).hidden_prompts:
        assert f'"{key}"' in sources, (game, key)


def test_the_reactions_and_the_trap_are_declared() -> None:
    assert plugins.ui("dominion").hidden_prompts == {
        "dominion.prompt.reveal_moat",
        "dominion.prompt.caravan_guard",
    }
    assert plugins.ui("tapestry").hidden_prompts == {"tapestry.prompt.trap"}


class _Prompt:
    def __init__(self, seat: int, key: str) -> None:
        self.seat, self.key = seat, key


class _Live:
    """Just what `acting_seats` reads: the seats, the open prompts and the public current player."""

    def __init__(self, game: str, prompts: list[_Prompt], current: int | None) -> None:
        self.record = SimpleNamespace(game=game, status="active", seats=[object()] * 3)
        self.match = SimpleNamespace(prompts=lambda: prompts)
        self._current = current

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"current": self._current}


@pytest.mark.parametrize(
    ("game", "prompts", "shown"),
    [
        # Tapestry: the defender's Trap window leaves the attacker named, whoever holds a Trap
        ("tapestry", [_Prompt(1, "tapestry.prompt.trap")], [0]),
        # Dominion: a held Moat stays unnamed; both Militia victims are named at once
        ("dominion", [_Prompt(2, "dominion.prompt.reveal_moat")], [0]),
        (
            "dominion",
            [_Prompt(1, "dominion.prompt.discard_down"), _Prompt(2, "dominion.prompt.discard_down")],
            [1, 2],
        ),
        (
            "dominion",
            [_Prompt(1, "dominion.prompt.reveal_moat"), _Prompt(2, "dominion.prompt.discard_down")],
            [2],
        ),
    ],
)
def test_the_status_names_who_acts_but_no_hidden_card(
    game: str, prompts: list[_Prompt], shown: list[int]
) -> None:
    assert acting_seats(_Live(game, prompts, current=0)) == shown  # type: ignore[arg-type]
