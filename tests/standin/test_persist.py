"""The stand-in's world kept on disk: what a restart finds, what it forgets, and how it is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.standin.persist import WorldFile, WorldFileError, world_path_for
from bot.standin.server import StandIn, default_world, world_of
from bot.standin.state import Message, snowflake


async def test_a_restart_finds_the_same_world(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3.standin.json"
    first = await StandIn().start()
    kept = WorldFile(path)
    assert kept.open(first) is False  # nothing there yet
    guild, channel, (alice, bob, _) = default_world(first)
    first.grant(alice, 1 << 5)
    first.set_locale(bob, "pt-BR")
    first.set_dms(bob, True)
    first.global_commands.append({"id": snowflake(), "name": "game", "type": 1, "options": []})
    first.changed()
    board = Message(id=snowflake(), channel_id=channel.id, author=first.bot_user, guild_id=guild.id, content="board")
    board.components = [{"type": 1, "components": [{"type": 2, "style": 1, "label": "Act", "custom_id": "bgb:act:1:2:0"}]}]
    att_id = snowflake()
    first.attachments[att_id] = b"\x89PNG fake"
    board.attachments = [{"id": att_id, "filename": "board.png", "size": 9, "url": f"{first.url}/x", "proxy_url": "", "content_type": "image/png"}]
    await first.store_message(board)
    secret = Message(id=snowflake(), channel_id=channel.id, author=first.bot_user, guild_id=guild.id, content="hand", flags=64, visible_to=alice.id)
    await first.store_message(secret)
    dm = first.dm_channel(alice)
    await first.store_message(Message(id=snowflake(), channel_id=dm.id, author=first.bot_user, content="your hand"))
    gone = await first.store_message(Message(id=snowflake(), channel_id=channel.id, author=first.bot_user, content="old"))
    await first.message_deleted(gone)
    await kept.close()
    await first.stop()
    assert not list(tmp_path.glob("**/*.tmp"))  # written through a temporary file, then renamed
    assert json.loads(path.read_text())["version"] == 1

    second = await StandIn().start()
    again = WorldFile(path)
    assert again.open(second) is True
    guild2, channel2, users = world_of(second)
    assert (guild2.id, channel2.id, [u.id for u in users]) == (guild.id, channel.id, [u.id for u in first.users.values() if not u.bot])
    assert second.application_id == first.application_id and second.bot_user.id == first.bot_user.id
    assert second.permissions_of(second.find_user("alice")) & (1 << 5)
    bob2 = second.find_user("bob")
    assert bob2.locale == "pt-BR" and bob2.dms_closed
    assert [c["name"] for c in second.commands] == ["game"]
    loaded = second.numbered(board.number)
    assert loaded is not None and loaded.id == board.id and loaded.custom_ids() == ["bgb:act:1:2:0"]
    assert loaded.attachments[0]["url"].startswith(second.url) and second.attachments[att_id] == b"\x89PNG fake"
    assert second.numbered(secret.number) is None and second.numbered(gone.number) is None  # forgotten, as Discord does
    assert second.dm_channel(second.find_user("alice")).id == dm.id
    assert [m.content for m in second.dm_messages(second.find_user("alice"))] == ["your hand"]
    # New ids and numbers carry on after the old ones.
    assert int(snowflake()) > max(int(m.id) for m in second.all_messages())
    fresh = await second.store_message(Message(id=snowflake(), channel_id=channel2.id, author=second.bot_user, content="new"))
    assert fresh.number == gone.number + 1

    # An attachment no message uses any more is removed from disk.
    loaded.attachments = []
    await second.message_updated(loaded)
    await again.flush()
    assert not (again.files / att_id).exists()
    await again.close()
    await second.stop()


async def test_one_process_at_a_time_and_clear_errors(tmp_path: Path) -> None:
    path = tmp_path / "w.standin.json"
    standin = await StandIn().start()
    other = await StandIn().start()
    try:
        holder = WorldFile(path)
        holder.open(standin)
        default_world(standin)
        with pytest.raises(WorldFileError, match="another offline session"):
            WorldFile(path).open(other)
        await holder.close()
        path.write_text("{not json")
        with pytest.raises(WorldFileError, match="cannot read .* move it away"):
            WorldFile(path).open(standin)
        path.write_text(json.dumps({"version": 99}))
        with pytest.raises(WorldFileError, match="another version"):
            WorldFile(path).open(standin)
    finally:
        await standin.stop()
        await other.stop()


def test_where_the_world_is_kept() -> None:
    assert world_path_for(":memory:") is None and world_path_for("sqlite://:memory:") is None
    assert world_path_for("games.sqlite3") == Path("games.sqlite3.standin.json")
    assert world_path_for("sqlite:////tmp/g.db") == Path("/tmp/g.db.standin.json")
    assert world_path_for("postgresql://u:p@host/bgb?sslmode=off") == Path("bgb.standin.json")
