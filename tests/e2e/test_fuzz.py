"""Thousands of bad interactions against the real bot, generated from every game's plug-in
definition (its `/<game> new` command, seat range, bot policies, options model and live prompts),
so a game added later is fuzzed too. Each bad input is sent in English and in Portuguese; the bot
must answer every one privately, in the user's language, within Discord's limits, without an
unexpected error, and the stored games must not change.

`FUZZ_INTERACTIONS` sets how many (default 5,000)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.render import ids
from bot.replays import FORMAT, FORMAT_VERSION
from bot.standin import StandIn
from bot.standin.interactions import Interaction, StandInError
from bot.standin.state import Channel, Message, User
from engine.core.registry import game_ids, get_game
from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import Table, components, join_and_start, lobby_id, prompt_id

TOTAL = int(os.environ.get("FUZZ_INTERACTIONS", "5000"))
CONCURRENCY = 8
LOCALES = ("en-US", "pt-BR")
UNEXPECTED = ("ref `", "ref. `")  # the words of error.unexpected in both languages
SEED = 23

Send = Callable[[str], Awaitable[Interaction]]  # locale -> the interaction, dispatched


@dataclass
class Live:
    game: str
    channel: Channel
    match_id: int
    players: list[User]
    mover: User
    prompt: Message  # the mover's private view with its decision
    board: Message


def snapshot(db: Path) -> tuple[Any, ...]:
    """Everything a refusal must leave alone."""
    with sqlite3.connect(db) as conn:
        return (
            conn.execute(
                "SELECT id, status, seats, options, board_message_id, lobby_message_id, board_posted_at FROM matches ORDER BY id"
            ).fetchall(),
            conn.execute(
                "SELECT match_id, seq, seat, answer FROM match_log ORDER BY match_id, seq"
            ).fetchall(),
            conn.execute("SELECT COUNT(*) FROM pbp_replays").fetchone(),
            conn.execute("SELECT COUNT(*) FROM results").fetchone(),
        )


async def settled(db: Path) -> tuple[Any, ...]:
    """The stored state once the tables opened have stopped moving (boards and status messages
    recorded after the first answer can wait): the same for three seconds."""
    last, same_since = snapshot(db), asyncio.get_running_loop().time()
    while asyncio.get_running_loop().time() - same_since < 3.0:
        await asyncio.sleep(0.1)
        now = snapshot(db)
        if now != last:
            last, same_since = now, asyncio.get_running_loop().time()
    return last


async def open_live(standin: StandIn, world: World, game: str) -> Live:
    """A table of `game` through its own subcommand with its defaults, alice and bob seated."""
    definition = get_game(game)
    channel = standin.add_channel(world.guild, f"fuzz-{game}")
    inter = await standin.slash(world.alice, channel, f"{game} new", {})
    await inter.response()
    lobby = await inter.wait_original()
    match_id = lobby_id(lobby)
    guests = [world.bob] if definition.max_players >= 2 else []
    board = await join_and_start(standin, channel, lobby, world.alice, guests)
    players = [world.alice, *guests]
    mover, prompt = await Table(standin, channel, match_id, players).next_turn()
    return Live(game, channel, match_id, players, mover, prompt, board)


async def reply_text(inter: Interaction) -> str:
    """The private text the user got, however the bot answered (reply, deferral, followup)."""
    body = await inter.response(timeout=4)
    kind = body["type"]
    if kind == 4:
        assert body["data"].get("flags", 0) & 64, f"public reply: {body}"
        return str(body["data"].get("content") or json.dumps(body["data"].get("embeds")))
    if kind == 5:
        assert body.get("data", {}).get("flags", 0) & 64, f"public deferral: {body}"
        message = await inter.wait_original(lambda m: bool(m.content or m.embeds), timeout=4)
        assert message.ephemeral
        return message.content or json.dumps(message.embeds)
    if kind == 8:  # autocomplete
        return json.dumps(body["data"])
    # 6: acknowledged without a visible change; the answer follows privately. 7: the clicked
    # message was replaced, which only a private one may be.
    assert inter.message is not None
    private = inter.message.ephemeral or inter.channel.is_dm
    assert kind == 6 or private, f"a public message replaced: {body}"
    if kind == 7:  # the private view redrawn as it is (a page that does not exist shows the last)
        return json.dumps(body["data"])
    message = await inter.followup(timeout=4)
    assert message.ephemeral or inter.channel.is_dm, message
    return message.content or json.dumps(message.embeds)


def public_messages(standin: StandIn, channels: list[Channel]) -> list[Any]:
    """What everyone sees in the game channels: no refusal may change it."""
    return [m.to_json() for c in channels for m in standin.messages(c) if not m.ephemeral]


# -- generators ------------------------------------------------------------------------------------

HOSTILE_TEXT = [
    "",
    " ",
    "x" * 1500,
    "@everyone " * 40,
    "<@1> <#2> <@&3> " * 30,
    "﷽" * 300,
    "\u202e" + "evil" * 100,
    "`" * 900 + "```",
    "9" * 400,
    "-1",
    "0:0:0:0",
    "99999999999999999999999:0",
    "1:99999999999999999999999",
    "🂡" * 500,
    "\x00\x01\x02",
]


def bad_custom_ids(rng: random.Random, live: Live) -> list[str]:
    """Ids no message of this bot carries: malformed, wrongly counted, beyond 64 bits, unknown."""
    m = live.match_id
    huge = str(2**64 + rng.randrange(10**6))
    out = [
        "",
        "bgb",
        "bgb:",
        "bgb:o",
        f"bgb:o:{m}",
        f"bgb:o:{m}:1",
        f"bgb:o:{m}:1:2:3",
        f"bgb:o:{m}:x:1",
        f"bgb:o:{m}:-1:0",
        f"bgb:o:{huge}:1:0",
        f"bgb:o:{m}:{huge}:0",
        f"bgb:h:{huge}",
        f"bgb:h:{m}:{m}",
        f"bgb:zz:{m}",
        f"bgs:zz:{m}:1",
        f"bgb:O:{m}:1:0",
        f"bgb:o:{m}:1:0 ",
        f"bgb:o:{m}:1:0\n",
        f"bgb:o:{m}:{'1' * 30}:0",
        f"bgb:o:{m}:١:0",  # an Arabic-Indic digit: str.isdigit, but not ours
        "bgu:zz:1",
        "not-ours",
        "x" * 100,
        f"bgb:lj:{m}:{m}",
        f"bgb:ls:{huge}",
        f"bgb:pg:{m}:1",
        f"bgs:a:{m}",
        f"bgs:d:{m}:1:2:3:4",
        ":".join(["bgb:o", *["1"] * 40])[:100],
    ]
    for kind, counts in ids.ARITY.items():
        prefix = "bgs" if kind in (ids.PICK, ids.DRAFT) else "bgb"
        wrong = rng.choice([n for n in range(0, 6) if n not in counts])
        arity = counts[0]
        out.append(
            ":".join([prefix, kind, *[str(rng.randrange(1, 10**6)) for _ in range(wrong)]]).rstrip(":")
        )
        # The right count, but a match that does not exist.
        out.append(":".join([prefix, kind, str(10**12 + rng.randrange(10**6)), *["1"] * (arity - 1)]))
    return [c[:100] for c in out]


def stale_and_wrong_seat(live: Live) -> list[tuple[User | None, str, list[str] | None]]:
    """(who, custom id, select values) for the live prompt: old and future prompt ids, options it
    lacks, seats not on turn, users not playing, select values that are not option indices."""
    m = live.match_id
    pid = prompt_id(live.prompt, m)
    assert pid is not None
    out: list[tuple[User | None, str, list[str] | None]] = []
    for other in (pid - 1, pid + 1, pid + 1000, 0):
        if other >= 0 and other != pid:
            out += [(live.mover, f"bgb:o:{m}:{other}:0", None), (live.mover, f"bgb:e:{m}:{other}", None)]
            out += [(live.mover, f"bgb:c:{m}:{other}", None), (live.mover, f"bgs:a:{m}:{other}:0", ["0"])]
    out += [(live.mover, f"bgb:o:{m}:{pid}:{i}", None) for i in (999, 10**6, 2**63 - 1)]
    for values in (["x"], ["-1"], [""], ["999999"], ["1e3"], ["0x1"], ["9" * 30], ["٣"], ["9999", "9998"]):
        out.append((live.mover, f"bgs:a:{m}:{pid}:0", values))
        out.append((live.mover, f"bgs:d:{m}:{pid}:0", values))
    out.append((live.mover, f"bgb:pg:{m}:{pid}:{2**62}", None))
    out.append((live.mover, f"bgb:lj:{m}", None))
    out.append((live.mover, f"bgb:ls:{m}", None))
    out.append((live.mover, f"bgb:lb:{m}", None))
    for user in live.players:
        if user is not live.mover:
            out += [(user, c["custom_id"], None) for c in components(live.prompt) if c["type"] == 2]
    out += [(None, c["custom_id"], None) for c in components(live.prompt) if c["type"] == 2]  # not playing
    out.append((None, f"bgb:h:{m}", None))
    out.append((None, f"bgb:ll:{m}", None))
    return out


def replay_files(rng: random.Random, game: str) -> list[tuple[str, bytes]]:
    """Hostile `/game import` files built from the game's definition."""
    definition = get_game(game)
    seats = [{"kind": "human", "name": "a", "policy": None}] * definition.min_players
    base: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": game,
        "engine_version": definition.engine_version,
        "options": {},
        "seats": seats,
        "seed": 1,
        "log": [],
    }

    def variant(**changes: Any) -> bytes:
        return json.dumps({**base, **changes}).encode()

    out = [
        ("deep.json", b"[" * 100_000 + b"]" * 100_000),
        ("deep-object.json", b'{"a":' * 5000 + b"1" + b"}" * 5000),
        ("nested-options.json", variant(options=json.loads("[" * 40 + "]" * 40))),
        (
            "huge-int.json",
            json.dumps({**base, "seed": 0}).replace('"seed": 0', '"seed": ' + "9" * 5000).encode(),
        ),
        ("big-seed.json", variant(seed=2**70)),
        ("negative-seed.json", variant(seed=-5)),
        ("nan.json", json.dumps(base).replace('"seed": 1', '"seed": NaN').encode()),
        ("float-seed.json", variant(seed=1.5)),
        ("bool-seed.json", variant(seed=True)),
        ("not-utf8.json", b"\xff\xfe\x00garbage"),
        ("not-json.json", b"{this is not json"),
        ("list.json", b"[1, 2, 3]"),
        ("format.json", variant(format_version=99)),
        ("game.json", variant(game="chess")),
        ("game-type.json", variant(game=["dominion"])),
        ("policy.json", variant(seats=[*seats[:-1], {"kind": "bot", "name": "b", "policy": "cheater"}])),
        ("policy-type.json", variant(seats=[*seats[:-1], {"kind": "bot", "name": "b", "policy": 7}])),
        ("seat-kind.json", variant(seats=[*seats[:-1], {"kind": "alien", "name": "b"}])),
        ("seats-few.json", variant(seats=[])),
        ("seats-many.json", variant(seats=seats * 20)),
        ("seat-name.json", variant(seats=[{"kind": "human", "name": "n" * 5000}] * len(seats))),
        ("log-seat.json", variant(log=[[99, ["x"]]])),
        ("log-seat-neg.json", variant(log=[[-1, ["x"]]])),
        ("log-bool.json", variant(log=[[True, ["x"]]])),
        ("log-shape.json", variant(log=[[0, "x"]])),
        ("log-answer.json", variant(log=[[0, ["x" * 5000]]])),
        ("log-garbage.json", variant(log=[[0, ["no-such-option"]]])),
        ("options-type.json", variant(options=["not", "a", "dict"])),
        # Keys beyond the model (a server's data text, what a lobby derived) reach the game as
        # they are; wrongly typed, the rebuild is refused rather than crashing.
        ("options-hidden.json", variant(options={"capacity": {"x": 1}, "kingdom_name": [1]})),
    ]
    for name in definition.options_model.model_fields:
        for bad in ({"x": [1]}, [1, 2], 10**18, -(10**18), 2**70):
            out.append((f"option-{name}.json", variant(options={name: bad})))
    rng.shuffle(out)
    return out


