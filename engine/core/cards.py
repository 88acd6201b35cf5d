"""What a card does, in our own words, for people looking it up (`/card`, a prompt's details)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class CardInfo:
    id: str
    names: dict[str, str]  # locale ("en", "pt") -> name
    text: dict[str, str]  # locale -> what it does, in our words
    kind: str = "card"  # card, event, location, ... (a message key suffix: card.kind.<kind>)
    types: tuple[str, ...] = ()  # printed types, e.g. ("Action", "Attack")
    cost: str = ""  # the printed cost in short form ("$5", "2 twig 1 resin")
    set: str = ""  # the box it comes from (base, adventures, mistwood...)
    # Which parts are ours rather than printed: "name_pt" (our translation), "text" (always our
    # words; listed when no printed rule stands behind it), "values" (numbers we designed).
    ours: tuple[str, ...] = field(default=())

    def name(self, locale: str) -> str:
        return self.names.get(locale) or self.names.get("en") or self.id

    def describe(self, locale: str) -> str:
        return self.text.get(locale) or self.text.get("en") or ""
