"""custom_id formats. They carry a match id, a prompt id and option indices, never card names:
a button id is visible to anyone who can see the message, so it must not reveal a hidden card.

    bgb:<kind>:<n>[:<n>...]   buttons      bgs:<kind>:<n>[:<n>...]   select menus
"""

from __future__ import annotations

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
    custom_id = ":".join([prefix, kind, *(str(int(a)) for a in args)])
    if len(custom_id) > CUSTOM_ID:
        raise ValueError(f"custom_id too long: {custom_id!r}")
    return custom_id


def parse_args(args: str) -> list[int]:
    return [int(a) for a in args.split(":")]
