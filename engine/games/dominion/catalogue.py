"""Every Dominion card and Event as a `CardInfo`, for looking cards up (`/card`)."""

from __future__ import annotations

from functools import cache

from engine.core.cards import CardInfo
from engine.games.dominion.cards import Card, cards


def _basic_text(card: Card) -> dict[str, str]:
    """The data gives the basic cards no text: their value says it all."""
    if card.is_treasure:
        return {"en": f"Worth ${card.coins}.", "pt": f"Vale ${card.coins}."}
    return {"en": f"Worth {card.vp} VP.", "pt": f"Vale {card.vp} PV."}


def info(card: Card) -> CardInfo:
    ours: list[str] = []
    if card.pt_source == "ours":
        ours.append("name_pt")
    text = {"en": card.text_en, "pt": card.text_pt}
    if not (card.text_en and card.text_pt):
        written = _basic_text(card)
        text = {loc: text[loc] or written[loc] for loc in text}
        ours.append("text")
    return CardInfo(
        id=card.id,
        names={"en": card.id, "pt": card.name_pt},
        text=text,
        kind="event" if card.kind == "event" else "card",
        types=card.types,
        cost=f"${card.cost}",
        set=card.set,
        ours=tuple(ours),
    )


@cache
def catalogue() -> tuple[CardInfo, ...]:
    """Basic cards, the base and Adventures Kingdoms, Travellers' upgrades and Events, in data order."""
    return tuple(info(card) for card in cards().values())
