"""Closed DMs: the status message names the player (one channel message a turn), then the whole
turn played in ephemeral "My hand / Act" messages only that player sees. /play works by name and
by autocomplete value."""

from __future__ import annotations

from typing import Any

from bot.standin.state import Message
from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import EN, Table, buttons, decide, open_table, perform, prompt_id
from tests.e2e.hidden import leaks, replay_knowledge


async def alice_turn_via_play(world: World) -> None:
    standin, alice = world.standin, world.alice
    ac = await standin.autocomplete(alice, world.channel, "play", {"choice": "play all"}, focused="choice")
    await ac.response()
    choices: list[dict[str, Any]] = ac.choices
    assert [c["name"] for c in choices] == ["Play all Treasures"]
    done = await standin.slash(alice, world.channel, "play", {"choice": choices[0]["value"]})
    await done.response()
    reply = await done.wait_original()
    assert reply.content == "Done." and reply.ephemeral
    by_name = await standin.slash(alice, world.channel, "play", {"choice": "end turn"})
    await by_name.response()
    await by_name.wait_original(lambda m: m.content == "Done.")
    # A stale pick (the prompt id of a decision already taken) is refused politely.
    stale = await standin.slash(alice, world.channel, "play", {"choice": choices[0]["value"]})
    await stale.response()
    text = (await stale.wait_original(lambda m: bool(m.content))).content
    assert "not your turn" in text or "out of date" in text


async def test_closed_dms_play_in_ephemeral_views(world: World, start_bot: StartBot) -> None:
    standin, carol = world.standin, world.carol
    carol.dms_closed = True
    await start_bot()
    match_id, board = await open_table(standin, world.channel, world.alice, [carol], kingdom="Silver & Gold")
    alice = Table(standin, world.channel, match_id, [world.alice])
    seen: set[str] = set()

    def notice() -> Message | None:
        """The status message naming carol: her one channel message of the turn."""
        for m in standin.messages(world.channel):
            if f"<@{carol.id}>" in m.content and m.content.startswith("⏳") and m.id not in seen:
                return m
        return None

    async def carol_turn(note: Message) -> None:
        seen.add(note.id)
        # no DM reaches her, so the status mentions her (a ping), with no preference set
        assert [str(carol.id)] == [str(u) for u in note.history[0].get("allowed_mentions", {}).get("users", [])]
        for card in ("Copper", "Estate", "Silver", "Gold"):
            assert card not in note.content  # the notice says nothing about the decision
        opened = await standin.click(carol, note, f"bgb:h:{match_id}")
        assert (await opened.response())["data"]["flags"] & 64
        view = await opened.wait_original()
        assert view.ephemeral and view.visible_to == carol.id
        assert "**Hand:**" in view.embeds[0]["description"]
        while (pid := prompt_id(view, match_id)) is not None:
            action = decide(view, EN)
            assert action is not None
            await perform(standin, carol, view, action)
            await standin.wait_until(lambda: prompt_id(standin.message(view.id), match_id) != pid)  # noqa: B023

    carol_turns = alice_turns = 0
    while carol_turns < 3:
        await standin.wait_until(lambda: notice() is not None or alice.whose_turn() is not None, 20)
        # One look at both, after the wait: the stand-in serves the bot in between, so what the
        # wait saw may have moved on (a view of Alice's brought up to date), and a second wait
        # for the same thing would then wait for a turn that is Carol's.
        note, alices = notice(), alice.whose_turn()
        if note is not None:
            await carol_turn(note)
            carol_turns += 1
        elif alices is None:
            continue
        elif alice_turns == 0:
            await alice_turn_via_play(world)
            alice_turns += 1
        else:
            await alice.act(*alices)
    # One channel message a turn reaches her: the status, never a second notice beside it.
    assert not any("you have a decision" in m.content for m in standin.messages(world.channel))
    # Carol never got a DM, and nobody else can press her ephemeral buttons or see them.
    assert standin.dm_messages(carol) == []
    assert all(m.visible_to in (None, carol.id) for m in standin.messages(world.channel, viewer=carol))
    assert "My hand / Act" in buttons(standin.message(board.id) or board)

    # The fallback path shows hands in the channel's ephemeral messages only, never publicly.
    _, know = await replay_knowledge(world.db, match_id)
    assert leaks(standin, world.channel, [world.alice, carol], know) == []

    settings = await standin.slash(world.alice, world.channel, "settings", {"dm": "off"})
    await settings.response()
    assert "Hands by DM: off" in (await settings.wait_original()).content
