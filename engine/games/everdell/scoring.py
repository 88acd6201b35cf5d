"""Final scoring and tie-breaks (most events, then most leftover resources)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.result import Result, rank_by
from engine.games.everdell import corrin
from engine.games.everdell.data import basic_events, special_events

if TYPE_CHECKING:
    from engine.games.everdell.game import EverdellGame


def pairs(g: EverdellGame, p: int) -> int:
    pl = g.players[p]
    return min(pl.count("husband"), pl.count("wife"))


def prosperity(g: EverdellGame, p: int) -> int:
    from engine.games.everdell.powers import paired

    pl = g.players[p]
    total = 0
    card = g.card
    for cc in pl.city:
        name = cc.card
        if name == "architect":
            total += min(6, pl.res["resin"] + pl.res["pebble"])
        elif name == "king":
            total += sum(1 if ev in basic_events() else 2 for ev in pl.events)
        elif name == "wife":
            total += 3 if paired(g, p, cc) else 0
        elif name == "castle":
            total += sum(1 for c in pl.city if card[c.card].construction and not card[c.card].unique)
        elif name == "ever_tree":
            total += sum(1 for c in pl.city if card[c.card].color == "prosperity")
        elif name == "palace":
            total += sum(1 for c in pl.city if card[c.card].construction and card[c.card].unique)
        elif name == "school":
            total += sum(1 for c in pl.city if card[c.card].critter and not card[c.card].unique)
        elif name == "theatre":
            total += sum(1 for c in pl.city if card[c.card].critter and card[c.card].unique)
        elif name == corrin.KING:
            total += corrin.king_points(g, p)
    return total


def _workers_on(g: EverdellGame, p: int, name: str) -> int:
    return sum(len(g.occ.get(f"card:{cc.uid}", [])) for cc in g.players[p].city if cc.card == name)


def event_points(g: EverdellGame, p: int) -> int:
    pl = g.players[p]
    total = 0
    for ev in pl.events:
        basic = basic_events().get(ev)
        if basic is not None:
            total += basic.points
            continue
        total += special_events()[ev].points + g.claims[ev].bonus
        if ev == "flying_doctor_service":
            total += 3 * sum(pairs(g, q) for q in range(len(g.players)))
        elif ev == "ministering_to_miscreants":
            total += 3 * sum(len(cc.prisoners) for cc in pl.city if cc.card == "dungeon")
        elif ev == "path_of_the_pilgrims":
            total += 3 * _workers_on(g, p, "monastery")
        elif ev == "remembering_the_fallen":
            total += 3 * _workers_on(g, p, "cemetery")
        elif ev == "pristine_chapel_ceiling":
            total += 2 * sum(cc.tokens for cc in pl.city if cc.card == "chapel")
    return total


def breakdown(g: EverdellGame, p: int) -> dict[str, int]:
    pl = g.players[p]
    if pl.rugwort:
        return rugwort_breakdown(g, p)
    parts = {
        "cards": sum(g.card[cc.card].points for cc in pl.city),
        "tokens": pl.tokens + sum(cc.tokens for cc in pl.city if cc.card in ("clock_tower", "chapel")),
        "prosperity": prosperity(g, p),
        "journey": pl.journey,
        "events": event_points(g, p),
    }
    if g.legends is not None:  # More Legends: vault tokens and end-of-game bonuses
        from engine.games.everdell.legends import scoring_bonus

        parts["legends"] = scoring_bonus(g, p)
    parts["total"] = sum(parts.values())
    return parts


def rugwort_breakdown(g: EverdellGame, p: int) -> dict[str, int]:
    pl = g.players[p]
    per_special = 3 if g.year == 1 else 6
    human = g.humans[0]
    missed = sum(1 for ev in g.special_events if g.claims.get(ev) is None or g.claims[ev].owner != human)
    parts = {
        "cards": sum(3 if g.card[cc.card].color == "prosperity" else 2 for cc in pl.city),
        "tokens": pl.tokens,
        "prosperity": 0,
        "journey": pl.journey,
        "events": 3 * len(pl.events) + per_special * missed,
    }
    parts["total"] = sum(parts.values())
    return parts


def total(g: EverdellGame, p: int) -> int:
    return breakdown(g, p)["total"]


def result(g: EverdellGame) -> Result:
    n = len(g.players)
    parts = [breakdown(g, p) for p in range(n)]
    scores = [b["total"] for b in parts]
    events_won = [len(g.players[p].events) for p in range(n)]
    leftover = [g.players[p].resource_total() for p in range(n)]
    keys = [(scores[p], events_won[p], leftover[p]) for p in range(n)]
    if g.rug is not None:
        # Solo: the player must beat Rugwort outright; every tie goes to him.
        h, r = g.humans[0], g.rug
        win = scores[h] > scores[r]
        ranks_all = [0] * n
        ranks_all[h], ranks_all[r] = (1, 2) if win else (2, 1)
    else:
        ranks_all = list(rank_by(keys))
    seats = range(g.seat_count)
    ranks = tuple(ranks_all[s] for s in seats)
    details = {
        "breakdown": parts,
        "tie_break": ["events", "leftover_resources"],
        "forest": list(g.forest),
        "special_events": list(g.special_events),
    }
    if g.rug is not None:
        details["rugwort"] = {"year": g.year, "score": scores[g.rug], "won": ranks_all[g.humans[0]] == 1}
    return Result(
        scores=tuple(scores[s] for s in seats),
        ranks=ranks,
        turns=tuple(g.players[s].turns for s in seats),
        winners=tuple(s for s in seats if ranks[s] == 1),
        details=details,
    )
