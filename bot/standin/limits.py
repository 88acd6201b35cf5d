"""Discord's documented size limits for messages, embeds and components.

Checked independently of the OpenAPI schema because some limits (6000 characters across all
embeds, one select per row, unique custom_ids) are not expressible there, and the rest should be
reported in Discord's own error shape (code 50035, "Invalid Form Body").
"""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]
Problem = tuple[str, str, str]  # (dotted path, error code, message)

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TOTAL_MAX = 6000
ROWS_MAX = 5
BUTTONS_PER_ROW = 5
OPTIONS_MAX = 25
CUSTOM_ID_MAX = 100
LABEL_MAX = 80
PLACEHOLDER_MAX = 150
SELECT_TYPES = {3, 5, 6, 7, 8}
IS_COMPONENTS_V2 = 1 << 15


def _too_long(path: str, value: Any, limit: int, out: list[Problem]) -> int:
    if isinstance(value, str) and len(value) > limit:
        out.append((path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length."))
    return len(value) if isinstance(value, str) else 0


def check_embeds(embeds: list[JSON], out: list[Problem], prefix: str = "embeds") -> None:
    if len(embeds) > EMBEDS_MAX:
        out.append((prefix, "BASE_TYPE_MAX_LENGTH", f"Must be {EMBEDS_MAX} or fewer in length."))
    total = 0
    for i, embed in enumerate(embeds):
        p = f"{prefix}.{i}"
        total += _too_long(f"{p}.title", embed.get("title"), 256, out)
        total += _too_long(f"{p}.description", embed.get("description"), 4096, out)
        footer = embed.get("footer") or {}
        total += _too_long(f"{p}.footer.text", footer.get("text"), 2048, out)
        author = embed.get("author") or {}
        total += _too_long(f"{p}.author.name", author.get("name"), 256, out)
        fields = embed.get("fields") or []
        if len(fields) > 25:
            out.append((f"{p}.fields", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
        for j, fld in enumerate(fields):
            total += _too_long(f"{p}.fields.{j}.name", fld.get("name"), 256, out)
            total += _too_long(f"{p}.fields.{j}.value", fld.get("value"), 1024, out)
    if total > EMBED_TOTAL_MAX:
        out.append((prefix, "MAX_EMBED_SIZE_EXCEEDED", f"Embed size exceeds maximum size of {EMBED_TOTAL_MAX}"))


def _check_interactive(comp: JSON, p: str, seen: set[str], out: list[Problem]) -> None:
    custom_id = comp.get("custom_id")
    if isinstance(custom_id, str):
        _too_long(f"{p}.custom_id", custom_id, CUSTOM_ID_MAX, out)
        if custom_id in seen:
            out.append((f"{p}.custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated"))
        seen.add(custom_id)
    _too_long(f"{p}.label", comp.get("label"), LABEL_MAX, out)
    if comp.get("type") in SELECT_TYPES:
        _too_long(f"{p}.placeholder", comp.get("placeholder"), PLACEHOLDER_MAX, out)
        options = comp.get("options") or []
        if len(options) > OPTIONS_MAX:
            out.append((f"{p}.options", "BASE_TYPE_MAX_LENGTH", f"Must be {OPTIONS_MAX} or fewer in length."))
        for k, opt in enumerate(options):
            _too_long(f"{p}.options.{k}.label", opt.get("label"), 100, out)
            _too_long(f"{p}.options.{k}.value", opt.get("value"), 100, out)
            _too_long(f"{p}.options.{k}.description", opt.get("description"), 100, out)


def check_components(components: list[JSON], out: list[Problem], flags: int = 0, prefix: str = "components") -> None:
    seen: set[str] = set()
    if not flags & IS_COMPONENTS_V2 and len(components) > ROWS_MAX:
        out.append((prefix, "BASE_TYPE_MAX_LENGTH", f"Must be {ROWS_MAX} or fewer in length."))

    def walk(items: list[JSON], path: str) -> None:
        for i, comp in enumerate(items):
            p = f"{path}.{i}"
            children = comp.get("components") or []
            if comp.get("type") == 1:
                selects = [c for c in children if c.get("type") in SELECT_TYPES]
                if len(selects) > 1 or (selects and len(children) > 1):
                    out.append((f"{p}.components", "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "The specified component exceeds the maximum width"))
                elif len(children) > BUTTONS_PER_ROW:
                    out.append((f"{p}.components", "BASE_TYPE_MAX_LENGTH", f"Must be {BUTTONS_PER_ROW} or fewer in length."))
            _check_interactive(comp, p, seen, out)
            walk(children, f"{p}.components")
            for key in ("accessory", "component"):
                if isinstance(comp.get(key), dict):
                    walk([comp[key]], f"{p}")

    walk(components, prefix)


def check_message(body: JSON, prefix: str = "") -> list[Problem]:
    """Problems in a message create/edit body (or an interaction callback's `data`)."""
    out: list[Problem] = []
    pre = f"{prefix}." if prefix else ""
    _too_long(f"{pre}content", body.get("content"), CONTENT_MAX, out)
    embeds = body.get("embeds")
    if isinstance(embeds, list):
        check_embeds(embeds, out, f"{pre}embeds")
    components = body.get("components")
    if isinstance(components, list):
        check_components(components, out, int(body.get("flags") or 0), f"{pre}components")
    return out


def check_modal(data: JSON) -> list[Problem]:
    out: list[Problem] = []
    _too_long("data.title", data.get("title"), 45, out)
    _too_long("data.custom_id", data.get("custom_id"), CUSTOM_ID_MAX, out)
    components = data.get("components") or []
    if len(components) > 5:
        out.append(("data.components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length."))
    seen: set[str] = set()
    for i, comp in enumerate(components):
        for child in [*(comp.get("components") or []), *([comp["component"]] if comp.get("component") else [])]:
            _check_interactive(child, f"data.components.{i}", seen, out)
    return out


def form_error(problems: list[Problem]) -> JSON:
    """Discord's nested 'Invalid Form Body' error object."""
    errors: JSON = {}
    for path, code, message in problems:
        node = errors
        for part in path.split("."):
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
    return {"code": 50035, "message": "Invalid Form Body", "errors": errors}
