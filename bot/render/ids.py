"""custom_id formats. They carry a match id, a prompt id and option indices, never card names:
a button id is visible to anyone who can see the message, so it must not reveal a hidden card.

    bgb:<kind>:<n>[:<n>...]   buttons      bgs:<kind>:<n>[:<n>...]   select menus
"""

from __future__ import annotations

from typing import Any

from bot.render.limits import CUSTOM_ID

BUTTON_TEMPLATE = r"bgb:(?P<kind>[a-z]+):(?P<args>\d+(?::\d+)*)"
SELECT_TEMPLATE = r"bgs:(?P<kind>[a-z]+):(?P<args>\d+(?::\d+)*)"

# Button kinds
ANSWER = "o"  # match, pid, option index: answer with that single option
EMPTY = "e"  # match, pid: answer with no option (optional multi-choices)
CONFIRM = "c"  # match, pid: submit the picks gathered so far (ordering, long multi-choices)
RESET = "x"  # match, pid: forget the picks gathered so far
PAGE = "pg"  # match, pid, page: show another page of options
HAND = "h"  # match: show my private view (ephemeral)
LOBBY_JOIN = "lj"
LOBBY_LEAVE = "ll"
LOBBY_BOT = "lb"
LOBBY_START = "ls"
LOBBY_BOT_PICK = "lp"  # select, match: add a bot of the chosen strength (values: policy ids)
# companion id, level, total: record a physical-table game against the channel's companion
COMPANION_RECORD = "cmr"
CARD_INFO = "ci"  # match, pid: what the cards of the open prompt do (ephemeral, for its seat)

# Select kinds
PICK = "a"  # match, pid, page: the chosen values are the answer
DRAFT = "d"  # match, pid, page: the chosen values join the picks gathered so far
GROUP = "g"  # match, pid, page: the chosen value is a group of options to pick among next


def button(kind: str, *args: int) -> str:
    return _make("bgb", kind, args)


def select(kind: str, *args: int) -> str:
    return _make("bgs", kind, args)


def _make(prefix: str, kind: str, args: tuple[int, ...]) -> str:
    custom_id = (f"{prefix}:{kind}:" + ":".join(map(str, map(int, args)))) if args else f"{prefix}:{kind}"
    if len(custom_id) > CUSTOM_ID:
        raise ValueError(f"custom_id too long: {custom_id!r}")
    return custom_id


# Every number in an id is a Discord snowflake, a database id or a small index: 64 bits at most.
MAX_ARG = 2**63 - 1
MAX_ARGS = 8
# How many numbers the platform's own kinds carry; a click with any other count comes from a
# message another version of the bot sent (or was forged), and is refused as out of date.
ARITY: dict[str, tuple[int, ...]] = {
    ANSWER: (3,),
    EMPTY: (2,),
    CONFIRM: (2,),
    RESET: (2,),
    PAGE: (3,),
    HAND: (1,),
    LOBBY_JOIN: (1,),
    LOBBY_LEAVE: (1,),
    LOBBY_BOT: (1,),
    LOBBY_START: (1,),
    LOBBY_BOT_PICK: (1,),
    COMPANION_RECORD: (3,),
    CARD_INFO: (2,),
    # match, pid, page, and a serial when one message carries several menus (ids must differ)
    PICK: (3, 4),
    DRAFT: (3,),
}


def accepts(kind: str, custom_id: str) -> bool:
    """Whether a click on `custom_id` passes the platform's count check for its kind."""
    counts = ARITY.get(kind)
    return counts is None or len(custom_id.split(":")) - 2 in counts


class StaleComponent(Exception):
    """A component id or value this version of the bot does not make: answered "out of date"."""


class Args(list[int]):
    """A component's numbers: reading one it does not carry means the id is not ours."""

    def __getitem__(self, index: Any) -> Any:
        try:
            return super().__getitem__(index)
        except IndexError:
            raise StaleComponent(f"no argument {index}") from None


def parse_args(args: str) -> list[int]:
    """The numbers of an id, strictly: plain digits, at most MAX_ARGS of them, each within 64 bits."""
    parts = args.split(":")
    if len(parts) > MAX_ARGS or not all(p.isascii() and p.isdigit() and len(p) <= 19 for p in parts):
        raise StaleComponent(f"malformed arguments {args[:40]!r}")
    numbers = [int(p) for p in parts]
    if any(n > MAX_ARG for n in numbers):
        raise StaleComponent("argument beyond 64 bits")
    return Args(numbers)


def int_values(values: list[str], limit: int = 1000) -> list[int]:
    """A select's values as the numbers the bot put there (option indices; `limit=MAX_ARG + 1` for
    ids): plain digits below `limit`."""
    out = []
    for v in values:
        if not (v.isascii() and v.isdigit() and len(v) <= len(str(limit))) or int(v) >= limit:
            raise StaleComponent(f"bad select value {v[:20]!r}")
        out.append(int(v))
    return out
