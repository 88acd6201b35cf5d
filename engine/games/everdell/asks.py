"""Prompt helpers for the rules: each asks one question and returns the decoded answer.

Forced answers (a single legal option) are taken without asking, so bots and humans only see
real decisions.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from engine.core.flow import Flow, FlowGame, PromptSpec
from engine.core.prompts import Option, card_choice, card_of
from engine.games.everdell.data import RESOURCES, Cost
from engine.games.everdell.payment import bundles, vec_id

Step = Flow  # a rule may yield an Ask or a lone Prompt

NONE = "none"
YES = "yes"
NO = "no"


@lru_cache(maxsize=8192)
def shared_option(
    option_id: str, label: str, card: str | None = None, group: str = "main", cost: int | None = None
) -> Option:
    """An option built once and reused (options are immutable): the action prompt offers mostly
    the same ones turn after turn, and building a frozen dataclass costs more than the lookup."""
    return Option(option_id, label, card=card, group=group, cost=cost)


def bundle_label(vec: Cost) -> str:
    return "everdell.res." + vec_id(vec)


class Prompter(FlowGame):
    def choose(
        self,
        p: int,
        key: str,
        options: Sequence[Option],
        params: dict[str, Any] | None = None,
        default: str | None = None,
    ) -> Step:
        """One option id out of `options`."""
        if not options:
            raise RuntimeError(f"no options for {key}")
        if len(options) == 1:
            return options[0].id
        answer = yield from self.ask(
            PromptSpec(
                p,
                "choose",
                key,
                tuple(options),
                params=params or {},
                default=(default,) if default is not None else None,
            )
        )
        return answer[0]

    def choose_many(
        self,
        p: int,
        key: str,
        options: Sequence[Option],
        low: int,
        high: int,
        params: dict[str, Any] | None = None,
    ) -> Step:
        high = min(high, len(options))
        low = min(low, high)
        if high == 0:
            return []
        if low == len(options):
            return [o.id for o in options]
        answer = yield from self.ask(
            PromptSpec(p, "choose", key, tuple(options), min=low, max=high, params=params or {})
        )
        return list(answer)

    def choose_cards(
        self,
        p: int,
        names: Sequence[str],
        key: str,
        low: int,
        high: int,
        params: dict[str, Any] | None = None,
    ) -> Step:
        """Between `low` and `high` cards out of a multiset; returns card ids."""
        forced, opts, low, high = card_choice(names, low, high)
        if forced is not None:
            return forced
        picked = yield from self.choose_many(p, key, list(opts), low, high, params)
        return [card_of(a) for a in picked]

    def yes_no(self, p: int, key: str, params: dict[str, Any] | None = None, card: str | None = None) -> Step:
        answer = yield from self.choose(
            p,
            key,
            (Option(YES, "everdell.opt.yes", card=card), Option(NO, "everdell.opt.no")),
            params,
            default=YES,
        )
        return answer == YES

    def choose_bundle(
        self, p: int, n: int, key: str, have: dict[str, int] | None = None, low: int | None = None
    ) -> Step:
        """A multiset of resources: exactly n (or between `low` and n) of them, within `have`."""
        sizes = range(n, (n if low is None else low) - 1, -1)
        vecs = [v for k in sizes for v in bundles(k, have)]
        if not vecs:
            return (0, 0, 0, 0)
        opts = [Option(vec_id(v), bundle_label(v), group=str(sum(v))) for v in vecs]
        picked = yield from self.choose(p, key, opts, {"n": n})
        return tuple(int(x) for x in picked.split("."))

    def choose_gain(self, p: int, n: int, key: str = "everdell.prompt.gain_any") -> Step:
        """n resources of the player's choice (asked in chunks of at most 3 to keep menus short)."""
        total = [0, 0, 0, 0]
        left = n
        while left > 0:
            chunk = min(3, left)
            vec = yield from self.choose_bundle(p, chunk, key)
            for i in range(4):
                total[i] += vec[i]
            left -= chunk
        return (total[0], total[1], total[2], total[3])

    def choose_amount(self, p: int, key: str, high: int, resource: str) -> Step:
        if high <= 0:
            return 0
        opts = [
            Option(str(k), f"everdell.amount.{resource}", group="amount", cost=k) for k in range(high, -1, -1)
        ]
        picked = yield from self.choose(p, key, opts, {"resource": resource, "max": high}, default=str(high))
        return int(picked)


def resource_options(allowed: Sequence[str] = RESOURCES) -> list[Option]:
    return [Option(r, f"everdell.res.{r}") for r in allowed]
