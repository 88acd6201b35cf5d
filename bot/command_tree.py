"""The slash commands as `python -m bot sync` registers them, built without logging in.

`payloads()` loads the cogs the way sync does and translates each command with the tree's
translator, so names and descriptions carry the same `name_localizations` /
`description_localizations` that Discord receives. `python -m bot commands` prints them, and
tests check them against Discord's limits.
"""

from __future__ import annotations

from typing import Any

from bot.app import BoardGamesBot
from bot.settings import Settings

# Discord's application command option types (and command types, for the header line).
OPTION_TYPES = {
    1: "subcommand",
    2: "group",
    3: "string",
    4: "integer",
    5: "boolean",
    6: "user",
    7: "channel",
    8: "role",
    9: "mentionable",
    10: "number",
    11: "attachment",
}
COMMAND_TYPES = {1: "slash", 2: "user menu", 3: "message menu"}


async def payloads(settings: Settings | None = None) -> list[dict[str, Any]]:
    """Every global command's payload, exactly as `CommandTree.sync` sends it."""
    async with BoardGamesBot(settings or Settings(), sync_only=True) as bot:
        await bot.setup_hook()  # what login would run: the translator and the cogs, no database
        tree = bot.tree
        translator = tree.translator
        commands = tree.get_commands()
        if translator is None:
            return [c.to_dict(tree) for c in commands]
        return [await c.get_translated_payload(tree, translator) for c in commands]


def _localized(item: dict[str, Any], field: str) -> str:
    extra = item.get(f"{field}_localizations") or {}
    return "".join(f"  [{loc}: {text}]" for loc, text in sorted(extra.items()) if text != item.get(field))


def _option_lines(option: dict[str, Any], depth: int) -> list[str]:
    pad = "  " * depth
    kind = OPTION_TYPES.get(option.get("type", 0), str(option.get("type")))
    if option.get("type") in (1, 2):
        head = f"{pad}{option['name']}  ({kind}) {option.get('description', '')}"
    else:
        flags = [kind]
        if option.get("required"):
            flags.append("required")
        if option.get("autocomplete"):
            flags.append("autocomplete")
        head = f"{pad}{option['name']}: {', '.join(flags)}  {option.get('description', '')}"
    lines = [head + _localized(option, "name")]
    for choice in option.get("choices") or ():
        lines.append(f"{pad}  = {choice['value']!r}  {choice['name']}{_localized(choice, 'name')}")
    for child in option.get("options") or ():
        lines.extend(_option_lines(child, depth + 1))
    return lines


def render(commands: list[dict[str, Any]]) -> str:
    """An indented tree: commands, subcommands, options with their types and choices."""
    lines: list[str] = []
    for command in commands:
        kind = command.get("type", 1)
        if kind == 1:
            lines.append(f"/{command['name']}  {command.get('description', '')}{_localized(command, 'name')}")
        else:
            lines.append(f"{command['name']}  ({COMMAND_TYPES.get(kind, kind)}){_localized(command, 'name')}")
        for option in command.get("options") or ():
            lines.extend(_option_lines(option, 1))
    return "\n".join(lines)
