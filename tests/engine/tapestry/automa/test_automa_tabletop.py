"""The physical-table companion's bot state: the same procedure as the engine-run bots, with the
table's facts correcting what the companion cannot see."""

from __future__ import annotations

from typing import Any

import pytest

from engine.games.tapestry.automa.tabletop import Facts, TableCompanion


def played(level: int, seed: int, steps: int, facts: dict[str, Any] | None = None) -> TableCompanion:
    comp = TableCompanion(level, seed, "engineers" if level == 6 else None)
    comp.steps = [{"kind": "turn", "facts": dict(facts or {})} for _ in range(steps)]
    return comp


@pytest.mark.parametrize("level", range(1, 7))
def test_a_whole_bot_game_ends_after_five_income_turns(level: int) -> None:
    st, starts = played(level, 7, 80).replay()
    assert st.finished and st.income_turns == 5 and st.vp > 0
    assert len(starts) == 80 and all(0 <= v <= 12 for b in st.pos.values() for v in b.values())
    assert sorted(st.deck + st.discard + st.pair + st.progress) == list(range(1, 23))


def test_replay_is_deterministic_and_a_step_amends_alone() -> None:
    a, _ = played(3, 11, 30).replay()
    b, _ = played(3, 11, 30).replay()
    assert a.log == b.log and a.vp == b.vp
    comp = played(3, 11, 30)
    comp.steps[-1]["facts"] = Facts(person_first=True, failed_conquests=1).to_dict()
    c, starts = comp.replay()
    assert c.log[: starts[-1]] == a.log[: starts[-1]]


def test_landmarks_the_people_hold_are_not_taken_by_the_bots() -> None:
    from engine.games.tapestry.data import landmarks

    st, _ = played(2, 5, 60, {"taken": list(landmarks())}).replay()
    assert st.landmarks == []


def test_a_failed_conquest_leaves_the_territories() -> None:
    comp = TableCompanion(2, 3)
    comp.steps = [{"kind": "turn", "facts": {}} for _ in range(40)]
    st, _ = comp.replay()
    conquests = sum(1 for e in st.log if e["kind"] == "conquer")
    assert st.territories == 1 + conquests
    comp.steps = [{"kind": "turn", "facts": {"failed_conquests": 5}} for _ in range(40)]
    st2, _ = comp.replay()
    assert st2.territories == 1


@pytest.mark.parametrize(("held", "territories"), [(True, 1), (False, 0)])
def test_the_trap_step(held: bool, territories: int) -> None:
    comp = TableCompanion(2, 1, steps=[{"kind": "trap", "facts": {"trap_held": held}}])
    st, _ = comp.replay()
    assert st.territories == territories and st.log[-1]["kind"] == "trap"


def test_first_into_an_era_unless_a_person_was() -> None:
    def era_vp(first: bool) -> int:
        comp = played(2, 9, 12, {"person_first": first})
        st, _ = comp.replay()
        return sum(e["vp"] for e in st.log if e["kind"] == "era_vp")

    assert era_vp(False) > 0 and era_vp(True) == 0


def test_level_1_tells_the_person_to_advance_before_the_first_income() -> None:
    st, _ = played(1, 2, 1).replay()
    assert any(e["kind"] == "your_advances" and len(e["tracks"]) == 4 for e in st.log)
