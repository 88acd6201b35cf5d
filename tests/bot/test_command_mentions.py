"""Every slash command a message names exists, in the words of that message's language.

A message that sends people to a command the bot does not have (renamed, or never made) leaves
them stuck; the command tree is the one `python -m bot sync` sends.
"""

from __future__ import annotations

import asyncio
import re
from functools import cache
from typing import Any

from bot.command_tree import payloads
from bot.i18n import catalogue

# "/word word ...": a command, its subcommand groups and subcommands (not a URL, not "2/5")
MENTION = re.compile(r"(?<![\w/<:.])/([a-z][a-z_-]*)((?: [a-z][a-z_-]*)*)")
DISCORD_LOCALE = {"en": None, "pt": "pt-BR"}


@cache
def tree(locale: str) -> dict[str, Any]:
    """Command names in `locale` -> their subcommands, nested; a leaf is an empty dict."""
    discord_locale = DISCORD_LOCALE[locale]

    def name(item: dict[str, Any]) -> str:
        return str((item.get("name_localizations") or {}).get(discord_locale) or item["name"])

    def children(item: dict[str, Any]) -> dict[str, Any]:
        return {name(o): children(o) for o in item.get("options") or [] if o.get("type") in (1, 2)}

    return {name(c): children(c) for c in asyncio.run(payloads()) if c.get("type", 1) == 1}


def subcommand_names(level: dict[str, Any]) -> set[str]:
    return {name for sub in level.values() for name in (*sub, *subcommand_names(sub))}


def unknown_mentions(text: str, commands: dict[str, Any]) -> list[str]:
    """The mentions in `text` that name no command: an unknown command, or a group followed by
    a subcommand name it does not hold (a group alone points at its subcommands, and a word
    that names no subcommand anywhere is the sentence going on)."""
    anywhere = subcommand_names(commands)
    wrong = []
    for match in MENTION.finditer(text):
        words = [match.group(1), *match.group(2).split()]
        level = commands
        for i, word in enumerate(words):
            if word in level:
                level = level[word]
                continue
            if i == 0 or (level and word in anywhere):
                wrong.append(" ".join(words[: i + 1]))
            break
    return wrong


def test_the_check_finds_a_missing_command_and_a_bare_group() -> None:
    commands = {"game": {"undo": {}}, "hand": {}, "automa": {"start": {"tapestry": {}}}, "dominion": {"new": {}}}
    assert unknown_mentions("use /hand to see them, or /automa start tapestry", commands) == []
    assert unknown_mentions("start one with /game new.", commands) == ["game new"]
    assert unknown_mentions("try /nothing", commands) == ["nothing"]
    assert unknown_mentions("see /automa start", commands) == []
    assert unknown_mentions("see /automa undo", commands) == ["automa undo"]
    assert unknown_mentions("https://discord.com/channels/1/2 and 2/5 spaces", commands) == []


def test_every_command_a_message_names_exists() -> None:
    problems = []
    for locale in DISCORD_LOCALE:
        commands = tree(locale)
        for key, text in catalogue(locale).items():
            if key.startswith("cmd."):  # the commands' own names and descriptions
                continue
            for wrong in unknown_mentions(text, commands):
                problems.append(f"{locale} {key}: /{wrong}")
    assert not problems, "\n".join(problems)
