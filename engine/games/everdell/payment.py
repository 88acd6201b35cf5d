"""Payment arithmetic: the exact resource vectors a player may pay for a card.

Costs and payments are (twig, resin, pebble, berry) tuples. Discounts never refund: a discount of
k removes exactly min(k, total cost) units, and the player chooses which units when it matters.
"""

from __future__ import annotations

from itertools import product

from engine.families.everdell.payment import reduced as reduced  # shared with Farshore
from engine.games.everdell.data import Cost

ZERO: Cost = (0, 0, 0, 0)


def fits(pay: Cost, have: dict[str, int]) -> bool:
    # unrolled over the four resources (RESOURCES order): this runs for every payment checked
    t, r, p, b = pay
    return t <= have["twig"] and r <= have["resin"] and p <= have["pebble"] and b <= have["berry"]


def berries_off(cost: Cost, k: int) -> Cost:
    return (cost[0], cost[1], cost[2], max(0, cost[3] - k))


def substitutions(cost: Cost) -> list[Cost]:
    """The Judge: one unit of the cost paid with a unit of another kind."""
    out: list[Cost] = []
    for i in range(4):
        if cost[i] == 0:
            continue
        for j in range(4):
            if j != i:
                v = list(cost)
                v[i] -= 1
                v[j] += 1
                out.append((v[0], v[1], v[2], v[3]))
    return out


def vec_id(pay: Cost) -> str:
    t, r, p, b = pay
    return f"{t}.{r}.{p}.{b}"


def parse_vec(text: str) -> Cost:
    a, b, c, d = (int(x) for x in text.split("."))
    return (a, b, c, d)


def as_dict(pay: Cost) -> dict[str, int]:
    t, r, p, b = pay  # unrolled: every gain and payment goes through here
    out: dict[str, int] = {}
    if t:
        out["twig"] = t
    if r:
        out["resin"] = r
    if p:
        out["pebble"] = p
    if b:
        out["berry"] = b
    return out


def bundles(n: int, have: dict[str, int] | None = None) -> list[Cost]:
    """Multisets of exactly n resources (bounded by `have` when given), in a stable order."""
    out: list[Cost] = []
    for v in product(range(n + 1), repeat=4):
        if sum(v) != n:
            continue
        vec: Cost = (v[0], v[1], v[2], v[3])
        if have is None or fits(vec, have):
            out.append(vec)
    out.sort(reverse=True)
    return out
