"""The prompts each game declares hidden (asked only because of a card in hand) are prompts its
rules really ask: a renamed key would silently put a Moat holder's name in the status again."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import plugins

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
