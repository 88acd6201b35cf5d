"""Prompts: the open decisions of a match, and the answers that settle them.

An answer is always a tuple of option ids. Order matters only when the prompt says `ordered`.
Prompts are plain data; what they carry is what a good interface needs to render them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
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


def card_choice(
    names: Sequence[str], low: int, high: int
) -> tuple[list[str] | None, tuple[Option, ...], int, int]:
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
    return None, tuple([card_option(oid, name) for oid, name in ids]), low, high


@cache
def card_option(option_id: str, name: str) -> Option:
    """The option for one card instance ('Copper#2'); options are immutable, so shared."""
    return Option(option_id, name, card=name)


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


class Prompt:
    """An open decision. A plain slots class (not a frozen dataclass): one is built for every
    decision of every game, so construction cost matters. Treat instances as immutable."""

    __slots__ = (
        "pid",
        "seat",
        "kind",
        "key",
        "options",
        "min",
        "max",
        "ordered",
        "params",
        "default",
        "private",
        "ids",
    )
    # what a prompt is; `ids` only speeds up answer checks and is derived from `options`
    _FIELDS = __slots__[:-1]
    # every acceptable answer, when a SharedPrompt lists them (derived, like `ids`)
    answers: frozenset[Answer] | None = None

    def __init__(
        self,
        pid: int,  # serial number of the prompt within the match; buttons carry it to detect stale clicks
        seat: int,
        kind: str,  # choose | order | confirm ...; renderers pick a widget by kind
        key: str,  # message key describing the decision, e.g. "dominion.prompt.action_phase"
        options: tuple[Option, ...],
        min: int = 1,
        max: int = 1,
        ordered: bool = False,
        params: dict[str, Any] | None = None,
        default: Answer | None = None,
        private: bool = True,
        ids: frozenset[str] | None = None,  # the option ids, when the caller has them at hand
    ) -> None:
        self.pid = pid
        self.seat = seat
        self.kind = kind
        self.key = key
        self.options = options
        self.min = min
        self.max = max
        self.ordered = ordered
        self.params: dict[str, Any] = {} if params is None else params
        self.default = default
        self.private = private
        self.ids = ids

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._FIELDS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Prompt):
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # params is a dict: prompts are not hashable

    def __repr__(self) -> str:
        inner = ", ".join(
            f"{name}={value!r}" for name, value in zip(self._FIELDS, self._fields(), strict=True)
        )
        return f"Prompt({inner})"

    def option(self, option_id: str) -> Option | None:
        for opt in self.options:
            if opt.id == option_id:
                return opt
        return None

    def offers(self, option_id: str) -> bool:
        """Whether `option_id` is one of the options (a policy's quick test, no set built)."""
        if self.ids is not None:
            return option_id in self.ids
        return any(opt.id == option_id for opt in self.options)

    def check(self, answer: Answer) -> None:
        """Raise IllegalAnswer unless `answer` fits the declared options and bounds."""
        if not isinstance(answer, tuple):
            raise IllegalAnswer("error.malformed_answer")
        if len(answer) == 1 and self.min <= 1 <= self.max:
            # the common single choice: one scan, no dict (a lone shortcut is always well formed,
            # and an ordered prompt asking for all of its one option is answered in full)
            choice = answer[0]
            if type(choice) is str and self.ids is not None:
                if choice in self.ids:
                    return
                raise IllegalAnswer("error.unknown_option", option=choice)
            if not isinstance(choice, str):
                raise IllegalAnswer("error.malformed_answer")
            for offered in self.options:
                if offered.id == choice:
                    return
            raise IllegalAnswer("error.unknown_option", option=choice)
        if not all(isinstance(a, str) for a in answer):
            raise IllegalAnswer("error.malformed_answer")
        by_id = {opt.id: opt for opt in self.options}
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
        if (
            self.ordered
            and not shortcuts
            and self.min == self.max == len(self.options)
            and len(answer) != len(by_id)
        ):
            raise IllegalAnswer("error.order_all")

    def numbered(self, pid: int) -> Prompt:
        """This prompt as the open prompt number `pid` of a match (a new object)."""
        return Prompt(
            pid,
            self.seat,
            self.kind,
            self.key,
            self.options,
            self.min,
            self.max,
            self.ordered,
            self.params,
            self.default,
            self.private,
            self.ids,
        )

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


class SharedPrompt(Prompt):
    """A prompt the rules ask again and again (the same decision from the same cards), built once
    and shared by every match: its pid stays 0 and it is never changed. A match's driver opens a
    numbered copy (`numbered`) whenever a seat is to see it as its open prompt; a bot seat
    answered inside the match's own loop (FlowGame.play_seats) gets the shared one as it is, so
    no prompt is built for its answer."""

    __slots__ = ("answers",)

    def __init__(self, *args: Any, answers: frozenset[Answer] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.answers = answers  # None: check answers as any prompt's