# -- the run ---------------------------------------------------------------------------------------


async def test_fuzzed_bad_interactions(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    bot = await start_bot()
    rng = random.Random(SEED)
    carol = world.carol
    tables = []
    for game in game_ids(released_only=True):
        tables.append(await open_live(standin, world, game))
    before = await settled(world.db)
    public_before = public_messages(standin, [t.channel for t in tables])

    cases: list[tuple[str, Send]] = []

    def component(user: User, message: Message, custom_id: str, values: list[str] | None) -> None:
        kind = 3 if custom_id.startswith("bgs:") or values is not None else 2
        cases.append(
            (
                f"{user.name} {custom_id!r} {values}",
                lambda loc: standin.forge(user, message, custom_id, values, kind, locale=loc),
            )
        )

    def slash(user: User, channel: Channel, command: str, options: dict[str, Any]) -> None:
        cases.append(
            (
                f"/{command} {str(options)[:80]}",
                lambda loc: standin.slash(user, channel, command, options, loc),
            )
        )

    for live in tables:
        outsider = carol
        for custom_id in bad_custom_ids(rng, live):
            component(live.mover, live.prompt, custom_id, None)
            component(live.mover, live.board, custom_id, ["0"] if custom_id.startswith("bgs") else None)
        for who, custom_id, values in stale_and_wrong_seat(live):
            user = who or outsider
            # Someone else's DM cannot carry their click; the board can (and a stale copy would).
            message = live.prompt if user is live.mover else live.board
            component(user, message, custom_id, values)
        for text in HOSTILE_TEXT:
            slash(live.mover, live.channel, "play", {"choice": text})
            slash(outsider, live.channel, "play", {"choice": text})
        string_options = [
            o["name"]
            for sub in next(c for c in standin.commands if c["name"] == "game")["options"]
            if sub["name"] == "new"
            for g in sub.get("options", [])
            if g["name"] == live.game
            for o in g.get("options", [])
            if o["type"] == 3 and not o.get("choices")  # Discord itself holds a choice to its list
        ]
        for name in string_options:
            for text in HOSTILE_TEXT[:6]:
                slash(live.mover, live.channel, f"{live.game} new", {name: text or "x"})
        for filename, blob in replay_files(rng, live.game):
            slash(live.mover, live.channel, "game import", {"file": (filename, blob)})

    # Repeat the generated cases (with fresh random variations of the malformed ids) until the
    # run holds TOTAL interactions, each case sent once per locale.
    base = list(cases)
    while len(cases) * len(LOCALES) < TOTAL:
        live = rng.choice(tables)
        custom_id = rng.choice(bad_custom_ids(rng, live))
        component(rng.choice([live.mover, carol]), live.board, custom_id, None)
        if len(cases) < len(base) * 2:
            cases.append(rng.choice(base))

    sent = 0
    problems: list[str] = []
    semaphore = asyncio.Semaphore(CONCURRENCY)

    async def run(what: str, send: Send) -> None:
        async with semaphore:
            await run_case(what, send)

    async def run_case(what: str, send: Send) -> None:
        nonlocal sent
        texts = []
        for locale in LOCALES:
            try:
                inter = await send(locale)
            except StandInError as exc:  # Discord itself would not let the client send it
                problems.append(f"{what}: the stand-in refused to send it: {exc}")
                return
            sent += 1
            try:
                texts.append(await reply_text(inter))
            except (AssertionError, TimeoutError) as exc:
                problems.append(f"{what} [{locale}]: {type(exc).__name__} {exc}")
                return
        english, portuguese = texts
        if any(u in t for t in texts for u in UNEXPECTED):
            problems.append(f"{what}: unexpected error: {english[:200]}")
        elif english == portuguese and any(ch.isalpha() for ch in english):
            problems.append(f"{what}: the same words in both languages: {english[:200]}")

    await asyncio.gather(*(run(what, send) for what, send in cases))
    assert not problems, f"{len(problems)} problems, e.g.:\n" + "\n".join(problems[:25])
    assert sent >= TOTAL
    after = snapshot(world.db)
    assert after == before
    assert public_messages(standin, [t.channel for t in tables]) == public_before
    log = bot.output()
    assert "Traceback" not in log and " ERROR " not in log, log[-4000:]
