"""Tapestry's scenario adapter: the whole state (hidden parts included) as plain data."""

from __future__ import annotations

from typing import Any, cast

from engine.core.match import Match
from engine.games.tapestry.game import TapestryGame


class TapestryAdapter:
    ordered = frozenset({"tapestry_deck", "tech_deck", "tile_bag", "space_stack", "masterpiece_deck"})

    def state(self, match: Match) -> dict[str, Any]:
        g = cast(TapestryGame, match.game)
        return state(g)


def state(g: TapestryGame) -> dict[str, Any]:
    return {
        "players": [
            {
                "vp": p.vp,
                "resources": dict(p.res),
                "civs": list(p.civs),
                "capital": p.capital,
                "grid": ["".join(r) for r in p.grid],
                "tracks": {t: list(v) for t, v in p.tracks.items()},
                "maxed": list(p.maxed),
                "income_turns": p.income_turns,
                "finished": p.finished,
                "on_mat": dict(p.on_mat),
                "placed": dict(p.placed),
                "beside": list(p.beside),
                "landmarks": list(p.landmarks),
                "landmark_spots": [list(x) for x in p.landmark_spots],
                "deferred_landmarks": list(p.deferred),
                "hand": list(p.hand),
                "mat": [[list(c) for c in pile] for pile in p.mat],
                "era_card": p.era_card,
                "tiles": list(p.tiles),
                "space": list(p.space),
                "explored_space": list(p.explored_space),
                "tech": dict(p.tech),
                "outposts": p.outposts,
                "districts": list(p.districts),
                "achievements": list(p.achievements),
                "civ": dict(p.civ),
                "marker": dict(p.marker),
                "turns": p.turns,
                "trap_policy": p.trap_policy,
                **({"art": {k: v for k, v in sorted(p.art.items())}} if p.art else {}),
                **(
                    {
                        "charms": p.charms,
                        "charmed": p.charmed,
                        "reserved": list(p.reserved),
                        "landmark_card": p.landmark_card,
                        "landmark_card_done": p.landmark_card_done,
                        "advanced_capital": p.advanced,
                    }
                    if g.content.modules
                    else {}
                ),
            }
            for p in g.players
        ],
        "sites": [
            {"hex": list(h), "tile": s.tile, "rot": s.rot, "pieces": s.pieces, "tokens": s.tokens, "buildings": s.buildings}
            for h, s in ((h, g.sites[h]) for h in g.hexes)
        ],
        # decks top card first, as positions write them
        "tapestry_deck": g.tapestry_deck[::-1],
        "tapestry_discard": list(g.tapestry_discard),
        "tech_deck": g.tech_deck[::-1],
        "tech_row": list(g.tech_row),
        "tech_discard": list(g.tech_discard),
        "tile_bag": g.tile_bag[::-1],
        "space_stack": g.space_stack[::-1],
        "civ_deck": list(g.civ_deck),
        "landmarks": list(g.available_landmarks),
        **(
            {"module_landmarks": list(g.module_landmarks), "landmark_deck": list(g.landmark_deck)}
            if g.content.modules
            else {}
        ),
        "achievements": {k: list(v) for k, v in g.achievements.items()},
        **({"masterpiece_deck": g.mp_deck[::-1], "masterpiece_row": list(g.mp_row), "masterpiece_discard": list(g.mp_discard)} if g.arts_on else {}),
        "current": g.current,
        "rng": g.rng.getstate()[1][:4],
    }


ADAPTER = TapestryAdapter()
