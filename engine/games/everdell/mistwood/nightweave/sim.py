"""A small stand-alone Everdell table for exercising Nightweave's procedure on its own.

It holds only what she looks at (deck, Meadow, spots, Events, the humans' cities) and a crude
"busy human" who blocks spots, takes Meadow cards and claims Events, so her rules can be tested
position by position and her score measured per difficulty without the full base game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine.games.everdell import data
from engine.games.everdell.mistwood.activity import ActivityDeck
from engine.games.everdell.mistwood.loader import default_activity, default_scoring
from engine.games.everdell.mistwood.nightweave.scoring import score
from engine.games.everdell.mistwood.nightweave.state import NightweaveState
from engine.games.everdell.mistwood.nightweave.table import BasicEventInfo, Choice, Flow, SpecialEventInfo
from engine.games.everdell.mistwood.nightweave.turn import setup, take_turn

MEADOW_SIZE = 8


class SimRng:
    """The match RNG's role: a seeded d8 and shuffles. Scripted rolls are used first when given."""

    def __init__(self, seed: int, rolls: list[int] | None = None) -> None:
        self.random = random.Random(seed)
        self.rolls = list(rolls or [])

    def d8(self) -> int:
        return self.rolls.pop(0) if self.rolls else self.random.randint(1, 8)

    def shuffle(self, items: list[Any]) -> None:
        self.random.shuffle(items)

    def randrange(self, n: int) -> int:
        return self.random.randrange(n)


@dataclass
class HumanCity:
    cards: list[tuple[int, str]] = field(default_factory=list)
    visitors: dict[int, int] = field(default_factory=dict)  # uid -> workers on it
    tokens: int = 0


