"""The ceiling: a minimal honest Big Money mirror in pure Python, no framework at all.

Two players, the 2-player Supply of Treasures and Victory cards (8 Provinces, 30 Gold, 40 Silver,
8 Duchies, 8 Estates), 7 Coppers and 3 Estates each, hands of five, the discard pile shuffled into
a new deck when the deck runs out (`random.shuffle`: one RNG call per card, as our engine and the
peers shuffle), Province at $8+, Gold at $6-7, Silver at $3-5, the game over when the Provinces
or any three piles are gone. It is what this Python can do for the same game with no validation,
no log, no prompts and no events: the engine's row is compared against it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

COINS = {"Copper": 1, "Silver": 2, "Gold": 3}
BUYS = (("Province", 8), ("Gold", 6), ("Silver", 3))


def play(seed: int) -> int:
    """One game; returns the turns per player (the longer seat's count)."""
    rng = random.Random(seed)
    supply = {"Province": 8, "Gold": 30, "Silver": 40, "Duchy": 8, "Estate": 8}
    decks: list[list[str]] = []
    discards: list[list[str]] = [[], []]
    hands: list[list[str]] = []
    for _ in range(2):
        deck = ["Copper"] * 7 + ["Estate"] * 3
        rng.shuffle(deck)
        hands.append([deck.pop() for _ in range(5)])
        decks.append(deck)
    turns = [0, 0]
    p = rng.randrange(2)
    coins_of = COINS.get
    while True:
        hand = hands[p]
        coins = sum(coins_of(card, 0) for card in hand)
        for name, price in BUYS:
            if coins >= price and supply[name] > 0:
                supply[name] -= 1
                discards[p].append(name)
                break
        discards[p] += hand
        hand = []
        deck = decks[p]
        while len(hand) < 5:
            if not deck:
                if not discards[p]:
                    break
                deck = decks[p] = discards[p]
                discards[p] = []
                rng.shuffle(deck)
            hand.append(deck.pop())
        hands[p] = hand
        turns[p] += 1
        if supply["Province"] == 0 or sum(1 for n in supply.values() if n == 0) >= 3:
            return max(turns)
        p = 1 - p


def runner() -> Callable[[int], int]:
    return play
