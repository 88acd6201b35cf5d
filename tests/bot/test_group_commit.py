"""The group commit itself: rows put while a write is under way share the next one, a batch
larger than one write goes out in parts, and each caller gets the result of the part that
carried its row."""

from __future__ import annotations

import asyncio

from storage.group_commit import GroupCommit


async def test_a_large_batch_goes_out_in_parts_each_caller_told_of_its_own() -> None:
    writes: list[list[str]] = []
    gate = asyncio.Event()

    async def write(rows: list[str]) -> int:
        writes.append(rows)
        await gate.wait()
        return len(writes)

    commit: GroupCommit[int, str, int] = GroupCommit(write, per_write=2)
    first = asyncio.ensure_future(commit.put(0, "a"))
    await asyncio.sleep(0)  # the first write is under way: the next rows wait for it
    rest = [asyncio.ensure_future(commit.put(k, f"r{k}")) for k in range(1, 6)]
    await asyncio.sleep(0)
    gate.set()
    assert await first == 1
    assert await asyncio.gather(*rest) == [2, 2, 3, 3, 4]
    assert writes == [["a"], ["r1", "r2"], ["r3", "r4"], ["r5"]]


async def test_a_caller_given_up_on_leaves_the_write_and_the_others_alone() -> None:
    gate = asyncio.Event()
    written: list[list[str]] = []

    async def write(rows: list[str]) -> str:
        await gate.wait()
        written.append(rows)
        return "ok"

    commit: GroupCommit[int, str, str] = GroupCommit(write)
    impatient = asyncio.ensure_future(commit.put(1, "a"))
    patient = asyncio.ensure_future(commit.put(2, "b"))
    await asyncio.sleep(0)
    impatient.cancel()
    await asyncio.sleep(0)
    gate.set()
    assert await patient == "ok"
    assert impatient.cancelled()
    assert written == [["a", "b"]]  # the row of the one given up on is written all the same


async def test_a_failed_write_fails_each_of_its_callers_and_not_the_next_batch() -> None:
    calls = 0

    async def write(rows: list[str]) -> int:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise OSError("disk gone")
        return len(rows)

    commit: GroupCommit[int, str, int] = GroupCommit(write)
    results = await asyncio.gather(commit.put(1, "a"), commit.put(2, "b"), return_exceptions=True)
    assert [type(r) for r in results] == [OSError, OSError]
    assert await commit.put(3, "c") == 1
