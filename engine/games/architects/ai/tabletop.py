"""The solo AI at a physical table: its Plot deck, Future deck, Resource track, Influence, Virtue,
Marble, Cathedral level and Wonders kept by the companion, each Plot card resolved by the same
pure resolver the engine-run AI uses (`plot.resolve`), its oracle answered from what the
companion tracks or, for what only the table can see, by a question to the group.

A session is a seed, its values (ours or a server's) and a list of steps; replaying them rebuilds
the same state in any process. A turn step holds the table's answers; a turn whose answers are
not all in yet leaves the state as it was and names the next question (`Replay.pending`). An
adjust step records a change the table made by hand (a Contribution's gain, a Consequence).
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.games.architects.ai.data import AiData, Condition, Effect, Opponent, Plot
from engine.games.architects.ai.data import from_text as ai_from_text
from engine.games.architects.ai.plot import Decision, resolve, track_order
from engine.games.architects.data import board
from engine.games.architects.wow_data import WowData
from engine.games.architects.wow_data import from_text as wow_from_text

INFLUENCE_MAX = 12
VIRTUE_MAX = 14
WONDER_PRICE = 10  # the AI pays Influence + Marble = 10 for a Wonder (rulebook)
ARISTOCRAT_DISCOUNT = 2
TRACKED = ("influence", "virtue", "marble", "cathedral")  # what an adjust step may change
MAX_COUNT = 30


@dataclass(frozen=True)
class Question:
    """Something only the table can see. `kind`: yes/no, or a count from 0 to `most`."""

    key: str  # the answer's key in the step, stable across replays
    kind: Literal["yes_no", "count"]
    text: str  # a message key suffix: architects.table.q.<text>
    params: dict[str, Any] = field(default_factory=dict)
    most: int = MAX_COUNT


class _Ask(Exception):
    def __init__(self, question: Question) -> None:
        super().__init__(question.key)
        self.question = question


@dataclass
class TableState:
    plot_deck: list[str]  # top card at the END
    discard: list[str]
    future: list[str]  # top card at the END
    track: int = 0
    influence: int = 0
    virtue: int = 0
    marble: int = 0
    cathedral: int = 0
    wonders: list[str] = field(default_factory=list)
    turns: int = 0
    log: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class Replay:
    state: TableState
    entries: list[dict[str, Any]]  # what the last step did, in order
    pending: Question | None  # the last turn still needs this answer
    revealing: str | None = None  # the Plot card that question is about


@dataclass(frozen=True)
class TableConfig:
    ai: str
    seed: int
    ai_text: str | None = None  # a server's AI values (else ours)
    wonders_text: str | None = None  # a server's Works of Wonder values (else ours)

    def to_dict(self) -> dict[str, Any]:
        return {"ai": self.ai, "seed": self.seed, "ai_text": self.ai_text, "wonders_text": self.wonders_text}

    @staticmethod
    def from_dict(raw: dict[str, Any]) -> TableConfig:
        return TableConfig(str(raw["ai"]), int(raw["seed"]), raw.get("ai_text"), raw.get("wonders_text"))

    @property
    def ai_data(self) -> AiData:
        return ai_from_text(self.ai_text)

    @property
    def wow(self) -> WowData:
        return wow_from_text(self.wonders_text)

    @property
    def opponent(self) -> Opponent:
        return self.ai_data.opponent(self.ai)

    @property
    def ours(self) -> bool:
        """Plays with our own values (no server file replaced them)."""
        return self.ai_text is None and self.wonders_text is None


class _Oracle:
    """`plot.Oracle` for a table: what the companion tracks answers itself; the rest is asked."""

    def __init__(self, table: TableAI, answers: dict[str, Any]) -> None:
        self.table = table
        self.answers = answers

    def yes(self, key: str, text: str, **params: Any) -> bool:
        if key not in self.answers:
            raise _Ask(Question(key, "yes_no", text, params))
        return bool(self.answers[key])

    def count(self, key: str, text: str, most: int = MAX_COUNT, **params: Any) -> int:
        if key not in self.answers:
            raise _Ask(Question(key, "count", text, params, most))
        return max(0, min(most, int(self.answers[key])))

    def can_cathedral(self) -> bool:
        if self.table.state.cathedral >= len(board().cathedral):
            return False
        return self.yes("cathedral", "cathedral")

    def holds(self, condition: Condition) -> bool:
        st, kind, value = self.table.state, condition.kind, condition.value or 0
        if kind == "low_influence":
            return st.influence <= value
        if kind == "cathedral_no_future":
            return not st.future and self.can_cathedral()
        if kind == "cathedral_low_virtue":
            return st.virtue <= value and self.can_cathedral()
        if kind == "can_wonder_or_cathedral":
            return self.table.wonder_to_build(self) is not None or self.can_cathedral()
        return self.yes(f"cond:{kind}:{value}", f"cond.{kind}", value=value)

    def can_place(self, location: str) -> bool:
        if location == "guildhall":
            return self.yes("guildhall_room", "guildhall_room")
        if location == "black_market":
            return self.yes("market_room", "market_room")
        return True

    def possible(self, effect: Effect, location: str) -> bool:
        name = effect.name
        if name == "wonder":
            return self.table.wonder_to_build(self) is not None
        if name == "cathedral":
            return self.can_cathedral()
        if name == "contribute":
            return self.yes("contribution", "contribution")
        if name == "capture":
            return self.yes("capture", "capture")
        if name in ("tax_stand", "take_tax"):
            return self.count("tax", "tax") > 0
        if name == "market":
            return self.yes(f"market:{effect.n}", "market_space", space=effect.n)
        if name == "imprison":
            return self.yes("captives", "captives")
        if name == "gold_w":
            return self.count(f"workers:{location}", "workers", location=location) >= 2
        return True


class TableAI:
    """One companion session's AI, rebuilt from its config and steps."""

    def __init__(self, config: TableConfig) -> None:
        self.config = config
        self.data = config.ai_data
        self.opponent = config.opponent
        self.wow = config.wow
        self.rng = random.Random(config.seed)
        initial = sorted(p.id for p in self.data.plots if p.deck == "initial")
        future = sorted(p.id for p in self.data.plots if p.deck == "future")
        self.rng.shuffle(initial)
        self.rng.shuffle(future)
        self.state = TableState(
            initial, [], future, influence=self.opponent.influence, virtue=self.opponent.virtue
        )
        self.revealing: str | None = None  # the Plot card being resolved

    # -- replay --------------------------------------------------------------------------------
    @staticmethod
    def replay(config: TableConfig, steps: list[dict[str, Any]]) -> Replay:
        ai = TableAI(config)
        entries: list[dict[str, Any]] = []
        pending: Question | None = None
        for step in steps:
            start = len(ai.state.log)
            pending = ai.apply(step)
            entries = ai.state.log[start:]
        return Replay(ai.state, entries, pending, ai.revealing if pending is not None else None)

    def apply(self, step: dict[str, Any]) -> Question | None:
        if step.get("t") == "adjust":
            self.adjust(str(step["what"]), int(step["by"]))
            return None
        before, rng = copy.deepcopy(self.state), self.rng.getstate()
        try:
            self.turn(dict(step.get("a") or {}))
        except _Ask as ask:
            self.state = before
            self.rng.setstate(rng)
            return ask.question
        return None

    # -- tracked values ------------------------------------------------------------------------
    def log(self, kind: str, **data: Any) -> None:
        self.state.log.append({"kind": kind, **data})

    def adjust(self, what: str, by: int) -> None:
        if what not in TRACKED:
            raise ValueError(what)
        if what == "influence":
            self.influence(by)
        elif what == "virtue":
            self.state.virtue = max(0, min(VIRTUE_MAX, self.state.virtue + by))
        elif what == "marble":
            self.state.marble = max(0, self.state.marble + by)
        else:
            self.state.cathedral = max(0, min(len(board().cathedral), self.state.cathedral + by))
        self.log("adjust", what=what, by=by)

    def influence(self, delta: int) -> None:
        """Influence above the top of the track becomes Virtue, point for point (rulebook)."""
        total = self.state.influence + delta
        over = max(0, total - INFLUENCE_MAX)
        self.state.influence = max(0, min(INFLUENCE_MAX, total))
        if over:
            self.state.virtue = min(VIRTUE_MAX, self.state.virtue + over)

    def steps(self, n: int) -> None:
        """Silver: the Resource marker moves right; passing the end gives 1 Marble."""
        spaces = len(self.opponent.track)
        marble = 0
        for _ in range(max(0, n)):
            self.state.track += 1
            if self.state.track >= spaces:
                self.state.track = 0
                marble += 1
        self.state.marble += marble
        self.log("track", steps=n, space=self.state.track, resource=self.resource(), marble=marble)

    def resource(self, offset: int = 0) -> str:
        spaces = self.opponent.track
        return spaces[(self.state.track + offset) % len(spaces)].resource

    def take_future(self) -> None:
        st = self.state
        if st.future:
            card = st.future.pop()
            st.discard.append(card)
            self.log("future", card=card)
        else:  # none left: the Resource marker moves 1 space instead (rulebook)
            self.log("future", card=None)
            self.steps(1)

    def wonder_price(self, wonder_id: str) -> int:
        w = self.wow.wonder(wonder_id)
        discount = ARISTOCRAT_DISCOUNT if self.opponent.power == "wonder_discount" else 0
        return max(0, WONDER_PRICE - w.influence - discount)

    def wonder_to_build(self, oracle: _Oracle) -> str | None:
        """The Wonder it would build: in Resource-track order from its marker, the first it can
        pay (Influence + Marble = 10) that the table says is still unbuilt."""
        st = self.state
        for res in track_order(self.opponent, st.track):
            w = next(x for x in self.wow.wonders if x.resource == res)
            if w.id in st.wonders or st.influence < w.influence or st.marble < self.wonder_price(w.id):
                continue
            if oracle.yes(f"unbuilt:{w.id}", "unbuilt", wonder=w.id):
                return w.id
        return None

    # -- a turn --------------------------------------------------------------------------------
    def draw(self) -> Plot:
        st = self.state
        if not st.plot_deck:
            st.plot_deck, st.discard = list(st.discard), []
            self.rng.shuffle(st.plot_deck)
            self.log("shuffle", count=len(st.plot_deck))
        card = st.plot_deck.pop()
        return self.data.plot(card)

    def turn(self, answers: dict[str, Any]) -> None:
        self.state.turns += 1
        oracle = _Oracle(self, answers)
        for _ in range(len(self.data.plots) + 1):
            if not self.state.plot_deck and not self.state.discard:
                break
            card = self.draw()
            self.revealing = card.id
            decision = resolve(card, self.opponent, oracle)
            self.state.discard.append(card.id)
            self.log(
                "plot",
                card=card.id,
                held=decision.condition,
                condition=None if card.condition is None else card.condition.model_dump(),
                location=decision.location,
                focus=decision.focus,
                option=None if decision.option is None else "+".join(str(e) for e in decision.option),
            )
            if decision.reveal_next:
                continue
            self.do(decision, oracle)
            return
        self.log("idle")

    def do(self, decision: Decision, oracle: _Oracle) -> None:
        assert decision.option is not None
        loc = decision.location
        self.log("place", location=loc)
        if loc == "profiteer":  # the AI always gains 1 Influence there (rulebook)
            self.influence(1)
            self.log("gain", what="influence", count=1, why="profiteer")
        if loc == "kings_storehouse" and self.opponent.power == "storehouse_influence":
            self.influence(1)
            self.log("gain", what="influence", count=1, why="power")
        for effect in decision.option:
            self.effect(effect, loc, oracle)

    def effect(self, effect: Effect, loc: str, oracle: _Oracle) -> None:
        st, name, n = self.state, effect.name, effect.n
        if name == "future":
            for _ in range(n):
                self.take_future()
        elif name == "silver":
            self.steps(n)
        elif name in ("silver_w", "gold_w", "storehouse"):
            workers = oracle.count(f"workers:{loc}", "workers", location=loc)
            if name == "silver_w":
                self.steps(workers + 1)
            elif name == "gold_w" or workers >= 2:  # Gold comes as Marble (rulebook)
                st.marble += workers // 2
                self.log("gain", what="marble", count=workers // 2, why=name)
            else:
                st.virtue = min(VIRTUE_MAX, st.virtue + 1)
                self.log("gain", what="virtue", count=1, why=name)
        elif name in ("tax_stand", "take_tax"):
            tax = oracle.count("tax", "tax")
            taken = tax if name == "tax_stand" else min(n, tax)
            self.log("tax_taken", count=taken)
            self.steps(taken)
        elif name in ("marble", "virtue"):
            if name == "marble":
                st.marble += n
            else:
                st.virtue = min(VIRTUE_MAX, st.virtue + n)
            self.log("gain", what=name, count=n, why="plot")
        elif name == "influence":
            self.influence(n)
            self.log("gain", what=name, count=n, why="plot")
        elif name == "cathedral":  # up one level, 1 Virtue instead of a Reward card
            st.cathedral += 1
            st.virtue = min(VIRTUE_MAX, st.virtue + 1)
            self.log("cathedral", level=st.cathedral)
        elif name == "wonder":
            wonder = self.wonder_to_build(oracle)
            assert wonder is not None
            w = self.wow.wonder(wonder)
            price = self.wonder_price(wonder)
            st.influence -= w.influence
            st.marble -= price
            st.virtue = min(VIRTUE_MAX, st.virtue + self.wow.wonder_virtue)
            st.wonders.append(wonder)
            self.log(
                "wonder", wonder=wonder, influence=w.influence, marble=price, tax=w.tax,
                priority=list(self.opponent.priority),
            )  # fmt: skip
        elif name == "contribute":
            self.log("contribute", order=track_order(self.opponent, st.track))
        elif name == "remove_apprentices":
            self.log("remove_apprentices", slots=sorted(self.opponent.track[st.track].remove))
        else:  # capture, guardhouse, imprison, market: the table moves the pieces as shown
            self.log("do", effect=str(effect), location=loc)

    # -- scoring -------------------------------------------------------------------------------
    def score(self, debts: int = 0, prison: int = 0) -> dict[str, int]:
        """Its final score as any player's (rulebook): Wonders, Cathedral, Virtue, Marble, Debts
        (-2 each) and Prison (-1 per 2 workers)."""
        st, b = self.state, board()
        parts = {
            "wonders": sum(self.wow.wonder(w).vp for w in st.wonders),
            "cathedral": b.cathedral[st.cathedral - 1].vp if st.cathedral else 0,
            "virtue": b.virtue[st.virtue].vp,
            "marble": st.marble,
            "debts": -2 * debts,
            "prison": -(prison // 2),
        }
        parts["total"] = sum(parts.values())
        return parts
