"""The floor under the bot's load figures: the same load against the thinnest discord.py bot.

`bench/floor_bot.py` replaces `python -m bot`; everything else is bench/load.py's: the stand-in
served from this process, the simulated players, the clock, the CPU readings from /proc. Instead
of creating Dominion matches, the benchmark posts one message with one button, as the bot's own
user, in the DMs of one player per "match"; the player clicks it, the floor bot answers with an
UPDATE_MESSAGE that carries a new button, and the player clicks again (saturated: as soon as the
edit arrives; open loop: at the offered rate). Each click is one INTERACTION_CREATE and one
interaction callback, the least Discord traffic any bot answering a click can cause.

`--traffic table` runs the floor bot with FLOOR_TRAFFIC=table: the least traffic a play-by-post
table causes. Per match the benchmark posts, as the bot's user, a board message in the match's
channel, the first player's prompt (Play all Treasures) in their DMs and a waiting notice in the
other's. A turn is two clicks by the player to move (play, then buy); each is answered with an
UPDATE_MESSAGE plus one edit of the board, and the buy also makes the bot send the other player
a new DM prompt, which they click next. Per click: 1 callback, 1 channel edit, 0.5 DM post.

    python bench/floor.py --matches 100 --seconds 15 [--rate 500] [--traffic table] [--py-spy out.txt]
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import load  # noqa: E402
from floor_bot import (  # noqa: E402
    BOARD_CONTENT,
    BUY_ID,
    CONTENT,
    CUSTOM_ID,
    LABEL,
    PLAY_CONTENT,
    PLAY_ID,
    PLAY_LABEL,
    WAIT_CONTENT,
)

from bot.standin import StandIn  # noqa: E402
from bot.standin.state import Channel, Message, User, snowflake  # noqa: E402

NAME = "the same load, minimal discord.py bot (floor)"
TABLE_NAME = "the same load, minimal bot with a table's traffic (floor)"
PAYLOAD_NAME = "the same load, minimal bot with a table's traffic carrying our messages (floor)"


class FloorLoad(load.Load):
    """bench/load.py's harness with the floor bot and one button message per match."""

    async def prepare(self, env: dict[str, str]) -> None:
        """The floor bot has no slash commands: nothing to register."""

    def bot_command(self, profile: Path | None) -> list[str]:
        script = str(HERE / "floor_bot.py")
        if profile is not None:
            return [sys.executable, "-m", "cProfile", "-o", str(profile), script]
        return [sys.executable, script]

    def players(self) -> int:
        return self.k  # only the hosts are ever shown a button

    async def create_matches(self, concurrency: int = 8) -> int:
        """One message with the floor bot's button in each host's DMs; no interaction needed."""
        s = self.standin
        for host, _ in self.pairs:
            await self.post(s.dm_channel(host), CONTENT, (LABEL, CUSTOM_ID))
        await s.wait_until(lambda: len(self.fresh) >= self.k, timeout=60)
        return 0

    async def post(
        self, channel: Channel, content: str, button: tuple[str, str] | None, message_id: str | None = None
    ) -> None:
        """A message by the bot's user, stored as if the bot had sent it; players see it through
        on_dispatch."""
        s = self.standin
        message = Message(
            id=message_id or snowflake(), channel_id=channel.id, author=s.bot_user, guild_id=channel.guild_id
        )
        body: dict[str, object] = {"content": content}
        if button is not None:
            label, custom_id = button
            item = {"type": 2, "style": 2, "label": label, "custom_id": custom_id}
            body["components"] = [{"type": 1, "components": [item]}]
        message.apply(body)
        await s.store_message(message)


