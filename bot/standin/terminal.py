"""A plain-text client for the stand-in: play as several users in one channel from a terminal.

Reads commands line by line (so it can be scripted: `printf '/game new dominion\\n' | ...`)
and prints new messages as they arrive. Ends on `quit` or end of input.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import shlex
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO

from bot.standin.interactions import Interaction, StandInError
from bot.standin.server import StandIn
from bot.standin.state import JSON, Channel, Message, User, iter_components

MENTION = re.compile(r"<@!?(\d+)>")
MANAGE_GUILD = 1 << 5

HELP = """\
commands:
  as <user>                      act as another user (e.g. as bob)
  /<command> [sub ...] [opt:value ...]   run a slash command, e.g. /game new dominion
                                 (a file option takes a local path: file:./deck.yaml)
  manager [on|off]               give (or take back) Manage Server for the /admin commands
  click <n>                      press button number n
  select <n> <value[,value...]>  choose option(s) in select number n (values or labels)
  modal <field:value ...>        fill in and submit the last modal opened for you
  say <text>                     post a plain message
  show                           recent messages in the channel
  dms                            your direct messages
  commands                       list the bot's slash commands
  help | quit"""


@dataclass
class Numbered:
    message_id: str
    custom_id: str
    component: JSON


class Terminal:
    def __init__(
        self, standin: StandIn, channel: Channel, user: User | None = None, out: TextIO = sys.stdout, quiet: float = 0.3
    ) -> None:
        self.standin = standin
        self.quiet = quiet  # how long the bot must stay silent before the next command runs
        self.channel = channel
        self.user = user or next(u for u in standin.users.values() if not u.bot)
        self.out = out
        self.numbered: dict[int, Numbered] = {}
        self.cursor = len(standin.events)  # events already printed
        self.last_modal: Interaction | None = None

    def write(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    # -- rendering -----------------------------------------------------------------------

    def render(self, msg: Message, kind: str = "create") -> str:
        who = msg.author.name
        tags = []
        if kind == "update":
            tags.append("edited")
        if msg.ephemeral:
            tags.append("only you")
        if msg.loading:
            tags.append("thinking...")
        head = f"{who}{' (' + ', '.join(tags) + ')' if tags else ''}:"
        content = self._mentions(msg.content).replace("\n", "\n  ")
        lines = [head + (f" {content}" if content else "")]
        for embed in msg.embeds:
            if embed.get("author", {}).get("name"):
                lines.append(f"  | {embed['author']['name']}")
            if embed.get("title"):
                lines.append(f"  | == {embed['title']} ==")
            for text_line in self._mentions(embed.get("description") or "").splitlines():
                lines.append(f"  | {text_line}")
            for fld in embed.get("fields") or []:
                # A multi-line value reads as an indented block under its name.
                value = self._mentions(str(fld.get("value"))).replace("\n", "\n  |   ")
                lines.append(f"  | {fld.get('name')}: {value}")
            if embed.get("footer", {}).get("text"):
                lines.append(f"  | -- {embed['footer']['text']}")
        for att in msg.attachments:
            lines.append(f"  [attachment {att['filename']} ({att['size']} bytes)]")
        for row in msg.components:
            cells = []
            for comp in [row] if row.get("type") != 1 else row.get("components") or []:
                cells.extend(self._render_component(msg, comp))
            if cells:
                lines.append("  " + "   ".join(cells))
        return "\n".join(lines)

    def _mentions(self, text: str) -> str:
        """<@id> as @name, the way a Discord client shows a mention."""

        def name(match: re.Match[str]) -> str:
            user = self.standin.users.get(match[1])
            return f"@{user.name}" if user else match[0]

        return MENTION.sub(name, text)

    def _render_component(self, msg: Message, comp: JSON) -> list[str]:
        out = []
        for item in iter_components([comp]):
            if "custom_id" not in item and item.get("type") != 2:
                continue
            if item.get("type") == 2:
                label = item.get("label") or (item.get("emoji") or {}).get("name") or "?"
                if "custom_id" not in item:
                    out.append(f"[link {label}: {item.get('url')}]")
                    continue
                n = self._number(msg, item)
                out.append(f"[{n}] {label}{' (disabled)' if item.get('disabled') else ''}")
            elif item.get("type") in (3, 5, 6, 7, 8):
                n = self._number(msg, item)
                options = " | ".join(f"{o['label']}={o['value']}" for o in item.get("options") or [])
                placeholder = item.get("placeholder") or "choose"
                picks = f" pick {item.get('min_values', 1)}-{item.get('max_values', 1)}"
                out.append(f"[{n}] <{placeholder}{picks}> {options}")
        return out

    def _number(self, msg: Message, comp: JSON) -> int:
        n = len(self.numbered) + 1
        self.numbered[n] = Numbered(msg.id, comp["custom_id"], comp)
        return n

    def print_new(self) -> None:
        """Print message events since the last call that the current user can see."""
        for event in self.standin.events[self.cursor :]:
            msg = event.message
            channel = self.standin.channels.get(msg.channel_id)
            if channel is None or event.kind == "delete":
                continue
            if channel.is_dm:
                owner = self.standin.users[str(channel.recipient_id)]
                if owner.id == self.user.id:
                    self.write(f"[DM] {self.render(msg, event.kind)}")
                elif event.kind == "create":
                    self.write(f"(new DM for {owner.name}; `as {owner.name}` then `dms` to read it)")
            elif channel.id == self.channel.id and msg.visible_to in (None, self.user.id):
                self.write(self.render(msg, event.kind))
        self.cursor = len(self.standin.events)

    # -- commands ------------------------------------------------------------------------

    async def handle(self, line: str) -> bool:
        """Run one command line; False means quit."""
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        word, _, rest = line.partition(" ")
        try:
            if word in ("quit", "exit"):
                return False
            if word == "help":
                self.write(HELP)
            elif word == "as":
                self.user = self.standin.find_user(rest.strip())
                self.write(f"now acting as {self.user.name}")
            elif word == "manager":
                self._manager(rest.strip().lower() != "off")
            elif line.startswith("/"):
                await self._act(await self._slash(line))
            elif word == "click":
                target = self._target(rest)
                await self._act(await self.standin.click(self.user, self._message(target), target.custom_id))
            elif word == "select":
                number, _, values = rest.strip().partition(" ")
                target = self._target(number)
                picked = self._option_values(target, values)
                await self._act(await self.standin.select(self.user, self._message(target), target.custom_id, picked))
            elif word == "modal":
                if self.last_modal is None:
                    raise StandInError("no modal is open")
                answers = dict(tok.split(":", 1) for tok in shlex.split(rest) if ":" in tok)
                source, self.last_modal = self.last_modal, None
                await self._act(await self.standin.submit_modal(self.user, source, answers))
            elif word == "say":
                await self.standin.say(self.user, self.channel, rest)
                await self._settle()
            elif word == "show":
                self.numbered.clear()
                for msg in self.standin.messages(self.channel, viewer=self.user)[-10:]:
                    self.write(self.render(msg))
            elif word == "dms":
                self.numbered.clear()
                msgs = self.standin.dm_messages(self.user)
                self.write(f"-- DMs for {self.user.name} ({len(msgs)}) --")
                for msg in msgs[-10:]:
                    self.write(self.render(msg))
            elif word == "commands":
                for cmd in self.standin.commands:
                    self.write(f"/{cmd['name']}: {cmd.get('description', '')}{self._describe_options(cmd)}")
            else:
                self.write(f"unknown command {word!r}; type help")
        except (StandInError, KeyError, ValueError, TimeoutError) as exc:
            self.write(f"! {exc or type(exc).__name__}")
        return True

    def _manager(self, on: bool) -> None:
        if on:
            self.standin.grant(self.user, MANAGE_GUILD)
        else:
            self.standin.revoke(self.user, MANAGE_GUILD)
        self.write(f"{self.user.name} {'now has' if on else 'no longer has'} Manage Server")

    def _describe_options(self, node: JSON, depth: int = 1) -> str:
        parts = []
        for opt in node.get("options") or []:
            if opt["type"] in (1, 2):
                parts.append("\n" + "  " * depth + f"{opt['name']}: {opt.get('description', '')}" + self._describe_options(opt, depth + 1))
            else:
                parts.append(f" {opt['name']}:{'<required>' if opt.get('required') else '[optional]'}")
        return "".join(parts)

    async def _slash(self, line: str) -> Interaction:
        tokens = shlex.split(line[1:])
        if not tokens:
            raise StandInError("usage: /command [sub ...] [option:value ...]")
        path = [t for t in tokens[1:] if ":" not in t]
        options = dict(t.split(":", 1) for t in tokens[1:] if ":" in t)
        return await self.standin.slash(self.user, self.channel, " ".join([tokens[0], *path]), options)

    def _target(self, number: str) -> Numbered:
        try:
            return self.numbered[int(number.strip())]
        except (KeyError, ValueError):
            raise StandInError(f"no component numbered {number.strip()!r}; use `show` or `dms` to list them") from None

    def _message(self, target: Numbered) -> Message:
        msg = self.standin.message(target.message_id)
        if msg is None:
            raise StandInError("that message is gone")
        return msg

    @staticmethod
    def _option_values(target: Numbered, raw: str) -> list[str]:
        by_label = {o["label"].lower(): o["value"] for o in target.component.get("options") or []}
        return [by_label.get(v.strip().lower(), v.strip()) for v in raw.split(",") if v.strip()]

    async def _act(self, inter: Interaction) -> None:
        try:
            await inter.response(timeout=5.0)
        except TimeoutError:
            self.write("! the bot did not answer within 5 seconds")
        if inter.modal is not None:
            self.last_modal = inter
            fields = [c.get("custom_id") for row in inter.modal.get("components") or [] for c in [*(row.get("components") or []), *([row["component"]] if row.get("component") else [])]]
            self.write(f"[modal] {inter.modal.get('title')}: answer with `modal " + " ".join(f"{f}:..." for f in fields) + "`")
        if inter.choices:
            self.write("suggestions: " + ", ".join(f"{c['name']}={c['value']}" for c in inter.choices))
        await self._settle()

    async def _settle(self, quiet: float | None = None, limit: float = 30.0) -> None:
        """Print output until the bot has been quiet for `quiet` seconds (followups, automa turns)."""
        quiet = self.quiet if quiet is None else quiet
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit
        while loop.time() < deadline:
            seen = len(self.standin.events)
            self.print_new()
            try:
                await self.standin.wait_until(self._more_than(seen), quiet)
            except TimeoutError:
                break
        self.print_new()


    def _more_than(self, seen: int) -> Callable[[], bool]:
        return lambda: len(self.standin.events) > seen


async def run_terminal(
    standin: StandIn,
    channel: Channel,
    user: User | None = None,
    stdin: TextIO = sys.stdin,
    stdout: TextIO = sys.stdout,
    greeting: str | None = None,
    quiet: float = 0.3,
) -> None:
    """Interactive loop until `quit` or end of input; prints messages as they arrive."""
    term = Terminal(standin, channel, user, stdout, quiet)
    term.write(greeting or f"Offline table #{channel.name}. You are {term.user.name}. Type `help` for commands.")
    loop = asyncio.get_running_loop()

    async def watch() -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await standin.wait_until(term._more_than(len(standin.events)), timeout=3600)
            term.print_new()

    watcher = asyncio.create_task(watch())
    try:
        while True:
            line = await loop.run_in_executor(None, stdin.readline)
            if not line:
                break
            if not await term.handle(line):
                break
        await term._settle()
    finally:
        watcher.cancel()
