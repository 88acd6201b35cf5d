"""Nightweave at a physical table: her turns run by the same rule functions as in the engine.

The bot cannot see the real board, so `TabletopTable` assumes every location is free and her
actions possible; the people at the table correct it ("first action impossible", "blocked"),
and the step is worked out again from the same dice. The companion's record is a config plus
a list of steps; its state is always rebuilt by replaying them, which makes undo and restarts
trivial and keeps the dice the players were shown.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine.games.everdell.data import basic_events
from engine.games.everdell.mistwood import loader
from engine.games.everdell.mistwood.activity import ActivityCard, ActivityDeck
from engine.games.everdell.mistwood.nightweave import turn
from engine.games.everdell.mistwood.nightweave.state import NightweaveState
from engine.games.everdell.mistwood.nightweave.table import BasicEventInfo, Choice, Flow, SpecialEventInfo

UNKNOWN = "?"  # a physical card the bot never sees
SPECIAL_SLOTS = ("special_1", "special_2", "special_3", "special_4")  # the row left to right


class StepRng:
    """Dice for one step, seeded from the companion's seed and the step number: correcting a
    step re-resolves it with the same rolls the table was already shown."""

    def __init__(self, seed: int, seq: int) -> None:
        self.random = random.Random(f"{seed}:{seq}")

    def d8(self) -> int:
        return self.random.randint(1, 8)

    def shuffle(self, items: list[Any]) -> None:
        self.random.shuffle(items)

    def randrange(self, n: int) -> int:
        return self.random.randrange(n)


@dataclass
class Facts:
    """What the table told the bot about one step."""

    ruled_out: list[str] = field(default_factory=list)  # "first" / "second"
    blocked: list[str] = field(default_factory=list)  # location ids found taken

    def to_dict(self) -> dict[str, list[str]]:
        return {"ruled_out": list(self.ruled_out), "blocked": list(self.blocked)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Facts:
        return cls(list(data.get("ruled_out") or []), list(data.get("blocked") or []))


class TabletopTable:
    """The physical table as her rules see it: unknown cards, free spots unless told otherwise."""

    def __init__(self, humans: int, forests: int) -> None:
        self.humans_n = humans
        self.forests = forests
        self.blocked: set[str] = set()
        self.slots: list[str | None] = [UNKNOWN] * 8
        self.achieved: set[str] = set()

    def card_points(self, card: str) -> int:
        return 0

    def card_color(self, card: str) -> str:
        return ""

    def card_kind(self, card: str) -> str:
        return "critter"

    def card_spots(self, card: str) -> int:
        return 1  # a card she might visit: the table rules it out when it is not a Destination

    def card_open(self, card: str) -> bool:
        return False

    def workers_on(self, uid: int) -> int:
        return 0  # the bot cannot see the cards: her own count of visits stands

    def draw(self) -> str | None:
        return UNKNOWN

    def discard(self, card: str) -> None:
        pass

    def meadow(self) -> list[str | None]:
        return list(self.slots)

    def take_meadow(self, slot: int) -> str | None:
        self.slots[slot] = None
        return UNKNOWN

    def refill_meadow(self, keep_empty: int | None) -> None:
        self.slots = [None if i == keep_empty else UNKNOWN for i in range(8)]

    def forest_ids(self) -> list[str]:
        return [f"forest_{i + 1}" for i in range(self.forests)]

    def location_taken(self, loc: str) -> bool:
        return loc in self.blocked

    def occupy(self, loc: str) -> None:
        if loc.startswith("event:"):
            self.achieved.add(loc[6:])

    def release_all(self) -> None:
        pass

    def basic_events_open(self) -> list[BasicEventInfo]:
        return [BasicEventInfo(e.id, e.color, e.need) for e in basic_events().values() if e.id not in self.achieved]

    def special_events_open(self) -> list[SpecialEventInfo]:
        # requirements the bot cannot check: she never "meets" one by herself
        return [SpecialEventInfo(e, (UNKNOWN,)) for e in SPECIAL_SLOTS if e not in self.achieved]

    def humans(self) -> list[int]:
        return list(range(1, self.humans_n + 1))

    def open_spots(self, seat: int) -> list[tuple[int, str]]:
        return [(0, UNKNOWN)]  # "an Open Destination in your village": the table says if there is none

    def visit_open(self, seat: int, uid: int) -> None:
        pass

    def city_full(self, seat: int) -> bool:
        return False

    def city_has(self, seat: int, card: str) -> bool:
        return False

    def put_in_city(self, seat: int, card: str) -> None:
        pass


@dataclass
class Companion:
    """Config + steps; `state()` replays them. A step is {"card": id or None, "facts": {...}}."""

    level: int
    humans: int
    seed: int
    deck_text: str | None = None
    steps: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "humans": self.humans,
            "seed": self.seed,
            "deck_text": self.deck_text,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], steps: list[dict[str, Any]]) -> Companion:
        return cls(int(data["level"]), int(data["humans"]), int(data["seed"]), data.get("deck_text"), list(steps))

    def deck(self) -> ActivityDeck:
        return loader.default_activity() if self.deck_text is None else loader.load_activity(self.deck_text + "\n")

    def replay(self, upto: int | None = None) -> tuple[NightweaveState, TabletopTable, list[int]]:
        """Her state after the steps; also where each step's log entries begin."""
        deck = self.deck()
        level = loader.default_scoring().level(self.level)
        rng = StepRng(self.seed, 0)
        table = TabletopTable(self.humans, 3 if self.humans == 1 else 4)
        st = turn.setup(deck, self.level, level.icon_points, [UNKNOWN] * self.humans, rng)
        starts = []
        for seq, step in enumerate(self.steps[:upto], start=1):
            starts.append(len(st.log))
            run_step(st, table, deck, StepRng(self.seed, seq), step)
        return st, table, starts


def run_step(st: NightweaveState, table: TabletopTable, deck: ActivityDeck, rng: StepRng, step: dict[str, Any]) -> None:
    facts = Facts.from_dict(step.get("facts") or {})
    table.blocked = set(facts.blocked)
    by_id = deck.by_id()
    if step.get("card"):
        card = by_id[step["card"]]
        flip_physical(st, card)
    else:
        card = by_id[turn.flip(st, rng)]
    drive(turn.resolve(st, table, rng, card, ruled_out=frozenset(facts.ruled_out)))


def flip_physical(st: NightweaveState, card: ActivityCard) -> None:
    """The table flipped `card` from their own deck: keep the virtual bookkeeping in step."""
    if card.id in st.deck:
        st.deck.remove(card.id)
    st.played.append(card.id)
    st.current = card.id


def drive(flow: Flow[None]) -> None:
    """"Your choice" decisions are made at the table; the instruction says so."""
    try:
        request: Choice = next(flow)
        while True:
            request = flow.send(request.options[0])
    except StopIteration:
        return


def physical_choices(st: NightweaveState, deck: ActivityDeck) -> list[str]:
    """Cards the table may have flipped now: this season's deck and the ones shuffled in."""
    return [c for c in st.deck] or [c.id for c in deck.cards if c.id in st.played]
