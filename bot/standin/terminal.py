"""A plain-text client for the stand-in: play as several users in one channel from a terminal.

Reads commands line by line (so it can be scripted: `printf '/dominion new\\n' | ...`)
and prints new messages as they arrive. Ends on `quit` or end of input. A message is named by
its number in the world (`Message.number`) and its buttons and menus by `<message>.<n>`, so a
number seen once keeps meaning the same control, in every listing and after a restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import shlex
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TextIO

from bot.standin.faults import FaultSpecError
from bot.standin.interactions import Interaction, StandInError
from bot.standin.server import StandIn
from bot.standin.state import JSON, Channel, Message, User, iter_components

MENTION = re.compile(r"<@!?(\d+)>")
MANAGE_GUILD = 1 << 5
BUTTON, SELECTS = 2, (3, 5, 6, 7, 8)
# Discord's client languages (what an interaction's `locale` may be).
LOCALES = (
    *("id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl"),
    *("pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko"),
)

HELP = """\
Messages are numbered in the order they were posted (#1, #2, ...) and keep that number for good,
across restarts too when the server is kept. A message's buttons and menus are numbered after it:
[2.1] is the first one on message 2. An edit keeps the numbers; if a message changed since it was
last shown, `click` shows it again instead of pressing what is there now.

commands:
  as <user>                            act as another user (e.g. as bob)
  /<command> [sub ...] [opt:value ...] run a slash command, e.g. /dominion new kingdom:First Game
                                       (a file option takes a local path: file:./deck.yaml)
  complete /<command> ... opt:text     the bot's suggestions for the last option, as if typing it
  click <m.n>                          press button n of message m (e.g. click 1.3)
  click <label>                        press the newest button with that label (e.g. click End turn)
  select <m.n> <choice>[, choice ...]  choose in menu n of message m, by value or by label
                                       (labels may contain commas; or quote each choice)
  modal <field:value ...>              fill in and submit the last modal opened for you
  say <text>                           post a plain message
  show [m]                             the channel's latest messages, or message m
  dms                                  your direct messages
  dms close | dms open                 refuse (or accept again) direct messages from the server
  locale [code]                        your Discord language, e.g. locale pt-BR (alone: the current one)
  manager [on|off]                     give (or take back) Manage Server for the /admin commands
  commands                             list the bot's slash commands
  faults [<spec> | off]                Discord misbehaving: the rules in force, new ones (e.g.
                                       faults 429 count=3; 5xx status=503 rate=0.1; lost route=callback)
                                       or none (off); see bot/standin/faults.py
  help | quit
Attachments (board images, exports) are saved as files; each path is printed under its message."""


REF = re.compile(r"\s*#?(\d+)\.(\d+)\s*")


def parse_ref(text: str) -> tuple[int, int]:
    """`<message>.<control>` (e.g. "3.2") as two numbers."""
    m = REF.fullmatch(text)
    if m is None or int(m[2]) == 0:
        shown = text.strip() or "nothing"
        raise StandInError(
            f"{shown!r} is not a button number: give message.button as shown in [ ], e.g. 1.3 (message 1, button 3)"
        )
    return int(m[1]), int(m[2])


def controls(msg: Message) -> list[JSON]:
    """A message's buttons and menus in the order they are shown (link buttons are not counted)."""
    return [c for c in iter_components(msg.components) if "custom_id" in c and c.get("type") in (BUTTON, *SELECTS)]


def choose(menu: JSON, raw: str) -> list[str]:
    """The values picked in `menu` by `raw`: one value or label, or several separated by commas
    (a label that itself contains commas still counts as one), or quoted choices."""
    raw = raw.strip()
    options = menu.get("options") or []
    if not raw:
        raise StandInError("choose what? " + _describe(menu))
    if menu.get("type") != 3:  # user, role, channel menus: names or ids, the stand-in resolves them
        return [v.strip() for v in raw.split(",") if v.strip()]

    def match(text: str) -> str | None:
        text = text.strip()
        for test in (
            lambda o: o["value"] == text,
            lambda o: str(o.get("label", "")).lower() == text.lower(),
            lambda o: o["value"].lower() == text.lower(),
        ):
            found = next((o["value"] for o in options if test(o)), None)
            if found is not None:
                return str(found)
        return None

    whole = match(raw)
    if whole is not None:
        return [whole]
    if '"' in raw or "'" in raw:
        try:
            words = shlex.split(raw)
        except ValueError:
            raise StandInError(f"unbalanced quotes in {raw!r}") from None
        picked = [match(w.rstrip(",")) for w in words if w.strip(",")]
        bad = [w for w, v in zip(words, picked, strict=True) if v is None]
        if bad:
            raise StandInError(f"no option {bad[0]!r} in that menu; " + _describe(menu))
        return [v for v in picked if v is not None]
    pieces = raw.split(",")

    @cache
    def split_from(i: int) -> tuple[str, ...] | None:
        # The longest run of pieces that names an option first, so "Gold, Silver" beats "Gold".
        if i == len(pieces):
            return ()
        for j in range(len(pieces), i, -1):
            value = match(",".join(pieces[i:j]))
            rest = split_from(j) if value is not None else None
            if value is not None and rest is not None:
                return (value, *rest)
        return None

    found = split_from(0)
    if found is None:
        unknown = next((p.strip() for p in pieces if match(p) is None), raw)
        hint = "" if "," in raw else " (separate several choices with commas)"
        raise StandInError(f"no option {unknown!r} in that menu{hint}; " + _describe(menu))
    return list(found)


def _describe(menu: JSON) -> str:
    options = menu.get("options") or []
    if not options:
        return "give names separated by commas"
    return "its options: " + " | ".join(f"{o.get('label')}={o['value']}" for o in options)


@dataclass
class Target:
    message: Message
    component: JSON

    @property
    def custom_id(self) -> str:
        return str(self.component["custom_id"])


class Terminal:
    def __init__(
        self,
        standin: StandIn,
        channel: Channel,
        user: User | None = None,
        out: TextIO = sys.stdout,
        quiet: float = 0.3,
        images: Path | None = None,
    ) -> None:
        self.standin = standin
        self.quiet = quiet  # how long the bot must stay silent before the next command runs
        self.channel = channel
        self.user = user or next(u for u in standin.users.values() if not u.bot)
        self.out = out
        # (message number, control number) -> the custom_id shown there, to catch edits in between.
        self.seen: dict[tuple[int, int], str] = {}
        self.cursor = len(standin.events)  # events already printed
        self.last_modal: Interaction | None = None
        self.images = images  # where attachments are saved; a temporary directory if None

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
        head = f"#{msg.number} {who}{' (' + ', '.join(tags) + ')' if tags else ''}:"
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
            lines.append("  " + self._attachment(msg, att))
        numbers = {id(c): n for n, c in enumerate(controls(msg), 1)}
        for key in [k for k in self.seen if k[0] == msg.number]:
            del self.seen[key]
        for n, comp in enumerate(controls(msg), 1):
            self.seen[(msg.number, n)] = str(comp["custom_id"])
        for row in msg.components:
            cells = []
            for comp in [row] if row.get("type") != 1 else row.get("components") or []:
                cells.extend(self._render_component(msg, comp, numbers))
            if cells:
                lines.append("  " + "   ".join(cells))
        return "\n".join(lines)

    def _attachment(self, msg: Message, att: JSON) -> str:
        """An attachment's line, after saving its bytes to a file named by message and filename."""
        name = str(att.get("filename") or "file")
        image = str(att.get("content_type") or "").startswith("image/") or name.lower().endswith((".png", ".jpg", ".gif", ".webp"))
        what = f"{'image' if image else 'file'} {name} ({att.get('size', 0)} bytes)"
        data = self.standin.attachments.get(str(att.get("id")))
        if data is None:
            return f"[{what}, not kept]"
        try:
            path = self._files() / f"{msg.number}-{Path(name).name}"
            path.write_bytes(data)
        except OSError as exc:
            return f"[{what}, could not be saved: {exc.strerror or exc}]"
        return f"[{what} saved to {path}]"

    def _files(self) -> Path:
        if self.images is None:
            self.images = Path(tempfile.mkdtemp(prefix="boardgamesbot-files-"))
        self.images.mkdir(parents=True, exist_ok=True)
        return self.images

    def _mentions(self, text: str) -> str:
        """<@id> as @name, the way a Discord client shows a mention."""

        def name(match: re.Match[str]) -> str:
            user = self.standin.users.get(match[1])
            return f"@{user.name}" if user else match[0]

        return MENTION.sub(name, text)

    def _render_component(self, msg: Message, comp: JSON, numbers: dict[int, int]) -> list[str]:
        out = []
        for item in iter_components([comp]):
            if item.get("type") == BUTTON:
                label = item.get("label") or (item.get("emoji") or {}).get("name") or "?"
                if "custom_id" not in item:
                    out.append(f"[link {label}: {item.get('url')}]")
                    continue
                n = numbers[id(item)]
                out.append(f"[{msg.number}.{n}] {label}{' (disabled)' if item.get('disabled') else ''}")
            elif item.get("type") in SELECTS and "custom_id" in item:
                n = numbers[id(item)]
                options = " | ".join(f"{o['label']}={o['value']}" for o in item.get("options") or [])
                placeholder = item.get("placeholder") or "choose"
                picks = f" pick {item.get('min_values', 1)}-{item.get('max_values', 1)}"
                disabled = " (disabled)" if item.get("disabled") else ""
                out.append(f"[{msg.number}.{n}] <{placeholder}{picks}>{disabled} {options}")
        return out

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
        rest = rest.strip()
        try:
            if word in ("quit", "exit"):
                return False
            if word == "help":
                self.write(HELP)
            elif word == "as":
                self._as(rest)
            elif word == "manager":
                self._manager(rest.lower())
            elif line.startswith("/"):
                await self._act(await self._slash(line))
            elif word == "complete":
                await self._complete(rest)
            elif word == "click":
                target = self._target(rest, "button") if REF.fullmatch(rest) or not rest else self._labelled(rest)
                await self._act(await self.standin.click(self.user, target.message, target.custom_id))
            elif word == "select":
                ref, _, values = rest.partition(" ")
                target = self._target(ref, "menu")
                picked = choose(target.component, values)
                await self._act(await self.standin.select(self.user, target.message, target.custom_id, picked))
            elif word == "modal":
                await self._modal(rest)
            elif word == "say":
                if not rest:
                    raise StandInError("usage: say <text>")
                await self.standin.say(self.user, self.channel, rest)
                await self._settle()
            elif word == "show":
                self._show(rest)
            elif word == "dms":
                self._dms(rest.lower())
            elif word == "locale":
                self._locale(rest)
            elif word == "faults":
                self._faults(rest)
            elif word == "commands":
                for cmd in self.standin.commands:
                    self.write(f"/{cmd['name']}: {cmd.get('description', '')}{self._describe_options(cmd)}")
            else:
                self.write(f"unknown command {word!r}; type help")
        except (StandInError, TimeoutError) as exc:
            self.write(f"! {exc or type(exc).__name__}")
        except Exception as exc:  # a slip in the client must not end the session
            self.write(f"! that did not work ({type(exc).__name__}: {exc})")
        return True

    def _as(self, name: str) -> None:
        people = ", ".join(u.name for u in self.standin.users.values() if not u.bot)
        if not name:
            raise StandInError(f"usage: as <user> (one of {people})")
        user = next((u for u in self.standin.users.values() if not u.bot and name in (u.name, u.id)), None)
        if user is None:
            raise StandInError(f"no user {name!r}; the users are {people}")
        self.user = user
        self.write(f"now acting as {self.user.name}")

    def _manager(self, arg: str) -> None:
        if arg not in ("", "on", "off"):
            raise StandInError("usage: manager [on|off]")
        on = arg != "off"
        if on:
            self.standin.grant(self.user, MANAGE_GUILD)
        else:
            self.standin.revoke(self.user, MANAGE_GUILD)
        self.write(f"{self.user.name} {'now has' if on else 'no longer has'} Manage Server")

    def _show(self, arg: str) -> None:
        if not arg:
            for msg in self.standin.messages(self.channel, viewer=self.user)[-10:]:
                self.write(self.render(msg))
            return
        if not arg.lstrip("#").isdigit():
            raise StandInError("usage: show [message number]")
        self.write(self.render(self._visible(int(arg.lstrip("#")))))

    def _dms(self, arg: str) -> None:
        if arg in ("close", "closed", "off", "open", "on"):
            closed = arg in ("close", "closed", "off")
            self.standin.set_dms(self.user, closed)
            if closed:
                self.write(f"{self.user.name} no longer accepts direct messages from the server (`dms open` to undo)")
            else:
                self.write(f"{self.user.name} accepts direct messages from the server again")
            return
        if arg:
            raise StandInError("usage: dms | dms close | dms open")
        msgs = self.standin.dm_messages(self.user)
        state = ", closed" if self.user.dms_closed else ""
        self.write(f"-- DMs for {self.user.name} ({len(msgs)}{state}) --")
        for msg in msgs[-10:]:
            self.write(self.render(msg))

    def _faults(self, spec: str) -> None:
        faults = self.standin.faults
        if spec.lower() in ("off", "none", "clear"):
            faults.clear()
        elif spec:
            try:
                faults.load(spec)
            except FaultSpecError as exc:
                raise StandInError(str(exc)) from exc
        rules = [r.to_json() for r in faults.rules if r.count is None or r.count > 0]
        if not rules:
            self.write(f"no REST faults in force ({len(faults.log)} injected so far)")
        for r in rules:
            left = "until off" if r["count"] is None else f"{r['count']} more"
            self.write(f"fault {r['kind']} on {r['route'] or 'every route'}: rate {r['rate']}, {left}, fired {r['fired']}")

    def _locale(self, code: str) -> None:
        if not code:
            self.write(f"{self.user.name}'s Discord language: {self.user.locale}")
            return
        found = next((c for c in LOCALES if c.lower() == code.lower()), None)
        if found is None:
            close = [c for c in LOCALES if c.lower().startswith(code.lower()[:2])]
            hint = f"did you mean {' or '.join(close)}? " if close else ""
            raise StandInError(f"Discord has no language {code!r}; {hint}it knows {', '.join(LOCALES)}")
        self.standin.set_locale(self.user, found)
        self.write(f"{self.user.name}'s Discord language is now {found}")

    def _describe_options(self, node: JSON, depth: int = 1) -> str:
        parts = []
        for opt in node.get("options") or []:
            if opt["type"] in (1, 2):
                parts.append("\n" + "  " * depth + f"{opt['name']}: {opt.get('description', '')}" + self._describe_options(opt, depth + 1))
            else:
                parts.append(f" {opt['name']}:{'<required>' if opt.get('required') else '[optional]'}")
        return "".join(parts)

    @staticmethod
    def parse_command(line: str) -> tuple[str, dict[str, str], str | None]:
        """`/name sub ... opt:value ...` as ("name sub ...", options, the last option named).

        Words after an option belong to its value, as when typing it in Discord, so
        `kingdom:First Game` needs no quotes."""
        try:
            tokens = shlex.split(line.strip().removeprefix("/"))
        except ValueError:
            raise StandInError(f"unbalanced quotes in {line.strip()!r}") from None
        if not tokens:
            raise StandInError("usage: /command [sub ...] [option:value ...]")
        path, options, last = [tokens[0]], {}, None
        for token in tokens[1:]:
            name, colon, value = token.partition(":")
            if colon and name:
                options[name] = value
                last = name
            elif last is not None:
                options[last] = f"{options[last]} {token}".strip()
            else:
                path.append(token)
        return " ".join(path), options, last

    async def _slash(self, line: str) -> Interaction:
        command, options, _ = self.parse_command(line)
        return await self.standin.slash(self.user, self.channel, command, options)

    async def _complete(self, rest: str) -> None:
        if not rest.startswith("/"):
            raise StandInError("usage: complete /<command> ... option:partial, e.g. complete /dominion new kingdom:gen")
        command, options, focused = self.parse_command(rest)
        if focused is None:
            raise StandInError("name the option being typed last, e.g. complete /dominion new kingdom:gen")
        inter = await self.standin.autocomplete(self.user, self.channel, command, options, focused)
        try:
            await inter.response(timeout=5.0)
        except TimeoutError:
            self.write("! the bot did not answer within 5 seconds")
            return
        if not inter.choices:
            self.write(f"no suggestions for {focused}:{options[focused]}")
        for choice in inter.choices:
            shown = f"  {choice['name']}"
            if str(choice["value"]) != choice["name"]:
                shown += f"   ({focused}:{choice['value']})"
            self.write(shown)
        await self._settle()

    async def _modal(self, rest: str) -> None:
        if self.last_modal is None:
            raise StandInError("no modal is open")
        try:
            tokens = shlex.split(rest)
        except ValueError:
            raise StandInError(f"unbalanced quotes in {rest!r}") from None
        answers: dict[str, str] = {}
        last: str | None = None
        for tok in tokens:
            name, colon, value = tok.partition(":")
            if colon and name:
                answers[name] = value
                last = name
            elif last is not None:
                answers[last] = f"{answers[last]} {tok}"
            else:
                raise StandInError(f"answer each field as field:value, not {tok!r}")
        source, self.last_modal = self.last_modal, None
        try:
            await self._act(await self.standin.submit_modal(self.user, source, answers))
        except StandInError:
            self.last_modal = source  # still open: a typo in a field name should not close it
            raise

    def _visible(self, number: int) -> Message:
        msg = self.standin.numbered(number)
        if msg is None or msg.deleted:
            raise StandInError(f"there is no message #{number}" + (" any more" if msg is not None else ""))
        channel = self.standin.channels[msg.channel_id]
        if channel.is_dm and channel.recipient_id != self.user.id:
            owner = self.standin.users[str(channel.recipient_id)].name
            raise StandInError(f"message #{number} is a direct message to {owner}; `as {owner}` to use it")
        if msg.visible_to not in (None, self.user.id):
            raise StandInError(f"message #{number} is only visible to {self.standin.users[msg.visible_to].name}")
        return msg

    def _target(self, ref: str, kind: str) -> Target:
        number, n = parse_ref(ref)
        msg = self._visible(number)
        found = controls(msg)
        if not found:
            raise StandInError(f"message #{number} has no buttons or menus")
        if n > len(found):
            raise StandInError(f"message #{number} has {number}.1 to {number}.{len(found)}, no {number}.{n}")
        comp = found[n - 1]
        seen = self.seen.get((number, n))
        if seen is not None and seen != comp["custom_id"]:
            self.write(f"! message #{number} changed since it was shown; here it is now:")
            self.write(self.render(msg))
            raise StandInError(f"check {number}.{n} above and try again")
        is_button = comp.get("type") == BUTTON
        if kind == "button" and not is_button:
            raise StandInError(f"{number}.{n} is a menu: select {number}.{n} <choice>")
        if kind == "menu" and is_button:
            raise StandInError(f"{number}.{n} is a button: click {number}.{n}")
        return Target(msg, comp)

    def _labelled(self, label: str) -> Target:
        """The newest enabled button with this label that the user can see (a script's way to
        press "End turn" without knowing which message holds it)."""
        if re.fullmatch(r"[\d.#\s]+", label):
            parse_ref(label)  # a mistyped number: say how numbers are written
        mine = [*self.standin.messages(self.channel, viewer=self.user), *self.standin.dm_messages(self.user)]
        for msg in sorted(mine, key=lambda m: m.number, reverse=True):
            for n, comp in enumerate(controls(msg), 1):
                if comp.get("type") == BUTTON and not comp.get("disabled") and str(comp.get("label", "")).lower() == label.lower():
                    self.write(f"(pressing [{msg.number}.{n}] {comp.get('label')})")
                    return Target(msg, comp)
        raise StandInError(f"no button labelled {label!r} that {self.user.name} can press; buttons are numbered like 1.3")

    async def _act(self, inter: Interaction) -> None:
        try:
            await inter.response(timeout=5.0)
        except TimeoutError:
            self.write("! the bot did not answer within 5 seconds")
        if inter.modal is not None:
            self.last_modal = inter
            fields = [
                c
                for row in inter.modal.get("components") or []
                for c in [*(row.get("components") or []), *([row["component"]] if row.get("component") else [])]
            ]
            names = " ".join(f"{f.get('custom_id')}:..." for f in fields)
            self.write(f"[modal] {inter.modal.get('title')}: answer with `modal {names}`")
            for f in fields:
                label = f.get("label") or (f.get("placeholder") or "")
                self.write(f"  {f.get('custom_id')}: {label}{' (required)' if f.get('required', True) else ''}")
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
    images: Path | None = None,
) -> None:
    """Interactive loop until `quit` or end of input; prints messages as they arrive."""
    term = Terminal(standin, channel, user, stdout, quiet, images)
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
