"""Portuguese messages use the words of the Brazilian rulebooks, one word for one thing."""

from __future__ import annotations

import re

from bot.i18n import catalogue
from engine.games.tapestry.catalogue import catalogue as tapestry_cards

# (message key prefix, a word the rulebook does not use for it, the rulebook's word)
NOT_THE_RULEBOOKS = [
    ("tapestry.", r"\bmarcos?\b", "monumento"),  # a landmark
]


def test_portuguese_messages_use_the_rulebooks_words() -> None:
    pt = catalogue("pt")
    wrong = [
        f"{key}: {text!r} (say {word})"
        for prefix, pattern, word in NOT_THE_RULEBOOKS
        for key, text in pt.items()
        if key.startswith(prefix) and re.search(pattern, text, re.IGNORECASE)
    ]
    assert not wrong, wrong


def test_portuguese_card_texts_use_the_rulebooks_words() -> None:
    wrong = [
        f"{card.id}: {card.text['pt']!r} (say {word})"
        for prefix, pattern, word in NOT_THE_RULEBOOKS
        if prefix == "tapestry."
        for card in tapestry_cards()
        if re.search(pattern, card.text.get("pt", ""), re.IGNORECASE)
    ]
    assert not wrong, wrong
