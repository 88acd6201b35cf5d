"""Prompts: the open decisions of a match, and the answers that settle them.

An answer is always a tuple of option ids. Order matters only when the prompt says `ordered`.
Prompts are plain data; what they carry is what a good interface needs to render them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import IllegalAnswer

Answer = tuple[str, ...]


def instance_ids(names: Sequence[str]) -> list[tuple[str, str]]:
    """Stable option ids for a multiset of cards: 'Copper', 'Copper#2', ... (sorted by name)."""
    seen: dict[str, int] = {}
    out = []
    for name in sorted(names):
        k = seen.get(name, 0) + 1
        seen[name] = k
        out.append((name if k == 1 else f"{name}#{k}", name))
    return out


def card_choice(names: Sequence[str], low: int, high: int) -> tuple[list[str] | None, tuple[Option, ...], int, int]:
    """Plan a pick of `low`..`high` cards from a multiset. Returns the forced answer when there is
    nothing to decide (else None), the instance options, and the bounds clamped to the cards."""
    high = min(high, len(names))
    low = min(low, high)
    if high == 0:
        return [], (), 0, 0
    if low == len(names):
        return list(names), (), low, high
    ids = instance_ids(names)
    if len({n for _, n in ids}) == 1 and low == high:
        return [ids[0][1]] * low, (), low, high
    return None, tuple(Option(oid, name, card=name) for oid, name in ids), low, high


def card_of(option_id: str) -> str:
    """The card named by an instance option id."""
    return option_id.split("#", 1)[0]


@dataclass(frozen=True, slots=True)
class Option:
    id: str
    # `card` names a card id (renderers localize it); `label` is a message key otherwise.
    label: str
    card: str | None = None
    group: str = "main"
    cost: int | None = None
    # Options flagged as a shortcut stand for a whole common answer ("play all treasures").
    shortcut: bool = False


@dataclass(frozen=True, slots=True)
class Prompt:
    pid: int  # serial number of the prompt within the match; buttons carry it to detect stale clicks
    seat: int
    kind: str  # choose | order | confirm ...; renderers pick a widget by kind
    key: str  # message key describing the decision, e.g. "dominion.prompt.action_phase"
    options: tuple[Option, ...]
    min: int = 1
    max: int = 1
    ordered: bool = False
    params: dict[str, Any] = field(default_factory=dict)
    default: Answer | None = None
    private: bool = True

    def option(self, option_id: str) -> Option | None:
        for opt in self.options:
            if opt.id == option_id:
                return opt
        return None

    def check(self, answer: Answer) -> None:
        """Raise IllegalAnswer unless `answer` fits the declared options and bounds."""
        if not isinstance(answer, tuple) or not all(isinstance(a, str) for a in answer):
            raise IllegalAnswer("error.malformed_answer")
        by_id = {opt.id: opt for opt in self.options}  # one pass: this runs for every answer
        shortcuts = False
        for choice in answer:
            opt = by_id.get(choice)
            if opt is None:
                raise IllegalAnswer("error.unknown_option", option=choice)
            shortcuts = shortcuts or opt.shortcut
        if len(set(answer)) != len(answer):
            raise IllegalAnswer("error.duplicate_option")
        if shortcuts and len(answer) > 1:
            raise IllegalAnswer("error.shortcut_alone")
        if not shortcuts:
            if len(answer) < self.min:
                raise IllegalAnswer("error.too_few", min=self.min)
            if len(answer) > self.max:
                raise IllegalAnswer("error.too_many", max=self.max)
        if self.ordered and not shortcuts and self.min == self.max == len(self.options) and len(answer) != len(by_id):
            raise IllegalAnswer("error.order_all")

    def to_dict(self) -> dict[str, Any]:
        return {
            "pid": self.pid,
            "seat": self.seat,
            "kind": self.kind,
            "key": self.key,
            "params": self.params,
            "min": self.min,
            "max": self.max,
            "ordered": self.ordered,
            "default": list(self.default) if self.default is not None else None,
            "private": self.private,
            "options": [
                {
                    "id": o.id,
                    "label": o.label,
                    "card": o.card,
                    "group": o.group,
                    "cost": o.cost,
                    "shortcut": o.shortcut,
                }
                for o in self.options
            ],
        }
