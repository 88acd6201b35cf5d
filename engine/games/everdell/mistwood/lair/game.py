"""Everdell against Nightweave: the base game with her as an engine-run extra player.

Setup differs as the Lair rules say (board for one more player, 5-card hands, no Everdell Games,
her face-down hand of 1 or 2 cards, the winter Activity deck); she takes the first turn and then
alternates with the humans. Her turns run the rule functions of `nightweave/` on a `GameTable`
and the match RNG; every step she takes becomes a public `nw_<kind>` event.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.core.errors import InvalidSetup
from engine.core.prompts import Option
from engine.core.result import Result, rank_by
from engine.core.seats import SeatSpec
from engine.games.everdell import legends, packs, player_powers, scoring
from engine.games.everdell.asks import Step, card_of
from engine.games.everdell.data import Cost, board, events, full_deck
from engine.games.everdell.extras import Extra
from engine.games.everdell.game import MEADOW_SIZE, EverdellGame
from engine.games.everdell.mistwood.lair import options as lair_options
from engine.games.everdell.mistwood.lair import playcost
from engine.games.everdell.mistwood.lair.modules import LairHooks
from engine.games.everdell.mistwood.lair.table import GameTable, MatchRng
from engine.games.everdell.mistwood.nightweave import actions, turn
from engine.games.everdell.mistwood.nightweave.scoring import score as her_breakdown
from engine.games.everdell.mistwood.nightweave.state import NightweaveState
from engine.games.everdell.mistwood.nightweave.table import Choice, Flow
from engine.games.everdell.play import Purse
from engine.games.everdell.state import NEW_WORKERS, CityCard, Player, empty_res

EVERDELL_GAMES = "the_everdell_games"  # removed from Nightweave games
HAND_SIZE = player_powers.LAIR_HAND  # one number for her setup and the powers' deal


class NightweaveGame(EverdellGame):
    def __init__(
        self,
        seats: Sequence[SeatSpec],
        options: dict[str, Any],
        seed: int,
        position: dict[str, Any] | None = None,
    ) -> None:
        automa = [i for i, s in enumerate(seats) if s.kind == "automa"]
        if len(automa) > 1 or (automa and automa[0] != len(seats) - 1):
            raise InvalidSetup("error.nightweave.seats")
        humans = [s for s in seats if s.kind != "automa"]
        if len(humans) not in (1, 2):
            raise InvalidSetup("error.nightweave.humans", count=len(humans))
        # The base constructor builds the humans' players; her player is fixed up below.
        super().__init__(humans, {}, seed, position)
        self.options = options
        self.seat_count = len(seats)
        self.rug = None
        self.humans = list(range(len(humans)))
        self.nw = len(humans)
        self.players = [Player(seat=i) for i in range(len(humans) + 1)]
        self.level = int(options["nightweave_level"])
        self.activity = lair_options.activity_deck(options)
        self.level_row = lair_options.scoring_table(options).level(self.level)
        self.modules: list[str] = list(options.get("modules") or [])
        self.table = GameTable(self)
        self.dice = MatchRng(self.rng)
        self.lair = NightweaveState(difficulty=self.level, icon_points=self.level_row.icon_points)
        self.hooks = LairHooks(self)
        legends.install(self)  # the base constructor saw no options
        self.watch: list[tuple[str, int | None, dict[str, Any]]] = []  # public events of a human turn
        self._published = 0

    # ==========================================================================================
    # Setup
    # ==========================================================================================
    def setup(self) -> None:
        deck = packs.deck(self, full_deck())
        self.rng.shuffle(deck)
        self.deck = deck
        forest_count = 3 if len(self.humans) == 1 else 4  # the board for one more player
        self.forest = self.rng.sample([f.id for f in board().forest], forest_count)
        specials = [e.id for e in events().special if e.id != EVERDELL_GAMES]
        self.special_events = self.rng.sample(specials, 4)
        self.refill()
        self.order = [self.nw, *self.humans]  # she is the starting player
        if not self.powers_on:  # with powers the hands wait for the order the powers settle
            for p in self.humans:
                self.draw(p, HAND_SIZE)
        hand = [c for c in (self.take_top() for _ in self.humans) if c is not None]
        self._setup_lair(hand, None)
        legends.deal(self)
        self.emit(
            "setup",
            forest=list(self.forest),
            events=list(self.special_events),
            order=list(self.order),
            meadow=list(self.meadow),
            nightweave={"level": self.level, "hand": len(hand), "modules": list(self.modules)},
        )

    def _setup_lair(self, hand: list[str], given: dict[str, Any] | None) -> None:
        st = turn.setup(self.activity, self.level, self.level_row.icon_points, hand, self.dice)
        st.city = self.players[self.nw].city  # one city, seen by her rules and the base rules alike
        st.new_card = self._her_card
        st.no_space = self.fixed  # Legendaries take no space in her city
        if given:
            for name in given.get("city") or []:
                st.add_city(name, as_given=True)
            for key in ("season", "workers", "tokens", "meadow_slot"):
                if key in given:
                    setattr(st, key, given[key])
            if "activity" in given:
                st.deck = list(given["activity"])
            if "piles" in given:
                st.piles = {k: list(v) for k, v in given["piles"].items()}
        self.lair = st
        self.hooks.setup()

    def _her_card(self, name: str) -> CityCard:
        return CityCard(self.new_uid(), name)

    def load_position(self, pos: dict[str, Any]) -> None:
        """Scenario positions: the base position plus `nightweave: {hand, city, season, workers,
        tokens, meadow_slot, activity (top first), piles}`."""
        super().load_position(pos)
        given = dict(pos.get("nightweave") or {})
        self.order = [self.nw, *self.humans]
        if self.powers_on:
            player_powers.apply_powers(self)
            back = bool(self.options.get("powers_spring_worker"))  # the balancing rule
            for pl, data in zip(self.players, pos.get("players") or [], strict=False):
                if back and "workers" not in data and pl.power is not None and pl.season >= 1:
                    pl.workers += NEW_WORKERS[1]
        hand = list(given.get("hand") or [])
        for name in hand:
            self.deck.remove(name) if name in self.deck else None
        self._setup_lair(hand, given)
        if self.lair.meadow_slot is not None:
            self.meadow[self.lair.meadow_slot] = None

    # ==========================================================================================
    # Turns
    # ==========================================================================================
    def over(self) -> bool:
        return self.lair.finished and all(self.players[p].passed for p in self.humans)

    def run(self) -> Step:
        if self.position is not None:
            self.load_position(self.position)
        else:
            self.setup()
            if self.powers_on:
                yield from player_powers.choose_powers(self)
        while not self.over():
            for p in self.order:
                if self.over():
                    break
                if p == self.nw:
                    if not self.lair.finished:
                        yield from self.her_turn()
                elif not self.players[p].passed:
                    yield from self.human_turn(p)
        self.emit("game_end", scores=[self.total_of(i) for i in range(len(self.players))])

    def her_turn(self) -> Step:
        self.current = self.nw
        self.turn_no += 1
        self.players[self.nw].turns += 1
        self.hooks.start_turn()
        flow = turn.take_turn(
            self.lair, self.table, self.dice, self.activity, self.hooks.spider_webs(), self.hooks
        )
        yield from self.drive(flow)
        yield from self.hooks.settle()
        self.publish()

    def human_turn(self, p: int) -> Step:
        self.watch = []
        yield from self.turn(p)
        self.settle_gifts()
        watched, self.watch = self.watch, []
        yield from self.hooks.after_human(p, watched)
        self.settle_gifts()
        self.publish()

    def prepare(self, p: int) -> Step:
        yield from super().prepare(p)
        if player_powers.spring_worker_back(self, p):
            self.players[p].workers += NEW_WORKERS[1]

    def emit(self, kind: str, seat: int | None = None, to: int | None = None, **data: Any) -> None:
        super().emit(kind, seat, to, **data)
        if to is None and seat is not None and seat != getattr(self, "nw", None):
            self.watch.append((kind, seat, data))

    def drive(self, flow: Flow[None]) -> Step:
        """Run one of her rule flows; a "your choice" request becomes a prompt for that human."""
        try:
            request = next(flow)
            while True:
                self.publish()  # the table sees what she did before anyone has to decide
                answer = yield from self.ask_choice(request)
                request = flow.send(answer)
        except StopIteration:
            pass
        self.publish()

    def ask_choice(self, request: Choice) -> Step:
        opts = []
        for oid in request.options:
            card = self._card_named(oid)
            opts.append(Option(oid, card or f"nightweave.opt.{oid}", card=card))
        picked = yield from self.choose(request.seat, request.key, opts, params={"by": self.nw})
        return picked

    def _card_named(self, oid: str) -> str | None:
        if oid.isdigit():
            found = self.owner_of(int(oid))
            return found[1].card if found else None
        name = card_of(oid)
        return name if name in self.card else None

    def publish(self) -> None:
        """Her new log entries as public events (counts only for hidden cards)."""
        log = self.lair.log
        for entry in log[self._published :]:
            data = {k: v for k, v in entry.items() if k != "kind"}
            self.emit("nw_" + entry["kind"], seat=self.nw, **data)
        self._published = len(log)

    def ctx(self) -> actions.Ctx:
        return actions.Ctx(self.lair, self.table, self.dice, hooks=self.hooks)

    def settle_gifts(self) -> None:
        """Cards, resources and points the base rules handed to her seat join her lair."""
        pl = self.players[self.nw]
        ctx = self.ctx()
        if pl.hand:
            given, pl.hand = pl.hand, []
            actions.give_cards(ctx, given)
        total = sum(pl.res.values())
        if total:
            pl.res = empty_res()
            self.discard_resources_note(total)
            actions.give_resources(ctx, total)
        if pl.tokens:
            actions.give_points(ctx, pl.tokens)
            pl.tokens = 0

    def discard_resources_note(self, total: int) -> None:
        self.lair.note("given_resources", count=total)

    # ==========================================================================================
    # Base rules that change with her at the table
    # ==========================================================================================
    def refill(self) -> None:
        slot = self.lair.meadow_slot if hasattr(self, "lair") else None
        if hasattr(self, "hooks"):
            playcost.place_refills(self.hooks)  # the Denier's cards go back first
        for s in range(MEADOW_SIZE):
            if self.meadow[s] is None and s != slot:
                name = playcost.meadow_card(self.hooks) if hasattr(self, "hooks") else self.take_top()
                if name is None:
                    return
                self.meadow[s] = name
                self.emit("meadow", slot=s, card=name)

    # Personalities govern drawing and playing Meadow cards only: "they do not apply when Meadow
    # cards are discarded" (rulebook), so a discard is neither filtered nor reported to them.
    def meadow_slots(self, discard: bool = False) -> list[int]:
        slots = super().meadow_slots(discard)
        return self.hooks.meadow_allowed(slots) if hasattr(self, "hooks") and not discard else slots

    def meadow_take(self, slots: Any, discard: bool = False) -> list[str]:
        slots = list(slots)
        taken = super().meadow_take(slots, discard)
        if self.current != self.nw and not discard:
            self.hooks.meadow_taken(self.current, slots, taken)
        return taken

    def action_options(self, p: int) -> list[Option]:
        """The base options, less the locations her module cards close or price out of reach."""
        opts = super().action_options(p)
        if not self.hooks.charges_places():
            return opts
        return [o for o in opts if not o.id.startswith("place:") or self.hooks.place_allowed(p, o.id[6:])]

    def action_allowed(self, p: int, choice: str, purse: Purse | None = None) -> bool:
        """The base check, less the same locations (replays check answers with this)."""
        if not super().action_allowed(p, choice, purse):
            return False
        return (
            not choice.startswith("place:")
            or not self.hooks.charges_places()
            or self.hooks.place_allowed(p, choice[6:])
        )

    def before_place(self, p: int, loc: str) -> Step:
        if p != self.nw:
            yield from self.hooks.before_place(p, loc)

    def can_activate(self, cc: CityCard) -> bool:
        return self.hooks.may_activate(cc)

    # -- what her module cards add to playing and drawing cards (lair/playcost.py) --------------
    def play_extra(self, p: int, name: str, origin: str | None) -> Extra | None:
        return playcost.play_extra(self.hooks, p, name, origin)

    def pay_extra(self, p: int, name: str, origin: str, extra: Extra, method: str, price: Cost) -> Step:
        yield from playcost.pay_extra(self.hooks, p, name, origin, extra, method, price)

    def before_meadow_take(self, p: int, slots: list[int], play_mode: str | None = None) -> Step:
        return (yield from playcost.before_meadow_take(self.hooks, p, slots, play_mode))

    def before_activate(self, p: int, cc: CityCard) -> Step:
        return (yield from playcost.before_activate(self.hooks, p, cc))

    def visit_points(self, owner: int, p: int, cc: CityCard) -> int:
        return self.hooks.visit_points(owner, 1)

    def draw(self, p: int, count: int) -> list[str]:
        if self.hooks.plot == playcost.POLITICAL and p != self.nw:
            return playcost.filtered_draw(self.hooks, p, count)
        return super().draw(p, count)

    def to_hand(self, p: int, names: Iterable[str], public: bool = True) -> None:
        if self.hooks.plot == playcost.POLITICAL and p != self.nw:
            names, gone = playcost.filtered_to_hand(self.hooks, p, names)
            super().to_hand(p, names, public)
            self.draw(p, len(gone))  # each refused card is replaced from the deck
            return
        super().to_hand(p, names, public)

    def fits(self, pl: Player, name: str, full: bool | None = None) -> bool:
        """Her village holds 15 cards, whatever they are (she ignores card text)."""
        if pl.seat == self.nw:
            return not self.lair.city_full()
        return super().fits(pl, name, full)

    def recipients(self, p: int, cards: bool = False) -> list[int]:
        """She takes gifts until her game ends; the humans as in the base game."""
        out = []
        for q in self.others(p):
            pl = self.players[q]
            if q == self.nw:
                if not self.lair.finished:
                    out.append(q)
            elif not pl.passed and (not cards or pl.hand_size < pl.hand_limit):
                out.append(q)
        return out

    def all_cards(self) -> list[str]:
        return super().all_cards() + list(self.lair.hand) + list(self.lair.lair)

    # ==========================================================================================
    # Scores, view, result
    # ==========================================================================================
    def her_score(self) -> dict[str, int]:
        t = self.table
        return her_breakdown(
            self.lair, self.level_row, t.card_points, t.card_color, t.event_points, self.fixed.__contains__
        )

    def total_of(self, p: int) -> int:
        return self.her_score()["total"] if p == self.nw else scoring.total(self, p)

    def seat_total(self, p: int) -> int:
        return -1 if p == self.nw else scoring.total(self, p)  # hers is filled in by `view`

    def view(self, seat: int | None) -> dict[str, Any]:
        view = super().view(seat)
        st = self.lair
        score = self.her_score()
        her = view["players"][self.nw]
        her.update(
            nightweave=True,
            hand_count=len(st.hand),
            tokens=st.tokens,
            workers=st.workers,
            available=max(0, st.available),
            season=st.season_name,
            passed=st.finished,
            events=list(st.events) + list(st.pending_events),
            journey=st.journey,
            score=score["total"],
        )
        current = self.activity.by_id().get(st.current or "")
        view["solo"] = len(self.humans) == 1
        view["opponent"] = "nightweave"
        view["nightweave"] = {
            "seat": self.nw,
            "level": self.level,
            "season": st.season_name,
            "meadow_slot": st.meadow_slot,
            "hand_count": len(st.hand),
            "workers": st.workers,
            "available": max(0, st.available),
            "placed": list(st.placed),
            "tokens": st.tokens,
            "lair_count": len(st.lair),
            "achievements": list(st.events),
            "pending_events": list(st.pending_events),
            "journey": st.journey,
            "current_card": st.current,
            "decider": current.decider if current else None,
            "activity_count": len(st.deck),
            "played": list(st.played),
            "finished": st.finished,
            "score": score,
            **self.hooks.public(),
        }
        return view

    def result(self) -> Result | None:
        if not self.finished:
            return None
        n = len(self.players)
        parts = [self.her_score() if p == self.nw else scoring.breakdown(self, p) for p in range(n)]
        scores = [b["total"] for b in parts]
        # Ties with her always go to her; between humans the base tie-breaks apply.
        keys = [
            (
                scores[p],
                1 if p == self.nw else 0,
                len(self.lair.events) if p == self.nw else len(self.players[p].events),
                0 if p == self.nw else self.players[p].resource_total(),
            )
            for p in range(n)
        ]
        ranks_all = list(rank_by(keys))
        seats = range(self.seat_count)
        ranks = tuple(ranks_all[s] for s in seats)
        her = scores[self.nw]
        she_won = all(scores[p] <= her for p in self.humans)
        details: dict[str, Any] = {
            "breakdown": parts,
            "tie_break": ["nightweave_wins_ties", "events", "leftover_resources"],
            "forest": list(self.forest),
            "special_events": list(self.special_events),
            "nightweave": {
                "level": self.level,
                "score": her,
                "breakdown": parts[self.nw],
                "beaten_by": [p for p in self.humans if scores[p] > her],
                "won": she_won,
                "modules": list(self.modules),
            },
        }
        if self.seat_count == len(self.humans) == 1:
            # Without a seat of her own she is a solo opponent for the records (like Rugwort);
            # "won" there says whether the person beat her.
            details["solo"] = {"opponent": "nightweave", "level": self.level, "score": her, "won": not she_won}
        return Result(
            scores=tuple(scores[s] for s in seats),
            ranks=ranks,
            turns=tuple(self.players[s].turns for s in seats),
            winners=tuple(s for s in seats if ranks[s] == 1),
            details=details,
        )
