"""Request-body validation against Discord's official OpenAPI 3.1 description.

The spec is large (~1 MB), so it is loaded once per process and a validator is compiled only
for the operations the bot actually uses, then cached.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

# Discord's official HTTP API v10 specification (MIT, see discord_api/LICENSE), kept in the
# repository so a fresh clone validates against it with nothing beside it.
SPEC_PATH = Path(__file__).resolve().parent / "discord_api" / "openapi.json"
_SPEC_URI = "urn:discord:openapi"


@dataclass(frozen=True)
class Operation:
    template: str  # e.g. "/channels/{channel_id}/messages"
    method: str
    params: dict[str, str]


def _escape_pointer(part: str) -> str:
    return part.replace("~", "~0").replace("/", "~1")


@lru_cache(maxsize=4)
def _load_spec(path: str) -> dict[str, Any]:
    with open(path, encoding="utf-8") as fh:
        spec: dict[str, Any] = json.load(fh)
    # JSON bodies may carry snowflakes as integers (discord.py does in a few places and Discord
    # accepts them); the spec only lists the string form, so widen it rather than report noise.
    spec["components"]["schemas"]["SnowflakeType"] = {
        "anyOf": [
            spec["components"]["schemas"]["SnowflakeType"],
            {"type": "integer", "minimum": 0},
        ]
    }
    return spec


class SpecValidator:
    """Matches request paths to spec operations and validates JSON bodies."""

    def __init__(self, spec_path: Path | str = SPEC_PATH) -> None:
        self._spec = _load_spec(str(spec_path))
        resource = Resource.from_contents(self._spec, default_specification=DRAFT202012)
        self._registry: Registry[Any] = Registry().with_resource(_SPEC_URI, resource)
        self._routes: list[tuple[re.Pattern[str], str, int]] = []
        for template in self._spec["paths"]:
            pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template))
            literal_chars = len(re.sub(r"\{\w+\}", "", template))
            self._routes.append((re.compile(f"^{pattern}$"), template, literal_chars))
        # Prefer the most specific template: "/messages/@original" over "/messages/{message_id}".
        self._routes.sort(key=lambda r: -r[2])
        self._validators: dict[tuple[str, str, str], Draft202012Validator | None] = {}

    def match(self, method: str, path: str) -> Operation | None:
        method = method.lower()
        for pattern, template, _ in self._routes:
            m = pattern.match(path)
            if m and method in self._spec["paths"][template]:
                return Operation(template, method, m.groupdict())
        return None

    def _validator(self, op: Operation, content_type: str) -> Draft202012Validator | None:
        key = (op.template, op.method, content_type)
        if key not in self._validators:
            body = self._spec["paths"][op.template][op.method].get("requestBody")
            if not body or content_type not in body.get("content", {}):
                self._validators[key] = None
            else:
                pointer = "/".join(
                    _escape_pointer(p)
                    for p in ("paths", op.template, op.method, "requestBody", "content", content_type, "schema")
                )
                schema = {"$ref": f"{_SPEC_URI}#/{pointer}"}
                self._validators[key] = Draft202012Validator(schema, registry=self._registry)
        return self._validators[key]

    def has_body(self, op: Operation) -> bool:
        return "requestBody" in self._spec["paths"][op.template][op.method]

    def validate(self, op: Operation, body: Any) -> list[str]:
        """Every schema error for a JSON body, as readable 'path: message' strings."""
        validator = self._validator(op, "application/json")
        if validator is None:
            return []
        errors = []
        for err in validator.iter_errors(body):
            # For oneOf/anyOf failures, best_match descends to the branch that explains it best.
            best = _deepest(err)
            where = "/".join(str(p) for p in best.absolute_path) or "<body>"
            message = best.message if len(best.message) <= 200 else best.message[:200] + "..."
            errors.append(f"{where}: {message}")
        return errors


def _deepest(err: ValidationError) -> ValidationError:
    """Within oneOf/anyOf failures, the branch error that got furthest into the body.

    A wrong discriminator ("type": 4 vs 8) fails at the top; the branch that matched the
    discriminator fails deeper, and that is the one a reader needs.
    """
    while err.context:
        err = max(err.context, key=lambda e: (len(e.absolute_path), e.validator not in ("enum", "const")))
    return err


@lru_cache(maxsize=1)
def default_validator() -> SpecValidator:
    return SpecValidator()
