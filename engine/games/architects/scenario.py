"""Architects' scenario adapter: the whole state as plain data for scenario expectations."""

from __future__ import annotations

from typing import Any, cast

from engine.core.match import Match
from engine.games.architects import scoring
from engine.games.architects.game import ArchitectsGame


class ArchitectsAdapter:
    ordered = frozenset({"deck", "apprentice_deck", "rewards", "contributions", "consequences"})

    def state(self, match: Match) -> dict[str, Any]:
        g = cast(ArchitectsGame, match.game)
        return {
            "players": [
                {
                    "silver": p.silver,
                    "goods": {k: v for k, v in p.res.items() if v},
                    "virtue": p.virtue,
                    "debts": p.debts,
                    "paid": p.paid,
                    "hand": list(p.hand),
                    "apprentices": list(p.apprentices),
                    "buildings": list(p.buildings),
                    "supply": p.supply,
                    "captives": list(p.captives),
                    "cathedral": p.cathedral,
                    "architect": p.architect,
                    "prison": g.prison[i],
                    "score": scoring.breakdown(g, i)["total"],
                }
                for i, p in enumerate(g.players)
            ],
            "locations": {k: list(v) for k, v in g.at.items()},
            "black_market": list(g.market),
            "guildhall": list(g.guildhall),
            "tax": g.tax,
            "display": [list(r) for r in g.display],
            "coins": [list(r) for r in g.coins],
            "deck": list(reversed(g.deck)),
            "apprentice_deck": list(reversed(g.app_deck)),
            "rewards": list(reversed(g.rewards)),
            "small": list(g.small),
            "large": list(g.large),
            "current": g.current,
            "final_left": g.final_left,
            **({} if g.wow is None else self.works_of_wonder(g)),
        }

    @staticmethod
    def works_of_wonder(g: ArchitectsGame) -> dict[str, Any]:
        """The expansion's state (only in its games, so base scenarios read as before)."""
        return {
            "influence": [p.influence for p in g.players],
            "wonders": [list(p.wonders) for p in g.players],
            "princess": g.princess,
            "profiteer": g.profiteer,
            "contributions": list(reversed(g.contrib_deck)),
            "consequences": list(reversed(g.consequences)),
            "on_card": list(g.on_card),
            "wonder_res": dict(g.wonder_res),
            "markers": dict(g.markers),
        }


ADAPTER = ArchitectsAdapter()