class TableLoad(FloorLoad):
    """The floor bot with a table's minimum traffic (FLOOR_TRAFFIC=table): per match a board
    message in its channel and a prompt in the first player's DMs; players alternate turns."""

    async def prepare(self, env: dict[str, str]) -> None:
        """Hand the bot each DM channel's match: what a real bot would hold for a live match."""
        s = self.standin
        self.boards = [snowflake() for _ in self.pairs]
        tables: dict[str, list[str]] = {}
        for channel, board, (host, guest) in zip(self.channels, self.boards, self.pairs, strict=True):
            host_dm, guest_dm = s.dm_channel(host).id, s.dm_channel(guest).id
            tables[host_dm] = [channel.id, board, guest_dm]
            tables[guest_dm] = [channel.id, board, host_dm]
        path = self.workdir / "tables.json"
        path.write_text(json.dumps(tables))
        env.update(FLOOR_TRAFFIC="table", FLOOR_TABLES=str(path))

    def players(self) -> int:
        return 2 * self.k  # both players of every table take turns

    async def create_matches(self, concurrency: int = 8) -> int:
        s = self.standin
        for channel, board, (host, guest) in zip(self.channels, self.boards, self.pairs, strict=True):
            await self.post(channel, BOARD_CONTENT, None, message_id=board)
            await self.post(s.dm_channel(guest), WAIT_CONTENT, None)
            await self.post(s.dm_channel(host), PLAY_CONTENT, (PLAY_LABEL, PLAY_ID))
        await s.wait_until(lambda: len(self.fresh) >= self.k, timeout=60)
        return 0


# -- the real bot's messages on the table's traffic ------------------------------------------------
def _components(body: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in body.get("components") or [] for c in row.get("components") or []]


def kind_of(body: dict[str, Any]) -> str | None:
    """Which of the money player's views a DM body is: play, buy, wait (or None)."""
    parts = _components(body)
    labels = [str(c.get("label") or "") for c in parts if c.get("type") == 2]
    options = [str(o.get("label") or "") for c in parts if c.get("type") == 3 for o in c.get("options") or []]
    if "Play all Treasures" in labels:
        return "play"
    if any(x.startswith("Gold") for x in labels + options):
        return "buy"
    if body.get("embeds") and not any(c.get("custom_id") and not c.get("disabled") for c in parts):
        return "wait"
    return None


def floor_ids(body: dict[str, Any], kind: str) -> dict[str, Any]:
    """The body with the floor bot's ids: its play button PLAY_ID, its Gold BUY_ID, others unique."""
    body = json.loads(json.dumps({k: body[k] for k in ("content", "embeds", "components") if k in body}))
    for n, c in enumerate(_components(body)):
        if "custom_id" not in c:
            continue
        labels = [str(c.get("label") or "")] + [str(o.get("label") or "") for o in c.get("options") or []]
        if kind == "play" and labels[0] == "Play all Treasures":
            c["custom_id"] = PLAY_ID
        elif kind == "buy" and any(x.startswith("Gold") for x in labels):
            c["custom_id"] = BUY_ID
        else:
            c["custom_id"] = f"floor:other:{n}"
    return body


def capture(standin: StandIn, channels: list[Channel], users: list[User]) -> dict[str, dict[str, Any]]:
    """The latest body of each kind the bot sent: DM views by kind, and the board."""
    found: dict[str, dict[str, Any]] = {}
    for user in users:
        for message in standin.dm_messages(user):
            for body in message.history:
                kind = kind_of(body)
                if kind is not None:
                    found[kind] = floor_ids(body, kind)
    for channel in channels:
        for message in standin.messages(channel):
            for body in message.history:
                if body.get("embeds") and not str(body.get("content") or "").startswith("⏳"):
                    found["board"] = floor_ids(body, "board")
    missing = {"play", "buy", "wait", "board"} - set(found)
    if missing:
        raise RuntimeError(f"the bot's run showed no {sorted(missing)} message to capture")
    return found


class CaptureLoad(load.Load):
    """A short run of the real bot, keeping the messages it sent before it stops."""

    captured: dict[str, dict[str, Any]] = {}

    async def stop(self) -> None:
        users = [u for pair in self.pairs for u in pair]
        CaptureLoad.captured = capture(self.standin, self.channels, users)
        await super().stop()


_PAYLOADS: Path | None = None


