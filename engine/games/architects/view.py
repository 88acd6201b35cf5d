"""What one seat may see: the whole public board plus its own hand. Deck orders never leave."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.architects import guildhall, market, scoring, wonders

if TYPE_CHECKING:
    from engine.games.architects.game import ArchitectsGame


def build_view(g: ArchitectsGame, seat: int | None) -> dict[str, Any]:
    # built for every decision of a bot seat: one pass over the players, no repeated sums
    held = [0] * g.n
    for q in g.players:
        for owner, count in enumerate(q.captives):
            if owner != q.seat:
                held[owner] += count
    players = [
        {
            "seat": p.seat,
            "architect": p.architect,
            "silver": p.silver,
            "goods": dict(p.res),
            "virtue": p.virtue,
            "debts": p.debts,
            "paid_debts": p.paid,
            "hand_count": len(p.hand),
            "apprentices": list(p.apprentices),
            "skills": list(guildhall.sorted_skills_of(g, p.seat)),
            "buildings": list(p.buildings),
            "supply": p.supply,
            "captives": list(p.captives),
            "held_by_others": held[p.seat],
            "prison": g.prison[p.seat],
            "cathedral": p.cathedral,
            "influence": p.influence,
            "wonders": list(p.wonders),
            "turns": p.turns,
            "score": scoring.total(g, p.seat),
        }
        for p in g.players
    ]
    view: dict[str, Any] = {
        "game": "architects",
        "seat": seat,
        "current": g.current,
        "order": list(g.order),
        "players": players,
        "locations": {loc: list(counts) for loc, counts in g.at.items()},
        "black_market": list(g.market),
        "market_small": market.small_face(g),
        "market_large": market.large_face(g),
        "market_piles": [len(g.small), len(g.large)],
        "guildhall": list(g.guildhall),
        "guildhall_size": g.guildhall_size,
        "guildhall_row": g.row,
        "tax": g.tax,
        "display": [list(row) for row in g.display],
        "display_coins": [list(row) for row in g.coins],
        "deck_count": len(g.deck),
        "apprentice_deck_count": len(g.app_deck),
        "rewards_left": len(g.rewards),
        # turns still to come after the current one, once the Guildhall is full
        "final_turns_left": None if g.final_left is None else max(0, g.final_left - 1),
        "finished": g.ended,
    }
    if g.wow is not None:
        view["works_of_wonder"] = wonders.public(g)
    if g.ended:
        view["scores"] = [dict(s) for s in g.scores]
    if seat is not None:
        view["hand"] = list(g.players[seat].hand)
    return view
