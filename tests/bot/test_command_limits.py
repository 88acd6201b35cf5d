"""Every slash command, as `python -m bot sync` would send it, inside Discord's documented limits.

Discord refuses the whole bulk overwrite when one command breaks a limit, so this names each
command and the limit it breaks instead of waiting for a 400 at sync time.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from bot.command_tree import payloads, render

ROOT = Path(__file__).resolve().parents[2]

NAME = re.compile(r"^[-_\w]{1,32}$")
MAX_COMMANDS = 100  # global chat-input commands
MAX_OPTIONS = 25
MAX_CHOICES = 25
MAX_DESCRIPTION = 100
MAX_CHOICE_NAME = 100
MAX_CHOICE_VALUE = 100
MAX_TOTAL = 4000
CHAT_INPUT = 1
GROUPING = (1, 2)  # subcommand, subcommand group


@cache
def commands() -> tuple[dict[str, Any], ...]:
    return tuple(asyncio.run(payloads()))


def _texts(item: dict[str, Any], field: str) -> Iterator[tuple[str, str]]:
    """(locale, text) for the default text and each localization of `field`."""
    yield "default", item.get(field) or ""
    for locale, text in (item.get(f"{field}_localizations") or {}).items():
        yield locale, text or ""


def _check_name(where: str, item: dict[str, Any], problems: list[str], chat_input: bool = True) -> None:
    for locale, name in _texts(item, "name"):
        if chat_input and not (NAME.fullmatch(name) and name == name.lower()):
            problems.append(f"{where}: name {name!r} ({locale}) must be 1-32 lowercase letters, digits, - or _")
        elif not 1 <= len(name) <= 32:
            problems.append(f"{where}: name {name!r} ({locale}) must be 1-32 characters")


def _check_description(where: str, item: dict[str, Any], problems: list[str]) -> None:
    for locale, text in _texts(item, "description"):
        if not 1 <= len(text) <= MAX_DESCRIPTION:
            problems.append(f"{where}: description ({locale}) is {len(text)} characters, not 1-{MAX_DESCRIPTION}")


def _check_options(where: str, options: list[dict[str, Any]], problems: list[str]) -> None:
    if len(options) > MAX_OPTIONS:
        problems.append(f"{where}: {len(options)} options, more than {MAX_OPTIONS}")
    for option in options:
        here = f"{where} {option.get('name')}"
        _check_name(here, option, problems)
        _check_description(here, option, problems)
        choices = option.get("choices") or []
        if len(choices) > MAX_CHOICES:
            problems.append(f"{here}: {len(choices)} choices, more than {MAX_CHOICES}")
        for choice in choices:
            for locale, name in _texts(choice, "name"):
                if not 1 <= len(name) <= MAX_CHOICE_NAME:
                    problems.append(f"{here}: choice name {name!r} ({locale}) is not 1-{MAX_CHOICE_NAME} characters")
            value = choice.get("value")
            if isinstance(value, str) and len(value) > MAX_CHOICE_VALUE:
                problems.append(f"{here}: choice value {value[:20]!r}... is longer than {MAX_CHOICE_VALUE}")
        if option.get("type") in GROUPING:
            _check_options(here, option.get("options") or [], problems)


def _locales(item: dict[str, Any], found: set[str]) -> set[str]:
    for field in ("name", "description"):
        found.update(item.get(f"{field}_localizations") or {})
    for child in (*(item.get("options") or ()), *(item.get("choices") or ())):
        _locales(child, found)
    return found


def _size(item: dict[str, Any], locale: str | None) -> int:
    """Characters Discord counts for `item` in `locale` (None: the defaults)."""

    def text(field: str) -> str:
        localized = (item.get(f"{field}_localizations") or {}).get(locale) if locale else None
        return localized or item.get(field) or ""

    total = len(text("name")) + len(text("description"))
    if "value" in item:
        total += len(str(item["value"]))
    for child in (*(item.get("options") or ()), *(item.get("choices") or ())):
        total += _size(child, locale)
    return total


def combined_size(command: dict[str, Any]) -> int:
    """The largest locale's total: Discord checks each locale's version of the command."""
    return max(_size(command, locale) for locale in (None, *sorted(_locales(command, set()))))


def problems_of(command: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    where = f"/{command.get('name')}"
    chat_input = command.get("type", CHAT_INPUT) == CHAT_INPUT
    _check_name(where, command, problems, chat_input=chat_input)
    if chat_input:
        _check_description(where, command, problems)
    _check_options(where, command.get("options") or [], problems)
    size = combined_size(command)
    if size > MAX_TOTAL:
        problems.append(f"{where}: {size} characters in all (largest locale), more than {MAX_TOTAL}")
    return problems


def test_every_command_is_within_discords_limits() -> None:
    found = commands()
    assert found, "no commands were built"
    problems = [p for command in found for p in problems_of(command)]
    chat = [c for c in found if c.get("type", CHAT_INPUT) == CHAT_INPUT]
    if len(chat) > MAX_COMMANDS:
        problems.append(f"{len(chat)} global slash commands, more than {MAX_COMMANDS}")
    assert not problems, "\n".join(problems)


def test_commands_carry_their_portuguese_localizations() -> None:
    """The payloads are the translated ones sync sends, not bare `to_dict`s."""
    by_name = {c["name"]: c for c in commands()}
    assert by_name["card"]["name_localizations"] == {"pt-BR": "carta"}
    assert by_name["card"]["description_localizations"]["pt-BR"]
    assert "/card" in render(list(commands()))


def test_python_m_bot_commands_prints_the_same_payloads() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    run = lambda *extra: subprocess.run(  # noqa: E731
        [sys.executable, "-m", "bot", "commands", *extra], capture_output=True, text=True, cwd=ROOT, env=env
    )
    out = run("--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == list(commands())
    plain = run()
    assert plain.returncode == 0, plain.stderr
    assert plain.stdout.strip() == render(list(commands()))


def test_the_checks_catch_what_discord_refuses() -> None:
    bad = {
        "name": "Bad Name",
        "description": "",
        "type": 1,
        "name_localizations": {"pt-BR": "x" * 33},
        "options": [
            {
                "name": "pick",
                "description": "d" * 101,
                "type": 3,
                "choices": [{"name": "c", "value": "v" * 101}] * 26,
            }
        ],
    }
    found = "\n".join(problems_of(bad))
    for expected in ("name 'Bad Name'", "(pt-BR)", "description (default) is 0", "/Bad Name pick: description",
                     "26 choices", "choice value"):
        assert expected in found, (expected, found)
    big = {"name": "big", "description": "d", "type": 1, "options": [
        {"name": f"o{i}", "description": "d" * 100, "type": 3, "description_localizations": {"pt-BR": "p" * 100},
         "choices": [{"name": "n" * 100, "value": "v" * 100}] * 2} for i in range(12)
    ]}
    assert combined_size(big) > MAX_TOTAL and any("characters in all" in p for p in problems_of(big))
