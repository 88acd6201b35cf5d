"""Slash commands whose parameters are generated from an options model (engine/core/options.py):
`/<game> new`, `/automa start <opponent>`, `/automa score <opponent>`. A model field becomes
a typed option (bool, int range, string, choices, autocomplete); a required field a required one.

Words: English from the model (choices from the English catalogue where it has
`cmd.choice.<key>.<value>`), Portuguese from the catalogue keys `<prefix>.<key>.name/.desc` and
`cmd.choice.<key>.<value>`.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Optional

import discord
from discord import app_commands

from bot.i18n import coarse, has, ls, t
from bot.plugins import Suggest
from cogs.options_common import choice_key
from engine.core.options import GameOptions, OptionMeta, describe

Interaction = discord.Interaction[Any]
# (interaction, the model's options typed, the extra parameters' values)
Run = Callable[[Interaction, dict[str, Any], dict[str, Any]], Awaitable[None]]
DESCRIPTION_LIMIT = 100


@dataclass(frozen=True)
class Extra:
    """A parameter the platform adds to every command of a kind (`players`, `clock`)."""

    name: str
    annotation: Any  # Optional[...] for an optional parameter
    rename: app_commands.locale_str
    description: app_commands.locale_str
    choices: Sequence[app_commands.Choice[Any]] = ()


@dataclass(frozen=True)
class Words:
    """Where a command's option words live in the catalogues."""

    prefix: str = "cmd.opt"  # <prefix>.<key>.name / .desc
    choices: str = "cmd.choice.{key}"  # <choices>.<value>
    suggest: Mapping[str, Suggest] = field(default_factory=dict)


def english(key: str, fallback: str) -> str:
    return t(key, "en") if has(key) else fallback


def clip(text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def model_choices(meta: OptionMeta, prefix: str = "cmd.choice.{key}") -> list[app_commands.Choice[Any]]:
    out: list[app_commands.Choice[Any]] = []
    for value in meta.choices:
        key = choice_key(prefix.format(key=meta.key), value)
        value_out = value if isinstance(value, int) and not isinstance(value, bool) else str(value)
        out.append(app_commands.Choice(name=ls(clip(english(key, str(value))), key), value=value_out))
    return out


def _bare(meta: OptionMeta) -> Any:
    if meta.choices:
        is_int = all(isinstance(c, int) and not isinstance(c, bool) for c in meta.choices)
        return app_commands.Choice[int] if is_int else app_commands.Choice[str]
    if meta.kind == "bool":
        return bool
    if meta.kind == "int":
        if meta.low is not None and meta.high is not None:
            return app_commands.Range[int, meta.low, meta.high]
        return int
    return str


def _suggester(suggest: Suggest) -> Callable[[Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]:
    async def complete(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = suggest(current, coarse(interaction.locale))
        return [app_commands.Choice(name=name[:100], value=value[:100]) for name, value in found[:25]]

    return complete


def model_command(
    name: str | app_commands.locale_str,
    description: app_commands.locale_str,
    model: type[GameOptions],
    run: Run,
    *,
    words: Words | None = None,
    extras: Sequence[Extra] = (),
    skip: Sequence[str] = (),
) -> app_commands.Command[Any, ..., None]:
    """A command whose options are `extras` then the model's command fields (less `skip`)."""
    words = words or Words()
    metas = [m for m in describe(model) if m.command and m.name not in skip]
    extra_names = {e.name for e in extras}
    kw = inspect.Parameter.KEYWORD_ONLY
    required = [m for m in metas if m.required]
    optional = [m for m in metas if not m.required]
    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=Interaction)]
    params += [inspect.Parameter(m.name, kw, annotation=_bare(m)) for m in required]
    params += [inspect.Parameter(e.name, kw, annotation=e.annotation, default=None) for e in extras]
    params += [inspect.Parameter(m.name, kw, annotation=Optional[_bare(m)], default=None) for m in optional]  # noqa: UP045

    async def callback(interaction: Interaction, **values: Any) -> None:
        given = {k: v.value if isinstance(v, app_commands.Choice) else v for k, v in values.items()}
        extra = {k: given.pop(k) for k in list(given) if k in extra_names}
        await run(interaction, {k: v for k, v in given.items() if v is not None}, extra)

    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback.__name__ = str(name).replace("-", "_")
    renames = {e.name: e.rename for e in extras}
    descriptions = {e.name: e.description for e in extras}
    choices: dict[str, list[app_commands.Choice[Any]]] = {e.name: list(e.choices) for e in extras if e.choices}
    completers = {}
    for meta in metas:
        renames[meta.name] = ls(meta.name, f"{words.prefix}.{meta.key}.name")
        descriptions[meta.name] = ls(clip(meta.description), f"{words.prefix}.{meta.key}.desc")
        if meta.choices:
            choices[meta.name] = model_choices(meta, words.choices)
        suggest = words.suggest.get(meta.name)
        if meta.autocomplete and suggest is not None:
            completers[meta.name] = _suggester(suggest)
    decorated: Any = app_commands.rename(**renames)(callback)
    decorated = app_commands.describe(**descriptions)(decorated)
    if choices:
        decorated = app_commands.choices(**choices)(decorated)
    if completers:
        decorated = app_commands.autocomplete(**completers)(decorated)
    return app_commands.Command(name=name, description=description, callback=decorated)
