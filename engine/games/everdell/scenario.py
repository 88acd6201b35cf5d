"""Everdell's scenario adapter: the whole state as plain data for scenario expectations."""

from __future__ import annotations

from typing import Any, cast

from engine.core.match import Match
from engine.games.everdell import scoring
from engine.games.everdell.data import RESOURCES
from engine.games.everdell.game import EverdellGame
from engine.games.everdell.state import CityCard


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
                    "resources": _vec(p.res),
                    "tokens": p.tokens,
                    "workers": p.workers,
                    "placed": [pl.loc for pl in p.placed],
                    "season": p.season,
                    "passed": p.passed,
                    "events": list(p.events),
                    "journey": p.journey,
                    "score": scoring.total(g, i),
                    "occupied": [c.card for c in p.city if c.occupied],
                    "card_tokens": {c.card: c.tokens for c in p.city if c.tokens},
                    "stored": _vec(_stored(p.city)),
                    "prisoners": [name for c in p.city for name in c.prisoners],
                    "hand_down": list(p.hand_down),
                    "city_down": [c.card for c in p.city_down],
                    "held": [h.why for h in p.held],
                }
                for i, p in enumerate(g.players)
            ],
            "claims": {
                ev: {"owner": c.owner, "bonus": c.bonus, "beneath": list(c.beneath)} for ev, c in g.claims.items()
            },
            "blocked": sorted(g.blocked),
            "meadow": list(g.meadow),
            "deck": list(reversed(g.deck)),
            "deck_count": len(g.deck),
            "discard": list(g.discard),
            "current": g.current,
        }


def _vec(res: dict[str, int]) -> str:
    """Resources as one exact value, `<twig>.<resin>.<pebble>.<berry>` (as in option ids)."""
    return ".".join(str(res.get(r, 0)) for r in RESOURCES)


def _stored(city: list[CityCard]) -> dict[str, int]:
    """Resources lying on the city's cards (Storehouses), by kind."""
    out: dict[str, int] = {}
    for c in city:
        for r, v in c.stored.items():
            if v:
                out[r] = out.get(r, 0) + v
    return out


ADAPTER = EverdellAdapter()
