"""How a game may lay out a single choice: its own order, headings and notes (see
`bot.render.prompt`). Kept apart so game UIs and the platform's hooks can name it freely."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class OptionGroup:
    """Options listed together under a heading, in the order given (an option may be in several)."""

    label: str
    indices: tuple[int, ...]
    note: str | None = None  # the group's line under its heading in the menu of groups


@dataclass(frozen=True)
class Arrangement:
    """A game's layout of a single choice: groups in order, and notes that replace an option's
    description (e.g. "completes row B"). Options in no group stay buttons beside the menu."""

    groups: tuple[OptionGroup, ...]
    notes: Mapping[int, str] = field(default_factory=dict)


def split_groups(groups: Sequence[OptionGroup], size: int) -> list[OptionGroup]:
    """Groups of at most `size` options (one menu) each: a longer one is cut into numbered parts."""
    out: list[OptionGroup] = []
    for group in groups:
        if not group.indices:
            continue
        parts = -(-len(group.indices) // size)
        for k in range(parts):
            chunk = group.indices[k * size : (k + 1) * size]
            label = group.label if parts == 1 else f"{group.label} ({k + 1}/{parts})"
            out.append(OptionGroup(label, chunk, group.note))
    return out
