"""Dominion rules: setup, the turn (Action, Buy, Clean-up), the primitives cards are made of,
game end and scoring. Card-specific effects live in `effects.py`, keyed by card id.
"""

from __future__ import annotations

import _random
import random
from collections import Counter
from collections.abc import Callable, Generator, Iterable
from functools import cache
from itertools import filterfalse
from typing import Any, TypeVar

from engine.core.errors import IllegalAnswer, InvalidSetup
from engine.core.events import Event
from engine.core.flow import Ask, Flow, FlowGame, PromptSpec
from engine.core.prompts import Answer, Option, Prompt, SharedPrompt, card_choice, card_of, instance_ids
from engine.core.result import Result, rank_by
from engine.games.dominion.cards import Card, cards
from engine.games.dominion.setup import basic_supply, kingdom_pile_size
from engine.games.dominion.state import Player, Turn

Step = Flow  # a rule may yield an Ask or a lone Prompt

NO = "no"
YES = "yes"
NONE = "none"
END = "end"
PLAY_ALL = "play_all"
PLAY_BUY = "playbuy:"  # prefix: play every Treasure in hand, then buy the named card
PLAY_BUY_LEN = len(PLAY_BUY)
BUY_KEY = "dominion.prompt.buy"


# Options are immutable: the ones every turn offers are built once and shared.
PLAY_ALL_OPTION = Option(PLAY_ALL, "dominion.opt.play_all", group="treasure")
END_TURN = Option(END, "dominion.opt.end_turn", group="end")
END_ACTIONS = Option(END, "dominion.opt.end_actions", group="end")
PLAY_ALL_DEFAULT: Answer = (PLAY_ALL,)
END_DEFAULT: Answer = (END,)


@cache
def effects() -> dict[str, Any]:
    from engine.games.dominion.effects import EFFECTS  # late: effects import this module

    return EFFECTS


@cache
def play_option(name: str) -> Option:
    return Option(f"play:{name}", name, card=name, group="treasure")


@cache
def action_option(name: str) -> Option:
    return Option(name, name, card=name, group="play")


@cache
def treasure_names() -> frozenset[str]:
    return frozenset(name for name, card in cards().items() if card.is_treasure)


@cache
def treasure_keys() -> dict[str, tuple[int, str]]:
    """Play-all order: cheapest Treasure first, then by name."""
    return {name: (card.coins, name) for name, card in cards().items() if card.is_treasure}


@cache
def treasure_order() -> dict[str, int]:
    """Play-all order as one integer per Treasure (sorting by it is sorting by treasure_keys)."""
    keys = treasure_keys()
    return {name: rank for rank, name in enumerate(sorted(keys, key=keys.__getitem__))}


@cache
def treasure_coins() -> dict[str, int]:
    return {name: card.coins for name, card in cards().items() if card.is_treasure}


@cache
def card_vps() -> dict[str, int]:
    return {name: card.vp for name, card in cards().items()}


@cache
def action_names() -> frozenset[str]:
    return frozenset(name for name, card in cards().items() if card.is_action)


class SeatEvents(dict[Any, Event]):
    """The events one seat emits over and over with the same data ("seat 0 plays a Copper"), built
    on first use and shared by every match: events are immutable once emitted."""

    __slots__ = ("kind", "seat", "field", "extra")

    def __init__(self, kind: str, seat: int, field: str, extra: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.kind = kind
        self.seat = seat
        self.field = field
        self.extra = extra or {}

    def __missing__(self, value: Any) -> Event:
        event = self[value] = Event(self.kind, self.seat, {self.field: value, **self.extra})
        return event


def seat_events(kind: str, field: str, extra: dict[str, Any] | None = None) -> list[SeatEvents]:
    return [SeatEvents(kind, seat, field, extra) for seat in range(SEATS)]


SEATS = 8  # at most (6 are ever dealt): the size of the tables by seat below

# by seat, then card (or count, or turn number); seats beyond 6 are never dealt
PLAY_EVENTS = seat_events("play", "card")
BUY_EVENTS = seat_events("buy", "card")
GAIN_EVENTS = seat_events("gain", "card", {"dest": "discard"})
DRAW_EVENTS = seat_events("draw", "count")
TURN_EVENTS = seat_events("turn_start", "number")
SHUFFLE_EVENTS = [Event("shuffle", seat) for seat in range(SEATS)]


# For each deck length n up to 256: the (i, bits) pairs of a shuffle of n cards, last card first,
# bits = (i + 1).bit_length() (what random.Random._randbelow(i + 1) asks getrandbits for).
_SHUFFLE_STEPS = tuple(tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1)) for n in range(257))


def shuffle(rng: random.Random, cards: list[str]) -> None:
    """`rng.shuffle(cards)` as CPython 3.11 does it, inlined: the very same getrandbits calls give
    the very same order (seeded games and stored logs replay unchanged), without a method call
    per card; the positions and their bit counts come from a table. One getrandbits call per card
    (plus a redraw when the value is out of range, as _randbelow does) is the replay contract."""
    n = len(cards)
    if n > 256:
        rng.shuffle(cards)  # the same draws: random.shuffle is what this function writes out
        return
    getrandbits = rng.getrandbits
    for i, k in _SHUFFLE_STEPS[n]:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


# the option ids of a Buy prompt -> its acceptable answers, shared by the prompts offering them
_ANSWERS: dict[frozenset[str], frozenset[Answer]] = {}


def opening_prompt(opening: Opening, seat: int) -> SharedPrompt:
    """The shared prompt of a known opening for `seat`, built the first time that seat sees it."""
    prompt = opening[1]
    assert prompt.ids is not None and prompt.min <= 1 <= prompt.max
    answers = _ANSWERS.get(prompt.ids)
    if answers is None:
        # one option at a time is every acceptable answer (a lone shortcut is well formed)
        answers = frozenset((i,) for i in prompt.ids)
        if len(_ANSWERS) < LAYOUTS * 16:
            _ANSWERS[prompt.ids] = answers
    shared = opening[0][seat] = SharedPrompt(
        0,
        seat,
        "choose",
        BUY_KEY,
        prompt.options,
        1,
        1,
        False,
        prompt.params,
        prompt.default,
        True,
        prompt.ids,
        answers=answers,
    )
    return shared


STARTING_DECK = ("Copper",) * 7 + ("Estate",) * 3


def seeded(seed: int) -> random.Random:
    """`random.Random(seed)`: for an int seed, the C seeding itself without the Python wrapper
    around it (the very same state)."""
    if type(seed) is not int:
        return random.Random(seed)
    rng = random.Random.__new__(random.Random)
    _random.Random.seed(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]  # set by Random.seed in Python
    return rng


