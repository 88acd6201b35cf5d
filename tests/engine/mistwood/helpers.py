"""Positions for Nightweave scenarios: a stand-alone table with a known deck and Meadow."""

from __future__ import annotations

from engine.games.everdell.mistwood.activity import ActivityCard, Row, parse_action
from engine.games.everdell.mistwood.nightweave.actions import Ctx
from engine.games.everdell.mistwood.nightweave.sim import SimpleTable, SimRng
from engine.games.everdell.mistwood.nightweave.state import NightweaveState
from engine.games.everdell.mistwood.nightweave.table import Choice, Flow

MEADOW = ["farm", "mine", "inn", "wanderer", "queen", "judge", "fool", "chapel"]


def make_card(rows: dict[str, str], default: str = "haven+difficulty", season: str = "winter",
              spider: bool = False, decider: str = "cw", id: str = "t1") -> ActivityCard:
    parsed = {}
    for name, text in rows.items():
        first, second = text.split("/")
        parsed[name] = Row(first=parse_action(first), second=parse_action(second))
    return ActivityCard.model_validate(
        {"id": id, "season": season, "spider": spider, "decider": decider, "rows": parsed,
         "default": parse_action(default)}
    )


def position(humans: int = 1, rolls: list[int] | None = None, deck: list[str] | None = None,
             difficulty: int = 2) -> tuple[NightweaveState, SimpleTable, SimRng]:
    rng = SimRng(7, rolls)
    table = SimpleTable(rng, humans=humans)
    table.slots = list(MEADOW)
    table.deck = list(deck if deck is not None else ["husband", "wife", "twig_barge", "historian"] * 5)
    table.forest = ["forest_3_berries", "forest_2_any", "forest_2_berries_1_card"]
    st = NightweaveState(difficulty=difficulty, icon_points=difficulty)
    return st, table, rng


def ctx(st: NightweaveState, table: SimpleTable, rng: SimRng, decider: str = "cw",
        spider: bool = False) -> Ctx:
    return Ctx(st, table, rng, decider=decider, spider=spider)  # type: ignore[arg-type]


def run(flow: Flow[None], answers: list[str] | None = None) -> list[Choice]:
    """Drive a flow; answer choices from `answers` (else the first option). Returns the choices."""
    asked: list[Choice] = []
    queue = list(answers or [])
    try:
        request = next(flow)
        while True:
            asked.append(request)
            request = flow.send(queue.pop(0) if queue else request.options[0])
    except StopIteration:
        return asked


def kinds(st: NightweaveState) -> list[str]:
    return [e["kind"] for e in st.log]
