"""Prompt helpers shared by the rules: one choice, yes/no, a pick of several, a resource."""

from __future__ import annotations

from collections.abc import Generator, Sequence
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


class Asker(FlowGame):
    """FlowGame plus the few prompt shapes Tapestry needs."""

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
            params=params or {},
            default=(default,) if default is not None else (options[0].id,),
        )
        answer = yield from self.ask(spec)
        return answer[0]

    def confirm(self, seat: int, key: str, params: dict[str, Any] | None = None, default: bool = True) -> Gen:
        opts = (opt(YES, "tapestry.yes"), opt(NO, "tapestry.no"))
        spec = PromptSpec(seat, "confirm", key, opts, params=params or {}, default=(YES if default else NO,))
        answer = yield from self.ask(spec)
        return answer[0] == YES

    def pick_many(self, seat: int, key: str, options: Sequence[Option], low: int, high: int, params: dict[str, Any] | None = None) -> Gen:
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
            params=params or {},
            default=tuple(o.id for o in options[:low]),
        )
        answer = yield from self.ask(spec)
        return list(answer)

    def resource_choice(self, seat: int, key: str, among: Sequence[str] = RESOURCES, params: dict[str, Any] | None = None) -> Gen:
        opts = [opt(f"res:{r}", f"tapestry.res.{r}") for r in among]
        choice = yield from self.pick(seat, key, opts, params=params)
        return choice[4:]
