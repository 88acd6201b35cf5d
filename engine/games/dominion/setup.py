"""Supply sizes by player count (2nd edition; 5-6 players use a second set of basic cards)."""

from __future__ import annotations

from engine.games.dominion.cards import Card


def basic_supply(players: int) -> dict[str, int]:
    big = players >= 5
    return {
        "Copper": (120 if big else 60) - 7 * players,
        "Silver": 80 if big else 40,
        "Gold": 60 if big else 30,
        "Estate": 8 if players == 2 else 12,
        "Duchy": 8 if players == 2 else 12,
        "Province": {2: 8, 3: 12, 4: 12, 5: 15, 6: 18}[players],
        "Curse": 10 * (players - 1),
    }


def kingdom_pile_size(card: Card, players: int) -> int:
    if card.pile_size is not None:
        return card.pile_size
    if card.victory_pile:
        return 8 if players == 2 else 12
    return 10
