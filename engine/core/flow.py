"""Drive a game written as a generator of decisions.

A game's rules are one generator (`run`) that yields `Ask` objects and receives the answers.
Card effects are sub-generators (`yield from`), so a rule reads top to bottom like the card.
The driver validates every answer against its prompt (and the prompt's extra check) before the
generator sees it, so an illegal answer never changes the state. Replay is simply running the
same generator from the same seed and feeding the same answers.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import IllegalAnswer
from engine.core.events import Event
from engine.core.prompts import Answer, Option, Prompt
from engine.core.result import Result

Check = Callable[[Answer], None]


@dataclass(slots=True)
class Ask:
    """One or several prompts open at once (several only for different seats)."""

    specs: list[PromptSpec]


@dataclass(slots=True)
class PromptSpec:
    seat: int
    kind: str
    key: str
    options: tuple[Option, ...]
    min: int = 1
    max: int = 1
    ordered: bool = False
    params: dict[str, Any] = field(default_factory=dict)
    default: Answer | None = None
    check: Check | None = None


# A flow yields an Ask, or a lone Prompt (one seat, no extra check: the common case, with nothing
# to wrap); the driver numbers the prompt and sends the answers back by seat either way.
Flow = Generator[Ask | Prompt, dict[int, Answer], Any]


class FlowGame:
    """Base for games whose rules are written as a decision generator."""

    def __init__(self) -> None:
        self._events: list[Event] = []
        self._pid = 0
        self._open: dict[int, tuple[Prompt, Check | None]] = {}
        self._listed: list[Prompt] = []  # the open prompts by seat, kept with _open
        self._collected: dict[int, Answer] = {}
        self._flow: Flow | None = None
        self._quiet = False  # replaying a log nobody reads the events of: emit keeps nothing
        self.finished = False

    # -- to implement -------------------------------------------------------------------------
    def run(self) -> Flow:  # pragma: no cover - abstract
        raise NotImplementedError

    def view(self, seat: int | None) -> dict[str, Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    def result(self) -> Result | None:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- helpers for rules ----------------------------------------------------------------------
    def emit(self, kind: str, seat: int | None = None, to: int | None = None, **data: Any) -> None:
        if not self._quiet:
            self._events.append(Event(kind, seat, data, to))

    def ask(self, spec: PromptSpec) -> Generator[Ask, dict[int, Answer], Answer]:
        answers = yield Ask([spec])
        return answers[spec.seat]

    def ask_all(self, specs: list[PromptSpec]) -> Generator[Ask, dict[int, Answer], dict[int, Answer]]:
        if not specs:
            return {}
        answers = yield Ask(specs)
        return answers

    # -- the contract ---------------------------------------------------------------------------
    def start(self) -> list[Event]:
        self._flow = self.run()
        self._advance(None)
        return self.take_events()

    def set_quiet(self, quiet: bool) -> None:
        """Stop (or resume) keeping events: a replay rebuilds state and throws its events away.
        Events never feed back into the rules, so the state reached is the same either way."""
        self._quiet = quiet
        if quiet:
            self._events = []

    def prompts(self) -> list[Prompt]:
        if not self._collected:
            return list(self._listed)
        return [p for p in self._listed if p.seat not in self._collected]

    def prompt_for(self, seat: int) -> Prompt | None:
        entry = self._open.get(seat)
        if entry is None or seat in self._collected:
            return None
        return entry[0]

    def submit(self, seat: int, answer: Answer) -> list[Event]:
        if self.finished:
            raise IllegalAnswer("error.game_over")
        entry = self._open.get(seat)
        if entry is None or seat in self._collected:
            raise IllegalAnswer("error.not_your_prompt")
        prompt, check = entry
        if type(answer) is not tuple:
            answer = tuple(answer)
        prompt.check(answer)
        if check is not None:
            check(answer)
        if len(self._open) == 1:  # the common case: one seat decides, the flow moves on
            self._advance({seat: answer})
        else:
            self._collected[seat] = answer
            if len(self._collected) == len(self._open):
                answers = self._collected
                self._collected = {}
                self._advance(answers)
        events, self._events = self._events, []
        return events

    def take_events(self) -> list[Event]:
        events, self._events = self._events, []
        return events

    def _advance(self, answers: dict[int, Answer] | None) -> None:
        assert self._flow is not None
        self._open = {}
        self._listed = []
        try:
            ask = self._flow.send(answers) if answers is not None else next(self._flow)
        except StopIteration:
            self.finished = True
            return
        if isinstance(ask, Prompt):  # a lone prompt built by the rules themselves
            self._pid = ask.pid = self._pid + 1
            self._open = {ask.seat: (ask, None)}
            self._listed = [ask]
            return
        opened: dict[int, tuple[Prompt, Check | None]] = {}
        for spec in ask.specs:
            if spec.seat in opened:
                raise RuntimeError("two simultaneous prompts for one seat")
            self._pid += 1
            prompt = Prompt(
                self._pid,
                spec.seat,
                spec.kind,
                spec.key,
                spec.options,
                spec.min,
                spec.max,
                spec.ordered,
                spec.params,
                spec.default,
            )
            opened[spec.seat] = (prompt, spec.check)
        self._open = opened
        # one open prompt is the common case: no sort needed
        self._listed = [prompt] if len(opened) == 1 else [opened[seat][0] for seat in sorted(opened)]
