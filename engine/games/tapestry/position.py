"""Described positions for tests and scenarios: a normal setup, then the listed fields replaced.

Position keys: `skip_setup` (no civilization/capital prompts: seats get `civ` and `capital`
from the position or the first of each deck), `current`, `players` (a list of per-seat
overrides: resources, vp, tracks, income_turns, hand, tiles, space, tech, on_mat, civs,
grid, outposts, civ_state, mat, era_card, marker, maxed, finished, achievements; with `arts`:
masterpieces, on_card), `tech_row`, `masterpiece_row`, `masterpiece_deck` (top first), `tapestry_deck` (top card first), `tile_bag` (top
first), `space_stack` (top first), `sites` (list of {hex, tile, rotation, pieces}).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.tapestry import capital as cap
from engine.games.tapestry.data import board

if TYPE_CHECKING:
    from engine.games.tapestry.game import TapestryGame


def apply(g: TapestryGame, pos: dict[str, Any]) -> None:
    caps = {c.number: c for c in board().capitals}
    if pos.get("skip_setup"):
        g.first = int(pos.get("first", 0))
        pairs = [(1, 6), (2, 4), (3, 5)]
        for p in g.players:
            spec = (
                (pos.get("players") or [{}] * g.n)[p.seat] if p.seat < len(pos.get("players") or []) else {}
            )
            p.capital = int(spec.get("capital", pairs[p.seat][0] if g.small else p.seat + 1))
            p.grid = cap.parse(caps[p.capital].grid)
            p.civs = list(spec.get("civs", []))
            if g.small:
                pair = next(pr for pr in pairs if p.capital in pr)
                start = g.starts["/".join(str(x) for x in pair)]
            else:
                start = g.large_start(p.capital)
            g.sites[start].pieces.extend([[p.seat, True, "outpost"], [p.seat, True, "outpost"]])
            p.civ["start"] = list(start)
            from engine.games.tapestry import civs as civ_rules

            for civ in p.civs:
                # the civilization's starting state; one that would ask something when gained
                # (Mystics' predictions) takes its state from `civ_state` instead
                flow = civ_rules.on_gain(g, p.seat, civ, starting=True)
                try:
                    next(flow)
                    flow.close()
                except StopIteration:
                    pass
    for p, spec in zip(g.players, pos.get("players") or [], strict=False):
        for k, v in (spec.get("resources") or {}).items():
            p.res[k] = int(v)
        if "vp" in spec:
            p.vp = int(spec["vp"])
        for t, v in (spec.get("tracks") or {}).items():
            p.tracks[t] = list(v) if isinstance(v, list) else [int(v)]
        for key in ("income_turns", "outposts"):
            if key in spec:
                setattr(p, key, int(spec[key]))
        # what a civilization drew when gained (Advisors, Aliens, Recyclers...) goes back when the
        # position lists the player's cards, tiles or tech itself
        back: dict[str, list[Any]] = {"hand": g.tapestry_deck, "tiles": g.tile_bag, "space": g.space_stack}
        for key in ("hand", "tiles", "space"):
            if key in spec:
                back[key].extend(getattr(p, key))
                setattr(p, key, list(spec[key]))
        if "tech" in spec:
            g.tech_deck.extend(p.tech)
            p.tech = {k: int(v) for k, v in spec["tech"].items()}
        for k, v in (spec.get("on_mat") or {}).items():
            p.placed[k] += p.on_mat[k] - int(v)
            p.on_mat[k] = int(v)
        if spec.get("on_mat") and "artificers:rows" in p.civ:  # their mat follows the counts
            from engine.games.tapestry import artificers

            del p.civ["artificers:rows"]
            artificers.ensure(p)
        if "grid" in spec:
            p.grid = cap.parse(spec["grid"])
        p.civ.update(spec.get("civ_state") or {})
        if "mat" in spec:  # tapestry piles by era, bottom card first: [card, face_up]
            p.mat = [[[c[0], bool(c[1])] for c in pile] for pile in spec["mat"]]
            p.mat += [[] for _ in range(4 - len(p.mat))]
        if "era_card" in spec:
            p.era_card = spec["era_card"]
        if "landmark_card" in spec:  # the expansion modules (modules/): the card kept at setup
            p.landmark_card = spec["landmark_card"]
        if "charmed" in spec:  # a charmed tapestry card laid earlier (F&F)
            p.charmed = bool(spec["charmed"])
        if "reserved" in spec:
            p.reserved = list(spec["reserved"])
        if "overlay" in spec:  # an income-mat overlay of the set (F&F)
            p.overlay = spec["overlay"]
        if "advanced_capital" in spec:  # the grid comes from the set unless `grid` says otherwise
            p.advanced = spec["advanced_capital"]
            if "grid" not in spec:
                p.grid = cap.parse(g.content.capitals[p.advanced].grid)
        p.marker.update(spec.get("marker") or {})
        p.maxed = list(spec.get("maxed", p.maxed))
        p.finished = bool(spec.get("finished", p.finished))
        if "masterpieces" in spec:  # Arts & Architecture: [id, flipped] or a bare id
            p.art["masterpieces"] = [[m, False] if isinstance(m, str) else [m[0], bool(m[1])] for m in spec["masterpieces"]]
        if "on_card" in spec:  # landmarks standing on tech cards: card -> landmark
            p.art["on_card"] = dict(spec["on_card"])
            for name in spec["on_card"].values():
                _take(g.available_landmarks, name)
                p.landmarks.append(name)
        for kind in spec.get("achievements") or []:  # taken earlier: the top slot goes, its VP is in `vp`
            p.achievements.append(kind)
            g.achievements[kind].append(p.seat)
            g.achievement_vp[kind].pop(0)
    # components a position hands out leave their decks, so every component exists once
    for p in g.players:
        for card in p.hand + [c for pile in p.mat for c, _ in pile]:
            _take(g.tapestry_deck, card)
        for card in p.tech:
            _take(g.tech_deck, card) or _take(g.tech_row, card)
        for tile in p.tiles:
            _take(g.tile_bag, tile)
        for tile in p.space:
            _take(g.space_stack, tile)
    for s in pos.get("sites") or []:
        if "tile" in s:
            _take(g.tile_bag, int(s["tile"]))
    if "tech_row" in pos:
        g.tech_deck.extend(g.tech_row)
        g.tech_row = []
        for card in pos["tech_row"]:
            _take(g.tech_deck, card)
            g.tech_row.append(card)
    # listed cards and tiles go on top (top first), the rest of the deck stays below them
    for key in ("tapestry_deck", "tile_bag", "space_stack"):
        if key in pos:
            deck = getattr(g, key)
            top = list(pos[key])
            for item in top:
                _take(deck, item)
            deck.extend(reversed(top))
    for s in pos.get("sites") or []:
        site = g.sites[(s["hex"][0], s["hex"][1])]
        if "tile" in s:
            site.tile = int(s["tile"])
            site.rot = int(s.get("rotation", 0))
        if "pieces" in s:
            site.pieces = [list(x) for x in s["pieces"]]
    held = [m for p in g.players for m, _ in p.art.get("masterpieces", [])]
    for m in held:
        _take(g.mp_deck, m) or _take(g.mp_row, m)
    if "masterpiece_row" in pos:
        g.mp_deck.extend(g.mp_row)
        g.mp_row = []
        for m in pos["masterpiece_row"]:
            _take(g.mp_deck, m)
            g.mp_row.append(m)
    if "masterpiece_deck" in pos:  # top first
        top = list(pos["masterpiece_deck"])
        for m in top:
            _take(g.mp_deck, m)
        g.mp_deck.extend(reversed(top))
    if g.arts_on:  # a masterpiece a position handed out leaves a gap in the row
        from engine.games.tapestry.arts import refill

        while len(g.mp_row) < 3 and g.mp_deck:
            refill(g)
    if "landmarks_available" in pos:
        g.available_landmarks = list(pos["landmarks_available"])


def _take(deck: list[Any], item: Any) -> bool:
    """Remove one copy of `item` from a deck if it is there."""
    if item in deck:
        deck.remove(item)
        return True
    return False
