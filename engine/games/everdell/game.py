"""Everdell rules: setup, the turn (place a worker, play a card, prepare for season, pass), the
primitives card powers are built from, and the end of the game.

Card powers live in `powers.py`, locations in `places.py`, card playing and payment in `play.py`,
special events in `specials.py`, the solo opponent in `rugwort.py`, scoring in `scoring.py`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from engine.core.errors import InvalidSetup
from engine.core.flow import FlowGame
from engine.core.prompts import Option
from engine.core.result import Result
from engine.core.seats import SeatSpec
from engine.games.everdell import (
    legends,
    packs,
    places,
    play,
    player_powers,
    replay,
    rugwort,
    scoring,
    setaside,
)
from engine.games.everdell.asks import NONE, Prompter, Step
from engine.games.everdell.data import (
    RESOURCES,
    Card,
    Cost,
    board,
    cards,
    costs,
    events,
    full_deck,
)
from engine.games.everdell.extras import Extra
from engine.games.everdell.farms import is_farm
from engine.games.everdell.legends import Legends
from engine.games.everdell.payment import as_dict
from engine.games.everdell.state import (
    CITY_LIMIT,
    NEW_WORKERS,
    SEASONS,
    CityCard,
    EventClaim,
    Placement,
    Player,
)

MEADOW_SIZE = 8
PREPARE = "prepare"
PASS = "pass"


class EverdellGame(Prompter):
    def __init__(
        self,
        seats: Sequence[SeatSpec],
        options: dict[str, Any],
        seed: int,
        position: dict[str, Any] | None = None,
    ) -> None:
        super().__init__()
        self.card: dict[str, Card] = cards()
        self.cost: dict[str, Cost] = costs()
        self.options = options
        self.rng = random.Random(seed)
        self.seat_count = len(seats)
        automa = [i for i, s in enumerate(seats) if s.kind == "automa"]
        if len(seats) == 1:
            self.humans = [0]
            self.rug: int | None = 1
        elif automa:
            if len(seats) != 2 or len(automa) != 1:
                raise InvalidSetup("error.everdell.rugwort_solo_only")
            self.rug = automa[0]
            self.humans = [1 - automa[0]]
        else:
            self.humans = list(range(len(seats)))
            self.rug = None
        count = max(len(seats), 2)
        self.players = [Player(seat=i, rugwort=(i == self.rug)) for i in range(count)]
        self.year = int(options.get("rugwort_year", 1))
        self.deck: list[str] = []  # top card at the END
        self.discard: list[str] = []
        self.limbo: list[str] = []  # cards revealed by an effect and not yet settled
        self.meadow: list[str | None] = [None] * MEADOW_SIZE
        self.blocked: set[int] = set()  # Meadow slots under a Rugwort worker
        self.forest: list[str] = []
        self.basic_events: list[str] = [e.id for e in events().basic]
        self.special_events: list[str] = []
        self.claims: dict[str, EventClaim] = {}
        self.occ: dict[str, list[int]] = {}
        self.order: list[int] = []
        self.current = 0
        self.turn_no = 0
        self._uid = 0
        self.position = position
        self.spiders_at: str | None = None  # the Spiders power's figure (a board location)
        self.pig_pile: list[str] = []  # the Pigs power's face-up Farms (top at the END)
        self.farm_abilities: dict[str, list[dict[str, Any]]] = {}  # special Farms (`packs.py`)
        self.corrin_draws: list[tuple[int, list[str]]] = []  # Corrin the Leader's pending offers
        self.legends: Legends | None = None  # More Legends (`legends.py`)
        self.fixed: frozenset[str] = frozenset()  # cards that never leave a city nor are copied
        self.ahead: Any = None  # while replaying: the log entry answering the next prompt
        # quiet, with the base `emit` (which then keeps nothing): an event's data need not be
        # built. A subclass's `emit` may read events even while quiet.
        self.silent = False
        legends.install(self)

    # ==========================================================================================
    # Setup
    # ==========================================================================================
    def new_uid(self) -> int:
        self._uid += 1
        return self._uid

    @property
    def solo(self) -> bool:
        return self.rug is not None

    @property
    def powers_on(self) -> bool:
        return bool(self.options.get("player_powers"))

    def setup(self) -> None:
        deck = packs.deck(self, full_deck())
        self.rng.shuffle(deck)
        self.deck = deck
        b = board()
        forest_count = 3 if len(self.humans) <= 2 else 4
        self.forest = self.rng.sample([f.id for f in b.forest], forest_count)
        self.special_events = self.rng.sample([e.id for e in events().special], 4)
        self.refill()
        first = self.humans[0] if self.solo else self.rng.randrange(len(self.humans))
        k = self.humans.index(first)
        self.order = self.humans[k:] + self.humans[:k]
        if not self.powers_on:  # with powers the hands wait for the order the powers settle
            for i, p in enumerate(self.order):
                self.draw(p, 5 if self.solo else 5 + i)
        if self.solo:
            rugwort.setup(self)
        legends.deal(self)
        self.emit(
            "setup",
            forest=list(self.forest),
            events=list(self.special_events),
            order=list(self.order),
            meadow=list(self.meadow),
        )

    def load_position(self, pos: dict[str, Any]) -> None:
        """Start from a described position (scenario tests). Lists of deck cards are top first;
        cards not placed anywhere form the (shuffled) deck unless `deck` is given."""
        used: list[str] = []
        packs.install(self)
        b = board()
        self.forest = list(pos.get("forest") or [f.id for f in b.forest[:3]])
        self.special_events = list(pos.get("specials") or [])
        meadow = list(pos.get("meadow") or [])
        self.meadow = [*meadow, *([None] * (MEADOW_SIZE - len(meadow)))]
        used += [c for c in meadow if c]
        self.discard = list(pos.get("discard") or [])
        used += self.discard
        self.pig_pile = list(pos.get("pig_pile") or [])
        used += self.pig_pile
        placements: list[tuple[int, str]] = []  # placed once every city is known
        for i, data in enumerate(pos.get("players") or []):
            pl = self.players[i]
            pl.hand = list(data.get("hand") or [])
            used += pl.hand
            for entry in data.get("city") or []:
                spec: dict[str, Any] = {"card": entry} if isinstance(entry, str) else dict(entry)
                cc = CityCard(
                    self.new_uid(),
                    spec["card"],
                    bool(spec.get("occupied", False)),
                    int(spec.get("tokens", 0)),
                )
                cc.prisoners = list(spec.get("prisoners") or [])
                for r, v in (spec.get("stored") or {}).items():
                    cc.stored[r] = int(v)
                pl.city.append(cc)
                used += [cc.card, *cc.prisoners]
            for r, v in (data.get("res") or {}).items():
                pl.res[r] = int(v)
            pl.tokens = int(data.get("tokens", 0))
            pl.season = int(data.get("season", 0))
            pl.power = data.get("power")
            lost = 1 if pl.power is not None and pl.season >= 1 else 0  # no spring worker
            pl.workers = int(data.get("workers", sum(NEW_WORKERS[: pl.season + 1]) - lost))
            pl.passed = bool(data.get("passed", False))
            pl.journey = int(data.get("journey", 0))
            for ev in data.get("events") or []:
                self.claims[ev] = EventClaim(owner=i)
                pl.events.append(ev)
            placements += [(i, loc) for loc in data.get("placed") or []]
        for name in used:
            if name not in self.card:
                raise InvalidSetup("error.unknown_card", card=name)
        for i, loc in placements:
            found = self.owner_of(int(loc[5:])) if loc.startswith("card:") else None
            self.occupy(i, loc, found is not None and self.card[found[1].card].permanent_workers)
        if "deck" in pos:
            self.deck = list(reversed(pos["deck"]))
        else:
            rest = packs.deck(self, full_deck())
            for name in used:
                if name in rest:
                    rest.remove(name)
            self.rng.shuffle(rest)
            self.deck = rest
        self.order = list(pos.get("order") or self.humans)
        if self.powers_on:
            player_powers.apply_powers(self)
            self.spiders_at = pos.get("spiders_at")
        if self.solo:
            rugwort.setup(self)
            self.year = int(pos.get("rugwort_year", self.year))
            rug = pos.get("rugwort") or {}
            for name in rug.get("city") or []:
                self.players[self.rug or 0].city.append(CityCard(self.new_uid(), name))
        legends.load(self, pos)

    # ==========================================================================================
    # The game loop
    # ==========================================================================================
    def run(self) -> Step:
        if self.position is not None:
            self.load_position(self.position)
        else:
            self.setup()
            if self.powers_on:
                yield from player_powers.choose_powers(self)
        while any(not self.players[p].passed for p in self.order):
            for p in self.order:
                if not self.players[p].passed:
                    yield from self.turn(p)
        if not self.silent:  # scoring every player is only worth it for the event
            self.emit("game_end", scores=[scoring.total(self, i) for i in range(len(self.players))])

    def turn(self, p: int) -> Step:
        pl = self.players[p]
        self.current = p
        self.turn_no += 1
        params = {"season": SEASONS[pl.season], "workers": pl.available, "turn": self.turn_no}
        if self._quiet:  # replaying a log: the answer is checked on its own (replay.py)
            choice = yield from replay.choose_action(self, p, params)
        else:
            choice = yield from self.choose(
                p, "everdell.prompt.action", self.action_options(p), params=params
            )
        pl.turns += 1
        if choice.startswith("place:"):
            yield from places.place_worker(self, p, choice[6:])
        elif choice.startswith("play:"):
            yield from play.play_chosen(self, p, choice[5:])
        elif choice == PREPARE:
            yield from self.prepare(p)
        else:
            pl.passed = True
            self.emit("pass", seat=p)
        if self.corrin_draws:
            from engine.games.everdell.corrin import after_action

            yield from after_action(self)

    def action_allowed(self, p: int, choice: str, purse: play.Purse | None = None) -> bool:
        """True only when `choice` is surely one of `action_options(p)`, found without listing them
        (replays check answers with it; `purse`: p's, when the caller has one). A subclass that
        filters those options filters here too."""
        return replay.allowed(self, p, choice, purse)

    def replay_ahead(self, entry: Any) -> None:
        """The log entry a replay submits after the current one (None at the end): the action
        prompt tries that answer first when proving it has two options (`replay.py`)."""
        self.ahead = entry

    def set_quiet(self, quiet: bool) -> None:
        super().set_quiet(quiet)
        self.silent = quiet and type(self).emit is FlowGame.emit
        if not quiet:
            replay.settle(self)

    def action_options(self, p: int) -> list[Option]:
        """Every main action open to p. Keep `replay.allowed` in step with what is offered here:
        tests/engine/everdell/test_fast_replay.py compares the two."""
        pl = self.players[p]
        opts: list[Option] = []
        if pl.available > 0:
            opts += places.placement_options(self, p)
        opts += play.playable_options(self, p)
        if self.legends is not None:
            opts += legends.play_options(self, p)
        if self.pig_pile:
            opts += player_powers.pile_options(self, p)
        if pl.available == 0 and pl.season < 3:
            opts.append(Option(PREPARE, "everdell.opt.prepare", group="prepare"))
        if pl.season == 3 or not opts:
            opts.append(Option(PASS, "everdell.opt.pass", group="pass"))
        return opts

    # ------------------------------------------------------------------------------------------
    def prepare(self, p: int) -> Step:
        pl = self.players[p]
        yield from places.clock_tower(self, p)
        self.recall(p)
        pl.season += 1
        if not (pl.season == 1 and pl.power is not None):  # a power stands in for that worker
            pl.workers += NEW_WORKERS[pl.season]
        season = SEASONS[pl.season]
        self.emit("prepare", seat=p, season=season)
        if season in ("spring", "autumn"):
            yield from self.production(p)
        elif season == "summer":
            space = pl.hand_limit - pl.hand_size
            slots = self.meadow_slots()
            picked = yield from self.choose_many(
                p,
                "everdell.prompt.summer_meadow",
                [Option(f"m{s}", self.meadow[s] or "", card=self.meadow[s]) for s in slots],
                0,
                min(2, space),
            )
            yield from self.meadow_to_hand(p, [int(x[1:]) for x in picked])
        if pl.power == "pigs":
            yield from player_powers.pigs_free(self, p)
        if self.solo:
            rugwort.prepare(self, pl.season)

    def recall(self, p: int) -> None:
        """Workers come home, except the permanent ones."""
        pl = self.players[p]
        keep = []
        for w in pl.placed:
            if w.permanent:
                keep.append(w)
            else:
                self.vacate(p, w.loc)
        pl.placed = keep
        if pl.held:
            setaside.return_held(self, p)

    def production(self, p: int) -> Step:
        from engine.games.everdell.powers import produce

        pl = self.players[p]
        for cc in list(pl.city):
            # the colour first: the membership test compares city cards field by field
            if self.card[cc.card].color == "production" and cc in pl.city:
                yield from produce(self, p, cc, p)

    # ==========================================================================================
    # Primitives
    # ==========================================================================================
    def others(self, p: int) -> list[int]:
        """Every other player (Rugwort included), in turn order from p's left."""
        n = len(self.players)
        return [(p + i) % n for i in range(1, n)]

    def take_top(self) -> str | None:
        if not self.deck:
            if not self.discard:
                return None
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            self.emit("reshuffle", count=len(self.deck))
        return self.deck.pop()

    def reveal(self, count: int, to: int | None = None) -> list[str]:
        """Take cards from the deck into limbo (face up, or seen by seat `to` only); the caller
        settles them."""
        out = []
        for _ in range(count):
            name = self.take_top()
            if name is None:
                break
            out.append(name)
        self.limbo += out
        if out and to is None:
            self.emit("reveal", cards=list(out))
        elif out:
            self.emit("look", seat=to, count=len(out))
            self.emit("looked", seat=to, to=to, cards=list(out))
        return out

    def unlimbo(self, name: str) -> None:
        self.limbo.remove(name)

    def draw(self, p: int, count: int) -> list[str]:
        pl = self.players[p]
        drawn: list[str] = []
        for _ in range(min(count, pl.hand_limit - pl.hand_size)):
            name = self.take_top()
            if name is None:
                break
            drawn.append(name)
        pl.hand += drawn
        if drawn:
            self.emit("draw", seat=p, count=len(drawn))
            self.emit("drew", seat=p, to=p, cards=drawn)
            if "corrin_leader" in self.card:
                from engine.games.everdell.corrin import note_draw

                note_draw(self, p, drawn)
        return drawn

    def to_hand(self, p: int, names: Iterable[str], public: bool = True) -> None:
        """Cards from a face-up place (Meadow, a reveal) into a hand; the excess is discarded."""
        pl = self.players[p]
        kept: list[str] = []
        for name in names:
            if pl.hand_size < pl.hand_limit and not pl.passed and not pl.rugwort:
                pl.hand.append(name)
                kept.append(name)
            else:
                self.discard.append(name)
                if public:
                    self.emit("discard_card", seat=p, card=name)
                else:
                    self.emit("discard", seat=p, count=1)
        if kept:
            if public:
                self.emit("take", seat=p, cards=kept)
            else:
                self.emit("take", seat=p, count=len(kept))
                self.emit("took", seat=p, to=p, cards=kept)

    def discard_from_hand(self, p: int, names: Iterable[str]) -> None:
        pl = self.players[p]
        names = list(names)
        for name in names:
            pl.hand.remove(name)
            self.discard.append(name)
        if names:
            self.emit("discard", seat=p, count=len(names))
            self.emit("discarded", seat=p, to=p, cards=sorted(names))

    def meadow_slots(self, discard: bool = False) -> list[int]:
        """Meadow slots holding a card the players may take (not under a Rugwort worker); with
        `discard`, the ones a card effect may discard (the same here; expansions may differ)."""
        return [s for s, c in enumerate(self.meadow) if c is not None and s not in self.blocked]

    def meadow_take(self, slots: Iterable[int], discard: bool = False) -> list[str]:
        """Empty `slots` and return their cards; `discard` when they go to the discard pile rather
        than being drawn or played (expansions react to takes only)."""
        out = []
        for s in slots:
            name = self.meadow[s]
            assert name is not None
            out.append(name)
            self.meadow[s] = None
        return out

    def meadow_to_hand(self, p: int, slots: list[int]) -> Step:
        slots = yield from self.before_meadow_take(p, slots)
        if slots:
            self.to_hand(p, self.meadow_take(slots))
            self.refill()

    def refill(self) -> None:
        for s in range(MEADOW_SIZE):
            if self.meadow[s] is None:
                name = self.take_top()
                if name is None:
                    return
                self.meadow[s] = name
                self.emit("meadow", slot=s, card=name)

    def gain(self, p: int, vec: Cost | dict[str, int], why: str = "") -> None:
        pl = self.players[p]
        d = vec if isinstance(vec, dict) else as_dict(vec)
        if not any(d.values()):
            return
        for r, v in d.items():
            pl.res[r] += v
        if not self.silent:
            self.emit("gain", seat=p, res=dict(d), why=why)

    def spend(self, p: int, vec: Cost | dict[str, int]) -> None:
        pl = self.players[p]
        d = vec if isinstance(vec, dict) else as_dict(vec)
        for r, v in d.items():
            if pl.res[r] < v:
                raise RuntimeError(f"seat {p} cannot pay {d}")
            pl.res[r] -= v

    def points(self, p: int, count: int, why: str = "") -> None:
        if count:
            self.players[p].tokens += count
            self.emit("points", seat=p, count=count, why=why)

    def recipients(self, p: int, cards: bool = False) -> list[int]:
        """Opponents who may still receive gifts (Rugwort always may, in solo)."""
        out = []
        for q in self.others(p):
            pl = self.players[q]
            if pl.rugwort or not pl.passed and (not cards or pl.hand_size < pl.hand_limit):
                out.append(q)
        return out

    def pick_recipient(self, p: int, key: str, cards: bool = False) -> Step:
        who = self.recipients(p, cards)
        if not who:
            return None
        opts = [Option(f"seat:{q}", "everdell.opt.seat", group="seat") for q in who]
        picked = yield from self.choose(p, key, opts, {"seats": who})
        return int(picked[5:])

    def give_cards(self, p: int, names: list[str], key: str = "everdell.prompt.give_cards") -> Step:
        """Cards already out of p's hand go to an opponent; Rugwort's and the excess are discarded."""
        if not names:
            return None
        self.limbo += names  # held aside while the recipient is chosen
        q = yield from self.pick_recipient(p, key, cards=True)
        for name in names:
            self.unlimbo(name)
        if q is None or self.players[q].rugwort:
            self.discard += names
            self.emit("give_cards", seat=p, target=q, count=len(names), discarded=True)
            return q
        pl = self.players[q]
        room = pl.hand_limit - pl.hand_size
        pl.hand += names[:room]
        self.discard += names[room:]
        self.emit("give_cards", seat=p, target=q, count=len(names))
        self.emit("gave", seat=p, to=p, target=q, cards=list(names))
        self.emit("received", seat=q, to=q, source=p, cards=list(names[:room]))
        return q

    def give_resources(self, p: int, vec: Cost, key: str = "everdell.prompt.give_resources") -> Step:
        if not any(vec):
            return None
        self.spend(p, vec)
        q = yield from self.pick_recipient(p, key)
        if q is not None:
            for r, v in as_dict(vec).items():
                self.players[q].res[r] += v
        self.emit("give_resources", seat=p, target=q, res=as_dict(vec))
        return q

    # -- where an extra opponent's rules join the base ones (no effect in the base game) --------
    def before_place(self, p: int, loc: str) -> Step:
        """A worker is about to go on `loc` (a cost some opponents' rules charge is paid here)."""
        return
        yield  # pragma: no cover

    def can_activate(self, cc: CityCard) -> bool:
        """Whether a production card may produce now."""
        return True

    def visit_points(self, owner: int, p: int, cc: CityCard) -> int:
        """What p's visit to an Open Destination scores its owner."""
        return 1

    def play_extra(self, p: int, name: str, origin: str | None) -> Extra | None:
        """What p owes beyond the card's own price to play `name` from `origin` (`extras.py`)."""
        return None

    def pay_extra(self, p: int, name: str, origin: str, extra: Extra, method: str, price: Cost) -> Step:
        """Collect `extra` before the card leaves its place (`price`, the card's own, is committed)."""
        raise NotImplementedError("a game that charges an extra collects it")
        yield  # pragma: no cover

    def before_meadow_take(self, p: int, slots: list[int], play_mode: str | None = None) -> Step:
        """p is about to draw or play the Meadow cards in `slots` (with `play_mode`, the first one
        is then played that way: the Forest's two-card spot); returns the slots p may take."""
        return slots
        yield  # pragma: no cover

    def before_activate(self, p: int, cc: CityCard) -> Step:
        """p's Governance card is about to act for p; False when p declines a price put on that."""
        return True
        yield  # pragma: no cover

    # -- workers -------------------------------------------------------------------------------
    def occupy(self, p: int, loc: str, permanent: bool = False) -> None:
        self.players[p].placed.append(Placement(loc, permanent))
        self.occ.setdefault(loc, []).append(p)

    def vacate(self, p: int, loc: str) -> None:
        seats = self.occ.get(loc)
        if seats and p in seats:
            seats.remove(p)

    def take_back(self, p: int, placement: Placement) -> None:
        self.players[p].placed.remove(placement)
        self.vacate(p, placement.loc)

    # -- the city ------------------------------------------------------------------------------
    def owner_of(self, uid: int) -> tuple[int, CityCard] | None:
        for pl in self.players:
            cc = pl.find(uid)
            if cc is not None:
                return pl.seat, cc
        return None

    def used_spaces(self, pl: Player) -> int:
        # One pass (this runs for most cards checked for play): face-down cards keep their space,
        # and a Husband and a Wife share one space.
        card = self.card
        spaces = husbands = wives = 0
        pigs = pl.power == "pigs"
        for group in (pl.city, pl.city_down) if pl.city_down else (pl.city,):
            for c in group:
                name = c.card
                if pigs and is_farm(name):
                    continue
                spaces += card[name].space
                if name == "husband":
                    husbands += 1
                elif name == "wife":
                    wives += 1
        if self.legends is not None:  # a Farmer beside Matriarca Fruturo shares her space
            spaces -= legends.shared_spaces(self, pl)
        return spaces - min(husbands, wives)

    def fits(self, pl: Player, name: str, full: bool | None = None) -> bool:
        """Whether `name` has room in pl's city (the Unique rule is checked separately). `full`
        may carry `used_spaces(pl) >= CITY_LIMIT` when the caller already knows it."""
        if pl.rugwort or is_farm(name) and pl.power == "pigs":  # the Pigs' Farms take no space
            return True
        card = self.card[name]
        if card.space == 0:
            return True
        if self.legends is not None and legends.fits_beside(self, pl, name):
            return True
        if name == "ruins":  # into a full city only over a construction that frees a space
            roomy = full is False or full is None and self.used_spaces(pl) < CITY_LIMIT
            return any(
                self.card[c.card].construction and (roomy or self.spends_space(pl, c.card)) for c in pl.city
            )
        if card.pairs_with is not None and pl.count_all(name) < pl.count_all(card.pairs_with):
            return True
        if full is not None:
            return not full
        return self.used_spaces(pl) < CITY_LIMIT

    def spends_space(self, pl: Player, name: str) -> bool:
        """Whether this card takes a space in pl's city (not the Pigs' Farms, Corrin's Trail...)."""
        return bool(self.card[name].space) and not (pl.power == "pigs" and is_farm(name))

    def remove_from_city(
        self, owner: int, cc: CityCard, to_discard: bool = True, heir: str | None = None
    ) -> None:
        """A card leaves a city. Workers on it come home; permanent ones move to `heir` if given."""
        pl = self.players[owner]
        pl.city.remove(cc)
        if to_discard:
            self.discard.append(cc.card)
        self.discard += cc.prisoners
        cc.prisoners = []
        key = f"card:{cc.uid}"
        for seat in list(self.occ.get(key, [])):
            for w in list(self.players[seat].placed):
                if w.loc != key:
                    continue
                if w.permanent and heir is not None:
                    w.loc = heir
                    self.occ.setdefault(heir, []).append(seat)
                else:
                    self.players[seat].placed.remove(w)
        self.occ.pop(key, None)
        self.emit("city_remove", seat=owner, card=cc.card, uid=cc.uid)

    def city_options(self, cards_: Iterable[CityCard], group: str = "city") -> list[Option]:
        return [Option(f"c{cc.uid}", cc.card, card=cc.card, group=group) for cc in cards_]

    def pick_city_card(self, p: int, key: str, pool: list[CityCard], optional: bool = False) -> Step:
        pool = [cc for cc in pool if cc.card not in self.fixed]  # Legendaries never leave a city
        if not pool:
            return None
        opts = self.city_options(pool)
        if optional:
            opts.append(Option(NONE, "everdell.opt.none", group="end"))
        picked = yield from self.choose(p, key, opts)
        if picked == NONE:
            return None
        uid = int(picked[1:])
        return next(cc for cc in pool if cc.uid == uid)

    def color_count(self, pl: Player, color: str) -> int:
        return sum(1 for c in pl.city if self.card[c.card].color == color)

    # ==========================================================================================
    # Views and results
    # ==========================================================================================
    def all_cards(self) -> list[str]:
        """Every card in the match, wherever it is (for conservation checks)."""
        out = list(self.deck) + list(self.discard) + list(self.limbo) + list(self.pig_pile)
        out += [c for c in self.meadow if c is not None]
        for pl in self.players:
            out += pl.hand + pl.hand_down
            for cc in pl.city + pl.city_down:
                out.append(cc.card)
                out += cc.prisoners
        for claim in self.claims.values():
            out += claim.beneath
        return out

    def seat_total(self, p: int) -> int:
        """The score shown for p while the game runs (an extra opponent scores by its own card)."""
        return scoring.total(self, p)

    def turn_marker(self) -> int:
        """The view's "turn", without building the view (see Match.turn_marker)."""
        return self.turn_no

    def view(self, seat: int | None) -> dict[str, Any]:
        from engine.games.everdell.view import build_view

        return build_view(self, seat)

    def result(self) -> Result | None:
        if not self.finished:
            return None
        return scoring.result(self)


def resources_of(pl: Player) -> dict[str, int]:
    return {r: pl.res[r] for r in RESOURCES}
