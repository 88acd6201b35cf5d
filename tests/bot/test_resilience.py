"""Tables that survive damaged rows, rules changes, crashes between a commit and its
announcement, failed direct messages and other processes (on SQLite, and on PostgreSQL when
TEST_DATABASE_URL is set)."""

from __future__ import annotations

import json
from typing import Any

import discord
import pytest

from bot import faults
from bot.answering import Answering, Player
from bot.drafts import Drafts
from bot.errors import UserError
from bot.herald import Button
from bot.notify import Notifier
from bot.prefs import PrefsService
from bot.quarantine import Quarantine
from bot.reconcile import Reconciler
from bot.table import Live, Outcome, TableService
from storage import Store
from storage.quarantine import DAMAGED, RULES
from tests.bot.conftest import ALICE, BOB, open_dominion_lobby, start_game, user_of
from tests.bot.test_notify import FakeChannel, FakeClient, FakeMessage

GUILD = 1


class Posts:
    """A recording herald: what was posted in channels."""

    def __init__(self) -> None:
        self.posts: list[tuple[int, str, tuple[Button, ...]]] = []

    async def post(
        self,
        channel_id: int,
        guild_id: int | None,
        content: str,
        mentions: tuple[int, ...] = (),
        buttons: tuple[Button, ...] = (),
    ) -> int | None:
        self.posts.append((channel_id, content, buttons))
        return len(self.posts)

    async def edit(
        self, channel_id: int, message_id: int, content: str, buttons: tuple[Button, ...] = ()
    ) -> bool:
        return True

    async def delete(self, channel_id: int, message_id: int) -> None:
        return None

    async def dm(self, user_id: int, content: str) -> bool:
        return True


async def play(table: TableService, live: Live, answers: int) -> None:
    """`answers` legal answers (the first options), committed without announcing anything."""
    for _ in range(answers):
        assert live.match is not None
        prompt = live.match.prompts()[0]
        await table.submit(
            live.id, user_of(live, prompt.seat), prompt.pid, [o.id for o in prompt.options[: prompt.min]]
        )
        live = await table.get(live.id)


async def games(table: TableService, count: int) -> list[Live]:
    out = []
    for i in range(count):
        lobby = await table.open_lobby(
            guild_id=GUILD,
            channel_id=6000 + i,
            game="dominion",
            options={"kingdom": "First Game"},
            host_id=ALICE,
            host_name="alice",
            locale="pt" if i == 0 else "en",
        )
        await table.join(lobby.id, BOB, "bob")
        live = await table.start(lobby.id, ALICE)
        await play(table, live, 3)
        out.append(live)
    return out


