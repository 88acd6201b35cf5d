"""The Everdell match seen through Nightweave's `Table` interface, and the match RNG as her dice.

Every change she makes goes through the base game's own primitives (deck, Meadow, occupancy,
event claims), so the humans' rules see her spiders and her Meadow slot like any other piece.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from engine.games.everdell.data import basic_events, special_events
from engine.games.everdell.mistwood.nightweave.table import BasicEventInfo, SpecialEventInfo
from engine.games.everdell.state import CITY_LIMIT, CityCard, EventClaim

if TYPE_CHECKING:
    from engine.games.everdell.mistwood.lair.game import NightweaveGame


class MatchRng:
    """Her d8 and shuffles come from the match RNG, so replay rolls the same dice."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def d8(self) -> int:
        return self.rng.randrange(8) + 1

    def shuffle(self, items: list[Any]) -> None:
        self.rng.shuffle(items)

    def randrange(self, n: int) -> int:
        return self.rng.randrange(n)


class GameTable:
    def __init__(self, g: NightweaveGame) -> None:
        self.g = g

    # card facts
    def card_points(self, card: str) -> int:
        return self.g.card[card].points

    def card_color(self, card: str) -> str:
        return self.g.card[card].color

    def card_kind(self, card: str) -> str:
        return self.g.card[card].kind

    def card_spots(self, card: str) -> int:
        from engine.games.everdell.powers import DESTINATIONS

        return self.g.card[card].spots if card in DESTINATIONS else 0

    def card_open(self, card: str) -> bool:
        return self.g.card[card].open

    def workers_on(self, uid: int) -> int:
        return len(self.g.occ.get(f"card:{uid}", []))

    def event_points(self, event: str) -> int:
        basic = basic_events().get(event)
        return basic.points if basic else special_events()[event].points

    # deck and Meadow
    def draw(self) -> str | None:
        return self.g.take_top()

    def discard(self, card: str) -> None:
        if card in self.g.fixed:  # a Legendary she discards leaves the game
            from engine.games.everdell.legends import leave_game

            leave_game(self.g, card)
            return
        self.g.discard.append(card)

    def meadow(self) -> list[str | None]:
        return list(self.g.meadow)

    def take_meadow(self, slot: int) -> str | None:
        card, self.g.meadow[slot] = self.g.meadow[slot], None
        return card

    def refill_meadow(self, keep_empty: int | None) -> None:
        self.g.refill()  # the game's refill always leaves her slot empty

    # board
    def forest_ids(self) -> list[str]:
        return list(self.g.forest)

    def location_taken(self, loc: str) -> bool:
        return bool(self.g.occ.get(loc))

    def occupy(self, loc: str) -> None:
        g = self.g
        if loc.startswith("event:"):
            # An Event under her spider (or achieved outright) is closed to the humans at once.
            event = loc[6:]
            g.claims[event] = EventClaim(owner=g.nw)
            g.players[g.nw].events.append(event)
        elif loc != "haven":
            g.occupy(g.nw, loc)

    def release_all(self) -> None:
        g = self.g
        for w in g.players[g.nw].placed:
            g.vacate(g.nw, w.loc)
        g.players[g.nw].placed = []

    # events
    def basic_events_open(self) -> list[BasicEventInfo]:
        spec = basic_events()
        return [
            BasicEventInfo(e, spec[e].color, spec[e].need) for e in self.g.basic_events if e not in self.g.claims
        ]

    def special_events_open(self) -> list[SpecialEventInfo]:
        spec = special_events()
        return [SpecialEventInfo(e, spec[e].requires) for e in self.g.special_events if e not in self.g.claims]

    # humans
    def humans(self) -> list[int]:
        return list(self.g.humans)

    def open_spots(self, seat: int) -> list[tuple[int, str]]:
        from engine.games.everdell.places import card_spots
        from engine.games.everdell.powers import DESTINATIONS

        g = self.g
        out = []
        for cc in g.players[seat].city:
            card = g.card[cc.card]
            room = len(g.occ.get(f"card:{cc.uid}", [])) < card_spots(g, seat, cc.card)
            if cc.card in DESTINATIONS and card.open and room:
                out.append((cc.uid, cc.card))
        return out

    def visit_open(self, seat: int, uid: int) -> None:
        g = self.g
        g.occupy(g.nw, f"card:{uid}")
        g.points(seat, g.hooks.visit_points(seat, 1), "open_destination")

    def city_full(self, seat: int) -> bool:
        g = self.g
        return g.used_spaces(g.players[seat]) >= CITY_LIMIT

    def city_has(self, seat: int, card: str) -> bool:
        return self.g.players[seat].has(card)

    def put_in_city(self, seat: int, card: str) -> None:
        g = self.g
        cc = CityCard(g.new_uid(), card)
        g.players[seat].city.append(cc)
        g.emit("city_add", seat=seat, card=card, uid=cc.uid, by=g.nw)
