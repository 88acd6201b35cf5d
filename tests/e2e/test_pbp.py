"""Play-by-post through the real bot: the status message, a reminder and a timeout on simulated
time (the bot reads its clock offset from a file we write), a vote that hands a slow player's seat
to a bot, and an undo from the status message's button."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from bot.standin.state import Message, User
from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import Table, buttons

HOUR = 3600
MENTION = re.compile(r"<@(\d+)>")


def status_messages(world: World) -> list[Message]:
    return [m for m in world.standin.messages(world.channel) if m.content.startswith("⏳ **Game #")]


def waiting_for(message: Message) -> str:
    found = MENTION.search(message.content)
    assert found, message.content
    return found[1]


async def open_game(world: World, clock: str | None = None) -> int:
    standin = world.standin
    options = {"kingdom": "First Game"}
    if clock:
        options["clock"] = clock
    inter = await standin.slash(world.alice, world.channel, "dominion new", options)
    await inter.response()
    lobby = await inter.wait_original()
    match_id = int(next(c for c in lobby.custom_ids() if c.startswith("bgb:lj:")).split(":")[2])
    await (await standin.click(world.bob, standin.message(lobby.id) or lobby, f"bgb:lj:{match_id}")).response()
    await (await standin.click(world.alice, standin.message(lobby.id) or lobby, f"bgb:ls:{match_id}")).response()
    await standin.wait_until(lambda: len(status_messages(world)) == 1, timeout=10)
    return match_id


def set_offset(path: Path, hours: float) -> None:
    path.write_text(str(hours * HOUR), encoding="utf-8")


async def test_reminder_then_timeout_vote_hands_the_seat_to_a_bot(
    world: World, start_bot: StartBot, tmp_path: Path
) -> None:
    standin = world.standin
    offset = tmp_path / "clock-offset"
    set_offset(offset, 0)
    await start_bot(CLOCK_OFFSET_FILE=str(offset), SCHEDULER_TICK_SECONDS="0.1")
    match_id = await open_game(world, clock="24")
    # asked in Portuguese, posted for the table in the server's English
    clock = await standin.slash(world.alice, world.channel, "game clock", {"turn": "24", "timeout": "vote"}, "pt-BR")
    assert "24 h per turn" in (await clock.response())["data"]["content"]

    [status] = status_messages(world)
    slow_id = waiting_for(status)
    assert "<t:" in status.content
    users = {u.id: u for u in (world.alice, world.bob)}
    slow: User = users[slow_id]
    other: User = next(u for uid, u in users.items() if uid != slow_id)

    set_offset(offset, 12.5)  # past half the turn time: a reminder re-posts the status (a fresh ping)
    await standin.wait_until(
        lambda: any("Reminder" in m.content for m in status_messages(world)) and len(status_messages(world)) == 1,
        timeout=10,
    )
    assert status.id not in {m.id for m in status_messages(world)}

    set_offset(offset, 24.5)  # the deadline passes: the other player is asked
    vote = await standin.wait_for_message(world.channel, lambda m: "ran out of time in game" in m.content, timeout=10)
    assert f"<@{other.id}>" in vote.content
    yes = buttons(vote)["Replace with a bot"]
    refused = await standin.click(slow, vote, yes)  # the slow player has no say
    await refused.response(timeout=10)
    assert "for the other players" in (await refused.followup(timeout=10)).content
    click = await standin.click(other, standin.message(vote.id) or vote, yes)
    await click.response(timeout=10)
    await standin.wait_for_message(world.channel, lambda m: "a bot plays" in m.content and "from now on" in m.content, timeout=10)
    # The bot plays the seat at once; the status now waits for the other player.
    await standin.wait_until(
        lambda: bool(status_messages(world)) and f"<@{other.id}>" in status_messages(world)[-1].content, timeout=15
    )
    with sqlite3.connect(world.db) as db:
        (kind,) = db.execute("SELECT json_extract(seats, '$') FROM matches WHERE id = ?", (match_id,)).fetchone()
        replaced = db.execute("SELECT user_id FROM seat_replacements WHERE match_id = ?", (match_id,)).fetchall()
    assert '"bot"' in kind and replaced == [(int(slow.id),)]


async def test_undo_button_on_the_status_message(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    await start_bot()
    match_id = await open_game(world)
    [status] = status_messages(world)
    player = {world.alice.id: world.alice, world.bob.id: world.bob}[waiting_for(status)]

    def dm_with_play_all() -> Message | None:
        dms = standin.dm_messages(player)
        return dms[-1] if dms and "Play all Treasures" in buttons(dms[-1]) else None

    await standin.wait_until(lambda: dm_with_play_all() is not None, timeout=10)
    dm = dm_with_play_all()
    assert dm is not None
    await (await standin.click(player, dm, buttons(dm)["Play all Treasures"])).response()
    await standin.wait_until(lambda: count_answers(world.db, match_id) == 1, timeout=10)

    [status] = status_messages(world)
    undo = await standin.click(player, status, f"bgb:uu:{match_id}")
    await undo.response()
    reply = await undo.followup(timeout=10)
    assert "Undone" in reply.content
    assert count_answers(world.db, match_id) == 0
    await standin.wait_for_message(world.channel, lambda m: "took back 1 action" in m.content, timeout=10)
    # The private view offers the same decision again.
    await standin.wait_until(lambda: dm_with_play_all() is not None, timeout=10)


def count_answers(db: Path, match_id: int) -> int:
    with sqlite3.connect(db) as conn:
        (n,) = conn.execute("SELECT COUNT(*) FROM match_log WHERE match_id = ?", (match_id,)).fetchone()
    return int(n)


async def test_spectate_log_mine_admin_and_export(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    await start_bot()
    match_id = await open_game(world)

    spectate = await standin.slash(world.carol, world.channel, "game spectate")
    body = (await spectate.response())["data"]
    assert body["flags"] & 64 and "public board only" in body["embeds"][0]["footer"]["text"]

    log = await standin.slash(world.carol, world.channel, "game log")
    body = (await log.response())["data"]
    assert body["flags"] & 64 and "log (page 1/1)" in body["embeds"][0]["title"]
    headers = [x for x in body["embeds"][0]["description"].splitlines() if x.startswith("**Turn")]
    assert headers and all(re.fullmatch(r"\*\*Turn \d+: [^*]+\*\*", x) for x in headers), headers
    log = await standin.slash(world.carol, world.channel, "game log", {}, "pt-BR")  # her own language
    shown = (await log.response())["data"]["embeds"][0]["description"]
    # whoever the shuffle seated first
    assert re.search(r"\n\*\*Turno 1: (Alice|Bob)\*\*", shown) and "****" not in shown

    mine = await standin.slash(world.bob, world.channel, "games mine")
    text = (await mine.response())["data"]["embeds"][0]["description"]
    assert f"#{match_id}" in text and f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/" in text

    # A running game's file would reveal the hands: players may not export it...
    export = await standin.slash(world.alice, world.channel, "game export")
    assert "reveal every hand" in (await export.response())["data"]["content"]

    # ...server managers may run the admin tools (each one announced in the channel).
    standin.app_permissions |= 1 << 5  # Manage Server
    transfer = await standin.slash(world.alice, world.channel, "admin transfer", {"seat": 2, "to": world.carol.id})
    await transfer.response()
    await standin.wait_for_message(world.channel, lambda m: "gave seat 2" in m.content, timeout=10)
    end = await standin.slash(world.alice, world.channel, "admin force-end")
    await end.response()
    await standin.wait_for_message(world.channel, lambda m: f"ended game #{match_id}" in m.content, timeout=10)
    await standin.wait_until(lambda: status_messages(world) == [], timeout=10)  # it went with the game

    export = await standin.slash(world.bob, world.channel, "game export")
    await export.response()
    reply = await export.followup(timeout=10) if export.followups else None
    payload = reply or export.original
    assert payload is not None and payload.attachments, "the replay file is attached"
    with sqlite3.connect(world.db) as db:
        actions = [a for (a,) in db.execute("SELECT action FROM admin_audit WHERE match_id = ?", (match_id,))]
    assert actions == ["transfer", "force_end"]


async def test_status_is_edited_in_place_while_prompts_go_by_dm(world: World, start_bot: StartBot) -> None:
    """Both players get their prompts by DM, which notifies them: as turns pass, the one status
    message is edited to name the player to act, with no channel mention and no repost. (Turns
    taken quickly reach the status at most once per STATUS_EDIT_INTERVAL_SECONDS: each step here
    waits until it names the player to act.)"""
    standin = world.standin
    await start_bot()
    match_id = await open_game(world)
    [status] = status_messages(world)
    table = Table(standin, world.channel, match_id, [world.alice, world.bob])
    named = {waiting_for(status)}

    for _ in range(8):  # four turns, each a play and a buy
        await table.step()
        await standin.wait_until(lambda: names_the_player_to_act(world, table), 10)
        named.add(waiting_for(standin.message(status.id) or status))
    assert named == {world.alice.id, world.bob.id}  # both players' turns came and went
    assert [m.id for m in status_messages(world)] == [status.id]  # one message, never reposted
    assert all(not body.get("allowed_mentions", {}).get("users") for body in status.history)
    assert len(standin.message(status.id).history) > 2  # type: ignore[union-attr]


def names_the_player_to_act(world: World, table: Table) -> bool:
    """Does the newest status message name the player who has a decision to take?"""
    turn, shown = table.whose_turn(), status_messages(world)
    return turn is not None and bool(shown) and waiting_for(shown[-1]) == str(turn[0].id)


async def test_a_player_who_asks_for_channel_mentions_is_mentioned_as_each_turn_of_theirs_begins(
    world: World, start_bot: StartBot
) -> None:
    """Prompts go by DM, so nobody is mentioned in the channel, until a player asks for it with
    `/settings ping:on` while the other is playing: their next turn reposts the status at the
    bottom of the channel with a mention of them alone (the old one deleted), and so does every
    turn of theirs after it; the other player's turns are still edits with no mention."""
    standin = world.standin
    await start_bot()
    match_id = await open_game(world)
    table = Table(standin, world.channel, match_id, [world.alice, world.bob])
    turn = table.whose_turn()
    assert turn is not None
    first = turn[0]
    asker = world.bob if first.id == world.alice.id else world.alice

    asked = await standin.slash(asker, world.channel, "settings", {"ping": "on"})
    await asked.response()
    assert "Channel mentions on your turn: on" in (await asked.wait_original()).content

    async def step_until_turn_of(user: User) -> None:
        for _ in range(6):
            turn = table.whose_turn()
            if turn is not None and turn[0].id == user.id and names_the_player_to_act(world, table):
                return
            await table.step()
            await standin.wait_until(lambda: names_the_player_to_act(world, table), 10)
        raise AssertionError(f"{user.name}'s turn never came")

    [status] = status_messages(world)
    mentioned: list[Message] = []
    for _ in range(2):  # two turns of each player
        await step_until_turn_of(asker)
        [fresh] = status_messages(world)
        assert fresh.id != status.id and standin.message(status.id).deleted  # type: ignore[union-attr]
        first_post = fresh.history[0]
        assert MENTION.findall(first_post["content"]) == [asker.id]
        assert [str(u) for u in first_post["allowed_mentions"]["users"]] == [asker.id]
        mentioned.append(fresh)
        status = fresh
        await step_until_turn_of(first)
        [status] = status_messages(world)
        assert status.id == fresh.id  # the other player's turn: the same message, edited
        assert not status.history[-1].get("allowed_mentions", {}).get("users")
    assert len({m.id for m in mentioned}) == 2
