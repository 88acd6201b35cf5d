"""Prompt helpers shared by the rules: one choice, yes/no, a pick of several, a resource; and the
benefit queue every prompt carries (`params["queue"]`: what is being resolved, what is still to
come), read only for display: it changes no option, order or answer."""

from __future__ import annotations

from collections.abc import Generator, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.core.flow import FlowGame, PromptSpec
from engine.core.prompts import Option
from engine.games.tapestry.data import RESOURCES

Gen = Generator[Any, Any, Any]
# Options are immutable and the same few thousand recur all game: build each once per process.
opt = cache(Option)
YES = "yes"
NO = "no"


@dataclass
class Frame:
    """One benefit being resolved: its parts in order (labels: effect tokens, `space:<track>:<n>`,
    `bonus:<track>:<n>`, `landmark:<name>`) and the one under way."""

    seat: int
    items: list[str]
    at: int = 0


class Asker(FlowGame):
    """FlowGame plus the few prompt shapes Tapestry needs."""

    def __init__(self) -> None:
        super().__init__()
        self.queue: list[Frame] = []

    @contextmanager
    def resolving(self, seat: int, items: Sequence[str]) -> Iterator[Frame]:
        """Marks `items` as the benefit `seat` is resolving (move along with `frame.at`)."""
        frame = Frame(seat, list(items))
        self.queue.append(frame)
        try:
            yield frame
        finally:
            self.queue.remove(frame)

    def queue_params(self, seat: int) -> dict[str, list[str]] | None:
        """`now`: what is under way, outermost first; `then`: what is still to resolve, the next
        first. Only `seat`'s own benefits (another seat's answer, the Trap, shows none)."""
        frames = [f for f in self.queue if f.seat == seat]
        if not frames:
            return None
        now: list[str] = []
        then: list[str] = []
        for f in frames:
            if f.at < len(f.items) and (not now or now[-1] != f.items[f.at]):
                now.append(f.items[f.at])
        for f in reversed(frames):
            then.extend(f.items[f.at + 1 :])
        return {"now": now, "then": then}

    def _with_queue(self, seat: int, params: dict[str, Any] | None) -> dict[str, Any]:
        queue = self.queue_params(seat) if self.queue else None
        if queue is None:
            return params or {}
        return {**(params or {}), "queue": queue}

    def pick(
        self,
        seat: int,
        key: str,
        options: Sequence[Option],
        default: str | None = None,
        params: dict[str, Any] | None = None,
        force: bool = False,
    ) -> Generator[Any, Any, str]:
        """One option; a lone option is taken without asking unless `force` (a prompt whose
        existence must not depend on hidden information)."""
        if not options:
            raise RuntimeError(f"no options for {key}")
        if len(options) == 1 and not force:
            return options[0].id
        spec = PromptSpec(
            seat,
            "choose",
            key,
            tuple(options),
            params=self._with_queue(seat, params),
            default=(default,) if default is not None else (options[0].id,),
        )
        answer = yield from self.ask(spec)
        return answer[0]

    def confirm(self, seat: int, key: str, params: dict[str, Any] | None = None, default: bool = True) -> Gen:
        opts = (opt(YES, "tapestry.yes"), opt(NO, "tapestry.no"))
        spec = PromptSpec(
            seat,
            "confirm",
            key,
            opts,
            params=self._with_queue(seat, params),
            default=(YES if default else NO,),
        )
        answer = yield from self.ask(spec)
        return answer[0] == YES

    def pick_many(
        self,
        seat: int,
        key: str,
        options: Sequence[Option],
        low: int,
        high: int,
        params: dict[str, Any] | None = None,
    ) -> Gen:
        high = min(high, len(options))
        low = min(low, high)
        if high == 0:
            return []
        if low == len(options):
            return [o.id for o in options]
        spec = PromptSpec(
            seat,
            "choose",
            key,
            tuple(options),
            min=low,
            max=high,
            params=self._with_queue(seat, params),
            default=tuple(o.id for o in options[:low]),
        )
        answer = yield from self.ask(spec)
        return list(answer)

    def resource_choice(
        self, seat: int, key: str, among: Sequence[str] = RESOURCES, params: dict[str, Any] | None = None
    ) -> Gen:
        opts = [opt(f"res:{r}", f"tapestry.res.{r}") for r in among]
        choice = yield from self.pick(seat, key, opts, params=params)
        return choice[4:]
