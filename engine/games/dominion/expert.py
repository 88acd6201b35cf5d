"""The strongest Dominion bot: tuned Big Money plus the kingdom's best support cards.

It picks, from the kingdom alone, the single strongest terminal (a Witch, a draw card or an
attack) and, when there is one, a non-terminal money card, then buys them on a fixed schedule
around a Big Money core with a careful endgame (Duchy/Estate dancing, penultimate Province).
Card prompts are answered like the general bot does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.prompts import Answer, Prompt
from engine.games.dominion.heuristic import HeuristicBot, Situation, vp_of


@dataclass(frozen=True, slots=True)
class Plan:
    """Terminals to hold (with copies wanted by deck size) plus an optional non-terminal."""

    terminals: tuple[tuple[str, tuple[int, ...]], ...]
    cantrip: str | None = None

    def wanted(self, name: str, deck_size: int) -> int:
        for terminal, copies in self.terminals:
            if terminal == name:
                return copies[min(deck_size // 10, len(copies) - 1)]
        return 0


# Terminals in order of strength inside a Big Money deck, with copies wanted at 0, 10, 20, 30+
# cards. The best one leads; an attack may join a draw card with a single copy.
_TERMINALS: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("Witch", (1, 2, 2, 2)),
    ("Library", (1, 2, 2, 3)),
    ("Smithy", (1, 1, 2, 2)),
    ("Council Room", (1, 1, 2, 2)),
    ("Militia", (1, 2, 2, 2)),
    ("Bandit", (1, 1, 2, 2)),
    ("Artisan", (1, 1, 2, 2)),
    ("Moneylender", (1, 1, 1, 1)),
    ("Bureaucrat", (1, 1, 2, 2)),
    ("Moat", (1, 1, 2, 2)),
    ("Mine", (1, 1, 1, 1)),
)
_DRAW = frozenset({"Library", "Smithy", "Council Room", "Moat"})
_SIDEKICKS = ("Militia", "Bandit")
# Non-terminals that beat Silver in a money deck, best first.
_CANTRIPS = ("Laboratory", "Market", "Festival", "Sentry", "Poacher")


def plan_for(kingdom: list[str]) -> Plan:
    present = [(t, c) for t, c in _TERMINALS if t in kingdom]
    chosen = present[:1]
    if chosen and chosen[0][0] in _DRAW:
        # one copy of an attack beside the draw card
        side = next((t for t in _SIDEKICKS if t in kingdom), None)
        if side is not None:
            chosen.append((side, (1, 1, 1, 1)))
    cantrip = next((c for c in _CANTRIPS if c in kingdom), None)
    return Plan(tuple(chosen), cantrip)


class ExpertBot(HeuristicBot):
    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self._plan: Plan | None = None
        self._plan_kingdom: tuple[str, ...] = ()

    def plan(self, kingdom: list[str]) -> Plan:
        key = tuple(kingdom)
        if self._plan is None or key != self._plan_kingdom:
            self._plan, self._plan_kingdom = plan_for(kingdom), key
        return self._plan

    def choose(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        self.plan(view["kingdom"])
        return super().choose(view, prompt)

    def buy_value(self, name: str, s: Situation) -> float:
        plan = self.plan(s.kingdom)
        left = s.provinces_left
        money = s.money
        duchy_at, estate_at = (4, 2) if s.players == 2 else (5, 3)
        if name == "Province":
            # an early Province in a thin deck stalls it; Gold first unless the game is moving
            return 50.0 if money < 15 and s.count("Gold") == 0 and left > duchy_at else 100.0
        if name == "Duchy":
            return 70.0 if left <= duchy_at else 15.0 if left <= duchy_at + 1 else -1.0
        if name == "Estate":
            return 40.0 if left <= estate_at else -1.0
        if name == "Gardens":
            points = vp_of(name, s)
            return 70.0 * points / 3 if left <= duchy_at + 1 and points >= 2 else -1.0
        if name == "Gold":
            return 60.0
        wanted = plan.wanted(name, s.deck_size)
        if wanted:
            if s.count(name) < wanted and left > estate_at:
                # Witch outranks Gold: cursing early decides most games
                return 65.0 if name == "Witch" else 40.0 - 5.0 * s.count(name)
            return -1.0
        if name == plan.cantrip and left > duchy_at:
            return 30.0
        if name == "Silver":
            return 20.0
        return -1.0
