"""Dominion's scenario adapter: the whole state as plain data for scenario expectations.

Decks are listed top card first, as in positions; other zones in their stored order.
"""

from __future__ import annotations

from typing import Any, cast

from engine.core.match import Match
from engine.games.dominion.game import DominionGame


class DominionAdapter:
    ordered = frozenset({"deck", "in_play", "kingdom"})

    def state(self, match: Match) -> dict[str, Any]:
        g = cast(DominionGame, match.game)
        t = g.turn
        state = {
            "players": [
                {
                    "hand": list(p.hand),
                    "deck": list(reversed(p.deck)),
                    "discard": list(p.discard),
                    "discard_top": p.discard[-1] if p.discard else None,
                    "in_play": list(p.in_play),
                    "set_aside": list(p.set_aside),
                    "turns": p.turns,
                    "vp": g.victory_points(i),
                }
                for i, p in enumerate(g.players)
            ],
            "supply": dict(g.supply),
            "trash": list(g.trash),
            "kingdom": list(g.kingdom),
            "current": t.player,
            "turn": t.number,
            "phase": t.phase,
            "actions": t.actions,
            "buys": t.buys,
            "coins": t.coins,
            "empty_piles": g.empty_piles(),
            "ended_by": g.ended_by,
        }
        extra = getattr(g, "scenario_state", None)  # expansions add their own zones and tokens
        if extra is not None:
            state.update(extra())
        return state


ADAPTER = DominionAdapter()
