"""Cost arithmetic shared by the family: costs are tuples of resource counts in a game's own
resource order. Discounts never refund: a discount of k removes exactly min(k, total) units."""

from __future__ import annotations

from itertools import product
from typing import TypeVar

C = TypeVar("C", bound=tuple[int, ...])


def reduced(cost: C, k: int) -> list[C]:
    """Every cost left after removing exactly min(k, sum(cost)) units of any kinds, in the order
    of `itertools.product` over the units cut (the order callers' prompts rely on)."""
    take = min(k, sum(cost))
    out: list[C] = []
    for cut in product(*(range(c + 1) for c in cost)):
        if sum(cut) == take:
            out.append(tuple(c - x for c, x in zip(cost, cut, strict=True)))  # type: ignore[arg-type]
    return out
