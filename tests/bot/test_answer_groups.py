"""Answers committed as groups: answers made while a group is being written go together in the
next, a refused answer costs the others nothing (its group is written again one by one), two
answers of one match never share a group, and a failure of the database fails the group's
answers only."""

from __future__ import annotations

import asyncio

import pytest

from storage.answer_groups import AnswerGroups
from storage.db import RowsMismatch


class Fake:
    """A database that writes answers (strings) and records each call."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, list[str]]] = []
        self.committed: list[str] = []
        self.gate = asyncio.Event()
        self.gate.set()
        self.refuse: set[str] = set()
        self.broken = False
        self.can_group = True

    async def write_group(self, answers: list[str]) -> bool:
        self.calls.append(("group", list(answers)))
        await self.gate.wait()
        if self.broken:
            raise ConnectionError("lost")
        if not self.can_group:
            return False
        if self.refuse & set(answers):
            raise RowsMismatch(0, 0)  # all rolled back
        self.committed += answers
        return True

    async def write_alone(self, answer: str) -> None:
        self.calls.append(("alone", [answer]))
        await self.gate.wait()
        if self.broken:
            raise ConnectionError("lost")
        if answer in self.refuse:
            raise RowsMismatch(0, 0)
        self.committed.append(answer)


def groups(fake: Fake, per_group: int = 8) -> AnswerGroups[int, str]:
    return AnswerGroups(fake.write_group, fake.write_alone, per_group=per_group)


async def writing_first(fake: Fake, per_group: int = 8) -> tuple[AnswerGroups[int, str], asyncio.Future[None]]:
    """Groups whose first answer ("a", of key 0) is being written alone, the database held
    until `fake.gate` is set: the answers made next wait for it together."""
    fake.gate.clear()
    answers = groups(fake, per_group)
    first = asyncio.ensure_future(answers.write(0, "a"))
    await asyncio.sleep(0)
    return answers, first


async def test_answers_made_while_a_group_is_written_go_together_in_the_next() -> None:
    fake = Fake()
    answers, first = await writing_first(fake)  # the first answer is being written, alone
    rest = [asyncio.ensure_future(answers.write(k, f"r{k}")) for k in range(2, 6)]
    await asyncio.sleep(0)
    fake.gate.set()
    await asyncio.gather(first, *rest)
    assert fake.calls == [("alone", ["a"]), ("group", ["r2", "r3", "r4", "r5"])]
    assert fake.committed == ["a", "r2", "r3", "r4", "r5"]
    assert (answers.groups, answers.grouped) == (1, 4)


async def test_a_group_larger_than_one_statement_goes_in_parts() -> None:
    fake = Fake()
    answers, first = await writing_first(fake, per_group=2)
    rest = [asyncio.ensure_future(answers.write(k, f"r{k}")) for k in range(1, 6)]
    await asyncio.sleep(0)
    fake.gate.set()
    await asyncio.gather(first, *rest)
    assert [answers for _, answers in fake.calls] == [["a"], ["r1", "r2"], ["r3", "r4"], ["r5"]]


async def test_a_refused_answer_is_told_alone_and_the_others_land() -> None:
    fake = Fake()
    fake.refuse = {"stale"}
    answers, first = await writing_first(fake)
    good = asyncio.ensure_future(answers.write(1, "good"))
    stale = asyncio.ensure_future(answers.write(2, "stale"))
    also = asyncio.ensure_future(answers.write(3, "also"))
    await asyncio.sleep(0)
    fake.gate.set()
    await asyncio.gather(first, good, also)
    with pytest.raises(RowsMismatch):
        await stale
    assert fake.calls[1] == ("group", ["good", "stale", "also"])
    assert fake.calls[2:] == [("alone", ["good"]), ("alone", ["stale"]), ("alone", ["also"])]
    assert fake.committed == ["a", "good", "also"]


async def test_answers_that_cannot_go_together_are_written_one_by_one() -> None:
    fake = Fake()
    fake.can_group = False
    answers, first = await writing_first(fake)
    rest = [asyncio.ensure_future(answers.write(k, f"r{k}")) for k in (1, 2)]
    await asyncio.sleep(0)
    fake.gate.set()
    await asyncio.gather(first, *rest)
    assert fake.committed == ["a", "r1", "r2"]
    assert (answers.groups, answers.grouped) == (0, 0)


async def test_two_answers_of_one_match_never_share_a_group() -> None:
    fake = Fake()
    answers, first = await writing_first(fake)
    one = asyncio.ensure_future(answers.write(7, "m7-first"))
    other = asyncio.ensure_future(answers.write(8, "m8"))
    again = asyncio.ensure_future(answers.write(7, "m7-second"))
    await asyncio.sleep(0)
    fake.gate.set()
    # (were the second answer of match 7 to replace the first in the group, the first would wait forever)
    await asyncio.wait_for(asyncio.gather(first, one, other, again), 5)
    assert fake.calls == [("alone", ["a"]), ("group", ["m7-first", "m8"]), ("alone", ["m7-second"])]


async def test_a_failed_database_fails_its_group_only() -> None:
    fake = Fake()
    answers, first = await writing_first(fake)
    rest = [asyncio.ensure_future(answers.write(k, f"r{k}")) for k in (1, 2)]
    await asyncio.sleep(0)
    fake.broken = True
    fake.gate.set()
    for task in (first, *rest):
        with pytest.raises(ConnectionError):
            await task
    fake.broken = False
    await answers.write(3, "later")  # the next answer finds the groups working
    assert fake.committed == ["later"]


async def test_an_answer_given_up_on_is_written_all_the_same_and_others_are_told() -> None:
    fake = Fake()
    answers, first = await writing_first(fake)
    impatient = asyncio.ensure_future(answers.write(1, "b"))
    patient = asyncio.ensure_future(answers.write(2, "c"))
    await asyncio.sleep(0)
    impatient.cancel()
    await asyncio.sleep(0)
    fake.gate.set()
    await asyncio.gather(first, patient)
    assert impatient.cancelled()
    assert fake.committed == ["a", "b", "c"]


async def test_an_answer_after_one_of_its_match_given_up_on_waits_for_the_next_group() -> None:
    fake = Fake()
    answers, first = await writing_first(fake)
    given_up = asyncio.ensure_future(answers.write(7, "m7-first"))
    await asyncio.sleep(0)
    given_up.cancel()
    again = asyncio.ensure_future(answers.write(7, "m7-second"))
    for _ in range(20):
        await asyncio.sleep(0)
    assert not again.done() and fake.calls == [("alone", ["a"])]
    fake.gate.set()
    await asyncio.wait_for(asyncio.gather(first, again), 5)
    assert fake.calls == [("alone", ["a"]), ("alone", ["m7-first"]), ("alone", ["m7-second"])]


async def test_a_group_cancelled_before_its_turn_cancels_its_callers_and_frees_their_matches() -> None:
    fake = Fake()
    answers, first = await writing_first(fake)
    waiting = asyncio.ensure_future(answers.write(7, "m7"))
    await asyncio.sleep(0)
    writer = answers._open.written
    assert writer is not None
    writer.cancel()  # as at shutdown, while the group still waits for the first to be written
    await asyncio.wait([waiting], timeout=5)
    assert waiting.cancelled()
    fake.gate.set()
    await first
    await asyncio.wait_for(answers.write(7, "m7-again"), 5)  # not kept waiting for a dead group
    assert fake.committed == ["a", "m7-again"]

