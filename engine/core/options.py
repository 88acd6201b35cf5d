"""A game's lobby options as one typed model: what can be set, its type, default and meaning.

Every entry point that takes options from a person goes through `parse_options`: the bot's
`/<game> new` subcommand (whose parameters are generated from the model), replay import and
`python -m engine simulate --option k=v`. The model coerces text ("true", "2", "a,b") to the
declared types; the game's `normalize_options` then checks what depends on several options or on
the game's data (a kingdom's cards, a server's card data), and writes the canonical options that
are stored with the match.

Fields carry their user-facing metadata in `json_schema_extra` (see `OptionMeta`):
  - `command`: False keeps a field out of the slash command (set by other means, e.g. a lobby
    select or a server's data set);
  - `key`: the message-catalogue stem of its name and description (`cmd.opt.<key>.name/.desc`)
    and choices (`cmd.choice.<key>.<value>`); the field name by default;
  - `choices`: the values offered in Discord (for list fields, the useful combinations, joined
    by commas); Literal fields offer their values without it;
  - `autocomplete`: the value is suggested as typed (the UI package supplies the suggestions).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, get_args, get_origin

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator
from pydantic.fields import FieldInfo

from engine.core.errors import InvalidSetup

# The choice that stands for an empty list in Discord, where a choice value cannot be empty.
NONE = "none"


class GameOptions(BaseModel):
    """Base of every game's options model. Unknown keys are refused; text is coerced."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    @field_validator("*", mode="before")
    @classmethod
    def _split_lists(cls, value: Any, info: Any) -> Any:
        """'a,b' (from a command line or a slash-command choice) for a list field."""
        field = cls.model_fields.get(info.field_name)
        if field is not None and isinstance(value, str) and _is_list(field.annotation):
            if value.strip().casefold() == NONE:
                return []
            return [part.strip() for part in value.split(",") if part.strip()]
        return value

    def check(self) -> None:
        """Rules between options (raise InvalidSetup naming the option); none by default."""

    def to_options(self) -> dict[str, Any]:
        """The options handed to `normalize_options`: only what was set (so defaults stay the
        engine's, and stored records keep the exact options they were created with)."""
        return {k: v for k, v in self.model_dump(exclude_unset=True).items() if v is not None}


class NoOptions(GameOptions):
    """A game without lobby options."""


@dataclass(frozen=True)
class OptionMeta:
    name: str
    annotation: Any
    default: Any
    description: str
    command: bool
    key: str
    choices: tuple[Any, ...]
    autocomplete: bool
    low: int | None
    high: int | None
    required: bool = False

    @property
    def kind(self) -> str:
        """'bool', 'int', 'str' or 'list' (of strings)."""
        return _kind(self.annotation)


def _strip_optional(annotation: Any) -> Any:
    if get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation


def _is_list(annotation: Any) -> bool:
    return get_origin(_strip_optional(annotation)) in (list, tuple)


def _kind(annotation: Any) -> str:
    bare = _strip_optional(annotation)
    if _is_list(bare):
        return "list"
    if get_origin(bare) is typing.Literal:
        values = get_args(bare)
        return "int" if all(isinstance(v, int) and not isinstance(v, bool) for v in values) else "str"
    if bare is bool:
        return "bool"
    if bare is int:
        return "int"
    return "str"


def _bounds(field: FieldInfo) -> tuple[int | None, int | None]:
    low = high = None
    for item in field.metadata:
        low = getattr(item, "ge", low)
        high = getattr(item, "le", high)
    return low, high


def describe(model: type[GameOptions]) -> list[OptionMeta]:
    """Every option of a model, in declaration order."""
    out = []
    for name, field in model.model_fields.items():
        extra = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
        bare = _strip_optional(field.annotation)
        choices: tuple[Any, ...] = tuple(extra.get("choices", ()))  # type: ignore[arg-type]
        if not choices and get_origin(bare) is typing.Literal:
            choices = get_args(bare)
        low, high = _bounds(field)
        out.append(
            OptionMeta(
                name=name,
                annotation=field.annotation,
                default=None if field.is_required() else field.default,
                description=field.description or name,
                command=bool(extra.get("command", True)),
                key=str(extra.get("key", name)),
                choices=choices,
                autocomplete=bool(extra.get("autocomplete", False)),
                low=low,
                high=high,
                required=field.is_required(),
            )
        )
    return out


def parse_options(
    model: type[GameOptions], raw: Mapping[str, Any], *, hidden: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Coerce what a person chose through the model; `hidden` keys (data a server supplied,
    lobby-only state) pass through untouched. Raises InvalidSetup naming the first bad option."""
    try:
        parsed = model.model_validate(dict(raw))
    except ValidationError as exc:
        error = exc.errors()[0]
        option = ".".join(str(p) for p in error["loc"][:1]) or "?"
        if error["type"] == "extra_forbidden":
            known = ", ".join(model.model_fields) or "—"
            raise InvalidSetup("error.unknown_game_option", option=option, known=known) from None
        value = error.get("input")
        raise InvalidSetup("error.bad_option", option=option, value=str(value)[:100]) from None
    parsed.check()
    return {**parsed.to_options(), **dict(hidden or {})}
