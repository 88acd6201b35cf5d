"""Everdell's scenario adapter: the whole state as plain data for scenario expectations."""

from __future__ import annotations

from typing import Any, cast

from engine.core.match import Match
from engine.games.everdell import scoring
from engine.games.everdell.game import EverdellGame


class EverdellAdapter:
    ordered = frozenset({"deck", "meadow"})

    def state(self, match: Match) -> dict[str, Any]:
        g = cast(EverdellGame, match.game)
        return {
            "players": [
                {
                    "hand": list(p.hand),
                    "city": [c.card for c in p.city],
                    "res": {k: v for k, v in p.res.items() if v},
                    "tokens": p.tokens,
                    "workers": p.workers,
                    "placed": [pl.loc for pl in p.placed],
                    "season": p.season,
                    "passed": p.passed,
                    "events": list(p.events),
                    "journey": p.journey,
                    "score": scoring.total(g, i),
                }
                for i, p in enumerate(g.players)
            ],
            "meadow": list(g.meadow),
            "deck": list(reversed(g.deck)),
            "deck_count": len(g.deck),
            "discard": list(g.discard),
            "current": g.current,
        }


ADAPTER = EverdellAdapter()
