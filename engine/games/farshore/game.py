"""Everdell Farshore, the rules as one flow of decisions.

Setup by seat (hands 5-8, the one mulligan), then turns in seat order until every player has
passed: place a worker, play a card (the 7 steps) or prepare for the next season. Card effects
are interpreted from the content data (`effects.py`); scoring is in `scoring.py`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations_with_replacement
from typing import Any

from engine.core.flow import Flow, PromptSpec
from engine.core.prompts import Option
from engine.core.result import Result, rank_by
from engine.core.seats import SeatSpec
from engine.families.everdell.payment import reduced
from engine.families.everdell.seasons import CITY_LIMIT, HAND_LIMIT, SEASONS
from engine.games.farshore.content import RESOURCES, Card, Content, load
from engine.games.farshore.effects import Effects
from engine.games.farshore.scoring import breakdown, tiebreak
from engine.games.farshore.state import HAND_SIZES, Player, VillageCard

BAY_SIZE = 8
DOCK_MAX = 3
PRODUCE_FIRST = "produce_first"  # Autumn: the Green activations before the two draws
Cost = tuple[int, int, int, int]


class FarshoreGame(Effects):
    def __init__(self, seats: Sequence[SeatSpec], options: Mapping[str, Any], seed: int) -> None:
        super().__init__()
        self.content: Content = load(options.get("farshore_content"))
        self.n = len(seats)
        self.rng = random.Random(seed)
        self.players = [Player(seat) for seat in range(self.n)]
        self.deck = self.content.deck()
        self.rng.shuffle(self.deck)
        self.discard: list[str] = []
        self.bay: list[list[str]] = []
        isles = [i.id for i in self.content.islands]
        self.rng.shuffle(isles)
        self.islands: list[str] = sorted(isles[: self.n])
        self.island_up: dict[str, bool] = {i: True for i in self.islands}
        self.occupant: dict[str, int | None] = {loc.id: None for loc in self.content.shores}
        self.occupant.update({i: None for i in self.islands})
        self.dunes: list[int] = []  # seats whose workers stand in the Dunes
        self.compass_a = [t for t, _ in self.content.compass_a]
        self.compass_b = [t for t, _ in self.content.compass_b]
        self.rng.shuffle(self.compass_a)
        self.rng.shuffle(self.compass_b)
        self.matches = dict(self.content.compass_a + self.content.compass_b)
        per_stack = self.n  # 2 players: 2 tiles a stack, 3: 3, 4: all 4
        self.map_stacks = {m.id: list(self.content.map_values[:per_stack]) for m in self.content.maps}
        self.prepared: list[set[int]] = [set() for _ in SEASONS]
        self.next_uid = 1
        self.turn_no = 0
        self.current = 0
        self.high_tide_done = False

    # -- cards in and out ------------------------------------------------------------------------
    def card(self, cid: str) -> Card:
        return self.content.cards[cid]

    def _pop_deck(self) -> str | None:
        if not self.deck:
            if not self.discard:
                return None
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
            self.emit("reshuffle", count=len(self.deck))
        return self.deck.pop()

    def draw(self, seat: int, n: int) -> int:
        """Draw from the deck up to the hand limit; the extra cards are simply not drawn."""
        pl = self.players[seat]
        got: list[str] = []
        for _ in range(min(n, HAND_LIMIT - len(pl.hand))):
            cid = self._pop_deck()
            if cid is None:
                break
            got.append(cid)
        pl.hand.extend(got)
        if got:
            self.emit("draw", seat, count=len(got))
            self.emit("drew", seat, to=seat, cards=got)
        return len(got)

    def discard_cards(self, seat: int, cards: Sequence[str]) -> None:
        pl = self.players[seat]
        for cid in cards:
            pl.hand.remove(cid)
            self.discard.append(cid)
        if cards:
            self.emit("discard", seat, count=len(cards))
            self.emit("discarded", seat, to=seat, cards=list(cards))

    def refill_bay(self) -> None:
        """Fill the Bay to 8 names; a duplicate joins its name's stack and the deck gives another."""
        added: list[str] = []
        while len(self.bay) < BAY_SIZE:
            cid = self._pop_deck()
            if cid is None:
                break
            added.append(cid)
            for stack in self.bay:
                if stack[0] == cid:
                    stack.append(cid)
                    break
            else:
                self.bay.append([cid])
        if added:
            self.emit("bay_refill", cards=added)

    def take_from_bay(self, cid: str) -> None:
        for i, stack in enumerate(self.bay):
            if stack[0] == cid:
                stack.pop()
                if not stack:
                    del self.bay[i]
                return
        raise KeyError(cid)

    def bay_names(self) -> list[str]:
        return [stack[0] for stack in self.bay]

    # -- the flow --------------------------------------------------------------------------------
    def run(self) -> Flow:
        self.refill_bay()
        self.emit(
            "setup",
            islands=list(self.islands),
            compass=[self.compass_a[0], self.compass_b[0]],
            maps={k: len(v) for k, v in self.map_stacks.items()},
        )
        for seat in range(self.n):
            self.draw(seat, HAND_SIZES[seat])
        yield from self.mulligans()
        while not all(p.passed for p in self.players):
            pl = self.players[self.current]
            if not pl.passed:
                self.turn_no += 1
                pl.turns += 1
                yield from self.turn(self.current)
            self.current = (self.current + 1) % self.n
        self.emit("game_end", scores=[self.score(s) for s in range(self.n)])

    def mulligans(self) -> Flow:
        specs = [
            PromptSpec(
                seat,
                "choose",
                "farshore.prompt.mulligan",
                (Option("keep", "farshore.opt.keep"), Option("mulligan", "farshore.opt.mulligan")),
            )
            for seat in range(self.n)
        ]
        answers = yield from self.ask_all(specs)
        for seat in range(self.n):
            if answers[seat][0] == "mulligan":
                pl = self.players[seat]
                size = len(pl.hand)
                self.discard_cards(seat, list(pl.hand))
                pl.mulligan = True
                self.emit("mulligan", seat)
                self.draw(seat, size)

    def turn(self, seat: int) -> Flow:
        pl = self.players[seat]
        options = self.action_options(seat)
        params = {"season": SEASONS[pl.season], "workers": pl.available, "turn": self.turn_no}
        answer = yield from self.ask(
            PromptSpec(seat, "choose", "farshore.prompt.action", tuple(options), params=params)
        )
        choice = answer[0]
        if choice == "prepare":
            yield from self.prepare(seat)
        elif choice == "pass":
            pl.passed = True
            self.emit("pass", seat)
        elif choice.startswith("place:"):
            yield from self.place(seat, choice[6:])
        else:
            _, source, cid = choice.split(":", 2)
            yield from self.play_card(seat, cid, source)

    def action_options(self, seat: int) -> list[Option]:
        pl = self.players[seat]
        out: list[Option] = []
        if pl.available > 0:
            for loc in self.open_locations(seat):
                out.append(Option(f"place:{loc}", f"farshore.loc.{loc.split(':')[0]}", group="place"))
        for cid in sorted(set(pl.hand)):
            if self.can_play(seat, cid, 0):
                out.append(Option(f"play:hand:{cid}", cid, card=cid, group="hand"))
        for cid in self.bay_names():
            if self.can_play(seat, cid, 0):
                out.append(Option(f"play:bay:{cid}", cid, card=cid, group="bay"))
        if pl.available == 0 and pl.season < 3:
            out.append(Option("prepare", "farshore.opt.prepare", group="season"))
        if pl.season == 3:
            out.append(Option("pass", "farshore.opt.pass", group="season"))
        return out

    # -- Place a Worker ----------------------------------------------------------------------------
    def open_locations(self, seat: int) -> list[str]:
        pl = self.players[seat]
        locs = [s.id for s in self.content.shores if self.occupant[s.id] is None]
        locs += [i for i in self.islands if self.island_up[i] and self.occupant[i] is None]
        locs += ["dock", "lookout"]
        cap = self.content.dunes_capacity
        if (cap == 0 or len(self.dunes) < cap) and self.claimable_maps(seat):
            locs.append("dunes")
        locs += [f"card:{v.uid}" for v in pl.village if self.card(v.card).colour == "red" and not v.worker]
        return locs

    def place(self, seat: int, loc: str) -> Flow:
        pl = self.players[seat]
        pl.placed.append(loc)
        self.emit("place", seat, loc=loc)
        if loc in self.occupant:
            self.occupant[loc] = seat
            yield from self.do_steps(seat, self.content.location(loc).steps)
        elif loc == "dock":
            yield from self.dock(seat)
        elif loc == "lookout":
            yield from self.lookout(seat)
        elif loc == "dunes":
            self.dunes.append(seat)
            yield from self.claim_map(seat)
        else:
            vc = self.village_card(seat, int(loc[5:]))
            vc.worker = True
            yield from self.do_steps(seat, self.card(vc.card).effect, vc)

    def village_card(self, seat: int, uid: int) -> VillageCard:
        for v in self.players[seat].village:
            if v.uid == uid:
                return v
        raise KeyError(uid)

    def dock(self, seat: int) -> Flow:
        cards = yield from self.pick_hand(seat, 0, DOCK_MAX, "farshore.prompt.dock")
        self.discard_cards(seat, cards)
        yield from self.gain_any(seat, len(cards))

    def lookout(self, seat: int) -> Flow:
        pl = self.players[seat]
        cards = yield from self.pick_hand(seat, 0, len(pl.hand), "farshore.prompt.lookout")
        self.discard_cards(seat, cards)
        yield from self.draw_choosing(seat, HAND_LIMIT - len(pl.hand), deck=True, bay=True)
        self.refill_bay()

    def draw_choosing(self, seat: int, n: int, *, deck: bool, bay: bool, first: Option | None = None) -> Flow:
        """Draw n cards one at a time, each from the deck or a Bay stack (to the hand limit).
        `first` is an extra option on the first question only; choosing it draws nothing and
        returns its id (otherwise None is returned)."""
        pl = self.players[seat]
        for left in range(n, 0, -1):
            if len(pl.hand) >= HAND_LIMIT:
                return None
            options = []
            if deck and (self.deck or self.discard):
                options.append(Option("deck", "farshore.opt.deck"))
                if left > 1:
                    options.append(Option("deck_all", "farshore.opt.deck_all", shortcut=True))
            if bay:
                options += [Option(f"bay:{cid}", cid, card=cid, group="bay") for cid in self.bay_names()]
            if not options:
                return None
            if first is not None and left == n:
                options.append(first)  # last, so the usual answers keep their places
            answer = yield from self.ask(
                PromptSpec(seat, "choose", "farshore.prompt.draw", tuple(options), params={"left": left})
            )
            if first is not None and answer[0] == first.id:
                return first.id
            if answer[0] == "deck_all":
                self.draw(seat, left)
                return None
            if answer[0] == "deck":
                self.draw(seat, 1)
            else:
                cid = answer[0][4:]
                self.take_from_bay(cid)
                pl.hand.append(cid)
                self.emit("take_bay", seat, card=cid)
        return None

    def claimable_maps(self, seat: int) -> list[str]:
        pl = self.players[seat]
        return [
            m.id
            for m in self.content.maps
            if m.id not in pl.maps
            and self.map_stacks[m.id]
            and all(self.count(seat, counter) >= n for counter, n in m.need.items())
        ]

    def claim_map(self, seat: int) -> Flow:
        options = tuple(Option(m, f"farshore.map.{m}") for m in self.claimable_maps(seat))
        if not options:
            return
        answer = yield from self.ask(PromptSpec(seat, "choose", "farshore.prompt.map", options))
        value = self.map_stacks[answer[0]].pop(0)
        self.players[seat].maps[answer[0]] = value
        self.emit("map", seat, map=answer[0], value=value)

    # -- Play a Card -------------------------------------------------------------------------------
    def used_spaces(self, seat: int) -> int:
        return sum(1 for v in self.players[seat].village if not self.card(v.card).no_space)

    def has_room(self, seat: int, cid: str) -> bool:
        card = self.card(cid)
        if card.unique and self.players[seat].has(cid):
            return False
        return card.no_space or self.used_spaces(seat) < CITY_LIMIT

    def anchor_spots(self, seat: int, cid: str) -> list[VillageCard]:
        card = self.card(cid)
        pl = self.players[seat]
        if not card.critter or pl.anchors <= 0:
            return []
        return [
            v
            for v in pl.village
            if not v.anchor
            and self.card(v.card).kind == "construction"
            and self.card(v.card).colour == card.colour
        ]

    def can_play(self, seat: int, cid: str, fewer: int) -> bool:
        if not self.has_room(seat, cid):
            return False
        if self.anchor_spots(seat, cid):
            return True
        pl = self.players[seat]
        for cost in reduced(self.card(cid).cost, fewer):
            short = sum(max(0, c - pl.res[r]) for c, r in zip(cost, RESOURCES, strict=True))
            if short <= pl.treasure:
                return True
        return False

    def payments(self, seat: int, cid: str, fewer: int) -> list[Option]:
        """Every way to pay: resources with Treasure standing in for any unit, or an Anchor."""
        pl = self.players[seat]
        out: dict[str, Option] = {}
        for v in self.anchor_spots(seat, cid):
            out[f"anchor:{v.uid}"] = Option(f"anchor:{v.uid}", v.card, card=v.card, group="anchor")
        for cost in dict.fromkeys(reduced(self.card(cid).cost, fewer)):
            for split in _treasure_splits(cost, pl.res, pl.treasure):
                paid, tr = split
                oid = "pay:" + ".".join(map(str, paid)) + f":{tr}"
                out[oid] = Option(oid, "farshore.opt.pay", cost=sum(paid) + tr, group="pay")
        return list(out.values())

    def play_card(self, seat: int, cid: str, source: str, fewer: int = 0, free: bool = False) -> Flow:
        """The seven steps; step 1 (one card ability) arrives as `fewer` or `free`."""
        pl = self.players[seat]
        paid = "free"
        if not free:
            options = self.payments(seat, cid, fewer)
            if len(options) == 1:
                paid = options[0].id
            else:
                answer = yield from self.ask(
                    PromptSpec(seat, "choose", "farshore.prompt.pay", tuple(options), params={"card": cid})
                )
                paid = answer[0]
            if paid.startswith("anchor:"):
                host = self.village_card(seat, int(paid[7:]))
                host.anchor = True
                pl.anchors -= 1
            else:
                _, vec, tr = paid.split(":")
                for r, k in zip(RESOURCES, vec.split("."), strict=True):
                    pl.res[r] -= int(k)
                pl.treasure -= int(tr)
        if source == "bay":
            self.take_from_bay(cid)
        else:
            pl.hand.remove(cid)
        vc = VillageCard(self.next_uid, cid)
        self.next_uid += 1
        pl.village.append(vc)
        self.emit("play", seat, card=cid, source=source, paid=paid, uid=vc.uid)
        card = self.card(cid)
        yield from self.do_steps(seat, card.on_enter, vc)
        if card.colour in ("green", "bronze"):  # Production and Traveler activate when played
            yield from self.do_steps(seat, card.effect, vc)
        for other in list(pl.village):
            oc = self.card(other.card)
            if other is vc or oc.colour != "blue":
                continue
            for trig in oc.triggers:
                if (
                    trig.when == "play"
                    and trig.kind in (None, card.kind)
                    and trig.colour in (None, card.colour)
                ):
                    yield from self.do_steps(seat, trig.steps, other)
        steps = sum(1 for tile in (self.compass_a[0], self.compass_b[0]) if self.matches_tile(card, tile))
        if steps:
            yield from self.move_boat(seat, steps, compass=True)
        if source == "bay":
            self.refill_bay()

    def matches_tile(self, card: Card, tile: str) -> bool:
        match = self.matches[tile]
        if match == "unique":
            return card.unique
        if match == "common":
            return not card.unique
        key, value = match.split(":")
        return (card.colour if key == "colour" else card.kind) == value

    def move_boat(self, seat: int, n: int, *, compass: bool) -> Flow:
        pl = self.players[seat]
        last = len(self.content.track_points) - 1
        start, pl.boat = pl.boat, min(last, pl.boat + n)
        chests = sum(1 for space in range(start + 1, pl.boat + 1) if space in self.content.chests)
        pl.treasure += chests
        if pl.boat != start:
            self.emit("boat", seat, space=pl.boat, chests=chests, compass=compass)
        if compass and pl.boat != start:
            for v in list(pl.village):
                for trig in self.card(v.card).triggers:
                    if trig.when == "compass":
                        yield from self.do_steps(seat, trig.steps, v)

    # -- Prepare for Season --------------------------------------------------------------------------
    def prepare(self, seat: int) -> Flow:
        pl = self.players[seat]
        self.recall(seat)
        pl.season += 1
        pl.workers += 1
        season = SEASONS[pl.season]
        self.emit("prepare", seat, season=season)
        if season == "spring":
            yield from self.produce_all(seat)
        elif season == "summer":
            yield from self.draw_choosing(seat, 2, deck=False, bay=True)
            self.refill_bay()
        else:
            yield from self.autumn(seat)
        self.prepared[pl.season].add(seat)
        if len(self.prepared[pl.season]) == self.n:
            if season == "summer":
                yield from self.high_tide(seat)
            self.winds_of_change(seat)

    def autumn(self, seat: int) -> Flow:
        """Two cards from the deck and/or the Bay and the Green activations, in the order the
        player picks: the first draw question also offers producing first. Without a Green card
        the order changes nothing and is not offered. The Bay is refilled after all the draws."""
        has_green = any(self.card(v.card).colour == "green" for v in self.players[seat].village)
        first = Option(PRODUCE_FIRST, "farshore.opt.produce_first", group="season") if has_green else None
        chosen = yield from self.draw_choosing(seat, 2, deck=True, bay=True, first=first)
        if chosen == PRODUCE_FIRST:
            yield from self.produce_all(seat)
            yield from self.draw_choosing(seat, 2, deck=True, bay=True)
            self.refill_bay()
        else:
            self.refill_bay()
            yield from self.produce_all(seat)

    def recall(self, seat: int) -> None:
        pl = self.players[seat]
        for loc in pl.placed:
            if loc in self.occupant:
                self.occupant[loc] = None
            elif loc == "dunes":
                self.dunes.remove(seat)
            elif loc.startswith("card:"):
                for v in pl.village:
                    if v.uid == int(loc[5:]):
                        v.worker = False
        pl.placed = []

    def produce_all(self, seat: int) -> Flow:
        greens = [v for v in self.players[seat].village if self.card(v.card).colour == "green"]
        if len(greens) > 1 and len({v.card for v in greens}) > 1:
            options = tuple(Option(str(v.uid), v.card, card=v.card) for v in greens)
            answer = yield from self.ask(
                PromptSpec(
                    seat,
                    "order",
                    "farshore.prompt.production",
                    options,
                    min=len(options),
                    max=len(options),
                    ordered=True,
                )
            )
            greens = [next(v for v in greens if str(v.uid) == uid) for uid in answer]
        for v in greens:
            if v in self.players[seat].village:  # a card discarded on the way produces nothing
                yield from self.do_steps(seat, self.card(v.card).effect, v)

    def high_tide(self, seat: int) -> Flow:
        up = [i for i in self.islands if self.island_up[i]]
        k = min(2, len(up))
        if k == 0:
            return
        if k == len(up):
            chosen = up
        else:
            options = tuple(Option(i, f"farshore.isle.{i}") for i in up)
            chosen = list(
                (
                    yield from self.ask(
                        PromptSpec(seat, "choose", "farshore.prompt.high_tide", options, min=k, max=k)
                    )
                )
            )
        for i in chosen:
            self.island_up[i] = False
        self.emit("high_tide", seat, islands=sorted(chosen))

    def winds_of_change(self, seat: int) -> None:
        for pile in (self.compass_a, self.compass_b):
            pile.append(pile.pop(0))
        self.emit("winds", seat, compass=[self.compass_a[0], self.compass_b[0]])

    # -- end -----------------------------------------------------------------------------------------
    def count(self, seat: int, counter: str) -> int:
        pl = self.players[seat]
        if counter == "treasure":
            return pl.treasure
        if counter == "map":
            return len(pl.maps)
        if counter == "chest_passed":
            return sum(1 for c in self.content.chests if c <= pl.boat)
        cards = [self.card(v.card) for v in pl.village]
        if counter == "unique_construction":
            return sum(1 for c in cards if c.unique and c.kind == "construction")
        if counter == "common_critter":
            return sum(1 for c in cards if not c.unique and c.kind == "critter")
        key, value = counter.split(":")
        return sum(1 for c in cards if (c.colour if key == "colour" else c.kind) == value)

    def score(self, seat: int) -> int:
        return sum(breakdown(self, seat).values())

    def turn_marker(self) -> int:
        """The view's "turn", without building the view (see Match.turn_marker)."""
        return self.turn_no

    def view(self, seat: int | None) -> dict[str, Any]:
        from engine.games.farshore.view import build_view

        return build_view(self, seat)

    def result(self) -> Result | None:
        if not self.finished:
            return None
        scores = tuple(self.score(s) for s in range(self.n))
        keys = [tiebreak(self, s, scores[s]) for s in range(self.n)]
        ranks = rank_by(keys)
        winners = tuple(s for s, r in enumerate(ranks) if r == 1)
        details = {"breakdown": [breakdown(self, s) for s in range(self.n)]}
        return Result(scores, ranks, tuple(p.turns for p in self.players), winners, details)


def _treasure_splits(cost: Cost, have: Mapping[str, int], treasure: int) -> list[tuple[Cost, int]]:
    """Each (resources paid, Treasure paid) covering `cost` with Treasure for any units."""
    ranges = []
    for c, r in zip(cost, RESOURCES, strict=True):
        ranges.append([(c - t, t) for t in range(c + 1) if c - t <= have[r]])
    out: list[tuple[Cost, int]] = []

    def walk(i: int, paid: list[int], tr: int) -> None:
        if tr > treasure:
            return
        if i == 4:
            out.append(((paid[0], paid[1], paid[2], paid[3]), tr))
            return
        for p, t in ranges[i]:
            walk(i + 1, [*paid, p], tr + t)

    walk(0, [], 0)
    return out


def any_combos(n: int) -> list[tuple[str, ...]]:
    return list(combinations_with_replacement(RESOURCES, n))
