"""Ways to pay a resource cost: mixed amounts, Therese's Gold-for-Marble and Lothaire's discount.

A payment is a vector in `GOODS` order; its option id is the vector joined by dots, so the same
payment always has the same id.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engine.games.architects.data import GOODS

Vec = tuple[int, ...]
_IDX = {g: i for i, g in enumerate(GOODS)}
WOOD, STONE, GOLD, MARBLE = _IDX["wood"], _IDX["stone"], _IDX["gold"], _IDX["marble"]


def vec(cost: Mapping[str, int]) -> Vec:
    return tuple(int(cost.get(g, 0)) for g in GOODS)


def vec_id(v: Vec) -> str:
    return ".".join(str(x) for x in v)


def parse(option_id: str) -> Vec:
    return tuple(int(x) for x in option_id.split("."))


def _splits(amount: int, slots: Sequence[int]) -> Iterable[list[int]]:
    """Every way to spread `amount` over the given slots (in a fixed order)."""
    if len(slots) == 1:
        yield [amount]
        return
    for first in range(amount, -1, -1):
        for rest in _splits(amount - first, slots[1:]):
            yield [first, *rest]


def payments(
    cost: Mapping[str, int],
    have: Mapping[str, int],
    flex: tuple[int, Sequence[str]] | None = None,
    gold_is_marble: bool = False,
    wood_stone_off: bool = False,
) -> list[Vec]:
    """The distinct affordable payments of `cost` (plus `flex`: an amount in any mix of some goods),
    sorted so the first one spends the most plentiful goods."""
    if flex is None and not gold_is_marble and not wood_stone_off:  # the common case: one way
        for k, v in cost.items():
            if have[k] < v:
                return []
        return [vec(cost)]
    base = list(vec(cost))
    groups: list[tuple[int, list[int]]] = []
    if flex is not None:
        groups.append((flex[0], [_IDX[g] for g in flex[1]]))
    if gold_is_marble and base[GOLD] + base[MARBLE]:
        groups.append((base[GOLD] + base[MARBLE], [GOLD, MARBLE]))
        base[GOLD] = base[MARBLE] = 0
    found: set[Vec] = set()
    stock = vec(have)

    def expand(i: int, acc: list[int]) -> None:
        if i == len(groups):
            options = [acc]
            if wood_stone_off:
                cuts = []
                for idx in (WOOD, STONE):
                    if acc[idx] > 0:
                        cut = list(acc)
                        cut[idx] -= 1
                        cuts.append(cut)
                options = cuts or [acc]
            for o in options:
                v = tuple(o)
                if all(v[k] <= stock[k] for k in range(len(GOODS))):
                    found.add(v)
            return
        amount, slots = groups[i]
        for split in _splits(amount, slots):
            nxt = list(acc)
            for slot, n in zip(slots, split, strict=True):
                nxt[slot] += n
            expand(i + 1, nxt)

    expand(0, base)
    # spend first what the player holds most of; ties by the vector itself (deterministic)
    return sorted(found, key=lambda v: (sum(v[k] * -stock[k] for k in range(len(GOODS))), v))


def affordable(
    cost: Mapping[str, int],
    have: Mapping[str, int],
    gold_is_marble: bool = False,
    wood_stone_off: bool = False,
) -> bool:
    """Whether `payments` (without a flexible part) would find a way: the same answer, no list."""
    need = dict(cost)
    if gold_is_marble:
        twin = need.pop("gold", 0) + need.pop("marble", 0)
        if have["gold"] + have["marble"] < twin:
            return False
    if wood_stone_off:
        wood, stone = need.pop("wood", 0), need.pop("stone", 0)
        if wood or stone:
            cut_wood = wood > 0 and have["wood"] >= wood - 1 and have["stone"] >= stone
            cut_stone = stone > 0 and have["wood"] >= wood and have["stone"] >= stone - 1
            if not (cut_wood or cut_stone):
                return False
    return all(have[k] >= v for k, v in need.items())