class SimpleTable:
    def __init__(self, rng: SimRng, humans: int = 1, deck: list[str] | None = None) -> None:
        self.rng = rng
        self.deck = deck if deck is not None else data.full_deck()
        if deck is None:
            rng.shuffle(self.deck)
        self.discards: list[str] = []
        self.slots: list[str | None] = [self.deck.pop() for _ in range(MEADOW_SIZE)]
        forests = [loc.id for loc in data.board().forest]
        rng.shuffle(forests)
        self.forest = forests[: 3 if humans == 1 else 4]
        self.taken: set[str] = set()  # exclusive spots with any worker
        self.mine: list[str] = []  # spots her spiders hold
        self.claimed: dict[str, int | None] = {}  # event -> human seat, None for her
        specials = [e.id for e in data.events().special if e.id != "the_everdell_games"]
        rng.shuffle(specials)
        self.specials = specials[:4]
        self.seats = list(range(1, humans + 1))
        self.cities: dict[int, HumanCity] = {s: HumanCity() for s in self.seats}
        self.uid = 1000

    # card facts
    def card_points(self, card: str) -> int:
        return data.cards()[card].points

    def card_color(self, card: str) -> str:
        return data.cards()[card].color

    def card_kind(self, card: str) -> str:
        return data.cards()[card].kind

    def card_spots(self, card: str) -> int:
        return data.cards()[card].spots

    def card_open(self, card: str) -> bool:
        return data.cards()[card].open

    def workers_on(self, uid: int) -> int:
        return self.mine.count(f"card:{uid}")  # the crude human never visits her cards

    def event_points(self, event: str) -> int:
        basic = data.basic_events().get(event)
        return basic.points if basic else data.special_events()[event].points

    # deck and Meadow
    def draw(self) -> str | None:
        if not self.deck and self.discards:
            self.deck, self.discards = self.discards, []
            self.rng.shuffle(self.deck)
        return self.deck.pop() if self.deck else None

    def discard(self, card: str) -> None:
        self.discards.append(card)

    def meadow(self) -> list[str | None]:
        return list(self.slots)

    def take_meadow(self, slot: int) -> str | None:
        card, self.slots[slot] = self.slots[slot], None
        return card

    def refill_meadow(self, keep_empty: int | None) -> None:
        for i, card in enumerate(self.slots):
            if card is None and i != keep_empty:
                self.slots[i] = self.draw()

    # board
    def forest_ids(self) -> list[str]:
        return list(self.forest)

    def location_taken(self, loc: str) -> bool:
        return loc in self.taken

    def occupy(self, loc: str) -> None:
        if loc.startswith("event:"):
            self.claimed[loc[6:]] = None
        elif loc != "haven":
            self.taken.add(loc)
            self.mine.append(loc)

    def release_all(self) -> None:
        for loc in self.mine:
            self.taken.discard(loc)
        self.mine.clear()
        for city in self.cities.values():
            city.visitors.clear()

    # events
    def basic_events_open(self) -> list[BasicEventInfo]:
        return [
            BasicEventInfo(e.id, e.color, e.need) for e in data.events().basic if e.id not in self.claimed
        ]

    def special_events_open(self) -> list[SpecialEventInfo]:
        specials = data.special_events()
        return [SpecialEventInfo(e, specials[e].requires) for e in self.specials if e not in self.claimed]

    # humans
    def humans(self) -> list[int]:
        return list(self.seats)

    def open_spots(self, seat: int) -> list[tuple[int, str]]:
        city = self.cities[seat]
        return [
            (uid, card)
            for uid, card in city.cards
            if self.card_open(card) and city.visitors.get(uid, 0) < max(1, self.card_spots(card))
        ]

    def visit_open(self, seat: int, uid: int) -> None:
        city = self.cities[seat]
        city.visitors[uid] = city.visitors.get(uid, 0) + 1
        city.tokens += 1

    def city_full(self, seat: int) -> bool:
        return len(self.cities[seat].cards) >= 15

    def city_has(self, seat: int, card: str) -> bool:
        return any(c == card for _, c in self.cities[seat].cards)

    def put_in_city(self, seat: int, card: str) -> None:
        self.uid += 1
        self.cities[seat].cards.append((self.uid, card))

    # the crude human
    def human_turn(self, seat: int) -> None:
        """Take a Meadow card, or block a free exclusive spot, or claim an Event."""
        r = self.rng.random.random()
        free = [loc for loc in (*_exclusive_basic(), *self.forest) if loc not in self.taken]
        if r < 0.5 and not self.city_full(seat):
            slot = self.rng.random.choice([i for i, c in enumerate(self.slots) if c is not None])
            card = self.take_meadow(slot)
            assert card is not None
            self.put_in_city(seat, card)
            self.refill_meadow(None if None not in self.slots else self.slots.index(None))
        elif r < 0.9 and free:
            self.taken.add(self.rng.random.choice(free))
        else:
            open_events = [e.id for e in self.basic_events_open()]
            if open_events:
                self.claimed[self.rng.random.choice(open_events)] = seat

    def human_prepare(self) -> None:
        self.taken = set(self.mine)


def _exclusive_basic() -> list[str]:
    return [loc.id for loc in data.board().basic if loc.exclusive]


def answer_first(choice: Choice) -> str:
    return choice.options[0]


def drive(flow: Flow[None]) -> None:
    """Run a flow answering every human choice with its first option."""
    try:
        request = next(flow)
        while True:
            request = flow.send(answer_first(request))
    except StopIteration:
        return


def solo_game(
    seed: int, difficulty: int, deck: ActivityDeck | None = None, human_turns: int = 24
) -> tuple[NightweaveState, SimpleTable, dict[str, int]]:
    """One game against the crude human; returns her final state, the table and her score."""
    rng = SimRng(seed)
    table = SimpleTable(rng)
    level = default_scoring().level(difficulty)
    deck = deck or default_activity()
    first = table.draw()
    st = setup(deck, difficulty, level.icon_points, [first] if first else [], rng)
    turns = 0
    while not st.finished:
        drive(take_turn(st, table, rng, deck))
        turns += 1
        if turns < human_turns:
            table.human_turn(1)
            if turns % 6 == 0:
                table.human_prepare()
        if turns > 500:
            raise RuntimeError("her game did not end")
    result = score(st, level, table.card_points, table.card_color, table.event_points)
    return st, table, result
