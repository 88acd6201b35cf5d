"""Thwart payments: a human pays N in some mix of cards, point tokens and resources.

Every thwart is offered as a prompt before anything it protects against is revealed or rolled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.prompts import Option
from engine.games.everdell.asks import Step
from engine.games.everdell.payment import as_dict

if TYPE_CHECKING:
    from engine.games.everdell.mistwood.lair.game import NightweaveGame

YES = "thwart"
NO = "decline"


def capacity(g: NightweaveGame, p: int, kinds: tuple[str, ...]) -> dict[str, int]:
    pl = g.players[p]
    have = {"cards": len(pl.hand), "tokens": pl.tokens, "resources": pl.resource_total()}
    return {k: have[k] for k in kinds}


def offer(g: NightweaveGame, p: int, what: str, n: int, kinds: tuple[str, ...]) -> Step:
    """Ask whether to thwart `what` for n in `kinds`; pay it if so. Returns whether it was paid."""
    if n <= 0 or sum(capacity(g, p, kinds).values()) < n:
        return False
    opts = [Option(YES, "nightweave.opt.thwart", cost=n), Option(NO, "nightweave.opt.decline")]
    params = {"what": what, "n": n, "kinds": list(kinds)}
    picked = yield from g.choose(p, "nightweave.prompt.thwart", opts, params, default=NO)
    if picked != YES:
        return False
    yield from pay(g, p, what, n, kinds)
    return True


def amount(g: NightweaveGame, p: int, key: str, low: int, high: int, params: dict[str, object]) -> Step:
    """A number between low and high (default low: paying nothing is never the silent choice)."""
    if high <= low:
        return low
    opts = [Option(str(k), "nightweave.opt.amount", cost=k) for k in range(low, high + 1)]
    picked = yield from g.choose(p, key, opts, params, default=str(low))
    return int(picked)


def pay(g: NightweaveGame, p: int, what: str, n: int, kinds: tuple[str, ...]) -> Step:
    """Pay exactly n split over `kinds` (the player picks the split, then the cards/resources)."""
    have = capacity(g, p, kinds)
    left = n
    for i, kind in enumerate(kinds):
        rest = sum(have[k] for k in kinds[i + 1 :])
        if i == len(kinds) - 1:
            k = left
        else:
            k = yield from amount(
                g, p, f"nightweave.prompt.pay_{kind}", max(0, left - rest), min(left, have[kind]), {"what": what, "n": left}
            )
        yield from take(g, p, kind, k, what)
        left -= k


def take(g: NightweaveGame, p: int, kind: str, k: int, what: str) -> Step:
    if k <= 0:
        return
    pl = g.players[p]
    if kind == "cards":
        names = yield from g.choose_cards(p, pl.hand, "nightweave.prompt.discard", k, k, {"what": what})
        g.discard_from_hand(p, names)
    elif kind == "tokens":
        pl.tokens -= k
        g.emit("lose_points", seat=p, count=k, why=what)
    else:
        vec = yield from g.choose_bundle(p, k, "nightweave.prompt.pay_resources", have=pl.res)
        g.spend(p, vec)
        g.emit("pay", seat=p, res=as_dict(vec), why=what)
