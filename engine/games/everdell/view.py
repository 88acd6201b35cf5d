"""What one seat may see: the whole public board plus its own hand. Deck order never leaves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.games.everdell import setaside
from engine.games.everdell.data import RESOURCES, Card, cards
from engine.games.everdell.state import SEASONS

if TYPE_CHECKING:
    from engine.games.everdell.game import EverdellGame


def build_view(g: EverdellGame, seat: int | None) -> dict[str, Any]:
    players = []
    for pl in g.players:
        players.append(
            {
                "seat": pl.seat,
                "rugwort": pl.rugwort,
                "hand_count": pl.hand_size,
                "city": [
                    {
                        "uid": cc.uid,
                        "card": cc.card,
                        "occupied": cc.occupied,
                        "tokens": cc.tokens,
                        "stored": {r: v for r, v in cc.stored.items() if v},
                        "prisoners": list(cc.prisoners),
                        "workers": list(g.occ.get(f"card:{cc.uid}", [])),
                    }
                    for cc in pl.city
                ],
                "spaces": g.used_spaces(pl),
                "resources": {r: pl.res[r] for r in RESOURCES},
                "tokens": pl.tokens,
                "workers": pl.workers,
                "available": max(0, pl.available),
                "placed": [w.loc for w in pl.placed],
                "season": SEASONS[pl.season],
                "passed": pl.passed,
                "events": list(pl.events),
                "journey": pl.journey,
                "score": g.seat_total(pl.seat),
            }
        )
        if pl.power is not None:  # public once chosen (powers are revealed together)
            players[-1]["power"] = pl.power
            if pl.power == "spiders" and g.spiders_at is not None:
                players[-1]["spiders_at"] = g.spiders_at
            if pl.power == "pigs":
                players[-1]["farm_pile"] = len(g.pig_pile)
        if pl.hand_down or pl.city_down or pl.held:
            setaside.add_to_view(g, pl, players[-1])
    view: dict[str, Any] = {
        "game": "everdell",
        "seat": seat,
        "meadow": list(g.meadow),
        "meadow_blocked": sorted(g.blocked),
        "forest": list(g.forest),
        "basic_events": list(g.basic_events),
        "special_events": list(g.special_events),
        "claims": {
            ev: {"owner": c.owner, "bonus": c.bonus, "beneath": len(c.beneath)}
            for ev, c in sorted(g.claims.items())
        },
        "occupancy": {
            loc: list(seats) for loc, seats in sorted(g.occ.items()) if seats and not loc.startswith("card:")
        },
        "deck_count": len(g.deck),
        "discard_count": len(g.discard),
        "players": players,
        "order": list(g.order),
        "current": g.current,
        "turn": g.turn_no,  # actions taken so far; the bot starts a fresh private message per turn
        "solo": g.solo,
        "rugwort_year": g.year if g.solo else None,
        "finished": g.finished,
    }
    if g.legends is not None:  # More Legends: counts for all, the cards for their holder
        from engine.games.everdell.legends import add_to_view

        add_to_view(g, seat, view)
    if seat is not None and 0 <= seat < len(g.players):
        view["hand"] = sorted(g.players[seat].hand)
        if g.players[seat].hand_down:  # its owner still knows a face-down hand card
            view["hand_down"] = sorted(g.players[seat].hand_down)
    if g.farm_abilities or "corrin_king" in g.card:
        from engine.games.everdell.packs import public_cards

        view["pack_cards"] = public_cards(g)  # Corrin / special Farm data (public)
    return view


def card_in_view(view: Mapping[str, Any] | None, card_id: str) -> Card | None:
    """A card's data as a seat knows it: the base cards, then the match's own Mistwood cards
    (Corrin, special Farms, Legendaries), whose values come from the match options."""
    base = cards().get(card_id)
    if base is not None or view is None:
        return base
    for entry in view.get("pack_cards", ()):
        if entry.get("id") == card_id:
            return Card.model_validate({k: v for k, v in entry.items() if k in Card.model_fields})
    legend = view.get("legend_cards", {}).get(card_id)
    if legend is not None:
        from engine.games.everdell.legends import card_from_view

        return card_from_view(card_id, legend)
    return None
