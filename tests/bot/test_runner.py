"""Bot seats answer through the table service; a game against a bot runs to the end and is scored."""

from __future__ import annotations

import asyncio

from bot.runner import Runner, safe_answer
from bot.table import Outcome, TableService
from engine.core import Event, Option, Prompt
from storage import Store
from tests.bot.conftest import start_game, user_of


async def test_game_against_a_bot_runs_to_the_end(table: TableService, store: Store) -> None:
    lines: list[tuple[int, list[Event]]] = []

    async def summary(live: object, seat: int, events: list[Event]) -> None:
        lines.append((seat, events))

    runner = Runner(table, pause=0, summary=summary)
    table.listeners.append(runner.on_outcome)
    live = await start_game(table, bot_seat=True)
    await table.announce(Outcome(live.id, "start"))
    assert live.match is not None
    for _ in range(2000):
        await runner.idle()
        if live.match.finished:
            break
        prompts = [p for p in live.match.prompts() if live.record.seats[p.seat].kind == "human"]
        assert prompts, "the bot left a prompt unanswered"
        prompt = prompts[0]
        await table.submit(live.id, user_of(live, prompt.seat), prompt.pid, list(safe_answer(prompt)))
        await table.announce(Outcome(live.id, "answer", prompt.seat))
    assert live.match.finished and live.record.status == "finished"
    result = await store.results.get(live.id)
    assert result is not None and sorted(result.ranks)[0] == 1
    assert lines and all(seat == 1 for seat, _ in lines)
    assert all(e.public for _, events in lines for e in events)
    # The stored log replays to the same finished game.
    again = await TableService(store).get(live.id)
    assert again.match is not None and again.match.finished and again.match.result() == live.match.result()


async def test_runner_resumes_pending_bot_turns(db_path: str) -> None:
    store = await Store.open(db_path)
    table = TableService(store)
    live = await start_game(table, bot_seat=True)
    assert live.match is not None
    # Let the human finish turns until the bot is to move, without a runner (the "crash").
    while not any(live.record.seats[p.seat].kind == "bot" for p in live.match.prompts()):
        prompt = live.match.prompts()[0]
        await table.submit(live.id, user_of(live, prompt.seat), prompt.pid, list(safe_answer(prompt)))
    version = live.match.version
    await store.close()

    store2 = await Store.open(db_path)
    table2 = TableService(store2)
    runner = Runner(table2, pause=0)
    await runner.resume()
    await asyncio.sleep(0)
    await runner.idle()
    again = await table2.get(live.id)
    assert again.match is not None and again.match.version > version
    assert all(again.record.seats[p.seat].kind == "human" for p in again.match.prompts())
    await store2.close()


def test_safe_answer_is_legal() -> None:
    opts = (Option("a", "a"), Option("b", "b"), Option("c", "c"))
    for prompt in (
        Prompt(1, 0, "choose", "k", opts),
        Prompt(1, 0, "choose", "k", opts, min=0, max=3),
        Prompt(1, 0, "choose", "k", opts, min=2, max=2),
        Prompt(1, 0, "order", "k", opts, min=3, max=3, ordered=True),
        Prompt(1, 0, "choose", "k", opts, default=("c",)),
    ):
        prompt.check(safe_answer(prompt))
