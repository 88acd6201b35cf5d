"""Architects of the West Kingdom, Works of Wonder solo: one person against an engine-run AI.

The person is match seat 0; the AI is seat 1 of `self.players` (a 2-player table, as the solo
setup asks). The AI never gets a prompt: its turn runs the rulebook's procedure (§5) on the
match RNG and every decision is a public `ai_*` event (the Plot card, where it places, what it
takes). A question the shared rules put to every player (a Princess reward with two options, a
Virtue loss Influence could spare) is answered for the AI by our rulings (AI_RULINGS.md). The AI
reads only public state: never the person's hand or the order of any deck.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.errors import InvalidSetup
from engine.core.flow import Flow
from engine.core.prompts import Option, Prompt
from engine.core.result import Result
from engine.core.seats import SeatSpec
from engine.games.architects import actions, guildhall, market, wonders
from engine.games.architects.ai.data import AiData, Condition, Effect, Opponent, from_text
from engine.games.architects.ai.plot import Decision, contribution_resource, resolve, track_order
from engine.games.architects.asks import opt
from engine.games.architects.data import GOODS, board
from engine.games.architects.game import VIRTUE_MAX, ArchitectsGame
from engine.games.architects.state import DISPLAY_ROWS, ORDINARY

HUMAN, AI = 0, 1
WONDER_PRICE = 10  # Influence + Marble (rulebook §5.10)
ARISTOCRAT_DISCOUNT = 2
DEAL, KEEP = 5, 3  # solo setup: deal yourself 5 Buildings, keep 3
FIRST_SILVER = 3  # side A: the first player's Silver
STEPS_PER_MISSING = 2  # a Debt it lacks, an Apprentice: 2 Silver
DEBT_TAX = 3  # flipping a Debt: 3 Tax from the supply (the §5.12 example) and 1 Virtue
# The AI's answers to the questions the shared rules ask every player (our rulings).
AI_ANSWERS = {
    "architects.prompt.influence_for_virtue": "spare:0",  # the AI never substitutes
}
# What the AI can take (the rest, Clay, Wood, Stone and Building cards, it never collects).
TAKES = frozenset({"silver", "gold", "marble", "virtue", "influence", "reward"})


class SoloGame(ArchitectsGame):
    def __init__(
        self,
        seats: Sequence[SeatSpec],
        options: dict[str, Any],
        seed: int,
    ) -> None:
        """Solo games start from their setup only (described positions are for 2-5 players)."""
        if len(seats) != 1 or seats[0].kind == "automa":
            raise InvalidSetup("error.player_count", min=1, max=1, count=len(seats))
        self.ai_data: AiData = from_text(options.get("ai_data"))
        self.opponent: Opponent = self.ai_data.opponent(str(options["opponent"]))
        super().__init__([*seats, SeatSpec("automa", self.opponent.name)], options, seed)
        self.plot_deck: list[str] = []  # face down, top at the END
        self.plot_discard: list[str] = []  # face up
        self.future: list[str] = []  # face down, top at the END
        self.track = 0  # the Resource marker's space (0 = leftmost)

    # ==========================================================================================
    # Setup
    # ==========================================================================================
    def setup(self) -> None:
        """A 2-player table (rulebook §5.1): the person's board as the option says, the AI's
        board with its start Virtue and Influence and nothing else; the person always starts."""
        b = board()
        self.deal_decks_and_display()  # this game's card values (a server's, else ours)
        pile = [card.id for card in b.black_market.cards]
        self.rng.shuffle(pile)
        self.small = pile
        self.tax = int(self.options["tax_stand_start"])
        wonders.setup(self)  # every Reward card, the Wonders, the first Consequence
        self.order, self.current = [HUMAN, AI], HUMAN
        if self.options["architect_side"] == "B":
            n, self.n = self.n, 1  # the person's board alone is dealt
            try:
                self.deal_wow_boards()
            finally:
                self.n = n
            self.order = [HUMAN, AI]
        else:
            self.players[HUMAN].silver = FIRST_SILVER
        ai = self.players[AI]
        ai.virtue, ai.influence = self.opponent.virtue, self.opponent.influence
        initial = sorted(p.id for p in self.ai_data.plots if p.deck == "initial")
        future = sorted(p.id for p in self.ai_data.plots if p.deck == "future")
        self.rng.shuffle(initial)
        self.rng.shuffle(future)
        self.plot_deck, self.future = initial, future
        self.emit("setup", order=list(self.order), architects=[p.architect for p in self.players])
        self.emit("ai_setup", AI, ai=self.opponent.id, virtue=ai.virtue, influence=ai.influence)

    def opening(self) -> Flow:
        """The person's free Apprentice (the AI takes none), then 5 Buildings dealt, 3 kept."""
        opts = self.display_options(HUMAN, "")
        pick = yield from self.choose(HUMAN, "architects.prompt.first_apprentice", opts)
        row, col = (int(x) for x in pick.split("."))
        card = self.display[row][col]
        assert card is not None
        self.players[HUMAN].apprentices.append(card)
        self.display[row][col] = None
        self.emit("hire", HUMAN, card=card, why="setup", coins=0, row=row, col=col)
        yield from self.change_virtue(HUMAN, self.apprentice(card).virtue, "hire")
        if self.ability(HUMAN) == "apprentice_marble":
            yield from self.gain(HUMAN, {"marble": 1}, "isabelle")
        self.close_display_gaps()
        dealt = sorted(self.deck.pop() for _ in range(min(DEAL, len(self.deck))))
        self.emit("draft_packet", HUMAN, to=HUMAN, cards=list(dealt))
        keep = min(KEEP, len(dealt))
        opts2 = tuple(opt_card(i, c) for i, c in enumerate(dealt))
        answers = yield Prompt(
            0,
            HUMAN,
            "choose",
            "architects.prompt.solo_keep",
            opts2,
            min=keep,
            max=keep,
            params={"count": keep},
        )
        kept = [dealt[int(a.split(":")[1])] for a in answers[HUMAN]]
        self.add_to_hand(HUMAN, kept, "setup")
        for c in dealt:
            if c not in kept:
                self.deck.insert(0, c)
        if self.extra_cards(HUMAN):
            self.draw(HUMAN, self.extra_cards(HUMAN), "architect")

    def finish(self) -> Flow:
        """Scored like any player (rulebook §5.15); the match result holds the person's seat,
        the AI's score and whether it won go in the details."""
        yield from super().finish()
        full = self._result
        assert full is not None
        ranks = full.ranks
        won = ranks[HUMAN] == 1 and ranks[AI] != 1
        details = dict(full.details)
        details["automa"] = {
            "ai": self.opponent.id,
            "score": full.scores[AI],
            "won": ranks[AI] == 1 and ranks[HUMAN] != 1,
        }
        details["solo"] = {"opponent": self.opponent.id, "score": full.scores[AI], "won": won}
        self._result = Result(
            scores=(full.scores[HUMAN],),
            ranks=(ranks[HUMAN],),
            turns=(self.players[HUMAN].turns,),
            winners=(HUMAN,) if ranks[HUMAN] == 1 else (),
            details=details,
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everyone sees the AI's board: its Resource marker, its discarded Plot cards and how
        many cards each Plot deck holds (never their order)."""
        out = super().view(seat)
        out["ai"] = {
            "seat": AI,
            "opponent": self.opponent.id,
            "track": self.track,
            "track_resource": self.space_resource(),
            "plot_deck": len(self.plot_deck),
            "plot_discard": list(self.plot_discard),
            "future_deck": len(self.future),
        }
        return out

    # ==========================================================================================
    # The shared rules, for the AI seat
    # ==========================================================================================
    def choose(
        self,
        seat: int,
        key: str,
        options: Sequence[Option],
        default: str | None = None,
        params: dict[str, Any] | None = None,
    ) -> Flow:
        if seat != AI:
            return (yield from super().choose(seat, key, options, default, params))
        if key == "architects.prompt.princess_reward":
            return princess_pick(options)
        answer = AI_ANSWERS.get(key)
        if answer is None or answer not in {o.id for o in options}:
            raise RuntimeError(f"the AI is never asked {key}")
        return answer

    def gain(self, seat: int, gains: Mapping[str, int], why: str) -> Flow:
        """The AI's substitutions (rulebook §5.8): Silver moves the Resource marker, Gold is
        Marble, a Reward card is 1 Virtue, an Apprentice 2 Silver; it collects no Clay, Wood or
        Stone and no Building cards."""
        if seat != AI:
            yield from super().gain(seat, gains, why)
            return
        marble = gains.get("marble", 0) + gains.get("gold", 0)
        if marble > 0:
            self.players[AI].res["marble"] += marble
            self.emit("gain", AI, why=why, goods={"marble": marble})
        if gains.get("silver", 0) > 0:
            self.steps(gains["silver"], why)
        if gains.get("virtue", 0) + gains.get("reward", 0):
            yield from self.change_virtue(AI, gains.get("virtue", 0) + max(0, gains.get("reward", 0)), why)
        if gains.get("influence"):
            yield from self.ai_influence(gains["influence"], why)

    def change_virtue(self, seat: int, delta: int, why: str) -> Flow:
        """Virtue beyond the top destroys the AI's unpaid Debts as a player's; one it does not
        have is 2 Silver instead (rulebook §5.8)."""
        if seat != AI or delta <= 0:
            yield from super().change_virtue(seat, delta, why)
            return
        p = self.players[AI]
        missing = max(0, p.virtue + delta - VIRTUE_MAX - p.debts)
        yield from super().change_virtue(seat, delta, why)
        if missing:
            self.emit("ai_no_debt", AI, count=missing)
            self.steps(STEPS_PER_MISSING * missing, "no_debt")

    def draw(self, seat: int, count: int, why: str) -> list[str]:
        if seat == AI:
            return []  # the AI takes no Building cards (the Influence track's among them)
        return super().draw(seat, count, why)

    def market_count(self, seat: int, good: str) -> int:
        """Market Buildings compare the person's resources with the AI's Influence."""
        if seat == AI:
            return self.players[AI].influence
        return super().market_count(seat, good)

    def reset_ability(self, seat: int) -> Flow:
        if seat == AI and self.opponent.power == "reset_income":  # the Peddler, at step 9
            self.emit("ai_power", AI, power="reset_income")
            yield from self.ai_influence(1, "peddler_power")
            self.steps(2, "peddler_power")

    # ==========================================================================================
    # The AI's economy
    # ==========================================================================================
    def steps(self, n: int, why: str) -> None:
        """n Silver: n spaces right on the Resource track; passing the end gives 1 Marble."""
        if n <= 0:
            return
        marble = 0
        for _ in range(n):
            self.track += 1
            if self.track == len(self.opponent.track):
                self.track = 0
                marble += 1
        self.players[AI].res["marble"] += marble
        self.emit(
            "ai_track", AI, why=why, steps=n, space=self.track, resource=self.space_resource(), marble=marble
        )

    def add_tax(self, n: int, why: str) -> None:
        """Tax the AI owes goes from the general supply onto the Tax Stand (it never pays)."""
        self.tax += n
        self.emit("ai_tax_added", AI, count=n, why=why)

    def space_resource(self) -> str:
        return self.opponent.track[self.track].resource

    def ai_influence(self, delta: int, why: str) -> Flow:
        """Influence beyond the top of the track becomes Virtue, point for point."""
        p = self.players[AI]
        top = wonders.data(self).influence.max
        over = max(0, p.influence + delta - top) if delta > 0 else 0
        yield from wonders.change_influence(self, AI, delta - over, why)
        if over:
            self.emit("ai_overflow", AI, count=over)
            yield from self.change_virtue(AI, over, "influence_overflow")

    # ==========================================================================================
    # The turn
    # ==========================================================================================
    def turn(self, seat: int) -> Flow:
        if seat != AI:
            yield from super().turn(seat)
            return
        p = self.players[AI]
        p.turns += 1
        self.emit("turn_start", AI)
        if p.supply == 0:
            self.ai_reclaim()
        else:
            yield from self.ai_play()
        while self.pending_resets:
            self.pending_resets -= 1
            yield from market.reset(self)

    def reveal(self) -> str:
        if not self.plot_deck:
            pile = sorted(self.plot_discard)
            self.plot_discard = []
            self.rng.shuffle(pile)
            self.plot_deck = pile
            self.emit("ai_shuffle", AI, count=len(pile))
        return self.plot_deck.pop()

    def ai_play(self) -> Flow:
        """Reveal Plot cards until one places the worker (a card with nothing possible, or whose
        option is to reveal the next, is discarded unplayed); a whole deck of such cards: 1 Silver."""
        for _ in range(len(self.plot_deck) + len(self.plot_discard)):
            card_id = self.reveal()
            card = self.ai_data.plot(card_id)
            decision = resolve(card, self.opponent, self)
            self.plot_discard.append(card_id)
            where = self.where(decision.location)
            self.emit(
                "ai_plot",
                AI,
                card=card_id,
                upper=decision.upper,
                condition=None if card.condition is None else card.condition.kind,
                held=decision.condition,
                location=where,
                focus=decision.focus,
                option=None if decision.option is None else "+".join(str(e) for e in decision.option),
            )
            if decision.reveal_next:
                self.emit("ai_next", AI, card=card_id)
                continue
            yield from self.carry_out(decision)
            return
        self.emit("ai_idle", AI)
        self.steps(1, "idle")

    def where(self, location: str) -> str:
        if location == "princess":
            return self.princess
        if location == "profiteer":
            return self.profiteer
        return location

    def carry_out(self, decision: Decision) -> Flow:
        assert decision.option is not None
        loc = self.where(decision.location)
        p = self.players[AI]
        p.supply -= 1
        first = decision.option[0]
        extra = 0
        if loc == "black_market":
            self.market[first.n] = AI
            self.emit("place", AI, location="black_market", space=first.n)
        elif loc == "guildhall":
            yield from guildhall.land(self, AI)
        else:
            self.at[loc][AI] += 1
            self.emit("place", AI, location=loc, workers=self.at[loc][AI])
            wonder = self.markers.get(loc)
            if wonder is not None and self.wonder_owner[wonder] == AI:
                extra = 1  # its own Wonder: one more worker, never the Influence
                self.emit("ai_wonder_worker", AI, card=wonder, location=loc)
            if loc == self.profiteer:
                yield from self.ai_influence(1, "profiteer")
            if loc == "kings_storehouse" and self.opponent.power == "storehouse_influence":
                self.emit("ai_power", AI, power="storehouse_influence")
                yield from self.ai_influence(1, "benefactor")
        workers = (self.at[loc][AI] if loc in self.at else 1) + extra
        for effect in decision.option:
            yield from self.do(effect, loc, workers)

    def ai_reclaim(self) -> None:
        """No worker left: take one back from where most of its workers stand (ties by the
        priority list), else from the Prison, the Black Market, the person's board."""
        plain = [loc for loc in self.opponent.priority if self.at[loc][AI]]
        if plain:
            loc = max(plain, key=lambda x: (self.at[x][AI], -plain.index(x)))
            self.at[loc][AI] -= 1
            source = loc
        elif self.prison[AI]:
            self.prison[AI] -= 1
            source = "prison"
        elif AI in self.market:
            self.market[self.market.index(AI)] = None
            source = "black_market"
        elif self.players[HUMAN].captives[AI]:
            self.players[HUMAN].captives[AI] -= 1
            source = f"held:{HUMAN}"
        else:
            self.emit("pass", AI)
            return
        self.players[AI].supply += 1
        self.emit("reclaim", AI, source=source)

    # ==========================================================================================
    # The oracle of `plot.resolve`: the state answers
    # ==========================================================================================
    def holds(self, condition: Condition) -> bool:
        p = self.players[AI]
        kind, value = condition.kind, condition.value or 0
        if kind == "opponent_group":
            return any(self.at[loc][s] >= value for loc in ORDINARY for s in range(self.n) if s != AI)
        if kind == "can_wonder_or_cathedral":
            return bool(self.affordable()) or self.can_work_cathedral()
        if kind == "cathedral_low_virtue":
            return self.can_work_cathedral() and p.virtue <= value
        if kind == "low_influence":
            return p.influence <= value
        if kind == "cathedral_no_future":
            return self.can_work_cathedral() and not self.future
        if kind == "tax_at_least":
            return self.tax >= value
        if kind == "has_captives":
            return sum(p.captives) > 0
        if kind == "prison_at_least":
            return self.prison[AI] >= value
        assert kind == "princess_majority"
        here = self.at[self.princess]
        return all(here[AI] > here[s] for s in range(self.n) if s != AI)

    def can_place(self, location: str) -> bool:
        if location == "guildhall":
            return guildhall.room(self)
        if location == "black_market":
            return None in self.market
        return True

    def possible(self, effect: Effect, location: str) -> bool:
        name = effect.name
        loc = self.where(location)
        if name == "wonder":
            return bool(self.affordable())
        if name == "cathedral":
            return self.can_work_cathedral()
        if name == "contribute":
            return self.contribution_resource() is not None
        if name == "capture":
            return bool(self.groups())
        if name in ("tax_stand", "take_tax"):
            return self.tax > 0
        if name == "market":
            return self.market[effect.n] is None
        if name == "imprison":
            return sum(self.players[AI].captives) > 0
        if name == "remove_apprentices":
            return any(c is not None for row in self.display for c in row)
        if name == "gold_w":
            return self.at[loc][AI] + 1 + self.own_marker(loc) >= 2
        return True

    def own_marker(self, loc: str) -> int:
        wonder = self.markers.get(loc)
        return 1 if wonder is not None and self.wonder_owner[wonder] == AI else 0

    # ==========================================================================================
    # Effects
    # ==========================================================================================
    def do(self, effect: Effect, loc: str, workers: int) -> Flow:
        name, n = effect.name, effect.n
        if name == "wonder":
            if self.affordable():
                yield from self.build_wonder()
        elif name == "cathedral":
            if self.can_work_cathedral():
                yield from self.work_cathedral()
        elif name == "contribute":
            yield from self.contribute()
        elif name == "capture":
            yield from self.captures(workers)
        elif name == "guardhouse":
            yield from self.guard(workers)
        elif name == "tax_stand":
            taken, self.tax = self.tax, 0
            self.emit("ai_tax_taken", AI, count=taken)
            self.steps(taken, "tax_stand")
        elif name == "take_tax":
            taken = min(n, self.tax)
            self.tax -= taken
            self.emit("ai_tax_taken", AI, count=taken)
            self.steps(taken, "tax_stand")
        elif name == "market":
            yield from self.black_market(n)
        elif name == "imprison":
            yield from self.imprison()
        elif name == "storehouse":
            if workers >= 2:
                yield from self.gain(AI, {"marble": workers // 2}, "benefactor")
            else:
                yield from self.gain(AI, {"virtue": 1}, "benefactor")
        elif name == "remove_apprentices":
            self.remove_apprentices()
        elif name == "future":
            for _ in range(n):
                self.gain_future()
        elif name == "silver":
            self.steps(n, loc)
        elif name == "silver_w":
            self.steps(workers + 1, loc)
        elif name == "gold_w":
            yield from self.gain(AI, {"gold": workers // 2}, loc)
        elif name in ("marble", "virtue", "influence"):
            yield from self.gain(AI, {name: n}, loc)
        else:
            raise RuntimeError(f"effect {name} is not done here")

    def gain_future(self) -> None:
        if self.future:
            card = self.future.pop()
            self.plot_discard.append(card)
            self.emit("ai_future", AI, card=card)
        else:
            self.emit("ai_future_empty", AI)
            self.steps(1, "future_empty")

    # -- Wonders and the Cathedral -------------------------------------------------------------
    def marble_price(self, influence: int) -> int:
        off = ARISTOCRAT_DISCOUNT if self.opponent.power == "wonder_discount" else 0
        return max(0, WONDER_PRICE - influence - off)

    def affordable(self) -> list[str]:
        """Unbuilt Wonders the AI can pay, in Resource-track order from the marker's space."""
        p = self.players[AI]
        table = wonders.data(self)
        out: list[str] = []
        for res in track_order(self.opponent, self.track):
            w = next(x for x in table.wonders if x.resource == res)
            if self.wonder_owner[w.id] is not None:
                continue
            if p.influence >= w.influence and p.res["marble"] >= self.marble_price(w.influence):
                out.append(w.id)
        return out

    def build_wonder(self) -> Flow:
        p = self.players[AI]
        wonder_id = self.affordable()[0]
        w = wonders.data(self).wonder(wonder_id)
        marble = self.marble_price(w.influence)
        yield from wonders.change_influence(self, AI, -w.influence, "wonder")
        p.res["marble"] -= marble
        self.emit("pay", AI, why="wonder", goods={"marble": marble}, silver=0, tax=0)
        self.add_tax(w.tax, "wonder")
        self.wonder_owner[wonder_id] = AI
        self.wonder_res[wonder_id] = 0
        p.wonders.append(wonder_id)
        self.emit("build_wonder", AI, card=wonder_id)
        yield from self.change_virtue(AI, wonders.data(self).wonder_virtue, "wonder")
        legal = wonders.data(self).marker_locations
        loc = next(x for x in self.opponent.priority if x in legal and x not in self.markers)
        self.markers[loc] = wonder_id
        self.emit("wonder_marker", AI, card=wonder_id, location=loc)
        yield from self.after_build()

    def can_work_cathedral(self) -> bool:
        return guildhall.next_level(self, AI) is not None

    def work_cathedral(self) -> Flow:
        level = guildhall.next_level(self, AI)
        assert level is not None
        self.players[AI].cathedral = level
        self.emit("cathedral", AI, level=level)
        yield from self.change_virtue(AI, 1, "reward")  # instead of a Reward card
        yield from self.after_build()

    def after_build(self) -> Flow:
        if self.opponent.power == "capture_after_build":  # the Meddler
            self.emit("ai_power", AI, power="capture_after_build")
            yield from self.captures(1)

    # -- Contributions -------------------------------------------------------------------------
    def contribution_resource(self) -> str | None:
        """The marker's resource, else the next one right on the track (wrapping to Clay)."""
        if wonders.current_contribution(self) is None:
            return None
        return contribution_resource(self.opponent, self.track, self.on_card)

    def contribute(self) -> Flow:
        res = self.contribution_resource()
        card = wonders.current_contribution(self)
        if res is None or card is None:
            return
        self.on_card.append(res)  # from the general supply
        self.emit("contribute", AI, resource=res)
        yield from self.gain(AI, card.contribute[res], "contribution")  # type: ignore[index]
        if len(self.on_card) == len(GOODS):
            self.pending_resets += 1

    # -- captures, the Guardhouse, the Black Market --------------------------------------------
    def groups(self) -> list[tuple[str, int, int]]:
        """(location, owner, size) of every rival group on the plain locations."""
        return [
            (loc, s, self.at[loc][s])
            for loc in ORDINARY
            for s in range(self.n)
            if s != AI and self.at[loc][s]
        ]

    def captures(self, count: int) -> Flow:
        """Each capture takes the largest single group (ties: the priority list), and every group
        of that size at that location; 1 Tax from the supply once for them all."""
        took = False
        for _ in range(count):
            groups = self.groups()
            if not groups:
                break
            size = max(g[2] for g in groups)
            loc = min((g[0] for g in groups if g[2] == size), key=self.opponent.priority.index)
            for _, owner, _size in [g for g in groups if g[0] == loc and g[2] == size]:
                actions.capture(self, AI, loc, owner)
                yield from wonders.after_capture(self, AI, loc, owner)
            took = True
        if took:
            self.add_tax(1, "capture")

    def imprison(self) -> Flow:
        p = self.players[AI]
        total = sum(p.captives)
        for owner in range(self.n):
            self.prison[owner] += p.captives[owner]
            p.captives[owner] = 0
        self.emit("imprison", AI, count=total)
        yield from self.gain(AI, {"silver": total}, "imprison")
        if self.opponent.power == "imprison_marble":  # the Executor, once per sending
            self.emit("ai_power", AI, power="imprison_marble")
            yield from self.gain(AI, {"marble": 1}, "executor")

    def guard(self, count: int) -> Flow:
        """Each action: the topmost of the board's list that applies (the last two repeat)."""
        p = self.players[AI]
        for _ in range(count):
            for action in self.opponent.guardhouse:
                if action == "release" and self.prison[AI] > 0:
                    actions.release(self, AI)
                elif action == "imprison" and sum(p.captives) > 0:
                    yield from self.imprison()
                elif action == "rescue" and self.held_by_others(AI):
                    actions.rescue(self, AI)
                elif action == "pay_debt" and p.debts:
                    p.debts -= 1
                    p.paid += 1
                    self.emit("debt_paid", AI)
                    self.add_tax(DEBT_TAX, "pay_debt")
                    yield from self.change_virtue(AI, 1, "pay_debt")
                elif action == "future":
                    self.gain_future()
                else:
                    continue
                break

    def black_market(self, space: int) -> Flow:
        if self.opponent.power != "market_no_virtue":
            yield from self.change_virtue(AI, -1, "black_market")
        else:
            self.emit("ai_power", AI, power="market_no_virtue")
        if space == 0:
            yield from self.gain(AI, market.small_face(self), "black_market")
        elif space == 2:
            yield from self.gain(AI, market.large_face(self), "black_market")
        else:  # a free Apprentice (or a Building card): 2 Silver
            self.steps(STEPS_PER_MISSING, "apprentice")
        if all(s is not None for s in self.market):
            self.pending_resets += 1

    def remove_apprentices(self) -> None:
        """The two display positions of the marker's space leave (the later one first, so the
        earlier keeps its place); each row slides left and refills."""
        slots = sorted(self.opponent.track[self.track].remove, reverse=True)
        gone = []
        for slot in slots:
            row, col = divmod(slot - 1, self.cols)
            if row >= DISPLAY_ROWS or self.display[row][col] is None:
                continue
            card, _coins = self.take_from_display(row, col)  # coins on it go to the supply
            self.app_deck.insert(0, card)
            gone.append(card)
        self.emit("ai_remove_apprentices", AI, slots=sorted(slots), discarded=gone)


def opt_card(i: int, card: str) -> Option:
    return opt(f"card:{i}", "architects.opt.card", card=card)


def princess_pick(options: Sequence[Option]) -> str:
    """A two-option Princess reward: the left one unless the AI can take nothing of it."""
    for o in options:
        kinds = {part.split("=")[0] for part in (o.group or "").split(",") if part}
        if kinds & TAKES:
            return o.id
    return options[0].id
