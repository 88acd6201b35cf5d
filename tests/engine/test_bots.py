"""Dominion bots: strength thresholds on fixed seeds, and legal answers to every prompt."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.cli.simulate import GameRecord, play_one, simulate
from engine.core.prompts import Prompt
from engine.games.dominion.bots import POLICIES
from engine.games.dominion.expert import plan_for
from engine.games.dominion.heuristic import HeuristicBot, Situation


def sole_wins(records: Sequence[GameRecord], seat: int) -> int:
    """Games won outright by `seat`; a shared first place is not a win."""
    return sum(1 for r in records if r.winners == (seat,))


def run(bots: list[str], games: int, seed: int, kingdom: str = "random") -> list[GameRecord]:
    return list(simulate("dominion", bots, games, seed, {"kingdom": kingdom}))


def test_expert_beats_big_money_on_first_game() -> None:
    records = run(["expert", "big_money"], 200, seed=101, kingdom="First Game")
    assert sole_wins(records, 0) >= 160  # 80%


def test_expert_beats_big_money_on_random_kingdoms() -> None:
    records = run(["expert", "big_money"], 150, seed=202)
    assert sole_wins(records, 0) >= 0.8 * len(records)


def test_heuristic_beats_big_money_on_random_kingdoms() -> None:
    records = run(["heuristic", "big_money"], 150, seed=303)
    assert sole_wins(records, 0) >= 0.75 * len(records)


def test_expert_beats_heuristic() -> None:
    records = run(["expert", "heuristic"], 100, seed=404)
    assert sole_wins(records, 0) > sole_wins(records, 1)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_every_bot_finishes_every_game(players: int) -> None:
    """Mixed tables on random kingdoms, Moat asked for: any illegal answer or stall raises."""
    names = sorted(POLICIES)
    for index in range(12):
        bots = [names[(index + seat) % len(names)] for seat in range(players)]
        options = {"kingdom": "random", "reactions": "ask"}
        match, record = play_one("dominion", bots, options, seed=5000 + index, index=index)
        assert match.finished and len(record.scores) == players


def test_bots_are_deterministic_for_a_seed() -> None:
    a = run(["random", "heuristic", "expert"], 5, seed=7)
    b = run(["random", "heuristic", "expert"], 5, seed=7)
    assert [r.to_dict() for r in a] == [r.to_dict() for r in b]


def test_expert_plans_around_the_best_terminal() -> None:
    first_game = ["Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel", "Smithy", "Village", "Workshop"]
    plan = plan_for(first_game)
    assert [t for t, _ in plan.terminals] == ["Smithy", "Militia"]
    assert plan.cantrip == "Market"
    assert [t for t, _ in plan_for(["Witch", "Smithy", "Village"]).terminals] == ["Witch"]


# -- single decisions ---------------------------------------------------------------------------
def view_for(hand: list[str], owned: dict[str, int], **extra: object) -> dict[str, object]:
    view: dict[str, object] = {
        "seat": 0,
        "hand": sorted(hand),
        "owned": owned,
        "kingdom": ["Cellar", "Chapel", "Militia", "Remodel", "Sentry", "Smithy", "Village", "Witch", "Mine", "Library"],
        "supply": {"Copper": 46, "Silver": 40, "Gold": 30, "Estate": 8, "Duchy": 8, "Province": 8, "Curse": 10},
        "actions": 1,
        "coins": 0,
        "players": [{"seat": 0, "vp": 3, "turns": 5}, {"seat": 1, "vp": 3, "turns": 5}],
        "empty_piles": 0,
    }
    view.update(extra)
    return view


def choose_prompt(key: str, names: list[str], low: int, high: int) -> Prompt:
    from engine.core.prompts import Option
    from engine.games.dominion.game import instance_ids

    opts = tuple(Option(oid, name, card=name) for oid, name in instance_ids(names))
    return Prompt(pid=1, seat=0, kind="choose", key=key, options=opts, min=low, max=high)


def test_militia_victim_discards_worst_cards() -> None:
    hand = ["Gold", "Estate", "Copper", "Curse", "Silver"]
    prompt = choose_prompt("dominion.prompt.discard_down", hand, 2, 2)
    answer = HeuristicBot(0, 0).choose(view_for(hand, {}), prompt)
    assert sorted(a.split("#")[0] for a in answer) == ["Curse", "Estate"]


def test_cellar_discards_green_and_curses() -> None:
    hand = ["Province", "Copper", "Curse", "Silver"]
    prompt = choose_prompt("dominion.prompt.cellar", hand, 0, 4)
    answer = HeuristicBot(0, 0).choose(view_for(hand, {}), prompt)
    assert sorted(answer) == ["Curse", "Province"]


def test_chapel_keeps_enough_money() -> None:
    hand = ["Copper", "Copper", "Copper", "Estate", "Estate"]
    owned = {"Copper": 7, "Estate": 3, "Chapel": 1, "Silver": 1}
    prompt = choose_prompt("dominion.prompt.chapel", hand, 0, 4)
    answer = HeuristicBot(0, 0).choose(view_for(hand, owned), prompt)
    trashed = [a.split("#")[0] for a in answer]
    assert trashed.count("Estate") == 2 and trashed.count("Copper") == 2
    assert Situation.of(view_for(hand, owned)).money - trashed.count("Copper") >= 6


def test_sentry_trashes_junk() -> None:
    prompt = choose_prompt("dominion.prompt.sentry_trash", ["Curse", "Gold"], 0, 2)
    assert HeuristicBot(0, 0).choose(view_for([], {"Copper": 7, "Silver": 2}), prompt) == ("Curse",)
