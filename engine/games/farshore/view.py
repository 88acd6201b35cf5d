"""What a seat sees: everything public, and its own hand."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.families.everdell.seasons import SEASONS

if TYPE_CHECKING:
    from engine.games.farshore.game import FarshoreGame


def build_view(game: FarshoreGame, seat: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "turn": game.turn_no,
        "current": game.current,
        "bay": [[stack[0], len(stack)] for stack in game.bay],
        "deck": len(game.deck),
        "discard": len(game.discard),
        "shores": {s.id: game.occupant[s.id] for s in game.content.shores},
        "islands": [[i, game.island_up[i], game.occupant[i]] for i in game.islands],
        "compass": [game.compass_a[0], game.compass_b[0]],
        "maps": {k: list(v) for k, v in game.map_stacks.items()},
        "dunes": list(game.dunes),
        "players": [
            {
                "seat": p.seat,
                "village": [
                    {
                        "uid": v.uid,
                        "card": v.card,
                        "anchor": v.anchor,
                        "worker": v.worker,
                        "stock": dict(v.stock),
                    }
                    for v in p.village
                ],
                "res": dict(p.res),
                "treasure": p.treasure,
                "tokens": p.tokens,
                "anchors": p.anchors,
                "workers": p.workers,
                "available": p.available,
                "placed": list(p.placed),
                "season": SEASONS[p.season],
                "passed": p.passed,
                "boat": p.boat,
                "maps": dict(p.maps),
                "hand_count": len(p.hand),
                "mulligan": p.mulligan,
                "score": game.score(p.seat),
            }
            for p in game.players
        ],
        "finished": game.finished,
    }
    if seat is not None and 0 <= seat < game.n:
        out["hand"] = sorted(game.players[seat].hand)
        out["seat"] = seat
    return out
