"""Every Apprentice, Building, architect and location in the player's words, for /card."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from engine.core.cards import CardInfo
from engine.games.architects.data import Named, apprentices, architects, board, buildings


def _info(
    item: Named, kind: str, set_: str = "base", cost: str = "", types: tuple[str, ...] = ()
) -> CardInfo:
    ours = ["text"]  # every text is written in our own words
    if item.pt_source == "ours":
        ours.insert(0, "name_pt")
    if getattr(item, "values", "printed") == "ours":  # Works of Wonder: English name and amounts ours
        ours[:0] = ["name_en", "values"]
    return CardInfo(
        id=item.id,
        names={"en": item.name, "pt": item.name_pt},
        text={"en": item.text, "pt": item.text_pt},
        kind=kind,
        types=types,
        cost=cost,
        set=set_,
        ours=tuple(ours),
    )


@cache
def catalogue() -> Sequence[CardInfo]:
    out: list[CardInfo] = []
    for b in buildings().values():
        cost = " ".join(f"{v} {k}" for k, v in b.cost.items())
        out.append(_info(b, "building", b.set, cost, b.skills))
    for a in apprentices().values():
        out.append(_info(a, "apprentice", a.set, "", a.skills))
    for c in architects().values():
        out.append(_info(c, "architect", c.set))
    for loc in board().locations:
        out.append(_info(loc, "location"))
    return tuple(out)
