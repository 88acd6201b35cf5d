"""Adventures bookkeeping: cards in play with a future, player tokens, per-turn flags."""

from __future__ import annotations

from dataclasses import dataclass, field

# Pile tokens a player may own: +1 Card, +1 Action, +1 Buy, +$1, -$2 cost, Trashing.
PILE_TOKENS = ("card", "action", "buy", "coin", "cost", "trash")
BONUS_TOKENS = ("card", "action", "buy", "coin")  # the ones Teacher moves; they act when you play


@dataclass(eq=False, slots=True)
class Box:
    """One physical card put into play. Identity (not name) links Durations to what played them."""

    name: str
    in_play: bool = True
    lasting: Lasting | None = None


@dataclass(slots=True)
class Frame:
    """A card being resolved. Cards that replay another (Throne Room...) are 'replayers'."""

    player: int
    name: str
    box: Box
    parent: Frame | None
    replayer: bool
    child: Box | None = None  # the card a replayer plays, shared by its repeated resolutions


@dataclass(slots=True)
class Pending:
    """A Duration's effect waiting for its owner's next turn (`kind` names the ability)."""

    kind: str
    card: str  # the card shown to players (an inherited Estate shows as Estate)
    cards: list[str] = field(default_factory=list)  # Gear's set-aside cards


@dataclass(eq=False, slots=True)
class Lasting:
    """A Duration card staying in play, with the cards that played it more than once."""

    card: Box
    holders: list[Box] = field(default_factory=list)
    effects: list[Pending] = field(default_factory=list)
    permanent: bool = False  # Hireling, Champion
    fired: bool = False  # its effects ran this turn: discard it in this Clean-up


@dataclass(slots=True)
class Hex:
    """An 'until your next turn' attack (Haunted Woods, Swamp Hag) and who it affects."""

    owner: int
    card: str
    victims: list[int]


@dataclass(slots=True)
class Tokens:
    piles: dict[str, str] = field(default_factory=dict)  # token -> Action Supply pile
    journey_up: bool = True
    minus_card: bool = False  # on top of the deck
    minus_coin: bool = False  # in front of the player

    def to_dict(self) -> dict[str, object]:
        return {
            "piles": dict(sorted(self.piles.items())),
            "journey": "up" if self.journey_up else "down",
            "minus_card": self.minus_card,
            "minus_coin": self.minus_coin,
        }


@dataclass(slots=True)
class AdvTurn:
    """Adventures state that lasts one turn."""

    bought_any: bool = False  # a card or an Event (Messenger's first-buy check)
    events: list[str] = field(default_factory=list)
    gains: int = 0  # cards the current player gained this turn (Treasure Hunter)
    buy_phase_gains: int = 0  # Messenger with errata
    buying: str | None = None  # the card being bought, until its gain happens
    expeditions: int = 0
    fair: bool = False  # Travelling Fair
    mission: bool = False  # take an extra turn after this one
    no_buy_cards: bool = False  # this is a Mission turn
    troll_cut: int = 0  # Bridge Troll with errata: discount this turn
    saved: list[str] = field(default_factory=list)  # Save: back to hand after the Clean-up draw
    port_bonus: bool = False  # errata Port: the extra Port brings none
