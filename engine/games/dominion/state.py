"""Mutable match state. Decks keep their top card at the END of the list (pop is cheap)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Player:
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    in_play: list[str] = field(default_factory=list)
    set_aside: list[str] = field(default_factory=list)
    turns: int = 0

    def owned(self) -> list[str]:
        return [*self.hand, *self.deck, *self.discard, *self.in_play, *self.set_aside]  # one list built


@dataclass(slots=True)
class Turn:
    player: int = 0
    number: int = 0  # turn count across the table, for logs
    phase: str = "action"  # action | buy | cleanup
    actions: int = 1
    buys: int = 1
    coins: int = 0
    bought: bool = False  # once anything is bought, no more Treasures may be played
    silver_played: bool = False
    merchant_bonus: int = 0
    gained: list[str] = field(default_factory=list)
    extra: bool = False  # an extra turn (Mission): not counted for the tie-break