DAMAGE = {
    "gap": "DELETE FROM match_log WHERE match_id = ? AND seq = 1",
    "garbled answer": "UPDATE match_log SET answer = '[\"unterminated' WHERE match_id = ? AND seq = 2",
    "wrong answer type": "UPDATE match_log SET answer = '{\"a\": 1}' WHERE match_id = ? AND seq = 0",
    "garbled options": "UPDATE matches SET options = '{not json' WHERE id = ?",
    "options not an object": "UPDATE matches SET options = '[1, 2]' WHERE id = ?",
    "garbled seats": "UPDATE matches SET seats = 'null' WHERE id = ?",
    "unknown game": "UPDATE matches SET game = 'no-such-game' WHERE id = ?",
    "failing replay": "UPDATE match_log SET answer = '[\"no-such-option\"]' WHERE match_id = ? AND seq = 1",
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
async def test_a_damaged_match_is_held_and_the_others_are_served(store: Store, damage: str) -> None:
    first = TableService(store)
    damaged, healthy = await games(first, 2)
    await store.db.execute(DAMAGE[damage], (damaged.id,))

    # A new process starts: the damaged match is held, the other is served.
    table = TableService(store)
    assert await table.rebuild_live() == [healthy.id]
    held = await store.quarantine.get(damaged.id)
    assert held is not None and held.kind == DAMAGED
    live = await table.get(healthy.id)
    assert live.match is not None
    await play(table, live, 1)
    # Its channel hears why, at any command: a row that cannot be read at all is refused on
    # lookup; one that reads but does not replay is found, held, and refused when played.
    try:
        found = await table.for_channel(6000)
    except UserError as exc:
        assert exc.key == "error.match_quarantined"
    else:
        assert found.held == DAMAGED and found.match is None
    # Lists of running games (the DM answer path, /games mine) go on without it.
    assert [r.id for r in await store.matches.with_status("active")] in (
        [healthy.id],
        [damaged.id, healthy.id],
    )

    # The table is told once, in its channel, in its server's language.
    herald = Posts()
    quarantine = Quarantine(table, herald)
    await quarantine.announce_pending()
    await quarantine.announce_pending()
    assert [(c, "suspensa" in text) for c, text, _ in herald.posts] == [(6000, True)]


async def test_a_failing_replay_names_its_answer_and_truncate_repairs_it(store: Store) -> None:
    table = TableService(store)
    live, _ = await games(table, 2)
    await play(table, live, 2)  # five answers
    await store.db.execute(DAMAGE["failing replay"], (live.id,))
    table = TableService(store)
    await table.rebuild_live()
    held = await store.quarantine.get(live.id)
    assert held is not None and held.step == 2
    herald = Posts()
    quarantine = Quarantine(table, herald)
    await quarantine.announce_pending()
    assert "(answer 2)" not in herald.posts[0][1] and "(resposta 2)" in herald.posts[0][1]

    seen = await quarantine.inspect(GUILD, live.id)
    assert (seen.answers, seen.playable) == (5, 1)
    exported = json.loads(await quarantine.export(GUILD, live.id))
    assert exported["log"][1]["answer"] == '["no-such-option"]' and exported["match"]["id"] == live.id
    with pytest.raises(UserError):
        await quarantine.inspect(GUILD + 1, live.id)  # another server's match is not shown

    fixed, kept, removed = await quarantine.truncate(GUILD, live.id)
    assert (kept, removed) == (1, 4) and fixed.match is not None and fixed.match.version == 1
    assert await store.quarantine.get(live.id) is None
    await play(table, fixed, 2)  # and it goes on


async def test_abandoning_a_damaged_match_frees_its_channel(store: Store) -> None:
    table = TableService(store)
    live, _ = await games(table, 2)
    await store.db.execute(DAMAGE["garbled options"], (live.id,))
    table = TableService(store)
    await table.rebuild_live()
    quarantine = Quarantine(table, Posts())
    with pytest.raises(UserError) as refused:
        await quarantine.truncate(GUILD, live.id)
    assert refused.value.key == "quarantine.cannot_truncate"
    await quarantine.abandon(GUILD, live.id)
    assert await store.quarantine.get(live.id) is None
    assert (await store.matches.info(live.id)).status == "abandoned"  # type: ignore[union-attr]
    with pytest.raises(UserError) as nothing:
        await table.for_channel(6000)
    assert nothing.value.key == "error.no_game_here"


async def test_each_answer_stores_the_digest_of_its_state(store: Store, table: TableService) -> None:
    live = await start_game(table)
    await play(table, live, 4)
    rows = await store.log.raw(live.id)
    assert len(rows) == 4 and all(len(r["digest"]) == 32 for r in rows)
    assert len({r["digest"] for r in rows}) == 4
    assert {r["engine_version"] for r in rows} == {live.definition.engine_version}
    # Another process rebuilding it reaches the same digests: nothing is held.
    other = TableService(store)
    again = await other.get(live.id)
    assert again.held is None and again.chain == (await table.get(live.id)).chain


async def test_a_changed_state_waits_for_the_host_to_continue(store: Store, table: TableService) -> None:
    live = await start_game(table)
    await play(table, live, 4)
    # The rules changed: what the stored digests vouch for differs from answer 3 on.
    await store.db.execute(
        "UPDATE match_log SET digest = 'x', engine_version = 'dominion-old' WHERE match_id = ? AND seq >= 2",
        (live.id,),
    )
    table = TableService(store)
    assert await table.rebuild_live() == []
    held = await store.quarantine.get(live.id)
    assert held is not None and (held.kind, held.step, held.engine_version) == (RULES, 3, "dominion-old")
    current = await table.get(live.id)
    prompt = current.match.prompts()[0]  # type: ignore[union-attr]
    with pytest.raises(UserError) as refused:
        await table.submit(
            live.id, user_of(current, prompt.seat), prompt.pid, [o.id for o in prompt.options[: prompt.min]]
        )
    assert refused.value.key == "error.match_rules_hold"

    herald = Posts()
    quarantine = Quarantine(table, herald)
    await quarantine.announce_pending()
    [(_, text, buttons)] = herald.posts
    assert "dominion-old" in text and "answer 3" in text and buttons[0].custom_id == f"bgb:rc:{live.id}"
    with pytest.raises(UserError) as not_host:
        await quarantine.continue_rules(live.id, BOB, can_manage=False)
    assert not_host.value.key == "quarantine.host_or_manager"
    resumed = await quarantine.continue_rules(live.id, BOB, can_manage=True)
    assert resumed.held is None and await store.quarantine.get(live.id) is None
    # Stamped anew: a later start finds nothing to hold, and the game goes on.
    assert await TableService(store).rebuild_live() == [live.id]
    await play(table, resumed, 2)


async def test_an_answer_the_rules_refuse_now_is_held_as_damaged(store: Store, table: TableService) -> None:
    live = await start_game(table)
    await play(table, live, 3)
    await store.db.execute(DAMAGE["failing replay"], (live.id,))
    table = TableService(store)
    assert await table.rebuild_live() == []
    held = await store.quarantine.get(live.id)
    assert held is not None and held.kind == DAMAGED and held.step == 2


# -- reconciliation ---------------------------------------------------------------------------------
class FlakyClient(FakeClient):
    """A client whose DMs fail with a server error while `failing` is set."""

    failing = False

    async def create_dm(self, user: discord.abc.Snowflake) -> FakeChannel:
        return FlakyChannel(self, 900_000 + user.id)

    def get_partial_messageable(self, channel_id: int, **kwargs: Any) -> FakeChannel:
        return FlakyChannel(self, channel_id) if channel_id >= 900_000 else FakeChannel(self, channel_id)


class FlakyChannel(FakeChannel):
    async def send(self, content: str | None = None, **kwargs: Any) -> FakeMessage:
        if isinstance(self.client, FlakyClient) and self.client.failing:
            raise discord.DiscordServerError(Response(503), "Service Unavailable")
        return await super().send(content, **kwargs)


class Response:
    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "Service Unavailable"


def reconciler(table: TableService, store: Store, client: FakeClient) -> tuple[Notifier, Reconciler]:
    notify = Notifier(client, table, PrefsService(store), clock=None, board_delay=0.0, postbox=client)  # type: ignore[arg-type]
    found = Reconciler(table, notify, every=60, grace=0.0)
    notify.missed = found.soon
    return notify, found


async def test_a_commit_never_announced_is_delivered_once_after_a_restart(store: Store) -> None:
    first = TableService(store)
    client = FakeClient()
    notify, _ = reconciler(first, store, client)
    live = await start_game(first)
    await notify.on_outcome(Outcome(live.id, "start", via="system"))
    await notify.recorded()
    assert len(client.dms()) == 1
    # Answers committed, then the process dies before announcing the last one.
    seat = live.match.prompts()[0].seat  # type: ignore[union-attr]
    while (prompt := live.match.prompts()[0]).seat == seat:  # type: ignore[union-attr]
        await first.submit(
            live.id, user_of(live, seat), prompt.pid, [o.id for o in prompt.options[: prompt.min]]
        )
    waiting = live.match.prompts()[0]  # type: ignore[union-attr]

    table, after = TableService(store), FakeClient()
    notify, found = reconciler(table, store, after)
    await table.rebuild_live()
    assert await found.run_once() == 1
    [dm] = after.dms()
    assert dm.channel_id == 900_000 + user_of(live, waiting.seat)
    assert after.board_edits() or [
        s for s in after.sent if s.kind == "post" and "embed" in s.kwargs and s.channel_id < 900_000
    ]
    # Once: later rounds, and the process's own announcement, send nothing more.
    assert await found.run_once() == 0
    await notify.on_outcome(Outcome(live.id, "resume", via="system"))
    assert len(after.dms()) == 1
    # A third life finds it delivered too.
    _, third = reconciler(TableService(store), store, FakeClient())
    assert await third.run_once() == 0


async def test_a_failed_dm_is_sent_again_by_reconciliation(store: Store, table: TableService) -> None:
    client = FlakyClient()
    notify, found = reconciler(table, store, client)
    live = await start_game(table)
    client.failing = True
    await notify.on_outcome(Outcome(live.id, "start", via="system"))
    await notify.recorded()
    # No DM, and no channel notice in its place: the failure is passing.
    assert client.dms() == [] and not [
        s for s in client.sent if "content" in s.kwargs and s.kwargs["content"]
    ]
    assert found._wake.is_set()
    assert await found.run_once() == 0  # still failing: nothing recorded, nothing duplicated
    client.failing = False
    assert await found.run_once() == 1
    assert await found.run_once() == 0
    assert len(client.dms()) == 1


async def test_a_rewind_brings_a_delivered_prompt_back(store: Store, table: TableService) -> None:
    client = FakeClient()
    notify, found = reconciler(table, store, client)
    live = await start_game(table)
    await notify.on_outcome(Outcome(live.id, "start", via="system"))
    await notify.recorded()
    first = live.match.prompts()[0]  # type: ignore[union-attr]
    await store.notices.record(live.id, first.seat, first.pid, step=5)  # sent at a later step
    assert await found.run_once() == 1  # the same prompt id at an earlier step: sent again


async def test_the_clicked_message_counts_as_the_delivery(store: Store, table: TableService) -> None:
    client = FakeClient()
    notify, found = reconciler(table, store, client)
    live = await start_game(table)
    notify.note_private(live, live.match.prompts()[0].seat, None)  # type: ignore[union-attr]
    for task in list(notify._recording):
        await task
    assert await found.run_once() == 0 and client.dms() == []


def test_fault_points_are_off_unless_armed() -> None:
    faults.arm("")
    faults.point("after_commit")  # nothing happens
    assert faults._parse("after_commit:3, other:p0.5") == {"after_commit": ("n", 3.0), "other": ("p", 0.5)}


# -- reads that decide what a player may do -----------------------------------------------------------
async def test_play_and_hand_read_the_stored_revision(db_path: str) -> None:
    one, two = await Store.open(db_path), await Store.open(db_path)
    try:
        a, b = TableService(one), TableService(two)
        live = await start_game(a)
        answering = Answering(b, None, Drafts())  # type: ignore[arg-type]
        seat = live.match.prompts()[0].seat  # type: ignore[union-attr]
        player = Player(user_of(live, seat), GUILD, live.record.channel_id)
        stale, _ = await answering.find(player)  # the second process caches the match
        # The first process moves the game on to the other player.
        while (prompt := live.match.prompts()[0]).seat == seat:  # type: ignore[union-attr]
            await a.submit(
                live.id, user_of(live, seat), prompt.pid, [o.id for o in prompt.options[: prompt.min]]
            )
        other = live.match.prompts()[0].seat  # type: ignore[union-attr]
        found, at = await answering.find(Player(user_of(live, other), GUILD, live.record.channel_id))
        assert found.prompt_for(at) is not None  # not "it is not your turn"
        assert await answering.choices(Player(user_of(live, other), None, None), "", "en")
        assert stale.record.revision < found.record.revision
    finally:
        await one.close()
        await two.close()


async def test_a_lost_write_race_is_counted(db_path: str) -> None:
    one, two = await Store.open(db_path), await Store.open(db_path)
    try:
        a, b = TableService(one), TableService(two)
        live = await start_game(a)
        await b.get(live.id)
        prompt = live.match.prompts()[0]  # type: ignore[union-attr]
        await a.submit(
            live.id, user_of(live, prompt.seat), prompt.pid, [o.id for o in prompt.options[: prompt.min]]
        )
        before = two.db.conflicts
        await b.set_lobby_message(live.id, 123)  # judged on an old copy: loses, reloads, retries
        assert two.db.conflicts == before + 1
    finally:
        await one.close()
        await two.close()


async def test_lobbies_are_never_held(store: Store, table: TableService) -> None:
    lobby = await open_dominion_lobby(table)
    assert await TableService(store).rebuild_live() == [] and await store.quarantine.all() == []
    assert (await table.get(lobby.id)).held is None


async def test_a_match_untouched_since_the_upgrade_is_not_sent_again(
    store: Store, table: TableService
) -> None:
    live = await start_game(table)
    await play(table, live, 2)
    # Stored by a version without digests, whose clicked-message deliveries were not recorded.
    await store.db.execute("UPDATE match_log SET digest = NULL WHERE match_id = ?", (live.id,))
    client = FakeClient()
    _, found = reconciler(TableService(store), store, client)
    assert await found.run_once() == 0 and client.dms() == []
    seat = live.match.prompts()[0].seat  # type: ignore[union-attr]
    recorded = await store.notices.delivered(live.id, seat)
    assert recorded is not None and recorded.via == "baseline"


async def test_a_failing_database_holds_nothing(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    live = await start_game(TableService(store))
    table = TableService(store)

    async def down(match_id: int) -> list[Any]:
        raise ConnectionError("the database went away")

    monkeypatch.setattr(store.log, "stamped", down)
    assert await table.rebuild_live() == []
    with pytest.raises(ConnectionError):
        await table.get(live.id)
    assert await store.quarantine.all() == []


async def test_a_held_match_leaves_its_bot_seats_alone(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    from bot.runner import Runner

    first = TableService(store)
    live = await start_game(first, bot_seat=True)
    await store.db.execute(DAMAGE["garbled options"], (live.id,))
    await store.turns.queue(live.id)
    table = TableService(store)
    runner = Runner(table, pause=0, turns=store.turns, owner="me", lease=5)
    runner.poke(live.id)
    await runner.idle()
    assert await store.turns.depth() == 0  # the request is dropped, not retried forever
    assert not [r for r in caplog.records if r.exc_info]
