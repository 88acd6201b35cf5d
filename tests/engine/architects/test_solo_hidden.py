"""The solo AI never reads the person's hidden cards: two games that differ only in the person's
hand and the order of the Building deck see the AI make the same decisions; and `simulate`
against every AI opponent is deterministic."""

from __future__ import annotations

import ast
import inspect
import os
import random
import subprocess
import sys
import textwrap
from typing import Any, cast

import pytest

from engine.cli.simulate import simulate
from engine.core.match import Match
from engine.core.prompts import Prompt
from engine.core.seats import SeatSpec
from engine.games.architects.ai import plot as ai_plot
from engine.games.architects.ai.data import OPPONENTS
from engine.games.architects.ai.game import AI, HUMAN, SoloGame

PUBLIC_STEPS = 1_500


def public_answer(prompt: Prompt, step: int) -> tuple[str, ...]:
    """A person who decides from public facts only: option ids, never which cards they hold.
    The Guildhall (open only with a buildable hand) and looking at Buildings are left alone."""
    ids = [o.id for o in prompt.options]
    if prompt.max > 1 or prompt.min > 1:
        return tuple(ids[: prompt.min])
    if prompt.key.endswith(".place"):
        plain = [i for i in ids if i != "guildhall"]
        return (plain[step % len(plain)],)
    hires = [i for i in ids if i.startswith("hire")]
    if hires:
        return (hires[0],)
    fair = [i for i in ids if not i.startswith("build") and i != "look"]
    if prompt.default and prompt.default[0] in fair:
        return (prompt.default[0],)
    return (fair[step % len(fair)],)


def ai_decisions(ai: str, seed: int, swap: bool) -> list[tuple[str, Any]]:
    match = Match("architects", [SeatSpec("human", "P")], {"opponent": ai}, seed)
    g = cast(SoloGame, match.game)
    swapped = False
    out: list[tuple[str, Any]] = []
    for step in range(PUBLIC_STEPS):
        if match.finished:
            break
        prompt = match.prompts()[0]
        if swap and not swapped and prompt.key.endswith(".place"):
            # the person's hand traded for other cards, the Building deck in another order
            p = g.players[HUMAN]
            pool = p.hand + g.deck
            random.Random(seed + 99).shuffle(pool)
            p.hand, g.deck = sorted(pool[: len(p.hand)]), pool[len(p.hand) :]
            swapped = True
        events = match.submit(HUMAN, public_answer(prompt, step), pid=prompt.pid)
        out.extend((e.kind, e.data) for e in events if e.seat == AI and e.kind not in ("draw", "drew"))
    return out


@pytest.mark.parametrize("ai", OPPONENTS)
def test_swapping_the_persons_hidden_cards_changes_no_ai_decision(ai: str) -> None:
    plain = ai_decisions(ai, 11, swap=False)
    swapped = ai_decisions(ai, 11, swap=True)
    assert len([k for k, _ in plain if k == "ai_plot"]) >= 20
    assert plain == swapped


DECIDING = (
    "ai_play", "reveal", "carry_out", "do", "holds", "can_place", "possible", "affordable",
    "build_wonder", "work_cathedral", "contribution_resource", "contribute", "groups", "captures",
    "imprison", "guard", "black_market", "remove_apprentices", "gain_future", "ai_reclaim", "steps",
)  # fmt: skip


def test_the_ai_decisions_never_name_a_hand_or_the_building_deck() -> None:
    """What the AI's turn reads (the plot resolution and every effect): no `hand`, no `deck`."""
    sources = [textwrap.dedent(inspect.getsource(getattr(SoloGame, name))) for name in DECIDING]
    sources.append(inspect.getsource(ai_plot))
    for source in sources:
        names = {n.attr for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Attribute)}
        assert not names & {"hand", "deck", "rewards"}, source[:60]


def _records(ai: str) -> list[dict[str, Any]]:
    return [r.to_dict() for r in simulate("architects", ["heuristic"], 3, 5, {"opponent": ai})]


@pytest.mark.parametrize("ai", OPPONENTS)
def test_simulate_against_every_ai_is_deterministic(ai: str) -> None:
    first, second = _records(ai), _records(ai)
    assert first == second and all("automa" in r for r in first)
    assert len({r["automa"]["score"] for r in first} | {r["scores"][0] for r in first}) > 1


def test_the_simulate_command_runs_solo_under_another_hash_seed() -> None:
    args = [sys.executable, "-m", "engine", "simulate", "architects", "--players", "1", "--bots", "heuristic"]
    args += ["--option", "opponent=peddler", "--games", "2", "--seed", "3", "--json"]
    outs = []
    for hash_seed in ("1", "977"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(args, capture_output=True, text=True, env=env, check=True, timeout=300)
        outs.append(done.stdout)
    assert outs[0] == outs[1] and outs[0].count("\n") >= 2
