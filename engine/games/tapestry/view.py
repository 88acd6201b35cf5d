"""What a seat may see: everything public, plus its own hand and private offers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.tapestry import capital as cap
from engine.games.tapestry.scoring import exposed

if TYPE_CHECKING:
    from engine.games.tapestry.game import TapestryGame


def player_view(g: TapestryGame, seat: int, own: bool) -> dict[str, Any]:
    p = g.players[seat]
    rows, cols = cap.complete_lines(p.grid)
    out: dict[str, Any] = {
        "seat": seat,
        "vp": p.vp,
        "resources": dict(p.res),
        "civilizations": list(p.civs),
        "capital": p.capital,
        "grid": ["".join(r) for r in p.grid],
        "complete_rows": rows,
        "complete_columns": cols,
        "districts": sorted(p.districts),
        "tracks": {t: list(v) for t, v in p.tracks.items()},
        "positions": {t: p.pos(t) for t in p.tracks},
        "maxed": list(p.maxed),
        "income_turns": p.income_turns,
        "finished": p.finished,
        "income_mat": dict(p.on_mat),
        "buildings": dict(p.placed),
        "beside_capital": list(p.beside),
        "exposed": exposed(g, seat),
        "landmarks": list(p.landmarks),
        "landmark_spots": [list(x) for x in p.landmark_spots],  # grid cells "L" belong to these
        "deferred_landmarks": list(p.deferred),  # gained, placed at the end of the turn
        "hand_count": len(p.hand),
        "tapestry_mat": [[c if up else None for c, up in pile] for pile in p.mat],
        "era_card": p.era_card,
        "territory_tiles": sorted(p.tiles),
        "space_tiles": sorted(p.space),
        "explored_space": list(p.explored_space),
        "tech": {c: r for c, r in sorted(p.tech.items())},
        "outposts": p.outposts,
        "achievements": list(p.achievements),
        "civ_state": {k: v for k, v in sorted(p.civ.items()) if k not in ("offer", "capital_offer", "spies:peek", "merfolk:under", "collectors:card")},
        "merfolk_under": len(p.civ.get("merfolk:under") or []),  # how many, never which
        "turns": p.turns,
        "trap_policy": p.trap_policy,
    }
    flipped = sorted(c for c in p.tech if c in g.flipped)
    if flipped:  # single-use tech cards used up (Fantasies & Futures)
        out["tech_flipped"] = flipped
    if g.arts_on:  # masterpieces lie face up on the mat; a spent single-use one face down
        out["masterpieces"] = [list(m) for m in p.art.get("masterpieces", [])]
        out["landmarks_on_cards"] = dict(sorted(p.art.get("on_card", {}).items()))
    if g.content.modules:  # the expansion modules' public state (absent from plain games' views)
        out["charms"] = p.charms
        out["reserved"] = list(p.reserved)
        # kept face down until everyone has drafted
        out["landmark_card"] = p.landmark_card if own or g.landmark_cards_shown else None
        if out["landmark_card"] is not None:  # how far the goal is: [count, have, need] per condition
            from engine.games.tapestry.modules.play import goal_count

            goal = g.content.landmark_cards[p.landmark_card].goal if p.landmark_card else []
            out["landmark_goal"] = [[c.count, goal_count(g, seat, c.count), c.at_least] for c in goal]
        out["landmark_card_done"] = p.landmark_card_done
        out["advanced_capital"] = p.advanced
        out["overlay"] = p.overlay
    if own:
        out["hand"] = sorted(p.hand)
        if p.civ.get("collectors:card"):
            out["collectors_card"] = p.civ["collectors:card"]
        if p.civ.get("merfolk:under"):
            out["merfolk_under_cards"] = sorted(p.civ["merfolk:under"])
        if "spies:peek" in p.civ:  # the Spies' last look at a neighbour's hand: [seat, cards]
            out["spies_peek"] = list(p.civ["spies:peek"])
        if "offer" in p.civ:
            out["civ_offer"] = list(p.civ["offer"])
            out["capital_offer"] = list(p.civ["capital_offer"])
    return out


def build(g: TapestryGame, seat: int | None) -> dict[str, Any]:
    sites = []
    all_sites = g.sites
    for h in g.hexes:
        s = all_sites[h]
        if s.tile is None and not s.pieces and not s.tokens:
            continue
        pieces = s.pieces
        sites.append(
            {
                "hex": [h[0], h[1]],
                "tile": s.tile,
                "rotation": s.rot,
                "printed": s.printed,
                "pieces": [list(x) for x in pieces] if pieces else [],
                "tokens": list(s.tokens),
                "buildings": [list(x) for x in s.buildings] if s.buildings else [],
                "controller": s.controller() if pieces else None,
            }
        )
    arts = {"masterpiece_row": list(g.mp_row), "masterpiece_deck": len(g.mp_deck)} if g.arts_on else {}
    return {
        **arts,
        "game": "tapestry",
        "seat": seat,
        "players": [player_view(g, s, own=s == seat) for s in range(g.n)],
        "map": "small" if g.small else "large",
        "sites": sites,
        "tech_row": list(g.tech_row),
        "tech_deck": len(g.tech_deck),
        "tapestry_deck": len(g.tapestry_deck),
        "tile_bag": len(g.tile_bag),
        "space_stack": len(g.space_stack),
        "landmarks_available": list(g.available_landmarks),
        "achievements": {k: list(v) for k, v in g.achievements.items()},
        "achievement_vp": {k: list(v) for k, v in g.achievement_vp.items()},
        "blocks": [list(b) for b in g.blocks],
        "current": g.current,
        "first": g.first,
        "finished": g.finished,
        **(
            {"modules": list(g.content.modules), "module_landmarks": list(g.module_landmarks)}
            if g.content.modules
            else {}
        ),
    }