async def payloads() -> Path:
    """The real bot's messages, captured once per process from a short game-playing run."""
    global _PAYLOADS
    if _PAYLOADS is None:
        await load.run_load(4, 3.0, warmup=2.0, harness=CaptureLoad)
        path = Path(tempfile.mkdtemp(prefix="bgb-payloads-")) / "payloads.json"
        path.write_text(json.dumps(CaptureLoad.captured))
        _PAYLOADS = path
    return _PAYLOADS


class PayloadLoad(TableLoad):
    """The table's traffic with the real bot's messages (FLOOR_TRAFFIC=payload)."""

    bodies: Path | None = None  # set before the run (`payloads()`)

    async def prepare(self, env: dict[str, str]) -> None:
        await super().prepare(env)
        assert self.bodies is not None
        env.update(FLOOR_TRAFFIC="payload", FLOOR_PAYLOADS=str(self.bodies))
        self.raw: dict[str, dict[str, Any]] = json.loads(self.bodies.read_text())

    async def create_matches(self, concurrency: int = 8) -> int:
        s = self.standin
        for channel, board, (host, guest) in zip(self.channels, self.boards, self.pairs, strict=True):
            await self.post_body(channel, self.raw["board"], message_id=board)
            await self.post_body(s.dm_channel(guest), self.raw["wait"])
            await self.post_body(s.dm_channel(host), self.raw["play"])
        await s.wait_until(lambda: len(self.fresh) >= self.k, timeout=60)
        return 0

    async def post_body(self, channel: Channel, body: dict[str, Any], message_id: str | None = None) -> None:
        s = self.standin
        message = Message(
            id=message_id or snowflake(), channel_id=channel.id, author=s.bot_user, guild_id=channel.guild_id
        )
        message.apply(json.loads(json.dumps(body)))
        await s.store_message(message)


class LeanPayloadLoad(PayloadLoad):
    """The same messages on our bot's own send paths (FLOOR_TRAFFIC=lean-payload)."""

    async def prepare(self, env: dict[str, str]) -> None:
        await super().prepare(env)
        env.update(FLOOR_TRAFFIC="lean-payload")


async def run_floor(
    matches: int,
    seconds: float,
    rate: float | None = None,
    warmup: float = 3.0,
    profile: Path | None = None,
    py_spy: Path | None = None,
    traffic: str = "click",
) -> load.LoadResult:
    """`traffic`: "click" (one callback per click), "table" (a table's minimum traffic) or
    "payload" (that traffic carrying the real bot's messages)."""
    harness: type[load.Load] = {
        "click": FloorLoad,
        "table": TableLoad,
        "payload": PayloadLoad,
        "lean-payload": LeanPayloadLoad,
    }[traffic]
    if traffic in ("payload", "lean-payload"):
        PayloadLoad.bodies = await payloads()
    return await load.run_load(
        matches, seconds, rate=rate, warmup=warmup, profile=profile, py_spy=py_spy, harness=harness
    )


def main(argv: list[str] | None = None) -> int:
    parser = load.run_arguments(__doc__)
    parser.add_argument(
        "--traffic",
        choices=("click", "table", "payload", "lean-payload"),
        default="click",
        help="click: one callback per click; table: plus a board edit per click and a DM per turn; "
        "payload: the table's traffic carrying the real bot's messages; lean-payload: those "
        "messages sent on the bot's own paths (nothing read back)",
    )
    parser.add_argument("--profile", type=Path, default=None, help="cProfile the floor bot into this file")
    parser.add_argument(
        "--py-spy", type=Path, default=None, help="sample the floor bot with py-spy (raw stacks)"
    )
    args = parser.parse_args(argv)
    result = asyncio.run(
        run_floor(args.matches, args.seconds, args.rate, args.warmup, args.profile, args.py_spy, args.traffic)
    )
    print(load.table([result]))
    print(
        f"\nclicks {result.clicks}, answered {result.acked}, errors {result.errors}, "
        f"given up {result.expired}, bot RSS {result.bot_rss_mb:.0f} MB"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
