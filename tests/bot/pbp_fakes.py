"""Play-by-post test kit: a herald that records instead of posting, and a rig that wires the
table service, a runner and the play-by-post service on simulated time."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from bot.clock import ManualClock
from bot.herald import Button
from bot.pbp import PlayByPost
from bot.runner import Runner
from bot.table import Live, Outcome, TableService
from storage import Store
from storage.pbp import PbpStore
from tests.bot.conftest import start_game

HOUR = 3600.0


@dataclass
class Posted:
    id: int
    channel_id: int
    content: str
    mentions: tuple[int, ...] = ()
    buttons: tuple[Button, ...] = ()
    deleted: bool = False


@dataclass
class FakeHerald:
    posts: list[Posted] = field(default_factory=list)
    dms: list[tuple[int, str]] = field(default_factory=list)
    edits: int = 0  # edits that landed
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(9000))

    async def post(
        self,
        channel_id: int,
        guild_id: int | None,
        content: str,
        mentions: tuple[int, ...] = (),
        buttons: tuple[Button, ...] = (),
    ) -> int | None:
        message = Posted(next(self._ids), channel_id, content, mentions, buttons)
        self.posts.append(message)
        return message.id

    async def edit(self, channel_id: int, message_id: int, content: str, buttons: tuple[Button, ...] = ()) -> bool:
        for message in self.posts:
            if message.id == message_id and not message.deleted:
                message.content = content
                message.buttons = buttons
                self.edits += 1
                return True
        return False

    async def delete(self, channel_id: int, message_id: int) -> None:
        for message in self.posts:
            if message.id == message_id:
                message.deleted = True

    async def dm(self, user_id: int, content: str) -> bool:
        self.dms.append((user_id, content))
        return True

    def live_posts(self) -> list[Posted]:
        return [m for m in self.posts if not m.deleted]

    def find(self, text: str) -> list[Posted]:
        return [m for m in self.posts if text in m.content]


@dataclass
class Rig:
    store: Store
    table: TableService
    runner: Runner
    pbp: PlayByPost
    herald: FakeHerald
    clock: ManualClock
    no_dm: set[int]  # users whose prompts cannot go by DM (the notifier's knowledge, faked)

    async def settle(self) -> None:
        await self.runner.idle()

    async def tick(self, hours: float) -> int:
        """Move simulated time on and run what fell due."""
        self.clock.advance(hours * HOUR)
        ran = await self.pbp.scheduler.run_due()
        await self.runner.idle()
        return ran


async def make_rig(
    db_path: str,
    clock: ManualClock | None = None,
    herald: FakeHerald | None = None,
    status_interval: float = 0.0,
    status_interval_busy: float | None = None,
) -> Rig:
    store = await Store.open(db_path)
    table = TableService(store)
    # As the bot wires them: the runner plays the seats play-by-post covers, which pokes it.
    runner = Runner(table, pause=0, covers=lambda match_id, seat: pbp.timers.covers(match_id, seat))
    clock = clock or ManualClock()
    herald = herald or FakeHerald()
    no_dm: set[int] = set()

    async def reaches_by_dm(user_id: int) -> bool:
        return user_id not in no_dm

    pbp = PlayByPost(
        table,
        PbpStore(store.db),
        herald,
        clock,
        poke=runner.poke,
        reaches_by_dm=reaches_by_dm,
        status_interval=status_interval,
        status_interval_busy=status_interval_busy,
    )
    table.listen(runner.on_outcome, pbp.on_outcome)
    await pbp.start(run_loop=False)
    return Rig(store, table, runner, pbp, herald, clock, no_dm)


async def started(rig: Rig, hours: float | None = 24, policy: str = "bot_turn", bot_seat: bool = False) -> Live:
    """A started two-player game with a clock, announced like the lobby does."""
    live = await start_game(rig.table, bot_seat=bot_seat)
    await rig.pbp.timers.set_clock(live.id, hours, policy)
    await rig.table.announce(Outcome(live.id, "start"))
    await rig.settle()
    return await rig.table.get(live.id)


async def end_turn(rig: Rig, live: Live) -> Live:
    """The player to move ends their turn (or takes the default answer); the match after it."""
    live = await rig.table.get(live.id)
    assert live.match is not None
    prompt = live.match.prompts()[0]
    user = live.record.seats[prompt.seat].user_id
    assert user is not None
    choice = ["end"] if any(o.id == "end" for o in prompt.options) else list(prompt.default or ())
    await rig.table.announce(await rig.table.submit(live.id, user, prompt.pid, choice))
    return await rig.table.get(live.id)


def current_seat(live: Live) -> int:
    assert live.match is not None
    seat = live.match.view(None)["current"]
    assert isinstance(seat, int)
    return seat