def randbelow(rng: random.Random, n: int) -> int:
    """`rng.randrange(n)` for n > 0 as CPython 3.11 draws it (_randbelow_with_getrandbits)."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


@cache
def buy_option(name: str, cost: int) -> Option:
    """Options are immutable, so one object per (card, cost) serves every match."""
    return Option(f"buy:{name}", name, card=name, group="buy", cost=cost)


@cache
def play_buy_option(name: str, cost: int) -> Option:
    PLAY_BUY_CARD[f"{PLAY_BUY}{name}"] = name
    return Option(f"{PLAY_BUY}{name}", name, card=name, group="playbuy", cost=cost)


# "play all Treasures, then buy" option id -> the card, for every such option built
PLAY_BUY_CARD: dict[str, str] = {}


# Supply layout (pile names in order) -> (name, printed cost, buy option, play-then-buy option)
# rows; built once per layout, shared by every match with that layout.
_BUY_TABLES: dict[tuple[str, ...], list[tuple[str, int, Option, Option]]] = {}


def buy_table(piles: tuple[str, ...]) -> list[tuple[str, int, Option, Option]]:
    table = _BUY_TABLES.get(piles)
    if table is None:
        card = cards()
        table = [
            (name, card[name].cost, buy_option(name, card[name].cost), play_buy_option(name, card[name].cost))
            for name in piles
        ]
        if len(_BUY_TABLES) < 4096:  # random kingdoms are many; keep the cache bounded
            _BUY_TABLES[piles] = table
    return table


BuyOptions = tuple[tuple[Option, ...], frozenset[str]]  # the options and their ids

# Supply layout -> Buy phase option tuples while no pile is empty (then they depend only on the
# Treasures in hand and the coins): shared by every match with that layout, see buy_prompt.
_OPEN_BUY_OPTIONS: dict[tuple[str, ...], dict[tuple[Any, ...], BuyOptions]] = {}

# see DominionGame.opening; shared per Supply layout while no pile is empty, like the above
# (the prompt for each seat, built when first asked; the prompt as buy_prompt built it; its
# params; the Treasures in play-all order; the cards left in hand after playing them, or None)
Opening = tuple[list[SharedPrompt | None], Prompt, dict[str, Any], tuple[str, ...], list[str] | None]
_OPENINGS: dict[tuple[str, ...], dict[tuple[Any, ...], Opening]] = {}
# the same openings by the hand in the order it was drawn (no sort to look one up): the hands
# seen first, up to ORDERED_PER_LAYOUT per layout
_ORDERED_OPENINGS: dict[tuple[str, ...], dict[tuple[Any, ...], Opening]] = {}

# Bounds of the shared caches above, so a long-running bot process never grows without limit
# (a full cache is simply not added to; at most a few tens of MB).
LAYOUTS = 256
CASES_PER_LAYOUT = 1024
# hands as drawn are many more than sorted ones: more of them, for fewer layouts (about 180 bytes
# each, measured with tracemalloc, so at most about 6 MB)
ORDERED_LAYOUTS = 8
ORDERED_PER_LAYOUT = 4096

T = TypeVar("T")


def layout_cache(
    shared: dict[tuple[str, ...], dict[tuple[Any, ...], T]], piles: tuple[str, ...], layouts: int = LAYOUTS
) -> dict[tuple[Any, ...], T]:
    """The shared per-layout cache for `piles`; a private one once `layouts` layouts are kept."""
    cache = shared.get(piles)
    if cache is None:
        cache = {}
        if len(shared) < layouts:  # random kingdoms are many; keep the cache bounded
            shared[piles] = cache
    return cache


# (kingdom as chosen, players) -> (the kingdom in Supply order, the Supply's starting counts), for
# the base card data: setting up a match of a known kingdom copies them
_LAYOUTS: dict[tuple[tuple[str, ...], int], tuple[tuple[str, ...], dict[str, int]]] = {}

_FAST_PATHS: dict[type, tuple[bool, bool, bool]] = {}
_MONEY_TURNS: dict[type, bool] = {}

# Hooks a money turn (see DominionGame.run) runs inline: a class that overrides one of them
# plays every turn through the general generators instead.
MONEY_TURN_HOOKS = (
    "start_of_turn",
    "cleanup_phase",
    "cleanup",
    "buy_phase",
    "buy_prompt",
    "opening",
    "has_playable_action",
    "playable_actions",
    "plain_buy_answer",
    "draw",
    "reshuffle",
    "play_treasure",
    "put_treasure_in_play",
    "put_all_treasures_in_play",
    "shortcut_coins",
    "buy",
    "buy_plain",
    "gain",
    "gain_card",
    "put",
    "cost",
    "can_buy",
    "buy_choices",
    "extra_buy_options",
    "game_over",
    "next_player",
)


def money_turns(cls: type[DominionGame]) -> bool:
    """Whether `cls` keeps every hook of a money turn as the base set has it."""
    found = _MONEY_TURNS.get(cls)
    if found is None:
        found = _MONEY_TURNS[cls] = all(getattr(cls, h) is getattr(DominionGame, h) for h in MONEY_TURN_HOOKS)
    return found


def fast_paths(cls: type[DominionGame]) -> tuple[bool, bool, bool]:
    """Which shortcuts a rules class may take, from the hooks it keeps as the base set has them:
    (every card costs its printed price and only Supply cards are for sale; Treasures are played
    inline, without a generator per card; buying and gaining happen with nothing reacting)."""
    paths = _FAST_PATHS.get(cls)
    if paths is None:

        def kept(*hooks: str) -> bool:
            return all(getattr(cls, h) is getattr(DominionGame, h) for h in hooks)

        paths = _FAST_PATHS[cls] = (
            kept("buy_choices", "cost", "can_buy", "extra_buy_options"),
            kept("play_treasure"),
            kept("buy", "gain", "gain_card", "put", "cost"),
        )
    return paths


class DominionGame(FlowGame):
    def __init__(
        self, players: int, options: dict[str, Any], seed: int, position: dict[str, Any] | None = None
    ) -> None:
        super().__init__()
        self.effects = effects()
        self.card: dict[str, Card] = cards()
        self.treasure_names = treasure_names()
        self.n = players
        self.options = options
        self.rng = seeded(seed)
        self.players = [Player() for _ in range(players)]
        self.supply: dict[str, int] = {}
        self.trash: list[str] = []
        self.kingdom: list[str] = []
        self.turn = Turn()
        self.position = position
        self.reaction_modes: str | list[str] = options.get("reactions", "always")
        self.ended_by: str | None = None
        self._buy_table: list[tuple[str, int, Option, Option]] | None = None
        self._printed_buys, self._plain_treasures, self._plain_buys = fast_paths(type(self))
        self._choices: dict[tuple[int, int, int], list[Option]] = {}  # see printed_choices
        self._buy_options: dict[tuple[Any, ...], BuyOptions] = {}  # see buy_prompt
        self._open_buy_options: dict[tuple[Any, ...], BuyOptions] | None = None
        self._openings: dict[tuple[Any, ...], Opening] = {}  # see opening
        self._shared_openings: dict[tuple[Any, ...], Opening] | None = None

    # ==========================================================================================
    # Setup
    # ==========================================================================================
    def setup(self) -> None:
        kingdom = self.options["kingdom"]
        if kingdom == "random":
            kingdom = self.random_kingdom()
        layout = self.card is cards() and _LAYOUTS.get((tuple(kingdom), self.n))
        if layout:  # the same kingdom and players as an earlier match: its sorted piles
            self.kingdom = list(layout[0])
            self.supply = dict(layout[1])
        else:
            self.kingdom = sorted(kingdom, key=lambda c: (self.card[c].cost, c))
            self.supply = basic_supply(self.n)
            for name in self.kingdom:
                self.supply[name] = kingdom_pile_size(self.card[name], self.n)
            if self.card is cards() and len(_LAYOUTS) < LAYOUTS:
                _LAYOUTS[(tuple(kingdom), self.n)] = (tuple(self.kingdom), dict(self.supply))
        rng = self.rng
        first = randbelow(rng, self.n)  # rng.randrange(self.n), the same draws
        for p in self.players:
            deck = p.deck = list(STARTING_DECK)
            shuffle(rng, deck)
            p.hand = deck[:-6:-1]  # the top five, top first
            del deck[-5:]
        self.turn = Turn(first)
        self.emit("setup", kingdom=list(self.kingdom), first=first)

    def random_kingdom(self) -> list[str]:
        """Ten Kingdom cards drawn from the base set (expansions widen the pool in subclasses)."""
        pool = sorted(c.id for c in self.card.values() if c.kind == "kingdom" and c.set == "base")
        return self.rng.sample(pool, 10)

    def load_position(self, pos: dict[str, Any]) -> None:
        """Start from a described position (scenario tests). Decks are given top card first."""
        names = list(pos.get("kingdom") or [])
        for name in names:
            if name not in self.card or self.card[name].kind != "kingdom":
                raise InvalidSetup("error.unknown_card", card=name)
        self.kingdom = sorted(names, key=lambda c: (self.card[c].cost, c))
        self.supply = basic_supply(self.n)
        for name in self.kingdom:
            self.supply[name] = kingdom_pile_size(self.card[name], self.n)
        for name, count in (pos.get("supply") or {}).items():
            if name not in self.supply:
                raise InvalidSetup("error.unknown_pile", card=name)
            self.supply[name] = int(count)
        self.trash = list(pos.get("trash") or [])
        seats = pos.get("players") or []
        if len(seats) > self.n:
            raise InvalidSetup("error.player_count", min=self.n, max=self.n, count=len(seats))
        for i, data in enumerate(seats):
            p = self.players[i]
            p.hand = list(data.get("hand") or [])
            p.deck = list(reversed(data.get("deck") or []))
            p.discard = list(data.get("discard") or [])
            p.in_play = list(data.get("in_play") or [])
            p.turns = int(data.get("turns", 0))
            for zone in (p.hand, p.deck, p.discard, p.in_play):
                for name in zone:
                    if name not in self.card:
                        raise InvalidSetup("error.unknown_card", card=name)
        for name in self.trash:
            if name not in self.card:
                raise InvalidSetup("error.unknown_card", card=name)
        if (
            pos.get("phase", "action") not in ("action", "buy")
            or not 0 <= int(pos.get("current", 0)) < self.n
        ):
            raise InvalidSetup("error.bad_position")
        self.turn = Turn(
            player=int(pos.get("current", 0)),
            phase=pos.get("phase", "action"),
            actions=int(pos.get("actions", 1)),
            buys=int(pos.get("buys", 1)),
            coins=int(pos.get("coins", 0)),
        )
        # a Silver already in play means later Merchants give nothing this turn
        self.turn.silver_played = "Silver" in self.players[self.turn.player].in_play

    # ==========================================================================================
    # The game loop
    # ==========================================================================================
    def run(self) -> Step:
        # one generator or the other for the whole game: no extra layer to resume per answer
        return self.money_flow() if money_turns(type(self)) else self.turn_flow()

    def begin(self) -> str:
        """Set the table up (or load the described position); returns the first turn's phase."""
        if self.position is not None:
            self.load_position(self.position)
            return self.turn.phase
        self.setup()
        return "action"

    def turn_flow(self) -> Step:
        """The game, turn after turn, through every hook (expansions)."""
        start_phase = self.begin()
        first_turn = True
        # the base hooks do nothing: skip their generators unless an expansion overrides them
        cls = type(self)
        start_hook = cls.start_of_turn is not DominionGame.start_of_turn
        cleanup_hook = cls.cleanup_phase is not DominionGame.cleanup_phase
        while True:
            p = self.turn.player
            if not first_turn:
                self.turn = Turn(player=p, number=self.turn.number)
            t = self.turn
            t.number += 1
            if not self._quiet:
                self._events.append(TURN_EVENTS[p][t.number])
            if start_hook:
                yield from self.start_of_turn(p)
            if not (first_turn and start_phase == "buy"):
                self.turn.phase = "action"
                if self.has_playable_action(p):
                    yield from self.action_phase(p)
            self.turn.phase = "buy"
            yield from self.buy_phase(p)
            self.turn.phase = "cleanup"
            if cleanup_hook:
                yield from self.cleanup_phase(p)
            else:
                self.cleanup(p)
            if not self.turn.extra:  # extra turns do not count for the tie-break
                self.players[p].turns += 1
            first_turn = False
            if self.game_over():
                self.emit("game_end", reason=self.ended_by)
                return
            self.turn.player = self.next_player(p)

    def money_flow(self) -> Step:
        """turn_flow for rules that keep every hook of MONEY_TURN_HOOKS as the base set has them:
        the same turns, prompts, events and random draws, with the Buy and Clean-up phases written
        out here (a turn without Action cards runs no generator but this one)."""
        start_phase = self.begin()
        first_turn = True
        actions = action_names()
        treasures = self.treasure_names
        players = self.players
        card = self.card
        supply = self.supply
        rng = self.rng
        pile_limit = 4 if self.n >= 5 else 3  # as in game_over()
        # see opening(): while no pile is empty, by the hand as drawn (shared), else its own
        ordered_openings = layout_cache(_ORDERED_OPENINGS, tuple(supply), ORDERED_LAYOUTS)
        own_openings = self._openings
        # empty Supply piles, followed through the written-out buys; -1 once anything else ran
        empty = -1
        plain = False  # the turn before was a plain one (no Action phase, see below)
        discarded = False  # this turn's Clean-up has discarded the cards already
        while True:
            t = self.turn
            p = t.player
            if plain:
                # after a plain turn only what a Buy phase changes differs from a new Turn(p, n)
                t.buys = 1
                t.coins = 0
                t.bought = t.silver_played = False
                if t.gained:
                    t.gained = []
            elif not first_turn:
                t = self.turn = Turn(p, t.number)  # positional: cheaper than keywords
            t.number += 1
            player = players[p]
            if not self._quiet:
                self._events.append(TURN_EVENTS[p][t.number])
            # a turn that starts as every turn does (not a described position) with no Action
            # card in hand opens its Buy phase from a known state: see opening()
            plain = not first_turn or self.position is None  # setup's first turn begins so too
            found: Opening | None = None
            if plain:
                if empty < 0:
                    empty = list(supply.values()).count(0)
                if not empty:
                    # only a hand without Action cards is ever kept there: a hand found there
                    # needs no Action phase
                    as_drawn = tuple(player.hand)
                    found = ordered_openings.get(as_drawn)
            # (the phase is set where something may see it: before a prompt, and at the end)
            if (
                found is None
                and not (first_turn and start_phase == "buy")
                and not actions.isdisjoint(player.hand)
            ):
                t.phase = "action"
                plain = False
                empty = -1
                yield from self.action_phase(p)
            t.phase = "buy"
            prompt: Prompt | None
            if plain:
                # opening(), its caches looked up here
                if found is not None:
                    pass
                elif empty:
                    found = own_openings.get((*sorted(player.hand), empty))
                    if found is None:
                        found = self.opening(p, empty)
                else:
                    found = self.opening(p, 0)
                    if len(ordered_openings) < ORDERED_PER_LAYOUT:
                        ordered_openings[as_drawn] = found
                prompts, _, params, names, rest = found
                # prompts are immutable: a known opening's prompt is shared (see SharedPrompt)
                prompt = prompts[p] or opening_prompt(found, p)
                choice = (yield prompt)[p][0]
                name = PLAY_BUY_CARD.get(choice)  # "play all Treasures, then buy" this card
                if name is None and choice[:PLAY_BUY_LEN] == PLAY_BUY:
                    name = choice[PLAY_BUY_LEN:]
                if name is not None:
                    # put_all_treasures_in_play with what opening() worked out, then the buy,
                    # then Clean-up's discarding; nothing can look at the zones in between (no
                    # prompt), so the Treasures go straight to the discard pile after the card
                    # bought, and then the rest of the hand, as Clean-up would put them there
                    # (the play area of a turn begun as every turn begins is empty)
                    discarded = True
                    t.silver_played = "Silver" in names
                    if not self._quiet:
                        self._events += map(PLAY_EVENTS[p].__getitem__, names)
                    # buy_plain(), inlined: spend the only Buy
                    t.coins = params["coins_after"] - card[name].cost
                    t.buys = 0
                    t.bought = True
                    if supply.get(name, 0) > 0:
                        supply[name] -= 1
                        if not supply[name]:
                            empty += 1
                        player.discard.append(name)
                        t.gained.append(name)
                        if not self._quiet:
                            self._events += (BUY_EVENTS[p][name], GAIN_EVENTS[p][name])
                    elif not self._quiet:
                        self._events.append(BUY_EVENTS[p][name])
                    discard = player.discard
                    discard += names
                    hand = player.hand
                    discard += filterfalse(treasures.__contains__, hand) if rest is None else rest
                    hand.clear()
                    prompt = None
                elif choice == END:
                    prompt = None
                else:
                    self.plain_buy_answer(p, choice, prompt)
                    empty = -1
                    prompt = None if t.bought and t.buys == 0 else self.buy_prompt(p)
            else:
                empty = -1
                prompt = self.buy_prompt(p)
            while prompt is not None:
                choice = (yield prompt)[p][0]
                if choice == END:
                    break
                self.plain_buy_answer(p, choice, prompt)
                # after a buy no Treasure may be played: with no buy left the phase is over
                prompt = None if t.bought and t.buys == 0 else self.buy_prompt(p)
            # cleanup(), inlined (the phase reads "cleanup" from here on: nothing asks until the
            # next turn's Buy phase, so it is set only if the game ends)
            hand = player.hand
            if discarded:
                discarded = False
            else:
                discard = player.discard
                discard += player.in_play
                player.in_play.clear()
                discard += hand
                hand.clear()
            deck = player.deck
            if len(deck) >= 5:  # draw(p, 5) without a shuffle, inlined
                drawn = deck[:-6:-1]  # the top five, top first
                del deck[-5:]
                hand += drawn
                if not self._quiet:
                    self._events += (DRAW_EVENTS[p][5], Event("drew", p, {"cards": drawn}, p))
            else:  # draw(p, 5) with reshuffle(p), inlined: the same cards, shuffle and events
                drawn = deck[::-1]
                discard = player.discard
                if discard:
                    deck = player.deck = discard  # the deck is empty: the discard pile becomes it
                    player.discard = []
                    shuffle(rng, deck)
                    more = min(5 - len(drawn), len(deck))
                    drawn += deck[: -more - 1 : -1]
                    del deck[-more:]
                    if not self._quiet:
                        self._events.append(SHUFFLE_EVENTS[p])
                else:
                    deck.clear()
                hand += drawn
                if drawn and not self._quiet:
                    self._events += (DRAW_EVENTS[p][len(drawn)], Event("drew", p, {"cards": drawn}, p))
            if not t.extra:  # extra turns do not count for the tie-break
                player.turns += 1
            first_turn = False
            # game_over() decides (and says why) once a Province pile or enough piles are empty
            if empty < 0:
                empty = list(supply.values()).count(0)
            if (not supply.get("Province", 1) or empty >= pile_limit) and self.game_over():
                t.phase = "cleanup"
                self.emit("game_end", reason=self.ended_by)
                return
            t.player = (p + 1) % self.n  # next_player()

    # Turn hooks: the base game does nothing here; expansions (Adventures) override them.
    def start_of_turn(self, p: int) -> Step:
        """Durations and 'at the start of your turn' abilities, before the Action phase."""
        return
        yield  # pragma: no cover

    def cleanup_phase(self, p: int) -> Step:
        self.cleanup(p)
        return
        yield  # pragma: no cover

    def next_player(self, p: int) -> int:
        return (p + 1) % self.n

    def is_action_for(self, p: int, name: str) -> bool:
        """Whether `name` is an Action card for player p (expansions can change a card's types)."""
        return self.card[name].is_action

    def playable_actions(self, p: int) -> list[str]:
        return sorted({c for c in self.players[p].hand if self.card[c].is_action})

    def has_playable_action(self, p: int) -> bool:
        """Whether the Action phase can ask anything (a cheap pre-check; exact for the base set)."""
        if type(self).playable_actions is not DominionGame.playable_actions:
            return True  # an expansion decides what is playable
        return not action_names().isdisjoint(self.players[p].hand)

    def extra_buy_options(self, p: int) -> list[Option]:
        """More things to buy than Supply cards (Events)."""
        return []

    def buy_event(self, p: int, name: str) -> Step:
        raise IllegalAnswer("error.unknown_option", option=name)
        yield  # pragma: no cover

    def game_over(self) -> bool:
        if self.supply.get("Province", 1) == 0:
            self.ended_by = "provinces"
            return True
        empty = list(self.supply.values()).count(0)
        if empty >= (4 if self.n >= 5 else 3):
            self.ended_by = "piles"
            return True
        return False

    def empty_piles(self) -> int:
        return list(self.supply.values()).count(0)

    # ------------------------------------------------------------------------------------------
    def action_phase(self, p: int) -> Step:
        t = self.turn
        while t.actions > 0:
            playable = self.playable_actions(p)
            if not playable:
                return
            opts = [action_option(c) for c in playable]
            opts.append(END_ACTIONS)
            answer = yield from self.ask(
                PromptSpec(p, "choose", "dominion.prompt.action", tuple(opts), params={"actions": t.actions})
            )
            choice = answer[0]
            if choice == END:
                return
            t.actions -= 1
            yield from self.play_from_hand(p, choice)

    def buy_prompt(self, p: int) -> Prompt | None:
        """The next Buy phase prompt while every card costs its printed price and only Supply
        cards are for sale, or None when there is nothing left to do. The option tuple depends
        only on the Treasures in hand, the coins and which piles are empty, so it is built once
        per such case (across matches of one Supply layout while no pile is empty)."""
        t = self.turn
        buys = t.buys
        if t.bought:
            if buys == 0:
                return None
            in_hand = []
        else:
            in_hand = list(filter(self.treasure_names.__contains__, self.players[p].hand))
        coins = t.coins
        params: dict[str, Any] = {"coins": coins, "buys": buys}
        after: int | None = None
        if in_hand:
            if buys > 0:
                after = self.shortcut_coins(p, in_hand)
                if after is not None:
                    params["coins_after"] = after
            default = PLAY_ALL_DEFAULT
            key: tuple[Any, ...] = (frozenset(in_hand), coins if buys > 0 else -1, after)
        elif buys == 0:
            return None
        else:
            default = END_DEFAULT
            key = ((), coins, None)
        supply = self.supply
        empty = list(supply.values()).count(0)
        if empty:
            cache = self._buy_options
            key += (empty,)
        else:
            cache = self._open_buy_options or self.open_buy_options()
        found = cache.get(key)
        if found is None:
            opts: list[Option] = (
                [PLAY_ALL_OPTION, *[play_option(c) for c in sorted(set(in_hand))]] if in_hand else []
            )
            if buys > 0:
                opts += self.printed_choices(coins, 2)
                if after is not None:
                    # "play all Treasures, then buy X" for each X affordable once they are played
                    opts += self.printed_choices(after, 3)
            opts.append(END_TURN)
            found = (tuple(opts), frozenset(o.id for o in opts))
            if len(cache) < CASES_PER_LAYOUT:
                cache[key] = found
        return Prompt(0, p, "choose", BUY_KEY, found[0], 1, 1, False, params, default, True, found[1])

    def opening(self, p: int, empty: int) -> Opening:
        """The first Buy phase prompt of a turn begun as every turn begins ($0, one Buy, nothing
        played) with no Action card in hand, and what playing every Treasure then does. All of it
        follows from the hand's cards and the empty piles, so it is worked out once per such case
        by buy_prompt itself: (the prompt, shared, for each seat; its params; the Treasures in
        play-all order; the cards left in hand after playing them when their order cannot matter,
        else None; the $ after playing them is params["coins_after"]). `empty`: how many piles are
        empty now."""
        hand = self.players[p].hand
        key: tuple[Any, ...] = tuple(sorted(hand))
        if empty:
            cache = self._openings
            key += (empty,)
        else:
            cache = self._shared_openings or self.shared_openings()
        found = cache.get(key)
        if found is None:
            prompt = self.buy_prompt(p)
            assert prompt is not None and prompt.ids is not None  # one Buy is left
            names = sorted(filter(self.treasure_names.__contains__, hand), key=treasure_order().__getitem__)
            rest = list(filterfalse(self.treasure_names.__contains__, hand))
            found = (
                [None] * SEATS,
                prompt,
                prompt.params,
                tuple(names),
                # what stays in hand once every Treasure is played, when its order cannot matter
                rest if len(set(rest)) <= 1 else None,
            )
            if len(cache) < CASES_PER_LAYOUT:
                cache[key] = found
        return found

    def shared_openings(self) -> dict[tuple[Any, ...], Opening]:
        self._shared_openings = cache = layout_cache(_OPENINGS, tuple(self.supply))
        return cache

    def open_buy_options(self) -> dict[tuple[Any, ...], BuyOptions]:
        self._open_buy_options = cache = layout_cache(_OPEN_BUY_OPTIONS, tuple(self.supply))
        return cache

    def plain_buy_answer(self, p: int, choice: str, prompt: Prompt) -> None:
        """Carry out a Buy phase answer other than ending it, with base-set Treasures and buys."""
        if choice == PLAY_ALL or choice[:PLAY_BUY_LEN] == PLAY_BUY:
            self.put_all_treasures_in_play(p)
            if choice != PLAY_ALL:
                expected = prompt.params["coins_after"]
                if self.turn.coins != expected:  # the offer was computed from these very coins
                    raise RuntimeError(f"playing the Treasures gave ${self.turn.coins}, expected ${expected}")
                self.buy_plain(p, choice[PLAY_BUY_LEN:])
        elif choice[:4] == "buy:":
            self.buy_plain(p, choice[4:])
        elif choice[:5] == "play:":
            self.put_treasure_in_play(p, choice[5:])
        else:  # pragma: no cover - the prompt offers nothing else
            raise IllegalAnswer("error.unknown_option", option=choice)

    def buy_phase(self, p: int) -> Step:
        t = self.turn
        while True:
            if self._printed_buys:
                prompt = self.buy_prompt(p)
                if prompt is None:
                    return
                answers = yield prompt
                choice = answers[p][0]
                if choice == END:
                    return
                if self._plain_treasures and self._plain_buys:
                    self.plain_buy_answer(p, choice, prompt)
                    continue
                params = prompt.params
            else:
                choice, params = yield from self.general_buy_prompt(p)
                if choice == END:
                    return
            to_buy = ""  # the card this answer buys, if any
            if choice == PLAY_ALL or choice[:PLAY_BUY_LEN] == PLAY_BUY:
                if self._plain_treasures:
                    self.put_all_treasures_in_play(p)
                else:
                    yield from self.play_all_treasures(p)
                if choice != PLAY_ALL:
                    expected = params["coins_after"]
                    if t.coins != expected:  # the offer was computed from these very coins
                        raise RuntimeError(f"playing the Treasures gave ${t.coins}, expected ${expected}")
                    to_buy = choice[PLAY_BUY_LEN:]
            elif choice.startswith("buy:"):
                to_buy = choice[4:]
            elif choice.startswith("play:"):
                yield from self.play_treasure(p, choice[5:])
            elif choice.startswith("event:"):
                yield from self.buy_event(p, choice[6:])
            if to_buy:
                if self._plain_buys:
                    self.buy_plain(p, to_buy)
                else:
                    yield from self.buy(p, to_buy)

    def general_buy_prompt(self, p: int) -> Generator[Ask, dict[int, Answer], tuple[str, dict[str, Any]]]:
        """The Buy phase question when costs or what is for sale may differ from the printed
        Supply (expansions); returns the choice (END also when nothing is left to do) and the
        prompt's params."""
        t = self.turn
        in_hand = [] if t.bought else [c for c in self.players[p].hand if c in self.treasure_names]
        params: dict[str, Any] = {"coins": t.coins, "buys": t.buys}
        if not in_hand and t.buys == 0:
            return END, params
        opts: list[Option] = (
            [PLAY_ALL_OPTION, *[play_option(c) for c in sorted(set(in_hand))]] if in_hand else []
        )
        if t.buys > 0:
            after = self.shortcut_coins(p, in_hand) if in_hand else None
            opts += self.buy_choices()
            opts += self.extra_buy_options(p)
            if after is not None:
                params["coins_after"] = after
                opts += [play_buy_option(o.card or o.label, o.cost or 0) for o in self.buy_choices(after)]
        opts.append(END_TURN)
        # self.ask, inlined: one generator less to resume on every Buy phase answer
        answers = yield Ask(
            [
                PromptSpec(
                    p,
                    "choose",
                    BUY_KEY,
                    tuple(opts),
                    params=params,
                    default=PLAY_ALL_DEFAULT if in_hand else END_DEFAULT,
                )
            ]
        )
        return answers[p][0], params

    def play_all_treasures(self, p: int) -> Step:
        """Play every Treasure in hand, cheapest first (the order matters for Merchant-like bonuses)."""
        if self._plain_treasures:
            self.put_all_treasures_in_play(p)
            return
        names = sorted([c for c in self.players[p].hand if c in self.treasure_names], key=self.treasure_order)
        for c in names:
            yield from self.play_treasure(p, c)

    def put_all_treasures_in_play(self, p: int) -> None:
        """put_treasure_in_play for every Treasure in hand, in one go (the hottest step of a money
        game): the same zones, coins and events; only the first Silver collects Merchant's bonus."""
        player = self.players[p]
        hand = player.hand
        treasures = self.treasure_names
        names = list(filter(treasures.__contains__, hand))
        if len(names) == len(hand):
            hand.clear()
        else:
            hand[:] = filterfalse(treasures.__contains__, hand)
        if len(names) > 1:
            names.sort(key=treasure_order().__getitem__)
        player.in_play += names
        t = self.turn
        t.coins += sum(map(treasure_coins().__getitem__, names))
        if not self._quiet:
            self._events += map(PLAY_EVENTS[p].__getitem__, names)
        if not t.silver_played and "Silver" in names:
            t.silver_played = True
            t.coins += t.merchant_bonus

    def shortcut_coins(self, p: int, treasures: list[str]) -> int | None:
        """The coins player p will have after playing `treasures` (every Treasure in hand), or None
        when playing them may ask anyone anything (then there is no "play all, then buy" shortcut).
        Base-set Treasures never ask; Silver collects the Merchant bonus the first time."""
        t = self.turn
        total = t.coins + sum(map(treasure_coins().__getitem__, treasures))
        if not t.silver_played and t.merchant_bonus and "Silver" in treasures:
            total += t.merchant_bonus
        return total

    def buy_choices(self, coins: int | None = None) -> list[Option]:
        """Options to buy every non-empty pile affordable with `coins` (default: the current
        coins), in Supply order."""
        if type(self).cost is DominionGame.cost and type(self).can_buy is DominionGame.can_buy:
            return self.printed_cost_choices(coins)
        limit = self.turn.coins if coins is None else coins
        return [self.buy_option(name, self.cost(name)) for name in self.supply if self.can_buy(name, limit)]

    def printed_cost_choices(self, coins: int | None = None) -> list[Option]:
        """buy_choices while every card costs its printed price: one pass over a prebuilt
        (name, cost, option) list; this is the hot path of every Buy phase."""
        limit = self.turn.coins if coins is None else coins
        supply = self.supply
        return [opt for name, cost, opt, _ in self.buy_rows() if cost <= limit and supply[name] > 0]

    def printed_choices(self, coins: int, column: int) -> list[Option]:
        """Column 2 (buy) or 3 (play all, then buy) options of every non-empty pile costing at most
        `coins`, at printed prices. Remembered per (coins, empty piles, column): with printed
        prices and base-set rules a pile once empty stays empty, so the count names the set."""
        supply = self.supply
        key = (coins, list(supply.values()).count(0), column)
        found = self._choices.get(key)
        if found is None:
            found = self._choices[key] = [
                buy if column == 2 else then_buy
                for name, cost, buy, then_buy in self.buy_rows()
                if cost <= coins and supply[name] > 0
            ]
        return found

    def buy_rows(self) -> list[tuple[str, int, Option, Option]]:
        table = self._buy_table
        if table is None or len(table) != len(self.supply):
            table = self._buy_table = buy_table(tuple(self.supply))
        return table

    def buy_option(self, name: str, cost: int) -> Option:
        return buy_option(name, cost)

    def treasure_order(self, name: str) -> tuple[int, str]:
        return treasure_keys()[name]

    def can_buy(self, name: str, coins: int | None = None) -> bool:
        """Whether `name` may be bought with `coins` (default: the current coins)."""
        return self.supply[name] > 0 and self.cost(name) <= (self.turn.coins if coins is None else coins)

    def buy(self, p: int, name: str) -> Step:
        t = self.turn
        t.coins -= self.cost(name)
        t.buys -= 1
        t.bought = True
        self.emit("buy", seat=p, card=name)
        yield from self.gain(p, name)

    def buy_plain(self, p: int, name: str) -> None:
        """buy() while nothing reacts to buying or gaining (the base set): no generators, and
        gain_card inlined."""
        t = self.turn
        t.coins -= self.card[name].cost
        t.buys -= 1
        t.bought = True
        supply = self.supply
        if supply.get(name, 0) > 0:
            supply[name] -= 1
            self.players[p].discard.append(name)
            t.gained.append(name)
            if not self._quiet:
                self._events += (BUY_EVENTS[p][name], GAIN_EVENTS[p][name])
        elif not self._quiet:
            self._events.append(BUY_EVENTS[p][name])

    def cleanup(self, p: int) -> None:
        player = self.players[p]
        player.discard.extend(player.in_play)
        player.in_play.clear()
        player.discard.extend(player.hand)
        player.hand.clear()
        self.draw(p, 5)

    # ==========================================================================================
    # Primitives
    # ==========================================================================================
    def cost(self, name: str) -> int:
        return self.card[name].cost

    def others(self, p: int) -> list[int]:
        """Every other player, in turn order starting at p's left."""
        return [(p + i) % self.n for i in range(1, self.n)]

    def reshuffle(self, p: int) -> bool:
        player = self.players[p]
        if not player.discard:
            return False
        player.deck = player.discard + player.deck  # deck is empty here; keep it general
        player.discard = []
        shuffle(self.rng, player.deck)
        if not self._quiet:  # emit, inlined (every shuffle)
            self._events.append(SHUFFLE_EVENTS[p])
        return True

    def take_top(self, p: int) -> str | None:
        """Remove the top card of p's deck, shuffling the discard pile in only when needed."""
        player = self.players[p]
        if not player.deck and not self.reshuffle(p):
            return None
        return player.deck.pop()

    def draw(self, p: int, count: int) -> list[str]:
        """Draw `count` cards (top first), shuffling the discard pile in only when the deck runs
        out: the same shuffles, at the same moments, as drawing one card at a time."""
        if count <= 0:
            return []
        player = self.players[p]
        deck = player.deck
        if count <= len(deck):
            drawn = deck[-count:]
            del deck[-count:]
            drawn.reverse()
        else:
            drawn = deck[::-1]
            deck.clear()
            if self.reshuffle(p):
                deck = player.deck
                rest = min(count - len(drawn), len(deck))
                more = deck[-rest:]
                del deck[-rest:]
                more.reverse()
                drawn += more
        player.hand.extend(drawn)
        if drawn and not self._quiet:  # emit, inlined (every draw)
            self._events += (DRAW_EVENTS[p][len(drawn)], Event("drew", p, {"cards": drawn}, p))
        return drawn

    def gain(self, p: int, name: str, to: str = "discard") -> Step:
        """Gain a card from the Supply. Returns True if a card was gained."""
        return self.gain_card(p, name, to)
        yield  # pragma: no cover - keeps this a generator for gain reactions

    def gain_card(self, p: int, name: str, to: str) -> bool:
        """The gain itself, before anything that may react to it."""
        if self.supply.get(name, 0) <= 0:
            return False
        self.supply[name] -= 1
        self.put(p, name, to)
        self.turn.gained.append(name)
        if not self._quiet:  # emit, inlined (every gain)
            self._events.append(Event("gain", p, {"card": name, "dest": to}))
        return True

    def put(self, p: int, name: str, to: str) -> None:
        player = self.players[p]
        if to == "hand":
            player.hand.append(name)
        elif to == "deck":
            player.deck.append(name)
        else:
            player.discard.append(name)

    def trash_from_hand(self, p: int, names: Iterable[str]) -> None:
        player = self.players[p]
        for name in names:
            player.hand.remove(name)
            self.trash.append(name)
            self.emit("trash", seat=p, card=name)

    def discard_from_hand(self, p: int, names: Iterable[str]) -> None:
        player = self.players[p]
        names = list(names)
        for name in names:
            player.hand.remove(name)
            player.discard.append(name)
        if names:
            self.emit("discard", seat=p, cards=sorted(names))

    def topdeck_from_hand(self, p: int, name: str) -> None:
        player = self.players[p]
        player.hand.remove(name)
        player.deck.append(name)
        self.emit("topdeck", seat=p)
        self.emit("topdecked", seat=p, to=p, card=name)

    def play_from_hand(self, p: int, name: str) -> Step:
        player = self.players[p]
        player.hand.remove(name)
        player.in_play.append(name)
        yield from self.resolve(p, name)

    def resolve(self, p: int, name: str) -> Step:
        """Follow a played Action card's instructions once."""
        card = self.card[name]
        self.emit("play", seat=p, card=name)
        t = self.turn
        if card.draw:
            self.draw(p, card.draw)
        t.actions += card.actions
        t.buys += card.buys
        t.coins += card.coins
        effect = self.effects.get(name)
        if effect is not None:
            yield from effect(self, p)

    def play_treasure(self, p: int, name: str) -> Step:
        self.put_treasure_in_play(p, name)
        return
        yield  # pragma: no cover - treasures with abilities may ask

    def put_treasure_in_play(self, p: int, name: str) -> None:
        """Playing a Treasure's $ (and Merchant's bonus on the first Silver); abilities come after."""
        player = self.players[p]
        player.hand.remove(name)
        player.in_play.append(name)
        t = self.turn
        t.coins += self.card[name].coins
        self.emit("play", seat=p, card=name)
        if name == "Silver" and not t.silver_played:
            t.silver_played = True
            t.coins += t.merchant_bonus

    # ==========================================================================================
    # Attacks and reactions
    # ==========================================================================================
    def attack_targets(self, p: int) -> Step:
        """Reveal reactions for an Attack; returns the players it affects, in turn order."""
        victims = self.others(p)
        moats = {v: moat for v in victims if (moat := self.moat_in_hand(v)) is not None}
        asked = [v for v in moats if self.asks_reactions(v)]
        blocked = {v for v in moats if v not in asked}
        if asked:
            specs = [
                PromptSpec(
                    v,
                    "confirm",
                    "dominion.prompt.reveal_moat",
                    (
                        Option(YES, "dominion.opt.reveal", card=moats[v]),
                        Option(NO, "dominion.opt.dont_reveal"),
                    ),
                )
                for v in asked
            ]
            answers = yield from self.ask_all(specs)
            blocked.update(v for v in asked if answers[v][0] == YES)
        for v in victims:
            if v in blocked:
                self.emit("reveal", seat=v, cards=[moats[v]], reason="Moat")
        return [v for v in victims if v not in blocked]

    def moat_in_hand(self, seat: int) -> str | None:
        """The card in `seat`'s hand that reacts to Attacks as Moat does, if any."""
        return "Moat" if "Moat" in self.players[seat].hand else None

    def asks_reactions(self, seat: int) -> bool:
        """Whether `seat` is asked before a reaction in hand is used. The standing answer
        ('always') never waits, so nobody learns from a pause what a hand holds."""
        modes = self.reaction_modes
        mode = modes if isinstance(modes, str) else modes[seat]
        return mode == "ask"

    # ==========================================================================================
    # Prompt helpers (forced answers are taken without asking)
    # ==========================================================================================
    def choose_cards(
        self,
        p: int,
        names: list[str],
        key: str,
        low: int,
        high: int,
        params: dict[str, Any] | None = None,
        check: Callable[[Answer], None] | None = None,
    ) -> Step:
        """Pick between `low` and `high` cards out of a multiset; returns card names."""
        forced, opts, low, high = card_choice(names, low, high)
        if forced is not None:
            return forced
        answer = yield from self.ask(
            PromptSpec(p, "choose", key, opts, min=low, max=high, params=params or {}, check=check)
        )
        return [card_of(a) for a in answer]

    def choose_one(
        self, p: int, names: Iterable[str], key: str, optional: bool, params: dict[str, Any] | None = None
    ) -> Step:
        """Pick one card name out of distinct names; None when declined or nothing to pick."""
        distinct = sorted(set(names))
        if not distinct:
            return None
        if len(distinct) == 1 and not optional:
            return distinct[0]
        opts = [Option(n, n, card=n, cost=self.cost(n)) for n in distinct]
        if optional:
            opts.append(Option(NONE, "dominion.opt.none", group="end"))
        answer = yield from self.ask(PromptSpec(p, "choose", key, tuple(opts), params=params or {}))
        return None if answer[0] == NONE else answer[0]

    def yes_no(self, p: int, key: str, params: dict[str, Any] | None = None, card: str | None = None) -> Step:
        answer = yield from self.ask(
            PromptSpec(
                p,
                "confirm",
                key,
                (Option(YES, "dominion.opt.yes", card=card), Option(NO, "dominion.opt.no")),
                params=params or {},
            )
        )
        return answer[0] == YES

    def gain_up_to(
        self, p: int, max_cost: int, key: str, to: str = "discard", kind: str | None = None
    ) -> Step:
        """Choose and gain a Supply card costing at most `max_cost` (optionally of a type)."""
        names = [
            n
            for n, count in self.supply.items()
            if count > 0 and self.cost(n) <= max_cost and (kind is None or kind in self.card[n].types)
        ]
        choice = yield from self.choose_one(p, names, key, optional=False, params={"max": max_cost})
        if choice is not None:
            yield from self.gain(p, choice, to)
        return choice

    def order_cards(self, p: int, names: list[str], key: str) -> Step:
        """Ask for an order (first = top of deck). Identical cards need no ordering."""
        if len(set(names)) <= 1:
            return list(names)
        ids = instance_ids(names)
        opts = tuple(Option(oid, name, card=name) for oid, name in ids)
        answer = yield from self.ask(
            PromptSpec(p, "order", key, opts, min=len(opts), max=len(opts), ordered=True)
        )
        return [card_of(a) for a in answer]

    # ==========================================================================================
    # Views and results
    # ==========================================================================================
    def owned_counts(self, p: int) -> Counter[str]:
        # one C-level count over the concatenated zones; Counter.update per zone is much slower
        return Counter(self.players[p].owned())

    def victory_points(self, p: int, counts: Counter[str] | None = None) -> int:
        if counts is None:
            if type(self).owned_counts is DominionGame.owned_counts and self.card is cards():
                # the same sum straight from the cards owned, without counting them first
                owned = self.players[p].owned()
                total = sum(map(card_vps().__getitem__, owned))
                gardens = owned.count("Gardens")
                return total + gardens * (len(owned) // 10) if gardens else total
            counts = self.owned_counts(p)
        card = self.card
        total = sum(card[name].vp * k for name, k in counts.items())
        gardens = counts.get("Gardens", 0)
        if gardens:
            total += gardens * (counts.total() // 10)
        return total

    def turn_marker(self) -> int:
        """The view's "turn", without building the view (see Match.turn_marker)."""
        return self.turn.number

    def view(self, seat: int | None) -> dict[str, Any]:
        t = self.turn
        players = []
        own: Counter[str] | None = None
        for i, pl in enumerate(self.players):
            # only the seat's own cards are counted out; the others' points need no count
            counts = self.owned_counts(i) if i == seat else None
            if i == seat:
                own = counts
            players.append(
                {
                    "seat": i,
                    "hand_count": len(pl.hand),
                    "deck_count": len(pl.deck),
                    "discard_count": len(pl.discard),
                    "discard_top": pl.discard[-1] if pl.discard else None,
                    "in_play": list(pl.in_play),
                    "set_aside_count": len(pl.set_aside),
                    "turns": pl.turns,
                    "vp": self.victory_points(i, counts),
                }
            )
        view: dict[str, Any] = {
            "game": "dominion",
            "seat": seat,
            "kingdom": list(self.kingdom),
            "supply": dict(self.supply),
            "costs": {name: self.cost(name) for name in self.supply},
            "trash": sorted(self.trash),
            "players": players,
            "current": t.player,
            "turn": t.number,
            "phase": t.phase,
            "actions": t.actions,
            "buys": t.buys,
            "coins": t.coins,
            "empty_piles": self.empty_piles(),
            "finished": self.finished,
        }
        if seat is not None:
            self._add_own(view, seat, own)
        return view

    def seat_view(self, public: dict[str, Any], seat: int) -> dict[str, Any]:
        """`view(seat)` from `view(None)` of the same state (see Match.seat_view): the seat's
        view differs only by its own cards, so the rest is the public view's, shared."""
        view = dict(public)
        view["seat"] = seat
        self._add_own(view, seat, self.owned_counts(seat))
        return view

    def _add_own(self, view: dict[str, Any], seat: int, own: Counter[str] | None) -> None:
        view["hand"] = sorted(self.players[seat].hand)
        # every gain and trash is public, so a player's own card counts are known to them
        view["owned"] = dict(sorted(own.items())) if own is not None else {}

    def result(self) -> Result | None:
        if not self.finished:
            return None
        scores = [self.victory_points(i) for i in range(self.n)]
        turns = [pl.turns for pl in self.players]
        ranks = rank_by(list(zip(scores, [-n for n in turns])))
        winners = tuple([i for i, rank in enumerate(ranks) if rank == 1])
        return Result(
            scores=tuple(scores),
            ranks=ranks,
            turns=tuple(turns),
            winners=winners,
            details={"ended_by": self.ended_by, "kingdom": list(self.kingdom)},
        )


def require(condition: bool, key: str, **params: Any) -> None:
    if not condition:
        raise IllegalAnswer(key, **params)
