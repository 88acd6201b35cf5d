"""The Tapestry companion at a physical table, through the real bot: `/automa start tapestry`,
turns that say what each bot does on the board, a correction by button, the landmarks the
people hold, `/automa trap`, undo, status, and the record sheet once the bots' game is over."""

from __future__ import annotations

from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import buttons, selects
from tests.e2e.test_companion import EPHEMERAL, slash, text_of


async def test_a_table_plays_against_the_automa_companion(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    await start_bot()
    _, started = await slash(world, world.alice, "automa start tapestry", {"level": 3})
    assert "level 3" in text_of(started) and "favourite tracks" in text_of(started)

    _, first = await slash(world, world.alice, "automa turn")
    assert "income turn 1" in text_of(first)
    seen = ""
    trap_done = False
    finished = None
    for i in range(80):
        _, step = await slash(world, world.bob, "automa turn")
        assert step is not None
        text = text_of(step)
        seen += text
        if "Decision cards" in text and "take income turn" not in text:
            assert "picks" in text and "Move" in text
        menus = selects(step)
        if menus and "Apothecary" not in seen:
            pick = await standin.select(world.bob, step, menus[0]["custom_id"], ["Apothecary"])
            await pick.response()
            seen += "Apothecary"
        if "A conquest found no hex" in buttons(step):
            click = await standin.click(world.bob, step, buttons(step)["A conquest found no hex"])
            await click.response()
            assert "nothing to conquer" in text_of(standin.message(step.id))
        if not trap_done and i == 4:  # a person conquered one of the Automa's territories
            _, trap = await slash(world, world.alice, "automa trap")
            assert trap is not None
            assert "Trap" in text_of(trap) and "A Trap turned up" in buttons(trap)
            click = await standin.click(world.alice, trap, buttons(trap)["A Trap turned up"])
            await click.response()
            assert "keeps the territory" in text_of(standin.message(trap.id))
            trap_done = True
        if "The bots' game is over" in text:
            finished = step
            break
    assert finished is not None and "Record" in " ".join(buttons(finished))
    assert trap_done and "The Automa scores" in seen and "The Automa conquers" in seen
    _, undone = await slash(world, world.alice, "automa undo")
    assert "took back" in text_of(undone)
    body, _ = await slash(world, world.alice, "automa status")
    assert body["data"]["flags"] & EPHEMERAL
    _, stopped = await slash(world, world.alice, "automa stop")
    assert stopped is not None
