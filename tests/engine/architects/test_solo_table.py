"""The solo AI at a physical table (`ai/tabletop.py`): each Plot card resolved by the engine's
own resolver, the table asked only what the companion cannot track, a turn still asking changes
nothing, the decks, Resource track, Influence, Marble, Wonders and Cathedral kept, and a replay
of the same steps rebuilding the same state."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.games.architects.ai import plot, tabletop
from engine.games.architects.ai.data import OPPONENTS
from engine.games.architects.ai.tabletop import TableAI, TableConfig


def play(config: TableConfig, turns: int, seed: int = 1) -> list[dict[str, Any]]:
    """`turns` turns, the table answering at random; the steps as stored."""
    rng = random.Random(seed)
    steps: list[dict[str, Any]] = []
    for _ in range(turns):
        answers: dict[str, Any] = {}
        while True:
            replay = TableAI.replay(config, [*steps, {"t": "turn", "a": answers}])
            if replay.pending is None:
                break
            q = replay.pending
            assert q.key not in answers  # never asked twice
            answers[q.key] = rng.random() < 0.5 if q.kind == "yes_no" else rng.randrange(0, 8)
        steps.append({"t": "turn", "a": answers})
    return steps


def test_the_table_uses_the_engines_resolver() -> None:
    # one copy of the Plot-card rules and of the Resource track's choices
    assert tabletop.resolve is plot.resolve and tabletop.track_order is plot.track_order


@pytest.mark.parametrize("ai", OPPONENTS)
def test_many_turns_replay_identically_and_keep_the_values_in_range(ai: str) -> None:
    config = TableConfig(ai, 11)
    steps = play(config, 40, seed=OPPONENTS.index(ai))
    first, again = TableAI.replay(config, steps), TableAI.replay(config, steps)
    assert first.state == again.state and first.pending is None
    st = first.state
    assert st.turns == 40 and 0 <= st.influence <= 12 and 0 <= st.virtue <= 14 and st.marble >= 0
    plots = {p.id for p in config.ai_data.plots}
    assert sorted(st.plot_deck + st.discard + st.future) == sorted(plots)  # every card somewhere, once
    kinds = {e["kind"] for e in st.log}
    assert {"plot", "place"} <= kinds


def test_a_turn_still_asking_changes_nothing_and_names_the_card() -> None:
    config = TableConfig("executor", 5)
    steps = play(config, 3)
    before = TableAI.replay(config, steps).state
    asking = None
    for seed in range(40):  # a turn whose first card asks the table something
        replay = TableAI.replay(TableConfig("executor", seed), [{"t": "turn", "a": {}}])
        if replay.pending is not None:
            asking = replay
            break
    assert asking is not None and asking.revealing is not None
    assert asking.state.turns == 0 and asking.state.log == []
    assert TableAI.replay(config, steps).state == before


def test_what_the_companion_tracks_is_never_asked() -> None:
    # the Influence condition is answered from the tracked Influence: no question names it
    for ai in OPPONENTS:
        config = TableConfig(ai, 3)
        steps = play(config, 30, seed=2)
        asked = {k for s in steps for k in s["a"]}
        assert not any(k.startswith("cond:low_influence") for k in asked)
        assert not any(k.startswith("cond:cathedral") or k.startswith("cond:can_wonder") for k in asked)


def test_future_cards_join_the_discard_and_an_empty_future_deck_moves_the_marker() -> None:
    ai = TableAI(TableConfig("aristocrat", 1))
    top = ai.state.future[-1]
    ai.take_future()
    assert ai.state.discard == [top] and ai.state.log[-1] == {"kind": "future", "card": top}
    ai.state.future.clear()
    ai.take_future()
    assert ai.state.track == 1 and [e["kind"] for e in ai.state.log[-2:]] == ["future", "track"]


def test_the_resource_track_wraps_into_marble_and_influence_overflows_into_virtue() -> None:
    ai = TableAI(TableConfig("peddler", 1))
    spaces = len(ai.opponent.track)
    ai.steps(spaces + 1)
    assert ai.state.track == 1 and ai.state.marble == 1
    ai.state.influence, ai.state.virtue = 11, 5
    ai.influence(3)
    assert ai.state.influence == 12 and ai.state.virtue == 7


def test_a_wonder_costs_influence_and_marble_to_ten_the_aristocrat_two_less() -> None:
    for ai_id, discount in (("executor", 0), ("aristocrat", 2)):
        ai = TableAI(TableConfig(ai_id, 1))
        ai.state.influence, ai.state.marble = 8, 10
        oracle = tabletop._Oracle(ai, {f"unbuilt:{w.id}": True for w in ai.wow.wonders})
        wonder = ai.wonder_to_build(oracle)
        assert (
            wonder is not None and ai.wow.wonder(wonder).resource == ai.resource()
        )  # its marker's space first
        w = ai.wow.wonder(wonder)
        virtue = ai.state.virtue
        ai.effect(tabletop.Effect(name="wonder"), "guildhall", oracle)
        assert ai.state.marble == 10 - (10 - w.influence - discount)
        assert ai.state.influence == 8 - w.influence and ai.state.virtue == min(14, virtue + 2)
        assert ai.state.wonders == [wonder]
        # a Wonder the table says is built is skipped: the next one on the track
        other = TableAI(TableConfig(ai_id, 1))
        other.state.influence, other.state.marble = 8, 10
        answers = {f"unbuilt:{x.id}": x.id != wonder for x in other.wow.wonders}
        assert other.wonder_to_build(tabletop._Oracle(other, answers)) not in (None, wonder)


def test_the_score_counts_wonders_cathedral_virtue_marble_debts_and_prison() -> None:
    ai = TableAI(TableConfig("benefactor", 1))
    ai.state.wonders, ai.state.cathedral, ai.state.virtue, ai.state.marble = ["wonder_stone"], 2, 14, 5
    parts = ai.score(debts=1, prison=3)
    assert parts["wonders"] == ai.wow.wonder("wonder_stone").vp and parts["marble"] == 5
    assert parts["debts"] == -2 and parts["prison"] == -1
    assert parts["total"] == sum(v for k, v in parts.items() if k != "total")


def test_a_servers_values_are_used() -> None:
    text = "wonders:\n" + "".join(
        f"  - {{id: {w.id}, resource: {w.resource}, name: {w.name}, name_pt: {w.name_pt}, influence: {w.influence},"
        f" tax: {w.tax}, amount: {w.amount}, vp: 30, source: printed}}\n"
        for w in TableConfig("executor", 1).wow.wonders
    )
    config = TableConfig("executor", 1, wonders_text=text)
    assert not config.ours and TableConfig("executor", 1).ours
    ai = TableAI(config)
    ai.state.wonders = ["wonder_clay"]
    assert ai.score()["wonders"] == 30


def test_an_adjustment_is_a_step_of_its_own() -> None:
    config = TableConfig("meddler", 4)
    steps = [*play(config, 2), {"t": "adjust", "what": "influence", "by": 2}]
    before = TableAI.replay(config, steps[:-1]).state.influence
    replay = TableAI.replay(config, steps)
    assert replay.state.influence == min(12, before + 2)
    assert replay.entries == [{"kind": "adjust", "what": "influence", "by": 2}]
