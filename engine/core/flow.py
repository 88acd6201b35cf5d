"""Drive a game written as a generator of decisions.

A game's rules are one generator (`run`) that yields `Ask` objects and receives the answers.
Card effects are sub-generators (`yield from`), so a rule reads top to bottom like the card.
The driver validates every answer against its prompt (and the prompt's extra check) before the
generator sees it, so an illegal answer never changes the state. Replay is simply running the
same generator from the same seed and feeding the same answers.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.core.errors import IllegalAnswer
from engine.core.events import Event
from engine.core.prompts import Answer, Option, Prompt, SharedPrompt
from engine.core.result import Result
from engine.core.views import LazyView

Check = Callable[[Answer], None]


class SeatPolicy(Protocol):
    """What answers a bot seat (engine.core.registry.Policy, restated here to keep flow.py free of
    the registry)."""

    def choose(self, view: Mapping[str, Any], prompt: Prompt) -> Answer: ...


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

    def play_seats(
        self,
        policies: Mapping[int, SeatPolicy],
        log: list[tuple[int, Answer]],
        events: list[Event] | None = None,
        limit: int | None = None,
    ) -> int:
        """Answer every open prompt of a seat in `policies` with that seat's policy, one after the
        other, until a prompt of another seat is open, the game ends or `limit` answers were given;
        returns how many. Each answer is checked exactly as `submit` checks it (the prompt's
        options and bounds, then the rule's own check) before the rules see it, and appended to
        `log` once accepted. The policy gets the seat's view built on first access (LazyView),
        and the prompt as the rules asked it: a SharedPrompt (pid 0) is numbered only if the
        loop stops on it, so a bot's answer to one builds no prompt.

        The events of these answers go to `events`; when nobody reads them (`events` is None) a
        game whose quiet mode only drops events (it keeps FlowGame.set_quiet) does not build them
        at all: events never feed back into the rules, so the state reached is the same."""
        quiet_before = self._quiet
        quiet = events is None and type(self).set_quiet is FlowGame.set_quiet
        if quiet:
            self._quiet = True
        # each bot seat's policy and one view handle, emptied before each of its decisions (a
        # policy that reads it gets the view of the moment; one that does not, like Big Money,
        # costs no handle per answer)
        view = self.view
        bots = {seat: (policy, LazyView(view, seat)) for seat, policy in policies.items()}
        get_bot = bots.get
        policy: SeatPolicy | None
        flow = self._flow
        assert flow is not None
        answered = 0
        budget = -1 if limit is None else limit
        # While one seat after another decides alone, the open prompt is held here rather than in
        # _open / _listed (written back when the loop stops, whatever stops it); the rules never
        # read those, and they are empty while the rules run, as _advance leaves them.
        held: Prompt | None = None
        held_check: Check | None = None
        try:
            while answered != budget and not self.finished:
                listed = self._listed
                if len(listed) == 1 and not self._collected:
                    # one seat decides (the common case): submit() and _advance() written out
                    prompt = held = listed[0]
                    check = held_check = self._open[prompt.seat][1]
                    self._open = {}
                    self._listed = []
                    while True:
                        seat = prompt.seat
                        bot = get_bot(seat)
                        if bot is None:
                            policy = None
                            break
                        policy, handle = bot
                        handle.reset()
                        answer = policy.choose(handle, prompt)
                        if type(answer) is not tuple:
                            answer = tuple(answer)
                        # the quick cases first: one lookup among a shared prompt's answers, or
                        # Prompt.check's own quick case (one offered option id)
                        answers = prompt.answers
                        if answers is None or answer not in answers:
                            ids = prompt.ids
                            if not (
                                ids is not None
                                and len(answer) == 1
                                and type(answer[0]) is str
                                and answer[0] in ids
                                and prompt.min <= 1 <= prompt.max
                            ):
                                prompt.check(answer)
                        if check is not None:
                            check(answer)
                        held = None  # the rules run: nothing is open
                        try:
                            ask = flow.send({seat: answer})
                        except StopIteration:
                            self.finished = True
                            ask = None
                        log.append((seat, answer))
                        answered += 1
                        if self._events:
                            if events is not None:
                                events += self._events
                            self._events = []
                        if ask is None:
                            break
                        if type(ask) is SharedPrompt:
                            self._pid += 1  # numbered only if it stays open (see _hold)
                        elif type(ask) is Prompt:
                            self._pid = ask.pid = self._pid + 1
                        else:
                            self._open_asked(ask)  # an Ask: back to the outer loop
                            break
                        prompt = held = ask
                        check = held_check = None
                        if answered == budget:
                            break
                    if held is not None:
                        self._hold(held, held_check)
                        held = None
                    if policy is None:
                        break
                else:
                    # several seats at once: one answer at a time through submit()
                    waiting = [p for p in self.prompts() if p.seat in policies]
                    if not waiting:
                        break
                    seat = waiting[0].seat
                    answer = policies[seat].choose(LazyView(view, seat), waiting[0])
                    if type(answer) is not tuple:
                        answer = tuple(answer)
                    submitted = self.submit(seat, answer)
                    if events is not None:
                        events += submitted
                    log.append((seat, answer))
                    answered += 1
        finally:
            if held is not None:  # a policy or a check raised: the prompt stays open
                self._hold(held, held_check)
            self._quiet = quiet_before
        return answered

    def _hold(self, prompt: Prompt, check: Check | None) -> None:
        """Open `prompt`, the latest one the rules asked (numbered `_pid`), as play_seats stops."""
        if type(prompt) is SharedPrompt:
            prompt = prompt.numbered(self._pid)
        self._open = {prompt.seat: (prompt, check)}
        self._listed = [prompt]

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
        self._open_asked(ask)

    def _open_asked(self, ask: Ask | Prompt) -> None:
        """Open the prompts of an Ask (a lone Prompt too), numbered in order."""
        if isinstance(ask, Prompt):  # a lone prompt built by the rules themselves
            if type(ask) is SharedPrompt:
                self._pid += 1
                ask = ask.numbered(self._pid)
            else:
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
