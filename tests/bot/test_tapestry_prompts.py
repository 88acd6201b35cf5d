"""Tapestry's prompts in Discord: the benefit queue each prompt carries, the placement menus (legal
spots only, completing ones first, a two-step pick past 25), previews within Discord's limits, the
"since your last turn" summary, the on-demand views and the trap policy, in both languages."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.render import private_payload
from bot.table import Live
from engine.core import Match, Prompt, SeatSpec
from engine.games.tapestry.asks import Asker
from engine.games.tapestry.bots import make_heuristic
from tests.bot.conftest import live_of

LOCALES = ("en", "pt")


def make_live(players: int, seed: int, locale: str = "en") -> Live:
    seats = [SeatSpec(kind="human", name=n) for n in ("Alice", "Bob", "Carol", "Dave", "Erin")[:players]]
    return live_of(Match("tapestry", seats, {}, seed), seed, locale)


def walk(live: Live, until: Any = None, each: Any = None, limit: int = 5000) -> list[Prompt]:
    """Answers with heuristic bots; returns the prompts met (stops early when `until(prompt)`);
    `each(prompt)` looks at every open prompt before it is answered."""
    match = live.match
    assert match is not None
    bots = [make_heuristic(s, live.record.seed) for s in range(len(live.record.seats))]
    seen: list[Prompt] = []
    for _ in range(limit):
        if match.finished:
            break
        prompt = match.prompts()[0]
        seen.append(prompt)
        if each is not None:
            each(prompt)
        if until is not None and until(prompt):
            break
        events = match.submit(prompt.seat, bots[prompt.seat].choose(match.view(prompt.seat), prompt))
        live.tail.extend(e for e in events if e.public)
    return seen


def private_text(live: Live, seat: int, locale: str) -> str:
    payload = private_payload(live, seat, locale)
    comps = payload.view.to_components() if payload.view is not None else []
    return json.dumps(payload.embed.to_dict(), ensure_ascii=False) + json.dumps(comps, ensure_ascii=False)


# -- the benefit queue ---------------------------------------------------------------------------------
def test_queue_is_display_only() -> None:
    """The same game with and without the queue: the same prompts, option ids and order."""

    def trace(monkey: bool) -> list[tuple[str, tuple[str, ...]]]:
        with pytest.MonkeyPatch.context() as mp:
            if monkey:
                mp.setattr(Asker, "queue_params", lambda self, seat: None)
            live = make_live(3, 11)
            return [(p.key, tuple(o.id for o in p.options)) for p in walk(live)]

    with_queue, without = trace(False), trace(True)
    assert with_queue == without
    assert len(with_queue) > 100


@pytest.mark.parametrize(
    ("locale", "resolving", "then"),
    [("en", "Resolving:", "then still to resolve:"), ("pt", "Resolvendo:", "depois ainda falta resolver:")],
)
def test_prompts_say_what_they_resolve_and_what_is_queued(locale: str, resolving: str, then: str) -> None:
    live = make_live(3, 5, locale)
    found = {"then": False, "space": False, "income": False}

    def check(prompt: Prompt) -> None:
        queue = prompt.params.get("queue")
        if not queue:
            return
        text = private_text(live, prompt.seat, locale)
        assert resolving in text
        assert "tapestry." not in text
        if queue["then"]:
            assert then in text
            found["then"] = True
        found["space"] |= any(x.startswith("space:") for x in queue["now"])
        found["income"] |= any(x.startswith("income:") for x in queue["now"])

    walk(live, each=check)
    assert all(found.values()), found


def test_any_order_is_worded_as_a_free_choice() -> None:
    for locale, words in (("en", "any order you like"), ("pt", "na ordem que você quiser")):
        live = make_live(3, 5, locale)
        prompts = walk(live, until=lambda p: p.key == "tapestry.prompt.benefit_order")
        if prompts[-1].key != "tapestry.prompt.benefit_order":
            pytest.skip("no ordering in this game")
        assert words in private_text(live, prompts[-1].seat, locale)
